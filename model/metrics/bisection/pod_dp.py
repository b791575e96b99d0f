"""Minimum balanced cut over a pod tree by dynamic programming (min-plus convolution).

For every node X of the pod tree and every side σ of its parent's own switches, the DP
computes ``F_X[σ][k]``: the least capacity crossing the cut among the links inside X and
from X to its parent's own switches, when ``k·g`` of X's accelerators stand on side A.
Here ``g`` is the greatest common divisor of the unit sizes; ``F1_X`` is the same with
``k·g + r`` accelerators on A, one unit holding the odd remainder ``r``.

- A unit of ``n`` accelerators, each with capacity ``c`` to its parent's switches, costs
  ``c`` per accelerator standing on the other side: ``c·(n − a)`` or ``c·a``.
- A pod puts its own switches on side A or B (both tried): the children combine by
  min-plus convolution, plus the pod's uplink capacity when its switches stand on the
  other side from its parent's.

Why the search is complete (the argument behind ``exact``):

1. Interchangeable switches: when every child of a pod has the same capacity to each
   of the pod's own switches and those switches have equal uplinks
   (``PodTree.uniform``), the own switches of a pod stand together. With every
   accelerator's side fixed, the partition into each pod's own switches and each unit's
   parts on A and on B is equitable (each member of a part has the same capacity to each
   other part), hence a fractional automorphism of the min-cut LP that places the
   switches; that LP has an optimum constant on every part, which is then the min-cut
   LP of the graph of parts and has an integral optimum (the argument is spelled out in
   :mod:`model.metrics.bisection.pod_dp_switches`, which uses finer classes).
2. At most one split unit: with the switches' sides fixed, the cost is linear in the
   number of accelerators of each unit on side A, and balance is one linear equation,
   so an optimal vertex splits at most one unit; hence the grid of ``g`` plus one
   remainder ``r``.
3. Children combine exactly by min-plus convolution over all their counts; identical
   children with a concave cost use the closed form "whole, one partial, whole" (for a
   concave cost, moving accelerators between two partial children never helps). When
   one of them holds the remainder r, the same exchange leaves the others whole and it
   anywhere, or it at an end of its range and one other partial
   (``_remainder_shapes``).
4. The tables are piecewise linear. A convolution goes piece by piece
   (:mod:`model.metrics.algorithms.min_plus`), and of m identical children all but one may stand
   at a breakpoint of their table: two children inside linear pieces trade accelerators
   at a constant rate, which cannot raise the cost both ways, until one reaches a
   breakpoint (``_fold``).

Which cut of least capacity is reported, when several are: each combination keeps its
first least split; below the top pod, child groups are combined in an order the design
fixes (``_order``), so the choice there is the design's alone. At the top pod the
remembered groups come first (an edit then costs one pass at the target), so among cuts
of equal capacity the one reported can follow the edits before it.
"""

from __future__ import annotations

import numpy as np

from model.metrics.algorithms.min_plus import (
    Split,
    breakpoints_only,
    convolution_cost,
    min_plus,
    piece_count,
)
from model.metrics.bisection.dp_tables import Costs, held_arrays
from model.metrics.bisection.pod_dp_concave import _concave, _remainder_shapes, _whole_but_one
from model.metrics.bisection.pods import PodTree
from model.metrics.budget import check as check_budget
from model.metrics.memory import remembered

INF = float("inf")
Array = np.ndarray
Choice = Array | Split
"""Per count of a combination, how many grid steps its second part takes."""
WORK_LIMIT = 300_000_000
WORK_PER_ACCELERATOR = 3_000
"""Work the convolutions may spend (in :func:`min_plus`'s units) before the DP gives up
and the bisection falls back to the best of a few cuts: the larger of the two, so that a
big campus, whose fallback also costs more, may take proportionally longer (uneven
wiring can shrink the grid to single accelerators)."""
_PREFIX_WORTH = 30_000_000
"""Work worth spending once on the remembered groups' combination at the top pod, to
reuse it on the edits that follow."""
_BUCKET = 4096
"""Step of the tables' limit (see ``PodDP.limit``)."""


class PodDP:
    """Runs the DP on a pod tree and reconstructs the cut it finds."""

    def __init__(self, tree: PodTree, target: int):
        self.tree = tree
        sizes = tree.unit_size[tree.unit_size > 0]
        self.g = max(int(np.gcd.reduce(sizes)) if sizes.size else 0, 1)
        self.q, self.r = divmod(target, self.g)
        self.limit = ((self.q + _BUCKET // 2) // _BUCKET + 1) * _BUCKET
        """Tables stop here: no count past the target can contribute, and a limit that
        moves in steps of :data:`_BUCKET` lets an edit that moves the target a little
        reuse the tables of every subtree and combination it did not change. It moves
        when the target crosses an odd multiple of half a step: campus sizes cluster at
        round numbers (98,304 GPUs has 49,152 = 12 × 4,096 as its target), and a target
        on a round number then sits mid-step, so removing or adding a few racks keeps
        the limit (a step boundary there would make the first edit rebuild every
        remembered combination)."""
        self.memo: dict[int, Costs] = {}
        roots = tree.roots
        self.single_root = roots[0] if len(roots) == 1 and roots[0] >= tree.units else -1
        """The top pod when there is one: its tables are wanted at the target only."""
        self.work = 0
        self.budget = max(WORK_LIMIT, WORK_PER_ACCELERATOR * int(tree.unit_size.sum()))
        self.fresh: set[int] = set()
        """Signatures whose tables this run computed (not remembered from a run before)."""

    def conv(self, a: Array, b: Array) -> tuple[Array, Choice]:
        """:func:`min_plus` cut at the limit (counts only grow as children are added,
        so no entry past the target can contribute), counting the work against the
        budget (see :data:`WORK_LIMIT`), and the run's deadline
        (:mod:`model.metrics.budget`)."""
        check_budget()
        out, arg, work = min_plus(a, b, self.limit + 1, self.budget - self.work)
        self.work += work
        return out, arg

    def conv_at_target(self, a: Array, b: Array) -> tuple[Array, Choice]:
        """:meth:`conv` evaluated at the target only, as a table of that one entry (see
        ``Costs.at``): the top pod of a single-rooted tree is read at no other count, so
        its last combination costs one vector instead of a product of two."""
        check_budget()
        k = self.q
        out = np.full(1, INF)
        arg = np.zeros(1, dtype=np.int64)
        lo, hi = max(0, k - (a.size - 1)), min(k, b.size - 1)
        self.work += max(hi - lo + 1, 0)
        if hi < lo:
            return out, arg
        i = np.arange(lo, hi + 1)
        values = a[k - i] + b[i]
        # among equal values, the split giving the most to the longer table, whichever
        # side it is on
        best = int(np.argmin(values)) if a.size >= b.size else (
            values.size - 1 - int(np.argmin(values[::-1])))
        out[0] = values[best]
        arg[0] = lo + best
        return out, arg

    # ------------------------------------------------------------------ tables
    def costs(self, index: int) -> Costs:
        """DP tables of node ``index`` (computed once per signature, and remembered
        across runs by the signature's hash)."""
        sig = int(self.tree.signature[index])
        found = self.memo.get(sig)
        if found is None:
            key = self._key(index)
            tables = remembered().dp_tables
            found = tables.get(key) if key is not None else None
            if found is None:
                check_budget()
                self.fresh.add(sig)
                found = self._unit(index) if index < self.tree.units else self._pod(index)
                if key is not None:
                    tables.put(key, found, found.arrays())
            self.memo[sig] = found
        return found

    def _key(self, index: int) -> tuple[int, int, int, int, bool] | None:
        if not self._stable():
            return None
        top = index == self.single_root
        reach = self.q if top else min(self.limit, int(self.tree.accelerators[index]) // self.g)
        return (self._name(index), self.g, reach, self.r, top)

    def _unit(self, index: int) -> Costs:
        n, g, r = int(self.tree.accelerators[index]), self.g, self.r
        c = float(self.tree.up[index]) / n if n else 0.0
        a = np.arange(n // g + 1) * g
        f = [c * (n - a), c * a]
        a1 = a[: n // g] + r if r else np.zeros(0, np.int64)
        f1 = [c * (n - a1), c * a1]
        return Costs([x.astype(float) for x in f], [x.astype(float) for x in f1])

    def _pod(self, index: int) -> Costs:
        top = self.single_root == index
        combos = [self._combine_nodes(self.tree.children(index), side, at_target=top)
                  for side in (0, 1)]
        children = [c[0] for c in combos]
        children1 = [c[1] for c in combos]
        up = float(self.tree.up[index])
        f, f1, own, own1 = [], [], [], []
        for parent_side in (0, 1):
            stay, move = children[parent_side], children[1 - parent_side] + up
            f.append(np.minimum(stay, move))
            own.append(np.where(stay <= move, parent_side, 1 - parent_side))
            stay1, move1 = children1[parent_side], children1[1 - parent_side] + up
            f1.append(np.minimum(stay1, move1))
            own1.append(np.where(stay1 <= move1, parent_side, 1 - parent_side))
        return Costs(f, f1, own, own1, [c[2] for c in combos], self.q if top else 0)

    def _combine_nodes(self, kids: np.ndarray, side: int, at_target: bool = False
                       ) -> tuple[Array, Array, list[object]]:
        """Nodes combined (min-plus), with their parent's switches on ``side``;
        ``at_target``: only the entry at the target is wanted. Each step names its
        group, so a plan does not depend on the order the groups were combined in."""
        groups = self._groups(kids)
        tables = [self.costs(members[0]) for members in groups]
        names = [self._name(members[0]) for members in groups]
        fresh = [int(self.tree.signature[members[0]]) in self.fresh for members in groups]
        order, reuse, key = self._order(groups, tables, names, fresh, side, at_target)
        total, total1 = np.zeros(1), np.full(0, INF)
        steps: list[object] = []
        start = 0
        prefixes = remembered().dp_prefixes
        known = prefixes.get(key) if reuse else None
        if known is not None:
            total, total1, done = known
            steps, start = list(done), reuse
        for index in order[start:]:
            members = groups[index]
            t = tables[index]
            g, g1, how = self._group_power(t, members, names[index], side)
            last = at_target and len(steps) == len(groups) - 1
            conv = self.conv_at_target if last else self.conv
            new, arg = conv(total, g)
            if self.r:
                a1, arg1a = conv(total1, g) if total1.size else (np.full(0, INF), None)
                b1, arg1b = conv(total, g1) if g1.size else (np.full(0, INF), None)
                size = max(a1.size, b1.size)
                a1 = np.r_[a1, np.full(size - a1.size, INF)]
                b1 = np.r_[b1, np.full(size - b1.size, INF)]
                new1 = np.minimum(a1, b1)
                from_a = a1 <= b1
            else:
                new1, arg1a, arg1b, from_a = np.full(0, INF), None, None, None
            steps.append((names[index], how, arg, arg1a, arg1b, from_a,
                          self.q if last else 0))
            total, total1 = new, new1
            if reuse and len(steps) == reuse:
                entry = (total, total1, tuple(steps))
                prefixes.put(key, entry, held_arrays(entry))
        return total, total1, steps

    def _group_power(self, t: Costs, members: list[int], name: int, side: int
                     ) -> tuple[Array, Array, object]:
        """:meth:`_power` of a group, remembered across runs by what it depends on
        (the group's name and count, the grid, where it stops, the remainder, the
        side): a group an edit left alone but that is combined after the one it
        changed (see :meth:`_order`) is not remade."""
        m = len(members)
        if m == 1 or not self._stable():
            return self._power(t.f[side], t.f1[side], m, members[0], side)
        reach = min(self.limit, m * int(self.tree.accelerators[members[0]]) // self.g)
        key = ("power", side, self.g, reach, self.r, name, m)
        store = remembered().dp_prefixes
        found = store.get(key)
        if found is None:
            g, g1, how = self._power(t.f[side], t.f1[side], m, members[0], side)
            assert isinstance(how, tuple)
            found = (g, g1, how)
            store.put(key, found, held_arrays(found))
        return found

    def _order(self, groups: list[list[int]], tables: list[Costs], names: list[int],
               fresh: list[bool], side: int, at_target: bool
               ) -> tuple[list[int], int, tuple[object, ...]]:
        """The order to combine groups in, how many leading ones form a remembered
        prefix, and its key. Which split of equal totals wins depends on the order (the
        first least split of each step, see
        :class:`~model.metrics.algorithms.min_plus.Split`). Below the top pod the order
        is the design's alone: groups of more members first, then by name (the
        signature's hash), and the remembered prefix is the leading groups of it that
        an edit left alone, so the cut there is the one a fresh engine finds. At the top
        pod, where only the target entry of the last combination is wanted (one pass
        however long the tables), the remembered groups come first so that the edited
        one is combined last in that one pass; when their combination is not yet known
        and would be costly, the largest group goes last instead. A design-fixed order
        there would cost a full convolution per edit (see docs/architecture.md), so the
        top's choice among cuts of equal capacity can follow the edits before it."""
        if not at_target:
            order = sorted(range(len(groups)), key=lambda i: (-len(groups[i]), names[i]))
            return self._prefix(groups, names, fresh, side, order)
        order = sorted(range(len(groups)), key=lambda i: (fresh[i], -len(groups[i]), names[i]))
        order, reuse, key = self._prefix(groups, names, fresh, side, order)
        if len(order) < 2 or (reuse and (
                key in remembered().dp_prefixes
                or self._prefix_cost(groups, tables, side, order[:reuse]) <= _PREFIX_WORTH)):
            return order, reuse, key
        weight = [len(m) * int(self.tree.accelerators[m[0]]) for m in groups]
        largest = max(order, key=lambda i: (weight[i], names[i]))
        order.remove(largest)
        order.append(largest)
        return self._prefix(groups, names, fresh, side, order)

    def _prefix(self, groups: list[list[int]], names: list[int], fresh: list[bool],
                side: int, order: list[int]) -> tuple[list[int], int, tuple[object, ...]]:
        """How many leading groups of ``order`` were remembered, and the key of their
        combination: what it depends on (the groups, their counts, the grid, the side)
        and where it stops (its own reach, or the limit)."""
        known = 0
        while known < len(order) - 1 and not fresh[order[known]]:
            known += 1
        reuse = known if self._stable() else 0
        chosen = order[:reuse]
        held = sum(len(groups[i]) * int(self.tree.accelerators[groups[i][0]]) for i in chosen)
        key = (side, self.g, min(self.limit, held // self.g), self.r,
               *((names[i], len(groups[i])) for i in chosen))
        return order, reuse, key

    def _prefix_cost(self, groups: list[list[int]], tables: list[Costs], side: int,
                     chosen: list[int]) -> int:
        """Estimated work of combining ``chosen`` groups (in :func:`min_plus` units):
        a group of m children has about m times its table's linear pieces."""
        length, pieces, cost = 1, 1, 0
        for i in chosen:
            f = tables[i].f[side]
            m = len(groups[i])
            g_length = min(m * (f.size - 1), self.limit) + 1
            g_pieces = m * piece_count(f)
            cost += convolution_cost(length, pieces, g_length, g_pieces)
            length, pieces = min(length + g_length - 1, self.limit + 1), pieces + g_pieces
        return cost

    def _stable(self) -> bool:
        """Whether nodes carry hashes that hold from one run to the next."""
        return self.tree.signature_hash.size == self.tree.size

    def _name(self, index: int) -> int:
        """A name for node ``index``'s signature that holds across runs when it can."""
        if self._stable():
            return int(self.tree.signature_hash[index])
        return int(self.tree.signature[index])

    def _groups(self, kids: np.ndarray) -> list[list[int]]:
        """Nodes grouped by signature, groups in signature order."""
        sigs = self.tree.signature[kids]
        order = np.argsort(sigs, kind="stable")
        kids, sigs = kids[order], sigs[order]
        cuts = np.flatnonzero(np.diff(sigs)) + 1
        return [group.tolist() for group in np.split(kids, cuts)] if kids.size else []

    def _power(self, f: Array, f1: Array, m: int, child: int, side: int
               ) -> tuple[Array, Array, object]:
        """m identical children combined: closed form when concave, pooled closed form
        when each child is one group of concave grandchildren, else folding."""
        n = f.size - 1
        if m == 1:
            return f, f1, ("one",)
        if n > 0 and _concave(f) and (not self.r or _concave(f1)):
            k = np.arange(min(m * n, self.limit) + 1)  # no count past the limit is read
            g = _whole_but_one(f, m, k)
            if not self.r:
                return g, np.full(0, INF), ("concave", n, m)
            return g, self._holding_remainder(f, f1, m), ("concave", n, m, f, f1)
        if not self.r:
            pooled = self._pooled(child, side, m)
            if pooled is not None:
                return pooled
        return self._fold(f, f1, m)

    def _holding_remainder(self, f: Array, f1: Array, m: int) -> Array:
        """m identical children with concave costs, one of them holding the remainder:
        the least over the three shapes of :func:`_remainder_shapes`."""
        size = min((m - 1) * (f.size - 1) + f1.size - 1, self.limit) + 1 if f1.size else 0
        self.work += 4 * size
        out: Array = _remainder_shapes(f, f1, m, np.arange(size)).min(axis=0)
        return out

    def _pooled(self, child: int, side: int, m: int) -> tuple[Array, Array, object] | None:
        """m identical children, each a pod whose children are one group of identical
        grandchildren with concave costs (for both sides of the child's switches).

        Let t of the children keep their switches on their parent's ``side`` (the rest
        move and pay their uplinks). The grandchildren then form two pools of identical
        concave costs; as for any concave pool, at most one of them is partly on side A
        and full ones cost the same each, so the cheaper pool fills first. Every t and
        every count is evaluated at once; the result is exact (see module doc)."""
        if child < self.tree.units:
            return None
        groups = self._groups(self.tree.children(child))
        if len(groups) != 1:
            return None
        grand = self.costs(groups[0][0])
        stay, move = grand.f[side], grand.f[1 - side]
        n = stay.size - 1
        if n <= 0 or not (_concave(stay) and _concave(move)):
            return None
        per = len(groups[0])
        up = float(self.tree.up[child])
        length = min(m * per * n, self.limit) + 1
        full, rest = np.divmod(np.arange(length), n)
        d_stay, d_move = stay[n] - stay[0], move[n] - move[0]
        stay_first = bool(d_stay <= d_move)
        best = np.full(length, INF)
        which_t = np.zeros(length, dtype=np.int64)
        pools = np.zeros(length, dtype=np.int8)
        for pool, extra in ((0, np.zeros(n + 1)), (1, stay - stay[0]), (2, move - move[0])):
            lowest, highest = int(pool == 1), m - int(pool == 2)
            if lowest > highest:
                continue
            ok = full <= m * per - (pool != 0)
            if pool == 0:
                ok &= rest == 0
            fixed = np.where(ok, extra[rest], INF)
            for tried in self._pooled_candidates(full, per, m, stay_first):
                t = np.clip(tried, lowest, highest)
                c1 = t * per - (pool == 1)
                c2 = (m - t) * per - (pool == 2)
                if stay_first:
                    j1 = np.minimum(full, c1)
                    j2 = full - j1
                else:
                    j2 = np.minimum(full, c2)
                    j1 = full - j2
                value = (t * per * stay[0] + (m - t) * (per * move[0] + up)
                         + j1 * d_stay + j2 * d_move + fixed)
                better = value < best
                best[better] = value[better]
                which_t[better] = t[better]
                pools[better] = pool
        return best, np.full(0, INF), ("pooled", n, per, stay_first, which_t, pools)

    @staticmethod
    def _pooled_candidates(full: Array, per: int, m: int, stay_first: bool
                           ) -> list[Array]:
        """The numbers t of staying children worth trying, per count.

        With the partial grandchild's pool fixed, the cost is linear in t (the pools'
        empty costs and the movers' uplinks) plus the price of the ``full`` whole
        grandchildren, the cheaper pool filled first: ``full·d_dear − min(full, cap)·
        (d_dear − d_cheap)``, where cap, the cheap pool's free slots, is t·per or
        (m − t)·per, less one if it holds the partial. That is convex in t with one bend
        where cap equals ``full`` (or ``full`` + 1), so the least value over t lies at an
        end of t's range or at a whole number next to the bend; for either, that is
        ``full // per`` or one more staying (or moving) children. Four tries instead of
        m + 1."""
        bend = full // per
        near = [bend, bend + 1] if stay_first else [m - bend, m - bend - 1]
        return [np.zeros_like(full), np.full_like(full, m), *near]

    def _fold(self, f: Array, f1: Array, m: int) -> tuple[Array, Array, object]:
        """m identical children combined one at a time. Without a remainder, all but
        one of them may stand at a breakpoint of f (an end of one of its linear pieces):
        two children inside pieces can trade accelerators at a constant rate, which
        cannot raise the cost both ways, until one reaches a breakpoint. So the first
        m − 1 children are drawn from the breakpoints only, which makes their
        convolutions sparse (shifted copies of the running total, one per breakpoint),
        and one from the whole table: the first, so that no step convolves two dense
        tables."""
        corners = f if self.r else breakpoints_only(f)
        total, total1 = f, f1
        args: list[tuple[object, ...]] = []
        for _ in range(m - 1):
            new, arg = self.conv(total, corners)
            if self.r and f1.size:
                a1, arg_a = self.conv(total1, f)
                b1, arg_b = self.conv(total, f1)
                new1 = np.minimum(a1, b1)
                args.append((arg, arg_a, arg_b, a1 <= b1))
            else:
                new1 = np.full(0, INF)
                args.append((arg, None, None, None))
            total, total1 = new, new1
        return total, total1, ("fold", args)

    # ------------------------------------------------------------------ answer
    def solve(self) -> tuple[float, np.ndarray, np.ndarray]:
        """Value of the best cut with ``target`` accelerators on side A; the side of each
        node's own switches (0 = A, 1 = B, -1 for units) and accelerators on A per unit."""
        n = self.tree.size
        self.sides = np.full(n, -1, dtype=np.int8)
        self.on_a = np.zeros(self.tree.units, dtype=np.int64)
        self.whole = np.full(n, -1, dtype=np.int8)
        self.whole_parent = np.zeros(n, dtype=np.int8)
        if self.single_root >= 0:
            # one top pod, nothing above it: its tables (at the target alone) answer
            top = self.costs(self.single_root)
            table = (top.f1 if self.r else top.f)[0]
            if table.size == 0 or table[0] == INF:
                return INF, self.sides, self.on_a
            self._place(self.single_root, self.q, bool(self.r), 0)
            self._place_whole()
            return float(table[0]), self.sides, self.on_a
        # the top components combine like the children of a pod with no switches
        roots = np.asarray(self.tree.roots, dtype=np.int64)
        total, total1, steps = self._combine_nodes(roots, 0)
        table = total1 if self.r else total
        if self.q >= table.size or table[self.q] == INF:
            return INF, self.sides, self.on_a
        value = float(table[self.q])
        self._split_nodes(roots, 0, self.q, bool(self.r), steps)
        self._place_whole()
        return value, self.sides, self.on_a

    def _place(self, index: int, k: int, partial: bool, parent_side: int) -> None:
        full = int(self.tree.accelerators[index]) // self.g
        if not partial and k in (0, full) and index != self.single_root:
            self.whole[index] = 1 if k == full and full else 0
            self.whole_parent[index] = parent_side
            return
        if index < self.tree.units:
            self.on_a[index] = k * self.g + (self.r if partial else 0)
            return
        t = self.costs(index)
        own = int((t.own_side1 if partial else t.own_side)[parent_side][k - t.at])
        self.sides[index] = own
        self._split(index, own, k, partial, t.plan[own])

    def _place_whole(self) -> None:
        """Sides inside subtrees standing wholly on one side, top-down by level, from
        the per-signature choices of the DP (no per-node Python work)."""
        tree = self.tree
        # tables of every pod signature (reused subtrees skipped their children's)
        pods = np.flatnonzero(tree.level > 0)
        _, first = np.unique(tree.signature[pods], return_index=True)
        for node in pods[first].tolist():
            self.costs(node)
        sigs = sorted(self.memo)
        lookup = np.zeros((max(sigs) + 1 if sigs else 1, 2, 2), dtype=np.int8)
        for sig in sigs:
            t = self.memo[sig]
            if t.own_side and not t.at:  # never the top pod (see _place)
                for ps in (0, 1):
                    lookup[sig, ps, 0] = t.own_side[ps][0]
                    lookup[sig, ps, 1] = t.own_side[ps][-1]
        for lv in range(int(tree.level.max()) if tree.size else 0, -1, -1):
            idx = np.flatnonzero((tree.level == lv) & (self.whole >= 0))
            if idx.size == 0:
                continue
            if lv == 0:
                self.on_a[idx] = tree.unit_size[idx] * self.whole[idx]
                continue
            own = lookup[tree.signature[idx], self.whole_parent[idx], self.whole[idx]]
            self.sides[idx] = own
            counts = tree.child_ptr[idx + 1] - tree.child_ptr[idx]
            starts = np.repeat(tree.child_ptr[idx], counts)
            offsets = np.arange(int(counts.sum())) - np.repeat(np.cumsum(counts) - counts, counts)
            kids = tree.child_idx[starts + offsets]
            self.whole[kids] = np.repeat(self.whole[idx], counts)
            self.whole_parent[kids] = np.repeat(own, counts)

    def _spread_pooled(self, members: list[int], how: tuple[object, ...], k: int,
                       own: int) -> None:
        """Counts for each child as :meth:`_pooled` chose: the staying children's
        grandchild slots first, then the moving ones', full slots from the cheaper pool,
        the partial one where the plan put it; each child then places itself."""
        n, per, stay_first = int(how[1]), int(how[2]), bool(how[3])  # type: ignore[call-overload]
        t = int(how[4][k])  # type: ignore[index]
        pool = int(how[5][k])  # type: ignore[index]
        m = len(members)
        full, rest = divmod(k, n)
        c1 = t * per - (pool == 1)
        c2 = (m - t) * per - (pool == 2)
        j1 = min(full, c1) if stay_first else full - min(full, c2)
        j2 = full - j1
        slots1 = [n] * j1 + ([rest] if pool == 1 else [])
        slots2 = [n] * j2 + ([rest] if pool == 2 else [])
        slots1 += [0] * (t * per - len(slots1))
        slots2 += [0] * ((m - t) * per - len(slots2))
        counts = [sum(slots1[i * per:(i + 1) * per]) for i in range(t)]
        counts += [sum(slots2[i * per:(i + 1) * per]) for i in range(m - t)]
        for child, count in zip(members, counts, strict=True):
            self._place(child, count, False, own)

    def _split(self, node: int, own: int, k: int, partial: bool, steps: object) -> None:
        self._split_nodes(self.tree.children(node), own, k, partial, steps)

    def _split_nodes(self, kids: np.ndarray, own: int, k: int, partial: bool,
                     steps: object) -> None:
        by_name = {self._name(members[0]): members for members in self._groups(kids)}
        for name, how, arg, arg1a, arg1b, from_a, at in reversed(
                steps):  # type: ignore[call-overload]
            members = by_name[name]
            i = k - at  # the choices of a combination made at the target alone start there
            if partial and from_a[i]:
                take = int(arg1a[i])
                self._spread(members, how, take, False, own)
            elif partial:
                take = int(arg1b[i])
                self._spread(members, how, take, True, own)
                partial = False
            else:
                take = int(arg[i])
                self._spread(members, how, take, False, own)
            k -= take

    def _spread(self, members: list[int], how: tuple[object, ...], k: int, partial: bool,
                own: int) -> None:
        """Split ``k`` grid steps among identical children as the DP chose."""
        if how[0] == "one":
            self._place(members[0], k, partial, own)
            return
        if how[0] == "pooled":
            self._spread_pooled(members, how, k, own)
            return
        if how[0] == "concave" and partial and len(how) > 3:
            f, f1 = how[3], how[4]
            assert isinstance(f, np.ndarray) and isinstance(f1, np.ndarray)
            shapes = _remainder_shapes(f, f1, len(members), np.array([k]))[:, 0]
            shape = int(np.argmin(shapes))
            n, m = f.size - 1, len(members)
            if shape == 0:  # the others whole: j of them on A, as _remainder_shapes
                j = min((j for j in (k // n, k // n - 1)
                         if 0 <= j <= m - 1 and 0 <= k - j * n < f1.size),
                        key=lambda j: j * f[n] + (m - 1 - j) * f[0] + f1[k - j * n])
                self._place(members[0], k - j * n, True, own)
                for i, child in enumerate(members[1:]):
                    self._place(child, n if i < j else 0, False, own)
                return
            held = 0 if shape == 1 else f1.size - 1
            self._place(members[0], held, True, own)
            self._spread(members[1:], ("concave", n, m - 1), k - held, False, own)
            return
        if how[0] == "concave":
            n = int(how[1])  # type: ignore[call-overload]
            j = min(k // n, len(members) - 1)
            rest = k - j * n
            for i, child in enumerate(members):
                self._place(child, n if i < j else rest if i == j else 0,
                            partial and i == j, own)
            return
        args = how[1]
        for i in range(len(members) - 1, 0, -1):
            arg, arg_a, arg_b, from_a = args[i - 1]  # type: ignore[index]
            if partial and from_a[k]:
                take = int(arg_a[k])
                self._place(members[i], take, False, own)
            elif partial:
                take = int(arg_b[k])
                self._place(members[i], take, True, own)
                partial = False
            else:
                take = int(arg[k])
                self._place(members[i], take, False, own)
            k -= take
        self._place(members[0], k, partial, own)
