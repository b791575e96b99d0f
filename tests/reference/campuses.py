"""Hand-drawn campuses the templates do not make, built from the shipped catalog through
the model's own operations (the templates' :class:`~model.templates.builder.Builder`),
for the benchmarks and the tests.

:func:`heterogeneous_campus` is the campus an architect builds out of what was bought
over the years: rail-optimized islands of DGX H100 and DGX B200 that differ in size
(4K–13K GPUs) and in how oversubscribed their uplinks to the campus core are (1:1 to
13:1), spread over buildings, under one campus core tier. Each island is drawn like an
island of the ``islands`` template (:mod:`model.templates.islands`): racks of 4 servers
``rail``-wired to G/32 leaves, leaves ``spread`` over P spines, each spine ``spread``
with u uplinks over the core. The core has 512 QM9700, and every u divides 512 and every
island's P·u uplinks are a multiple of 512, so every bundle deals evenly; but a spine
plane of an island with u < 16 reaches only 32·u of the 512 cores (a quarter or a half
of them), so the core's switches are not interchangeable for the bisection.
"""

from __future__ import annotations

from dataclasses import dataclass

from model.design import Design
from model.elements import Pattern, Role, Scope
from model.parts import Cooling
from model.templates.builder import Builder, BuildingPlan, island_size

SWITCH = "qm9700"
SPEED_GBPS = 400.0
CORES = 512


@dataclass(frozen=True)
class IslandSpec:
    """One island: its GPUs (a multiple of 256), its rack type (4 servers of 8 GPUs
    per rack), its spines and each spine's uplinks to the core, and its building
    (from 0)."""

    gpus: int
    rack_type: str
    spines: int
    uplinks: int
    building: int

    @property
    def oversubscription(self) -> float:
        """Island injection ÷ island uplinks."""
        return self.gpus / (self.spines * self.uplinks)


HETEROGENEOUS = (
    IslandSpec(4_096, "dgx-b200-x4", 128, 32, 0),    # 1:1
    IslandSpec(8_192, "dgx-b200-x4", 256, 32, 0),    # 1:1
    IslandSpec(13_312, "dgx-h100-x4", 256, 4, 0),    # 13:1
    IslandSpec(12_288, "dgx-h100-x4", 256, 8, 1),    # 6:1
    IslandSpec(10_240, "dgx-h100-x4", 256, 8, 1),    # 5:1
    IslandSpec(8_192, "dgx-h100-x4", 256, 16, 1),    # 2:1
    IslandSpec(6_144, "dgx-b200-x4", 128, 16, 2),    # 3:1
    IslandSpec(12_288, "dgx-b200-x4", 256, 16, 2),   # 3:1
    IslandSpec(13_312, "dgx-h100-x4", 256, 4, 2),    # 13:1
    IslandSpec(12_288, "dgx-h100-x4", 256, 8, 2),    # 6:1
)
"""The 100,352-GPU campus: ten islands over three buildings, 30,720 uplinks to the core
(60 per core switch)."""


def heterogeneous_campus(islands: tuple[IslandSpec, ...] = HETEROGENEOUS,
                         cores: int = CORES, building_mw: float = 80.0) -> Design:
    """The campus of ``islands`` under one core tier of ``cores`` QM9700 in the first
    building (see the module docstring)."""
    total = sum(spec.gpus for spec in islands)
    buildings = max(spec.building for spec in islands) + 1
    b = Builder(f"Heterogeneous campus of {total:,} GPUs",
                f"{len(islands)} islands of DGX H100 and DGX B200, 4K–13K GPUs each, 1:1 to"
                f" 13:1 to a campus core of {cores} QM9700.")
    for rack_type in sorted({spec.rack_type for spec in islands}):
        b.use_rack_type(rack_type)
    b.use_switch(SWITCH)
    local = b.use_medium("optical-400g-osfp").id
    long_reach = b.use_medium("optical-400g-dr4").id
    per_building = max(sum(1 for s in islands if s.building == k) for k in range(buildings))
    plan = BuildingPlan(per_building, *island_size(2), tier_levels=1)
    halls = [b.building(f"building-{n}", f"Building {n}", capacity_kw=building_mw * 1000,
                        plan=plan, cooling=Cooling.LIQUID)
             for n in range(1, buildings + 1)]
    core = b.wide_tier("core", "Campus core", halls[0], plan=plan, switch=SWITCH, count=cores,
                       role=Role.CORE, level=0, scope=Scope.CAMPUS)
    placed = [0] * buildings
    for i, spec in enumerate(islands, start=1):
        hall = halls[spec.building]
        island = b.island(f"island-{i}", f"Island {i}", hall,
                          plan.island_xy(placed[spec.building]))
        placed[spec.building] += 1
        b.set_island_levels(island, 2)
        racks = b.rack_group(f"island-{i}-racks", f"Island {i} racks", island,
                             spec.rack_type, spec.gpus // 32)
        leaf = b.island_tier(f"island-{i}-leaf", f"Island {i} leaf", island, switch=SWITCH,
                             count=spec.gpus // 32, role=Role.LEAF, level=0)
        spine = b.island_tier(f"island-{i}-spine", f"Island {i} spine", island,
                              switch=SWITCH, count=spec.spines, role=Role.SPINE, level=1)
        b.bundle(f"island-{i}-rails", f"Island {i} rails", racks, leaf, links=8,
                 speed_gbps=SPEED_GBPS, pattern=Pattern.RAIL, medium=local)
        b.bundle(f"island-{i}-leaf-spine", f"Island {i} leaf–spine", leaf, spine, links=32,
                 speed_gbps=SPEED_GBPS, pattern=Pattern.SPREAD, medium=local)
        b.bundle(f"island-{i}-spine-core", f"Island {i} spine–core", spine, core,
                 links=spec.uplinks, speed_gbps=SPEED_GBPS, pattern=Pattern.SPREAD,
                 medium=long_reach)
    return b.design


def reequipped_islands_campus() -> Design:
    """The ``islands`` template's 98,304-GPU campus (8 islands of 12,288 H100 under a
    core of 384 QM9700) re-equipped the way an architect grows a campus: islands 3 and
    4 of DGX B200, island 5 of DGX H200, islands 2, 4 and 6 left with 256, 192 and 96 of
    their 384 racks, islands 7 and 8 with 6 and 3 uplinks per spine instead of 12:
    78,848 GPUs. Rail blocks left partly filled give units of 21 and 37 GPUs beside
    units of 32, 16 and 8, so the bisection's grid is one accelerator, and the planes
    of islands 7 and 8 reach half and a quarter of the core (the campus of
    ``benchmarks/bench_gui_stall.py``)."""
    from model.catalog import load_builtin_catalog
    from model.templates import TEMPLATES

    design = TEMPLATES["islands"].build(islands=8, buildings=4)
    catalog = load_builtin_catalog()
    for rack_type in ("dgx-b200-x4", "dgx-h200-x4"):
        design.add_parts(catalog.closure_of_rack_type(rack_type))
    design.update("island-3-racks", rack_type="dgx-b200-x4")
    design.update("island-4-racks", rack_type="dgx-b200-x4", count=192)
    design.update("island-5-racks", rack_type="dgx-h200-x4")
    design.update("island-6-racks", count=96)
    design.update("island-7-spine-core", links_per_member=6)
    design.update("island-8-spine-core", links_per_member=3)
    design.update("island-2-racks", count=256)
    design.rename("Heterogeneous campus: 8 islands of H100, H200 and B200, of differing sizes"
                  " and uplinks")
    return design
