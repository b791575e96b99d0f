"""A two-tier leaf-spine (folded Clos) fabric of commodity switches.

``leaves`` leaf switches, each with ``down`` hosts (one rack of ``down`` one-NIC hosts
per leaf) and ``up`` uplinks dealt round-robin (``spread``) over ``spines`` spine
switches: leaf j, link l goes to spine (j·up + l) mod spines. As in every two-tier Clos,
each leaf reaches every spine, equally: ``up`` must be a multiple of ``spines`` (with
fewer uplinks than spines, each leaf would reach a run of spines, and the runs would
split the fabric into pieces or load the spines unevenly). Each spine then receives
``leaves`` × up/spines links. Oversubscription at the leaves is down : up. Switches
are the nominal generic part of the smallest common radix (8 … 512 ports) that holds
both the leaf's and the spine's links.
"""

from __future__ import annotations

from model.catalog import generic_host_rack, generic_optics, generic_switch
from model.design import Design
from model.elements import Pattern, Role
from model.errors import DesignError
from model.i18n import Message, mark, message
from model.parts import Cooling
from model.templates.base import Param, Template
from model.templates.builder import Builder, BuildingPlan, island_size, size_buildings

COMMON_RADIXES = (8, 16, 24, 32, 48, 64, 96, 128, 256, 512)
"""Port counts of commodity fixed switches, smallest first."""


def common_radix(ports: int) -> int:
    """The smallest common switch radix with at least ``ports`` ports."""
    for radix in COMMON_RADIXES:
        if radix >= ports:
            return radix
    raise DesignError(message(
        "templates", "{ports} ports per switch is more than the largest common switch"
        " ({largest} ports)", ports=ports, largest=COMMON_RADIXES[-1]))


def describe_leaf_spine(leaves: int, down: int, up: int, spines: int,
                        speed_gbps: float) -> Message:
    """The description of the leaf-spine these parameters build, in any language."""
    return message(
        "templates", "Two-tier leaf-spine: {leaves} leaves of {down} hosts and {up} uplinks,"
        " {spines} spines, {speed:g} Gb/s links, leaf oversubscription {down}:{up}.",
        leaves=leaves, down=down, up=up, spines=spines, speed=speed_gbps)


def build_leaf_spine(leaves: int, down: int, up: int, spines: int, speed_gbps: float) -> Design:
    """A leaf-spine fabric; see the module docstring for the wiring."""
    if up % spines:
        raise DesignError(message(
            "templates", "--up {up} is not a multiple of --spines {spines}: in a leaf-spine"
            " every leaf reaches every spine, with the same number of links (use more"
            " uplinks or fewer spines)", up=up, spines=spines))
    spine_down = leaves * up // spines
    radix = common_radix(max(down + up, spine_down))
    b = Builder(
        f"Leaf-spine {leaves}×{spines}",
        describe_leaf_spine(leaves, down, up, spines, speed_gbps).render(),
    )
    hosts = generic_host_rack(down, speed_gbps)
    b.use_parts(hosts)
    switch = b.use_switch(generic_switch(radix, speed_gbps)).id
    medium = b.use_medium(generic_optics(speed_gbps)).id
    plan = BuildingPlan(1, *island_size(2), tier_levels=0)
    hall = b.building("dc", "Data centre", capacity_kw=1.0, plan=plan, cooling=Cooling.AIR)
    fabric = b.island("fabric", "Fabric", hall, plan.island_xy(0))
    b.set_island_levels(fabric, 2)
    racks = b.rack_group("hosts", "Hosts", fabric, hosts.rack_types[0].id, leaves)
    leaf = b.island_tier(
        "leaf", "Leaf", fabric, switch=switch, count=leaves, role=Role.LEAF, level=0
    )
    spine = b.island_tier(
        "spine", "Spine", fabric, switch=switch, count=spines, role=Role.SPINE, level=1
    )
    b.bundle(
        "hosts-leaf", "Hosts–leaf", racks, leaf,
        links=1, speed_gbps=speed_gbps, pattern=Pattern.RACK, medium=medium,
    )
    b.bundle(
        "leaf-spine", "Leaf–spine", leaf, spine,
        links=up, speed_gbps=speed_gbps, pattern=Pattern.SPREAD, medium=medium,
    )
    size_buildings(b.design)
    return b.design


TEMPLATE = Template(
    name="leaf-spine",
    title=mark("templates", "Leaf-spine (two-tier Clos)"),
    description=(
        mark(
            "templates",
            "Leaves with hosts below and uplinks spread over a spine tier; oversubscription"
            " down:up at the leaves.",
        )
    ),
    source=(
        "C. Clos, 'A Study of Non-Blocking Switching Networks', Bell System Technical"
        " Journal 1953; as deployed in data centres, e.g. A. Singh et al., 'Jupiter"
        " Rising', SIGCOMM 2015."
    ),
    params=(
        Param("leaves", int, 16, mark("templates", "leaf switches"), minimum=1, maximum=512),
        Param(
            "down",
            int,
            48,
            mark("templates", "hosts (down-links) per leaf"),
            minimum=1,
            maximum=511,
        ),
        Param("up", int, 16, mark("templates", "uplinks per leaf"), minimum=1, maximum=511),
        Param(
            "spines",
            int,
            16,
            mark("templates", "spine switches, dividing the uplinks per leaf"),
            minimum=1,
            maximum=511,
        ),
        Param(
            "speed_gbps",
            float,
            100.0,
            mark("templates", "link speed, Gb/s"),
            minimum=1,
            maximum=1600,
        ),
    ),
    builder=build_leaf_spine,
    describer=describe_leaf_spine,
)
