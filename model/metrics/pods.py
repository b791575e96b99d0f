"""The pod tree of a hierarchical network: the structure bisection and pair capacities
are computed on.

Levels: rack groups are level 0 and a tier is one above the highest group it has links
from. A *level-ℓ pod* is a connected component of the network restricted to the
accelerators and the switches of level ≤ ℓ that contains switches of level ℓ (its *own*
switches). Each pod's children are the level-(ℓ−1) pods and bare units inside it, so pods
form a tree whose leaves are *units* (accelerators attached to exactly the same switch
members). The tree is *closed* when every link joins a node to the own switches of the
pod just above it — true of every drawing where tiers stack (a leaf wired straight to a
core two levels up breaks it, and so do peer links such as Dragonfly+ global links).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from model.metrics.endpoints import Endpoints
from model.metrics.topology import IntArray, TierNet, Topology


@dataclass
class PodTree:
    """The pod tree as arrays. Nodes ``0 … units−1`` are the units (in unit order);
    pods follow, level by level, so every child has a smaller index than its parent.
    ``roots`` are the top nodes (several when the network is split)."""

    roots: list[int]
    unit_of_acc: IntArray
    unit_size: IntArray
    uniform: bool
    """True when, in every pod, each child has the same capacity to every own switch
    (the condition under which a pod's own switches are interchangeable)."""
    member_level: IntArray
    switch_edges: tuple[IntArray, IntArray, np.ndarray]
    """Aggregated switch-to-switch links: (lower member, upper member, capacity)."""
    unit_edges: tuple[IntArray, IntArray, np.ndarray]
    """Aggregated unit-to-switch attachments: (unit, member, capacity of the unit)."""
    parent: IntArray
    """Parent node of every node (-1 for a root)."""
    level: IntArray
    """Level of every node (0 for units)."""
    accelerators: IntArray
    up: np.ndarray
    """Capacity from each node to its parent's own switches (Gb/s)."""
    signature: IntArray
    """Nodes with equal signatures are interchangeable (isomorphic subtrees)."""
    own_ptr: IntArray
    own_members: IntArray
    """Own switches of node i are own_members[own_ptr[i]:own_ptr[i+1]]."""
    child_ptr: IntArray
    child_idx: IntArray
    """Children of node i are child_idx[child_ptr[i]:child_ptr[i+1]]."""
    signature_hash: np.ndarray = field(default_factory=lambda: np.zeros(0, np.uint64))
    """The 64-bit hash behind each signature (stable from one tree to the next, so
    results per signature can be remembered across edits)."""
    unit_order: tuple[IntArray, IntArray] | None = None
    """Accelerators sorted by unit and each one's rank inside its unit, when known."""

    @property
    def units(self) -> int:
        """Number of units (the first nodes)."""
        return int(self.unit_size.size)

    @property
    def size(self) -> int:
        """Number of nodes."""
        return int(self.parent.size)

    def children(self, node: int) -> IntArray:
        """Children of ``node``."""
        return self.child_idx[self.child_ptr[node]:self.child_ptr[node + 1]]

    def own(self, node: int) -> IntArray:
        """Own switches (global members) of ``node``."""
        return self.own_members[self.own_ptr[node]:self.own_ptr[node + 1]]


def _find(parent: IntArray) -> IntArray:
    """Compress a union–find parent array to roots."""
    while True:
        nxt = parent[parent]
        if np.array_equal(nxt, parent):
            return parent
        parent = nxt


def _union(parent: IntArray, a: IntArray, b: IntArray) -> IntArray:
    """Merge the sets of ``a[i]`` and ``b[i]`` for every i (vectorised, iterated)."""
    while a.size:
        parent = _find(parent)
        ra, rb = parent[a], parent[b]
        diff = ra != rb
        if not diff.any():
            return parent
        lo, hi = np.minimum(ra, rb)[diff], np.maximum(ra, rb)[diff]
        np.minimum.at(parent, hi, lo)
    return parent


def _csr(owner: IntArray, item: IntArray, n: int) -> tuple[IntArray, IntArray]:
    order = np.argsort(owner, kind="stable")
    ptr = np.r_[0, np.cumsum(np.bincount(owner, minlength=n))].astype(np.int64)
    return ptr, item[order]


def _unit_edges(ep: Endpoints, unit_of_acc: IntArray, representative: IntArray | None,
                width: int) -> tuple[IntArray, IntArray, IntArray, IntArray]:
    """Each unit's attachments to switches: (unit, member, incidences used, their
    aggregation index). Accelerators of a unit have the same capacity to every switch,
    so one representative's incidences × the unit's size give the unit's capacity."""
    if representative is None:
        chosen = np.arange(ep.inc_acc.size, dtype=np.int64)
    else:
        is_rep = np.zeros(ep.count, dtype=bool)
        is_rep[representative] = True
        chosen = np.flatnonzero(is_rep[ep.inc_acc])
    key = unit_of_acc[ep.inc_acc[chosen]] * width + ep.inc_member[chosen]
    uniq, inv = np.unique(key, return_inverse=True)
    return uniq // width, uniq % width, chosen, inv.reshape(-1)


def _switch_edges(topo: Topology, width: int) -> tuple[IntArray, IntArray, IntArray, IntArray]:
    """Switch-to-switch links, each joined pair once: (lower member, upper member,
    bundle index, links joining the pair). A spread bundle with no more links per member
    than upper switches joins each pair at most once, and with a multiple of them
    exactly ``L/n`` times; no two bundles join the same two tiers. Other bundles are
    counted link by link."""
    lows, highs, which, mult = [], [], [], []
    for index, bundle in enumerate(topo.bundles):
        if not isinstance(bundle.lower, TierNet):
            continue
        lo = bundle.lower_member + bundle.lower.offset
        hi = bundle.upper_member + bundle.upper.offset
        links, n = bundle.links_per_member, bundle.upper.count
        if links <= n:
            times = np.ones(lo.size, dtype=np.int64)
        elif links % n == 0:
            keep = np.arange(lo.size) % links < n
            lo, hi = lo[keep], hi[keep]
            times = np.full(lo.size, links // n, dtype=np.int64)
        else:
            uniq, counts = np.unique(lo * width + hi, return_counts=True)
            lo, hi, times = uniq // width, uniq % width, counts.astype(np.int64)
        lows.append(lo)
        highs.append(hi)
        which.append(np.full(lo.size, index, dtype=np.int64))
        mult.append(times)
    if not lows:
        empty = np.zeros(0, np.int64)
        return empty, empty, empty, empty
    return (np.concatenate(lows), np.concatenate(highs), np.concatenate(which),
            np.concatenate(mult))


@dataclass
class _LevelCheck:
    """What the uniformity test of one level needs that does not depend on speeds:
    which unit and switch edges the level's links are, grouped by (child, own switch),
    and whether every child reaches every own switch of its pod."""

    unit_edges: IntArray
    switch_edges: IntArray
    group: IntArray
    """(child, switch) group of each of the level's links."""
    starts: IntArray
    """First group of each child."""
    complete: bool


@dataclass
class PodSkeleton:
    """The pod tree of a plane without its capacities: everything that depends only on
    which links exist and on the units, so an edit of a link speed rebuilds the tree
    with :meth:`tree` instead of from scratch."""

    unit_of_acc: IntArray
    unit_size: IntArray
    member_level: IntArray
    roots: list[int]
    parent: IntArray
    level: IntArray
    own_ptr: IntArray
    own_members: IntArray
    child_ptr: IntArray
    child_idx: IntArray
    unit_lo: IntArray
    unit_hi: IntArray
    unit_incidences: IntArray
    unit_group: IntArray
    unit_scale: IntArray
    """Accelerators each unit edge's incidences stand for (the unit's size when they
    are one representative's, else 1)."""
    switch_lo: IntArray
    switch_hi: IntArray
    switch_bundle: IntArray
    switch_links: IntArray
    checks: list[_LevelCheck]

    @cached_property
    def unit_order(self) -> tuple[IntArray, IntArray]:
        """Accelerators sorted by unit (stable) and each one's rank inside its unit."""
        order = np.argsort(self.unit_of_acc, kind="stable")
        sorted_units = self.unit_of_acc[order]
        starts = np.searchsorted(sorted_units, sorted_units, side="left")
        return order, np.arange(order.size) - starts

    def tree(self, topo: Topology, ep: Endpoints) -> PodTree:
        """The pod tree with capacities from the current speeds of ``topo``/``ep``."""
        speeds = np.array([b.speed_gbps for b in topo.bundles] or [0.0])
        u_cap = np.bincount(self.unit_group, weights=ep.inc_gbps[self.unit_incidences],
                            minlength=self.unit_lo.size) * self.unit_scale
        s_cap = speeds[self.switch_bundle] * self.switch_links
        uniform = True
        for check in self.checks:
            uniform &= check.complete and _same_capacity(
                check, np.concatenate([u_cap[check.unit_edges], s_cap[check.switch_edges]]))
        count = self.parent.size
        tree = PodTree(self.roots, self.unit_of_acc, self.unit_size, uniform,
                       self.member_level, (self.switch_lo, self.switch_hi, s_cap),
                       (self.unit_lo, self.unit_hi, u_cap), self.parent, self.level,
                       np.zeros(count, np.int64), np.zeros(count), np.zeros(count, np.int64),
                       self.own_ptr, self.own_members, self.child_ptr, self.child_idx,
                       unit_order=self.unit_order)
        _fill(tree)
        return tree


def build_pod_tree(topo: Topology, ep: Endpoints, unit_of_acc: IntArray,
                   units: int, representative: IntArray | None = None) -> PodTree | None:
    """The pod tree of a hierarchical plane, or None when the network is not one
    (peer links, or links that skip the pod above). ``representative`` may give one
    accelerator of each unit (their capacities to each switch are equal)."""
    skeleton = pod_skeleton(topo, ep, unit_of_acc, units, representative)
    return skeleton.tree(topo, ep) if skeleton is not None else None


def pod_skeleton(topo: Topology, ep: Endpoints, unit_of_acc: IntArray,
                 units: int, representative: IntArray | None = None) -> PodSkeleton | None:
    """The pod tree's structure (see :func:`build_pod_tree`)."""
    if not topo.hierarchical:
        return None
    n_sw = topo.switches
    level = np.zeros(n_sw, dtype=np.int64)
    for tier in topo.tiers.values():
        level[tier.offset:tier.offset + tier.count] = tier.level
    unit_size = np.bincount(unit_of_acc, minlength=units).astype(np.int64)
    u_lo, u_hi, u_inc, u_group = _unit_edges(ep, unit_of_acc, representative, max(n_sw, 1))
    s_lo, s_hi, s_bundle, s_links = _switch_edges(topo, max(n_sw, 1))
    # closed: a switch's uplinks go one level up, a unit's links all to one level
    if s_lo.size and not np.all(level[s_hi] == level[s_lo] + 1):
        return None
    if u_lo.size:
        lowest = np.full(units, np.iinfo(np.int64).max, dtype=np.int64)
        highest = np.full(units, -1, dtype=np.int64)
        np.minimum.at(lowest, u_lo, level[u_hi])
        np.maximum.at(highest, u_lo, level[u_hi])
        linked = highest >= 0
        if not np.array_equal(lowest[linked], highest[linked]):
            return None
    parent = np.arange(units + n_sw, dtype=np.int64)
    top_level = int(level.max()) if n_sw else 0
    rep = np.full(units + n_sw, -1, dtype=np.int64)
    rep[:units] = np.arange(units)
    count = units
    owners, kids, own_owner, own_items, node_level = [], [], [], [], [np.zeros(units, np.int64)]
    checks: list[_LevelCheck] = []
    for lv in range(1, top_level + 1):
        before = _find(parent.copy())
        at_level = np.flatnonzero(level == lv) + units
        mask_u = np.flatnonzero(level[u_hi] == lv)
        mask_s = np.flatnonzero(level[s_hi] == lv)
        a = np.concatenate([u_lo[mask_u], s_lo[mask_s] + units])
        b = np.concatenate([u_hi[mask_u] + units, s_hi[mask_s] + units])
        parent = _find(_union(parent, a, b))
        comps, own_index = np.unique(parent[at_level], return_inverse=True)
        child_node = rep[before[a]]
        if (child_node < 0).any():
            return None
        pod_of_comp = np.arange(comps.size, dtype=np.int64) + count
        pod_of_edge = pod_of_comp[np.searchsorted(comps, parent[b])]
        # each child lies in one pod: its children are the distinct child nodes
        pod_of_child = np.full(count, -1, dtype=np.int64)
        pod_of_child[child_node] = pod_of_edge
        level_kids = np.flatnonzero(pod_of_child >= 0)
        owners.append(pod_of_child[level_kids])
        kids.append(level_kids)
        own_owner.append(pod_of_comp[own_index.reshape(-1)])
        own_items.append(at_level - units)
        node_level.append(np.full(comps.size, lv, dtype=np.int64))
        own_sizes = np.bincount(own_index.reshape(-1), minlength=comps.size)
        checks.append(_level_check(child_node, b - units, pod_of_edge - count, own_sizes,
                                   mask_u, mask_s))
        rep[comps] = pod_of_comp
        count += comps.size
    final = _find(parent)
    root_comps = np.unique(final)
    roots = sorted({int(rep[c]) for c in root_comps.tolist() if rep[c] >= 0})
    empty = np.zeros(0, np.int64)
    owner = np.concatenate(owners) if owners else empty
    child = np.concatenate(kids) if kids else empty
    child_ptr, child_idx = _csr(owner, child, count)
    own_ptr, own_members = _csr(np.concatenate(own_owner) if own_owner else empty,
                                np.concatenate(own_items) if own_items else empty, count)
    node_parent = np.full(count, -1, dtype=np.int64)
    node_parent[child] = owner
    return PodSkeleton(unit_of_acc, unit_size, level, roots, node_parent,
                       np.concatenate(node_level), own_ptr, own_members, child_ptr,
                       child_idx, u_lo, u_hi, u_inc, u_group,
                       unit_size[u_lo] if representative is not None else np.ones_like(u_lo),
                       s_lo, s_hi, s_bundle,
                       s_links, checks)


def _level_check(child: IntArray, switch: IntArray, pod: IntArray, own_sizes: IntArray,
                 unit_edges: IntArray, switch_edges: IntArray) -> _LevelCheck:
    """The speed-free half of the uniformity test of one level: group the level's links
    by (child, own switch) and check every child reaches each own switch of its pod."""
    if child.size == 0:
        empty = np.zeros(0, np.int64)
        return _LevelCheck(unit_edges, switch_edges, empty, empty, True)
    width = int(switch.max()) + 1
    uniq, inv = np.unique(child * width + switch, return_inverse=True)
    inv = inv.reshape(-1)
    first_edge = np.zeros(uniq.size, dtype=np.int64)
    first_edge[inv] = np.arange(child.size)
    _, starts, counts = np.unique(uniq // width, return_index=True, return_counts=True)
    sizes = own_sizes[pod[first_edge[starts]]]
    return _LevelCheck(unit_edges, switch_edges, inv, starts.astype(np.int64),
                       bool(np.all(counts == sizes)))


def _same_capacity(check: _LevelCheck, cap: np.ndarray) -> bool:
    """The speed half of the uniformity test: every child has the same capacity to
    each own switch of its pod."""
    if check.group.size == 0:
        return True
    total = np.bincount(check.group, weights=cap)
    lo = np.minimum.reduceat(total, check.starts)
    hi = np.maximum.reduceat(total, check.starts)
    return bool(np.all(hi - lo <= 1e-9 * np.maximum(hi, 1.0)))


def _fill(tree: PodTree) -> None:
    """Uplinks, accelerators and signatures of every node, bottom-up."""
    n, units = tree.size, tree.units
    u_lo, _, u_cap = tree.unit_edges
    s_lo, _, s_cap = tree.switch_edges
    n_sw = tree.member_level.size
    switch_up = np.bincount(s_lo, weights=s_cap, minlength=n_sw) if n_sw else np.zeros(0)
    up = np.zeros(n)
    up[:units] = np.bincount(u_lo, weights=u_cap, minlength=units)[:units]
    own_counts = np.diff(tree.own_ptr)
    own_owner = np.repeat(np.arange(n, dtype=np.int64), own_counts)
    if tree.own_members.size:
        up += np.bincount(own_owner, weights=switch_up[tree.own_members], minlength=n)
    tree.up = up
    owner = np.repeat(np.arange(n, dtype=np.int64), np.diff(tree.child_ptr))
    kids = tree.child_idx
    acc = np.zeros(n, dtype=np.int64)
    acc[:units] = tree.unit_size
    key_of = np.round(up * 1e3).astype(np.int64).astype(np.uint64)
    sig_hash = np.zeros(n, dtype=np.uint64)
    sig_hash[:units] = _mix(acc[:units].astype(np.uint64), key_of[:units],
                            np.zeros(units, np.uint64))
    for lv in range(1, int(tree.level.max()) + 1 if n else 1):
        at = tree.level[owner] == lv
        o, c = owner[at], kids[at]
        idx = np.flatnonzero(tree.level == lv)
        acc[idx] = np.bincount(o, weights=acc[c], minlength=n)[idx].astype(np.int64)
        child_sum = np.zeros(n, dtype=np.uint64)
        with np.errstate(over="ignore"):
            np.add.at(child_sum, o, _mix(sig_hash[c], np.zeros(c.size, np.uint64),
                                         np.full(c.size, 7, np.uint64)))
        sig_hash[idx] = _mix(own_counts[idx].astype(np.uint64) + np.uint64(1 << 40),
                             key_of[idx], child_sum[idx])
    tree.accelerators = acc
    tree.signature_hash = sig_hash
    _, dense = np.unique(sig_hash, return_inverse=True)
    tree.signature = dense.reshape(-1).astype(np.int64)


def _mix(a: np.ndarray, b: np.ndarray, c: np.ndarray) -> np.ndarray:
    """A 64-bit hash of three arrays (wrapping arithmetic)."""
    with np.errstate(over="ignore"):
        h = a * np.uint64(0x9E3779B97F4A7C15) + np.uint64(0x632BE59BD9B4E019)
        h ^= h >> np.uint64(31)
        h = (h + b) * np.uint64(0xBF58476D1CE4E5B9)
        h ^= h >> np.uint64(27)
        h = (h + c) * np.uint64(0x94D049BB133111EB)
        h ^= h >> np.uint64(31)
    out: np.ndarray = h
    return out
