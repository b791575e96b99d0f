"""One level of the pod tree (:mod:`model.metrics.bisection.pods`): its pods, the
connected components of the level's switches joined through the children below them,
and the speed-free half of its uniformity check.

A level whose links all come up from switches (no unit reaches it) is computed on the
*partition* of the switches below into pods, numbered by each pod's smallest member
(:func:`switch_level`), never on the numbers the pods below happen to carry: the
components and the check are then the same whatever the units below, and are kept by
the switch structure, the level and that partition. An edit of a rack group's count
(which empties or fills a unit, renumbering every pod above it) then recomputes only
the order of the level's pods, from the smallest number each pod holds, as
:func:`level_pods` orders them.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field

import numpy as np
from scipy.sparse import coo_matrix
from scipy.sparse.csgraph import connected_components

from model.metrics.algorithms.arrays import ranked
from model.metrics.memory import remembered
from model.metrics.representation.topology import IntArray


@dataclass
class LevelCheck:
    """What the uniformity test of one level needs that does not depend on speeds:
    which unit and switch edges the level's links are, their (child, own switch)
    groups, and whether every child reaches every own switch of its pod."""

    unit_edges: IntArray
    switch_edges: IntArray
    group: IntArray | None
    """(child, switch) group of each of the level's links (None: one link each)."""
    reference: IntArray
    """For each group, one group of the same child (all must carry equal capacity)."""
    complete: bool
    by_speeds: dict[bytes, bool] = field(default_factory=dict, repr=False)
    """The test's answer by the links' speeds, when the level has switch links only
    (it then outlives an edit of rack groups, as the check itself does)."""

    def arrays(self) -> tuple[np.ndarray, ...]:
        """The arrays it holds (what keeping it costs)."""
        held = (self.unit_edges, self.switch_edges, self.group, self.reference)
        return tuple(a for a in held if a is not None)



def level_pods(child: IntArray, switch: IntArray, join_a: IntArray, join_b: IntArray,
                own: IntArray, first: IntArray, units: int) -> tuple[IntArray, IntArray]:
    """The pods of one level: connected components of the graph joining each child node
    (numbered below ``first.size``) to the level's switches it has links to (``switch``:
    positions in ``own``), where ``join_a[i]`` and ``join_b[i]`` are switches joined
    through a common child (see :func:`_reach`). Returns each own switch's pod (0, 1,
    …), and each pod's smallest contained number, by which pods are numbered."""
    count = first.size
    nodes = count + own.size
    rows = np.concatenate([child, join_a + count])
    graph = coo_matrix((np.ones(rows.size, dtype=np.int8),
                        (rows, np.concatenate([switch, join_b]) + count)),
                       shape=(nodes, nodes))
    _, label = connected_components(graph, directed=True, connection="weak")
    comp_of_own = label[count:]
    smallest = np.full(int(label.max()) + 1, np.iinfo(np.int64).max, dtype=np.int64)
    np.minimum.at(smallest, label[child], first[child])
    np.minimum.at(smallest, comp_of_own, own + units)
    comps, index = ranked(comp_of_own)
    order = np.argsort(smallest[comps], kind="stable")
    rank = np.empty(comps.size, dtype=np.int64)
    rank[order] = np.arange(comps.size)
    return rank[index.reshape(-1)], smallest[comps][order]


def level_check(child: IntArray, lower: IntArray, switch: IntArray, pod_of_child: IntArray,
                 own_sizes: IntArray, unit_edges: IntArray, switch_edges: IntArray
                 ) -> LevelCheck:
    """The speed-free half of the uniformity test of one level: group the level's links
    (from ``lower`` ends inside ``child`` nodes to own ``switch``es) by (child, own
    switch) and check every child reaches each own switch of its pod. Links join each
    (lower end, switch) pair once, so when no child has two lower ends every link is
    its own group and nothing needs sorting."""
    if child.size == 0:
        empty = np.zeros(0, np.int64)
        return LevelCheck(unit_edges, switch_edges, None, empty, True)
    end_of = np.full(pod_of_child.size, -1, dtype=np.int64)
    end_of[child] = lower
    group: IntArray | None = None
    group_child = child
    if not np.array_equal(end_of[child], lower):
        low = int(switch.min())  # (child, switch) pairs in the same order, keys smaller
        width = int(switch.max()) - low + 1
        uniq, inv = _distinct(child * width + (switch - low), pod_of_child.size * width)
        group, group_child = inv, uniq // width
    reached = np.bincount(group_child, minlength=pod_of_child.size)
    present = np.flatnonzero(reached)
    complete = bool(np.array_equal(reached[present], own_sizes[pod_of_child[present]]))
    some_group = np.full(pod_of_child.size, -1, dtype=np.int64)
    some_group[group_child] = np.arange(group_child.size)
    return LevelCheck(unit_edges, switch_edges, group, some_group[group_child], complete)


def _distinct(keys: IntArray, bound: int) -> tuple[IntArray, IntArray]:
    """``np.unique(keys, return_inverse=True)`` of keys below ``bound``: by a table of
    every key when it is not much larger than the keys (no sort; a SuperPOD core
    level's 82,944 links, 144 pods below), else by sorting.

    >>> [a.tolist() for a in _distinct(np.array([5, 2, 5, 9]), 10)]
    [[2, 5, 9], [1, 0, 1, 2]]
    """
    if bound > max(8 * keys.size, 1 << 12):
        uniq, inv = np.unique(keys, return_inverse=True)
        return uniq, inv.reshape(-1).astype(np.int64)
    seen = np.zeros(bound, dtype=bool)
    seen[keys] = True
    uniq = np.flatnonzero(seen).astype(np.int64)
    rank = np.zeros(bound, dtype=np.int64)
    rank[uniq] = np.arange(uniq.size, dtype=np.int64)
    return uniq, rank[keys]


Reach = tuple[IntArray, IntArray, IntArray, IntArray]
"""A level's reach edges (:func:`model.metrics.bisection.pods._reach`)."""


def switch_level(structure: Hashable, lv: int, own: IntArray, slot: IntArray,
                 below: IntArray, below_pod: IntArray, below_slot: IntArray,
                 links: tuple[IntArray, IntArray, IntArray], reach: Reach,
                 order_by: tuple[IntArray, IntArray, int]
                 ) -> tuple[IntArray, IntArray, LevelCheck, IntArray, IntArray]:
    """The pods of a level no unit reaches, as :func:`level_pods` and
    :func:`level_check` give them: each own switch's pod, each pod's smallest number,
    the level's check (its groups numbered on the partition below, which the speed
    half of the test reads alike), and the pods below with links up (by their numbers
    among the pods below, ascending) with the pod each lies in.

    ``below``: the switches of the level below (ascending) with their pods
    ``below_pod`` and positions ``below_slot``; ``links``: the level's switch links
    (lower member, upper member, their indices among the switch links); ``order_by``:
    ``top_of`` and ``first`` of :func:`~model.metrics.bisection.pods.pod_skeleton` and
    its ``units``. Pods below are renamed by their first switch in ``below`` (their
    smallest member): that names the partition whatever the numbers of the pods, and
    keys the components and check, kept in the engine's memory with the switch
    structure and the level."""
    lower, upper, edges = links
    r_lo, r_hi, r_a, r_b = reach
    top_of, first, units = order_by
    _, seen_at = np.unique(below_pod, return_index=True)
    named = np.empty(seen_at.size, dtype=np.int64)
    named[np.argsort(seen_at, kind="stable")] = np.arange(seen_at.size)
    child_of_below = named[below_pod]
    key = (structure, lv, child_of_below.tobytes())
    store = remembered().switch_levels
    found = store.get(key)
    if found is None:
        children = seen_at.size
        r_child = child_of_below[below_slot[r_lo]]
        comp, _ = level_pods(r_child, slot[r_hi], slot[r_a], slot[r_b], own,
                             np.arange(children), children)
        pods = int(comp.max()) + 1 if comp.size else 0
        child = child_of_below[below_slot[lower]]
        pod_of_child = np.full(children, -1, dtype=np.int64)
        pod_of_child[child] = comp[slot[upper]]
        check = level_check(child, lower, upper, pod_of_child,
                            np.bincount(comp, minlength=pods), np.zeros(0, np.int64), edges)
        for array in (comp, pod_of_child):
            array.flags.writeable = False
        found = (comp, check, pod_of_child)
        store.put(key, found, (comp, pod_of_child, *check.arrays()))
    comp, check, pod_of_child = found
    # order the pods as level_pods does: by the smallest number each holds, its own
    # switches' (units + member) or its children's first
    pods = int(comp.max()) + 1 if comp.size else 0
    smallest = np.full(pods, np.iinfo(np.int64).max, dtype=np.int64)
    np.minimum.at(smallest, comp[slot[r_hi]], first[top_of[r_lo + units]])
    np.minimum.at(smallest, comp, own + units)
    order = np.argsort(smallest, kind="stable")
    rank = np.empty(pods, dtype=np.int64)
    rank[order] = np.arange(pods)
    parent = pod_of_child[named]  # by the numbers of the pods below
    kids = np.flatnonzero(parent >= 0)
    return rank[comp], smallest[order], check, kids, rank[parent[kids]]
