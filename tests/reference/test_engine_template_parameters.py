"""Every hierarchical template away from its defaults: the bisection is exact and equals
the closed form of the design the template follows, derived by hand per template and
evaluated on counts read from the drawn design (never from the engine).

The parameter sets include the ones for which ``ai-zones`` used to draw rack switches
whose uplinks overlapped unevenly (its bisection was then only bounded) and the
``leaf-spine`` shapes the template now accepts. Two sweeps of 663 and 543 random
parameter sets over all five hierarchical templates found every bisection exact; these
are the ones kept as tests, small enough to run in seconds.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from model.design import Design
from tests.reference.compare import template

LINK_GBPS = 400.0


def links(design: Design, bundle_id: str) -> int:
    """Links of a switch-to-switch bundle, counted from the design."""
    bundle = design.bundles[bundle_id]
    return design.tiers[bundle.lower].count * bundle.links_per_member


def assert_half_the_uplinks(compute_all: Callable[..., Any], design: Design,
                            uplink_bundles: list[str]) -> None:
    """An even number of equal blocks (pods, islands) each with full bisection inside
    and oversubscribed uplinks (counted from the design's bundles): the cheapest halves
    are whole blocks, the tier above with one half, so the cut is the other half's
    uplinks, exactly."""
    uplinks = {links(design, b) for b in uplink_bundles}
    assert len(uplinks) == 1 and len(uplink_bundles) % 2 == 0
    m = compute_all(design)
    assert m.bisection.exact
    assert m.bisection.gbps == pytest.approx(
        len(uplink_bundles) // 2 * uplinks.pop() * LINK_GBPS, rel=1e-12)


AI_ZONES = [
    {"pods": 12, "racks_per_pod": 251, "gpus_per_rack": 8, "agg_oversubscription": 6.0},
    {"pods": 10, "racks_per_pod": 126, "gpus_per_rack": 56, "agg_oversubscription": 4.0},
    {"pods": 6, "racks_per_pod": 266, "gpus_per_rack": 40, "agg_oversubscription": 12.7},
    {"pods": 4, "racks_per_pod": 374, "gpus_per_rack": 8, "agg_oversubscription": 7.0},
    {"pods": 2, "racks_per_pod": 19, "gpus_per_rack": 8, "agg_oversubscription": 6.0},
]


@pytest.mark.parametrize("params", AI_ZONES, ids=str)
def test_ai_zones_bisection_is_half_the_pods_uplinks(
    compute_all: Callable[..., Any], params: dict[str, Any]
) -> None:
    """An even number of pods, each with full bisection inside and oversubscribed
    uplinks: the cheapest halves are whole pods, the aggregation tier with one half,
    so the cut is the other half's uplinks: pods/2 × c·u × 400 Gb/s."""
    d = template("ai-zones").build(**params)
    assert_half_the_uplinks(compute_all, d, [f"pod-{p}-ctsw-atsw"
                                             for p in range(1, params["pods"] + 1)])


LEAF_SPINE = [
    {"leaves": 496, "down": 192, "up": 64, "spines": 64, "speed_gbps": 200.0},
    {"leaves": 12, "down": 65, "up": 12, "spines": 6, "speed_gbps": 100.0},
    {"leaves": 40, "down": 24, "up": 96, "spines": 32, "speed_gbps": 400.0},
    {"leaves": 10, "down": 8, "up": 16, "spines": 4, "speed_gbps": 100.0},
    {"leaves": 128, "down": 48, "up": 3, "spines": 3, "speed_gbps": 100.0},
]


@pytest.mark.parametrize("params", LEAF_SPINE, ids=str)
def test_leaf_spine_bisection_is_half_the_leaves_narrower_side(
    compute_all: Callable[..., Any], params: dict[str, Any]
) -> None:
    """An even number of leaves, each reaching every spine: half the leaves with their
    hosts on each side, the spines on one, crosses the other half's uplinks; when a
    leaf has fewer hosts than uplinks, leaving the leaves with the spines and moving
    half the hosts crosses their host links instead. So leaves/2 × min(down, up) ×
    speed."""
    d = template("leaf-spine").build(**params)
    m = compute_all(d)
    assert m.bisection.exact
    expected = params["leaves"] // 2 * min(params["down"], params["up"]) * params["speed_gbps"]
    assert m.bisection.gbps == pytest.approx(expected, rel=1e-12)


SUPERPOD = [
    {"sus": 3, "system": "dgx-h100"},
    {"sus": 9, "system": "dgx-h100"},
    {"sus": 31, "system": "dgx-b200"},
    {"sus": 64, "system": "dgx-h100"},
    {"sus": 17, "system": "gb200-nvl72"},
    {"sus": 144, "system": "gb200-nvl72"},
]


@pytest.mark.parametrize("params", SUPERPOD, ids=str)
def test_superpod_is_non_blocking_at_any_size(
    compute_all: Callable[..., Any], params: dict[str, Any]
) -> None:
    """NVIDIA's compute fabric is non-blocking (rail-optimized, 1:1 at every tier), two
    tiers or three: the bisection is the full N/2 × injection."""
    m = compute_all(template("superpod").build(**params))
    assert m.bisection.exact
    assert m.bisection.fraction_of_full == pytest.approx(1.0, rel=1e-12)


@pytest.mark.parametrize("sus", [9, 144])
def test_gb200_superpod_hops_by_hand(compute_all: Callable[..., Any], sus: int) -> None:
    """Three tiers of GB200 NVL72 SUs, counted by hand. An SU is 8 racks of 18 trays of
    4 GPUs (576), each rack one NVLink domain of 72; tray t's GPU i reaches leaf
    4·(t ÷ 72) + i, so each of the 8 leaves holds 72 GPUs, 18 in each of 4 racks. Every
    leaf reaches every spine of its SU, and spine j of every SU reaches the core
    switches spine j of any other SU reaches: 1 switch between GPUs on one leaf, 3 within
    an SU, 5 between SUs. Pairs inside one rack are scale-up pairs."""
    m = compute_all(template("superpod").build(sus=sus, system="gb200-nvl72"))
    per_su, domain, per_leaf, leaves = 576, 72, 72, 8

    def pairs(n: int) -> int:
        return n * (n - 1) // 2

    scale_up = per_su // domain * pairs(domain)
    one = leaves * (pairs(per_leaf) - per_leaf // 18 * pairs(18))
    three = pairs(per_su) - scale_up - one
    five = per_su * per_su * pairs(sus)
    assert m.hops.scale_up_pairs == sus * scale_up
    assert m.hops.histogram == {1: sus * one, 3: sus * three, 5: five}
    assert m.hops.unreachable_pairs == 0
    assert sum(m.hops.histogram.values()) + m.hops.scale_up_pairs == pairs(sus * per_su)


ISLANDS = [
    {"islands": 4, "gpus_per_island": 2816, "oversubscription": 2.0, "buildings": 1},
    {"islands": 6, "gpus_per_island": 11264, "oversubscription": 7.0, "buildings": 3},
    {"islands": 12, "gpus_per_island": 512, "oversubscription": 11.0, "buildings": 1},
    {"islands": 2, "gpus_per_island": 4096, "oversubscription": 1.0, "buildings": 2},
]


@pytest.mark.parametrize("params", ISLANDS, ids=str)
def test_islands_bisection_is_half_the_islands_uplinks(
    compute_all: Callable[..., Any], params: dict[str, Any]
) -> None:
    """An even number of full-bisection islands under an oversubscribed core: half the
    islands' uplinks to the core (all of the injection when the core is 1:1)."""
    d = template("islands").build(**params)
    assert_half_the_uplinks(compute_all, d, [f"island-{i}-spine-core"
                                             for i in range(1, params["islands"] + 1)])
