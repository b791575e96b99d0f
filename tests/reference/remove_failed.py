"""The reference's own reading of failures: the healthy expanded graph
(:mod:`tests.reference.expand`) with what is down deleted from it, and power summed
device by device over what still draws. Written from the definitions in
``model/failures.py`` and ``docs/metrics.md`` (Failures); it does not import
``model.metrics``.

- a building down darkens its islands, the tiers standing in it and the rack groups of
  those islands; an island down its rack groups and island tiers; a rack group down (or
  all of its racks) its racks: dark nodes are deleted and draw no power;
- switches of a tier down (some, or all): their nodes are deleted (no link works), but
  they still draw power;
- links of a bundle down: link ``j·L + l`` is link ``l`` of the bundle's lower member
  ``j`` (server ``j`` of a rack group, switch ``j`` of a tier); its capacity is taken off
  the edge it adds to, and a shared NIC's accelerators get their share of what is left;
  its two ends still draw power;
- racks of a rack group down: their servers' accelerators and NICs are deleted; they
  and their end of each link draw nothing.
"""

from __future__ import annotations

from collections import defaultdict

from model.design import Design
from model.elements import Pattern, Plane, RackGroup, SwitchTier
from model.failures import Failure
from tests.reference.expand import (
    Expanded,
    Node,
    _server_link_target,
    accelerators_of_nic,
    expand,
    nic_count,
    tier_building,
)
from tests.reference.slow_metrics import RefBuildingPower, _medium_draws


def _members(design: Design, failure: Failure, total: int) -> set[int]:
    if failure.members is not None:
        return set(failure.members)
    if failure.count is not None:
        return set(range(failure.count))
    return set(range(total))


class Reading:
    """What a list of failures takes down, read from the design alone."""

    def __init__(self, design: Design, failures: list[Failure]):
        self.design = design
        self.dark: set[str] = set()
        self.racks: dict[str, set[int]] = {}
        self.switches: dict[str, set[int]] = {}
        self.links: dict[str, set[int]] = {}
        for f in failures:
            element = design.element(f.element)
            if isinstance(element, RackGroup):
                self.racks[f.element] = _members(design, f, element.count)
            elif isinstance(element, SwitchTier):
                self.switches[f.element] = _members(design, f, element.count)
            elif f.element in design.bundles:
                bundle = design.bundles[f.element]
                self.links[f.element] = _members(
                    design, f, self.lower_members(bundle.lower) * bundle.links_per_member)
            else:
                self.dark.add(f.element)  # a building or an island
        dark_islands = {i.id for i in design.islands.values()
                        if i.id in self.dark or i.building in self.dark}
        for group in design.rack_groups.values():
            if group.island in dark_islands:
                self.racks[group.id] = set(range(group.count))
        for tier in design.tiers.values():
            if tier.island in dark_islands or tier_building(design, tier) in self.dark:
                self.dark.add(tier.id)

    def lower_members(self, element_id: str) -> int:
        """Servers of a rack group, switches of a tier."""
        element = self.design.element(element_id)
        if isinstance(element, SwitchTier):
            return element.count
        assert isinstance(element, RackGroup)
        rack = self.design.catalog.rack_type(element.rack_type)
        assert rack is not None
        return element.count * rack.servers_per_rack

    def server_dark(self, group_id: str, server: int) -> bool:
        """True when the server's rack is down."""
        group = self.design.rack_groups[group_id]
        rack = self.design.catalog.rack_type(group.rack_type)
        assert rack is not None
        return server // rack.servers_per_rack in self.racks.get(group_id, set())

    def switch_down(self, tier_id: str, j: int) -> bool:
        """True when switch ``j`` of the tier forwards nothing (failed or dark)."""
        return tier_id in self.dark or j in self.switches.get(tier_id, set())


def expand_failed(design: Design, failures: list[Failure],
                  plane: Plane | None = None) -> Expanded:
    """The expanded graph of ``design`` with what ``failures`` take down deleted."""
    plane = Plane(plane) if plane is not None else design.settings.plane
    ex = expand(design, plane)
    reading = Reading(design, failures)
    graph = ex.graph
    # links down: take each one's capacity off its edge
    for bundle_id, down in reading.links.items():
        bundle = design.bundles[bundle_id]
        upper = design.tiers[bundle.upper]
        if upper.plane is not plane:
            continue
        lower = design.element(bundle.lower)
        links = bundle.links_per_member
        for number in down:
            j, link = divmod(number, links)
            if isinstance(lower, RackGroup):
                rack = design.catalog.rack_type(lower.rack_type)
                server = design.catalog.server(rack.server) if rack else None
                assert rack is not None and server is not None
                nics = nic_count(server, plane)
                nic = link % nics
                served = accelerators_of_nic(nic, nics, server.accelerators_per_server)
                end: Node = (("acc", lower.id, j, served[0]) if len(served) == 1
                             else ("nic", lower.id, j, nic))
                target = _server_link_target(bundle, lower, rack, nics=nics, n=upper.count,
                                             s=j, link=link)
            else:
                assert bundle.pattern in (Pattern.SPREAD, Pattern.GLOBAL)
                end = ("sw", bundle.lower, j)
                target = (j * links + link) % upper.count
            edge = graph[end][("sw", upper.id, target)]
            edge["capacity_gbps"] -= bundle.speed_gbps
            if edge["capacity_gbps"] <= 1e-9:
                graph.remove_edge(end, ("sw", upper.id, target))
    # switches down, dark tiers, dark racks: their nodes go
    gone = {n for n in ex.switches if reading.switch_down(str(n[1]), int(n[2]))}  # type: ignore[call-overload]
    for n in list(graph.nodes):
        if n[0] in ("acc", "nic") and reading.server_dark(str(n[1]), int(n[2])):  # type: ignore[call-overload]
            gone.add(n)
    graph.remove_nodes_from(gone)
    # a shared NIC's accelerators share what its links have left
    for nic in [n for n in graph.nodes if n[0] == "nic"]:
        accs = [v for v in graph[nic] if v[0] == "acc"]
        total = sum(d["capacity_gbps"] for v, d in graph[nic].items() if v[0] == "sw")
        for acc in accs:
            if total > 0:
                graph[nic][acc]["capacity_gbps"] = total / len(accs)
            else:
                graph.remove_edge(nic, acc)
    ex.switches = [n for n in ex.switches if n not in gone]
    ex.accelerators = [n for n in ex.accelerators if n not in gone]
    ex.info = {n: i for n, i in ex.info.items() if n not in gone}
    ex.endpoints = {n: [e for e in ends if e not in gone]
                    for n, ends in ex.endpoints.items() if n not in gone}
    return ex


def power_failed(design: Design, failures: list[Failure]) -> dict[str, RefBuildingPower]:
    """Power per building, device by device, of what still draws: servers and racks not
    dark, switches of tiers not dark (failed ones included), and a module at each end
    of each link whose device at that end is not dark."""
    reading = Reading(design, failures)
    cat = design.catalog
    servers_w: dict[str, float] = defaultdict(float)
    switches_w: dict[str, float] = defaultdict(float)
    optics_w: dict[str, float] = defaultdict(float)
    for group in design.rack_groups.values():
        rack = cat.rack_type(group.rack_type)
        server = cat.server(rack.server) if rack else None
        assert rack is not None and server is not None
        building = design.islands[group.island].building
        for r in range(group.count):
            if r in reading.racks.get(group.id, set()):
                continue
            servers_w[building] += rack.overhead_w + rack.servers_per_rack * server.max_power_w
    for tier in design.tiers.values():
        model = cat.switch(tier.switch)
        assert model is not None
        if tier.id not in reading.dark:
            switches_w[tier_building(design, tier)] += tier.count * model.max_power_w
    for bundle in design.bundles.values():
        medium = cat.medium(bundle.medium) if bundle.medium else None
        if medium is None or not _medium_draws(medium.kind):
            continue
        lower = design.element(bundle.lower)
        upper = design.tiers[bundle.upper]
        up_building = tier_building(design, upper)
        for j in range(reading.lower_members(bundle.lower)):
            if isinstance(lower, RackGroup):
                lower_lit = not reading.server_dark(lower.id, j)
                low_building = design.islands[lower.island].building
            else:
                assert isinstance(lower, SwitchTier)
                lower_lit = lower.id not in reading.dark
                low_building = tier_building(design, lower)
            for _ in range(bundle.links_per_member):
                if lower_lit:
                    optics_w[low_building] += medium.power_w_per_end
                if upper.id not in reading.dark:
                    optics_w[up_building] += medium.power_w_per_end
    out = {}
    for building in design.buildings.values():
        b = building.id
        base = (servers_w[b] + switches_w[b] + optics_w[b]) / 1000
        allowance = base * design.settings.allowance_pct / 100
        it = base + allowance
        out[b] = RefBuildingPower(servers_kw=servers_w[b] / 1000,
                                  switches_kw=switches_w[b] / 1000,
                                  transceivers_kw=optics_w[b] / 1000, allowance_kw=allowance,
                                  it_kw=it, facility_kw=it * building.pue,
                                  capacity_kw=building.capacity_kw)
    return out


def stranded(healthy: Expanded, failed: Expanded) -> int:
    """Accelerators still working that had a switch to reach and have none now."""
    def reaches(ex: Expanded, acc: Node) -> bool:
        return any(v[0] == "sw" for end in ex.endpoints[acc] for v in ex.graph[end])
    return sum(1 for acc in failed.accelerators
               if reaches(healthy, acc) and not reaches(failed, acc))
