"""Sides inside subtrees standing wholly on one side, for the switch-sides DP
(:mod:`model.metrics.bisection.pod_dp_switches`): once the cut is rebuilt from the top, every
subtree left wholly on A or on B takes, for its parent's assignment, the assignment
of its own switches that its tables chose, looked up per kind (no per-node Python
work)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from model.metrics.bisection.switch_dp_rows import _Group

if TYPE_CHECKING:
    from model.metrics.bisection.pod_dp_switches import _Solver

Array = np.ndarray


def fill_whole(solver: _Solver) -> None:
    """Assignments inside subtrees standing wholly on one side, top-down by level:
    each child's best assignment for its parent's, from a lookup per kind."""
    tree, cl = solver.tree, solver.cl
    lookups: dict[int, Array] = {}
    for lv in range(int(tree.level.max()) - 1 if tree.size else -1, -1, -1):
        nodes = np.flatnonzero(tree.level == lv)
        parent = tree.parent[nodes]
        nodes, parent = nodes[parent >= 0], parent[parent >= 0]
        chosen = (solver.whole[parent] >= 0) & (solver.tau[nodes] < 0)
        nodes, parent = nodes[chosen], parent[chosen]
        if not nodes.size:
            continue
        side = solver.whole[parent]
        solver.whole[nodes] = side
        if lv == 0:
            solver.on_a[nodes] = tree.unit_size[nodes] * side
            solver.tau[nodes] = 0
            continue
        placed = cl.placed[nodes]
        kinds, first, which = np.unique(placed, return_index=True, return_inverse=True)
        for h, node in zip(kinds.tolist(), nodes[first].tolist(), strict=True):
            if h not in lookups:
                lookups[h] = _lookup(solver, node)
        width = max(lookups[h].shape[0] for h in kinds.tolist())
        table = np.zeros((kinds.size, width, 2), dtype=np.int64)
        for i, h in enumerate(kinds.tolist()):
            table[i, :lookups[h].shape[0]] = lookups[h]
        solver.tau[nodes] = table[which.reshape(-1), solver.tau[parent], side]

def _lookup(solver: _Solver, node: int) -> Array:
    """For each assignment of ``node``'s parent, ``node``'s best assignment with all
    its accelerators on B (column 0) or on A (column 1)."""
    parent = int(solver.tree.parent[node])
    grp = _Group(node, [node], solver.cl.links(node, int(solver.cl.count[node]),
                                             int(solver.cl.count[parent])))
    x = solver.crossing(grp, solver.bits(int(solver.cl.count[parent])))
    t, _ = solver.table(node)
    full = int(solver.tree.accelerators[node]) // solver.g
    out = np.zeros((x.shape[1], 2), dtype=np.int64)
    out[:, 0] = np.argmin(t[:, [0]] + x, axis=0)
    if full < t.shape[1]:
        out[:, 1] = np.argmin(t[:, [full]] + x, axis=0)
    return out
