"""Accelerators attached to one switch member form a unit, and the bisection treats a
unit's accelerators as interchangeable only when they are alike: in one island, with
equal capacity to the member. The engine decides that from the rack groups' bundles when
it can; these designs are the two ways it cannot take them as alike, counted by hand and
confirmed by the reference."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import model.metrics.bisection.units as engine_module
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
from model.metrics.representation.attachment import attachment_units
from model.metrics.representation.endpoints import build_endpoints
from model.metrics.representation.topology import resolve
from model.parts import Catalog, RackType, ServerType
from tests.reference import builders
from tests.reference.expand import expand
from tests.reference.slow_metrics import bisection_milp, hops, separation_gbps


def _parts(servers_per_rack: int) -> Catalog:
    """Servers of one accelerator with one NIC."""
    return Catalog(
        accelerators=(builders.accelerator(),),
        servers=(ServerType(id="s", name="s", vendor="t", accelerator="acc",
                            accelerators_per_server=1, nic_count=1, nic_speed_gbps=400,
                            scale_up_domain=1, scale_up_bandwidth_gbps=0, max_power_w=1000,
                            source="t"),),
        rack_types=(RackType(id="r", name="r", server="s", servers_per_rack=servers_per_rack,
                             power_budget_kw=9, source="t"),),
        switches=(builders.switch_model("sw", 64, 400, 100),),
    )


def _taken_as_alike(d: Design) -> bool:
    topo = resolve(d)
    ep = build_endpoints(topo)
    return engine_module._alike_by_blocks(topo, ep, attachment_units(ep)) is not None


def test_one_member_reached_at_two_speeds(compute_all: Callable[..., Any]) -> None:
    """One island: groups g and h, each one rack of 2 one-GPU servers with one link each,
    spread over leaves 0 and 1; g's links run at 100G, h's at 400G; each leaf has one
    400G link to a spine. Each leaf has one 100G and one 400G GPU: its unit is not alike.

    Bisection (halves of 2): g's two GPUs on A, every switch on B, crosses 2 × 100 =
    200 Gb/s; a leaf's pair on A crosses its 400G uplink; any other pair crosses more.
    Hops: the two GPUs of one leaf are 1 switch apart (2 pairs), the other 4 pairs 3.
    """
    d = Design()
    d.add_parts(_parts(2))
    d.add(Building(id="b", name="b", capacity_kw=100))
    d.add(Island(id="i", name="i", building="b"))
    d.add(SwitchTier(id="leaf", name="leaf", switch="sw", count=2, island="i"))
    d.add(SwitchTier(id="spine", name="spine", switch="sw", count=1, role=Role.SPINE,
                     island="i"))
    for group, gbps in (("g", 100.0), ("h", 400.0)):
        d.add(RackGroup(id=group, name=group, island="i", rack_type="r", count=1))
        d.add(LinkBundle(id=f"to-leaf-{group}", name="l", lower=group, upper="leaf",
                         links_per_member=1, speed_gbps=gbps, pattern=Pattern.SPREAD))
    d.add(LinkBundle(id="up", name="up", lower="leaf", upper="spine", links_per_member=1,
                     speed_gbps=400))
    assert not _taken_as_alike(d)
    ex = expand(d)
    assert bisection_milp(ex).gbps == 200.0
    assert hops(ex).histogram == {1: 2, 3: 4}
    m = compute_all(d)
    assert m.bisection.exact
    assert m.bisection.gbps == pytest.approx(200.0)
    assert dict(m.hops.histogram) == {1: 2, 3: 4}


def test_one_member_reached_from_two_islands(compute_all: Callable[..., Any]) -> None:
    """Islands X and Y of one building, each one group of 2 one-GPU racks, every GPU
    with one 400G link straight to one building-scoped switch: its one unit spans both
    islands.

    Bisection: 2 GPUs stand apart from the switch, 2 × 400 = 800 Gb/s. Hops: every pair
    1 switch (6 pairs). X–Y capacity: X's two links, 800 Gb/s.
    """
    d = Design()
    d.add_parts(_parts(1))
    d.add(Building(id="b", name="b", capacity_kw=100))
    d.add(SwitchTier(id="core", name="core", switch="sw", count=1, role=Role.CORE,
                     scope=Scope.BUILDING, building="b"))
    for x in "XY":
        d.add(Island(id=x, name=x, building="b"))
        d.add(RackGroup(id=f"g{x}", name="g", island=x, rack_type="r", count=2))
        d.add(LinkBundle(id=f"a{x}", name="a", lower=f"g{x}", upper="core",
                         links_per_member=1, speed_gbps=400))
    assert not _taken_as_alike(d)
    ex = expand(d)
    x_gpus = [a for a in ex.accelerators if a[1] == "gX"]
    y_gpus = [a for a in ex.accelerators if a[1] == "gY"]
    assert bisection_milp(ex).gbps == 800.0
    assert hops(ex).histogram == {1: 6}
    assert separation_gbps(ex, x_gpus, y_gpus) == 800.0
    m = compute_all(d)
    assert m.bisection.exact
    assert m.bisection.gbps == pytest.approx(800.0)
    assert dict(m.hops.histogram) == {1: 6}
    assert [(p.a, p.b, p.gbps) for p in m.island_pairs] == [("X", "Y", 800.0)]


def test_alike_units_are_taken_from_the_bundles() -> None:
    """The common case, for contrast: one group, one speed, links to its own island's
    leaves — decided from the bundles without comparing accelerators."""
    d = Design()
    d.add_parts(_parts(2))
    d.add(Building(id="b", name="b", capacity_kw=100))
    d.add(Island(id="i", name="i", building="b"))
    d.add(SwitchTier(id="leaf", name="leaf", switch="sw", count=2, island="i"))
    d.add(RackGroup(id="g", name="g", island="i", rack_type="r", count=2))
    d.add(LinkBundle(id="l", name="l", lower="g", upper="leaf", links_per_member=1,
                     speed_gbps=400, pattern=Pattern.SPREAD))
    assert _taken_as_alike(d)


def test_unit_split_across_two_groups(compute_all: Callable[..., Any]) -> None:
    """Groups g and h, each one rack of 3 one-GPU servers with one 400G link to the one
    leaf: a single unit of 6 GPUs reached by two bundles. The halves hold 3 GPUs each,
    so the unit is split: 3 GPUs stand apart from the leaf, 3 × 400 = 1,200 Gb/s."""
    d = Design()
    d.add_parts(_parts(3))
    d.add(Building(id="b", name="b", capacity_kw=100))
    d.add(Island(id="i", name="i", building="b"))
    d.add(SwitchTier(id="leaf", name="leaf", switch="sw", count=1, island="i"))
    for group in "gh":
        d.add(RackGroup(id=group, name=group, island="i", rack_type="r", count=1))
        d.add(LinkBundle(id=f"to-leaf-{group}", name="l", lower=group, upper="leaf",
                         links_per_member=1, speed_gbps=400))
    assert _taken_as_alike(d)
    assert bisection_milp(expand(d)).gbps == 1200.0
    b = compute_all(d).bisection
    assert b.exact
    assert b.gbps == pytest.approx(1200.0)
    assert b.cut.accelerators_a == 3
    assert b.cut.side_a["g"] + b.cut.side_a["h"] == 3
