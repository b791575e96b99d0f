"""Computing islands: full-bandwidth islands of DGX H100 joined by an oversubscribed
campus core, spread over several buildings. With its defaults this is the built-in
example campus (98,304 H100 in 4 buildings).

Each island is a rail-optimized, multi-plane two-tier Clos of QM9700 (64 × 400G):

- racks of 4 DGX H100; the servers' ``rail`` bundle (8 links per server) goes to a leaf
  tier of G/32 switches (G GPUs per island): servers form blocks of 32 and NIC i of a
  server in block b goes to leaf 8·b + i, so leaf j serves rail (plane) j mod 8;
- each leaf has 32 uplinks ``spread`` over a spine tier of P = 32·c spines (c the
  smallest of 1, 2, 4, 8 that leaves each spine room for its uplinks): leaf j, link l
  goes to spine (32·j + l) mod P, i.e. to the block of 32 spines numbered j mod c — for
  the defaults (c = 8, P = 256) exactly its own rail plane, one link to each of the
  plane's 32 spines, each spine taking 48 links down. An island is thus c separate
  *spine planes* (spines 32·p … 32·p + 31), which meet only above the island;
- each spine has u = round(G ÷ (oversubscription · P)) uplinks, U = P·u per island.

The islands are joined by one of two cores (see :func:`core_plan`):

- **one campus core tier** standing in the first building, n switches, n the smallest
  divisor of U that is a multiple of u (so every spine's links deal evenly) and holds
  every island's links (64 per core switch). Spine j, link l reaches core (u·j + l)
  mod n, the same switches in every island, so spine plane p reaches the cyclic
  interval of cores [32·p·u, 32·(p+1)·u) mod n. Used when these intervals join all
  planes (always when n ≤ 32·u). Defaults: 12 uplinks per spine, 3,072 per island
  (12,288 × 400G injection : 3,072 × 400G up = 4:1), 384 core switches, 32·u = 384.
- **two core levels** otherwise (more islands make n larger than a plane's interval, and
  the planes stop meeting; beyond 64 islands one tier cannot even hold the links,
  because every island's bundle lands on the same U switch numbers): every building
  holds its g = N/B islands and a building-scoped core tier of n₁ switches (the smallest
  divisor of U that is a multiple of u and takes at most 32 links, g·U/n₁ ≤ 32), each
  with d = g·U/n₁ links down and d up (non-blocking); a campus super-core of n₂
  switches in the first building takes every building core's uplinks ``spread``, n₂ the
  smallest divisor of g·U that is a multiple of d and holds all N·U links (64 each).
  Core k of a building reaches super-cores [d·k, d·k + d) mod n₂, so a plane reaches
  a cyclic interval of d times its cores' length — wide enough to join the planes.

A combination whose planes would still not meet is refused (:class:`DesignError`),
never emitted. Buildings share the islands evenly (island i in building ⌊i·B/N⌋), with
the given IT capacity and a PUE of 1.3; a 10 % allowance for storage and front-end
networks is set in the design settings.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from model.design import Design
from model.elements import Pattern, Role, Scope
from model.errors import DesignError
from model.i18n import Message, mark, message
from model.parts import Cooling
from model.templates.base import Param, Template
from model.templates.builder import Builder, BuildingPlan, island_size

RACK_TYPE = "dgx-h100-x4"
SWITCH = "qm9700"
RADIX = 64
HALF = RADIX // 2
RAILS = 8
SPEED_GBPS = 400.0
GPUS_PER_BLOCK = HALF * RAILS  # 32 servers × 8 GPUs under one group of 8 rail leaves
PUE = 1.3
ALLOWANCE_PCT = 10.0
MAX_ISLANDS = 256
MAX_BUILDINGS = 64


def _spine_shape(gpus: int, oversubscription: float) -> tuple[int, int] | None:
    """``(P, u)`` of the fewest spines that fit (None if none does)."""
    for c in (1, 2, 4, 8):
        spines = HALF * c
        down = gpus // spines
        up = max(1, round(gpus / (oversubscription * spines)))
        if down + up <= RADIX:
            return spines, up
    return None


def spine_plan(gpus: int, oversubscription: float) -> tuple[int, int]:
    """``(P, u)``: spines per island and uplinks per spine (see the module docstring).
    DesignError naming the most GPUs per island that fit: a spine's links down and up
    never fall as GPUs are added, so that is the largest whole number of blocks that
    fits."""
    shape = _spine_shape(gpus, oversubscription)
    if shape is not None:
        return shape
    most = 0
    while _spine_shape(most + GPUS_PER_BLOCK, oversubscription) is not None:
        most += GPUS_PER_BLOCK
    raise DesignError(message(
        "templates", "an island of {gpus:,} GPUs does not fit a two-tier Clos of"
        " {radix}-port switches at {oversubscription:g}:1; at most {most:,} GPUs per"
        " island", gpus=gpus, radix=RADIX, oversubscription=oversubscription, most=most))


def even_count(totals: Iterable[int], links: Iterable[int], least: int) -> int | None:
    """The smallest switch count n ≥ ``least`` over which ``spread`` bundles of ``totals``
    links, ``links`` per lower member, all deal evenly: n divides every total (every
    switch gets the same number of links from a bundle) and is a multiple or a divisor
    of every per-member count (a member's links land the same number of times on each
    switch they reach). None if there is none."""
    common = math.gcd(*totals)
    per_member = list(links)
    small = [d for d in range(1, math.isqrt(common) + 1) if common % d == 0]
    for n in sorted(set(small + [common // d for d in small])):
        if n >= least and all(n % k == 0 or k % n == 0 for k in per_member):
            return n
    return None


def reach(members: Iterable[int], links: int, n: int) -> set[int]:
    """Upper members reached by ``spread`` links from ``members``: link l of member j goes
    to (j·links + l) mod n, i.e. member j reaches the cyclic run of ``links`` switches
    from (j·links) mod n."""
    if links >= n:
        return set(range(n))
    out: set[int] = set()
    for j in members:
        start = j * links % n
        out.update(range(start, min(start + links, n)))
        out.update(range(0, start + links - n))
    return out


def planes_meet(spines: int, routes: Iterable[list[tuple[int, int]]]) -> bool:
    """Whether every spine plane (spines 32·p … 32·p + 31 of an island) lies in one
    connected network. Each route is the list of ``(links per member, switches)`` of the
    ``spread`` bundles going up from an island's spines to the one top tier they share
    (one route per kind of building). Islands of a kind use the same switch numbers, so
    two planes are joined exactly when a chain of planes sharing top switches links
    them."""
    tops: list[set[int]] = []
    for stages in routes:
        for p in range(spines // HALF):
            members: set[int] = set(range(HALF * p, HALF * (p + 1)))
            for links, n in stages:
                members = reach(members, links, n)
            tops.append(members)
    joined, rest = tops[0], tops[1:]
    while rest:
        meeting = [t for t in rest if t & joined]
        if not meeting:
            return False
        for t in meeting:
            joined = joined | t
        rest = [t for t in rest if not t & joined]
    return True


@dataclass(frozen=True)
class CorePlan:
    """The campus core: ``cores`` switches in one campus tier (``building_cores`` empty),
    or in every building a core tier of ``(switches, links)`` — ``links`` down per switch
    and as many up — under a campus super-core of ``cores`` switches."""

    cores: int
    building_cores: tuple[tuple[int, int], ...] = ()

    @property
    def two_levels(self) -> bool:
        """True for a core tier per building under a super-core."""
        return bool(self.building_cores)


def islands_per_building(islands: int, buildings: int) -> list[int]:
    """Islands in each building: island i (from 0) stands in building ⌊i·B/N⌋."""
    counts = [0] * buildings
    for i in range(islands):
        counts[i * buildings // islands] += 1
    return counts


def two_level_plan(islands: int, spines: int, up: int, buildings: int) -> CorePlan | None:
    """A core tier per building under a campus super-core, or None when no such core
    deals every bundle evenly, fits the ports and joins the spine planes."""
    uplinks = spines * up
    groups = islands_per_building(islands, buildings)
    if max(groups) > HALF:
        return None
    shape: dict[int, tuple[int, int]] = {}
    for g in sorted(set(groups)):
        n = even_count([uplinks], [up], math.ceil(g * uplinks / HALF))
        if n is None:  # pragma: no cover - n = U always qualifies when g ≤ 32
            return None
        shape[g] = (n, g * uplinks // n)
    supers = even_count(
        [g * uplinks for g in shape], [d for _, d in shape.values()],
        math.ceil(islands * uplinks / RADIX),
    )
    if supers is None:
        return None
    routes = [[(up, n), (d, supers)] for n, d in shape.values()]
    if not planes_meet(spines, routes):
        return None
    return CorePlan(supers, tuple(shape[g] for g in groups))


def core_plan(islands: int, spines: int, up: int, buildings: int) -> CorePlan:
    """The core joining ``islands`` islands of ``spines`` spines with ``up`` uplinks each
    over ``buildings`` buildings (see the module docstring); DesignError when no core of
    QM9700 joins them into one network with every bundle dealing evenly."""
    uplinks = spines * up
    single = even_count([uplinks], [up], math.ceil(islands * uplinks / RADIX))
    if single is not None and planes_meet(spines, [[(up, single)]]):
        return CorePlan(single)
    two = two_level_plan(islands, spines, up, buildings)
    if two is not None:
        return two
    why = message(
        "templates", "one campus core tier cannot hold the {uplinks:,} spine uplinks of"
        " {islands} islands", uplinks=islands * uplinks, islands=islands,
    ) if single is None else message(
        "templates", "one campus core tier of {switches:,} switches would leave the"
        " {planes} spine planes of the islands apart", switches=single,
        planes=spines // HALF)
    fits = [
        b for b in range(1, min(islands, MAX_BUILDINGS) + 1)
        if two_level_plan(islands, spines, up, b) is not None
    ]
    raise DesignError(message(
        "templates", "--islands {islands} over --buildings {buildings}: {why}, and a core"
        " tier in each building (at most {half} islands each) under a campus super-core"
        " cannot join them with every bundle dealing evenly; --buildings that work:"
        " {fits}", islands=islands, buildings=buildings, why=why, half=HALF,
        fits=runs(fits) or message("templates", "none (change --islands or"
                                   " --oversubscription)")))


def runs(numbers: list[int]) -> str:
    """Ascending numbers as text, runs of three or more joined: ``[2, 4, 16, 17, 18]``
    → "2, 4, 16–18"."""
    groups: list[list[int]] = []
    for number in numbers:
        if groups and number == groups[-1][-1] + 1:
            groups[-1].append(number)
        else:
            groups.append([number])
    parts: list[str] = []
    for run in groups:
        parts += [f"{run[0]}–{run[-1]}"] if len(run) > 2 else [str(k) for k in run]
    return ", ".join(parts)


def describe_islands(islands: int, gpus_per_island: int, oversubscription: float,
                     buildings: int, building_capacity_mw: float) -> Message:
    """The description of the campus these parameters build, in any language (the
    built-in example is described so in a Chinese window, as it is named)."""
    spines, up = spine_plan(gpus_per_island, oversubscription)
    island_uplinks = spines * up
    core = core_plan(islands, spines, up, buildings)
    servers = gpus_per_island // 8
    joined: Message
    if core.two_levels:
        kinds = [message("templates", "{n:,} ({d} links down, {d} up)", n=n, d=d)
                 for n, d in sorted(set(core.building_cores))]
        each = kinds[0]
        for kind in kinds[1:]:
            each = message("templates", "{one} or {other}", one=each, other=kind)
        joined = message("templates", "joined by a core tier of {each} QM9700 in each"
                         " building under a campus super-core of {cores:,} QM9700",
                         each=each, cores=core.cores)
    else:
        joined = message("templates", "joined by a campus core of {cores} QM9700",
                         cores=core.cores)
    where = message(
        "templates", "{buildings} building of {mw:g} MW IT", buildings=buildings,
        mw=building_capacity_mw) if buildings == 1 else message(
        "templates", "{buildings} buildings of {mw:g} MW IT", buildings=buildings,
        mw=building_capacity_mw)
    return message(
        "templates", "{islands} computing islands of {gpus:,} H100 ({servers:,} DGX H100 in"
        " {racks:,} racks), each a rail-optimized two-tier Clos of QM9700 ({leaves} leaves,"
        " {spines} spines), {joined}; island uplinks {uplinks:,} × 400G against"
        " {injection:,} × 400G injection ({ratio}:1). {where}; 10 % allowance for storage"
        " and front-end.", islands=islands, gpus=gpus_per_island, servers=servers,
        racks=servers // 4, leaves=gpus_per_island // HALF, spines=spines, joined=joined,
        uplinks=island_uplinks, injection=gpus_per_island,
        ratio=f"{gpus_per_island / island_uplinks:.3g}", where=where)


def build_islands(
    islands: int,
    gpus_per_island: int,
    oversubscription: float,
    buildings: int,
    building_capacity_mw: float,
) -> Design:
    """Islands of DGX H100 over buildings; see the module docstring."""
    if gpus_per_island % GPUS_PER_BLOCK:
        raise DesignError(message(
            "templates", "--gpus-per-island must be a multiple of {block} (32 DGX H100 under"
            " one group of 8 rail leaves), not {gpus_per_island:,}", block=GPUS_PER_BLOCK,
            gpus_per_island=gpus_per_island))
    if buildings > islands:
        raise DesignError(message("templates", "--buildings {buildings} is more than --islands"
                                  " {islands}", buildings=buildings, islands=islands))
    spines, up = spine_plan(gpus_per_island, oversubscription)
    leaves = gpus_per_island // HALF
    core = core_plan(islands, spines, up, buildings)
    servers = gpus_per_island // 8
    total = islands * gpus_per_island
    b = Builder(
        f"Campus of {total:,} H100 in {islands} islands",
        describe_islands(islands, gpus_per_island, oversubscription, buildings,
                         building_capacity_mw).render(),
    )
    b.use_rack_type(RACK_TYPE)
    b.use_switch(SWITCH)
    local = b.use_medium("optical-400g-osfp").id
    long_reach = b.use_medium("optical-400g-dr4").id
    b.design.update_settings(allowance_pct=ALLOWANCE_PCT)

    per_building = math.ceil(islands / buildings)
    plan = BuildingPlan(per_building, *island_size(2), tier_levels=2 if core.two_levels else 1)
    halls = [
        b.building(
            f"building-{n}", f"Building {n}",
            capacity_kw=building_capacity_mw * 1000, plan=plan, pue=PUE, cooling=Cooling.AIR,
        )
        for n in range(1, buildings + 1)
    ]
    if core.two_levels:
        top = b.wide_tier(
            "super-core", "Campus super-core", halls[0], plan=plan, switch=SWITCH,
            count=core.cores, role=Role.SUPER_SPINE, level=1, scope=Scope.CAMPUS,
        )
        cores = []
        pairs = zip(halls, core.building_cores, strict=True)
        for n, (hall, (count, links)) in enumerate(pairs, start=1):
            cores.append(b.wide_tier(
                f"building-{n}-core", f"Building {n} core", hall, plan=plan, switch=SWITCH,
                count=count, role=Role.CORE, level=0, scope=Scope.BUILDING,
            ))
            b.bundle(
                f"building-{n}-core-super", f"Building {n} core–super-core", cores[-1], top,
                links=links, speed_gbps=SPEED_GBPS, pattern=Pattern.SPREAD,
                medium=long_reach,
            )
    else:
        cores = [b.wide_tier(
            "core", "Campus core", halls[0], plan=plan, switch=SWITCH, count=core.cores,
            role=Role.CORE, level=0, scope=Scope.CAMPUS,
        )] * buildings
    placed = [0] * buildings
    for i in range(1, islands + 1):
        where = (i - 1) * buildings // islands
        island = b.island(
            f"island-{i}", f"Island {i}", halls[where], plan.island_xy(placed[where])
        )
        placed[where] += 1
        b.set_island_levels(island, 2)
        racks = b.rack_group(
            f"island-{i}-racks", f"Island {i} DGX H100", island, RACK_TYPE, servers // 4
        )
        leaf = b.island_tier(
            f"island-{i}-leaf", f"Island {i} leaf", island,
            switch=SWITCH, count=leaves, role=Role.LEAF, level=0,
        )
        spine = b.island_tier(
            f"island-{i}-spine", f"Island {i} spine", island,
            switch=SWITCH, count=spines, role=Role.SPINE, level=1,
        )
        b.bundle(
            f"island-{i}-rails", f"Island {i} rails", racks, leaf,
            links=RAILS, speed_gbps=SPEED_GBPS, pattern=Pattern.RAIL, medium=local,
        )
        b.bundle(
            f"island-{i}-leaf-spine", f"Island {i} leaf–spine", leaf, spine,
            links=HALF, speed_gbps=SPEED_GBPS, pattern=Pattern.SPREAD, medium=local,
        )
        b.bundle(
            f"island-{i}-spine-core", f"Island {i} spine–core", spine, cores[where],
            links=up, speed_gbps=SPEED_GBPS, pattern=Pattern.SPREAD, medium=long_reach,
        )
    return b.design


TEMPLATE = Template(
    name="islands",
    title=mark("templates", "Computing islands over buildings (the example campus)"),
    description=(
        mark(
            "templates",
            "Full-bisection rail-optimized islands of DGX H100 joined by an oversubscribed"
            " campus core, islands spread over buildings under a power cap.",
        )
    ),
    source=(
        "NVIDIA DGX SuperPOD reference architecture (rail-optimized QM9700 fabric) for the"
        " islands; SemiAnalysis, '100,000 H100 Clusters: Power, Network Topology, Ethernet"
        " vs InfiniBand, Reliability, Failures, Checkpointing' (2024) for islands with an"
        " oversubscribed inter-island tier across buildings (about 150 MW IT)."
    ),
    params=(
        Param(
            "islands",
            int,
            8,
            mark("templates", "computing islands"),
            minimum=2,
            maximum=MAX_ISLANDS,
        ),
        Param(
            "gpus_per_island",
            int,
            12_288,
            mark("templates", "H100 per island, a multiple of 256"),
            minimum=256,
            maximum=16_384,
        ),
        Param(
            "oversubscription",
            float,
            4.0,
            mark("templates", "island injection ÷ island uplinks to the core"),
            minimum=1,
            maximum=64,
        ),
        Param(
            "buildings",
            int,
            4,
            mark("templates", "buildings the islands are spread over"),
            minimum=1,
            maximum=MAX_BUILDINGS,
        ),
        Param(
            "building_capacity_mw",
            float,
            40.0,
            mark("templates", "IT power capacity of each building, MW"),
            minimum=0.1,
            maximum=10_000,
        ),
    ),
    builder=build_islands,
    describer=describe_islands,
)
