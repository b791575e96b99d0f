"""Exact bisection of pod trees whose pods' own switches are not interchangeable.

The pod-tree DP (:mod:`model.metrics.bisection.pod_dp`) counts how many of a pod's own switches
stand on each side, which is exact only when every child reaches every own switch
equally (``PodTree.uniform``). Many hierarchical designs break that:

- links dealt unevenly (3 links per leaf over 2 spines, one island with half the
  uplinks of the others);
- a heterogeneous campus: islands of different sizes and oversubscriptions under one
  core, where a rail plane of a 13:1 island reaches a quarter of the cores and a plane
  of a 1:1 island all of them, so the core's switches are not alike, and neither are
  the spines of a plane, which reach different parts of the core.

This DP keeps the side of each *class* of a pod's own switches instead (the classes of
:mod:`model.metrics.bisection.pod_classes`: switches that some minimum bisection places together,
by the equitable-partition argument of :mod:`model.metrics.representation.equitable`). For a node v
and each assignment σ of sides to v's classes, its table T_v[σ](k) is the least
capacity crossing inside v's subtree (the links below v's own switches) with k grid
steps of its accelerators on side A. A pod's table for σ combines its children by
min-plus convolution, each child contributing

    g_c(k) = min over τ of T_c[τ](k) + X_c(τ, σ)

where X_c is the capacity of the links between the child's classes (sides τ) and the
pod's (sides σ). A unit of n alike accelerators with a of them on A contributes, for
each class it reaches with capacity C, C·(n−a)/n when the class stands on A and C·a/n
when it stands on B. Every link of a pod tree joins a node's own switches (or a unit)
to its parent's own switches, so each link is counted exactly once, at the pod above
it, and the least over σ at the roots is the minimum bisection. No assumption on the
capacities is made: siblings may differ in every way (islands of other sizes, chips,
uplinks), each child is convolved with its own table.

Why the grid is exact (as in :mod:`model.metrics.bisection.pod_dp`): with every switch's side
fixed, the cost is linear in how many accelerators of each unit stand on A, and balance
is one equation, so some optimum splits at most one unit. Every other unit holds a
multiple of g (the greatest common divisor of the unit sizes) on A, and the split one
holds the remainder r of the target modulo g on top of a multiple of g; the tables T
count whole steps of g and the tables T1 count the steps with r added once.

What keeps it fast: children of one kind (the same tables and the same links to the
same classes) contribute the same, so tables are made once per kind, and m copies of
a contribution combine in closed form when it is concave (at most one of them split),
else one at a time with all but one drawn from the breakpoints of their table (two
copies inside linear pieces trade accelerators at a constant rate until one reaches a
breakpoint). Every assignment of a pod is one row of a table, and the rows are combined
together. A single top pod is read at the target only, and at half of an even number of
accelerators needs half its assignments (an assignment and its mirror image cost the
same there). The cut is rebuilt from the top, recombining only the pods it splits, one
assignment each; subtrees standing wholly on one side take their assignments from a
lookup per kind.

Units of coprime sizes (21 and 37 GPUs beside 32) make the grid one accelerator; the
tables then count whole units and one split unit apart, and the top pod is combined by
bound and prune (:mod:`model.metrics.bisection.switch_dp_top`), or without any
pruned pass when a real cut meets the lower bounds of
:mod:`model.metrics.bisection.switch_dp_split`.

The price is 2^c rows for a pod of c classes, so this runs while pods have at most
:data:`model.metrics.bisection.pod_classes.MAX_OWN` classes and the work stays under
:data:`OPERATIONS_LIMIT`, counted rather than timed so the answer never depends on how
busy the machine is; beyond that
the caller keeps its upper bound, flagged ``exact: false``. Accelerators sharing a NIC
are not modelled (a NIC split between the sides crosses less than its accelerators'
shares): the caller does not use this DP for them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from model.metrics.algorithms.min_plus import (
    TooMuchWorkError,
    breakpoints_only,
    min_plus_rows,
)
from model.metrics.bisection.pod_classes import PodClasses, pod_classes
from model.metrics.bisection.pods import PodTree
from model.metrics.bisection.switch_dp_kept import group_copies, row_steps, whole_parts
from model.metrics.bisection.switch_dp_loose import (
    MAX_PRUNED_ROWS,
    loose_copies,
    loose_items,
    pod_groups,
    prunes,
)
from model.metrics.bisection.switch_dp_rows import (
    _bits,
    _choose,
    _concave_rows,
    _ends,
    _first,
    _Group,
    _one_row,
    _padded,
    _split,
    _split_value,
    _Step,
    _whole_value,
)
from model.metrics.bisection.switch_dp_top import bounded_rows, pruned_top
from model.metrics.bisection.switch_dp_tree import tree_combine, unwind_tree
from model.metrics.bisection.switch_dp_whole import fill_whole
from model.metrics.budget import check as check_budget
from model.metrics.memory import remembered
from model.metrics.representation.topology import IntArray

INF = float("inf")
Array = np.ndarray
OPERATIONS_LIMIT = 60_000_000
"""Element operations (convolutions, contributions) after which the DP is abandoned and
the upper bound stands: about a fifth of a second. The designs it solves take far less
(the 100K campus with one island's uplinks halved about 170,000; the heterogeneous
campus of the benchmarks about as much); what exceeds it is a grid of one accelerator
on a large campus (a rail block left partly filled), where tables are 50,000 long."""
MAX_ENTRIES = 16_000_000
"""Entries (assignments × counts) one table may hold."""
_KEPT_ENTRIES = 1_000_000
"""Entries (assignments × counts) up to which the top pod's steps are kept."""
CALL_COST = 2_000
"""Operations each numpy step counts besides its elements (its Python around it)."""


@dataclass
class SwitchSides:
    """A bisection found by :func:`solve`: its value, the side of every switch member
    (1 = side A) and the accelerators on A of each unit."""

    value: float
    switch: np.ndarray
    on_a: IntArray


class _OutOfWorkError(Exception):
    """More operations than :data:`OPERATIONS_LIMIT`, or a table too large."""


class _Solver:
    """The DP of the module doc on one tree."""

    def __init__(self, tree: PodTree, target: int, classes: PodClasses,
                 limit: int = OPERATIONS_LIMIT):
        self.tree, self.cl = tree, classes
        self.limit = limit
        """Operations after which the DP gives up (:data:`OPERATIONS_LIMIT` unless the
        caller allows more)."""
        sizes = tree.unit_size[tree.unit_size > 0]
        self.g = max(int(np.gcd.reduce(sizes)) if sizes.size else 0, 1)
        self.loose = bool(sizes.size) and (self.g < int(sizes.min()) or (
            self.g == 1 and 2 * int(sizes[sizes > 1].sum()) > int(sizes.sum())))
        """Units of sizes whose common divisor is smaller than each (21 and 37; 30 and
        32), or a grid of one accelerator where most accelerators stand in larger units
        (a link down leaves a unit of one): :mod:`model.metrics.bisection.switch_dp_loose`.
        Loose tables count on that grid whatever the divisor (whole units on their
        lattices, read alone), so an edit that changes it finds what the top pod kept."""
        self.g = 1 if self.loose else self.g
        self.q, self.r = divmod(target, self.g)
        self.split = bool(self.r) or self.loose
        """Whether the tables T1 (one unit split) are kept."""
        # a top node without accelerators (a failed switch, whose links are all down,
        # stands alone) crosses nothing with its whole subtree on one side: it is left
        # out, its switches take side A, and the one top pod left, if any, is read at
        # the target alone
        roots = [int(r) for r in tree.roots if tree.accelerators[r] > 0]
        pods = [r for r in roots if r >= tree.units]
        self.free: list[int] = []
        """Units standing alone (an accelerator whose links are all down): they cross
        nothing on either side, so with one pod besides them they join the top pod's
        children, and the top pod is still read at the target alone."""
        if len(pods) == 1 and len(roots) > 1:
            self.free, roots = [r for r in roots if r < tree.units], pods
        self.roots = roots
        self.top = roots[0] if len(roots) == 1 and roots[0] >= tree.units else -1
        # a cut's mirror is at the target only when it is half of all, free units too
        self.mirror = self.top >= 0 and 2 * target == int(
            tree.accelerators[self.top]) + int(tree.unit_size[self.free].sum())
        self.tables: dict[int, tuple[Array, Array]] = {}
        self._groups: dict[int, list[_Group]] = {}
        self._bits: dict[int, Array] = {}
        self._crossings: dict[tuple[object, ...], Array] = {}
        self.own_hulls: dict[int, list[tuple[Array, Array]]] = {}
        """The envelopes of each row of a kind's tables (:mod:`switch_dp_top`)."""
        self.top_steps: tuple[Array, list[_Step]] | None = None
        self.pod_steps: dict[int, list[_Step]] = {}
        """Steps of the pod kinds this run made (a step per group): the cut reads them."""
        self.spent = 0
        self.whole_steps: IntArray | None = None
        """:func:`whole_steps` of the tree, in loose mode (made when first asked)."""
        self.live_rows: IntArray | None = None
        """The rows the last combination at the top pod combined (None: all)."""
        self.tau = np.full(tree.size, -1, dtype=np.int64)
        self.whole = np.full(tree.size, -1, dtype=np.int8)
        self.on_a = np.zeros(tree.units, dtype=np.int64)

    def bits(self, count: int) -> Array:
        """:func:`_bits` of ``count``, made once a run (read only)."""
        found = self._bits.get(count)
        if found is None:
            found = self._bits[count] = _bits(count)
            found.flags.writeable = False
        return found

    # ------------------------------------------------------------------ counting
    def add(self, work: int) -> None:
        check_budget()  # the run's deadline (model.metrics.budget)
        self.spent += work + CALL_COST
        if self.spent > self.limit:
            raise _OutOfWorkError

    def conv(self, a: Array, b: Array, below: int = 0, limit: int | None = None) -> Array:
        """Row-by-row min-plus convolution up to the target (or ``limit`` entries),
        counted; ``below``: the count column 0 of ``a`` stands for."""
        if limit is None:
            limit = self.q + 1 - below
        try:
            out, work = min_plus_rows(a, b, limit, self.limit - self.spent)
        except TooMuchWorkError:
            raise _OutOfWorkError from None
        self.add(work)
        return out

    def at_target(self, a: Array, b: Array, below: int = 0) -> Array:
        """``a ⊕ b`` at the target count only, as a one-column table; ``below``: the
        count column 0 of ``a`` stands for."""
        q = self.q - below
        low, high = max(0, q - (a.shape[1] - 1)), min(q, b.shape[1] - 1)
        if high < low:
            return np.full((a.shape[0], 1), INF)
        i = np.arange(low, high + 1)
        self.add(a.shape[0] * i.size)
        out: Array = (a[:, q - i] + b[:, i]).min(axis=1, keepdims=True)
        return out

    def lengths(self, node: int) -> tuple[int, int]:
        """Entries of a node's tables T and T1 (cut at the target)."""
        steps = int(self.tree.accelerators[node]) // self.g
        if self.loose and not self.r:
            return min(steps, self.q) + 1, min(steps, self.q) + 1
        return min(steps, self.q) + 1, (min(steps - 1, self.q) + 1 if self.r else 0)

    # ------------------------------------------------------------------ tables
    def table(self, node: int) -> tuple[Array, Array]:
        """T and T1 of ``node``'s kind, rows by assignment of its classes."""
        kind = int(self.cl.kind[node])
        found = self.tables.get(kind)
        if found is None:
            if node < self.tree.units:
                length, length1 = self.lengths(node)
                found = (np.zeros((1, length)), np.zeros((1, length1)))
            else:
                # a pod's tables depend on its subtree alone (which its kind names), the
                # grid and the target, which only cuts them (at the lengths): remembered
                # across runs, so a failure or an edit inside one island recomputes that
                # island's tables only, even when the target moves
                key = ((kind, self.g, *self.lengths(node), self.r, self.loose)
                       if node != self.top else None)
                tables = remembered().switch_side_tables
                found = tables.get(key) if key is not None else None
                if found is None:
                    found = self._pod_table(node)
                    if key is not None:
                        for array in found:
                            array.flags.writeable = False  # shared with later runs
                        tables.put(key, found, found)
            self.tables[kind] = found
        return found

    def _pod_table(self, node: int) -> tuple[Array, Array]:
        count = int(self.cl.count[node])
        rows = np.arange(1 << count)
        top = node == self.top
        if top and self.mirror and count:
            rows = rows[(rows & 1) == 1]  # class 0 on A: the mirror images are the same
        elif (1 << count) * self.lengths(node)[0] > MAX_ENTRIES:
            raise _OutOfWorkError
        # the top pod's steps are kept to rebuild the cut (recombining it for one
        # assignment would cost about as many numpy calls again), while small
        keep = top and rows.size * self.lengths(node)[0] <= _KEPT_ENTRIES
        self.live_rows = None
        if top and not self.split and 1 < rows.size <= MAX_PRUNED_ROWS:
            t, t1, steps = bounded_rows(self, node, rows, keep)
        else:
            # below the top, steps cost references only: kept for the cut while small
            own = not top and rows.size * self.lengths(node)[0] <= _KEPT_ENTRIES
            t, t1, steps = self.combine(node, rows, top, keep=keep or own)
            if own:
                self.pod_steps[int(self.cl.kind[node])] = steps
        if keep:
            self.top_steps = (rows if self.live_rows is None else rows[self.live_rows],
                              steps)
        if rows.size == 1 << count:
            return t, t1
        full = np.full((1 << count, t.shape[1]), INF)
        full1 = np.full((1 << count, t1.shape[1]), INF)
        full[rows], full1[rows] = t, t1
        return full, full1

    def groups(self, node: int) -> list[_Group]:
        """``node``'s children by what they contribute, the largest group last (made
        once a run: the combination, its bound and the cut all ask; callers do not
        change the list)."""
        found = self._groups.get(node)
        if found is None:
            found = self._groups[node] = pod_groups(self, node)
        return found

    def crossing(self, grp: _Group, sides: Array) -> Array:
        """X of the module doc: child assignments (rows) × the pod's ``sides`` rows
        (made once a run for each links and sides: the bound, the combination and the
        cut ask for the same)."""
        own = int(self.cl.count[grp.child])
        linked = grp.links
        key = (own, linked.shape, linked.tobytes(), sides.shape, sides.tobytes())
        found = self._crossings.get(key)
        if found is None:
            taus = self.bits(own)
            found = taus @ linked @ (1 - sides).T + (1 - taus) @ linked @ sides.T
            found.flags.writeable = False
            self._crossings[key] = found
        return found

    def foresee(self, groups: list[_Group], rows: int) -> None:
        """Give up at once when the contributions of ``groups`` to ``rows`` assignments
        of their pod would alone take the work past :data:`OPERATIONS_LIMIT` (each is
        counted by :meth:`contribution` as it is made, so the DP would fail anyway,
        after spending the limit)."""
        ahead = 0
        for grp in groups:
            if grp.child >= self.tree.units:
                length, length1 = self.lengths(grp.child)
                ahead += (1 << int(self.cl.count[grp.child])) * rows * (length + length1)
        if self.spent + ahead > self.limit:
            raise _OutOfWorkError

    def contribution(self, grp: _Group, sides: Array) -> tuple[Array, Array]:
        """g_c and its remainder table for one child of ``grp``, one row per row of
        ``sides`` (the pod's assignments)."""
        child = grp.child
        if child < self.tree.units:
            n = int(self.tree.unit_size[child])
            length, length1 = self.lengths(child)
            to_a = sides @ grp.links[0]
            to_b = float(grp.links[0].sum()) - to_a
            out = []
            for a in (np.arange(length) * self.g, np.arange(length1) * self.g + self.r):
                out.append((to_a[:, None] * (n - a) + to_b[:, None] * a) / n if n
                           else np.zeros((sides.shape[0], a.size)))
            if self.loose:  # T: the unit whole, on B or on A
                whole = np.arange(length) * self.g
                out[0][:, (whole > 0) & (whole < n)] = INF
            return out[0], out[1]
        t, t1 = self.table(child)
        x = self.crossing(grp, sides)
        self.add(x.size * (t.shape[1] + t1.shape[1]))
        return (np.min(t[:, None, :] + x[:, :, None], axis=0),
                np.min(t1[:, None, :] + x[:, :, None], axis=0))

    def copies(self, c: Array, c1: Array, m: int, keep: bool
               ) -> tuple[Array, Array, tuple[object, ...]]:
        """m children contributing ``c`` (``c1``) each, combined (module doc)."""
        if m == 1:
            return c, c1, ("one",)
        if self.loose:
            return loose_copies(self, c, c1, m, keep)
        n = c.shape[1] - 1
        if not self.r and n > 0 and _concave_rows(c):
            k = np.arange(min(m * n, self.q) + 1)
            j = np.minimum(k // n, m - 1)
            self.add(c.shape[0] * k.size)
            g = j * c[:, [n]] + (m - j - 1) * c[:, [0]] + c[:, k - j * n]
            return g, np.full((c.shape[0], 0), INF), ("concave", n)
        corners = c if self.r else np.stack([breakpoints_only(row) for row in c])
        total, total1 = c, c1
        kept = []
        for _ in range(m - 1):
            if keep:
                kept.append((total, total1))
            new = self.conv(total, corners)
            if self.r:
                total1 = _padded(self.conv(total1, c), self.conv(total, c1))
            total = new
        return total, total1, ("fold", corners, c, c1, kept)

    def combine(self, node: int, rows: Array, at_target: bool, keep: bool
                ) -> tuple[Array, Array, list[_Step]]:
        """``node``'s tables for the assignments ``rows`` (and, with ``keep``, each
        step, to rebuild the cut)."""
        sides = self.bits(int(self.cl.count[node]))[rows]
        groups = self.groups(node)
        if not (at_target and prunes(self, len(groups), rows.size)):  # counts as it goes
            self.foresee(groups, rows.size)
        if self.split:
            return self._with_remainder(groups, sides, at_target, keep)
        if at_target and len(groups) > 1:  # the top pod: a tree of remembered nodes
            total, tree = tree_combine(self, groups, sides)
            return total, np.full((rows.size, 0), INF), tree
        whole, split = np.zeros((rows.size, 1)), np.full((rows.size, 0), INF)
        steps: list[_Step] = []
        for index, grp in enumerate(groups):
            m = len(grp.members)
            c, concave, ends = whole_parts(self, grp, m, sides, False)
            op = self.at_target if at_target and index == len(groups) - 1 else self.conv
            if concave:  # concave children: all but one stand whole (module doc)
                fewer = self.conv(whole, ends[0]) if m > 1 else whole
                new_whole, new_split = op(fewer, ends[1]), op(fewer, c)
                if split.shape[1]:
                    new_split = _padded(new_split, op(split, ends[2]))
                if keep:
                    steps.append(_Step(grp, whole, split, fewer, c, ("concave",), True))
            else:
                g, _, how = self.copies(c, c[:, :0], m, keep)
                new_whole = op(whole, g)
                new_split = op(split, g) if split.shape[1] else split
                if keep:
                    steps.append(_Step(grp, whole, split, g, c[:, :0], how))
            whole, split = new_whole, new_split
        total = _padded(whole, split) if split.shape[1] else whole
        return total, np.full((rows.size, 0), INF), steps

    def _with_remainder(self, groups: list[_Group], sides: Array, at_target: bool,
                        keep: bool) -> tuple[Array, Array, list[_Step]]:
        """:meth:`combine` when the target is not a multiple of the grid: the tables
        with the remainder (T1) ride along, each child in turn may hold it."""
        if at_target and prunes(self, len(groups), sides.shape[0]):
            return pruned_top(self, groups, sides, keep)
        total, total1 = np.zeros((sides.shape[0], 1)), np.full((sides.shape[0], 0), INF)
        steps: list[_Step] = []
        for index, grp in enumerate(groups):
            g, g1, how = group_copies(self, grp, sides, keep)
            if keep:
                steps.append(_Step(grp, total, total1, g, g1, how))
            if at_target and index == len(groups) - 1:
                new = self.at_target(total, g)
                total1 = np.minimum(self.at_target(total1, g), self.at_target(total, g1))
            elif index == 0:
                new, total1 = _first(g, g1, self.q + 1)
            else:
                new = self.conv(total, g)
                total1 = _padded(self.conv(total1, g), self.conv(total, g1))
            total = new
        return total, total1, steps

    # ------------------------------------------------------------------ the cut
    def solve(self) -> float:
        """The minimum, with the cut recorded in ``tau``, ``whole`` and ``on_a``."""
        roots = self.roots
        if self.top >= 0:
            t, t1 = self.table(self.top)
            column = (t1 if self.split else t)[:, 0]
            row = int(np.argmin(column))
            if not np.isfinite(column[row]):
                return INF
            self.assign(self.top, row, self.q, self.split)
            fill_whole(self)
            return float(column[row])
        best = [tuple(x.min(axis=0, keepdims=True) for x in self.table(r)) for r in roots]
        total, total1 = np.zeros((1, 1)), np.full((1, 0), INF)
        befores = []
        for t, t1 in best:
            befores.append((total, total1))
            new = self.conv(total, t)
            if self.split:
                total1 = _padded(self.conv(total1, t), self.conv(total, t1))
            total = new
        final = total1 if self.split else total
        if self.q >= final.shape[1] or not np.isfinite(final[0, self.q]):
            return INF
        value, k, partial = float(final[0, self.q]), self.q, self.split
        for root, (t, t1), (before, before1) in reversed(list(zip(
                roots, best, befores, strict=True))):
            take, part = _choose(before[0], before1[0], t[0], t1[0], k, partial)
            table = self.table(root)[1 if part else 0]
            row = int(np.argmin(table[:, take]))
            self.assign(root, row, take, part)
            partial = partial and not part
            k -= take
        fill_whole(self)
        return value

    def assign(self, node: int, row: int, k: int, partial: bool) -> None:
        """``node`` with assignment ``row`` and ``k`` steps on A (plus the remainder
        when ``partial``)."""
        self.tau[node] = row
        if node < self.tree.units:
            self.on_a[node] = k * self.g + (self.r if partial else 0)
            return
        full = int(self.tree.accelerators[node]) // self.g
        if not partial and k in (0, full):
            self.whole[node] = 1 if k == full and full else 0
            return
        made = self.pod_steps.get(int(self.cl.kind[node]))
        if node == self.top and self.top_steps is not None:
            position = int(np.flatnonzero(self.top_steps[0] == row)[0])
            steps = [_one_row(step, position) for step in self.top_steps[1]]
        elif node != self.top and made is not None:  # made this run, its own groups
            steps = [replace(_one_row(step, row), grp=grp)
                     for step, grp in zip(made, self.groups(node), strict=True)]
        elif node != self.top:  # combined for this row alone, remembered
            steps = row_steps(self, node, row)
        else:
            steps = self.combine(node, np.array([row]), True, keep=True)[2]
        sides = self.bits(int(self.cl.count[node]))[[row]]
        if self.split:
            for step in reversed(steps):
                take, part = _choose(step.whole[0], step.split[0], step.table[0],
                                         step.extra[0], k - step.offset, partial)
                self.spread(step.grp, step.how, take, part, sides)
                partial = partial and not part
                k -= take
            return
        if steps and steps[0].how[0] == "tree":
            return unwind_tree(self, steps[0].how, k, sides)
        # which state the count came from: every concave child whole, or one split
        last = steps[-1] if steps else None
        split_state = last is not None and _split_value(last, k) < _whole_value(last, k)
        for step in reversed(steps):
            k, split_state = self.unwind(step, k, split_state, sides)

    def unwind(self, step: _Step, k: int, split_state: bool, sides: Array
               ) -> tuple[int, bool]:
        """Undo one step of :meth:`combine` without remainder at count ``k``: place the
        group's children, and return the count and state before it."""
        grp, whole, split = step.grp, step.whole, step.split
        m = len(grp.members)
        if not step.concave:
            before = split if split_state else whole
            take = _split(before[0], step.table[0], k)[1]
            self.spread(grp, step.how, take, False, sides)
            return k - take, split_state
        fewer, c = step.table, step.extra
        n = c.shape[1] - 1
        if split_state:
            here, partial = _split(fewer[0], c[0], k)
            earlier = (_split(split[0], _ends(c, m)[0], k)[0] if split.shape[1] else INF)
            if here <= earlier:
                rest = k - partial
                wholes = _split(whole[0], _ends(c, m - 1)[0], rest)[1] // n if m > 1 else 0
                counts = [n] * wholes + [partial] + [0] * (m - wholes - 1)
                self.spread(grp, ("counts", counts), 0, False, sides)
                return rest - wholes * n, False
            wholes = _split(split[0], _ends(c, m)[0], k)[1] // n
        else:
            wholes = _split(whole[0], _ends(c, m)[0], k)[1] // n
        self.spread(grp, ("counts", [n] * wholes + [0] * (m - wholes)), 0, False, sides)
        return k - wholes * n, split_state

    def spread(self, grp: _Group, how: tuple[object, ...], k: int, partial: bool,
               sides: Array) -> None:
        """Split ``k`` steps among the members of ``grp`` as the DP combined them, and
        place each with its best assignment under the pod's ``sides``."""
        members = grp.members
        items: list[tuple[int, int, bool]] = []
        if how[0] == "counts":
            items = [(child, count, False)
                     for child, count in zip(members, how[1], strict=True)]  # type: ignore[call-overload]
        elif how[0] == "one":
            items.append((members[0], k, partial))
        elif how[0] == "concave":
            n = int(how[1])  # type: ignore[call-overload]
            j = min(k // n, len(members) - 1)
            items = [(child, n if i < j else k - j * n if i == j else 0, partial and i == j)
                     for i, child in enumerate(members)]
        elif how[0] in ("wconcave", "wfold"):
            items = loose_items(members, how, k, partial)
        else:
            corners, c, c1, kept = how[1:]
            for i in range(len(members) - 1, 0, -1):
                total, total1 = kept[i - 1]  # type: ignore[index]
                if partial:
                    take, part = _choose(total[0], total1[0], c[0], c1[0],  # type: ignore[index]
                                             k, True)
                else:
                    take, part = _split(total[0], corners[0], k)[1], False  # type: ignore[index]
                items.append((members[i], take, part))
                partial = partial and not part
                k -= take
            items.append((members[0], k, partial))
        x = self.crossing(grp, sides)[:, 0] if grp.child >= self.tree.units else None
        rows: dict[tuple[int, bool], int] = {}  # a group's children: one kind, one table
        for child, count, part in items:
            if x is not None and (count, part) not in rows:
                table = self.table(child)[1 if part else 0]
                rows[count, part] = int(np.argmin(table[:, count] + x))
            self.assign(child, 0 if x is None else rows[count, part], count, part)

def solve(tree: PodTree, target: int, limit: int = OPERATIONS_LIMIT) -> SwitchSides | None:
    """The minimum bisection with ``target`` accelerators on side A, or None when the
    tree is too large for this DP (more than ``limit`` operations, see
    :data:`OPERATIONS_LIMIT`)."""
    if not tree.size:
        return None
    classes = pod_classes(tree)
    if classes is None:
        return None
    solver = _Solver(tree, target, classes, limit)
    try:
        value = solver.solve()
    except _OutOfWorkError:
        return None
    if not np.isfinite(value):
        return None
    switch = np.zeros(classes.node_of_member.size, dtype=np.int8)
    owned = classes.node_of_member >= 0
    rows = solver.tau[classes.node_of_member[owned]]
    switch[owned] = (rows >> classes.class_of_member[owned]) & 1
    return SwitchSides(value, switch, solver.on_a)
