"""A pod whose own switches come from two tiers with different uplinks: every leaf
reaches every spine alike, yet the spines are not interchangeable, and a cut parts them.
Counted by hand and confirmed by the reference (figures, cut and pair capacities)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from model.design import Design
from model.elements import (
    Building,
    Island,
    LinkBundle,
    Pattern,
    RackGroup,
    Role,
    Scope,
    SwitchTier,
)
from tests.reference import builders
from tests.reference.expand import expand
from tests.reference.slow_metrics import bisection_milp
from tests.reference.test_engine_vs_reference import _compare


def two_spine_tiers(fast_up: int, slow_up: int) -> Design:
    """Two islands under a campus core of 2 switches. Each island: 4 racks of 4
    one-GPU servers (400G to the rack's leaf); each leaf 2 × 100G to a tier of 2 spines
    and 2 × 100G to another tier of 2 spines; the first tier's spines have ``fast_up``
    × 100G uplinks to the core, the second's ``slow_up``."""
    d = Design()
    d.add_parts(builders.plain_catalog(servers_per_rack=4))
    d.add(Building(id="b", name="b", capacity_kw=100))
    d.add(SwitchTier(id="core", name="core", switch="sw", count=2, role=Role.CORE,
                     building="b", scope=Scope.CAMPUS))
    for i in ("i", "j"):
        d.add(Island(id=i, name=i, building="b"))
        d.add(RackGroup(id=f"{i}-racks", name="racks", island=i, rack_type="r", count=4))
        d.add(SwitchTier(id=f"{i}-leaf", name="leaf", switch="sw", count=4, island=i))
        for tier, up in (("fast", fast_up), ("slow", slow_up)):
            d.add(SwitchTier(id=f"{i}-{tier}", name=tier, switch="sw", count=2,
                             role=Role.SPINE, island=i))
            d.add(LinkBundle(id=f"{i}-leaf-{tier}", name="leaf-spine", lower=f"{i}-leaf",
                             upper=f"{i}-{tier}", links_per_member=2, speed_gbps=100))
            d.add(LinkBundle(id=f"{i}-{tier}-core", name="spine-core", lower=f"{i}-{tier}",
                             upper="core", links_per_member=up, speed_gbps=100))
        d.add(LinkBundle(id=f"{i}-down", name="down", lower=f"{i}-racks",
                         upper=f"{i}-leaf", links_per_member=1, speed_gbps=400,
                         pattern=Pattern.RACK))
    return d


def test_spines_with_unequal_uplinks_are_parted(compute_all: Callable[..., Any]) -> None:
    """8 and 2 uplinks. Island i and the core on side A, island j on B: j's fast spines
    cross to A and cut their 4 downlinks each (8 × 100G) rather than their 16 uplinks,
    its slow spines stay and cut their 4 uplinks: 1,200 Gb/s. Spines standing together
    could do no better than 1,600 (all 16 downlinks, or 16 + 4 uplinks)."""
    d = two_spine_tiers(8, 2)
    assert bisection_milp(expand(d)).gbps == 1200.0
    b = compute_all(d).bisection
    assert b.exact
    assert b.gbps == pytest.approx(1200.0)


@pytest.mark.parametrize(("fast", "slow"), [(8, 2), (2, 8), (6, 2), (4, 4)])
def test_unequal_uplinks_match_the_reference(compute_all: Callable[..., Any], fast: int,
                                             slow: int) -> None:
    """Every figure, the cut, and the island pair capacities against the reference."""
    _compare(compute_all, two_spine_tiers(fast, slow), check_cut=True, require_exact=True)
