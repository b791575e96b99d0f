"""NVIDIA DGX SuperPOD: scalable units (SUs) on a rail-optimized fabric.

One SU is one island: 32 DGX systems (or 8 GB200 NVL72 racks = 144 compute trays) and
its leaf switches. Rail-optimized: the rack group is wired to its SU's leaves with the
``rail`` pattern, so NIC i of every system goes to leaf i of the SU (with more leaves
than NICs, as for GB200, the trays form blocks and block b uses leaves b·nics …).
Each leaf gives half its ports to servers and half to uplinks (non-blocking).

- Up to 8 SUs, two tiers: a spine tier of P switches for the whole hall, P the
  smallest divisor of an SU's uplink count U that holds every uplink (P ≥ SUs·U/radix),
  so each SU's ``spread`` bundle lands evenly (leaf j, link l → spine (j·radix/2 + l)
  mod P). For H100, 4 SUs: 32 leaves, 16 spines, 1,024 + 1,024 links.
- Above 8 SUs, three tiers: each SU also has its own spine tier (U ÷ (radix/2)
  switches, half ports down, half up), and a core tier of C switches for the hall, C
  the smallest divisor of U that holds every uplink.

Switches: Quantum-2 QM9700 (64 × 400G) for DGX H100/B200 (ConnectX-7, 400G per GPU);
Quantum-X800 Q3400 (144 × 800G) for GB200 NVL72 (800G per GPU). Optics: multimode
inside an SU, single-mode (DR) to the hall-wide tier, whose links run between parts of
the building beyond multimode reach.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from model.catalog import load_builtin_catalog
from model.design import Design
from model.elements import Pattern, Role
from model.errors import DesignError
from model.i18n import Message, mark, message
from model.part_names import PartName
from model.parts import Catalog, Cooling, SwitchModel
from model.templates.base import Param, Template
from model.templates.builder import (
    Builder,
    BuildingPlan,
    island_size,
    size_buildings,
    smallest_divisor_at_least,
)

TWO_TIER_MAX_SUS = 8
"""NVIDIA's reference architecture builds up to 8 SUs with two switch tiers."""


@dataclass(frozen=True)
class System:
    """What one SU is made of for one system choice."""

    title: str
    rack_type: str
    racks_per_su: int
    switch: str
    medium: str
    """Optics inside an SU (racks to leaves, leaves to the SU's own spines)."""
    hall_medium: str
    """Optics to the hall-wide tier, which stands in another part of the building: the
    reach check assumes 150 m there, beyond multimode optics, so single-mode."""
    cooling: Cooling


SYSTEMS: dict[str, System] = {
    "dgx-h100": System(
        "DGX H100", "dgx-h100-x4", 8, "qm9700", "optical-400g-osfp", "optical-400g-dr4",
        Cooling.AIR,
    ),
    "dgx-b200": System(
        "DGX B200", "dgx-b200-x4", 8, "qm9700", "optical-400g-osfp", "optical-400g-dr4",
        Cooling.LIQUID,
    ),
    "gb200-nvl72": System(
        "GB200 NVL72", "gb200-nvl72", 8, "q3400", "optical-800g-osfp", "optical-800g-osfp",
        Cooling.LIQUID,
    ),
}


@dataclass(frozen=True)
class Fabric:
    """The sizes of one SU of a system on its switch model."""

    switch: SwitchModel
    speed: float
    """Link speed (the servers' NIC speed), Gb/s."""
    half: int
    """Links down (= up) per leaf."""
    su_links: int
    leaves: int
    per_switch: int
    """Links one upper switch can take."""
    gpus_per_su: int


def fabric(spec: System, catalog: Catalog) -> Fabric:
    """The sizes of an SU of ``spec`` from the parts of ``catalog`` (DesignError when
    its NIC links do not fill whole leaves)."""
    switch = catalog.switch(spec.switch)
    rack = catalog.rack_type(spec.rack_type)
    server = catalog.server(rack.server) if rack else None
    assert switch is not None and rack is not None and server is not None
    speed = server.nic_speed_gbps
    ports_per_link = math.ceil(speed / switch.port_speed_gbps)
    half = switch.radix // (2 * ports_per_link)
    su_links = spec.racks_per_su * rack.servers_per_rack * server.nic_count
    if su_links % half:
        raise DesignError(message("templates", "an SU's {links} NIC links do not fill whole"
                                  " leaves of {half}", links=su_links, half=half))
    return Fabric(switch, speed, half, su_links, su_links // half,
                  switch.radix // ports_per_link,
                  spec.racks_per_su * rack.servers_per_rack * server.accelerators_per_server)


def describe_superpod(sus: int, system: str) -> Message:
    """The description of the SuperPOD these parameters build, in any language: its
    switch model named as :class:`~model.part_names.PartName` says it."""
    spec = SYSTEMS[system]
    sizes = fabric(spec, load_builtin_catalog())
    tiers = (mark("templates", "three switch tiers") if sus > TWO_TIER_MAX_SUS
             else mark("templates", "two switch tiers"))
    return message(
        "templates", "NVIDIA DGX SuperPOD reference architecture, rail-optimized: {sus} SU"
        " of {system} ({gpus:,} GPUs), {leaves} leaves per SU, {tiers} of {switch}.",
        sus=sus, system=spec.title, gpus=sus * sizes.gpus_per_su, leaves=sizes.leaves,
        tiers=Message("templates", tiers), switch=PartName(sizes.switch.name))


def build_superpod(sus: int, system: str) -> Design:
    """A SuperPOD of ``sus`` scalable units of ``system``; see the module docstring."""
    spec = SYSTEMS[system]
    b = Builder(f"DGX SuperPOD, {sus} SU {spec.title}", "")
    b.use_rack_type(spec.rack_type)
    switch = b.use_switch(spec.switch)
    medium = b.use_medium(spec.medium).id
    hall_medium = b.use_medium(spec.hall_medium).id
    sizes = fabric(spec, b.design.catalog)
    speed, half, su_links, leaves = sizes.speed, sizes.half, sizes.su_links, sizes.leaves
    per_switch = sizes.per_switch
    if sus > per_switch:
        raise DesignError(message(
            "templates", "--sus {sus} is more than {most}, the most SUs a three-tier fabric"
            " of {switch} can join", sus=sus, most=per_switch,
            switch=PartName(switch.name)))
    three_tier = sus > TWO_TIER_MAX_SUS
    top = smallest_divisor_at_least(su_links, math.ceil(sus * su_links / per_switch))
    b.design.rename(b.design.name, describe_superpod(sus, system).render())
    rack = b.design.catalog.rack_type(spec.rack_type)
    server = b.design.catalog.server(rack.server) if rack else None
    assert rack is not None and server is not None
    plan = BuildingPlan(sus, *island_size(2 if three_tier else 1), tier_levels=1)
    hall = b.building("hall", "Data hall", capacity_kw=1.0, plan=plan, cooling=spec.cooling)
    top_role, top_name = (Role.CORE, "Core") if three_tier else (Role.SPINE, "Spine")
    top_id = b.wide_tier(
        top_name.lower(), top_name, hall,
        plan=plan, switch=switch.id, count=top, role=top_role, level=0,
    )
    for n in range(1, sus + 1):
        su = b.island(f"su-{n}", f"SU {n}", hall, plan.island_xy(n - 1))
        b.set_island_levels(su, 2 if three_tier else 1)
        racks = b.rack_group(
            f"su-{n}-racks", f"SU {n} racks", su, spec.rack_type, spec.racks_per_su
        )
        leaf = b.island_tier(
            f"su-{n}-leaf", f"SU {n} leaf", su,
            switch=switch.id, count=leaves, role=Role.LEAF, level=0,
        )
        b.bundle(
            f"su-{n}-rails", f"SU {n} rails", racks, leaf,
            links=server.nic_count, speed_gbps=speed, pattern=Pattern.RAIL, medium=medium,
        )
        upper = top_id
        if three_tier:
            upper = b.island_tier(
                f"su-{n}-spine", f"SU {n} spine", su,
                switch=switch.id, count=su_links // half, role=Role.SPINE, level=1,
            )
            b.bundle(
                f"su-{n}-spine-core", f"SU {n} spine–core", upper, top_id,
                links=half, speed_gbps=speed, pattern=Pattern.SPREAD, medium=hall_medium,
            )
        b.bundle(
            f"su-{n}-leaf-spine", f"SU {n} leaf–spine", leaf, upper,
            links=half, speed_gbps=speed, pattern=Pattern.SPREAD,
            medium=medium if three_tier else hall_medium,
        )
    size_buildings(b.design)
    return b.design


TEMPLATE = Template(
    name="superpod",
    title=mark("templates", "NVIDIA DGX SuperPOD (rail-optimized)"),
    description=(
        mark(
            "templates",
            "Scalable units of 32 DGX (or 8 NVL72 racks), one island each, rail-optimized"
            " leaves; two switch tiers up to 8 SUs, three above.",
        )
    ),
    source=(
        "NVIDIA DGX SuperPOD reference architecture (DGX H100 / DGX B200 / DGX GB200),"
        " compute fabric chapter."
    ),
    params=(
        Param("sus", int, 4, mark("templates", "scalable units"), minimum=1, maximum=144),
        Param(
            "system",
            str,
            "dgx-h100",
            mark("templates", "system in each SU"),
            choices=tuple(SYSTEMS),
        ),
    ),
    builder=build_superpod,
    describer=describe_superpod,
)
