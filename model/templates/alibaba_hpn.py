"""Alibaba HPN 7.0: dual-ToR, dual-plane, two-tier pods of 15K GPUs on 51.2 Tb/s switches,
joined by a 15:1 core (Qian et al., "Alibaba HPN: A Data Center Network for Large
Language Model Training", SIGCOMM 2024).

What the paper describes, and how the template draws it:

- **Hosts**: 8 GPUs, 8 backend NICs of 2 × 200G; the two ports of a NIC go to two
  different ToRs (dual-ToR), one in each plane. The host is an 8-GPU HGX H800 server
  whose NICs are counted as 16 ports of 200G (port 2r + p is rail r, plane p); the GPU
  model is our choice (the paper does not tie HPN to one).
- **Segment** (one island): 128 hosts = 1,024 GPUs under 16 ToRs (8 rails × 2
  planes). The rack group's ``rail`` bundle sends port i of every host to ToR i, so ToR
  j serves rail j ÷ 2 of plane j mod 2. Each ToR (51.2 Tb/s) has 128 × 200G down and
  60 × 400G up: 25.6 : 24 = 1.067 : 1. (The paper also keeps 8 spare 200G ports per ToR
  for backup hosts; they carry no traffic and are not drawn.)
- **Pod** (one building): 15 segments = 15,360 GPUs. An aggregation tier of 120
  switches (60 per plane): ToR j, link l → aggregation (60·j + l) mod 120, so plane-0
  ToRs reach aggregation switches 0 … 59 and plane-1 ToRs 60 … 119, one link each;
  every aggregation switch takes 120 × 400G down (8 ToRs × 15 segments).
- **Core**: each aggregation switch has 8 × 400G up: 120 : 8 = 15 : 1 between the pod
  and the core, as the paper states. A campus core tier of C switches takes every pod's
  960 uplinks ``spread`` (aggregation k, link l → core (8·k + l) mod C), C the smallest
  multiple of 8 dividing 960 that holds every pod's links (128 × 400G per switch); with
  C ≤ 480 both planes of every pod reach every core switch. The core count is the
  template's choice (the paper's figure is the ratio). The design's oversubscription
  limit (above which a tier is a problem) is set to that 15 : 1.
- The host links are 200G active optical cables (the catalog's ``aoc-200g``).

All switches are the 51.2 Tb/s single-chip class (64 × 800G ports, each carrying two
400G or four 200G links), as the paper's ToR, aggregation and core.
"""

from __future__ import annotations

from model.catalog import load_builtin_catalog
from model.design import Design
from model.elements import Pattern, Role, Scope
from model.errors import DesignError
from model.i18n import Message, mark, message
from model.parts import Catalog, Cooling, RackType, ServerType
from model.templates.base import Param, Template
from model.templates.builder import Builder, BuildingPlan, island_size, size_buildings
from model.templates.rail_clos import core_count, plural, rail_island

SWITCH = "th5-51t"
BASE_SERVER = "inspur-nf5688g7-h800"
BASE_RACK = "inspur-nf5688g7-h800-x4"
HOSTS_PER_SEGMENT = 128
SERVERS_PER_RACK = 4
RAILS = 8
PLANES = 2
TORS = RAILS * PLANES  # 16 per segment
CORE_OVERSUBSCRIPTION = 15.0
"""Aggregation down : up toward the core, 15 : 1 as the paper states."""
PORT_GBPS = 200.0  # one port of a 2 × 200G NIC
UP_GBPS = 400.0
TOR_UPLINKS = 60
AGG_PER_PLANE = TOR_UPLINKS  # each ToR reaches every aggregation switch of its plane
AGG_UPLINKS = 8
LINKS_PER_SWITCH = 128  # 51.2 Tb/s as 128 × 400G
MAX_SEGMENTS = 15
MAX_PODS = 16


def hpn_parts() -> Catalog:
    """The HPN host (an 8 × H800 server with its 8 NICs counted as 16 × 200G ports) and
    its rack: copies of the built-in Inspur NF5688G7 server and rack."""
    catalog = load_builtin_catalog()
    server = catalog.server(BASE_SERVER)
    rack = catalog.rack_type(BASE_RACK)
    acc = catalog.accelerator(server.accelerator) if server else None
    assert server and rack and acc, "the built-in catalog lacks the HPN host parts"
    host = ServerType.model_validate({
        **server.model_dump(),
        "id": "hpn-host-h800",
        "name": "HPN host: 8× H800, 8 dual-port 2×200G NICs (16 ports)",
        "nic_count": 2 * RAILS,
        "nic_speed_gbps": PORT_GBPS,
        "source": f"Copy of {server.id} with its 8 × 400G NICs as 16 ports of 200G, as the"
                  f" dual-ToR hosts of Alibaba HPN (SIGCOMM 2024). {server.source}",
    })
    host_rack = RackType.model_validate({
        **rack.model_dump(),
        "id": "hpn-host-h800-x4",
        "name": "4× HPN host (H800), air-cooled",
        "server": host.id,
        "source": f"Copy of {rack.id} holding HPN hosts. {rack.source}",
    })
    return Catalog(accelerators=(acc,), servers=(host,), rack_types=(host_rack,))


def core_switches(pods: int) -> int:
    """C: the smallest multiple of 8 dividing a pod's 960 uplinks that holds every pod's
    links at 128 per switch."""
    uplinks = PLANES * AGG_PER_PLANE * AGG_UPLINKS
    count = core_count(uplinks, AGG_UPLINKS, pods * uplinks, LINKS_PER_SWITCH)
    if count is None:
        raise DesignError(message("templates", "--pods {pods} is more than one core tier"
                                  " can join", pods=pods))
    return count


def describe_alibaba_hpn(pods: int, segments_per_pod: int) -> Message:
    """The description of the HPN these parameters build, in any language."""
    values = {"pods": pods, "segments": segments_per_pod,
              "gpus": pods * segments_per_pod * HOSTS_PER_SEGMENT * 8,
              "aggs": PLANES * AGG_PER_PLANE, "cores": core_switches(pods)}
    if pods == 1:
        return message(
            "templates", "Alibaba HPN 7.0 (SIGCOMM 2024): {pods} pod of {segments} segments"
            " × 1,024 GPUs = {gpus:,} GPUs; dual-ToR, dual-plane, 16 ToRs per segment"
            " (1.067:1), {aggs} aggregation switches per pod, 15:1 to {cores} core switches;"
            " 51.2 Tb/s switches throughout.", **values)
    return message(
        "templates", "Alibaba HPN 7.0 (SIGCOMM 2024): {pods} pods of {segments} segments"
        " × 1,024 GPUs = {gpus:,} GPUs; dual-ToR, dual-plane, 16 ToRs per segment"
        " (1.067:1), {aggs} aggregation switches per pod, 15:1 to {cores} core switches;"
        " 51.2 Tb/s switches throughout.", **values)


def build_alibaba_hpn(pods: int, segments_per_pod: int) -> Design:
    """``pods`` HPN pods of ``segments_per_pod`` segments; see the module docstring."""
    b = Builder(f"Alibaba HPN 7.0, {plural(pods, 'pod')}", "")
    b.use_parts(hpn_parts())
    switch = b.use_switch(SWITCH).id
    host_medium = b.use_medium("aoc-200g").id
    fabric = b.use_medium("optical-400g-dr4").id
    aggs = PLANES * AGG_PER_PLANE
    cores = core_switches(pods)
    b.design.rename(b.design.name, describe_alibaba_hpn(pods, segments_per_pod).render())
    plan = BuildingPlan(segments_per_pod, *island_size(1), tier_levels=2)
    halls = [
        b.building(f"pod-{p}", f"Pod {p}", capacity_kw=1.0, plan=plan, cooling=Cooling.AIR)
        for p in range(1, pods + 1)
    ]
    core = b.wide_tier(
        "core", "Core", halls[0], plan=plan, switch=switch, count=cores, role=Role.CORE,
        level=1, scope=Scope.CAMPUS,
    )
    racks = HOSTS_PER_SEGMENT // SERVERS_PER_RACK
    for p, hall in enumerate(halls, start=1):
        agg = b.wide_tier(
            f"pod-{p}-agg", f"Pod {p} aggregation", hall, plan=plan, switch=switch,
            count=aggs, role=Role.AGGREGATION, level=0,
        )
        for s in range(1, segments_per_pod + 1):
            seg = rail_island(
                b, hall, plan.island_xy(s - 1), island=f"pod-{p}-seg-{s}",
                title=f"Pod {p} segment {s}", short=f"P{p} S{s}",
                rack_type="hpn-host-h800-x4", racks=racks, switch=switch, leaves=TORS,
                links=TORS, speed_gbps=PORT_GBPS, medium=host_medium,
                hosts=("hosts", "hosts"), leaf=("tor", "ToR"), rails=("ports", "host ports"),
            )
            b.bundle(f"pod-{p}-seg-{s}-up", f"P{p} S{s} ToR–aggregation", seg.leaf, agg,
                     links=TOR_UPLINKS, speed_gbps=UP_GBPS, pattern=Pattern.SPREAD,
                     medium=fabric)
        b.bundle(f"pod-{p}-core", f"Pod {p} aggregation–core", agg, core,
                 links=AGG_UPLINKS, speed_gbps=UP_GBPS, pattern=Pattern.SPREAD,
                 medium=fabric)
    size_buildings(b.design)
    # the 15 : 1 between pod and core is the paper's choice, not a fault: the design's
    # limit for a problem is set there, so the template draws it without a warning
    b.design.update_settings(oversubscription_threshold=CORE_OVERSUBSCRIPTION)
    return b.design


TEMPLATE = Template(
    name="alibaba-hpn",
    title=mark("templates", "Alibaba HPN 7.0 (dual-ToR, dual-plane)"),
    description=(
        mark(
            "templates",
            "Segments of 1,024 GPUs under 16 ToRs (dual-ToR, two planes), pods of 15"
            " segments (15,360 GPUs) on 120 aggregation switches, 15:1 to a core tier;"
            " 51.2 Tb/s switches.",
        )
    ),
    source=(
        "K. Qian et al., 'Alibaba HPN: A Data Center Network for Large Language Model"
        " Training', SIGCOMM 2024."
    ),
    params=(
        Param(
            "pods",
            int,
            2,
            mark("templates", "pods (one building each)"),
            minimum=1,
            maximum=MAX_PODS,
        ),
        Param(
            "segments_per_pod",
            int,
            MAX_SEGMENTS,
            mark("templates", "segments of 1,024 GPUs per pod"),
            minimum=1,
            maximum=MAX_SEGMENTS,
        ),
    ),
    builder=build_alibaba_hpn,
    describer=describe_alibaba_hpn,
)
