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

1. Interchangeable switches: given every other node's side, a switch's cost is the
   capacity to neighbours across the cut, independent of other switches of its tier
   (no tier links to itself). Switches with identical neighbourhoods can therefore all be
   moved to the cheaper side without raising the cost; when every child of a pod has the
   same capacity to each of the pod's own switches and those switches have equal
   uplinks (``PodTree.uniform``), the own switches of a pod stand together.
2. At most one split unit: with the switches' sides fixed, the cost is linear in the
   number of accelerators of each unit on side A, and balance is one linear equation,
   so an optimal vertex splits at most one unit; hence the grid of ``g`` plus one
   remainder ``r``.
3. Children combine exactly by min-plus convolution over all their counts; identical
   children with a concave cost use the closed form "whole, one partial, whole" (for a
   concave cost, moving accelerators between two partial children never helps).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import gcd

import numpy as np

from model.metrics.pods import Pod, PodTree

INF = float("inf")
Array = np.ndarray


def min_plus(a: Array, b: Array) -> tuple[Array, Array]:
    """Min-plus convolution c[k] = min_i a[k−i] + b[i]; returns (c, i chosen from b)."""
    out = np.full(a.size + b.size - 1, INF)
    arg = np.zeros(out.size, dtype=np.int64)
    if a.size >= b.size:
        for i in range(b.size):
            if b[i] == INF:
                continue
            cand = a + b[i]
            view = out[i:i + a.size]
            better = cand < view
            view[better] = cand[better]
            arg[i:i + a.size][better] = i
    else:
        for j in range(a.size):
            if a[j] == INF:
                continue
            cand = b + a[j]
            view = out[j:j + b.size]
            better = cand < view
            view[better] = cand[better]
            arg[j:j + b.size][better] = np.arange(b.size)[better]
    return out, arg


def _concave(f: Array) -> bool:
    if f.size < 3 or not np.isfinite(f).all():
        return f.size < 3
    d2 = f[2:] - 2 * f[1:-1] + f[:-2]
    return bool(np.all(d2 <= 1e-9 * max(1.0, float(np.abs(f).max()))))


@dataclass
class Costs:
    """DP tables of one node signature: ``f[σ]`` and ``f1[σ]`` (σ = 0: parent's
    switches on A, 1: on B), and how each pod chose."""

    f: list[Array]
    f1: list[Array]
    own_side: list[Array] = field(default_factory=list)
    own_side1: list[Array] = field(default_factory=list)
    children: list[Array] = field(default_factory=list)
    """Per own side: cost of children combined (c) …"""
    children1: list[Array] = field(default_factory=list)
    plan: list[object] = field(default_factory=list)
    """Per own side: the fold steps to split a count among the children."""


class PodDP:
    """Runs the DP on a pod tree and reconstructs the cut it finds."""

    def __init__(self, tree: PodTree, target: int):
        self.tree = tree
        sizes = [int(s) for s in tree.unit_size if s > 0]
        self.g = 0
        for s in sizes:
            self.g = gcd(self.g, s)
        self.g = max(self.g, 1)
        self.q, self.r = divmod(target, self.g)
        self.memo: dict[int, Costs] = {}

    # ------------------------------------------------------------------ tables
    def costs(self, index: int) -> Costs:
        """DP tables of node ``index`` (computed once per signature)."""
        node = self.tree.nodes[index]
        found = self.memo.get(node.signature)
        if found is None:
            found = self._unit(node) if node.unit >= 0 else self._pod(node)
            self.memo[node.signature] = found
        return found

    def _unit(self, node: Pod) -> Costs:
        n, g, r = node.accelerators, self.g, self.r
        c = node.up_gbps / n if n else 0.0
        a = np.arange(n // g + 1) * g
        f = [c * (n - a), c * a]
        a1 = a[: n // g] + r if r else np.zeros(0, np.int64)
        f1 = [c * (n - a1), c * a1]
        return Costs([x.astype(float) for x in f], [x.astype(float) for x in f1])

    def _pod(self, node: Pod) -> Costs:
        combos = [self._combine(node, side) for side in (0, 1)]
        children = [c[0] for c in combos]
        children1 = [c[1] for c in combos]
        up = node.up_gbps
        f, f1, own, own1 = [], [], [], []
        for parent_side in (0, 1):
            stay, move = children[parent_side], children[1 - parent_side] + up
            f.append(np.minimum(stay, move))
            own.append(np.where(stay <= move, parent_side, 1 - parent_side))
            stay1, move1 = children1[parent_side], children1[1 - parent_side] + up
            f1.append(np.minimum(stay1, move1))
            own1.append(np.where(stay1 <= move1, parent_side, 1 - parent_side))
        return Costs(f, f1, own, own1, children, children1, [c[2] for c in combos])

    def _combine(self, node: Pod, side: int) -> tuple[Array, Array, list[object]]:
        """Children of ``node`` combined, with its own switches on ``side``."""
        groups = self._groups(node)
        total = np.zeros(1)
        total1 = np.full(0, INF)
        steps: list[object] = []
        for members in groups:
            t = self.costs(members[0])
            g, g1, how = self._power(t.f[side], t.f1[side], len(members))
            new, arg = min_plus(total, g)
            if self.r:
                a1, arg1a = min_plus(total1, g) if total1.size else (np.full(0, INF), None)
                b1, arg1b = min_plus(total, g1) if g1.size else (np.full(0, INF), None)
                size = max(a1.size, b1.size)
                a1 = np.r_[a1, np.full(size - a1.size, INF)]
                b1 = np.r_[b1, np.full(size - b1.size, INF)]
                new1 = np.minimum(a1, b1)
                from_a = a1 <= b1
            else:
                new1, arg1a, arg1b, from_a = np.full(0, INF), None, None, None
            steps.append((how, arg, arg1a, arg1b, from_a))
            total, total1 = new, new1
        return total, total1, steps

    def _groups(self, node: Pod) -> list[list[int]]:
        """Children of ``node`` grouped by signature, groups in signature order (the same
        for every node of one signature, so memoised plans apply to each of them)."""
        groups: dict[int, list[int]] = {}
        for child in node.children:
            groups.setdefault(self.tree.nodes[child].signature, []).append(child)
        return [groups[key] for key in sorted(groups)]

    def _power(self, f: Array, f1: Array, m: int) -> tuple[Array, Array, object]:
        """m identical children combined: closed form when concave, else folding."""
        n = f.size - 1
        if m == 1:
            return f, f1, ("one",)
        if not self.r and n > 0 and _concave(f):
            k = np.arange(m * n + 1)
            j = np.minimum(k // n, m - 1)
            g = j * f[n] + (m - j - 1) * f[0] + f[k - j * n]
            return g, np.full(0, INF), ("concave", n, m)
        return self._fold(f, f1, m)

    def _fold(self, f: Array, f1: Array, m: int) -> tuple[Array, Array, object]:
        total, total1 = f, f1
        args: list[tuple[object, ...]] = []
        for _ in range(m - 1):
            new, arg = min_plus(total, f)
            if self.r and f1.size:
                a1, arg_a = min_plus(total1, f)
                b1, arg_b = min_plus(total, f1)
                new1 = np.minimum(a1, b1)
                args.append((arg, arg_a, arg_b, a1 <= b1))
            else:
                new1 = np.full(0, INF)
                args.append((arg, None, None, None))
            total, total1 = new, new1
        return total, total1, ("fold", args)

    # ------------------------------------------------------------------ answer
    def solve(self) -> tuple[float, dict[int, int], dict[int, int]]:
        """Value of the best cut with ``target`` accelerators on side A, the side of each
        pod's own switches (node → 0 for A, 1 for B) and accelerators on A per unit."""
        roots = self.tree.roots
        total = np.zeros(1)
        total1 = np.full(0, INF)
        picks = []
        for root in roots:
            t = self.costs(root)
            f, f1 = t.f[0], t.f1[0]
            new, arg = min_plus(total, f)
            if self.r:
                a1, arg_a = min_plus(total1, f) if total1.size else (np.full(0, INF), None)
                b1, arg_b = min_plus(total, f1) if f1.size else (np.full(0, INF), None)
                size = max(a1.size, b1.size)
                a1 = np.r_[a1, np.full(size - a1.size, INF)]
                b1 = np.r_[b1, np.full(size - b1.size, INF)]
                new1, from_a = np.minimum(a1, b1), a1 <= b1
            else:
                new1, arg_a, arg_b, from_a = np.full(0, INF), None, None, None
            picks.append((root, arg, arg_a, arg_b, from_a))
            total, total1 = new, new1
        table = total1 if self.r else total
        if self.q >= table.size or table[self.q] == INF:
            return INF, {}, {}
        value = float(table[self.q])
        sides: dict[int, int] = {}
        on_a: dict[int, int] = {}
        k, partial = self.q, bool(self.r)
        for root, arg, arg_a, arg_b, from_a in reversed(picks):
            if partial:
                if from_a[k]:
                    take = int(arg_a[k])
                    self._place(root, take, False, 0, sides, on_a)
                    k -= take
                else:
                    take = int(arg_b[k])
                    self._place(root, take, True, 0, sides, on_a)
                    k -= take
                    partial = False
            else:
                take = int(arg[k])
                self._place(root, take, False, 0, sides, on_a)
                k -= take
        return value, sides, on_a

    def _place(self, index: int, k: int, partial: bool, parent_side: int,
               sides: dict[int, int], on_a: dict[int, int]) -> None:
        node = self.tree.nodes[index]
        if node.unit >= 0:
            on_a[node.unit] = k * self.g + (self.r if partial else 0)
            return
        t = self.costs(index)
        own = int((t.own_side1 if partial else t.own_side)[parent_side][k])
        sides[index] = own
        self._split(node, own, k, partial, t.plan[own], sides, on_a)

    def _split(self, node: Pod, own: int, k: int, partial: bool, steps: object,
               sides: dict[int, int], on_a: dict[int, int]) -> None:
        groups = self._groups(node)
        for members, (how, arg, arg1a, arg1b, from_a) in reversed(
            list(zip(groups, steps, strict=True))  # type: ignore[call-overload]
        ):
            if partial:
                if from_a[k]:
                    take = int(arg1a[k])
                    self._spread(members, how, take, False, own, sides, on_a)
                else:
                    take = int(arg1b[k])
                    self._spread(members, how, take, True, own, sides, on_a)
                    partial = False
            else:
                take = int(arg[k])
                self._spread(members, how, take, False, own, sides, on_a)
            k -= take

    def _spread(self, members: list[int], how: tuple[object, ...], k: int, partial: bool,
                own: int, sides: dict[int, int], on_a: dict[int, int]) -> None:
        """Split ``k`` grid steps among identical children as the DP chose."""
        if how[0] == "one":
            self._place(members[0], k, partial, own, sides, on_a)
            return
        if how[0] == "concave":
            n = int(how[1])  # type: ignore[call-overload]
            m = len(members)
            j = min(k // n, m - 1)
            rest = k - j * n
            for i, child in enumerate(members):
                if i < j:
                    self._place(child, n, False, own, sides, on_a)
                elif i == j:
                    self._place(child, rest, partial, own, sides, on_a)
                else:
                    self._place(child, 0, False, own, sides, on_a)
            return
        args = how[1]
        for i in range(len(members) - 1, 0, -1):
            arg, arg_a, arg_b, from_a = args[i - 1]  # type: ignore[index]
            if partial:
                if from_a[k]:
                    take = int(arg_a[k])
                    self._place(members[i], take, False, own, sides, on_a)
                else:
                    take = int(arg_b[k])
                    self._place(members[i], take, True, own, sides, on_a)
                    partial = False
            else:
                take = int(arg[k])
                self._place(members[i], take, False, own, sides, on_a)
            k -= take
        self._place(members[0], k, partial, own, sides, on_a)
