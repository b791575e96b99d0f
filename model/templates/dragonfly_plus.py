"""Dragonfly+ (Shpiner et al., 2017): groups of leaf-spine fabrics joined spine to spine.

Every group is an island with a leaf tier and a spine tier of routers (switches) of
radix k: R routers per group, R/2 leaves and R/2 spines (R = k by default, the largest
group of two-level fat-tree form). A leaf has k/2 hosts (one rack of k/2 one-NIC hosts
per leaf, ``rack`` pattern) and k/2 uplinks ``spread`` over its group's spines, so each
spine takes k/2 links down. The other k/2 ports of every spine are global: for each
pair of groups a ``global`` bundle joins their spine tiers, g links per spine
(link l of spine m of the lower group goes to spine (g·m + l) mod R/2 of the other), so
every spine spends g ports on each other group: (groups − 1)·g ≤ k/2. With one global
link per spine per other group the largest system has k/2 + 1 groups (the default).
"""

from __future__ import annotations

from dataclasses import dataclass

from model.catalog import generic_host_rack, generic_optics, generic_switch
from model.design import Design
from model.elements import Pattern, Role
from model.errors import DesignError
from model.i18n import Message, mark, message
from model.parts import Cooling
from model.templates.base import Param, Template
from model.templates.builder import Builder, BuildingPlan, island_size, size_buildings


@dataclass(frozen=True)
class Sizes:
    """The counts of a Dragonfly+ system."""

    half: int
    """k/2: hosts per leaf, links up per leaf, global ports per spine."""
    groups: int
    per_group: int
    """Leaves (= spines) per group."""
    global_links: int
    """Links from each spine to each other group."""
    hosts: int


def sizes(k: int, groups: int, routers: int) -> Sizes:
    """The counts for these parameters (``groups`` 0 means k/2 + 1, ``routers`` 0 means
    k); DesignError naming the parameter when they make no Dragonfly+."""
    if k % 2:
        raise DesignError(message("templates", "--k must be even (half the ports down, half up),"
                                  " not {k}", k=k))
    half = k // 2
    routers = routers or k
    groups = groups or half + 1
    if routers % 2 or routers > k:
        raise DesignError(message(
            "templates", "--routers must be even and at most --k {k} (half leaves, half"
            " spines), not {routers}", k=k, routers=routers))
    if groups < 2:
        raise DesignError(message("templates", "--groups must be at least 2 (0 for k/2 + 1), not"
                                  " {groups}", groups=groups))
    if groups - 1 > half:
        raise DesignError(message(
            "templates", "--groups {groups} is too many: each spine has {half} global ports,"
            " one per other group at least, so at most {most} groups", groups=groups,
            half=half, most=half + 1))
    per_group = routers // 2
    return Sizes(half, groups, per_group, half // (groups - 1), groups * per_group * half)


def describe_dragonfly_plus(k: int, groups: int, routers: int, speed_gbps: float) -> Message:
    """The description of the system these parameters build, in any language."""
    s = sizes(k, groups, routers)
    values = {"groups": s.groups, "per_group": s.per_group, "k": k, "hosts": s.hosts,
              "links": s.global_links, "speed": speed_gbps}
    if s.global_links == 1:
        return message(
            "templates", "Dragonfly+ (Shpiner et al. 2017): {groups} groups of {per_group}"
            " leaves and {per_group} spines ({k}-port routers), {hosts:,} hosts, {links}"
            " global link per spine to every other group, {speed:g} Gb/s links.", **values)
    return message(
        "templates", "Dragonfly+ (Shpiner et al. 2017): {groups} groups of {per_group}"
        " leaves and {per_group} spines ({k}-port routers), {hosts:,} hosts, {links}"
        " global links per spine to every other group, {speed:g} Gb/s links.", **values)


def build_dragonfly_plus(k: int, groups: int, routers: int, speed_gbps: float) -> Design:
    """A Dragonfly+ system; ``groups`` 0 means k/2 + 1, ``routers`` 0 means k."""
    s = sizes(k, groups, routers)
    half, groups, per_group, global_links = s.half, s.groups, s.per_group, s.global_links
    b = Builder(
        f"Dragonfly+ k={k}, {groups} groups",
        describe_dragonfly_plus(k, groups, routers, speed_gbps).render(),
    )
    host_parts = generic_host_rack(half, speed_gbps)
    b.use_parts(host_parts)
    switch = b.use_switch(generic_switch(k, speed_gbps)).id
    medium = b.use_medium(generic_optics(speed_gbps)).id
    plan = BuildingPlan(groups, *island_size(2), tier_levels=0)
    hall = b.building("hall", "Machine hall", capacity_kw=1.0, plan=plan, cooling=Cooling.AIR)
    spines: list[str] = []
    for g in range(1, groups + 1):
        group = b.island(f"group-{g}", f"Group {g}", hall, plan.island_xy(g - 1))
        b.set_island_levels(group, 2)
        racks = b.rack_group(
            f"group-{g}-hosts", f"Group {g} hosts", group, host_parts.rack_types[0].id, per_group
        )
        leaf = b.island_tier(
            f"group-{g}-leaf", f"Group {g} leaf", group,
            switch=switch, count=per_group, role=Role.LEAF, level=0,
        )
        spine = b.island_tier(
            f"group-{g}-spine", f"Group {g} spine", group,
            switch=switch, count=per_group, role=Role.SPINE, level=1,
        )
        b.bundle(
            f"group-{g}-hosts-leaf", f"Group {g} hosts–leaf", racks, leaf,
            links=1, speed_gbps=speed_gbps, pattern=Pattern.RACK, medium=medium,
        )
        b.bundle(
            f"group-{g}-leaf-spine", f"Group {g} leaf–spine", leaf, spine,
            links=half, speed_gbps=speed_gbps, pattern=Pattern.SPREAD, medium=medium,
        )
        spines.append(spine)
    for a in range(groups):
        for c in range(a + 1, groups):
            b.bundle(
                f"global-{a + 1}-{c + 1}", f"Global {a + 1}–{c + 1}", spines[a], spines[c],
                links=global_links, speed_gbps=speed_gbps, pattern=Pattern.GLOBAL, medium=medium,
            )
    size_buildings(b.design)
    return b.design


TEMPLATE = Template(
    name="dragonfly-plus",
    title=mark("templates", "Dragonfly+ (groups of leaf-spine, spines joined globally)"),
    description=(
        mark(
            "templates",
            "Groups (islands) of leaf and spine routers; every pair of groups joined spine to"
            " spine by global links. Up to k/2 + 1 groups of k²/4 hosts.",
        )
    ),
    source=(
        "A. Shpiner, Z. Haramaty, S. Eliad, V. Zdornov, B. Gafni, E. Zahavi, 'Dragonfly+:"
        " Low Cost Topology for Scaling Datacenters', HiPINEB 2017."
    ),
    params=(
        Param(
            "k",
            int,
            16,
            mark("templates", "router radix (ports per switch), even"),
            minimum=4,
            maximum=128,
        ),
        Param(
            "groups",
            int,
            0,
            mark(
                "templates",
                "groups (0: k/2 + 1, the most with one global link per spine per other group)",
            ),
            minimum=0,
            maximum=65,
        ),
        Param(
            "routers",
            int,
            0,
            mark("templates", "routers per group, even, half leaves and half spines (0: k)"),
            minimum=0,
            maximum=128,
        ),
        Param(
            "speed_gbps",
            float,
            200.0,
            mark("templates", "link speed, Gb/s"),
            minimum=1,
            maximum=1600,
        ),
    ),
    builder=build_dragonfly_plus,
    describer=describe_dragonfly_plus,
)
