"""Hypothesis strategy for small hierarchical designs, built through the model's own
operations (``Design.add``) with parts defined here (not the shipped catalog).

Shapes drawn: 1–3 buildings; 1–4 islands spread over them (uneven sizes); per island
1–2 rack groups of 1–4 racks × 1–4 servers × 1/2/4/8 accelerators, with 1 NIC, half,
as many, or twice as many NICs as accelerators, and scale-up domains of 1, one server
or 2–3 servers; a leaf tier per rack group (or one shared) wired ``rail``, ``spread``
or ``rack``; an island spine when an island has several leaf tiers (or by chance),
sometimes with a second spine tier beside it whose uplinks are drawn apart; no core, a
campus core, building cores, or building cores under a campus core; sometimes an
island's rack groups are not listed one after the other.
Link counts sometimes deal evenly and sometimes not; link speeds 100/200/400 G; media
none, passive copper or optical. Optionally (``frontend``) a frontend-plane tier per
island fed by the servers' frontend NICs; optionally (``allow_global``) one global
bundle between two top tiers, which makes the design non-hierarchical; without
``shared_nics`` every server has at least one NIC per accelerator. At most
``max_accelerators`` accelerators and ``max_switches`` switches so the reference MILP
stays quick.

:func:`heterogeneous_campuses` draws campuses of islands that differ in chip, size and
oversubscription under one core, whose rail planes reach different parts of the core.
"""

from __future__ import annotations

from hypothesis import strategies as st

from model.design import Design, DesignSettings
from model.elements import (
    Building,
    Island,
    LinkBundle,
    Pattern,
    Plane,
    RackGroup,
    Role,
    Scope,
    SwitchTier,
)
from model.parts import Catalog, MediumKind, RackType, ServerType
from tests.reference.builders import SRC, accelerator, medium, switch_model

SPEEDS = (100.0, 200.0, 400.0)


def _base_catalog() -> Catalog:
    return Catalog(
        accelerators=(accelerator("acc", 700.0),),
        switches=(switch_model("sw", 1024, 400, 650.0, 400.0),),
        media=(
            medium("dac", MediumKind.DAC, 400, 0.0),
            medium("optic", MediumKind.OPTICAL, 400, 12.5),
        ),
    )


class _Builder:
    """Draw state: the design, and what is left of the size budgets."""

    def __init__(self, draw: st.DrawFn, max_accelerators: int, max_switches: int):
        self.draw = draw
        self.acc_left = max_accelerators
        self.sw_left = max_switches
        self.n = 0
        self.shared_nics = True

    def next_id(self, prefix: str) -> str:
        self.n += 1
        return f"{prefix}{self.n}"

    def links(self) -> dict[str, object]:
        """Speed and medium of a bundle."""
        return {
            "speed_gbps": self.draw(st.sampled_from(SPEEDS)),
            "medium": self.draw(st.sampled_from([None, "dac", "optic"])),
        }

    def tier_count(self, most: int) -> int:
        most = max(1, min(most, self.sw_left))
        count = self.draw(st.integers(1, most))
        self.sw_left -= count
        return count


def _rack_group(b: _Builder, d: Design, island: str) -> tuple[RackGroup, ServerType, int]:
    """A rack group with its own server and rack type; returns it, its server, S."""
    draw = b.draw
    accs = draw(st.sampled_from([a for a in (1, 2, 4, 8) if a <= b.acc_left]))
    nic_choices = {1, max(1, accs // 2), accs, 2 * accs}
    if not b.shared_nics:
        nic_choices = {n for n in nic_choices if n >= accs}
    nics = draw(st.sampled_from(sorted(nic_choices)))
    domain_kind = draw(st.sampled_from(["one", "server", "servers"]))
    domain = {"one": 1, "server": accs, "servers": accs * draw(st.integers(2, 3))}[domain_kind]
    per_rack = draw(st.integers(1, max(1, min(4, b.acc_left // accs))))
    racks = draw(st.integers(1, max(1, min(4, b.acc_left // (accs * per_rack)))))
    b.acc_left -= accs * per_rack * racks
    gid = b.next_id("g")
    server = ServerType(
        id=f"srv-{gid}", name="server", vendor="test", accelerator="acc",
        accelerators_per_server=accs, nic_count=nics,
        nic_speed_gbps=400, frontend_nic_count=draw(st.integers(1, 2)),
        scale_up_domain=domain,
        scale_up_bandwidth_gbps=900, max_power_w=draw(st.sampled_from([1000.0, 6500.0, 10200.0])),
        source=SRC,
    )
    rack = RackType(
        id=f"rt-{gid}", name="rack", server=server.id, servers_per_rack=per_rack,
        power_budget_kw=50, overhead_w=draw(st.sampled_from([0.0, 350.0])), source=SRC,
    )
    d.add_parts(Catalog(servers=(server,), rack_types=(rack,)))
    group = RackGroup(id=gid, name="racks", island=island, rack_type=rack.id, count=racks)
    d.add(group)
    return group, server, racks * per_rack


def _leaf_for(
    b: _Builder, d: Design, island: str, group: RackGroup, *, server: ServerType, servers: int
) -> str:
    """A new leaf tier for ``group``, wired rail, spread or rack."""
    draw = b.draw
    pattern = draw(st.sampled_from([Pattern.SPREAD, Pattern.RAIL, Pattern.RACK]))
    nics = server.nic_count
    if pattern is Pattern.RAIL:
        choices = list(range(1, nics + 1))
        choices += [nics * blocks for blocks in range(2, servers + 1) if servers % blocks == 0]
        choices = [n for n in choices if n <= max(1, b.sw_left) and n <= 8]
        count = draw(st.sampled_from(choices))
        b.sw_left -= count
        links = draw(st.sampled_from(sorted({1, nics, 2 * nics, max(1, nics - 1)})))
    elif pattern is Pattern.RACK:
        per_rack = draw(st.integers(1, 2))
        if group.count * per_rack > b.sw_left:
            per_rack = 1
        count = group.count * per_rack
        b.sw_left -= count
        links = draw(st.integers(1, 3))
    else:
        count = b.tier_count(4)
        links = draw(st.integers(1, 4))
    tier = SwitchTier(id=b.next_id("leaf"), name="leaf", switch="sw", count=count,
                      role=Role.LEAF, island=island)
    d.add(tier)
    d.add(LinkBundle(id=b.next_id("bl"), name="to leaf", lower=group.id, upper=tier.id,
                     links_per_member=links, pattern=pattern, **b.links()))  # type: ignore[arg-type]
    return tier.id


def _up(b: _Builder, d: Design, lower: str, upper: str, most_links: int = 4) -> None:
    d.add(LinkBundle(id=b.next_id("bu"), name="up", lower=lower, upper=upper,
                     links_per_member=b.draw(st.integers(1, most_links)), **b.links()))  # type: ignore[arg-type]


@st.composite
def hierarchical_designs(
    draw: st.DrawFn,
    max_accelerators: int = 48,
    max_switches: int = 40,
    allow_global: bool = False,
    frontend: bool = False,
    shared_nics: bool = True,
) -> Design:
    """A small hierarchical design (see the module docstring)."""
    b = _Builder(draw, max_accelerators, max_switches)
    b.shared_nics = shared_nics
    settings = DesignSettings(allowance_pct=draw(st.sampled_from([0.0, 10.0, 12.5])))
    d = Design(name="random", settings=settings)
    d.add_parts(_base_catalog())
    n_buildings = draw(st.integers(1, 3))
    for k in range(n_buildings):
        d.add(Building(id=f"b{k}", name=f"B{k}", capacity_kw=draw(st.sampled_from([50.0, 5e3])),
                       pue=draw(st.sampled_from([1.0, 1.2, 1.35]))))
    n_islands = draw(st.integers(1, 4))
    tops: dict[str, list[str]] = {}
    for k in range(n_islands):
        if b.acc_left < 1 or b.sw_left < 1:
            break
        building = "b0" if k == 0 else f"b{draw(st.integers(0, n_buildings - 1))}"
        island = f"i{k}"
        d.add(Island(id=island, name=island, building=building))
        leaves: list[str] = []
        groups: list[str] = []
        for g in range(draw(st.integers(1, 2))):
            if b.acc_left < 1 or b.sw_left < 1:
                break
            group, server, servers = _rack_group(b, d, island)
            groups.append(group.id)
            if g == 1 and draw(st.booleans()):
                d.add(LinkBundle(id=b.next_id("bl"), name="to shared leaf", lower=group.id,
                                 upper=leaves[0], links_per_member=draw(st.integers(1, 3)),
                                 **b.links()))  # type: ignore[arg-type]
            else:
                leaves.append(_leaf_for(b, d, island, group, server=server, servers=servers))
        top = leaves
        if b.sw_left >= 1 and (len(leaves) > 1 or draw(st.booleans())):
            spine = SwitchTier(id=b.next_id("spine"), name="spine", switch="sw",
                               count=b.tier_count(4), role=Role.SPINE, island=island)
            d.add(spine)
            for leaf in leaves:
                _up(b, d, leaf, spine.id)
            top = [spine.id]
            if b.sw_left >= 1 and draw(st.integers(0, 3)) == 0:
                # a second spine tier beside the first: the pod's own switches then come
                # from two tiers whose uplinks are drawn apart
                second = SwitchTier(id=b.next_id("spine"), name="spine", switch="sw",
                                    count=b.tier_count(3), role=Role.SPINE, island=island)
                d.add(second)
                for leaf in leaves:
                    _up(b, d, leaf, second.id)
                top.append(second.id)
        tops.setdefault(building, []).extend(top)
        if frontend and b.sw_left >= 1 and draw(st.booleans()):
            front = SwitchTier(id=b.next_id("front"), name="frontend", switch="sw",
                               count=b.tier_count(2), island=island, plane=Plane.FRONTEND)
            d.add(front)
            for gid in groups:
                _up(b, d, gid, front.id, 2)
    core = draw(st.sampled_from(["none", "campus", "building", "building+campus"]))
    if core in ("building", "building+campus"):
        building_cores = []
        for building, top in tops.items():
            if b.sw_left < 1:
                break
            tier = SwitchTier(id=b.next_id("bcore"), name="core", switch="sw",
                              count=b.tier_count(3), role=Role.CORE, scope=Scope.BUILDING,
                              building=building)
            d.add(tier)
            building_cores.append(tier.id)
            for t in top:
                _up(b, d, t, tier.id, 3)
        tops = {"": building_cores}
    if core in ("campus", "building+campus") and b.sw_left >= 1:
        tier = SwitchTier(id=b.next_id("ccore"), name="campus core", switch="sw",
                          count=b.tier_count(3), role=Role.SUPER_SPINE, scope=Scope.CAMPUS,
                          building=f"b{draw(st.integers(0, n_buildings - 1))}")
        d.add(tier)
        for top in tops.values():
            for t in top:
                _up(b, d, t, tier.id, 3)
    if allow_global:
        flat = [t for top in tops.values() for t in top]
        if len(flat) >= 2:
            lower, upper = draw(st.permutations(flat))[:2]
            d.add(LinkBundle(id=b.next_id("gl"), name="global", lower=lower, upper=upper,
                             links_per_member=draw(st.integers(1, 2)),
                             pattern=Pattern.GLOBAL, **b.links()))  # type: ignore[arg-type]
    _maybe_interleave(draw, d)
    return d


def _maybe_interleave(draw: st.DrawFn, d: Design) -> None:
    """Sometimes move an island's first rack group (and its bundles) to the end of the
    design's lists, so that island's groups are no longer listed one after the other
    (the engine must not assume they are)."""
    islands = [g.island for g in d.rack_groups.values()]
    movable = [g.id for g in d.rack_groups.values()
               if islands.count(g.island) >= 2 and len(set(islands)) >= 2]
    if movable and draw(st.booleans()):
        for _, _, element in reversed(d.remove(movable[0]).items):
            d.add(element)


@st.composite
def heterogeneous_campuses(draw: st.DrawFn) -> Design:
    """A small campus of islands that differ in chip, size and oversubscription under
    one campus core, drawn the way :mod:`tests.reference.campuses` draws the 100K one:
    per island a server of its own (one of two accelerators, 1, 2 or 4 of them with a
    NIC each), 1–3 racks of 1–2 servers, a leaf per rail (``rail``), s spines per rail
    plane reached by ``spread`` (s links per leaf, so each leaf reaches its own plane;
    or, sometimes, every spine), and u uplinks per spine ``spread`` over n cores, u
    drawn per island (1, 2 or 4), so islands' planes reach different parts of the
    core; sometimes every island's leaves go straight to the core (all islands or
    none, so that no link skips a level). At most 48 accelerators and 40 switches."""
    d = Design(name="heterogeneous")
    d.add_parts(Catalog(
        accelerators=(accelerator("acc", 700.0), accelerator("acc2", 1000.0)),
        switches=(switch_model("sw", 1024, 400, 650.0, 400.0),),
        media=(medium("optic", MediumKind.OPTICAL, 400, 12.5),),
    ))
    n_buildings = draw(st.integers(1, 3))
    for k in range(n_buildings):
        d.add(Building(id=f"b{k}", name=f"B{k}", capacity_kw=5e3))
    cores = draw(st.sampled_from([1, 2, 4]))
    d.add(SwitchTier(id="core", name="core", switch="sw", count=cores, role=Role.CORE,
                     scope=Scope.CAMPUS, building="b0"))
    left_acc, left_sw = 48, 40 - cores
    with_spines = draw(st.integers(0, 4)) > 0
    for i in range(draw(st.integers(2, 4))):
        accs = draw(st.sampled_from([a for a in (1, 2, 4) if a <= left_acc] or [0]))
        per_plane = draw(st.sampled_from([1, 2]))
        if not accs or left_sw < accs * (1 + per_plane * with_spines):
            break
        per_rack = draw(st.integers(1, 2))
        racks = draw(st.integers(1, max(1, min(3, left_acc // (accs * per_rack)))))
        left_acc -= accs * per_rack * racks
        server = ServerType(
            id=f"srv{i}", name="server", vendor="test",
            accelerator=draw(st.sampled_from(["acc", "acc2"])), accelerators_per_server=accs,
            nic_count=accs, nic_speed_gbps=400, frontend_nic_count=1, scale_up_domain=accs,
            scale_up_bandwidth_gbps=900, max_power_w=6500.0, source=SRC)
        rack = RackType(id=f"rt{i}", name="rack", server=server.id,
                        servers_per_rack=per_rack, power_budget_kw=50, source=SRC)
        d.add_parts(Catalog(servers=(server,), rack_types=(rack,)))
        island = f"i{i}"
        d.add(Island(id=island, name=island, building=f"b{draw(st.integers(0, n_buildings - 1))}"))
        d.add(RackGroup(id=f"g{i}", name="racks", island=island, rack_type=rack.id,
                        count=racks))
        speed = draw(st.sampled_from(SPEEDS))
        d.add(SwitchTier(id=f"leaf{i}", name="leaf", switch="sw", count=accs, island=island))
        d.add(LinkBundle(id=f"rails{i}", name="rails", lower=f"g{i}", upper=f"leaf{i}",
                         links_per_member=accs, speed_gbps=speed, pattern=Pattern.RAIL,
                         medium="optic"))
        left_sw -= accs
        top = f"leaf{i}"
        if with_spines:
            spines = accs * per_plane
            left_sw -= spines
            d.add(SwitchTier(id=f"spine{i}", name="spine", switch="sw", count=spines,
                             role=Role.SPINE, island=island))
            links = spines if draw(st.integers(0, 3)) == 0 else per_plane
            d.add(LinkBundle(id=f"ls{i}", name="leaf-spine", lower=f"leaf{i}",
                             upper=f"spine{i}", links_per_member=links, speed_gbps=speed,
                             medium="optic"))
            top = f"spine{i}"
        d.add(LinkBundle(id=f"up{i}", name="to core", lower=top, upper="core",
                         links_per_member=draw(st.sampled_from([1, 2, 4])),
                         speed_gbps=draw(st.sampled_from(SPEEDS)), medium="optic"))
    return d
