"""Bisection units: the accelerators a cut may treat as one, and the pod tree over them.

Accelerators of one island with the same capacity to each switch they reach are
interchangeable in a cut, so the bisection DP counts how many of each such unit stand on
side A instead of placing accelerators one by one. The units are found from the rack
groups' bundles alone when that is enough (:func:`_alike_by_blocks`), else from each
accelerator's capacity profile. They change only when the wiring or the capacities of
the accelerators' own links change (the engine keeps them under
:meth:`~model.metrics.spec.NetworkSpec.units_key`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from model.metrics.algorithms.arrays import Deferred
from model.metrics.bisection.pods import PodSkeleton, _mix, pod_skeleton
from model.metrics.bisection.report_cut import MemberUnits
from model.metrics.representation.attachment import AttachmentUnits, pooled_stranded
from model.metrics.representation.endpoints import BundleReach, Endpoints
from model.metrics.representation.topology import IntArray, RackNet, Topology


@dataclass
class BisectionUnits:
    """Bisection units and the pod tree's structure, which change only when the
    wiring or the capacities of accelerators' own links change."""

    skeleton: PodSkeleton | None
    representative: IntArray | None = None
    """An accelerator of each unit, when known."""
    by_members: MemberUnits | None = None
    """The units as switch members, when they were found from the bundles alone."""


def _attachment_profile(ep: Endpoints) -> np.ndarray:
    """An order-free 64-bit fingerprint of each accelerator's capacity to each switch
    it reaches: accelerators with equal fingerprints are interchangeable in a cut."""
    n = max(ep.count, 1)
    if ep.one_attachment_each:
        # nothing to sum
        return _mix(ep.inc_member.astype(np.uint64),
                    np.round(ep.inc_gbps * 1e3).astype(np.uint64),
                    np.zeros(ep.count, np.uint64))
    width = int(ep.inc_member.max()) + 1 if ep.inc_member.size else 1
    key, inv = np.unique(ep.inc_acc * width + ep.inc_member, return_inverse=True)
    capacity = np.bincount(inv.reshape(-1), weights=ep.inc_gbps)
    acc, member = key // width, key % width
    term = _mix(member.astype(np.uint64), np.round(capacity * 1e3).astype(np.uint64),
                np.zeros(member.size, np.uint64))
    profile = np.zeros(n, dtype=np.uint64)
    with np.errstate(over="ignore"):
        np.add.at(profile, acc, term)
    return profile[: ep.count]


def bisection_units(topo: Topology, ep: Endpoints, attached: AttachmentUnits) -> BisectionUnits:
    """Bisection units: accelerators of one island with the same capacity to each
    switch; and the pod tree's structure over them."""
    if not ep.count:
        return BisectionUnits(pod_skeleton(topo, ep, attached.deferred, 0, None))
    pooled = pooled_stranded(ep, attached)
    if pooled is not None:
        # accelerators with no link cross nothing wherever they stand: one unit each
        # island, so the grid of unit sizes stays coarse
        attached = pooled
    units = attached.count
    # any accelerator of a unit stands for it when the unit keeps to one island and its
    # accelerators have one capacity profile (true of every design whose NICs and
    # links are alike within a unit): then the attachment units are the answer
    by_members = _alike_by_blocks(topo, ep, attached)
    if by_members is not None:
        return BisectionUnits(pod_skeleton(topo, ep, attached.deferred, units,
                                   by_members.representative, by_members.size),
                      by_members.representative, by_members)
    unit = attached.unit
    representative = np.full(units, -1, dtype=np.int64)
    representative[unit] = np.arange(ep.count)
    profile: np.ndarray | None = None
    if (not np.any(representative < 0)
            and np.array_equal(ep.island[representative][unit], ep.island)):
        if ep.one_attachment_each:
            # one link each, to the unit's one switch: the profile is its capacity
            alike = np.array_equal(ep.inc_gbps[representative][unit], ep.inc_gbps)
        else:
            profile = _attachment_profile(ep)
            alike = np.array_equal(profile[representative][unit], profile)
        if alike:
            return BisectionUnits(pod_skeleton(topo, ep, attached.deferred, units, representative),
                          representative)
    if profile is None:
        profile = _attachment_profile(ep)
    profile_class = np.unique(profile, return_inverse=True)[1].reshape(-1)
    _, representative, pod_unit = np.unique(
        (unit * (len(ep.island_names) + 1) + ep.island) * (int(profile_class.max()) + 1)
        + profile_class, return_index=True, return_inverse=True)
    pod_unit = pod_unit.reshape(-1)
    return BisectionUnits(pod_skeleton(topo, ep, Deferred.of(pod_unit), int(pod_unit.max()) + 1,
                               representative), representative)


def _alike_by_blocks(topo: Topology, ep: Endpoints, attached: AttachmentUnits
                     ) -> MemberUnits | None:
    """The units as switch members with an accelerator and the size of each, when it
    is known from the rack groups' bundles alone that every unit keeps to one island and
    its accelerators are alike; else None (and the accelerators are compared one by
    one).

    That is known when every accelerator has one link, to a tier of its own island
    (a unit is then one switch member, which only its island's groups reach), and all
    links reaching a member carry one capacity (each bundle's links one share of one
    speed). It costs a few operations per bundle and member, not per accelerator."""
    of_member = attached.of_member
    if not ep.one_attachment_each or of_member is None:
        return None
    if any(isinstance(b.lower, RackNet) and b.upper.island is None for b in topo.bundles):
        return None
    reaches: list[BundleReach] = []
    shares: list[float] = []
    for block in ep.inc_blocks:
        reach = block.reach
        if reach is None or reach.share is None:
            return None
        reaches.append(reach)
        shares.append(reach.share * topo.bundles[block.bundle].speed_gbps)
    if not reaches:
        empty = np.zeros(0, dtype=np.int64)
        return None if attached.count else MemberUnits(of_member, empty, empty)
    # every block's reach at once (a member appears once per block)
    members, incidences, block_of = ep.reached()
    units = of_member[members]
    gbps = np.array(shares)[block_of]
    last = np.full(attached.count, -1, dtype=np.int64)  # each unit's last incidence
    np.maximum.at(last, units, np.arange(units.size, dtype=np.int64))
    if np.any(last < 0) or np.any(gbps != gbps[last[units]]):
        return None  # a unit no block reaches, or reached at two capacities
    accelerator = np.concatenate([r.accelerator + block.acc_offset
                                  for block, r in zip(ep.inc_blocks, reaches, strict=True)])
    size = np.zeros(attached.count, dtype=np.int64)
    np.add.at(size, units, incidences)
    return MemberUnits(of_member, accelerator[last], size)
