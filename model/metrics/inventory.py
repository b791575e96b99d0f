"""Inventory (counts of everything), port use per tier, and oversubscription.

Counts are over every plane (a bill of materials includes the front-end network);
oversubscription is for the metrics plane. A link of speed *s* on a switch whose ports run
at *p* uses *s/p* ports (an 800G port carries two 400G links).
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from operator import is_

import numpy as np

from model.elements import Pattern, Plane
from model.metrics.budget import MAX_RESOLVED_LINKS, too_many_links
from model.metrics.memory import remembered
from model.metrics.representation.topology import TierNet, Topology, resolve
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


def _tier_sums(topo: Topology, *per_switch: np.ndarray
               ) -> list[tuple[list[float], list[float]]]:
    """For each of ``per_switch`` (a value per switch of ``topo``), per tier (in its
    order): the sum over the tier's switches, and the largest value on one of them (0
    for an empty tier)."""
    tiers = list(topo.tiers.values())
    filled = [t.tier.count > 0 for t in tiers]
    starts = np.array([t.offset for t, f in zip(tiers, filled, strict=True) if f],
                      dtype=np.int64)
    out = []
    every = all(filled)
    for values in per_switch:
        sums = np.add.reduceat(values, starts).tolist() if starts.size else []
        highs = np.maximum.reduceat(values, starts).tolist() if starts.size else []
        if not every:  # an empty tier has no switch: 0 for it
            sums_at, highs_at = iter(sums), iter(highs)
            sums = [next(sums_at) if f else 0.0 for f in filled]
            highs = [next(highs_at) if f else 0.0 for f in filled]
        out.append((sums, highs))
    return out


@dataclass(frozen=True)
class SwitchSums:
    """Per switch of a plane: ports used (links times their speed over the port's), and
    capacity from below and upward (global links count as upward), Gb/s."""

    used: np.ndarray
    down: np.ndarray
    up: np.ndarray


def switch_sums(topo: Topology) -> SwitchSums:
    """The :class:`SwitchSums` of ``topo``, tier by tier. A tier's sums are the links
    at each switch of each bundle end there times an amount per link, added end after
    end in bundle order (a bundle's upper end before its lower one), which is what one
    ``bincount`` over every end would add; each tier's are kept in the running engine's
    memory by its count, port speed and, per end, the identity of its links per switch
    (held in the entry), its speed and side — an edit of one island's rack group sums
    that island's tiers only. The last plane's sums are kept by its identity, so ports
    and oversubscription of one run share them."""
    memory = remembered()
    last = memory.switch_sums.get(id(topo))
    if last is not None and last[0] is topo:
        return last[1]
    # per tier: its ends (links per switch, speed, from below) and their keys
    ends: dict[str, list[tuple[np.ndarray, float, bool]]] = {t: [] for t in topo.tiers}
    keys: dict[str, list[tuple[int, float, bool]]] = {t: [] for t in topo.tiers}
    for b in topo.bundles:
        below = b.pattern is not Pattern.GLOBAL
        end = (b.upper_degree, b.speed_gbps, below)
        ends[b.upper.id].append(end)
        keys[b.upper.id].append((id(end[0]), end[1], below))
        if isinstance(b.lower, TierNet):
            end = (b.lower_degree, b.speed_gbps, False)
            ends[b.lower.id].append(end)
            keys[b.lower.id].append((id(end[0]), end[1], False))
    store = memory.tier_sums
    used, down, up = [], [], []
    for tier in topo.tiers.values():
        port = tier.model.port_speed_gbps if tier.model is not None else math.inf
        at = ends[tier.id]
        key = (tier.count, port, tuple(keys[tier.id]))
        kept = store.get(key)
        if kept is None or len(kept[0]) != len(at) or not all(
                map(is_, kept[0], [d for d, _, _ in at])):
            kept = ([d for d, _, _ in at], *_summed(tier.count, port, at))
            store.put(key, kept, kept[1:])
        used.append(kept[1])
        down.append(kept[2])
        up.append(kept[3])
    empty = np.zeros(0)
    sums = SwitchSums(*(np.concatenate(v) if v else empty for v in (used, down, up)))
    memory.switch_sums.put(id(topo), (topo, sums))
    return sums


def _summed(count: int, port_gbps: float, ends: list[tuple[np.ndarray, float, bool]]
            ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per switch of a tier of ``count`` switches with ports of ``port_gbps``: ports
    used, capacity from below and upward of its bundle ``ends`` (links per switch,
    speed, whether from below), each end's links times its amount per link added in
    the ends' order (an amount of 0 adds nothing and is left out)."""
    used, down, up = np.zeros(count), np.zeros(count), np.zeros(count)
    for links, speed, below in ends:
        per_port = speed / port_gbps
        if per_port:
            used = used + links * per_port
        if below:
            down = down + links * speed
        else:
            up = up + links * speed
    return used, down, up


def port_use(topologies: list[Topology]) -> dict[str, PortUse]:
    """Ports used and available per tier, with the busiest switch of each tier."""
    out: dict[str, PortUse] = {}
    for topo in topologies:
        [(total, busiest)] = _tier_sums(topo, switch_sums(topo).used)
        for tier, t_used, t_busiest in zip(topo.tiers.values(), total, busiest, strict=True):
            radix = tier.model.radix if tier.model else 0
            out[tier.id] = PortUse(used=t_used, available=radix * tier.count,
                                   worst_switch_used=t_busiest, per_switch=radix)
    return out


def inventory(topo: Topology, topologies: list[Topology]) -> Inventory:
    """Counts of buildings, islands, racks, servers, accelerators, switches, links and
    transceivers (all planes)."""
    design = topo.design
    by_type: Counter[str] = Counter()
    racks = servers = accelerators = 0
    for rack in topo.racks:
        rack_servers = rack.group.count * rack.rack_type.servers_per_rack
        rack_accelerators = rack_servers * rack.server.accelerators_per_server
        by_type[rack.accelerator.id] += rack_accelerators
        racks += rack.group.count
        servers += rack_servers
        accelerators += rack_accelerators
    by_model: Counter[str] = Counter()
    for tier in design.tiers.values():
        by_model[tier.switch] += tier.count
    media = {m.id: m for m in design.catalog.media}
    optical = {b.id: b.medium for b in design.bundles.values()
               if b.medium and (m := media.get(b.medium)) is not None
               and m.kind is MediumKind.OPTICAL}
    links: dict[str, int] = {}
    modules: Counter[str] = Counter()
    for t in topologies:
        for b in t.bundles:
            links[b.bundle_id] = count = b.links
            medium_id = optical.get(b.bundle_id)
            if medium_id is not None:
                modules[medium_id] += 2 * count
    return Inventory(
        buildings=len(design.buildings),
        islands=len(design.islands),
        racks=racks,
        servers=servers,
        accelerators=accelerators,
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
    sums = switch_sums(topo)
    down, up = sums.down, sums.up
    with np.errstate(divide="ignore", invalid="ignore"):
        # a switch with capacity from below and none upward is infinitely oversubscribed,
        # which makes the tier's worst switch undefined (None) rather than a number
        per_switch = np.where(up > 0, down / np.where(up > 0, up, 1), np.inf)
    (down_sum, _), (up_sum, _), (_, worst_switch) = _tier_sums(topo, down, up, per_switch)
    out: dict[str, TierOversubscription] = {}
    for tier, d, u, worst in zip(topo.tiers.values(), down_sum, up_sum, worst_switch,
                                 strict=True):
        ratio = d / u if u > 0 else None
        out[tier.id] = TierOversubscription(
            tier.id, d, u, ratio,
            worst if u > 0 and tier.count and math.isfinite(worst) else None)
    return out
