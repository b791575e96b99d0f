"""Problems: structural ones (missing parts, ports, wiring) and those found by metrics
(power over capacity, oversubscription over the design's threshold, a split network).

Each problem names its element and says what is wrong in an architect's words.
"""

from __future__ import annotations

from model.design import Design
from model.elements import Pattern
from model.metrics.results import Hops, PortUse, Power, TierOversubscription
from model.metrics.topology import RackNet, TierNet, Topology
from model.parts import Medium, MediumKind
from model.problems import Problem, Severity

E, W = Severity.ERROR, Severity.WARNING


def missing_parts(design: Design) -> list[Problem]:
    """Elements that refer to parts absent from the design's catalog."""
    cat = design.catalog
    out: list[Problem] = []
    for g in design.rack_groups.values():
        rack = cat.rack_type(g.rack_type)
        server = cat.server(rack.server) if rack else None
        acc = cat.accelerator(server.accelerator) if server else None
        if rack is None:
            out.append(Problem(E, "missing-part", g.id,
                               f"{g.name}: rack type {g.rack_type!r} is not in the catalog"))
        elif server is None:
            out.append(Problem(E, "missing-part", g.id,
                               f"{g.name}: server {rack.server!r} is not in the catalog"))
        elif acc is None:
            out.append(Problem(E, "missing-part", g.id,
                               f"{g.name}: accelerator {server.accelerator!r} is not in"
                               " the catalog"))
    for t in design.tiers.values():
        if cat.switch(t.switch) is None:
            out.append(Problem(E, "missing-part", t.id,
                               f"{t.name}: switch model {t.switch!r} is not in the catalog"))
    for b in design.bundles.values():
        if b.medium and cat.medium(b.medium) is None:
            out.append(Problem(E, "missing-part", b.id,
                               f"{b.name}: medium {b.medium!r} is not in the catalog"))
    return out


def wiring_problems(topologies: list[Topology], ports: dict[str, PortUse]) -> list[Problem]:
    """Ports over a switch's radix, links that do not deal evenly, links faster than the
    ports or NICs they use, media slower than their links, unconnected elements."""
    out: list[Problem] = []
    for topo in topologies:
        design = topo.design
        for b in topo.bundles:
            bundle = design.bundles[b.bundle_id]
            if not b.even:
                out.append(Problem(W, "uneven-links", b.bundle_id,
                                   f"{bundle.name}: {b.links_per_member:,} links per member do"
                                   f" not deal evenly over {b.upper.count:,} switches"
                                   f" ({b.pattern.value} wiring)"))
            for end in (b.lower, b.upper):
                if isinstance(end, TierNet) and end.model and \
                        b.speed_gbps > end.model.port_speed_gbps:
                    out.append(Problem(E, "link-faster-than-port", b.bundle_id,
                                       f"{bundle.name}: {b.speed_gbps:g}G links on"
                                       f" {end.model.name} ports of"
                                       f" {end.model.port_speed_gbps:g}G"))
            if isinstance(b.lower, RackNet):
                nics = b.lower.nics(topo.plane)
                nic_gbps = nics * b.lower.nic_speed_gbps(topo.plane)
                if b.links_per_member * b.speed_gbps > nic_gbps + 1e-9:
                    out.append(Problem(E, "links-exceed-nics", b.bundle_id,
                                       f"{bundle.name}: {b.links_per_member:,} × "
                                       f"{b.speed_gbps:g}G per server exceeds its {nics:,} ×"
                                       f" {b.lower.nic_speed_gbps(topo.plane):g}G NICs"))
            medium = design.catalog.medium(bundle.medium) if bundle.medium else None
            if medium and medium.speed_gbps < b.speed_gbps:
                out.append(Problem(E, "medium-too-slow", b.bundle_id,
                                   f"{bundle.name}: {medium.name} carries"
                                   f" {medium.speed_gbps:g}G, the links run at"
                                   f" {b.speed_gbps:g}G"))
            elif medium and medium.speed_gbps > b.speed_gbps:
                out.append(speed_medium_mismatch(bundle.id, bundle.name, b.speed_gbps,
                                                 medium))
            if b.pattern is Pattern.RAIL and isinstance(b.lower, RackNet) and \
                    b.lower.nics(topo.plane) == 0:
                out.append(Problem(E, "no-nics", b.bundle_id,
                                   f"{bundle.name}: the servers have no NICs on this plane"))
        linked = {b.upper.id for b in topo.bundles} | {b.lower.id for b in topo.bundles}
        for tier in topo.tiers.values():
            if tier.id not in linked:
                out.append(Problem(W, "unconnected", tier.id,
                                   f"{tier.tier.name}: no links to or from this tier"))
    for tier_id, use in ports.items():
        if use.per_switch and use.worst_switch_used > use.per_switch + 1e-9:
            drawn = topologies[0].design.tiers[tier_id]
            out.append(Problem(E, "ports-exhausted", tier_id,
                               f"{drawn.name}: a switch needs {use.worst_switch_used:,g} ports,"
                               f" it has {use.per_switch:,}"))
    return out


def speed_medium_mismatch(bundle_id: str, name: str, speed_gbps: float, medium: Medium
                          ) -> Problem:
    """A bundle whose links run slower than its medium's rate (200G links on 400G
    optics, say, after the speed was changed and the medium was not): a transceiver or
    cable of one rate does not carry links of another, so the medium no longer matches
    the links. Named in words: which bundle, what speed, which medium."""
    word = "optics" if medium.kind is MediumKind.OPTICAL else "cables"
    return Problem(W, "medium-speed-mismatch", bundle_id,
                   f"Bundle {name!r} runs {speed_gbps:,g} Gb/s links on"
                   f" {medium.speed_gbps:,g}G {word} ({medium.name}): choose a"
                   f" {speed_gbps:,g}G medium or set the links to {medium.speed_gbps:,g}G")


def group_problems(topo: Topology) -> list[Problem]:
    """Rack groups whose scale-up domains do not fit, or with no backend links."""
    out: list[Problem] = []
    linked = {b.lower.id for b in topo.bundles}
    for rack in topo.racks:
        d = rack.server.scale_up_domain
        if d > rack.per_server and rack.accelerators % d:
            out.append(Problem(W, "domain-split", rack.id,
                               f"{rack.group.name}: {rack.accelerators:,} accelerators do not"
                               f" fill whole scale-up domains of {d:,}"))
        if rack.id not in linked and topo.tiers:
            out.append(Problem(W, "unconnected", rack.id,
                               f"{rack.group.name}: no links on the {topo.plane.value}"
                               " plane"))
    return out


def metric_problems(design: Design, power: Power, oversub: dict[str, TierOversubscription],
                    hops: Hops) -> list[Problem]:
    """Buildings over capacity, racks over budget, oversubscription over the threshold,
    accelerators that cannot reach each other."""
    out: list[Problem] = []
    for bp in power.buildings.values():
        if bp.it_kw > bp.capacity_kw:
            b = design.buildings[bp.building_id]
            out.append(Problem(E, "building-over-capacity", b.id,
                               f"{b.name}: IT load {bp.it_kw / 1000:,.2f} MW exceeds its"
                               f" capacity of {bp.capacity_kw / 1000:,.2f} MW"))
    for rp in power.racks.values():
        if rp.per_rack_kw > rp.budget_kw:
            g = design.rack_groups[rp.rack_group_id]
            out.append(Problem(E, "rack-over-budget", g.id,
                               f"{g.name}: each rack draws {rp.per_rack_kw:.1f} kW, over its"
                               f" {rp.budget_kw:g} kW budget"))
    threshold = design.settings.oversubscription_threshold
    for o in oversub.values():
        if o.ratio is not None and o.ratio > threshold + 1e-9:
            t = design.tiers[o.tier_id]
            out.append(Problem(W, "oversubscribed", t.id,
                               f"{t.name}: oversubscribed {o.ratio:.2f}:1, above the"
                               f" threshold of {threshold:g}:1"))
    if hops.unreachable_pairs:
        out.append(Problem(E, "disconnected", None,
                           f"{hops.unreachable_pairs:,} pairs of accelerators have no path"
                           " between them on this plane"))
    return out
