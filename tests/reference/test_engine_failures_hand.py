"""Failures counted by hand: a leaf–spine with spines down, a k=4 fat-tree with a core
switch down, a rail-optimized SuperPOD unit with one rail leaf down, a 3-building
campus with one building dark. Each expected figure is worked out in the docstring."""

from __future__ import annotations

from collections.abc import Callable
from math import comb
from typing import Any

import pytest

from model.design import Design
from model.elements import Building, Island, LinkBundle, Pattern, RackGroup, Scope, SwitchTier
from model.errors import DesignError
from model.failures import Failure
from model.metrics import Engine
from model.parts import Catalog, MediumKind
from tests.reference import builders
from tests.reference.remove_failed import expand_failed
from tests.reference.slow_metrics import bisection_milp, hops


def _leaf_spine() -> Design:
    """4 racks × 4 single-GPU servers (one 400G NIC each), a leaf per rack (``rack``
    wiring, 400G), 4 spines; each leaf has one 100G uplink to every spine."""
    return builders.small_leaf_spine(racks=4, spines=4, uplinks=4)


def test_leaf_spine_one_spine_down(compute_all: Callable[..., Any]) -> None:
    """Healthy: the cheapest balanced cut puts two whole leaves (8 GPUs) on each side
    and every spine with one pair: the other pair's uplinks cross, 2 leaves × 4 spines
    × 100G = 800 Gb/s (splitting a leaf's GPUs costs 400G each, more than an uplink).
    One spine down: 2 leaves × 3 spines × 100G = 600 = ¾ of healthy. Paths keep 3
    switches (leaf, spine, leaf); the failed spine still draws its 100 W."""
    d = _leaf_spine()
    healthy = compute_all(d)
    assert healthy.bisection.gbps == pytest.approx(2 * 4 * 100)
    failed = compute_all(d, failures=[Failure(element="spine", count=1)])
    assert failed.bisection.gbps == pytest.approx(2 * 3 * 100)
    assert failed.bisection.gbps == pytest.approx(0.75 * healthy.bisection.gbps)
    assert failed.bisection.exact
    assert failed.hops.max == 3 and failed.hops.unreachable_pairs == 0
    assert failed.power.it_kw == pytest.approx(healthy.power.it_kw)
    assert failed.inventory.switches_by_tier["spine"] == 3
    assert failed.inventory.installed.switches_by_tier["spine"] == 4
    assert [str(text) for text in failed.failures.down] == ["1 of 4 switches of 'spine'"]
    # in the reader's language, rendered where it is read (the GUI's, not the engine's)
    assert [text.render("zh_CN") for text in failed.failures.down] == [
        "'spine' 的 4 台交换机中的 1 台"]
    assert failed.failures.links_down_by_bundle == {"up": 4}


def test_leaf_spine_every_spine_down(compute_all: Callable[..., Any]) -> None:
    """All 4 spines down: each leaf is an island of 4 GPUs. Pairs on different leaves
    cannot reach each other: C(16,2) − 4·C(4,2) = 120 − 24 = 96; a cut of two whole
    leaves a side crosses nothing."""
    failed = compute_all(_leaf_spine(), failures=[Failure(element="spine")])
    assert failed.hops.unreachable_pairs == comb(16, 2) - 4 * comb(4, 2) == 96
    assert failed.bisection.gbps == 0.0
    assert any(p.code == "disconnected" for p in failed.problems)
    assert failed.failures.accelerators_stranded == 0  # every GPU still reaches its leaf


def test_leaf_spine_leaf_down_strands_its_rack(compute_all: Callable[..., Any]) -> None:
    """Leaf 2 down: rack 2's 4 GPUs have no link left (stranded, with a problem naming
    the rack group); their pairs with the 12 others are unreachable: 4·12 + C(4,2) = 54
    (servers hold one GPU, so the rack's own pairs are cut off too)."""
    failed = compute_all(_leaf_spine(), failures=[Failure(element="leaf", members=(2,))])
    assert failed.failures.accelerators_stranded == 4
    assert failed.failures.stranded_by_group == {"g": 4}
    assert failed.hops.unreachable_pairs == 4 * 12 + comb(4, 2)
    assert any(p.code == "stranded" and p.element_id == "g" for p in failed.problems)


def test_fat_tree_one_core_down(compute_all: Callable[..., Any]) -> None:
    """k=4 fat-tree, 10G: 16 hosts, healthy bisection 8 × 10 = 80 (two pods a side,
    their 8 aggregation–core links cross). Core switch 0 down takes one uplink from
    aggregation switch 0 of every pod: two pods' 6 remaining uplinks cross, 60 Gb/s.
    Every aggregation switch keeps a core, so every path keeps its length: the
    histogram is the healthy one (hosts 1, 3, 5 switches apart)."""
    d = builders.fat_tree(4)
    failed = compute_all(d, failures=[Failure(element="core", count=1)])
    assert failed.bisection.gbps == pytest.approx(2 * 3 * 10)
    assert failed.bisection.exact
    assert {int(h): n for h, n in failed.hops.histogram.items() if n} == \
        builders.fat_tree_histogram(4)
    assert failed.inventory.switches_by_tier["core"] == 3


def test_superpod_rail_leaf_down(compute_all: Callable[..., Any]) -> None:
    """One SuperPOD unit: 32 DGX (8 GPUs, NIC i → rail leaf i). Leaf 0 down: GPU 0 of
    every server has no scale-out link left — 32 GPUs stranded. They still reach their
    own server's GPUs over NVLink (scale-up pairs, unchanged), but no GPU of another
    server: 32 × 31·7 pairs with the others' linked GPUs + C(32,2) among themselves =
    6,944 + 496 = 7,440 unreachable. The other rails are untouched: GPUs of one rail
    on different servers stay 1 switch apart, of different rails 3."""
    d = builders.superpod(sus=1)
    healthy = compute_all(d)
    failed = compute_all(d, failures=[Failure(element="leaf0", count=1)])
    assert failed.failures.accelerators_stranded == 32
    assert failed.hops.unreachable_pairs == 32 * 31 * 7 + comb(32, 2) == 7440
    assert failed.hops.scale_up_pairs == healthy.hops.scale_up_pairs
    assert failed.hops.max == 3
    assert failed.hops.histogram[1] == 7 * comb(32, 2)  # same rail, other server
    assert failed.inventory.accelerators == 256  # installed, powered, but cut off


def _three_buildings() -> Design:
    """3 buildings, each an island of 2 racks × 2 single-GPU servers under 2 leaves
    (``rack``), each leaf 2 × 400G optical uplinks (10 W a module) to a 2-switch
    campus core standing in building 0."""
    d = Design(name="three halls")
    d.add_parts(builders.plain_catalog(servers_per_rack=2))
    d.add_parts(Catalog(media=(builders.medium("optic", MediumKind.OPTICAL, 400, 10.0),)))
    for k in range(3):
        d.add(Building(id=f"b{k}", name=f"Hall {k}", capacity_kw=1e3))
    d.add(SwitchTier(id="core", name="core", switch="sw", count=2, scope=Scope.CAMPUS,
                     building="b0"))
    for k in range(3):
        d.add(Island(id=f"i{k}", name=f"I{k}", building=f"b{k}"))
        d.add(RackGroup(id=f"g{k}", name="racks", island=f"i{k}", rack_type="r", count=2))
        d.add(SwitchTier(id=f"leaf{k}", name="leaf", switch="sw", count=2, island=f"i{k}"))
        d.add(LinkBundle(id=f"down{k}", name="down", lower=f"g{k}", upper=f"leaf{k}",
                         links_per_member=1, speed_gbps=400, pattern=Pattern.RACK))
        d.add(LinkBundle(id=f"up{k}", name="up", lower=f"leaf{k}", upper="core",
                         links_per_member=2, speed_gbps=400, medium="optic"))
    return d


def test_campus_one_building_dark(compute_all: Callable[..., Any]) -> None:
    """Hall 2 dark: its island, rack group and leaves are gone and it draws nothing
    (0 kW); 8 of 12 GPUs work. Hall 0 still draws for every core-side module — the 4
    links from hall 2's leaves end in powered core switches: 12 × 10 W — plus its own
    leaves' 4 modules: 160 W, as when healthy; hall 1 is unchanged. Halls 0 and 1 are
    joined by 1,600 Gb/s (4 GPUs × 400G on either side, and 4 uplinks × 400G)."""
    d = _three_buildings()
    healthy = compute_all(d)
    failed = compute_all(d, failures=[Failure(element="b2")])
    assert failed.power.buildings["b2"].it_kw == 0.0
    assert failed.power.buildings["b0"].transceivers_kw == pytest.approx(0.16)
    assert failed.power.buildings["b1"].it_kw == pytest.approx(
        healthy.power.buildings["b1"].it_kw)
    assert failed.inventory.accelerators == 8
    assert failed.inventory.installed.accelerators == 12
    assert set(failed.failures.dark) == {"b2", "i2", "g2", "leaf2"}
    assert [(p.a, p.b, p.gbps) for p in failed.building_pairs] == [("b0", "b1", 1600.0)]
    assert failed.compute.by_building["b2"] == 0.0
    assert [str(text) for text in failed.failures.down] == ["'Hall 2' (whole)"]
    assert [text.render("zh_CN") for text in failed.failures.down] == ["'Hall 2'（整体）"]


def test_failures_are_checked_first(compute_all: Callable[..., Any]) -> None:
    """A failure that does not fit the design is refused with a message naming it."""
    d = _leaf_spine()
    with pytest.raises(DesignError, match="no element"):
        compute_all(d, failures=[Failure(element="nope")])
    with pytest.raises(DesignError, match="5 of 'spine' cannot fail: it has 4"):
        compute_all(d, failures=[Failure(element="spine", count=5)])
    with pytest.raises(DesignError, match="no member 16"):
        compute_all(d, failures=[Failure(element="up", members=(16,))])


def test_failures_never_serve_healthy_figures(compute_all: Callable[..., Any]) -> None:
    """Failures are part of every cache key: a failure after the healthy run gets its
    own figures, different failures different ones, the same failure said two ways the
    same; clearing the failures returns the healthy figures remembered."""
    d = _leaf_spine()
    healthy = compute_all(d)
    one = compute_all(d, failures=[Failure(element="spine", count=1)])
    two = compute_all(d, failures=[Failure(element="spine", count=2)])
    same = compute_all(d, failures=[Failure(element="spine", members=(0,))])
    again = compute_all(d)
    assert (healthy.bisection.gbps, one.bisection.gbps, two.bisection.gbps) == \
        pytest.approx((800, 600, 400))
    assert same.bisection.gbps == pytest.approx(600)
    assert again.bisection is healthy.bisection  # remembered, not recomputed
    assert again.failures is None and again.inventory.installed is None


def test_twin_switches_down_share_their_figures(compute_all: Callable[..., Any]) -> None:
    """Every spine of the leaf–spine reaches every leaf once: the spines are twins, and
    failing spine 2 is failing spine 0 renamed — the figures are remembered from the
    first (the same objects), and they are right for spine 2 (600 Gb/s, checked against
    the reference). Leaves are not twins (each has its own rack): failing leaf 1 after
    leaf 0 is computed anew; and neither are two failed spines against one."""
    d = _leaf_spine()
    first = compute_all(d, failures=[Failure(element="spine", members=(0,))])
    twin = compute_all(d, failures=[Failure(element="spine", members=(2,))])
    assert twin.bisection is first.bisection and twin.hops is first.hops
    assert twin.bisection.gbps == pytest.approx(600)
    ex = expand_failed(d, [Failure(element="spine", members=(2,))])
    assert bisection_milp(ex).gbps == pytest.approx(600)
    assert [str(text) for text in twin.failures.down] == ["1 of 4 switches of 'spine'"]
    two = compute_all(d, failures=[Failure(element="spine", members=(1, 3))])
    assert two.bisection is not first.bisection
    assert two.bisection.gbps == pytest.approx(400)
    leaf0 = compute_all(d, failures=[Failure(element="leaf", members=(0,))])
    leaf1 = compute_all(d, failures=[Failure(element="leaf", members=(1,))])
    assert leaf1.hops is not leaf0.hops


def test_core_switches_of_different_classes(compute_all: Callable[..., Any]) -> None:
    """k=4 fat-tree: aggregation switch j of every pod reaches cores 2j and 2j+1, so
    cores {0, 1} and {2, 3} are two classes of twins. Core 1 down is core 0 down
    renamed (remembered); core 2 down is computed, and its figures equal the
    reference's."""
    d = builders.fat_tree(4)
    zero = compute_all(d, failures=[Failure(element="core", members=(0,))])
    one = compute_all(d, failures=[Failure(element="core", members=(1,))])
    two = compute_all(d, failures=[Failure(element="core", members=(2,))])
    assert one.bisection is zero.bisection
    assert two.bisection is not zero.bisection
    for failed in (one, two):
        assert failed.bisection.gbps == pytest.approx(60)
    ex = expand_failed(d, [Failure(element="core", members=(1,))])
    assert hops(ex).histogram == {int(h): n for h, n in one.hops.histogram.items() if n}


@pytest.mark.parametrize("failure", [
    Failure(element="core", count=1), Failure(element="hosts0", count=1),
    Failure(element="a-c0", count=2), Failure(element="b1")])
def test_counted_only_designs_take_failures_out(compute_all: Callable[..., Any],
                                                failure: Failure) -> None:
    """A plane too large to list its links is counted per member: under failures its
    links, accelerators and power are those of the listed plane (k=4 fat-tree, both
    ways; for these failures the counts are exact)."""
    d = builders.fat_tree(4)
    listed = compute_all(d, failures=[failure])
    counted = Engine(max_resolved_links=1).compute_all(d, failures=[failure])
    # the network figures are not computed at that size (unless nothing is left)
    assert counted.not_computed or not counted.inventory.accelerators
    assert counted.inventory.links_by_bundle == listed.inventory.links_by_bundle
    assert counted.inventory.accelerators == listed.inventory.accelerators
    assert counted.power.it_kw == pytest.approx(listed.power.it_kw)
    assert counted.failures.links_down_by_bundle == listed.failures.links_down_by_bundle
