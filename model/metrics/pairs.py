"""Capacity between every pair of islands and every pair of buildings: the minimum cut
separating the accelerators of one from those of the other.

On a hierarchical network whose pods are uniform, the pod tree is a tree whose edges are
each node's uplinks (:mod:`model.metrics.pods`); the own switches of a pod act as one
node (uniform wiring lets any flow spread evenly over them). In a tree the minimum cut
separating leaf sets X and Y is found bottom-up: each node is joined either to X's side
or to Y's side, and a child on the other side from its parent costs the child's uplink.
A subtree holding only X's leaves costs ``iso`` (the cheapest way to cut all its leaves
off its top) when its top joins Y. Without a uniform pod tree (peer links, uneven
wiring), an exact max-flow on the member-level network is used instead.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np

from model.metrics.endpoints import Endpoints
from model.metrics.flows import MemberNetwork
from model.metrics.pods import PodTree
from model.metrics.results import PairCapacity
from model.metrics.topology import IntArray, Topology

INF = float("inf")


class TreeCuts:
    """Minimum cuts between groups of units on a pod tree."""

    def __init__(self, tree: PodTree, group_of_unit: IntArray):
        self.tree = tree
        n = tree.size
        self.parent = tree.parent
        self.group = np.full(n, -2, dtype=np.int64)
        self.iso = np.zeros(n)
        units = tree.unit_size.size
        self.group[:units] = group_of_unit
        self.iso[:units] = INF
        owner = np.repeat(np.arange(n, dtype=np.int64), np.diff(tree.child_ptr))
        kids = tree.child_idx
        for lv in range(1, int(tree.level.max()) + 1 if n else 1):
            at = tree.level[owner] == lv
            o, c = owner[at], kids[at]
            lo = np.full(n, np.iinfo(np.int64).max, dtype=np.int64)
            hi = np.full(n, np.iinfo(np.int64).min, dtype=np.int64)
            np.minimum.at(lo, o, self.group[c])
            np.maximum.at(hi, o, self.group[c])
            idx = np.flatnonzero(tree.level == lv)
            self.group[idx] = np.where(lo[idx] == hi[idx], lo[idx], -1)
            cost = np.minimum(self.iso[c], tree.up[c])
            self.iso[idx] = np.bincount(o, weights=cost, minlength=n)[idx]
        parent_group = np.where(self.parent >= 0, self.group[np.maximum(self.parent, 0)], -3)
        top = (self.group >= 0) & ((self.parent < 0) | (parent_group != self.group))
        self.tops: dict[int, list[int]] = {}
        for node in np.flatnonzero(top).tolist():
            self.tops.setdefault(int(self.group[node]), []).append(node)

    def between(self, x: int, y: int) -> float:
        """Minimum cut separating group x's units from group y's."""
        tree = self.tree
        marked: dict[int, tuple[float, float]] = {}
        for t in self.tops.get(x, []):
            marked[t] = (0.0, self.iso[t])
        for t in self.tops.get(y, []):
            marked[t] = (self.iso[t], 0.0)
        # ancestors of marked tops, deepest first (children have smaller indices)
        path: set[int] = set()
        for t in list(marked):
            p = int(self.parent[t])
            while p >= 0 and p not in path:
                path.add(p)
                p = int(self.parent[p])
        value: dict[int, tuple[float, float]] = dict(marked)
        for v in sorted(path):
            cx = cy = 0.0
            for c in tree.children(v).tolist():
                if c not in value:
                    continue
                ax, ay = value[c]
                up = float(tree.up[c])
                cx += min(ax, ay + up)
                cy += min(ay, ax + up)
            value[v] = (cx, cy)
        total = 0.0
        for root in self.tree.roots:
            if root in value:
                total += min(value[root])
        return total


def pair_capacities(topo: Topology, ep: Endpoints, tree: PodTree | None,
                    unit_of_acc: IntArray) -> tuple[list[PairCapacity], list[PairCapacity]]:
    """Capacities between all island pairs and all building pairs (Gb/s)."""
    results = []
    network: MemberNetwork | None = None
    for keys, names in ((ep.island, ep.island_names), (ep.building, ep.building_names)):
        present = sorted(set(keys.tolist()))
        pairs: list[PairCapacity] = []
        if len(present) >= 2:
            if tree is not None and tree.uniform:
                group_of_unit = np.full(tree.unit_size.size, -1, dtype=np.int64)
                group_of_unit[unit_of_acc] = keys
                cuts = TreeCuts(tree, group_of_unit)
                for x, y in combinations(present, 2):
                    pairs.append(PairCapacity(names[x], names[y], float(cuts.between(x, y))))
            elif ep.count <= 200_000:
                network = network or MemberNetwork(topo, ep)
                for x, y in combinations(present, 2):
                    value, _ = network.cut(keys == x, keys == y)
                    pairs.append(PairCapacity(names[x], names[y], value))
        results.append(pairs)
    return results[0], results[1]
