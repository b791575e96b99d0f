"""Huawei CloudMatrix384 super-nodes joined by a scale-out plane, up to the announced
cascade of 432 super-nodes (432 × 384 = 165,888 Ascend 910C).

What is published, and what the template chooses:

- **Super-node** (one island), as Zuo et al., "Serving Large Language Models on Huawei
  CloudMatrix384" (2025) describe it: 48 servers of 8 Ascend 910C (384 NPUs) in 12
  compute racks of 4 servers, joined by the UB fabric into one scale-up domain of 384;
  a separate RDMA scale-out plane, one port per NPU (400G here, an estimate as in the
  catalog's ``cloudmatrix-910c`` server).
- **Cascade**: Huawei announced (2025) that super-nodes cascade to 432 of them, about
  160K NPUs. The scale-out topology of that cascade is not published: the template
  draws a non-blocking three-tier rail-optimized Clos, a plain choice that lets the
  metrics show what such a plane costs and carries:

  - 8 leaves per super-node (``rail``: NIC i of every server to leaf i), each 48 × 400G
    down and 48 up;
  - a building-scoped spine tier of 384 switches for every building of g super-nodes:
    leaf j, link l → spine (48·j + l) mod 384, so every super-node reaches every spine
    of its rail's block of 48 once; each spine g down and g up (g ≤ 64);
  - a campus core tier of C switches in the first building: spine k, link l → core
    (g·k + l) mod C, C the smallest multiple of g dividing 384·g that holds every
    building's links (128 × 400G per switch); C ≤ 48·g, so every rail block reaches
    every core and the rails meet there.

Switches: Huawei CloudEngine XH-series 51.2 Tb/s boxes (64 × 800GE, each port two 400G
links).
"""

from __future__ import annotations

from model.design import Design
from model.elements import Pattern, Role, Scope
from model.errors import DesignError
from model.i18n import Message, mark, message
from model.parts import Cooling
from model.templates.base import Param, Template
from model.templates.builder import Builder, BuildingPlan, island_size, size_buildings
from model.templates.rail_clos import core_count, plural, rail_island

RACK_TYPE = "cloudmatrix-910c-x4"
RACKS_PER_SUPER_NODE = 12
NPUS_PER_SUPER_NODE = 384
SWITCH = "huawei-ce-xh-64x800g"
LINK_GBPS = 400.0
LINKS_PER_SWITCH = 128  # 51.2 Tb/s as 128 × 400G
LEAVES = 8  # one per NIC rail
LEAF_DOWN = NPUS_PER_SUPER_NODE // LEAVES  # 48
SPINES = LEAVES * LEAF_DOWN  # 384 per building
MAX_PER_BUILDING = LINKS_PER_SWITCH // 2
MAX_SUPER_NODES = 432


def core_switches(super_nodes: int, per_building: int) -> int:
    """C: the smallest multiple of g dividing 384·g that holds every building's links."""
    count = core_count(SPINES * per_building, per_building, super_nodes * SPINES,
                       LINKS_PER_SWITCH)
    if count is None:
        most_cores = SPINES * per_building  # the largest count dividing 384·g
        raise DesignError(message(
            "templates", "--super-nodes {super_nodes} is more than one core tier can join:"
            " each super-node sends {uplinks} links to the core, and the core count must"
            " divide a building's {building_uplinks:,} spine uplinks, so at most"
            " {cores:,} core switches of {links} links hold at most {most:,} super-nodes"
            " with --super-nodes-per-building {per_building}", super_nodes=super_nodes,
            uplinks=SPINES, building_uplinks=SPINES * per_building, cores=most_cores,
            links=LINKS_PER_SWITCH, most=most_cores * LINKS_PER_SWITCH // SPINES,
            per_building=per_building))
    return count


def describe_cloudmatrix(super_nodes: int, super_nodes_per_building: int) -> Message:
    """The description of the cascade these parameters build, in any language."""
    buildings = super_nodes // super_nodes_per_building
    values = {"n": super_nodes, "npus": super_nodes * NPUS_PER_SUPER_NODE,
              "buildings": buildings, "spines": SPINES,
              "cores": core_switches(super_nodes, super_nodes_per_building)}
    if buildings == 1:
        return message(
            "templates", "Huawei CloudMatrix384 super-nodes (Zuo et al. 2025) cascaded over a"
            " scale-out plane: {n} × 384 = {npus:,} Ascend 910C in {buildings} building;"
            " non-blocking rail-optimized Clos (template's choice): 8 leaves per super-node,"
            " {spines} spines per building, {cores} cores.", **values)
    return message(
        "templates", "Huawei CloudMatrix384 super-nodes (Zuo et al. 2025) cascaded over a"
        " scale-out plane: {n} × 384 = {npus:,} Ascend 910C in {buildings} buildings;"
        " non-blocking rail-optimized Clos (template's choice): 8 leaves per super-node,"
        " {spines} spines per building, {cores} cores.", **values)


def build_cloudmatrix(super_nodes: int, super_nodes_per_building: int) -> Design:
    """A cascade of CloudMatrix384 super-nodes; see the module docstring."""
    g = super_nodes_per_building
    if super_nodes % g:
        raise DesignError(message(
            "templates", "--super-nodes {super_nodes} must be a multiple of"
            " --super-nodes-per-building {per_building} (every building holds the same"
            " number)", super_nodes=super_nodes, per_building=g))
    buildings = super_nodes // g
    cores = core_switches(super_nodes, g)
    b = Builder(f"CloudMatrix384 cascade, {plural(super_nodes, 'super-node')}", "")
    b.use_rack_type(RACK_TYPE)
    switch = b.use_switch(SWITCH).id
    medium = b.use_medium("optical-400g-dr4").id
    b.design.rename(b.design.name, describe_cloudmatrix(super_nodes, g).render())
    plan = BuildingPlan(g, *island_size(1), tier_levels=2)
    halls = [
        b.building(f"hall-{n}", f"Hall {n}", capacity_kw=1.0, plan=plan,
                   cooling=Cooling.LIQUID)
        for n in range(1, buildings + 1)
    ]
    core = b.wide_tier("core", "Core", halls[0], plan=plan, switch=switch, count=cores,
                       role=Role.CORE, level=1, scope=Scope.CAMPUS)
    for h, hall in enumerate(halls, start=1):
        spine = b.wide_tier(f"hall-{h}-spine", f"Hall {h} spine", hall, plan=plan,
                            switch=switch, count=SPINES, role=Role.SPINE, level=0)
        for k in range(g):
            n = (h - 1) * g + k + 1
            node = rail_island(
                b, hall, plan.island_xy(k), island=f"sn-{n}", title=f"Super-node {n}",
                short=f"SN {n}", rack_type=RACK_TYPE, racks=RACKS_PER_SUPER_NODE,
                switch=switch, leaves=LEAVES, links=LEAVES, speed_gbps=LINK_GBPS,
                medium=medium,
            )
            b.bundle(f"sn-{n}-up", f"SN {n} leaf–spine", node.leaf, spine, links=LEAF_DOWN,
                     speed_gbps=LINK_GBPS, pattern=Pattern.SPREAD, medium=medium)
        b.bundle(f"hall-{h}-core", f"Hall {h} spine–core", spine, core, links=g,
                 speed_gbps=LINK_GBPS, pattern=Pattern.SPREAD, medium=medium)
    size_buildings(b.design)
    return b.design


TEMPLATE = Template(
    name="cloudmatrix",
    title=mark("templates", "Huawei CloudMatrix384 cascade"),
    description=(
        mark(
            "templates",
            "CloudMatrix384 super-nodes (384 Ascend 910C in one UB domain each) joined by a"
            " non-blocking three-tier scale-out Clos; up to the announced 432 super-nodes"
            " (165,888 NPUs).",
        )
    ),
    source=(
        "Zuo et al., 'Serving Large Language Models on Huawei CloudMatrix384' (2025) for"
        " the super-node; Huawei's 2025 announcement of cascades of up to 432 super-nodes"
        " (about 160K NPUs) for the scale."
    ),
    params=(
        Param(
            "super_nodes",
            int,
            16,
            mark("templates", "CloudMatrix384 super-nodes"),
            minimum=1,
            maximum=MAX_SUPER_NODES,
        ),
        Param(
            "super_nodes_per_building",
            int,
            8,
            mark("templates", "super-nodes per building (dividing --super-nodes)"),
            minimum=1,
            maximum=MAX_PER_BUILDING,
        ),
    ),
    builder=build_cloudmatrix,
    describer=describe_cloudmatrix,
)
