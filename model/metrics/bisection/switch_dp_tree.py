"""The top pod of the switch-sides DP on a grid of whole units
(:meth:`~model.metrics.bisection.pod_dp_switches._Solver.combine` at the target)
combined in a balanced tree whose subtrees are remembered, so that a change of any one
group of children remakes the log₂ n combinations above it only.

Without a remainder and not loose, a pod's tables come in two states: every concave
child whole (W) and one concave child split (S; at most one unit of the whole tree is
split, and of the children of a concave group all but one stand whole). A group
contributes

- not concave: W = its children combined (:meth:`~._Solver.copies`), no S;
- concave, m children contributing c: W = m children whole (``_ends(c, m)``) and
  S = m − 1 children whole ⊕ c.

Two runs of groups combine as W = W_L ⊕ W_R and S = min(W_L ⊕ S_R, S_L ⊕ W_R) (the split
child in one of them), which is associative: the groups, in the order of
:meth:`~._Solver.groups`, are combined in a balanced tree (a run of groups split at its
middle), each node's tables cut at the target and remembered by the kinds, links and
copies of its groups (:func:`~model.metrics.bisection.switch_dp_kept.kept`). The root
is read at the target alone. As the tree's shape depends on the number of groups
alone, a warm engine adds the same numbers in the same order as a fresh one.

The cut is rebuilt from the root down (:func:`unwind_tree`): at each node the count
and state split between its two halves where the sum is least, and at a group its
children are placed as :meth:`~._Solver.spread` does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from model.metrics.bisection.switch_dp_kept import copies, kept, whole_parts
from model.metrics.bisection.switch_dp_rows import _ends, _Group, _split, _Step

if TYPE_CHECKING:
    from model.metrics.bisection.pod_dp_switches import _Solver

INF = float("inf")
Array = np.ndarray
Node = tuple[object, ...]
"""A node of the tree: ("leaf", W, S, how, c) — how the group's copies were combined
and one child's contribution — or ("pair", W, S, left, right). Nodes are remembered
across runs, so they hold no node numbers: the groups are the run's own."""


def tree_combine(solver: _Solver, groups: list[_Group], sides: Array
                 ) -> tuple[Array, list[_Step]]:
    """The pod's table at the target (one column, the least of W and S) for the
    assignments ``sides``, and one step holding the tree (to rebuild the cut)."""
    left, right = _node(solver, groups, sides, 0, len(groups) // 2), _node(
        solver, groups, sides, len(groups) // 2, len(groups))
    lw, ls, rw, rs = _tables(left) + _tables(right)
    total = solver.at_target(lw, rw)
    if rs.shape[1]:
        total = np.minimum(total, solver.at_target(lw, rs))
    if ls.shape[1]:
        total = np.minimum(total, solver.at_target(ls, rw))
    empty = total[:, :0]
    root: Node = ("pair", empty, empty, left, right)
    return total, [_Step(groups[-1], empty, empty, empty, empty, ("tree", groups, root))]


def _tables(node: Node) -> tuple[Array, Array]:
    """A node's W and S."""
    w, s = node[1], node[2]
    assert isinstance(w, np.ndarray) and isinstance(s, np.ndarray)
    return w, s


def _node(solver: _Solver, groups: list[_Group], sides: Array, lo: int, hi: int) -> Node:
    """The groups ``lo`` to ``hi`` combined (remembered)."""
    def make() -> Node:
        if hi - lo == 1:
            return _leaf(solver, groups[lo], sides)
        mid = (lo + hi) // 2
        left, right = _node(solver, groups, sides, lo, mid), _node(
            solver, groups, sides, mid, hi)
        lw, ls, rw, rs = _tables(left) + _tables(right)
        w = solver.conv(lw, rw)
        s = w[:, :0]
        for a, b in ((lw, rs), (ls, rw)):
            if a.shape[1] and b.shape[1]:
                s = _least(s, solver.conv(a, b))
        return ("pair", w, s, left, right)
    # the node's tables are cut at the target when its groups together reach past it
    reach = sum(len(grp.members) * (solver.lengths(grp.child)[0] - 1)
                for grp in groups[lo:hi])
    found: Node = kept(solver, "tree", [(grp, len(grp.members)) for grp in groups[lo:hi]],
                       sides, make, min(solver.q, reach))
    return found


def _least(a: Array, b: Array) -> Array:
    """The least of two row tables, the shorter read as INF past its end."""
    if not a.shape[1]:
        return b
    width = max(a.shape[1], b.shape[1])
    out = np.full((a.shape[0], width), INF)
    out[:, :a.shape[1]] = a
    np.minimum(out[:, :b.shape[1]], b, out=out[:, :b.shape[1]])
    return out


def _leaf(solver: _Solver, grp: _Group, sides: Array) -> Node:
    """One group's W and S (module doc)."""
    m = len(grp.members)
    c, concave, ends = whole_parts(solver, grp, m, sides, True)
    if concave:
        s = solver.conv(ends[0], c) if m > 1 else c
        return ("leaf", ends[2][:, :solver.q + 1], s, ("concave",), c)
    g, _, how = copies(solver, grp, c, c[:, :0], m, sides, True)
    return ("leaf", g, g[:, :0], how, c)


def unwind_tree(solver: _Solver, how: tuple[object, ...], k: int, sides: Array) -> None:
    """Place the children of the pod's groups for the cut at count ``k`` (``how``: the
    step of :func:`tree_combine`, one row)."""
    _, groups, root = how
    assert isinstance(groups, list) and isinstance(root, tuple)
    # a node, its first group's position, its count and state (None: either)
    stack: list[tuple[Node, int, int, bool | None]] = [(root, 0, k, None)]
    while stack:
        node, lo, k, split = stack.pop()
        if node[0] == "leaf":
            _place(solver, groups[lo], node, k, bool(split), sides)
            continue
        left, right = node[3], node[4]
        assert isinstance(left, tuple) and isinstance(right, tuple)
        lw, ls, rw, rs = (t[0] for t in _tables(left) + _tables(right))
        options = [] if split else [(_split(lw, rw, k), False, False)]
        if split is not False:
            options += [(_split(lw, rs, k), False, True), (_split(ls, rw, k), True, False)]
        (_, take), left_split, right_split = min(options, key=lambda o: o[0][0])
        # take: what the right half holds
        stack += [(left, lo, k - take, left_split),
                  (right, lo + _size(left), take, right_split)]


def _size(node: Node) -> int:
    """How many groups ``node`` combines."""
    if node[0] == "leaf":
        return 1
    left, right = node[3], node[4]
    assert isinstance(left, tuple) and isinstance(right, tuple)
    return _size(left) + _size(right)


def _place(solver: _Solver, grp: _Group, leaf: Node, k: int, split: bool, sides: Array
           ) -> None:
    """The children of ``grp`` at count ``k`` (one of them split when ``split``)."""
    how, c = leaf[3], leaf[4]
    assert isinstance(how, tuple) and isinstance(c, np.ndarray)
    if how[0] != "concave":
        solver.spread(grp, how, k, False, sides)
        return
    m, n = len(grp.members), c.shape[1] - 1
    if split:
        fewer = _ends(c, m - 1)[0]
        partial = _split(fewer, c[0], k)[1]
        wholes = (k - partial) // n if n else 0
        counts = [n] * wholes + [partial] + [0] * (m - wholes - 1)
    else:
        wholes = k // n if n else 0
        counts = [n] * wholes + [0] * (m - wholes)
    solver.spread(grp, ("counts", counts), 0, False, sides)
