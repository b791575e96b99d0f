"""The helpers the rail-optimized Clos templates share (model/templates/rail_clos.py),
against hand arithmetic: the core count is the smallest multiple of the step dividing a
group's uplinks that holds every link, and a rail island wires NIC i to leaf i."""

from __future__ import annotations

import pytest

from model.elements import Pattern, Role
from model.templates.builder import Builder, BuildingPlan
from model.templates.rail_clos import core_count, plural, rail_island


@pytest.mark.parametrize(("uplinks", "step", "links", "per_switch", "count"), [
    (960, 8, 960, 128, 8),  # one HPN pod: 7.5 switches → 8, and 8 divides 960
    (960, 8, 2 * 960, 128, 16),  # two pods: 15 → 16 (960 / 16 = 60)
    (960, 8, 16 * 960, 128, 120),  # sixteen: 120 (the multiples 8…112 are too few)
    (384 * 8, 8, 16 * 384, 128, 48),  # 16 super-nodes, 8 per building: 48 divides 3,072
    (100, 10, 1_000, 1, None),  # 1,000 switches needed, a group has only 100 uplinks
])
def test_core_count_by_hand(uplinks: int, step: int, links: int, per_switch: int,
                            count: int | None) -> None:
    assert core_count(uplinks, step, links, per_switch) == count


@pytest.mark.parametrize("pods", range(1, 65))
def test_core_count_with_step_one_is_the_next_power_of_two_for_megascale(pods: int) -> None:
    need = pods * 1024 // 64
    power = 1
    while power < need:
        power *= 2
    assert core_count(1024, 1, pods * 1024, 64) == power


def test_a_rail_island_wires_nic_i_to_leaf_i() -> None:
    b = Builder("t", "")
    b.use_rack_type("dgx-h100-x4")
    switch = b.use_switch("qm9700").id
    hall = b.building("h", "Hall", capacity_kw=1.0, plan=BuildingPlan(1, 300.0, 200.0, 0))
    made = rail_island(b, hall, (20.0, 30.0), island="i", title="Island", short="I",
                       rack_type="dgx-h100-x4", racks=2, switch=switch, leaves=8, links=8,
                       speed_gbps=400.0, medium=None, leaf=("tor", "ToR"))
    d = b.design
    assert (made.island, made.hosts, made.leaf) == ("i", "i-racks", "i-tor")
    assert d.rack_groups["i-racks"].name == "I racks" and d.rack_groups["i-racks"].count == 2
    tor = d.tiers["i-tor"]
    assert (tor.name, tor.count, tor.role, tor.island) == ("I ToR", 8, Role.LEAF, "i")
    rails = d.bundles["i-rails"]
    assert (rails.lower, rails.upper, rails.pattern) == ("i-racks", "i-tor", Pattern.RAIL)
    assert rails.links_per_member == 8 and rails.speed_gbps == 400.0


def test_plural() -> None:
    assert (plural(1, "pod"), plural(2, "pod")) == ("1 pod", "2 pods")
