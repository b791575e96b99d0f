"""The classic k-ary fat-tree of Al-Fares, Loukissas and Vahdat (SIGCOMM 2008).

k-port switches; k pods (one island each) of k/2 edge and k/2 aggregation switches; a
campus core of (k/2)² switches; one host per edge down-port (a rack of k/2 hosts under
each edge switch). Wiring, with the semantics of :class:`model.elements.Pattern`:

- hosts → edge: ``rack`` pattern, 1 link per host; rack r of a pod owns edge switch r;
- edge → aggregation: ``spread``, k/2 links per edge switch: edge j, link l goes to
  aggregation (j·k/2 + l) mod k/2 = l, so every edge switch reaches every aggregation
  switch of its pod once;
- aggregation → core: ``spread``, k/2 links per aggregation switch: aggregation j, link l
  goes to core j·k/2 + l, so aggregation j of every pod reaches core group j
  (cores j·k/2 … j·k/2 + k/2 − 1), and every core gets one link from each pod.

Closed forms: k³/4 hosts, 5k²/4 switches, 3k³/4 links.
"""

from __future__ import annotations

from model.catalog import generic_host_rack, generic_optics, generic_switch
from model.design import Design
from model.elements import Pattern, Role, Scope
from model.errors import DesignError
from model.i18n import Message, mark, message
from model.parts import Cooling
from model.templates.base import Param, Template
from model.templates.builder import Builder, BuildingPlan, island_size, size_buildings


def describe_fat_tree(k: int, speed_gbps: float) -> Message:
    """The description of the fat-tree these parameters build, in any language."""
    return message(
        "templates", "Al-Fares et al. (SIGCOMM 2008) k-ary fat-tree: {hosts:,} hosts,"
        " {switches:,} {k}-port switches, {speed:g} Gb/s links.", hosts=k ** 3 // 4,
        switches=5 * k * k // 4, k=k, speed=speed_gbps)


def build_fat_tree(k: int, speed_gbps: float) -> Design:
    """A k-ary fat-tree with links of ``speed_gbps`` (hosts, switches and optics are the
    nominal generic parts at that speed)."""
    if k % 2:
        raise DesignError(message("templates", "--k must be even (each switch splits its ports in"
                                  " halves), not {k}", k=k))
    half = k // 2
    b = Builder(f"Fat-tree k={k}", describe_fat_tree(k, speed_gbps).render())
    hosts = generic_host_rack(half, speed_gbps)
    b.use_parts(hosts)
    rack_type = hosts.rack_types[0].id
    switch = b.use_switch(generic_switch(k, speed_gbps)).id
    medium = b.use_medium(generic_optics(speed_gbps)).id

    plan = BuildingPlan(k, *island_size(2), tier_levels=1)
    hall = b.building("dc", "Data centre", capacity_kw=1.0, plan=plan, cooling=Cooling.AIR)
    core = b.wide_tier(
        "core", "Core", hall, plan=plan, switch=switch, count=half * half, role=Role.CORE,
        level=0, scope=Scope.CAMPUS,
    )
    for p in range(1, k + 1):
        pod = b.island(f"pod-{p}", f"Pod {p}", hall, plan.island_xy(p - 1))
        b.set_island_levels(pod, 2)
        racks = b.rack_group(f"pod-{p}-hosts", f"Pod {p} hosts", pod, rack_type, half)
        edge = b.island_tier(
            f"pod-{p}-edge", f"Pod {p} edge", pod,
            switch=switch, count=half, role=Role.LEAF, level=0,
        )
        agg = b.island_tier(
            f"pod-{p}-agg", f"Pod {p} aggregation", pod,
            switch=switch, count=half, role=Role.AGGREGATION, level=1,
        )
        b.bundle(
            f"pod-{p}-hosts-edge", f"Pod {p} hosts–edge", racks, edge,
            links=1, speed_gbps=speed_gbps, pattern=Pattern.RACK, medium=medium,
        )
        b.bundle(
            f"pod-{p}-edge-agg", f"Pod {p} edge–aggregation", edge, agg,
            links=half, speed_gbps=speed_gbps, pattern=Pattern.SPREAD, medium=medium,
        )
        b.bundle(
            f"pod-{p}-agg-core", f"Pod {p} aggregation–core", agg, core,
            links=half, speed_gbps=speed_gbps, pattern=Pattern.SPREAD, medium=medium,
        )
    size_buildings(b.design)
    return b.design


TEMPLATE = Template(
    name="fat-tree",
    title=mark("templates", "Fat-tree (k-ary, three tiers)"),
    description=(
        mark(
            "templates",
            "k pods of k/2 edge and k/2 aggregation switches, (k/2)² core switches, one host"
            " per edge down-port: full bisection for k³/4 hosts with identical k-port switches.",
        )
    ),
    source=(
        "M. Al-Fares, A. Loukissas, A. Vahdat, 'A Scalable, Commodity Data Center Network"
        " Architecture', SIGCOMM 2008."
    ),
    params=(
        Param(
            "k",
            int,
            4,
            mark("templates", "switch radix (ports per switch), even"),
            minimum=4,
            maximum=128,
        ),
        Param(
            "speed_gbps",
            float,
            10.0,
            mark("templates", "link speed, Gb/s"),
            minimum=1,
            maximum=1600,
        ),
    ),
    builder=build_fat_tree,
    describer=describe_fat_tree,
)
