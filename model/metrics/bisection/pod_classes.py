"""Classes of each pod's own switches, and the links between classes, for the DP over
switch sides (:mod:`model.metrics.bisection.pod_dp_switches`).

A class is a set of one pod's own switches that stand together in some minimum
bisection: the parts of the coarsest equitable partition
(:mod:`model.metrics.representation.equitable`,
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

from model.metrics.bisection.pods import PodTree, _mix
from model.metrics.memory import remembered
from model.metrics.representation.equitable import refine
from model.metrics.representation.topology import IntArray


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
        # each (child class, parent class) is one entry, its links already summed
        matrix[self.child_class[span], self.parent_class[span]] = self.capacity[span]
        return matrix


MAX_OWN = 12
"""Classes of own switches a pod may have (4,096 assignments of sides)."""
_DENSE = 4_000_000
"""Nodes × classes² up to which the links are summed in a dense array."""


def pod_classes(tree: PodTree) -> PodClasses | None:
    """The classes of ``tree`` (see the module doc), or None when some pod has more
    than :data:`MAX_OWN` classes or the refinement's check fails. Made once per tree
    and shared by the bisection and the pair capacities."""
    if "classes" not in tree.derived:
        tree.derived["classes"] = _pod_classes(tree, MAX_OWN)
    found = tree.derived["classes"]
    assert found is None or isinstance(found, PodClasses)
    return found


@dataclass(frozen=True)
class _LinksRead:
    """What the refinement reads of a tree's links, but for the units' capacities
    (:func:`_links_read`): each switch member's pod, each pod's own switches, the
    nodes fixed, the levels skipped, which unit links are read, the switch links read
    and the key of their capacities relative to each pod's largest uplink
    (:func:`_numbered`), and the children of the skipped levels."""

    source: np.ndarray
    """The switch links' capacities these were read from (the entry holds it: a tree
    with other capacities under the same key is read anew)."""
    node_of_member: IntArray
    owner: IntArray
    own_count: IntArray
    fixed_node: np.ndarray
    skipped: np.ndarray
    u_keep: IntArray
    switch_links: tuple[IntArray, IntArray, np.ndarray]
    ratio: bytes | None
    kids: IntArray


def _links_read(tree: PodTree) -> _LinksRead:
    """The :class:`_LinksRead` of ``tree``: kept in the engine's memory by the tree's
    structure, its switch links' capacities (:attr:`PodTree.capacities`) and which
    levels are alike, all it depends on, so an edit of a rack group's count (which
    changes units' sizes and capacities only) reads the 100,000 switch links of the
    heterogeneous campus no more."""
    key = ((tree.structure, tree.capacities, tree.level_alike)
           if tree.structure is not None and tree.capacities is not None else None)
    store = remembered().class_inputs
    found = store.get(key) if key is not None else None
    if found is not None and found.source is tree.switch_edges[2]:
        return found
    members = tree.own_members
    n_sw = int(tree.member_level.size)
    units = tree.units
    own_count = np.diff(tree.own_ptr)
    owner = np.repeat(np.arange(tree.size, dtype=np.int64), own_count)
    node_of_member = np.full(n_sw, -1, dtype=np.int64)
    node_of_member[members] = owner
    _, u_hi, _ = tree.unit_edges
    s_lo, s_hi, s_cap = tree.switch_edges
    # a unit, or the one own switch of a pod, is a class of its own: fixed. The links
    # up to a level where every child is fixed and has the same capacity to every own
    # switch of its pod cannot tell the pod's switches apart: they are left out of the
    # refinement, and their sums per class are known without reading them
    fixed_node = own_count <= 1
    fixed_node[:units] = True
    parent = tree.parent
    has_parent = parent >= 0
    parent_level = np.where(has_parent, tree.level[np.maximum(parent, 0)], 0)
    top = int(tree.level.max(initial=0))
    skipped = np.zeros(top + 1, dtype=bool)
    known = len(tree.level_alike) == len(tree.level_edges) == top
    for lv in range(1, top + 1 if known else 1):
        if tree.level_alike[lv - 1]:
            kids = has_parent & (parent_level == lv)
            skipped[lv] = bool(np.all(fixed_node[kids]))
    if known:
        spans = [tree.level_edges[lv - 1] for lv in range(1, top + 1) if not skipped[lv]]
        s_keep = (np.concatenate([np.arange(sp.start, sp.stop) for sp in spans]) if spans
                  else np.zeros(0, np.int64))
    else:  # levels not described: every link is read
        s_keep = np.arange(s_lo.size)
    u_keep = np.flatnonzero(~skipped[tree.member_level[u_hi]])
    s_lo, s_hi, s_cap = s_lo[s_keep], s_hi[s_keep], s_cap[s_keep]
    ratio = None
    if tree.structure is not None:
        # each switch link's capacity over the largest uplink of its lower switch's pod
        pod = node_of_member[s_lo]
        largest = np.zeros(tree.size)
        np.maximum.at(largest, pod, s_cap)
        ratio = (s_cap / np.where(largest[pod] > 0, largest[pod], 1.0)).tobytes()
    found = _LinksRead(tree.switch_edges[2], node_of_member, owner, own_count, fixed_node,
                       skipped, u_keep, (s_lo, s_hi, s_cap), ratio,
                       np.flatnonzero(has_parent & skipped[parent_level]))
    if key is not None:
        arrays = [node_of_member, owner, own_count, fixed_node, skipped, u_keep, s_lo,
                  s_hi, s_cap, found.kids]
        for array in arrays:
            array.flags.writeable = False  # shared by every tree of this key
        store.put(key, found, arrays)
    return found


def _pod_classes(tree: PodTree, most: int) -> PodClasses | None:
    read = _links_read(tree)
    members = tree.own_members
    node_of_member, owner, own_count = read.node_of_member, read.owner, read.own_count
    skipped, parent = read.skipped, tree.parent
    u_lo, u_hi, u_cap = (array[read.u_keep] for array in tree.unit_edges)
    s_lo, s_hi, s_cap = read.switch_links
    numbered = _numbered(tree, node_of_member, owner, read.fixed_node, read.ratio,
                         skipped, (u_lo, u_hi, u_cap), (s_lo, s_hi, s_cap))
    if numbered is None:
        return None
    class_of_member, count, kept_by = numbered
    if count.size and int(count.max()) > most:
        return None
    # the links left out, summed per class: a child's capacity to its parent's own
    # switches is spread equally over them
    kids = read.kids
    width = int(count.max(initial=0)) + 1
    grouped = _grouped(tree, kept_by, kids, width, class_of_member, count, owner,
                       own_count, u_cap, s_cap)
    if grouped is not None:
        capacity, (child, child_class, parent_class, ptr) = grouped
        kind, placed = _kinds(tree, count, child, child_class, parent_class, capacity)
        return PodClasses(node_of_member, class_of_member, count, child, child_class,
                          parent_class, capacity, ptr, kind, placed)
    size_of = np.bincount(owner * width + class_of_member[members],
                          minlength=tree.size * width).reshape(tree.size, width)
    of_kid = count[parent[kids]]
    kid = np.repeat(kids, of_kid)
    kid_class = np.arange(int(of_kid.sum())) - np.repeat(np.cumsum(of_kid) - of_kid, of_kid)
    kid_cap = (tree.up[kid] * size_of[parent[kid], kid_class]
               / np.maximum(own_count[parent[kid]], 1))
    child = np.concatenate([u_lo, node_of_member[s_lo], kid])
    child_class = np.concatenate([np.zeros(u_lo.size, np.int64), class_of_member[s_lo],
                                  np.zeros(kid.size, np.int64)])
    parent_class = np.concatenate([class_of_member[u_hi], class_of_member[s_hi], kid_class])
    key = (child * width + child_class) * width + parent_class
    weights = np.concatenate([u_cap, s_cap, kid_cap])
    dense = tree.size * width * width <= _DENSE
    if dense:
        # summed in a dense array, which is faster than sorting the links
        summed = np.bincount(key, weights=weights, minlength=tree.size * width * width)
        bins = np.flatnonzero(summed)
        capacity = summed[bins]
        links_key = key
        key = bins
    else:
        key, inverse = np.unique(key, return_inverse=True)
        capacity = np.bincount(inverse.reshape(-1), weights=weights, minlength=key.size)
    child, rest = np.divmod(key, width * width)
    child_class, parent_class = np.divmod(rest, width)
    ptr = np.searchsorted(child, np.arange(tree.size + 1)).astype(np.int64)
    if kept_by is not None:
        _keep_grouping(kept_by, dense, links_key if dense else inverse.reshape(-1),
                       kid, size_of[parent[kid], kid_class],
                       np.maximum(own_count[parent[kid]], 1),
                       (child, child_class, parent_class, ptr), capacity.size)
    kind, placed = _kinds(tree, count, child, child_class, parent_class, capacity)
    return PodClasses(node_of_member, class_of_member, count, child, child_class,
                      parent_class, capacity, ptr, kind, placed)


def _numbered(tree: PodTree, node_of_member: IntArray, owner: IntArray,
              fixed_node: np.ndarray, ratio: bytes | None, skipped: np.ndarray,
              unit_links: tuple[IntArray, IntArray, np.ndarray],
              switch_links: tuple[IntArray, IntArray, np.ndarray],
              ) -> tuple[IntArray, IntArray, object] | None:
    """Each switch member's class inside its pod, each node's number of classes and
    the key they are kept by (None: not kept), from the refinement of the links read
    (``unit_links``, ``switch_links``), or None when its check fails. ``ratio``: the
    switch links' capacities relative to each pod's largest uplink, as bytes (None:
    nothing is kept; see :func:`_links_read`).

    Kept in the engine's memory by the tree's structure, the levels skipped, the units'
    capacities read and the switch links' capacities, each divided by the largest
    uplink of its lower switch's pod: multiplying every link between a pod's own
    switches and its parent's by one factor leaves the equitable partitions finer than
    the colouring as they are (a pod's switches have a colour of their own, so each
    total between a part of them and a part of the parent's switches is multiplied by
    that factor for every switch of either part, and equal totals stay equal), so an
    edit of one island's uplink speed finds the classes it had."""
    u_lo, u_hi, u_cap = unit_links
    s_lo, s_hi, s_cap = switch_links
    units, n_sw = tree.units, int(tree.member_level.size)
    key: tuple[object, ...] | None = None
    store = remembered().pod_classes
    if ratio is not None:
        key = (tree.structure, skipped.tobytes(), u_cap.tobytes(), ratio)
        found = store.get(key)
        if found is not None:
            return (*found, key)
    members = tree.own_members
    fixed = np.concatenate([np.ones(units, dtype=bool),
                            (node_of_member >= 0) & fixed_node[np.maximum(node_of_member, 0)]])
    colour = np.concatenate([np.arange(units, dtype=np.int64),
                             units + np.where(node_of_member >= 0, node_of_member,
                                              tree.size + np.arange(n_sw))])
    part = refine(units + n_sw, np.concatenate([u_lo, s_lo + units]),
                  np.concatenate([u_hi + units, s_hi + units]),
                  np.concatenate([u_cap, s_cap]), colour, fixed)
    if part is None:
        return None
    # classes numbered inside each pod by their first member
    of_member = part[units + members]
    width = int(part.max()) + 1
    pairs, first, inverse = np.unique(owner * width + of_member, return_index=True,
                                      return_inverse=True)
    pod_of_pair = pairs // width
    # rank the pairs within each pod, in order of first appearance
    order = np.lexsort((first, pod_of_pair))
    start = np.searchsorted(pod_of_pair[order], pod_of_pair[order], side="left")
    rank = np.empty(pairs.size, dtype=np.int64)
    rank[order] = np.arange(pairs.size) - start
    class_of_member = np.zeros(n_sw, dtype=np.int64)
    class_of_member[members] = rank[inverse.reshape(-1)]
    count = np.bincount(pod_of_pair, minlength=tree.size).astype(np.int64)
    for array in (class_of_member, count):
        array.flags.writeable = False  # shared by every tree these links give
    if key is not None:
        store.put(key, (class_of_member, count), (class_of_member, count))
    return class_of_member, count, key


@dataclass(frozen=True)
class _Grouping:
    """How the links between classes are summed, for a tree structure and its classes:
    all but the capacities. ``inverse``: each link's (child, child class, parent class)
    entry; ``kid``, ``share`` and ``spread``: the children of skipped levels, each one's
    count of its parent's switches in the class and the parent's own switches (its
    capacity to the class is its uplink × share ÷ spread)."""

    inverse: IntArray
    entries: int
    dense: bool
    kid: IntArray
    share: IntArray
    spread: IntArray
    arrays: tuple[IntArray, IntArray, IntArray, IntArray]
    """child, child_class, parent_class and ptr of :class:`PodClasses`."""


def _grouped(tree: PodTree, kept_by: object, kids: IntArray, width: int,
             class_of_member: IntArray, count: IntArray, owner: IntArray,
             own_count: IntArray, u_cap: np.ndarray, s_cap: np.ndarray,
             ) -> tuple[np.ndarray, tuple[IntArray, IntArray, IntArray, IntArray]] | None:
    """The links' capacities summed per entry, and the entries, from the grouping
    kept for these classes (an edit of link speeds only: the classes were found kept,
    and only the capacities are new), or None when none is kept or the sums leave an
    entry at zero (which the dense sum drops: the full way then gives the same)."""
    if kept_by is None:
        return None
    found = remembered().class_links.get(kept_by)
    if not isinstance(found, _Grouping):
        # seen once: the grouping is kept when the same classes come again
        remembered().class_links.put(kept_by, True)
        return None
    kid_cap = tree.up[found.kid] * found.share / found.spread
    weights = np.concatenate([u_cap, s_cap, kid_cap])
    capacity = np.bincount(found.inverse, weights=weights, minlength=found.entries)
    if found.dense and not capacity.all():
        return None
    return capacity, found.arrays


def _keep_grouping(kept_by: object, dense: bool, links: IntArray, kid: IntArray,
                   share: IntArray, spread: IntArray,
                   arrays: tuple[IntArray, IntArray, IntArray, IntArray],
                   entries: int) -> None:
    """Keep how the links are summed (:class:`_Grouping`) for classes seen before.
    ``links``: each link's dense key (``dense``) or its entry."""
    store = remembered().class_links
    if store.get(kept_by) is not True:
        return
    if dense:
        # each link's entry: the rank of its key among the keys present
        present = np.zeros(int(links.max(initial=-1)) + 1, dtype=bool)
        present[links] = True
        rank = np.cumsum(present) - 1
        inverse = rank[links]
        if int(present.sum()) != entries:
            return  # an entry summed to zero: not kept (see _grouped)
    else:
        inverse = links
    grouping = _Grouping(inverse, entries, dense, kid, share, spread, arrays)
    store.put(kept_by, grouping, [inverse, kid, share, spread, *arrays])


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
