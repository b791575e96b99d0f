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
  plane's 32 spines, each spine taking 48 links down;
- each spine has u = round(G ÷ (oversubscription · P)) uplinks ``spread`` over a
  campus core tier standing in the first building, sized as the smallest divisor of an
  island's uplinks that holds every island's links (64 per core switch), so each
  island's bundle lands evenly on the core. Defaults: 12 uplinks per spine, 3,072 per
  island (12,288 × 400G injection : 3,072 × 400G up = 4:1), 384 core switches.

Buildings share the islands evenly (island i in building ⌊i·B/N⌋), with the given IT
capacity and a PUE of 1.3; a 10 % allowance for storage and front-end networks is set
in the design settings.
"""

from __future__ import annotations

import math

from model.design import Design
from model.elements import Pattern, Role, Scope
from model.errors import DesignError
from model.parts import Cooling
from model.templates.base import Param, Template
from model.templates.builder import (
    Builder,
    BuildingPlan,
    island_size,
    smallest_divisor_at_least,
)

RACK_TYPE = "dgx-h100-x4"
SWITCH = "qm9700"
RADIX = 64
HALF = RADIX // 2
RAILS = 8
SPEED_GBPS = 400.0
GPUS_PER_BLOCK = HALF * RAILS  # 32 servers × 8 GPUs under one group of 8 rail leaves
PUE = 1.3
ALLOWANCE_PCT = 10.0


def spine_plan(gpus: int, oversubscription: float) -> tuple[int, int]:
    """``(P, u)``: spines per island and uplinks per spine (see the module docstring)."""
    for c in (1, 2, 4, 8):
        spines = HALF * c
        down = gpus // spines
        up = max(1, round(gpus / (oversubscription * spines)))
        if down + up <= RADIX:
            return spines, up
    most = RADIX * HALF * RAILS * oversubscription / (oversubscription + 1)
    raise DesignError(
        f"an island of {gpus:,} GPUs does not fit a two-tier Clos of {RADIX}-port switches"
        f" at {oversubscription:g}:1; at most about"
        f" {int(most) // GPUS_PER_BLOCK * GPUS_PER_BLOCK:,} GPUs per island"
    )


def build_islands(
    islands: int,
    gpus_per_island: int,
    oversubscription: float,
    buildings: int,
    building_capacity_mw: float,
) -> Design:
    """Islands of DGX H100 over buildings; see the module docstring."""
    if gpus_per_island % GPUS_PER_BLOCK:
        raise DesignError(
            f"--gpus-per-island must be a multiple of {GPUS_PER_BLOCK} (32 DGX H100 under"
            f" one group of 8 rail leaves), not {gpus_per_island:,}"
        )
    if buildings > islands:
        raise DesignError(f"--buildings {buildings} is more than --islands {islands}")
    spines, up = spine_plan(gpus_per_island, oversubscription)
    leaves = gpus_per_island // HALF
    island_uplinks = spines * up
    if islands > RADIX:
        raise DesignError(f"--islands {islands} is more than {RADIX}, the core switch radix")
    cores = smallest_divisor_at_least(island_uplinks, math.ceil(islands * island_uplinks / RADIX))
    servers = gpus_per_island // 8
    total = islands * gpus_per_island
    b = Builder(
        f"Campus of {total:,} H100 in {islands} islands",
        f"{islands} computing islands of {gpus_per_island:,} H100 ({servers:,} DGX H100 in"
        f" {servers // 4:,} racks), each a rail-optimized two-tier Clos of QM9700 ({leaves}"
        f" leaves, {spines} spines), joined by a campus core of {cores} QM9700;"
        f" island uplinks {island_uplinks:,} × 400G against {gpus_per_island:,} × 400G"
        f" injection ({gpus_per_island / island_uplinks:.3g}:1). {buildings}"
        f" building{'s' if buildings != 1 else ''} of {building_capacity_mw:g} MW IT;"
        " 10 % allowance for storage and front-end.",
    )
    b.use_rack_type(RACK_TYPE)
    b.use_switch(SWITCH)
    local = b.use_medium("optical-400g-osfp").id
    long_reach = b.use_medium("optical-400g-dr4").id
    b.design.update_settings(allowance_pct=ALLOWANCE_PCT)

    per_building = math.ceil(islands / buildings)
    plan = BuildingPlan(per_building, *island_size(2), tier_levels=1)
    halls = [
        b.building(
            f"building-{n}", f"Building {n}",
            capacity_kw=building_capacity_mw * 1000, plan=plan, pue=PUE, cooling=Cooling.AIR,
        )
        for n in range(1, buildings + 1)
    ]
    core = b.wide_tier(
        "core", "Campus core", halls[0],
        plan=plan, switch=SWITCH, count=cores, role=Role.CORE, level=0, scope=Scope.CAMPUS,
    )
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
            f"island-{i}-spine-core", f"Island {i} spine–core", spine, core,
            links=up, speed_gbps=SPEED_GBPS, pattern=Pattern.SPREAD, medium=long_reach,
        )
    return b.design


TEMPLATE = Template(
    name="islands",
    title="Computing islands over buildings (the example campus)",
    description=(
        "Full-bisection rail-optimized islands of DGX H100 joined by an oversubscribed"
        " campus core, islands spread over buildings under a power cap."
    ),
    source=(
        "NVIDIA DGX SuperPOD reference architecture (rail-optimized QM9700 fabric) for the"
        " islands; SemiAnalysis, '100,000 H100 Clusters: Power, Network Topology, Ethernet"
        " vs InfiniBand, Reliability, Failures, Checkpointing' (2024) for islands with an"
        " oversubscribed inter-island tier across buildings (about 150 MW IT)."
    ),
    params=(
        Param("islands", int, 8, "computing islands", minimum=2, maximum=64),
        Param(
            "gpus_per_island", int, 12_288, "H100 per island, a multiple of 256",
            minimum=256, maximum=16_384,
        ),
        Param(
            "oversubscription", float, 4.0, "island injection ÷ island uplinks to the core",
            minimum=1, maximum=64,
        ),
        Param("buildings", int, 4, "buildings the islands are spread over", minimum=1, maximum=64),
        Param(
            "building_capacity_mw", float, 40.0, "IT power capacity of each building, MW",
            minimum=0.1, maximum=10_000,
        ),
    ),
    builder=build_islands,
)
