"""Inventory (counts of everything), port use per tier, and oversubscription.

Counts are over every plane (a bill of materials includes the front-end network);
oversubscription is for the metrics plane. A link of speed *s* on a switch whose ports run
at *p* uses *s/p* ports (an 800G port carries two 400G links).
"""

from __future__ import annotations

import math
from collections import Counter

import numpy as np

from model.elements import Pattern, Plane
from model.metrics.budget import MAX_RESOLVED_LINKS, too_many_links
from model.metrics.representation.topology import (
    TierEnds,
    Topology,
    resolve,
)
from model.metrics.results import Inventory, PortUse, TierOversubscription
from model.parts import MediumKind


def plane_topologies(topo: Topology, max_links: int = MAX_RESOLVED_LINKS) -> list[Topology]:
    """The metrics plane's topology plus those of the other planes that have tiers
    (each counted only when it has more than ``max_links`` links)."""
    planes = {t.plane for t in topo.design.tiers.values()}
    out = [topo]
    for plane in Plane:
        if plane != topo.plane and plane in planes:
            out.append(resolve(topo.design, plane, too_many_links(topo.design, plane, max_links),
                               topo.failures))
    return out


def _tier_sums(topo: Topology, per_switch: np.ndarray) -> tuple[list[float], list[float]]:
    """Per tier of ``topo`` (in its order): the sum of ``per_switch`` over the tier's
    switches, and the largest value on one of them (0 for an empty tier)."""
    tiers = list(topo.tiers.values())
    starts = np.array([t.offset for t in tiers if t.count], dtype=np.int64)
    sums = iter(np.add.reduceat(per_switch, starts).tolist() if starts.size else [])
    highs = iter(np.maximum.reduceat(per_switch, starts).tolist() if starts.size else [])
    total, high = [], []
    for t in tiers:
        total.append(next(sums) if t.count else 0.0)
        high.append(next(highs) if t.count else 0.0)
    return total, high


def port_use(topologies: list[Topology]) -> dict[str, PortUse]:
    """Ports used and available per tier, with the busiest switch of each tier."""
    out: dict[str, PortUse] = {}
    for topo in topologies:
        ends = topo.tier_ends
        speeds = np.array([b.speed_gbps for b in topo.bundles], dtype=np.float64)
        # an end at a tier without a switch model uses no ports: it adds nothing
        port = np.array([t.model.port_speed_gbps if t.model is not None else np.inf
                         for t in ends.tier], dtype=np.float64)
        used = _summed(topo.switches, ends, speeds[ends.bundle] / port)
        total, busiest = _tier_sums(topo, used)
        for tier, t_used, t_busiest in zip(topo.tiers.values(), total, busiest, strict=True):
            radix = tier.model.radix if tier.model else 0
            out[tier.id] = PortUse(used=t_used, available=radix * tier.count,
                                   worst_switch_used=t_busiest, per_switch=radix)
    return out


def _summed(switches: int, ends: TierEnds, per_link: np.ndarray) -> np.ndarray:
    """Per switch (``switches`` of them): the sum over ``ends`` of ``per_link`` (an
    amount per link of each end; 0 for an end left out, which adds nothing) times the
    end's links there, added in the ends' order (as adding one end after the other would)."""
    if not ends.end.size:
        return np.zeros(switches)
    return np.bincount(ends.switch, weights=ends.links * per_link[ends.end],
                       minlength=switches)


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
    media = {m.id: m for m in design.catalog.media}
    bundles = design.bundles
    for t in topologies:
        for b in t.bundles:
            links[b.bundle_id] = count = b.links
            medium_id = bundles[b.bundle_id].medium
            medium = media.get(medium_id) if medium_id else None
            if medium is not None and medium.kind is MediumKind.OPTICAL:
                modules[medium.id] += 2 * count
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
    ends = topo.tier_ends
    speeds = np.array([b.speed_gbps for b in topo.bundles], dtype=np.float64)
    peer = np.array([b.pattern is Pattern.GLOBAL for b in topo.bundles], dtype=bool)
    speed = speeds[ends.bundle]
    from_below = ends.upper & ~peer[ends.bundle]
    down = _summed(topo.switches, ends, np.where(from_below, speed, 0.0))
    up = _summed(topo.switches, ends, np.where(from_below, 0.0, speed))
    with np.errstate(divide="ignore", invalid="ignore"):
        # a switch with capacity from below and none upward is infinitely oversubscribed,
        # which makes the tier's worst switch undefined (None) rather than a number
        per_switch = np.where(up > 0, down / np.where(up > 0, up, 1), np.inf)
    down_sum, _ = _tier_sums(topo, down)
    up_sum, _ = _tier_sums(topo, up)
    _, worst_switch = _tier_sums(topo, per_switch)
    out: dict[str, TierOversubscription] = {}
    for tier, d, u, worst in zip(topo.tiers.values(), down_sum, up_sum, worst_switch,
                                 strict=True):
        ratio = d / u if u > 0 else None
        out[tier.id] = TierOversubscription(
            tier.id, d, u, ratio,
            worst if u > 0 and tier.count and math.isfinite(worst) else None)
    return out
