"""Small campuses in the shape of :func:`tests.reference.campuses.reequipped_islands_campus`
— rail-optimized islands whose rail blocks are partly filled, under one core — small
enough for the reference's integer program to take seconds.

Each island has servers of 2 accelerators (a NIC each, so 2 rails), one server per rack,
its leaves in rail blocks (``rail``: servers dealt over the blocks, the last block taking
what is left, so 5 servers over 2 blocks give leaves of 2 and 3 accelerators), a spine
plane per rail (``spread``: leaf j reaches the spines of plane j mod 2) and u uplinks per
spine ``spread`` over 4 cores (a plane of p spines reaches p·u of them). Islands differ in
accelerator, servers, blocks, spines per plane and u, so units of coprime sizes stand
beside each other (the bisection's grid is one accelerator) and the core's switches are
not alike.
"""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import strategies as st

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
from model.parts import Catalog, MediumKind, RackType, ServerType
from tests.reference.builders import SRC, accelerator, medium, switch_model

CORES = 4


@dataclass(frozen=True)
class RailIsland:
    """One island: its accelerator (``acc`` or ``acc2``), servers, rail blocks, spines
    per plane and uplinks per spine."""

    accelerator: str
    servers: int
    blocks: int
    per_plane: int
    uplinks: int


def rail_campus(islands: tuple[RailIsland, ...], buildings: int = 2) -> Design:
    """The campus of ``islands`` under one core of :data:`CORES` switches (module doc)."""
    d = Design(name="rail campus")
    d.add_parts(Catalog(
        accelerators=(accelerator("acc", 700.0), accelerator("acc2", 1000.0)),
        switches=(switch_model("sw", 1024, 400, 650.0, 400.0),),
        media=(medium("optic", MediumKind.OPTICAL, 400, 12.5),),
    ))
    for k in range(buildings):
        d.add(Building(id=f"b{k}", name=f"B{k}", capacity_kw=5e3))
    d.add(SwitchTier(id="core", name="core", switch="sw", count=CORES, role=Role.CORE,
                     scope=Scope.CAMPUS, building="b0"))
    for i, spec in enumerate(islands):
        server = ServerType(
            id=f"srv{i}", name="server", vendor="test", accelerator=spec.accelerator,
            accelerators_per_server=2, nic_count=2, nic_speed_gbps=400,
            frontend_nic_count=1, scale_up_domain=2, scale_up_bandwidth_gbps=900,
            max_power_w=6500.0, source=SRC)
        rack = RackType(id=f"rt{i}", name="rack", server=server.id, servers_per_rack=1,
                        power_budget_kw=50, source=SRC)
        d.add_parts(Catalog(servers=(server,), rack_types=(rack,)))
        island = f"i{i}"
        d.add(Island(id=island, name=island, building=f"b{i % buildings}"))
        d.add(RackGroup(id=f"g{i}", name="racks", island=island, rack_type=rack.id,
                        count=spec.servers))
        d.add(SwitchTier(id=f"leaf{i}", name="leaf", switch="sw", count=2 * spec.blocks,
                         island=island))
        d.add(LinkBundle(id=f"rails{i}", name="rails", lower=f"g{i}", upper=f"leaf{i}",
                         links_per_member=2, speed_gbps=400, pattern=Pattern.RAIL,
                         medium="optic"))
        d.add(SwitchTier(id=f"spine{i}", name="spine", switch="sw",
                         count=2 * spec.per_plane, role=Role.SPINE, island=island))
        d.add(LinkBundle(id=f"ls{i}", name="leaf-spine", lower=f"leaf{i}",
                         upper=f"spine{i}", links_per_member=spec.per_plane,
                         speed_gbps=400, medium="optic"))
        d.add(LinkBundle(id=f"up{i}", name="to core", lower=f"spine{i}", upper="core",
                         links_per_member=spec.uplinks, speed_gbps=400, medium="optic"))
    return d


SCALED_DOWN = (
    RailIsland("acc", 4, 2, 2, 2),
    RailIsland("acc", 5, 2, 2, 2),    # a block partly filled: leaves of 2 and 3
    RailIsland("acc2", 4, 2, 2, 1),   # half the uplinks: a plane reaches half the core
    RailIsland("acc2", 3, 1, 1, 1),   # smaller, a plane reaching a quarter of the core
)
"""The re-equipped campus scaled down: a plane of p spines with u uplinks each reaches
p·u of the 4 cores (all of them for 2 × 2, as every plane of the full campus does);
equal islands, one left with a partly filled block, one with half the uplinks (of
another accelerator), one smaller with fewer still."""


@st.composite
def rail_campuses(draw: st.DrawFn) -> Design:
    """2–4 islands of :class:`RailIsland` drawn at random (at most 44 accelerators)."""
    islands = []
    for _ in range(draw(st.integers(2, 4))):
        blocks = draw(st.integers(1, 2))
        islands.append(RailIsland(
            accelerator=draw(st.sampled_from(["acc", "acc2"])),
            servers=draw(st.integers(blocks, 3 * blocks - 1 if blocks > 1 else 3)),
            blocks=blocks, per_plane=draw(st.integers(1, 2)),
            uplinks=draw(st.sampled_from([1, 2]))))
    return rail_campus(tuple(islands), buildings=draw(st.integers(1, 2)))
