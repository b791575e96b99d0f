"""Problems: structural ones (missing parts, ports, wiring) and those found by metrics
(power over capacity, oversubscription over the design's threshold, a split network).

Each problem names its element and says what is wrong in an architect's words.
"""

from __future__ import annotations

from model.design import Design
from model.elements import Pattern
from model.i18n import Message, mark, message
from model.metrics.representation.topology import RackNet, TierNet, Topology
from model.metrics.results import Hops, PortUse, Power, TierOversubscription
from model.part_names import PartName
from model.parts import Medium, MediumKind
from model.problems import Problem, Severity

E, W = Severity.ERROR, Severity.WARNING

PLANE_WORDS: dict[str, str] = {
    "backend": mark("terms", "backend"),
    "frontend": mark("terms", "frontend"),
    "storage": mark("terms", "storage"),
}
"""The network planes in words (translated in the ``terms`` context)."""


def plane_word(plane: str) -> Message:
    """A plane's name, to be shown in the reader's language."""
    return Message("terms", PLANE_WORDS.get(plane, plane))


def missing_parts(design: Design) -> list[Problem]:
    """Elements that refer to parts absent from the design's catalog (errors), and link
    bundles with no medium chosen (a warning: no transceiver or cable is counted for
    them, so their optics and cables are missing from the cost, the power and the bill
    of materials)."""
    cat = design.catalog
    out: list[Problem] = []
    for g in design.rack_groups.values():
        rack = cat.rack_type(g.rack_type)
        server = cat.server(rack.server) if rack else None
        acc = cat.accelerator(server.accelerator) if server else None
        if rack is None:
            out.append(Problem.of(E, "missing-part", g.id, message(
                "problems", "{name}: rack type {part!r} is not in the catalog",
                name=g.name, part=g.rack_type)))
        elif server is None:
            out.append(Problem.of(E, "missing-part", g.id, message(
                "problems", "{name}: server {part!r} is not in the catalog",
                name=g.name, part=rack.server)))
        elif acc is None:
            out.append(Problem.of(E, "missing-part", g.id, message(
                "problems", "{name}: accelerator {part!r} is not in the catalog",
                name=g.name, part=server.accelerator)))
    switches = {m.id for m in cat.switches}
    for t in design.tiers.values():
        if t.switch not in switches:
            out.append(Problem.of(E, "missing-part", t.id, message(
                "problems", "{name}: switch model {part!r} is not in the catalog",
                name=t.name, part=t.switch)))
    media = {m.id for m in cat.media}
    for b in design.bundles.values():
        if b.medium and b.medium not in media:
            out.append(Problem.of(E, "missing-part", b.id, message(
                "problems", "{name}: medium {part!r} is not in the catalog",
                name=b.name, part=b.medium)))
        elif not b.medium:
            out.append(Problem.of(W, "no-medium", b.id, message(
                "problems", "Link bundle {name!r} has no medium: its optics and cables are"
                " not in the cost or power", name=b.name)))
    return out


def wiring_problems(topologies: list[Topology], ports: dict[str, PortUse]) -> list[Problem]:
    """Ports over a switch's radix, links that do not deal evenly, links faster than the
    ports or NICs they use, media slower than their links, unconnected elements."""
    out: list[Problem] = []
    for topo in topologies:
        design = topo.design
        media = {m.id: m for m in design.catalog.media}
        bundles = design.bundles
        for b in topo.bundles:
            bundle = bundles[b.bundle_id]
            if not b.even:
                out.append(Problem.of(W, "uneven-links", b.bundle_id, message(
                    "problems", "{name}: {links:,} links per member do not deal evenly"
                    " over {switches:,} switches ({pattern} wiring)",
                    name=bundle.name, links=b.links_per_member, switches=b.upper.count,
                    pattern=b.pattern.value)))
            for end in (b.lower, b.upper):
                if isinstance(end, TierNet) and end.model and \
                        b.speed_gbps > end.model.port_speed_gbps:
                    out.append(Problem.of(E, "link-faster-than-port", b.bundle_id, message(
                        "problems", "{name}: {speed:g}G links on {switch} ports of"
                        " {port_speed:g}G", name=bundle.name, speed=b.speed_gbps,
                        switch=PartName(end.model.name), port_speed=end.model.port_speed_gbps)))
            if isinstance(b.lower, RackNet):
                nics = b.lower.nics(topo.plane)
                nic_gbps = nics * b.lower.nic_speed_gbps(topo.plane)
                if b.links_per_member * b.speed_gbps > nic_gbps + 1e-9:
                    out.append(Problem.of(E, "links-exceed-nics", b.bundle_id, message(
                        "problems", "{name}: {links:,} × {speed:g}G per server exceeds its"
                        " {nics:,} × {nic_speed:g}G NICs", name=bundle.name,
                        links=b.links_per_member, speed=b.speed_gbps, nics=nics,
                        nic_speed=b.lower.nic_speed_gbps(topo.plane))))
            medium = media.get(bundle.medium) if bundle.medium else None
            if medium and medium.speed_gbps < b.speed_gbps:
                out.append(Problem.of(E, "medium-too-slow", b.bundle_id, message(
                    "problems", "{name}: {medium} carries {medium_speed:g}G, the links run"
                    " at {speed:g}G", name=bundle.name, medium=PartName(medium.name),
                    medium_speed=medium.speed_gbps, speed=b.speed_gbps)))
            elif medium and medium.speed_gbps > b.speed_gbps:
                out.append(speed_medium_mismatch(bundle.id, bundle.name, b.speed_gbps,
                                                 medium))
            if b.pattern is Pattern.RAIL and isinstance(b.lower, RackNet) and \
                    b.lower.nics(topo.plane) == 0:
                out.append(Problem.of(E, "no-nics", b.bundle_id, message(
                    "problems", "{name}: the servers have no NICs on this plane",
                    name=bundle.name)))
        linked = {b.upper.id for b in topo.bundles} | {b.lower.id for b in topo.bundles}
        for tier in topo.tiers.values():
            if tier.id not in linked:
                out.append(Problem.of(W, "unconnected", tier.id, message(
                    "problems", "{name}: no links to or from this tier",
                    name=tier.tier.name)))
    for tier_id, use in ports.items():
        if use.per_switch and use.worst_switch_used > use.per_switch + 1e-9:
            drawn = topologies[0].design.tiers[tier_id]
            out.append(Problem.of(E, "ports-exhausted", tier_id, message(
                "problems", "{name}: a switch needs {used:,g} ports, it has {ports:,}",
                name=drawn.name, used=use.worst_switch_used, ports=use.per_switch)))
    return out


def speed_medium_mismatch(bundle_id: str, name: str, speed_gbps: float, medium: Medium
                          ) -> Problem:
    """A bundle whose links run slower than its medium's rate (200G links on 400G
    optics, say, after the speed was changed and the medium was not): a transceiver or
    cable of one rate does not carry links of another, so the medium no longer matches
    the links. Named in words: which bundle, what speed, which medium."""
    values = {"name": name, "speed": speed_gbps, "medium_speed": medium.speed_gbps,
              "medium": PartName(medium.name)}
    text = message(
        "problems", "Bundle {name!r} runs {speed:,g} Gb/s links on {medium_speed:,g}G optics"
        " ({medium}): choose a {speed:,g}G medium or set the links to {medium_speed:,g}G",
        **values,
    ) if medium.kind is MediumKind.OPTICAL else message(
        "problems", "Bundle {name!r} runs {speed:,g} Gb/s links on {medium_speed:,g}G cables"
        " ({medium}): choose a {speed:,g}G medium or set the links to {medium_speed:,g}G",
        **values,
    )
    return Problem.of(W, "medium-speed-mismatch", bundle_id, text)


def group_problems(topo: Topology) -> list[Problem]:
    """Rack groups whose scale-up domains do not fit, or with no backend links."""
    out: list[Problem] = []
    linked = {b.lower.id for b in topo.bundles}
    for rack in topo.racks:
        d = rack.server.scale_up_domain
        if d > rack.per_server and rack.accelerators % d:
            out.append(Problem.of(W, "domain-split", rack.id, message(
                "problems", "{name}: {accelerators:,} accelerators do not fill whole"
                " scale-up domains of {domain:,}", name=rack.group.name,
                accelerators=rack.accelerators, domain=d)))
        if rack.id not in linked and topo.tiers:
            out.append(Problem.of(W, "unconnected", rack.id, message(
                "problems", "{name}: no links on the {plane} plane", name=rack.group.name,
                plane=plane_word(topo.plane.value))))
    return out


def metric_problems(design: Design, power: Power, oversub: dict[str, TierOversubscription],
                    hops: Hops) -> list[Problem]:
    """Buildings over capacity, racks over budget, oversubscription over the threshold,
    accelerators that cannot reach each other."""
    out: list[Problem] = []
    for bp in power.buildings.values():
        if bp.it_kw > bp.capacity_kw:
            b = design.buildings[bp.building_id]
            out.append(Problem.of(E, "building-over-capacity", b.id, message(
                "problems", "{name}: IT load {it_mw:,.2f} MW exceeds its capacity of"
                " {capacity_mw:,.2f} MW", name=b.name, it_mw=bp.it_kw / 1000,
                capacity_mw=bp.capacity_kw / 1000)))
    for rp in power.racks.values():
        if rp.per_rack_kw > rp.budget_kw:
            g = design.rack_groups[rp.rack_group_id]
            out.append(Problem.of(E, "rack-over-budget", g.id, message(
                "problems", "{name}: each rack draws {rack_kw:.1f} kW, over its"
                " {budget_kw:g} kW budget", name=g.name, rack_kw=rp.per_rack_kw,
                budget_kw=rp.budget_kw)))
    threshold = design.settings.oversubscription_threshold
    for o in oversub.values():
        if o.ratio is not None and o.ratio > threshold + 1e-9:
            t = design.tiers[o.tier_id]
            out.append(Problem.of(W, "oversubscribed", t.id, message(
                "problems", "{name}: oversubscribed {ratio:.2f}:1, above the threshold of"
                " {threshold:g}:1", name=t.name, ratio=o.ratio, threshold=threshold)))
    if hops.unreachable_pairs:
        out.append(Problem.of(E, "disconnected", None, message(
            "problems", "{pairs:,} pairs of accelerators have no path between them on this"
            " plane", pairs=hops.unreachable_pairs)))
    return out
