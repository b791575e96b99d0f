"""Hand counting of a template's design, from its own elements (never the metrics
engine), shared by the template tests: accelerators, links per bundle, switches by role,
link ends per switch, and a check that no switch's ports are overfilled."""

from __future__ import annotations

from collections import Counter

from model.design import Design
from model.elements import Pattern, RackGroup, Role, SwitchTier


def servers_of(d: Design, group: RackGroup) -> int:
    rack = d.catalog.rack_type(group.rack_type)
    assert rack is not None
    return group.count * rack.servers_per_rack


def accelerators(d: Design) -> int:
    total = 0
    for group in d.rack_groups.values():
        rack = d.catalog.rack_type(group.rack_type)
        assert rack is not None
        server = d.catalog.server(rack.server)
        assert server is not None
        total += group.count * rack.servers_per_rack * server.accelerators_per_server
    return total


def lower_members(d: Design, element_id: str) -> int:
    element = d.element(element_id)
    if isinstance(element, RackGroup):
        return servers_of(d, element)
    assert isinstance(element, SwitchTier)
    return element.count


def bundle_links(d: Design, bundle_id: str) -> int:
    bundle = d.bundles[bundle_id]
    return lower_members(d, bundle.lower) * bundle.links_per_member


def all_links(d: Design) -> int:
    return sum(bundle_links(d, b) for b in d.bundles)


def switches_by_role(d: Design) -> Counter[Role]:
    counts: Counter[Role] = Counter()
    for tier in d.tiers.values():
        counts[tier.role] += tier.count
    return counts


def link_ends(d: Design) -> dict[str, Counter[int]]:
    """Links at every switch, by tier and member, enumerated link by link with the
    brief's wiring rules (an implementation independent of the metrics engine)."""
    ends: dict[str, Counter[int]] = {t: Counter() for t in d.tiers}
    for bundle in d.bundles.values():
        upper = d.tiers[bundle.upper]
        n, links = upper.count, bundle.links_per_member
        lower = d.element(bundle.lower)
        if isinstance(lower, SwitchTier):
            for j in range(lower.count):
                ends[lower.id][j] += links
                for link in range(links):
                    ends[upper.id][(j * links + link) % n] += 1
            continue
        assert isinstance(lower, RackGroup)
        rack = d.catalog.rack_type(lower.rack_type)
        assert rack is not None
        server = d.catalog.server(rack.server)
        assert server is not None
        servers, nics = servers_of(d, lower), server.nic_count
        for s in range(servers):
            for link in range(links):
                if bundle.pattern is Pattern.SPREAD:
                    target = (s * links + link) % n
                elif bundle.pattern is Pattern.RAIL:
                    nic = link % nics
                    if n <= nics:
                        target = nic % n
                    else:
                        assert n % nics == 0
                        blocks = n // nics
                        assert servers % blocks == 0
                        target = (s // (servers // blocks)) * nics + nic
                else:
                    assert bundle.pattern is Pattern.RACK
                    assert n % lower.count == 0
                    q = n // lower.count
                    r, t = divmod(s, rack.servers_per_rack)
                    target = r * q + (t * links + link) % q
                ends[upper.id][target] += 1
    return ends


def assert_ports_fit(d: Design) -> None:
    """No switch has more links than ports (a link of speed s takes s/p ports)."""
    speeds: dict[str, float] = {}
    for bundle in d.bundles.values():
        for end in (bundle.lower, bundle.upper):
            if end in d.tiers:
                speeds[end] = max(speeds.get(end, 0.0), bundle.speed_gbps)
    for tier_id, counter in link_ends(d).items():
        tier = d.tiers[tier_id]
        model = d.catalog.switch(tier.switch)
        assert model is not None
        per_link = speeds[tier_id] / model.port_speed_gbps
        assert per_link <= 1, f"{tier_id}: links faster than ports"
        worst = max(counter.values(), default=0)
        assert worst * per_link <= model.radix, f"{tier_id}: {worst} links, radix {model.radix}"
