"""The switch-sides DP's loose mode (:mod:`model.metrics.bisection.pod_dp_switches`): the grid of
one accelerator (units of coprime sizes, such as 21 and 37 GPUs of a rail block left
partly filled, beside units of 32), where tables count whole units on their lattices
and one split unit; the top pod is combined by
:mod:`model.metrics.bisection.switch_dp_top`.

Why this is exact: with every switch's side fixed, the cost is linear in the accelerators
of each unit on side A and balance is one equation, so some optimal cut splits one unit
at most (:mod:`model.metrics.bisection.pod_dp_switches`). Tables T count cuts with every unit
whole — finite only at the sums of whole units, so a subtree whose units are all of
size 32 has T on the multiples of 32, which the convolutions read alone
(:func:`model.metrics.algorithms.min_plus.min_plus_rows`) — and tables T1 cuts with one unit split
(any count). Children combine as T ← T ⊕ T_c and T1 ← min(T1 ⊕ T_c, T ⊕ T1_c).

m alike children: the split unit, if in them, is in one of them, and as they are
alike, in the first: T_m is c folded m − 1 times and T1_m is T_{m−1} ⊕ c1. When c is
concave along its lattice, all copies but one stand whole (two copies inside trade
whole steps of the lattice at a constant rate or better, which cannot raise the cost
both ways): the closed form of :func:`concave_power`. Otherwise all copies but one
stand at a breakpoint of c along its lattice (the same exchange between two copies
inside linear pieces).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from model.metrics.algorithms.min_plus import breakpoints_only, lattice
from model.metrics.bisection.pods import PodTree
from model.metrics.bisection.switch_dp_rows import (
    _concave_rows,
    _ends,
    _Group,
    _split,
)
from model.metrics.representation.topology import IntArray

if TYPE_CHECKING:
    from model.metrics.bisection.pod_dp_switches import _Solver

INF = float("inf")
Array = np.ndarray
MAX_PRUNED_ROWS = 16
"""Assignments of the top pod up to which it is bound and pruned."""


def loose_copies(solver: _Solver, c: Array, c1: Array, m: int, keep: bool
                  ) -> tuple[Array, Array, tuple[object, ...]]:
    """m children contributing ``c`` (whole units) and ``c1`` (one unit split)
    each, in loose mode: as only one unit of the whole tree is split, the m copies
    hold it in one of them at most, and as they are alike, in the first. So T is c
    folded m − 1 times and T1 is c folded m − 2 times and combined with c1 once. In
    each fold all copies but one stand at a breakpoint of c on its own lattice (two
    copies inside linear pieces trade whole steps of the lattice at a constant rate,
    which cannot raise the cost both ways, until one reaches a breakpoint)."""
    n = c.shape[1] - 1
    if n > 0 and m > 1 and concave_on_lattice(c):
        # all copies but one whole (module doc), the split unit in one more
        whole = concave_power(solver, c, m)
        fewer = concave_power(solver, c, m - 1)
        split = (solver.conv(_ends(c, m - 2), solver.conv(c, c1)) if c1.shape[1]
                 else c1)
        return whole, split, ("wconcave", n, c1, fewer)
    corners = np.stack([lattice_breakpoints(row) for row in c])
    powers = [c]
    for _ in range(m - 1):
        powers.append(solver.conv(powers[-1], corners))
    split = solver.conv(powers[-2], c1) if c1.shape[1] else c1
    return powers[-1], split, ("wfold", corners, c1, powers if keep else [])


def concave_power(solver: _Solver, c: Array, m: int) -> Array:
    """m copies of ``c``, concave along its lattice, combined: all but one whole."""
    n = c.shape[1] - 1
    k = np.arange(min(m * n, solver.q) + 1)
    j = np.minimum(k // n, m - 1)
    solver.add(c.shape[0] * k.size)
    out: Array = j * c[:, [n]] + (m - j - 1) * c[:, [0]] + c[:, k - j * n]
    return out


def prunes(solver: _Solver, groups: int, rows: int) -> bool:
    """Whether the top pod's combination of ``groups`` groups for ``rows`` assignments
    is bound and pruned (loose mode without a remainder, where T and T1 count alike;
    and a pod of at most 4 classes of switches: the envelopes of a pod of more, one per
    assignment and group, cost more than the DP may spend)."""
    return solver.loose and not solver.r and groups > 1 and rows <= MAX_PRUNED_ROWS


def concave_on_lattice(c: Array) -> bool:
    """Every row of ``c`` finite exactly on the multiples of one stride that divides
    its last count, and concave along them."""
    found = lattice(c)
    n = c.shape[1] - 1
    if found is None or found[0] != 0 or found[1] == 0 or n % found[1]:
        return False
    return _concave_rows(c[:, ::found[1]])


def lattice_breakpoints(row: Array) -> Array:
    """``row`` at the ends of its linear pieces along the lattice it is finite on
    (:func:`model.metrics.algorithms.min_plus.lattice`), INF elsewhere."""
    found = lattice(row[None, :])
    if found is None or found[1] < 2:
        return breakpoints_only(row)
    offset, stride = found
    out = np.full(row.size, INF)
    out[offset::stride] = breakpoints_only(row[offset::stride])
    return out


def whole_steps(tree: PodTree) -> IntArray:
    """For every node, the greatest common divisor of its units' sizes: the counts its
    accelerators on A reach with units whole are multiples of it."""
    out = np.zeros(tree.size, dtype=np.int64)
    out[:tree.units] = tree.unit_size
    for lv in range(1, int(tree.level.max()) + 1 if tree.size else 1):
        below = np.flatnonzero((tree.level == lv - 1) & (tree.parent >= 0))
        np.gcd.at(out, tree.parent[below], out[below])
    return out


def pod_groups(solver: _Solver, node: int) -> list[_Group]:
    """``node``'s children by what they contribute (alike children in one group, by
    their kind with their links to ``node``), the largest group last — in loose mode
    in :func:`loose_order`."""
    tree, cl = solver.tree, solver.cl
    kids = tree.children(node)
    placed = cl.placed[kids]
    order = np.argsort(placed, kind="stable")
    kids, placed = kids[order], placed[order]
    cuts = np.flatnonzero(placed[1:] != placed[:-1]) + 1
    parent_classes = int(cl.count[node])
    out = []
    for members in np.split(kids, cuts) if kids.size else []:
        child = int(members[0])
        links = cl.links(child, int(cl.count[child]), parent_classes)
        out.append(_Group(child, members.tolist(), links))
    if node == solver.top and solver.free:
        out += free_groups(tree, solver.free, parent_classes)
    if solver.loose:
        if solver.whole_steps is None:
            solver.whole_steps = whole_steps(tree)
        return loose_order(tree, out, solver.whole_steps)
    out.sort(key=lambda grp: len(grp.members) * int(tree.accelerators[grp.child]))
    return out


def loose_order(tree: PodTree, groups: list[_Group], steps: IntArray) -> list[_Group]:
    """Groups of a pod in the order they are combined in loose mode: the finest
    lattice last (at the top pod the last group is combined at the target alone, and
    the tables before it stay on a coarse lattice), then the largest first."""
    return sorted(groups, key=lambda grp: (-int(steps[grp.child]), -len(grp.members)
                                           * int(tree.accelerators[grp.child])))


def free_groups(tree: PodTree, free: list[int], parent_classes: int) -> list[_Group]:
    """Units standing alone (their links all down) as groups of the top pod's
    children by size: they reach none of its switches."""
    sizes = tree.unit_size[free].tolist()
    out = []
    for size in sorted(set(sizes)):
        alike = [u for u, n in zip(free, sizes, strict=True) if n == size]
        out.append(_Group(alike[0], alike, np.zeros((1, parent_classes))))
    return out


def loose_items(members: list[int], how: tuple[object, ...], k: int, partial: bool
                ) -> list[tuple[int, int, bool]]:
    """The count of each member of a group combined by :func:`loose_copies` (and
    whether it holds the split unit) when the group holds ``k``."""
    items: list[tuple[int, int, bool]] = []
    if how[0] == "wconcave":
        n, c1, fewer = int(how[1]), how[2], how[3]  # type: ignore[call-overload]
        if partial:  # the first member holds the split unit
            take = _split(fewer[0], c1[0], k)[1]  # type: ignore[index]
            items.append((members[0], take, True))
            k -= take
            members = members[1:]
        j = min(k // n, len(members) - 1)
        return items + [(child, n if i < j else k - j * n if i == j else 0, False)
                        for i, child in enumerate(members)]
    corners, c1, powers = how[1:]
    if partial:  # the first member holds the split unit
        take = _split(powers[len(members) - 2][0], c1[0], k)[1]  # type: ignore[index]
        items.append((members[0], take, True))
        k -= take
        members = members[1:]
    for i in range(len(members) - 1, 0, -1):
        take = _split(powers[i - 1][0], corners[0], k)[1]  # type: ignore[index]
        items.append((members[i], take, False))
        k -= take
    items.append((members[0], k, False))
    return items
