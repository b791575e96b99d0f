"""The top pod of the switch-sides DP in loose mode solved without its pruned
combination when a cheap proof suffices (:mod:`model.metrics.bisection.switch_dp_top`).

In loose mode at most one unit of the whole tree is split. Take the top pod's groups
of children in the loose order and call the last (the finest lattice: after an edit
that leaves a rail block partly filled, the edited island's) L, and the others the
prefix. Under one assignment σ of the top pod's classes, every cut at the target has
its split unit either

- in L (or none): A = min over y of W(y) + L1(q − y), where W is the prefix's product
  with every unit whole and L1 the table of L with one unit split. W stands on the
  coarse lattice of the prefix's units, so it is cheap to make exactly and to its full
  length, and it does not depend on L: it is remembered, and an edit of L finds it;
- or in the prefix: B = min over y of P1(y) + Lw(q − y), with Lw the table of L with
  every unit whole and P1 the prefix's table with one unit split — the costly table
  that bound and prune exists for. Here it is only bounded from below:
  with every switch's side and every other unit fixed, a cut's cost is linear in the
  accelerators a (of n) of the split unit on side A, so it is (1 − a/n) times the cost
  with the unit on B plus a/n times the cost with it on A: two cuts with every unit
  whole, holding y − a and y − a + n, each at least W there. So
  P1(y) ≥ min over the sizes n of the prefix's units and 0 ≤ a < n of
  (1 − a/n)·W(y − a) + (a/n)·W(y − a + n) (:func:`split_bound`). W is exact only up
  to the target: the tables of the prefix's parts are cut at the target, so a count
  above it may miss every cut in which one part holds more than the target (its entry
  INF, or too high, though a real cut exists).
  Above the target a whole cut's cost is therefore unknown when some part's table
  reaches the cut, and 0 (no cost is negative) stands for it — never what W holds
  there, which could lift the bound above real cuts (seen: a claimed exact 1,000 Gb/s
  where the minimum was 900, tests/reference/designs/split-unit-above-the-target.json).

A is exact; real cuts of the prefix with its split unit are read off the bound's best
point (the whole cut of W there, one part holding the split unit's accelerators
instead, each part in turn), which often meet the bound. The best real cut found is
the minimum when it is at most the least of the lower bounds: min(A, bound of B) for
each assignment looked at, and the envelope bound of each assignment not looked at
(assignments are looked at from the least envelope bound up, while it is below the
best cut). Otherwise its cost is the U bound and prune starts from.

The cut is rebuilt by :meth:`~model.metrics.bisection.pod_dp_switches._Solver.assign`
from steps that hold each part's count alone (one-column tables at its offset), so it
places exactly the cut found.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from model.metrics.bisection.switch_dp_kept import (
    Hulls,
    contribution,
    copies,
    kept,
    parts_of,
)
from model.metrics.bisection.switch_dp_rows import _Group, _Step
from model.metrics.representation.topology import IntArray

if TYPE_CHECKING:
    from model.metrics.bisection.pod_dp_switches import _Solver

INF = float("inf")
Array = np.ndarray
Made = tuple[Array, Array, tuple[object, ...]]
SPLIT_PASSES = 4_096
"""Passes over the target's window :func:`split_bound` may take (one per unit size and
lattice step within it); beyond, no proof is tried."""
PRODUCT_BLOCK = 4_096
"""Steps of the grid the products W are cut at a multiple of (:func:`product_reach`)."""
ROUNDING = 1e-12
"""Relative room between a cut and the bound it meets (sums in other orders)."""


@dataclass(frozen=True)
class _Cut:
    """A real cut of the top pod: its cost, the assignment, the count of each part
    (the prefix's parts, then L) and which part holds the split unit."""

    value: float
    row: int
    counts: tuple[int, ...]
    split: int


@dataclass(frozen=True)
class _Row:
    """What one assignment combines: the prefix's parts, their copies combined, the
    products with every unit whole before each part, and L combined."""

    parts: list[tuple[_Group, Array, Array, int, Hulls]]
    made: list[Made]
    products: list[Array]
    last: Made
    finite: list[IntArray]
    """Where each part's table with every unit whole is finite (its lattice)."""
    lattice: tuple[int, int] | None
    """:func:`finite_lattice` of the product of the prefix (W)."""


def split_last(solver: _Solver, groups: list[_Group], envelopes: list[Hulls],
               sides: Array, floor: Array, keep: bool
               ) -> tuple[Array, Array, list[_Step]] | float:
    """The top pod's T and T1 at the target (only the best assignment combined) and
    its steps when the module doc's proof holds; else the cost of the best real cut
    found (INF when none), to prune by. ``floor``: each assignment's envelope bound."""
    best: _Cut | None = None
    best_row: _Row | None = None
    lowest = INF
    q = solver.q
    sizes: IntArray | None = None
    for row in np.argsort(floor, kind="stable").tolist():
        if best is not None and floor[row] >= best.value:
            break
        mine = _row(solver, groups, envelopes, sides, row)
        g, g1, _ = mine.last
        whole = mine.products[-1][0]
        cuts = []
        y, value = _least_at(whole, g1[0], q)
        if y >= 0:
            counts = _unwound(mine, y)
            if counts is not None:
                cuts.append(_Cut(value, row, (*counts, q - y), len(counts)))
        cut_short = any(made[0].shape[1] > q for made in mine.made)
        if sizes is None:
            sizes = _prefix_sizes(solver, groups[-1])
        bound = split_bound(whole, sizes, g[0], q,
                            known=q + 1 if cut_short else whole.size, lattice=mine.lattice)
        if bound is None:
            return min(value, best.value if best is not None else INF)
        lowest = min(lowest, max(float(floor[row]), min(value, bound[0])))
        cuts += _split_before(mine, bound, q, row)
        for cut in cuts:
            if best is None or cut.value < best.value:
                best, best_row = cut, mine
    if best is None or best_row is None:
        return INF
    if best.value > lowest + ROUNDING * abs(lowest):
        return best.value
    return _placed(solver, groups[-1], sides, best, best_row, keep)


def _row(solver: _Solver, groups: list[_Group], envelopes: list[Hulls], sides: Array,
         row: int) -> _Row:
    """The prefix and L under assignment ``row``, from the engine's memory."""
    live = np.array([row])
    parts = parts_of(solver, groups[:-1], envelopes[:-1], sides, live)
    made = [copies(solver, grp, c, c1, m, sides[live]) for grp, c, c1, m, _ in parts]

    reach = product_reach(solver)

    def products() -> list[Array]:
        out = [np.zeros((1, 1))]
        for g, _, _ in made:
            # to the block past the target, so that a later target reads it too
            out.append(solver.conv(out[-1], g, limit=min(
                reach, out[-1].shape[1] + g.shape[1] - 1)))
        return out

    prefix = [(grp, m) for grp, _, _, m, _ in parts]
    kept_products: list[Array] = kept(solver, "whole", prefix, sides[live], products,
                                      cut=reach)
    finite: list[IntArray] = kept(solver, "finite", prefix, sides[live], lambda: [
        np.flatnonzero(np.isfinite(g[0])) for g, _, _ in made])
    lattice: tuple[int, int] | None = kept(
        solver, "lattice", prefix, sides[live],
        lambda: finite_lattice(kept_products[-1][0]), cut=reach)
    last = groups[-1]
    c, c1 = contribution(solver, last, sides, live)
    return _Row(parts, made, kept_products,
                copies(solver, last, c, c1, len(last.members), sides[live]), finite,
                lattice)


def product_reach(solver: _Solver) -> int:
    """Entries of the products W made for the split-last proof: past the target by
    the largest unit and up to the next :data:`PRODUCT_BLOCK` steps. Every entry they
    are read at is a count y at most the target, or k + n with k at most the target and
    n a unit's size (:func:`split_bound`, :func:`_unwound`), and the entries below the
    reach are those of the full product (the same pairs, the same sums), so cutting
    them changes no figure; within one block the target moves (a rack count edited
    again) without remaking them. Beyond the prefix's own length they would only be
    INF, which the convolution leaves out anyway."""
    largest = int(solver.tree.unit_size.max(initial=0)) // solver.g
    return ((solver.q + largest) // PRODUCT_BLOCK + 1) * PRODUCT_BLOCK + 1


def _prefix_sizes(solver: _Solver, last: _Group) -> IntArray:
    """The sizes, in steps of the grid, of the units the prefix holds (every unit of
    the tree but those below the members of ``last``): the split unit of a cut bounded
    by :func:`split_bound` is one of them. (After an edit of one island, its units'
    new sizes, in L, add no passes to the bound, nor loosen it.)"""
    tree = solver.tree
    nodes = np.array(last.members, dtype=np.int64)
    mine = [nodes[nodes < tree.units]]
    pods = nodes[nodes >= tree.units]
    while pods.size:  # down the subtrees, a level at a time
        starts, counts = tree.child_ptr[pods], np.diff(tree.child_ptr)[pods]
        at = np.repeat(starts - np.cumsum(counts) + counts, counts) + np.arange(counts.sum())
        nodes = tree.child_idx[at]
        mine.append(nodes[nodes < tree.units])
        pods = nodes[nodes >= tree.units]
    held = np.ones(tree.units, dtype=bool)
    held[np.concatenate(mine)] = False
    out: IntArray = tree.unit_size[held] // solver.g
    return out


def _least_at(whole: Array, last: Array, target: int) -> tuple[int, float]:
    """The count y of ``whole`` (one row) where whole(y) + last(target − y) is least,
    and that least (−1 and INF when nothing is finite)."""
    low, high = max(0, target - (last.size - 1)), min(target, whole.size - 1)
    if high < low:
        return -1, INF
    y = np.arange(low, high + 1)
    values = whole[y] + last[target - y]
    best = int(np.argmin(values))
    return (int(y[best]), float(values[best])) if np.isfinite(values[best]) else (-1, INF)


def _unwound(mine: _Row, y: int) -> list[int] | None:
    """The count of each prefix part in the least whole cut holding ``y``."""
    counts = [0] * len(mine.made)
    for i in range(len(mine.made) - 1, -1, -1):
        # as _split, over the part's finite entries alone (the first least is the same)
        before, g, at = mine.products[i][0], mine.made[i][0][0], mine.finite[i]
        low, high = max(0, y - (before.size - 1)), min(y, g.size - 1)
        take = at[np.searchsorted(at, low):np.searchsorted(at, high, side="right")]
        if not take.size:
            return None
        values = before[y - take] + g[take]
        best = int(np.argmin(values))
        if not np.isfinite(values[best]):
            return None
        counts[i] = int(take[best])
        y -= counts[i]
    return counts if y == 0 else None


def _split_before(mine: _Row, bound: tuple[float, int, int, int], target: int, row: int
                  ) -> list[_Cut]:
    """The least of the real cuts with the split unit in the prefix read off
    ``bound``'s best point (value, y, k, n): the least whole cut holding k (or k + n),
    one part holding the split unit's y − k accelerators more (or n − y + k fewer)
    from its table T1. Of cuts of equal cost the first, in that order (the order
    :func:`split_last` would meet them in); none when there is none."""
    _, y, k, n = bound
    g = mine.last[0][0]
    if not 0 <= target - y < g.size or not np.isfinite(g[target - y]):
        return []
    best: tuple[float, list[int], int, int] | None = None
    for base in (k, k + n):
        counts = _unwound(mine, base)
        if counts is None:
            continue
        wholes = [float(made[0][0, c]) for made, c in zip(mine.made, counts, strict=True)]
        rest = sum(wholes) + float(g[target - y])
        for p, (_, g1, _) in enumerate(mine.made):
            held = counts[p] + y - base
            if 0 <= held < g1.shape[1] and np.isfinite(g1[0, held]):
                value = rest - wholes[p] + float(g1[0, held])
                if best is None or value < best[0]:
                    best = (value, counts, p, held)
    if best is None:
        return []
    value, counts, p, held = best
    moved = list(counts)
    moved[p] = held
    return [_Cut(value, row, (*moved, target - y), p)]


def finite_lattice(row: Array) -> tuple[int, int] | None:
    """(offset, stride) of the counts at which ``row`` is finite, all of the form
    offset + j·stride (stride 1 for one count); None when none is."""
    finite = np.flatnonzero(np.isfinite(row))
    if finite.size == 0:
        return None
    offset = int(finite[0])
    return offset, max(int(np.gcd.reduce(finite - offset)) if finite.size > 1 else 1, 1)


def split_bound(whole: Array, sizes: IntArray, last: Array, target: int,
                known: int | None = None, lattice: tuple[int, int] | None = None
                ) -> tuple[float, int, int, int] | None:
    """The module doc's lower bound on the cuts holding ``target`` with the split unit
    among the groups whose product with every unit whole is ``whole`` (one row, exact
    in its first ``known`` entries, every entry when None; past them, and past its end,
    a whole cut's cost is unknown) and the last group whole (``last``), and where it is
    least: (bound, y, k, n), the groups before the last holding y, interpolated between
    k and k + n (INF and −1s when nothing is finite). ``sizes``: the units' sizes in
    steps of the grid ``whole`` counts in (accelerators ÷ the grid), as the chord of a
    split unit spans its size in those steps. ``lattice``: :func:`finite_lattice` of
    ``whole``, when known (read when every entry is). None when it would take more
    than :data:`SPLIT_PASSES`."""
    size = whole.size if known is None else max(0, min(known, whole.size))
    found = lattice if lattice is not None and size == whole.size else finite_lattice(
        whole[:size])
    if found is None:
        return INF, -1, -1, -1
    offset, stride = found
    kinds = np.unique(sizes[sizes > 0])
    if int((kinds // stride + 1).sum()) > SPLIT_PASSES:
        return None
    x = np.arange(last.size)
    y = target - x
    inside = (y >= 0) & np.isfinite(last)
    x, y = x[inside], y[inside]
    least = np.full(y.size, INF)
    at_k = np.full(y.size, -1)
    of_n = np.full(y.size, -1)
    below = offset + ((y - offset) // stride) * stride
    for n in kinds.tolist():
        for i in range(n // stride + 1):
            k = below - i * stride
            a = y - k
            ok = (k >= 0) & (a >= 0) & (a < n)
            # past the entries known exactly (the parts' tables are cut at the
            # target) the whole cut's cost is not known: 0 bounds it from below, where
            # INF (no such cut) or a cost made without every part's counts would not
            on_b = np.where(k < size, whole[np.clip(k, 0, size - 1)], 0.0)
            on_a = np.where(k + n < size, whole[np.clip(k + n, 0, size - 1)], 0.0)
            share = a / n
            with np.errstate(invalid="ignore"):
                value = np.where(a == 0, on_b, (1 - share) * on_b + share * on_a)
            value = np.where(ok & ~np.isnan(value), value, INF)
            better = value < least
            least[better], at_k[better], of_n[better] = value[better], k[better], n
    if not x.size:
        return INF, -1, -1, -1
    total = least + last[x]
    best = int(np.argmin(total))
    if not np.isfinite(total[best]):
        return INF, -1, -1, -1
    return float(total[best]), int(y[best]), int(at_k[best]), int(of_n[best])


def _placed(solver: _Solver, last: _Group, sides: Array, cut: _Cut, mine: _Row,
            keep: bool) -> tuple[Array, Array, list[_Step]]:
    """The top pod's T and T1 with only the assignment of ``cut`` combined, and steps
    that place each part at its count: one-column tables at the count before it, the
    split state (T1) where the split unit stands before the step."""
    rows = sides.shape[0]
    t, t1 = np.full((rows, 1), INF), np.full((rows, 1), INF)
    t1[cut.row] = cut.value
    y, value = _least_at(mine.products[-1][0], mine.last[0][0], solver.q)
    if y >= 0:
        t[cut.row] = value  # every unit whole: exact, as W and L's table are
    steps: list[_Step] = []
    if keep:
        here, there = np.zeros((1, 1)), np.full((1, 1), INF)
        groups = [grp for grp, _, _, _, _ in mine.parts] + [last]
        made = [*mine.made, mine.last]
        before = 0
        for index, (grp, (g, g1, how), count) in enumerate(zip(
                groups, made, cut.counts, strict=True)):
            # the split unit before this step: its T1 holds the count; else its T
            split_before = index > cut.split
            steps.append(_Step(grp, there if split_before else here,
                               here if split_before else there, g, g1, how, offset=before))
            before += count
    solver.live_rows = np.array([cut.row])
    return t, t1, steps
