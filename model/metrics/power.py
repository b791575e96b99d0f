"""Power per building and per rack, and peak compute.

IT power of a building = servers (maximum power, plus each rack's non-server overhead) +
switches (maximum power) + transceivers and active cables (watts per end, each end counted
in the building where its port is) + the design's storage/front-end allowance (a % of
that sum). Facility power = IT × PUE. Switches of every plane count.

Compute = accelerators × peak dense BF16 TFLOPS, in PFLOPS, by accelerator type, by the
accelerator's vendor, by island and by building: a campus may mix accelerators freely
(each rack group names its own rack type), so the breakdowns say what each part brings.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from model.metrics.representation.topology import RackNet, TierNet, Topology
from model.metrics.results import BuildingPower, Compute, Power, RackPower

if TYPE_CHECKING:
    from model.design import Design


def _end_building(end: RackNet | TierNet) -> str:
    return end.building


LinkEnds = tuple[str, str, int, str, int]
"""A bundle's powered link ends: (bundle id, lower end's building, links with a powered
module there, upper end's building, likewise)."""


def link_ends(topologies: list[Topology]) -> list[LinkEnds]:
    """Every bundle's links, both ends powered."""
    return [(b.bundle_id, _end_building(b.lower), b.links, _end_building(b.upper), b.links)
            for t in topologies for b in t.bundles]


@dataclass(frozen=True)
class PowerDraw:
    """What the racks, switches and link ends draw, summed per building (kW), and each
    rack group's power against its rack budget: everything of :func:`power` that does
    not depend on the buildings' own figures (capacity, PUE) or the allowance."""

    servers_kw: dict[str, float]
    switches_kw: dict[str, float]
    optics_kw: dict[str, float]
    racks: dict[str, RackPower]


def power_draw(topo: Topology, topologies: list[Topology],
               ends: Sequence[LinkEnds] | None = None) -> PowerDraw:
    """What the racks of ``topo``, the tiers of ``topologies`` and the link ends
    ``ends`` (default: both ends of every link of ``topologies``) draw, per building."""
    design = topo.design
    servers_kw: dict[str, float] = defaultdict(float)
    switches_kw: dict[str, float] = defaultdict(float)
    optics_kw: dict[str, float] = defaultdict(float)
    racks: dict[str, RackPower] = {}
    for rack in topo.racks:
        per_rack_w = (rack.rack_type.servers_per_rack * rack.server.max_power_w
                      + rack.rack_type.overhead_w)
        servers_kw[rack.building] += rack.racks * per_rack_w / 1000
        budget = rack.rack_type.power_budget_kw
        racks[rack.id] = RackPower(rack.id, per_rack_w / 1000, budget,
                                   per_rack_w / 1000 / budget)
    for t in topologies:  # every plane's tiers that have power (a failed switch draws)
        for tier in t.tiers.values():
            if tier.model is not None:
                switches_kw[tier.building] += tier.count * tier.model.max_power_w / 1000
    media = {m.id: m for m in design.catalog.media}
    bundles = design.bundles
    for bundle_id, lower, lower_links, upper, upper_links in (
            link_ends(topologies) if ends is None else ends):
        medium_id = bundles[bundle_id].medium
        medium = media.get(medium_id) if medium_id else None
        if medium is None or medium.power_w_per_end == 0:
            continue
        optics_kw[lower] += lower_links * medium.power_w_per_end / 1000
        optics_kw[upper] += upper_links * medium.power_w_per_end / 1000
    return PowerDraw(dict(servers_kw), dict(switches_kw), dict(optics_kw), racks)


def power(topo: Topology, topologies: list[Topology],
          ends: Sequence[LinkEnds] | None = None) -> Power:
    """Power per building and per rack group (kW), with campus totals: of the racks of
    ``topo``, the tiers of ``topologies`` and the link ends ``ends`` (default: both
    ends of every link of ``topologies``)."""
    return building_power(topo.design, power_draw(topo, topologies, ends))


def building_power(design: Design, draw: PowerDraw) -> Power:
    """``draw`` against each building of ``design``: the allowance, IT and facility
    power, utilization and headroom (kW), with campus totals."""
    share = design.settings.allowance_pct / 100
    buildings: dict[str, BuildingPower] = {}
    for building in design.buildings.values():
        s = draw.servers_kw.get(building.id, 0.0)
        w = draw.switches_kw.get(building.id, 0.0)
        o = draw.optics_kw.get(building.id, 0.0)
        allowance = (s + w + o) * share
        it = s + w + o + allowance
        buildings[building.id] = BuildingPower(
            building_id=building.id,
            servers_kw=s,
            switches_kw=w,
            transceivers_kw=o,
            allowance_kw=allowance,
            it_kw=it,
            facility_kw=it * building.pue,
            capacity_kw=building.capacity_kw,
            utilization=it / building.capacity_kw,
            headroom_kw=building.capacity_kw - it,
        )
    return Power(
        buildings=buildings,
        racks=dict(draw.racks),
        it_kw=sum(b.it_kw for b in buildings.values()),
        facility_kw=sum(b.facility_kw for b in buildings.values()),
        capacity_kw=sum(b.capacity_kw for b in buildings.values()),
    )


def compute(topo: Topology) -> Compute:
    """Peak dense BF16 PFLOPS by accelerator type, vendor, island, building and campus."""
    by_type: dict[str, float] = defaultdict(float)
    by_vendor: dict[str, float] = defaultdict(float)
    by_island: dict[str, float] = dict.fromkeys(topo.design.islands, 0.0)
    by_building: dict[str, float] = dict.fromkeys(topo.design.buildings, 0.0)
    for rack in topo.racks:
        pflops = rack.accelerators * rack.accelerator.bf16_dense_tflops / 1000
        by_type[rack.accelerator.id] += pflops
        by_vendor[rack.accelerator.vendor] += pflops
        by_island[rack.island] += pflops
        by_building[rack.building] += pflops
    return Compute(dict(by_type), by_island, by_building, sum(by_type.values()),
                   by_vendor=dict(by_vendor))
