"""Bisection bandwidth: the least capacity crossing any split of the accelerators into
two halves of equal size (differing by at most one), every switch free to stand on
either side. This module turns a cut into the reported figure; the solvers that find
cuts, and the dispatcher over them, are in :mod:`model.metrics.bisection.solvers`.

Hierarchical networks are solved exactly by the pod-tree DP (:mod:`model.metrics.bisection.pod_dp`,
whose docstring gives the argument). The cut the DP finds is turned into a side for
every switch and accelerator, and its crossing capacity is recomputed link by link from
the wiring: the figure reported is always the capacity of a real balanced cut, and
``exact`` is claimed only when that recount agrees with the DP and the pod tree meets
the DP's conditions.

Networks that are not hierarchical (peer links such as Dragonfly+ global links) get the
best of a few structured candidate splits — whole buildings, islands, rack groups and
units in design order — each with its switches placed by an s–t minimum cut, which is
optimal for that split of the accelerators. That result is an upper bound:
``exact = False``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from model.metrics.algorithms.arrays import stable_order
from model.metrics.bisection.pods import PodTree
from model.metrics.memory import remembered
from model.metrics.representation.endpoints import Endpoints
from model.metrics.representation.topology import IntArray, TierNet, Topology
from model.metrics.results import Bisection, BisectionCut


@dataclass(frozen=True)
class MemberUnits:
    """Units that are switch members: every accelerator has one link, and the
    accelerators reaching one member are alike (see ``metrics._alike_by_blocks``)."""

    of_member: IntArray
    """The unit of each switch member (-1 for a member no accelerator reaches)."""
    representative: IntArray
    """An accelerator of each unit."""
    size: IntArray
    """Accelerators of each unit."""


@dataclass
class Sides:
    """A cut at member level: 1 = side A, 0 = side B."""

    switch: np.ndarray
    accelerator: np.ndarray


def crossing(topo: Topology, ep: Endpoints, sides: Sides,
             from_racks: np.ndarray | None = None) -> dict[str, float]:
    """Capacity crossing the cut, per bundle id (links whose ends stand apart).
    ``from_racks`` may give the crossing of the bundles from rack groups, by bundle
    index, already counted."""
    out: dict[str, float] = {}
    if from_racks is not None:
        per = from_racks
    elif ep.inc_acc.size:
        own = sides.accelerator if ep.one_attachment_each else sides.accelerator[ep.inc_acc]
        apart = own != sides.switch[ep.inc_member]
        per = np.zeros(len(topo.bundles))
        for block in ep.inc_blocks:
            span = slice(block.start, block.stop)
            per[block.bundle] += float(ep.inc_gbps[span][apart[span]].sum())
        _split_nics(ep, sides, apart, per)
    else:
        per = np.zeros(len(topo.bundles))
    apart = _tier_links_apart(topo, sides.switch)
    for i, b in enumerate(topo.bundles):
        if isinstance(b.lower, TierNet):
            out[b.bundle_id] = float(apart[i]) * b.speed_gbps
        else:
            out[b.bundle_id] = float(per[i])
    return out


def _tier_links_apart(topo: Topology, switch: np.ndarray) -> list[int]:
    """Per bundle (by index; 0 for a bundle from a rack group): its links between tiers
    whose two switches stand on different sides. Kept by the switch structure and the
    switches' sides (an edit moves few switches, a speed edit none: most cuts are found
    here); the links themselves are kept by the switch structure, which fixes them."""
    memory = remembered()
    side_key = (topo.switch_structure, switch.astype(np.int8).tobytes())
    found = memory.tier_links_apart.get(side_key)
    if found is not None:
        return found
    links = memory.tier_links.get(topo.switch_structure)
    if links is None:
        # bundles wired alike (their arrays shared: the SUs' bundles of a SuperPOD)
        # are moved to their tiers' offsets in one array operation, kind by kind: a
        # bundle's links stay together, its place among them kept in ``first``
        kinds: dict[tuple[int, int], tuple[np.ndarray, np.ndarray, list[int], list[int],
                                          list[int]]] = {}
        for i, b in enumerate(topo.bundles):
            if isinstance(b.lower, TierNet):
                kind = kinds.setdefault((id(b.lower_member), id(b.upper_member)),
                                        (b.lower_member, b.upper_member, [], [], []))
                kind[2].append(i)
                kind[3].append(b.lower.offset)
                kind[4].append(b.upper.offset)
        if kinds:
            lows, highs, chosen, sizes = [], [], [], []
            for low, high, indices, lower_at, upper_at in kinds.values():
                lows.append((low[None, :] + np.array(lower_at, dtype=np.int64)[:, None]
                             ).reshape(-1))
                highs.append((high[None, :] + np.array(upper_at, dtype=np.int64)[:, None]
                              ).reshape(-1))
                chosen += indices
                sizes += [low.size] * len(indices)
            counts = np.array(sizes, dtype=np.int64)
            links = (np.concatenate(lows), np.concatenate(highs),
                     np.array(chosen, dtype=np.int64), np.cumsum(counts) - counts)
        else:
            links = (np.zeros(0, np.int64),) * 4
        for array in links:
            array.flags.writeable = False  # shared by every run until the next change
        memory.tier_links.put(topo.switch_structure, links, links)
    lo, hi, bundle, first = links
    out = np.zeros(len(topo.bundles), dtype=np.int64)
    # reduceat reads an empty run as the next value: bundles without links are left out
    nonempty = np.diff(np.append(first, lo.size)) > 0
    if lo.size:
        crossed = (switch[lo] != switch[hi]).view(np.int8)
        out[bundle[nonempty]] = np.add.reduceat(crossed, first[nonempty], dtype=np.int64)
    found = out.tolist()
    memory.tier_links_apart.put(side_key, found)
    return found


def _split_nics(ep: Endpoints, sides: Sides, apart: np.ndarray, per: np.ndarray) -> None:
    """Correct ``per`` (crossing by bundle) for shared NICs whose accelerators stand on
    both sides. Counting each accelerator's share of the NIC's links is exact while a
    NIC's accelerators stand together; a split NIC is one endpoint on one side, reached
    by each of its k accelerators at 1/k of its links' capacity T, so it crosses
    min(b·T/k + T_B, a·T/k + T_A) for a accelerators on A, b on B and T_A, T_B of its
    capacity to switches on A and B. The difference goes to the NIC's bundle."""
    if not ep.shares_nics:
        return
    assert ep.shared_nic is not None
    nic = ep.shared_nic[ep.inc_acc]
    shared = nic >= 0
    accs = ep.shared_nic >= 0
    n_nics = int(ep.shared_nic.max()) + 1
    k = np.bincount(ep.shared_nic[accs], minlength=n_nics).astype(float)
    on_a = np.bincount(ep.shared_nic[accs], weights=sides.accelerator[accs].astype(float),
                       minlength=n_nics)
    split = (on_a > 0) & (on_a < k)
    if not split.any():
        return
    nic, gbps = nic[shared], ep.inc_gbps[shared]
    switch_a = sides.switch[ep.inc_member[shared]] == 1
    total = np.bincount(nic, weights=gbps, minlength=n_nics)
    to_a = np.bincount(nic, weights=np.where(switch_a, gbps, 0.0), minlength=n_nics)
    counted = np.bincount(nic, weights=np.where(apart[shared], gbps, 0.0), minlength=n_nics)
    share = np.divide(total, k, out=np.zeros(n_nics), where=k > 0)
    physical = np.minimum((k - on_a) * share + (total - to_a), on_a * share + to_a)
    bundle = np.zeros(n_nics, dtype=np.int64)
    bundle[nic] = ep.inc_bundle[shared]
    fix = np.flatnonzero(split)
    np.add.at(per, bundle[fix], physical[fix] - counted[fix])


def accelerator_sides(tree: PodTree, on_a: np.ndarray) -> np.ndarray:
    """Side of each accelerator: the first ``on_a[u]`` accelerators of unit u on A.
    Units stand wholly on one side but for a few split ones, so only the accelerators
    of those are ranked."""
    unit = tree.unit_of_acc
    whole = on_a >= tree.unit_size
    side = whole[unit].astype(np.int8)
    split = (on_a > 0) & ~whole
    if split.any():
        members = np.flatnonzero(split[unit])
        order = stable_order(unit[members])
        members = members[order]
        units = unit[members]
        rank = np.arange(units.size) - np.searchsorted(units, units, side="left")
        side[members] = (rank < on_a[units]).astype(np.int8)
    return side


def report_cut(topo: Topology, ep: Endpoints, sides: Sides, exact: bool) -> Bisection:
    """The reported bisection of the cut ``sides``, its crossing recounted link by link
    from the wiring."""
    per_bundle = crossing(topo, ep, sides)
    side_a: dict[str, int] = {}
    # accelerators are numbered rack group by rack group; sides are 0 or 1
    for rack in topo.racks:
        start = rack.acc_offset
        side_a[rack.id] = int(np.count_nonzero(
            sides.accelerator[start:start + rack.accelerators]))
    return _bisection(topo, ep, sides.switch, per_bundle, side_a,
                      int(np.count_nonzero(sides.accelerator)), float(ep.inc_gbps.sum()),
                      exact)


def _bisection(topo: Topology, ep: Endpoints, switch: np.ndarray,
               per_bundle: dict[str, float], side_a: dict[str, int], accelerators_a: int,
               injection_gbps: float, exact: bool) -> Bisection:
    """The reported bisection of a cut: its crossing per bundle, its accelerators on
    side A per rack group (the tiers' switches on A are added here) and in all, and the
    accelerators' total injection bandwidth."""
    gbps = sum(per_bundle.values())
    n = ep.count
    full = n / 2 * (injection_gbps / n if n else 0.0)
    side_a = dict(side_a)
    # each tier's switches on A from running totals (exact integers), not a sum per
    # tier: a SuperPOD of 144 SUs has 289 tiers
    through = np.concatenate([[0], np.cumsum(switch, dtype=np.int64)]).tolist()
    for tier in topo.tiers.values():
        side_a[tier.id] = through[tier.offset + tier.count] - through[tier.offset]
    return Bisection(
        gbps=gbps,
        per_accelerator_gbps=gbps / (n / 2) if n >= 2 else 0.0,
        fraction_of_full=gbps / full if full > 0 else 0.0,
        exact=exact,
        cut=BisectionCut(side_a=side_a, accelerators_a=accelerators_a,
                         crossing_gbps={k: v for k, v in per_bundle.items() if v}),
        full_gbps=full,
    )


def report_by_members(topo: Topology, ep: Endpoints, switch: np.ndarray, on_a: IntArray,
                       units: MemberUnits, exact: bool) -> Bisection:
    """:func:`_report` of the cut with ``on_a[u]`` accelerators of unit ``u`` on side A
    (the first ones, in accelerator order), counted member by member.

    Every accelerator has one link, to its unit's member, so a bundle from a rack group
    crosses, at each member it reaches, its links from the accelerators standing on the
    other side of the member. Units stand wholly on one side but for a few split ones,
    whose first ``on_a[u]`` accelerators are on A: as the bundles' blocks come in
    accelerator order, that is all of the unit's incidences in the earliest blocks."""
    members, here, block_of = ep.reached()  # every incidence of every block, in order
    unit = units.of_member[members]
    on_a_here = np.where(on_a[unit] >= units.size[unit], here, 0)
    split = (on_a > 0) & (on_a < units.size)
    cut = np.flatnonzero(split[unit])
    if cut.size:
        on_a_here[cut] = _filled_first(unit[cut], here[cut], on_a)
    apart = np.where(switch[members] == 1, here - on_a_here, on_a_here)
    # per block, exact integer sums; then the block's capacity, block by block in order
    blocks = ep.inc_blocks
    apart_by_block, here_by_block, on_a_by_block = (
        np.bincount(block_of, weights=counts, minlength=len(blocks)).astype(np.int64)
        for counts in (apart, here, on_a_here))
    per = np.zeros(len(topo.bundles))
    on_a_by_group = np.zeros(len(topo.racks), dtype=np.int64)
    injection = 0.0
    for block, crossed, reached, on_a_count in zip(
            blocks, apart_by_block.tolist(), here_by_block.tolist(), on_a_by_block.tolist(),
            strict=True):
        reach = block.reach
        assert reach is not None and reach.share is not None
        gbps = reach.share * topo.bundles[block.bundle].speed_gbps
        per[block.bundle] += gbps * float(crossed)
        on_a_by_group[block.group] += on_a_count
        injection += gbps * float(reached)
    per_bundle = crossing(topo, ep, Sides(switch, np.zeros(0, np.int8)), per)
    side_a = {rack.id: int(count) for rack, count in zip(topo.racks, on_a_by_group.tolist(),
                                                           strict=True)}
    return _bisection(topo, ep, switch, per_bundle, side_a, int(on_a_by_group.sum()),
                      injection, exact)


def _filled_first(unit: IntArray, here: IntArray, on_a: IntArray) -> IntArray:
    """For incidences of split units (in block order, a unit at most once per block):
    how many of each incidence's accelerators stand on A, when the first ``on_a[u]`` of
    unit ``u`` do, filled block by block. An incidence after ``P`` earlier ones of its
    unit, with ``h`` accelerators, has ``min(R, P + h) − min(R, P)`` on A
    (``R = on_a[u]``): the earlier ones took ``min(R, P)``."""
    order = np.argsort(unit, kind="stable")
    by_unit, counts = unit[order], here[order]
    through = np.cumsum(counts)
    first = np.r_[True, by_unit[1:] != by_unit[:-1]]
    start = np.maximum.accumulate(np.where(first, np.arange(by_unit.size), 0))
    through = through - (through - counts)[start]  # this unit's incidences so far
    limit = on_a[by_unit]
    out = np.empty_like(counts)
    out[order] = np.minimum(limit, through) - np.minimum(limit, through - counts)
    return out
