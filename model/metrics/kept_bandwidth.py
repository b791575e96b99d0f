"""Bandwidth kept: how much of its healthy bandwidth to the rest of the network each
working accelerator keeps under the failures in force.

Stranded accelerators (no scale-out link left) are the extreme; most failures instead
leave an accelerator *some* bandwidth: a dual-homed NIC with one of its two leaves down,
a leaf with half its spines down. Two stages carry an accelerator's traffic to the rest
of the network, and it keeps the smaller fraction of the two (``kept = min(injection
kept, uplink kept)``), each read off the failed view's links (not healthy figures
scaled):

- **injection**: the Gb/s of its own scale-out links (a link of a NIC shared by ``k``
  accelerators counts ``1/k``), failed ÷ healthy;
- **uplink**: its share of the uplinks of the switches it attaches to (its edge
  switches). An edge switch's uplinks are its links to a tier above (and its peer links,
  for a global bundle); they are shared among the links arriving from below in
  proportion to their Gb/s, so an accelerator's share is, summed over its links to an
  edge switch ``u``, ``link Gb/s ÷ Gb/s arriving at u × Gb/s of u's uplinks``. Failed ÷
  healthy, each computed on its own view (when racks under a switch go dark, the
  survivors share its uplinks). An accelerator whose edge switches have no uplink in the
  healthy design (a one-tier network) keeps its injection fraction.

Losses further up (a core switch down, seen by the spine, not the leaf) are not an
accelerator's own bandwidth: bisection and pair capacities say those.

:func:`kept_fractions` gives, per rack group, the distinct fractions below 1 of its
working, not stranded accelerators with how many keep each (fractions rounded to
:data:`PRECISION`), so any threshold can be applied afterwards without computing again
(:func:`below`).
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import numpy.typing as npt

from model.elements import Pattern
from model.metrics.representation.endpoints import nic_to_accelerators
from model.metrics.representation.topology import BundleNet, RackNet, TierNet, Topology

FloatArray = npt.NDArray[np.float64]

DEFAULT_THRESHOLD = 0.5
"""An accelerator counts as *at low bandwidth* when it keeps at most this fraction of
its healthy bandwidth to the rest (and is not stranded)."""

PRECISION = 1e-9
"""Fractions are compared and rounded to this."""

Kept = Mapping[str, tuple[tuple[float, int], ...]]
"""Rack group id → ((fraction kept, accelerators keeping it), …), fractions below 1."""


def kept_fractions(topo: Topology, healthy: Topology) -> dict[str, tuple[tuple[float, int], ...]]:
    """Per rack group of the failed view ``topo`` (``healthy``: the same plane healthy):
    the fractions of their healthy bandwidth its working accelerators keep, for those
    keeping less than all of it and more than nothing through their own links (stranded
    accelerators are counted by the engine's ``accelerators_stranded``). Empty for a
    view whose links are counted, not listed."""
    if topo.counts_only or healthy.counts_only:
        return {}
    share_failed = _uplink_per_gbps(topo)
    share_healthy = _uplink_per_gbps(healthy)
    whole = {r.id: r for r in healthy.racks}
    out: dict[str, tuple[tuple[float, int], ...]] = {}
    for rack in topo.racks:
        was = whole[rack.id]
        inj_h, up_h = _per_accelerator(was, healthy, share_healthy)
        if rack.kept_servers is not None:
            keep = _kept_accelerators(rack)
            inj_h, up_h = inj_h[keep], up_h[keep]
        inj_f, up_f = _per_accelerator(rack, topo, share_failed)
        in_network = inj_h > 0
        fraction = np.ones(rack.accelerators)
        fraction[in_network] = inj_f[in_network] / inj_h[in_network]
        has_up = up_h > PRECISION
        fraction[has_up] = np.minimum(fraction[has_up], up_f[has_up] / up_h[has_up])
        stranded = in_network & (inj_f <= 0)
        low = ~stranded & (fraction < 1 - PRECISION)
        if not low.any():
            continue
        values, counts = np.unique(np.round(fraction[low], 9),
                                   return_counts=True)
        out[rack.id] = tuple((float(v), int(c)) for v, c in zip(values, counts, strict=True))
    return out


def below(kept: Kept, threshold: float) -> dict[str, int]:
    """Rack group id → its accelerators keeping at most ``threshold`` of their healthy
    bandwidth (groups with none left out)."""
    out: dict[str, int] = {}
    for group, fractions in kept.items():
        n = sum(count for fraction, count in fractions if fraction <= threshold + PRECISION)
        if n:
            out[group] = n
    return out


def _kept_accelerators(rack: RackNet) -> npt.NDArray[np.int64]:
    """The whole group's accelerator numbers of ``rack``'s surviving accelerators."""
    assert rack.kept_servers is not None
    per = rack.per_server
    return (rack.kept_servers[:, None] * per + np.arange(per)[None, :]).reshape(-1)


def _uplink_per_gbps(topo: Topology) -> dict[str, FloatArray]:
    """Per tier: each switch's uplink Gb/s per Gb/s arriving from below (0 where
    nothing arrives)."""
    up = {t: np.zeros(net.count) for t, net in topo.tiers.items()}
    down = {t: np.zeros(net.count) for t, net in topo.tiers.items()}
    for b in topo.bundles:
        if isinstance(b.lower, TierNet):
            np.add.at(up[b.lower.id], b.lower_member, b.speed_gbps)
            if b.pattern is Pattern.GLOBAL:
                np.add.at(up[b.upper.id], b.upper_member, b.speed_gbps)
                continue
        np.add.at(down[b.upper.id], b.upper_member, b.speed_gbps)
    out: dict[str, FloatArray] = {}
    for t in topo.tiers:
        ratio = np.zeros(up[t].size)
        arriving = down[t] > 0
        ratio[arriving] = up[t][arriving] / down[t][arriving]
        out[t] = ratio
    return out


def _per_accelerator(rack: RackNet, topo: Topology,
                     share: dict[str, FloatArray]) -> tuple[FloatArray, FloatArray]:
    """Each accelerator of ``rack`` (numbered in the view's group): its injection Gb/s
    and its share of its edge switches' uplinks, Gb/s."""
    n = rack.accelerators
    injection = np.zeros(n)
    uplink = np.zeros(n)
    table = nic_to_accelerators(max(rack.nics(topo.plane), 1), rack.per_server)
    width = max((len(t) for t in table), default=1)
    grid = np.array([t + [-1] * (width - len(t)) for t in table], dtype=np.int64)
    part = 1.0 / np.maximum((grid >= 0).sum(axis=1), 1)  # a shared NIC's share
    for b in _from(rack, topo):
        if b.nic is None or not b.lower_member.size:
            continue
        local = grid[b.nic]
        valid = local >= 0
        acc = (b.lower_member[:, None] * rack.per_server + local)[valid]
        gbps = np.broadcast_to((b.speed_gbps * part[b.nic])[:, None], local.shape)[valid]
        up = np.broadcast_to(share[b.upper.id][b.upper_member][:, None], local.shape)[valid]
        injection += np.bincount(acc, weights=gbps, minlength=n)
        uplink += np.bincount(acc, weights=gbps * up, minlength=n)
    return injection, uplink


def _from(rack: RackNet, topo: Topology) -> list[BundleNet]:
    return [b for b in topo.bundles if b.lower is rack]
