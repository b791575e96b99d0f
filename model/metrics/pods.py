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

import numpy as np

from model.metrics.endpoints import Endpoints
from model.metrics.topology import IntArray, TierNet, Topology


@dataclass
class Pod:
    """A node of the pod tree: a unit (no own switches) or a pod."""

    index: int
    accelerators: int
    children: list[int] = field(default_factory=list)
    own: IntArray = field(default_factory=lambda: np.zeros(0, np.int64))
    """Global switch members that are this pod's own switches."""
    unit: int = -1
    """For a unit: its unit number, else -1."""
    up_gbps: float = 0.0
    """Capacity of links from this node to its parent's own switches."""
    signature: int = -1
    """Nodes with equal signatures are interchangeable (isomorphic subtrees)."""


@dataclass
class PodTree:
    """The pod tree; ``roots`` are the top pods (several when the network is split)."""

    nodes: list[Pod]
    roots: list[int]
    unit_of_acc: IntArray
    unit_size: IntArray
    uniform: bool
    """True when, in every pod, each child has the same capacity to every own switch
    and every own switch the same uplink capacity (the condition for exactness)."""
    member_level: IntArray
    switch_edges: tuple[IntArray, IntArray, np.ndarray]
    """Aggregated switch-to-switch links: (lower member, upper member, capacity)."""
    unit_edges: tuple[IntArray, IntArray, np.ndarray]
    """Aggregated unit-to-switch attachments: (unit, member, capacity of the unit)."""


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


def _aggregate(lo: IntArray, hi: IntArray, cap: np.ndarray, width: int
               ) -> tuple[IntArray, IntArray, np.ndarray]:
    key = lo * width + hi
    uniq, inv = np.unique(key, return_inverse=True)
    total = np.bincount(inv.reshape(-1), weights=cap)
    return uniq // width, uniq % width, total


def build_pod_tree(topo: Topology, ep: Endpoints, unit_of_acc: IntArray,
                   units: int) -> PodTree | None:
    """The pod tree of a hierarchical plane, or None when the network is not one
    (peer links, or links that skip the pod above)."""
    if not topo.hierarchical:
        return None
    n_sw = topo.switches
    level = np.zeros(n_sw, dtype=np.int64)
    for tier in topo.tiers.values():
        level[tier.offset:tier.offset + tier.count] = tier.level
    unit_size = np.bincount(unit_of_acc, minlength=units).astype(np.int64)
    # unit → member attachments, capacity summed over the unit's accelerators
    u_lo, u_hi, u_cap = _aggregate(unit_of_acc[ep.inc_acc], ep.inc_member, ep.inc_gbps,
                                   max(n_sw, 1))
    lows, highs, caps = [], [], []
    for bundle in topo.bundles:
        if isinstance(bundle.lower, TierNet):
            lows.append(bundle.lower_member + bundle.lower.offset)
            highs.append(bundle.upper_member + bundle.upper.offset)
            caps.append(np.full(bundle.links, bundle.speed_gbps))
    if lows:
        s_lo, s_hi, s_cap = _aggregate(np.concatenate(lows), np.concatenate(highs),
                                       np.concatenate(caps), max(n_sw, 1))
    else:
        s_lo = s_hi = np.zeros(0, np.int64)
        s_cap = np.zeros(0)
    # closed: a unit's links all go to one level; a switch's uplinks go one level up
    if s_lo.size and not np.all(level[s_hi] == level[s_lo] + 1):
        return None
    # node numbering for union-find: units first, then switch members
    parent = np.arange(units + n_sw, dtype=np.int64)
    top_level = int(level.max()) if n_sw else 0
    nodes: list[Pod] = [
        Pod(index=u, accelerators=int(unit_size[u]), unit=u) for u in range(units)
    ]
    rep = np.arange(units + n_sw, dtype=np.int64)
    """rep[component root] = tree node standing for that component so far."""
    rep[units:] = -1
    unit_level = np.full(units, top_level + 1, dtype=np.int64)
    if u_lo.size:
        np.minimum.at(unit_level, u_lo, level[u_hi])
        per_unit_max = np.zeros(units, dtype=np.int64)
        np.maximum.at(per_unit_max, u_lo, level[u_hi])
        if not np.array_equal(per_unit_max[np.unique(u_lo)], unit_level[np.unique(u_lo)]):
            return None
    uniform = True
    for lv in range(1, top_level + 1):
        before = _find(parent.copy())
        at_level = np.flatnonzero(level == lv) + units
        mask_u = level[u_hi] == lv
        mask_s = level[s_hi] == lv
        a = np.concatenate([u_lo[mask_u], s_lo[mask_s] + units])
        b = np.concatenate([u_hi[mask_u] + units, s_hi[mask_s] + units])
        cap = np.concatenate([u_cap[mask_u], s_cap[mask_s]])
        parent = _find(_union(parent, a, b))
        comps, own_index = np.unique(parent[at_level], return_inverse=True)
        child_node = rep[before[a]]
        if (child_node < 0).any():
            return None
        pod_of_comp = np.arange(comps.size) + len(nodes)
        pod_of_edge = pod_of_comp[np.searchsorted(comps, parent[b])]
        # children of each pod
        pairs = np.unique(pod_of_edge * (len(nodes) + 1) + child_node)
        pair_pod, pair_child = pairs // (len(nodes) + 1), pairs % (len(nodes) + 1)
        own_order = np.argsort(own_index, kind="stable")
        own_members = at_level[own_order] - units
        own_bounds = np.r_[0, np.cumsum(np.bincount(own_index, minlength=comps.size))]
        child_bounds = np.searchsorted(pair_pod, pod_of_comp[0] + np.arange(comps.size + 1))
        for i in range(comps.size):
            kids = pair_child[child_bounds[i]:child_bounds[i + 1]].tolist()
            nodes.append(Pod(index=len(nodes),
                             accelerators=sum(nodes[c].accelerators for c in kids),
                             children=kids,
                             own=own_members[own_bounds[i]:own_bounds[i + 1]]))
        rep[comps] = pod_of_comp
        uniform &= _uniform(child_node, b - units, cap, pod_of_edge, nodes)
    final = _find(parent)
    root_comps = np.unique(final[np.r_[np.arange(units), np.arange(n_sw) + units]])
    roots = sorted({int(rep[c]) for c in root_comps if rep[c] >= 0})
    tree = PodTree(nodes, roots, unit_of_acc, unit_size, uniform, level,
                   (s_lo, s_hi, s_cap), (u_lo, u_hi, u_cap))
    _uplinks(tree, units)
    _signatures(tree)
    return tree


def _uniform(child: IntArray, switch: IntArray, cap: np.ndarray, pod: IntArray,
             nodes: list[Pod]) -> bool:
    """Whether every child has the same capacity to each own switch of its pod
    (the condition under which the pod's own switches are interchangeable)."""
    if child.size == 0:
        return True
    width = int(switch.max()) + 1
    key = child * width + switch
    uniq, inv = np.unique(key, return_inverse=True)
    total = np.bincount(inv.reshape(-1), weights=cap)
    kid = uniq // width
    first_edge = np.zeros(uniq.size, dtype=np.int64)
    first_edge[inv.reshape(-1)] = np.arange(key.size)
    kid_pod = pod[first_edge]
    kids, start, count = np.unique(kid, return_index=True, return_counts=True)
    lo = np.minimum.reduceat(total, start)
    hi = np.maximum.reduceat(total, start)
    own_sizes = np.array([nodes[int(p)].own.size for p in kid_pod[start]])
    del kids
    return bool(np.all(count == own_sizes) and np.all(hi - lo <= 1e-9 * np.maximum(hi, 1.0)))


def _uplinks(tree: PodTree, units: int) -> None:
    """Fill ``up_gbps`` of every node: capacity from its top to its parent's own
    switches (units: their attachments; pods: their own switches' uplinks)."""
    u_lo, _, u_cap = tree.unit_edges
    unit_up = np.bincount(u_lo, weights=u_cap, minlength=units)
    s_lo, _, s_cap = tree.switch_edges
    n_sw = tree.member_level.size
    switch_up = np.bincount(s_lo, weights=s_cap, minlength=n_sw) if n_sw else np.zeros(0)
    for node in tree.nodes:
        if node.unit >= 0:
            node.up_gbps = float(unit_up[node.unit])
        else:
            node.up_gbps = float(switch_up[node.own].sum())


def _signatures(tree: PodTree) -> None:
    """Give isomorphic subtrees equal signatures (bottom-up canonical form)."""
    table: dict[tuple[object, ...], int] = {}
    for node in tree.nodes:  # children always precede their parent
        if node.unit >= 0:
            key: tuple[object, ...] = ("u", node.accelerators, round(node.up_gbps, 6))
        else:
            kids = tuple(sorted(tree.nodes[c].signature for c in node.children))
            key = ("p", int(node.own.size), round(node.up_gbps, 6), kids)
        node.signature = table.setdefault(key, len(table))
