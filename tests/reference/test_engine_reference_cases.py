"""The engine on every case of REFERENCE.md (R1–R4), built by hand through the model's
operations (tests/reference/builders.py) and via the shipped templates once they land.

Tolerances are REFERENCE.md's: exact figures exactly, R3 power ±5 %, R4 bisection ±2 %,
R4 server power ±5 %. Hop histograms of the hand-built cases are also checked against
hand counts written out below.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from math import comb
from typing import Any

import pytest

from model.design import Design
from model.elements import Role
from tests.reference import builders
from tests.reference.compare import prefix_crossing, template
from tests.reference.expand import expand


def switches_by_role(design: Design, m: Any) -> Counter[Role]:
    """Engine's switch counts per tier, summed by tier role."""
    out: Counter[Role] = Counter()
    for tier_id, count in m.inventory.switches_by_tier.items():
        out[design.tiers[tier_id].role] += count
    return out


# ------------------------------------------------------------------------ R1
def _check_r1(design: Design, m: Any, r: float) -> None:
    assert m.inventory.accelerators == 16
    roles = switches_by_role(design, m)
    assert sorted(roles.values()) == [4, 8, 8]
    assert sum(roles.values()) == 20
    assert sum(m.inventory.links_by_bundle.values()) == 48
    assert m.bisection.exact
    assert m.bisection.gbps == pytest.approx(8 * r, rel=1e-12)
    assert m.bisection.fraction_of_full == pytest.approx(1.0, rel=1e-12)
    assert dict(m.hops.histogram) == {1: 8, 3: 16, 5: 96}
    assert m.hops.max == 5
    assert m.hops.mean == pytest.approx(67 / 15, rel=1e-12)


def test_r1_fat_tree_k4_by_hand(compute_all: Callable[..., Any]) -> None:
    d = builders.fat_tree(4, speed_gbps=100)
    m = compute_all(d)
    _check_r1(d, m, 100)
    roles = switches_by_role(d, m)
    assert (roles[Role.LEAF], roles[Role.AGGREGATION], roles[Role.CORE]) == (8, 8, 4)
    # the engine's cut, its groups' first members on side A, crosses what it says
    assert prefix_crossing(expand(d), d, m.bisection) == pytest.approx(m.bisection.gbps)


def test_r1_fat_tree_k4_template(compute_all: Callable[..., Any]) -> None:
    d = template("fat-tree").build(k=4, speed_gbps=100)
    _check_r1(d, compute_all(d), 100)


# ------------------------------------------------------------------------ R2
def _check_r2(design: Design, m: Any) -> None:
    assert m.inventory.accelerators == 27_648
    roles = sorted(switches_by_role(design, m).values())
    assert roles == [576, 1152, 1152]
    assert sum(m.inventory.links_by_bundle.values()) == 82_944
    assert m.bisection.exact
    assert m.bisection.gbps == pytest.approx(138_240.0, rel=1e-12)
    assert m.bisection.fraction_of_full == pytest.approx(1.0, rel=1e-12)
    assert m.hops.max == 5
    assert m.hops.mean == pytest.approx((23 + 552 * 3 + 27_072 * 5) / 27_647, rel=1e-12)
    assert m.hops.mean == pytest.approx(4.95674, abs=5e-6)


def test_r2_fat_tree_k48_by_hand(compute_all: Callable[..., Any]) -> None:
    d = builders.fat_tree(48, speed_gbps=10)
    _check_r2(d, compute_all(d))


def test_r2_fat_tree_k48_template(compute_all: Callable[..., Any]) -> None:
    d = template("fat-tree").build(k=48, speed_gbps=10)
    _check_r2(d, compute_all(d))


# ------------------------------------------------------------------------ R3
SU_SCALE_UP = 128 * comb(8, 2)  # the 8 GPUs of one DGX share NVLink
SU_SAME_RAIL = 4 * 8 * comb(32, 2)  # same SU, same rail, another DGX: one leaf


def _check_r3(design: Design, m: Any) -> None:
    assert m.inventory.accelerators == 1024
    assert m.inventory.servers == 128
    roles = switches_by_role(design, m)
    assert roles[Role.LEAF] == 32 and roles[Role.SPINE] == 16
    assert sum(roles.values()) == 48
    assert m.bisection.gbps == pytest.approx(204_800.0, rel=1e-12)
    assert m.bisection.fraction_of_full == pytest.approx(1.0, rel=1e-12)
    assert m.hops.max == 3
    assert m.hops.scale_up_pairs == SU_SCALE_UP
    three = comb(1024, 2) - SU_SCALE_UP - SU_SAME_RAIL
    assert dict(m.hops.histogram) == {1: SU_SAME_RAIL, 3: three}
    servers_kw = sum(b.servers_kw for b in m.power.buildings.values())
    switches_kw = sum(b.switches_kw for b in m.power.buildings.values())
    assert servers_kw == pytest.approx(1305.6, rel=0.05)
    assert switches_kw == pytest.approx(82.56, rel=0.05)


def test_r3_superpod_by_hand(compute_all: Callable[..., Any]) -> None:
    d = builders.superpod(4)
    m = compute_all(d)
    _check_r3(d, m)
    assert m.bisection.exact
    links = m.inventory.links_by_bundle
    assert sum(links[f"g-l{u}"] for u in range(4)) == 1024
    assert sum(links[f"l-s{u}"] for u in range(4)) == 1024
    # exact by construction of the hand build: no optics, no allowance
    b = m.power.buildings["dc"]
    assert b.servers_kw == pytest.approx(1305.6, rel=1e-12)
    assert b.switches_kw == pytest.approx(82.56, rel=1e-12)
    assert b.it_kw == pytest.approx(1388.16, rel=1e-12)
    assert b.facility_kw == pytest.approx(1388.16 * 1.25, rel=1e-12)
    assert prefix_crossing(expand(d), d, m.bisection) == pytest.approx(m.bisection.gbps)


def test_r3_superpod_optics_by_hand(compute_all: Callable[..., Any]) -> None:
    """2,048 links with a 10 W module at each end: 40.96 kW of transceivers."""
    d = builders.superpod(4, optics=True)
    m = compute_all(d)
    assert m.power.buildings["dc"].transceivers_kw == pytest.approx(40.96, rel=1e-12)
    assert m.inventory.transceivers_by_medium == {"osfp400": 4096}


def test_r3_superpod_template(compute_all: Callable[..., Any]) -> None:
    d = template("superpod").build(sus=4)
    _check_r3(d, compute_all(d))


# ------------------------------------------------------------------------ R4
POD_GPUS = 3072


def _check_r4(design: Design, m: Any) -> None:
    assert m.inventory.accelerators == 24_576
    assert m.inventory.racks == 1_536
    assert m.bisection.gbps == pytest.approx(702_000.0, rel=0.02)
    assert m.bisection.fraction_of_full == pytest.approx(1 / 7, rel=0.02)
    assert m.hops.max == 5
    servers_kw = sum(b.servers_kw for b in m.power.buildings.values())
    assert servers_kw == pytest.approx(31_300.0, rel=0.05)


def test_r4_meta_by_hand(compute_all: Callable[..., Any]) -> None:
    d = builders.meta_24k()
    m = compute_all(d)
    _check_r4(d, m)
    uplinks_gbps = 16 * builders.META_UPLINKS_PER_CTSW * 400  # per pod: 172.8 Tb/s
    assert uplinks_gbps == pytest.approx(POD_GPUS * 400 / 7, rel=0.02)
    assert m.bisection.exact
    assert m.bisection.gbps == pytest.approx(4 * uplinks_gbps, rel=1e-12)
    for pair in m.island_pairs:
        assert pair.gbps == pytest.approx(uplinks_gbps, rel=1e-12), pair
    assert len(m.island_pairs) == comb(8, 2)
    # hand counts (formula checked on small instances in test_reference_self.py)
    scale_up, histogram = builders.meta_histogram(8, 192)
    assert m.hops.scale_up_pairs == scale_up
    assert dict(m.hops.histogram) == histogram
    assert m.power.buildings["dc"].servers_kw == pytest.approx(3072 * 10.2, rel=1e-12)


def test_r4_ai_zones_template(compute_all: Callable[..., Any]) -> None:
    d = template("ai-zones").build()
    _check_r4(d, compute_all(d))
