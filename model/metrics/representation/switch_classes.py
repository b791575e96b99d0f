"""Classes of interchangeable switches, and distances between them.

Why this is exact: every evenly dealt bundle is a disjoint union of complete bipartite
blocks. With ``L`` links per lower member and ``n`` upper members, lower member ``j``
reaches upper members ``(j·L + l) mod n``; if ``L`` is a multiple of ``n`` it reaches all
of them, and if ``n`` is a multiple of ``L`` it reaches exactly block ``j mod (n/L)`` of
``L`` consecutive members. Refining each tier by the stripes and blocks of every bundle
that touches it gives classes such that any two classes are joined completely (every
member of one to every member of the other) or not at all. Then, for switch members
``u ∈ P`` and ``v ∈ Q``:

- ``P ≠ Q``: the shortest path has as many edges as the shortest path between the
  classes in the class graph (any class path is realised member by member, since
  consecutive classes are joined completely; and a member path maps to a class path);
- ``P = Q``, ``u ≠ v``: two edges when ``P`` has any neighbour class (no tier links to
  itself, so members of one class are never adjacent), otherwise unreachable.

A bundle that does not deal evenly breaks the block structure; its two tiers are then
split into single members (still exact, only bigger).

Failures (:mod:`model.failures`) keep the classes: a failed switch loses every link, so
standing alone it is joined to nothing, and every other class keeps its complete joins
(a class less one member is still joined completely to what the whole was); a failed
link between two tiers breaks the join of its two ends only, so they stand alone. The
class graph is then read from the links that remain.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from model.metrics.algorithms.arrays import dense
from model.metrics.algorithms.remembered import Remembered
from model.metrics.memory import remembered
from model.metrics.representation.topology import IntArray, TierNet, Topology

UNREACHABLE = 1 << 20


@dataclass
class SwitchClasses:
    """Class of every switch member (global numbering) and the class graph."""

    member_class: IntArray
    """Class of each global switch member."""
    size: IntArray
    """Members per class."""
    tier_of_class: list[str]
    edges: IntArray
    """Class graph edges, shape (E, 2), both directions listed."""
    distances: Remembered[np.ndarray] = field(
        default_factory=lambda: Remembered(float("inf"), entries=2), repr=False)
    """Results of :func:`class_distances` by their sources, kept with the classes
    (which outlive an edit of rack groups)."""

    @property
    def count(self) -> int:
        """Number of classes."""
        return int(self.size.size)

    def has_neighbour(self) -> np.ndarray:
        """Boolean per class: joined to at least one other class."""
        out = np.zeros(self.count, dtype=bool)
        if self.edges.size:
            out[self.edges[:, 0]] = True
        return out


def switch_classes(topo: Topology) -> SwitchClasses:
    """Refine every tier into classes joined completely or not at all (see module).
    They depend on the tiers and the links between them only, so they are kept from one
    edit to the next while those stay the same."""
    known = remembered().switch_classes  # by Topology.switch_structure
    found = known.get(topo.switch_structure)
    if found is None:
        found = _refined(topo)
        for array in (found.member_class, found.size, found.edges):
            array.flags.writeable = False  # shared by every run until the next change
        known.put(topo.switch_structure, found)
    return found


_TABLE_MOST = 1 << 22
"""Pairs of classes up to which the class graph's edges are found in a table of every
pair (a byte each) rather than by sorting the links' pairs."""


def _refined(topo: Topology) -> SwitchClasses:
    labels: dict[str, IntArray] = {
        t.id: np.zeros(t.count, dtype=np.int64) for t in topo.tiers.values()
    }
    singletons: set[str] = set()
    apart: set[str] = set()  # tiers already split into single members
    refined: set[str] = set()  # tiers whose labels are not all 0

    def refine(tier: TierNet, part: IntArray, ranks: bool = False) -> None:
        # refining single members changes nothing (their labels stay 0, 1, …), and a
        # Dragonfly+ spine tier meets hundreds of global bundles after its first
        if tier.id in apart:
            return
        if ranks and tier.id not in refined:  # a part that is its own dense ranks
            labels[tier.id] = part
        else:
            labels[tier.id] = dense(labels[tier.id] * (int(part.max()) + 1) + part)
        refined.add(tier.id)
        if labels[tier.id].size and int(labels[tier.id][-1]) == tier.count - 1 \
                and int(labels[tier.id].max()) == tier.count - 1:
            apart.add(tier.id)

    # refining by a partition a tier was already refined by changes nothing (its labels
    # are dense ranks that already tell the parts apart), so each stripe or block
    # partition is applied once per tier: a hall-wide core meets every SU's bundle
    applied: set[tuple[str, str, int]] = set()
    for b in topo.bundles:
        if not isinstance(b.lower, TierNet):
            continue
        lower, upper, links, n = b.lower, b.upper, b.links_per_member, b.upper.count
        if not b.even:
            singletons.update((lower.id, upper.id))
        elif n > links:
            stripes = n // links
            # stripes and blocks number their parts 0, 1, … in order, every number
            # taken: they are their own dense ranks, which refine a tier not yet
            # refined to themselves
            if (lower.id, "stripes", stripes) not in applied:
                applied.add((lower.id, "stripes", stripes))
                refine(lower, np.arange(lower.count, dtype=np.int64) % stripes, True)
            if (upper.id, "blocks", links) not in applied:
                applied.add((upper.id, "blocks", links))
                refine(upper, np.arange(n, dtype=np.int64) // links, True)
    for tier_id in singletons:
        labels[tier_id] = np.arange(topo.tiers[tier_id].count, dtype=np.int64)
    refined.update(singletons)

    def alone(tier: TierNet, members: IntArray) -> None:
        part = np.zeros(tier.count, dtype=np.int64)
        part[members] = 1 + np.arange(members.size, dtype=np.int64)
        refine(tier, part)

    for tier in topo.tiers.values():
        if tier.failed_members is not None and tier.id not in singletons:
            alone(tier, tier.failed_members)
    for b in topo.bundles:
        if b.cut_ends is not None and isinstance(b.lower, TierNet):
            for end, members in zip((b.lower, b.upper), b.cut_ends, strict=True):
                if end.id not in singletons:
                    alone(end, np.unique(members))

    member_class_parts: list[IntArray] = []
    sizes: list[int] = []
    tier_of_class: list[str] = []
    base = 0
    base_of: dict[str, int] = {}
    for tier in topo.tiers.values():
        lab = labels[tier.id]
        if tier.id in refined:
            k = int(lab.max()) + 1 if lab.size else 0
            member_class_parts.append(lab + base)
            sizes += np.bincount(lab, minlength=k).tolist()
        else:  # one class (labels all 0), or none when the tier is empty
            k = 1 if lab.size else 0
            member_class_parts.append(np.full(lab.size, base, dtype=np.int64))
            sizes += [lab.size] * k
        tier_of_class += [tier.id] * k
        base_of[tier.id] = base
        base += k
    member_class = (
        np.concatenate(member_class_parts) if member_class_parts else np.zeros(0, np.int64)
    )
    size = np.array(sizes, dtype=np.int64)

    # The class pairs a bundle joins are its links' (lower label, upper label) pairs
    # moved by its two tiers' first class numbers; those pairs depend on its wiring
    # arrays (shared by bundles of one shape), its tiers' labels and its links per
    # member alone: a SuperPOD's SUs' bundles come in a few such kinds, whose distinct
    # pairs are found once and moved to every bundle's tiers at once.
    kinds: dict[tuple[object, ...], tuple[IntArray, IntArray, list[int], list[int]]] = {}
    for b in topo.bundles:
        if isinstance(b.lower, TierNet):
            lower_labels, upper_labels = labels[b.lower.id], labels[b.upper.id]
            every = (b.lower.id in singletons or b.upper.id in singletons or b.masked
                     or b.lower.id in apart)
            key = (id(b.lower_member), id(b.upper_member), every, b.links_per_member,
                   lower_labels.tobytes(), upper_labels.tobytes())
            kind = kinds.get(key)
            if kind is None:
                if every:
                    lower_at, upper_at = b.lower_member, b.upper_member
                else:
                    # members of one class wire alike: one representative per class
                    per = b.links_per_member
                    _, first = np.unique(lower_labels, return_index=True)
                    chosen = (first[:, None] * per + np.arange(per)).reshape(-1)
                    lower_at, upper_at = b.lower_member[chosen], b.upper_member[chosen]
                width = int(upper_labels.max()) + 1 if upper_labels.size else 1
                pairs = np.unique(lower_labels[lower_at] * width + upper_labels[upper_at])
                kind = kinds[key] = (pairs // width, pairs % width, [], [])
            kind[2].append(base_of[b.lower.id])
            kind[3].append(base_of[b.upper.id])
    ends_a: list[IntArray] = []
    ends_c: list[IntArray] = []
    for lower_local, upper_local, lower_bases, upper_bases in kinds.values():
        ends_a.append((lower_local[None, :] + np.array(lower_bases, dtype=np.int64)[:, None]
                       ).reshape(-1))
        ends_c.append((upper_local[None, :] + np.array(upper_bases, dtype=np.int64)[:, None]
                       ).reshape(-1))
    if sum(a.size for a in ends_a):  # links may all be down
        a, c = np.concatenate(ends_a), np.concatenate(ends_c)
        k = max(int(size.size), 1)
        if k * k <= _TABLE_MOST and k * k <= 64 * a.size:
            # the distinct pairs, sorted, from a table of them all
            seen = np.zeros(k * k, dtype=bool)
            seen[a * k + c] = True
            seen[c * k + a] = True
            keys = np.flatnonzero(seen).astype(np.int64)
        else:
            keys = np.concatenate([a * k + c, c * k + a])
            keys.sort()
            keys = keys[np.r_[True, keys[1:] != keys[:-1]]]
        edges = np.stack([keys // k, keys % k], axis=1)
    else:
        edges = np.zeros((0, 2), dtype=np.int64)
    return SwitchClasses(member_class, size.astype(np.int64), tier_of_class, edges)


def class_distances(classes: SwitchClasses, sources: IntArray) -> np.ndarray:
    """Edges on a shortest path between every two of the ``sources`` classes (BFS on the
    class graph from many sources at once); ``UNREACHABLE`` where there is no path.

    Returns a symmetric int32 array of shape (len(sources), len(sources)). The search
    carries one bit per source, packed 64 to a machine word, so thousands of sources
    cost little; sources go in batches of :data:`BATCH`, so a design with tens of
    thousands of classes (unevenly dealt bundles split tiers into single switches)
    needs memory for the answer, not for the search.
    """
    key = sources.tobytes()
    found = classes.distances.get(key)
    if found is None:
        found = _distances(classes, sources)
        classes.distances.put(key, found)
    return found.copy()


BATCH = 2048
"""Sources searched at once (32 machine words per class in the frontier)."""


def _distances(classes: SwitchClasses, sources: IntArray) -> np.ndarray:
    s = sources.size
    dist = np.full((s, s), UNREACHABLE, dtype=np.int32)
    if s == 0 or classes.count == 0:
        return dist
    src, dst = classes.edges[:, 0], classes.edges[:, 1]
    order = np.argsort(dst, kind="stable")
    src, dst = src[order], dst[order]
    for first in range(0, s, BATCH):
        batch = sources[first:first + BATCH]
        dist[first:first + batch.size] = _from_batch(classes.count, src, dst, batch,
                                                     sources).T
    return dist


def _from_batch(k: int, src: IntArray, dst: IntArray, batch: IntArray,
                targets: IntArray) -> np.ndarray:
    """Distances (targets × batch) from each class of ``batch`` to each of ``targets``,
    by one breadth-first search carrying a bit per source. The step at which a bit
    first reaches a target is kept in binary, one packed bit-plane per binary digit, so
    a step costs word operations on the targets' rows, never a pass over every pair."""
    b = batch.size
    t = targets.size
    words = (b + 63) // 64
    bit = np.arange(b)
    frontier = np.zeros((k, words), dtype=np.uint64)
    np.bitwise_or.at(frontier, (batch, bit // 64),
                     np.left_shift(np.uint64(1), (bit % 64).astype(np.uint64)))
    reached = frontier.copy()
    planes: list[np.ndarray] = []  # digit d of the step each bit arrived at each target
    step = 0
    while src.size:
        # only the edges leaving the frontier carry anything (still sorted by target)
        live: np.ndarray = np.any(frontier, axis=1)[src]
        if not live.any():
            break
        s_src, s_dst = src[live], dst[live]
        starts = np.flatnonzero(np.r_[True, s_dst[1:] != s_dst[:-1]])
        step += 1
        spread = np.bitwise_or.reduceat(frontier[s_src], starts, axis=0)
        nxt = np.zeros_like(frontier)
        nxt[s_dst[starts]] = spread
        nxt &= ~reached
        reached |= nxt
        arrived = nxt[targets]
        while len(planes) < step.bit_length():
            planes.append(np.zeros((t, words), dtype=np.uint64))
        for digit in range(step.bit_length()):
            if step >> digit & 1:
                planes[digit] |= arrived
        frontier = nxt

    def unpacked(mask: np.ndarray) -> np.ndarray:
        as_bytes = np.ascontiguousarray(mask).view(np.uint8).reshape(t, words * 8)
        return np.unpackbits(as_bytes, axis=1, bitorder="little")[:, :b]

    out = np.zeros((t, b), dtype=np.int32)
    for digit, plane in enumerate(planes):
        out |= unpacked(plane).astype(np.int32) << digit
    out[unpacked(reached[targets]) == 0] = UNREACHABLE
    return out
