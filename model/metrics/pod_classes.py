"""Classes of each pod's own switches, and the links between classes, for the DP over
switch sides (:mod:`model.metrics.pod_dp_switches`).

A class is a set of one pod's own switches that stand together in some minimum
bisection: the parts of the coarsest equitable partition (:mod:`model.metrics.equitable`,
which gives the argument) that keeps each pod's own switches apart from other pods' and
each unit on its own. Each unit has its own colour because the bisection fixes each
accelerator's side: a unit's accelerators on A and on B are then two parts, and the
partition stays equitable (a switch's capacity to a unit's part on A is its capacity
to the unit times the share on A).

Between a node and its parent the links are kept per pair (child class, parent class),
summed (a unit counts as one class), and every node gets a 64-bit *kind*: a hash of its
classes and its children's kinds with their links. Nodes of one kind have the same DP
tables, so they are computed once per kind (one per island built alike, one per rail
plane wired alike).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from model.metrics.equitable import refine
from model.metrics.pods import PodTree, _mix
from model.metrics.topology import IntArray


@dataclass(frozen=True)
class PodClasses:
    """The classes of every pod's own switches and the links between classes."""

    node_of_member: IntArray
    """The pod owning each switch member (-1 for a switch no pod owns)."""
    class_of_member: IntArray
    """Each switch member's class, numbered 0, 1, … inside its pod."""
    count: IntArray
    """Classes of each node's own switches (0 for a unit)."""
    child: IntArray
    child_class: IntArray
    parent_class: IntArray
    capacity: np.ndarray
    """Links from each node to its parent, summed per (child class, parent class),
    sorted by child (a unit's class is 0)."""
    ptr: IntArray
    """Node c's links are entries ptr[c] … ptr[c + 1] − 1."""
    kind: np.ndarray
    """Nodes of one kind have the same tables (uint64 hashes)."""
    placed: np.ndarray
    """A node's kind and its links to its parent's classes: children that are equal here
    contribute the same to their parent."""

    def links(self, node: int, child_classes: int, parent_classes: int) -> np.ndarray:
        """Capacity from ``node``'s classes (rows; one for a unit) to its parent's
        (columns)."""
        matrix = np.zeros((max(child_classes, 1), parent_classes))
        span = slice(int(self.ptr[node]), int(self.ptr[node + 1]))
        np.add.at(matrix, (self.child_class[span], self.parent_class[span]),
                  self.capacity[span])
        return matrix


MAX_OWN = 12
"""Classes of own switches a pod may have (4,096 assignments of sides)."""


def pod_classes(tree: PodTree) -> PodClasses | None:
    """The classes of ``tree`` (see the module doc), or None when some pod has more
    than :data:`MAX_OWN` classes or the refinement's check fails. Made once per tree
    and shared by the bisection and the pair capacities."""
    if "classes" not in tree.derived:
        tree.derived["classes"] = _pod_classes(tree, MAX_OWN)
    found = tree.derived["classes"]
    assert found is None or isinstance(found, PodClasses)
    return found


def _pod_classes(tree: PodTree, most: int) -> PodClasses | None:
    members = tree.own_members
    n_sw = int(tree.member_level.size)
    units = tree.units
    owner = np.repeat(np.arange(tree.size, dtype=np.int64), np.diff(tree.own_ptr))
    node_of_member = np.full(n_sw, -1, dtype=np.int64)
    node_of_member[members] = owner
    # graph nodes: units 0 … units − 1, then switch members
    u_lo, u_hi, u_cap = tree.unit_edges
    s_lo, s_hi, s_cap = tree.switch_edges
    colour = np.concatenate([np.arange(units, dtype=np.int64),
                             units + np.where(node_of_member >= 0, node_of_member,
                                              tree.size + np.arange(n_sw))])
    # a unit, or the one own switch of a pod, is a class of its own: fixed. A link from
    # a fixed child to a pod whose level is alike (every child the same capacity to
    # every own switch) cannot tell the pod's switches apart, and is left out
    own_count = np.diff(tree.own_ptr)
    fixed = np.concatenate([np.ones(units, dtype=bool),
                            (node_of_member >= 0)
                            & (own_count[np.maximum(node_of_member, 0)] == 1)])
    alike = np.array((False, *tree.level_alike), dtype=bool)
    level = tree.member_level
    lower = np.concatenate([u_lo, s_lo + units])
    upper = np.concatenate([u_hi, s_hi])
    kept = ~(fixed[lower] & alike[np.minimum(level[upper], alike.size - 1)]
             & (level[upper] < alike.size))
    part = refine(units + n_sw, lower[kept], upper[kept] + units,
                  np.concatenate([u_cap, s_cap])[kept], colour, fixed)
    if part is None:
        return None
    # classes numbered inside each pod by their first member
    of_member = part[units + members]
    pairs, first, inverse = np.unique(owner * (int(part.max()) + 1) + of_member,
                                      return_index=True, return_inverse=True)
    pod_of_pair = pairs // (int(part.max()) + 1)
    # rank the pairs within each pod, in order of first appearance
    order = np.lexsort((first, pod_of_pair))
    start = np.searchsorted(pod_of_pair[order], pod_of_pair[order], side="left")
    rank = np.empty(pairs.size, dtype=np.int64)
    rank[order] = np.arange(pairs.size) - start
    class_of_member = np.zeros(n_sw, dtype=np.int64)
    class_of_member[members] = rank[inverse.reshape(-1)]
    count = np.bincount(pod_of_pair, minlength=tree.size).astype(np.int64)
    if count.size and int(count.max()) > most:
        return None
    child = np.concatenate([u_lo, node_of_member[s_lo]])
    child_class = np.concatenate([np.zeros(u_lo.size, np.int64), class_of_member[s_lo]])
    parent_class = np.concatenate([class_of_member[u_hi], class_of_member[s_hi]])
    width = most + 1
    key, inverse = np.unique((child * width + child_class) * width + parent_class,
                             return_inverse=True)
    capacity = np.bincount(inverse.reshape(-1), weights=np.concatenate([u_cap, s_cap]),
                           minlength=key.size)
    child, rest = np.divmod(key, width * width)
    child_class, parent_class = np.divmod(rest, width)
    ptr = np.searchsorted(child, np.arange(tree.size + 1)).astype(np.int64)
    kind, placed = _kinds(tree, count, child, child_class, parent_class, capacity)
    return PodClasses(node_of_member, class_of_member, count, child, child_class,
                      parent_class, capacity, ptr, kind, placed)


def _kinds(tree: PodTree, count: IntArray, child: IntArray, child_class: IntArray,
           parent_class: IntArray, capacity: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each node's kind and its kind with its links to its parent (see the module doc),
    bottom-up."""
    n = tree.size
    entry = _mix(child_class.astype(np.uint64), parent_class.astype(np.uint64),
                 np.round(capacity * 1e3).astype(np.int64).astype(np.uint64))
    linked = np.zeros(n, dtype=np.uint64)
    with np.errstate(over="ignore"):
        np.add.at(linked, child, entry)
    kind = np.zeros(n, dtype=np.uint64)
    kind[:tree.units] = _mix(tree.unit_size.astype(np.uint64), np.zeros(tree.units, np.uint64),
                             np.ones(tree.units, np.uint64))
    parent = tree.parent
    placed = np.zeros(n, dtype=np.uint64)
    for lv in range(1, int(tree.level.max()) + 1 if n else 1):
        has_parent = parent >= 0
        kids = np.flatnonzero(has_parent & (tree.level[np.where(has_parent, parent, 0)] == lv))
        placed[kids] = _mix(kind[kids], linked[kids],
                            count[parent[kids]].astype(np.uint64))
        summed = np.zeros(n, dtype=np.uint64)
        with np.errstate(over="ignore"):
            np.add.at(summed, parent[kids], placed[kids])
        pods = np.flatnonzero(tree.level == lv)
        kind[pods] = _mix(count[pods].astype(np.uint64) + np.uint64(1 << 40),
                          np.full(pods.size, 5, np.uint64), summed[pods])
    return kind, placed
