"""ByteDance MegaScale: a three-layer, non-blocking, rail-optimized Clos of 25.6 Tb/s
switches for 10,000+ GPUs (Jiang et al., "MegaScale: Scaling Large Language Model
Training to More Than 10,000 GPUs", NSDI 2024, §3.5).

What the paper states, and how the template draws it:

- Switches are Broadcom Tomahawk 4 (25.6 Tb/s, 64 × 400G); three layers; at every layer
  half the bandwidth goes down and half up (32 ports each, 1:1).
- A ToR's 400G downlink ports are split into two 200G links (AOC), so a ToR serves 64
  GPU NICs of 200G; the servers are 8-GPU Ampere-generation servers with one 200G NIC
  per GPU (here the catalog's Inspur NF5688M6 with 8 × A800: our choice of part).
- Rail-optimized: a block of 64 servers is served by 8 ToRs, ToR r taking NIC r of
  every server of the block (``rail`` pattern, blocks of 64 servers).

The sizes above the ToR are the template's choice (the paper gives the ratios, not the
counts): a pod (island) is 4 blocks = 256 servers = 2,048 GPUs under 32 ToRs, each ToR
``spread`` over the pod's 32 spines with one link each; every spine has 32 uplinks to
a campus core tier of C switches (spine j, link l → core (32·j + l) mod C), C the
smallest power of two, dividing a pod's 1,024 uplinks, that holds every pod's links (64
per switch). Six pods are the 12,288 GPUs of the paper's largest training run.
"""

from __future__ import annotations

from model.catalog import generic_switch
from model.design import Design
from model.elements import Pattern, Role, Scope
from model.errors import DesignError
from model.i18n import Message, mark, message
from model.parts import Cooling
from model.templates.base import Param, Template
from model.templates.builder import Builder, BuildingPlan, island_size, size_buildings
from model.templates.rail_clos import core_count, plural, rail_island

RACK_TYPE = "inspur-nf5688m6-a800-x4"
RADIX = 64
PORT_GBPS = 400.0
NIC_GBPS = 200.0
RAILS = 8
SERVERS_PER_BLOCK = 64  # 32 split 400G ports = 64 × 200G per ToR
BLOCKS_PER_POD = 4
TORS = RAILS * BLOCKS_PER_POD  # 32
SPINES = RADIX // 2  # 32 per pod
POD_UPLINKS = SPINES * (RADIX // 2)  # 1,024
MAX_PODS = 64


def core_switches(pods: int) -> int:
    """C: the smallest power of two dividing 1,024 that holds every pod's uplinks."""
    # the divisors of 1,024 are its powers of two
    count = core_count(POD_UPLINKS, 1, pods * POD_UPLINKS, RADIX)
    if count is None:
        raise DesignError(message("templates", "--pods {pods} is more than one core tier can"
                                  " join", pods=pods))
    return count


def describe_megascale(pods: int) -> Message:
    """The description of the MegaScale these parameters build, in any language."""
    values = {"pods": pods, "gpus": pods * SERVERS_PER_BLOCK * BLOCKS_PER_POD * 8,
              "cores": core_switches(pods)}
    if pods == 1:
        return message(
            "templates", "ByteDance MegaScale (NSDI 2024): {pods} pod × 2,048 = {gpus:,} GPUs,"
            " one 200G NIC per GPU; three layers of 25.6 Tb/s (64 × 400G) switches, 1:1 at"
            " every layer, rail-optimized ToRs; {cores} core switches.", **values)
    return message(
        "templates", "ByteDance MegaScale (NSDI 2024): {pods} pods × 2,048 = {gpus:,} GPUs,"
        " one 200G NIC per GPU; three layers of 25.6 Tb/s (64 × 400G) switches, 1:1 at"
        " every layer, rail-optimized ToRs; {cores} core switches.", **values)


def build_megascale(pods: int) -> Design:
    """``pods`` MegaScale pods of 2,048 GPUs; see the module docstring."""
    servers = SERVERS_PER_BLOCK * BLOCKS_PER_POD
    b = Builder(f"ByteDance MegaScale, {plural(pods, 'pod')}", "")
    b.use_rack_type(RACK_TYPE)
    switch = b.use_switch(generic_switch(RADIX, PORT_GBPS)).id
    aoc = b.use_medium("aoc-200g").id
    fabric = b.use_medium("optical-400g-dr4").id
    cores = core_switches(pods)
    b.design.rename(b.design.name, describe_megascale(pods).render())
    plan = BuildingPlan(pods, *island_size(2), tier_levels=1)
    hall = b.building("hall", "Data hall", capacity_kw=1.0, plan=plan, cooling=Cooling.AIR)
    core = b.wide_tier("core", "Core", hall, plan=plan, switch=switch, count=cores,
                       role=Role.CORE, level=0, scope=Scope.BUILDING)
    for p in range(1, pods + 1):
        pod = rail_island(
            b, hall, plan.island_xy(p - 1), island=f"pod-{p}", title=f"Pod {p}",
            short=f"Pod {p}", rack_type=RACK_TYPE, racks=servers // 4, switch=switch,
            leaves=TORS, links=RAILS, speed_gbps=NIC_GBPS, medium=aoc, levels=2,
            leaf=("tor", "ToR"),
        )
        spine = b.island_tier(f"pod-{p}-spine", f"Pod {p} spine", pod.island, switch=switch,
                              count=SPINES, role=Role.SPINE, level=1)
        b.bundle(f"pod-{p}-tor-spine", f"Pod {p} ToR–spine", pod.leaf, spine,
                 links=RADIX // 2, speed_gbps=PORT_GBPS, pattern=Pattern.SPREAD,
                 medium=fabric)
        b.bundle(f"pod-{p}-spine-core", f"Pod {p} spine–core", spine, core,
                 links=RADIX // 2, speed_gbps=PORT_GBPS, pattern=Pattern.SPREAD,
                 medium=fabric)
    size_buildings(b.design)
    return b.design


TEMPLATE = Template(
    name="megascale",
    title=mark("templates", "ByteDance MegaScale (three-layer 1:1 Clos)"),
    description=(
        mark(
            "templates",
            "Three layers of 25.6 Tb/s switches, 1:1 at every layer, rail-optimized ToRs with"
            " split 2 × 200G downlinks; pods of 2,048 GPUs (6 pods: the paper's 12,288).",
        )
    ),
    source=(
        "Z. Jiang et al., 'MegaScale: Scaling Large Language Model Training to More Than"
        " 10,000 GPUs', NSDI 2024, §3.5 (network topology)."
    ),
    params=(
        Param("pods", int, 6, mark("templates", "pods of 2,048 GPUs"), minimum=1, maximum=MAX_PODS),
    ),
    builder=build_megascale,
    describer=describe_megascale,
)
