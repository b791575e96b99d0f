"""Equitable partitions of a weighted graph by colour refinement.

A partition of a graph's nodes is *equitable* when every node of a part has the same
total capacity to each part. Colour refinement finds the coarsest equitable partition
finer than a given colouring: repeatedly split each colour by the totals its nodes have
to every colour, until no colour splits.

Why the bisection and the pair capacities use it: fix which nodes must stand on side A
and which on side B (each a union of parts, every other node free). The minimum cut is
then a linear program whose constraint matrix the partition keeps (its links cut into
parallel pieces of one common capacity), so the partition is a fractional automorphism
of it, and the program has an optimum that is constant on every part (Grohe, Kersting,
Mladenov and Selman, "Dimension reduction via colour refinement", ESA 2014). With every
part constant it is the minimum-cut program of the *graph of parts* (a node per part,
joined by the total capacity between two parts), which has an integral optimum: some
minimum cut places every part whole, and its value is a minimum cut of the graph of
parts.

Refinement keys are 64-bit hashes of (own colour, multiset of (neighbour colour, total
capacity)), computed with numpy in a few passes; the result is then checked exactly
(every node of a part has the same totals to the same parts), so a hash collision can
only make the check fail (``None``), never give a partition that is not equitable.
Totals are compared to a millionth of a Gb/s, as capacities summed in different orders
differ by rounding.
"""

from __future__ import annotations

import numpy as np

from model.metrics.bisection.pods import _mix
from model.metrics.representation.topology import IntArray

_DIGITS = 6
"""Totals are compared rounded to this many decimals (Gb/s)."""


def refine(nodes: int, a: IntArray, b: IntArray, capacity: np.ndarray,
           colour: IntArray, fixed: np.ndarray | None = None) -> IntArray | None:
    """An equitable partition finer than ``colour`` (one integer per node) of the
    undirected graph with edges ``a[i]``–``b[i]`` of ``capacity[i]``, as dense part
    numbers 0, 1, …; None when the exact check fails (see the module doc).

    Nodes where ``fixed`` is true must each have a colour of their own, which they keep:
    links between two of them are ignored, and a link from one of them adds the same
    term to its other end's key in every round, so only links between other nodes are
    read round after round. Parts are split by each node's links one by one (the
    multiset of (neighbour's part, capacity)), which is at least as fine as splitting
    by totals per part, and so equitable too."""
    is_fixed = np.zeros(nodes, dtype=bool) if fixed is None else fixed
    fixed_a, fixed_b = is_fixed[a], is_fixed[b]
    live = ~fixed_a & ~fixed_b
    once = fixed_a ^ fixed_b
    weight = np.round(np.round(capacity, _DIGITS) * 10**_DIGITS).astype(np.int64)
    # links from a fixed node: hashed once by that node's own number
    at = np.where(fixed_a[once], b[once], a[once]).astype(np.int64)
    static = np.zeros(nodes, dtype=np.uint64)
    if at.size:
        term = _mix(np.where(fixed_a[once], a[once], b[once]).astype(np.uint64),
                    weight[once].astype(np.uint64), np.full(at.size, 11, np.uint64))
        with np.errstate(over="ignore"):
            np.add.at(static, at, term)
    ends = np.concatenate([a[live], b[live]]).astype(np.int64)
    others = np.concatenate([b[live], a[live]]).astype(np.int64)
    order = np.argsort(ends, kind="stable")
    ends, others = ends[order], others[order]
    live_weight = np.concatenate([weight[live], weight[live]])[order].astype(np.uint64)
    starts = np.flatnonzero(np.r_[True, ends[1:] != ends[:-1]]) if ends.size else ends
    parts, part = np.unique(colour, return_inverse=True)
    part = part.reshape(-1).astype(np.int64)
    count = parts.size
    tag = np.full(ends.size, 3, np.uint64)
    while True:
        summed = static.copy()
        if ends.size:
            term = _mix(part[others].astype(np.uint64), live_weight, tag)
            with np.errstate(over="ignore"):
                summed[ends[starts]] += np.add.reduceat(term, starts)
        keyed = _mix(part.astype(np.uint64), summed, np.zeros(nodes, np.uint64))
        # new parts refine the old ones: the old part is hashed in
        fresh_parts, fresh = np.unique(keyed, return_inverse=True)
        if fresh_parts.size == count:
            break
        part, count = fresh.reshape(-1).astype(np.int64), fresh_parts.size
    ok = _equitable_dense(ends, others, np.concatenate([capacity[live], capacity[live]])[order],
                          part, ~is_fixed)
    if ok is None:
        ok = _equitable(ends, others, np.concatenate([capacity[live], capacity[live]])[order],
                        part, count)
    if ok and once.any():
        ok = _equitable(np.concatenate([a[once], b[once]]).astype(np.int64),
                        np.concatenate([b[once], a[once]]).astype(np.int64),
                        np.concatenate([capacity[once], capacity[once]]), part, count)
    return part if ok else None


_DENSE = 20_000_000
"""Nodes × parts up to which the check sums each node's capacity to each part in a
dense array instead of sorting."""


def _equitable_dense(ends: IntArray, others: IntArray, weight: np.ndarray, part: IntArray,
                     movable: np.ndarray) -> bool | None:
    """:func:`_equitable` for links between ``movable`` nodes, with a dense array of
    each such node's total to each part; None when that array would be too large."""
    nodes = np.flatnonzero(movable)
    parts, local_part = np.unique(part[nodes], return_inverse=True)
    local_part = local_part.reshape(-1)
    if nodes.size * parts.size > _DENSE:
        return None
    index = np.full(part.size, -1, dtype=np.int64)
    index[nodes] = np.arange(nodes.size)
    of_part = np.full(int(part.max()) + 1 if part.size else 0, -1, dtype=np.int64)
    of_part[parts] = np.arange(parts.size)
    totals = np.bincount(index[ends] * parts.size + of_part[part[others]], weights=weight,
                         minlength=nodes.size * parts.size).reshape(nodes.size, parts.size)
    first = np.zeros(parts.size, dtype=np.int64)
    first[local_part[::-1]] = np.arange(nodes.size)[::-1]  # the first node of each part
    reference = totals[first[local_part]]
    if np.array_equal(totals, reference):
        return True
    return bool(np.all(np.abs(totals - reference) <= 10.0**-_DIGITS))


def _totals(ends: IntArray, others: IntArray, weight: np.ndarray, part: IntArray,
            count: int) -> tuple[IntArray, IntArray, IntArray]:
    """Each node's total capacity to each part it touches: (node, part, total in
    millionths of a Gb/s), sorted by node then part."""
    key, inverse = np.unique(ends * count + part[others], return_inverse=True)
    total = np.bincount(inverse.reshape(-1), weights=weight, minlength=key.size)
    micro = np.round(np.round(total, _DIGITS) * 10**_DIGITS).astype(np.int64)
    return key // count, key % count, micro


def _equitable(ends: IntArray, others: IntArray, weight: np.ndarray, part: IntArray,
               count: int) -> bool:
    """Whether every node of each part has the same totals to the same parts."""
    node, towards, total = _totals(ends, others, weight, part, count)
    if not node.size:
        return True
    size = np.bincount(part, minlength=count)
    key, inverse = np.unique(part[node] * count + towards, return_inverse=True)
    inverse = inverse.reshape(-1)
    members = np.bincount(inverse, minlength=key.size)
    if not np.array_equal(members, size[key // count]):
        return False  # some node of a part misses a part its fellows reach
    lowest = np.full(key.size, np.iinfo(np.int64).max, dtype=np.int64)
    highest = np.full(key.size, np.iinfo(np.int64).min, dtype=np.int64)
    np.minimum.at(lowest, inverse, total)
    np.maximum.at(highest, inverse, total)
    return bool(np.array_equal(lowest, highest))
