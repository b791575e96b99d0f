"""Inventory (counts of everything), port use per tier, and oversubscription.

Counts are over every plane (a bill of materials includes the front-end network);
oversubscription is for the metrics plane. A link of speed *s* on a switch whose ports run
at *p* uses *s/p* ports (an 800G port carries two 400G links).
"""

from __future__ import annotations

from collections import Counter

import numpy as np

from model.elements import Pattern, Plane
from model.metrics.results import Inventory, PortUse, TierOversubscription
from model.metrics.topology import TierNet, Topology, resolve
from model.parts import MediumKind


def plane_topologies(topo: Topology) -> list[Topology]:
    """The metrics plane's topology plus those of the other planes that have tiers."""
    planes = {t.plane for t in topo.design.tiers.values()}
    out = [topo]
    for plane in Plane:
        if plane != topo.plane and plane in planes:
            out.append(resolve(topo.design, plane))
    return out


def port_use(topologies: list[Topology]) -> dict[str, PortUse]:
    """Ports used and available per tier, with the busiest switch of each tier."""
    out: dict[str, PortUse] = {}
    for topo in topologies:
        used = {t.id: np.zeros(t.count) for t in topo.tiers.values()}
        for b in topo.bundles:
            for end, degree in ((b.upper, b.upper_degree), (b.lower, b.lower_degree)):
                if isinstance(end, TierNet) and end.model is not None:
                    per_link = b.speed_gbps / end.model.port_speed_gbps
                    used[end.id] += degree * per_link
        for tier in topo.tiers.values():
            radix = tier.model.radix if tier.model else 0
            u = used[tier.id]
            out[tier.id] = PortUse(
                used=float(u.sum()),
                available=radix * tier.count,
                worst_switch_used=float(u.max()) if u.size else 0.0,
                per_switch=radix,
            )
    return out


def inventory(topo: Topology, topologies: list[Topology]) -> Inventory:
    """Counts of buildings, islands, racks, servers, accelerators, switches, links and
    transceivers (all planes)."""
    design = topo.design
    by_type: Counter[str] = Counter()
    for rack in topo.racks:
        by_type[rack.accelerator.id] += rack.accelerators
    by_model: Counter[str] = Counter()
    for tier in design.tiers.values():
        by_model[tier.switch] += tier.count
    links: dict[str, int] = {}
    modules: Counter[str] = Counter()
    for t in topologies:
        for b in t.bundles:
            links[b.bundle_id] = b.links
            medium_id = design.bundles[b.bundle_id].medium
            medium = design.catalog.medium(medium_id) if medium_id else None
            if medium is not None and medium.kind is MediumKind.OPTICAL:
                modules[medium.id] += 2 * b.links
    return Inventory(
        buildings=len(design.buildings),
        islands=len(design.islands),
        racks=sum(r.racks for r in topo.racks),
        servers=sum(r.servers for r in topo.racks),
        accelerators=topo.accelerators,
        accelerators_by_type=dict(by_type),
        switches_by_tier={t.id: t.count for t in design.tiers.values()},
        switches_by_model=dict(by_model),
        links_by_bundle=links,
        transceivers_by_medium=dict(modules),
        ports_by_tier=port_use(topologies),
    )


def oversubscription(topo: Topology) -> dict[str, TierOversubscription]:
    """Per tier of the metrics plane: capacity from below against capacity upward (global
    links count as upward), for the tier and for its most oversubscribed switch."""
    down = {t.id: np.zeros(t.count) for t in topo.tiers.values()}
    up = {t.id: np.zeros(t.count) for t in topo.tiers.values()}
    for b in topo.bundles:
        cap_up = b.upper_degree * b.speed_gbps
        if b.pattern is Pattern.GLOBAL:
            up[b.upper.id] += cap_up
        else:
            down[b.upper.id] += cap_up
        if isinstance(b.lower, TierNet):
            up[b.lower.id] += b.lower_degree * b.speed_gbps
    out: dict[str, TierOversubscription] = {}
    for tier in topo.tiers.values():
        d, u = down[tier.id], up[tier.id]
        ratio = float(d.sum() / u.sum()) if u.sum() > 0 else None
        with np.errstate(divide="ignore", invalid="ignore"):
            per = np.where(u > 0, d / np.where(u > 0, u, 1), np.inf)
        worst = float(per.max()) if u.sum() > 0 and per.size else None
        if worst is not None and not np.isfinite(worst):
            worst = None
        out[tier.id] = TierOversubscription(tier.id, float(d.sum()), float(u.sum()), ratio, worst)
    return out
