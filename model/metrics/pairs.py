"""Capacity between every pair of islands and every pair of buildings: the minimum cut
separating the accelerators of one from those of the other.

On a hierarchical network whose pods are uniform, the pod tree is a tree whose edges are
each node's uplinks (:mod:`model.metrics.bisection.pods`); the own switches of a pod act as one
node (uniform wiring lets any flow spread evenly over them). In a tree the minimum cut
separating leaf sets X and Y is found bottom-up: each node is joined either to X's side
or to Y's side, and a child on the other side from its parent costs the child's uplink.
A subtree holding only X's leaves costs ``iso`` (the cheapest way to cut all its leaves
off its top) when its top joins Y. A pod tree that is not uniform (islands that differ
in uplinks under one core, uneven wiring) is solved over the classes of its pods'
switches (:mod:`model.metrics.pair_classes`), while those are few. Without a pod tree
(peer links), an exact max-flow on the member-level network is used instead, one per
pair of classes of interchangeable islands (:mod:`model.metrics.representation.interchangeable`):
islands that a permutation exchanges by an automorphism have equal capacities.

Run pair by pair that DP costs a Python walk per pair (3,696 pairs on a 1M-accelerator
campus); :meth:`TreeCuts.all_pairs` instead finds, for all groups at once, the chain of
nodes above each group's tops, and answers each pair where two chains merge once with
one ``min`` — bit for bit what the DP gives — leaving only pairs whose groups meet in
several subtrees to the DP.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import combinations
from typing import NamedTuple

import numpy as np

from model.metrics.algorithms.arrays import distinct
from model.metrics.bisection.dragonfly_cut import dragonfly_separations
from model.metrics.bisection.flows import MemberNetwork
from model.metrics.bisection.pod_classes import pod_classes
from model.metrics.bisection.pods import PodTree
from model.metrics.memory import remembered
from model.metrics.pair_classes import class_pair_cuts
from model.metrics.representation.dragonfly_shape import DragonflyShape, dragonfly_shape
from model.metrics.representation.endpoints import Endpoints
from model.metrics.representation.interchangeable import island_classes
from model.metrics.representation.topology import IntArray, Topology
from model.metrics.results import PairCapacity

INF = float("inf")


class _Step(NamedTuple):
    """One level's pods that have children: ``kids`` are their children in child order,
    ``seg`` where each pod's begin, ``slot`` each child's pod (an index into ``pods``)
    and ``starts`` is True at each pod's first child."""

    pods: IntArray
    kids: IntArray
    seg: IntArray
    slot: IntArray
    starts: np.ndarray


@dataclass
class TreeLevels:
    """What every grouping of one pod tree shares, computed once.

    ``steps`` holds one :class:`_Step` per level ≥ 1, from the bottom. ``iso`` is the
    cheapest cut of all units below a node off its top (Gb/s; infinite at a unit).
    ``pos`` orders siblings: a child's index among the tree's child entries."""

    steps: list[_Step]
    iso: np.ndarray
    pos: IntArray

    @classmethod
    def of(cls, tree: PodTree) -> TreeLevels:
        """The levels of ``tree``."""
        fan = np.diff(tree.child_ptr)
        pods = np.flatnonzero(fan > 0)
        pods = pods[np.argsort(tree.level[pods], kind="stable")]  # already so, in a PodTree
        sizes = fan[pods]
        seg = np.cumsum(sizes) - sizes
        entry = np.repeat(tree.child_ptr[pods] - seg, sizes) + np.arange(int(sizes.sum()))
        kids, slot = tree.child_idx[entry], np.repeat(np.arange(pods.size), sizes)
        starts = np.zeros(kids.size, dtype=bool)
        starts[seg] = True
        iso = np.zeros(tree.size)
        iso[:tree.units] = INF
        steps = []
        bounds = np.searchsorted(tree.level[pods], np.arange(1, int(tree.level.max(initial=0)) + 2))
        for p0, p1 in zip(bounds[:-1].tolist(), bounds[1:].tolist(), strict=True):
            if p0 == p1:
                continue
            e0, e1 = int(seg[p0]), int(seg[p1 - 1] + sizes[p1 - 1])
            step = _Step(pods[p0:p1], kids[e0:e1], seg[p0:p1] - e0, slot[e0:e1] - p0,
                         starts[e0:e1])
            steps.append(step)
            # bincount adds each pod's children in child order, as between() does
            cost = np.minimum(iso[step.kids], tree.up[step.kids])
            iso[step.pods] = np.bincount(step.slot, weights=cost, minlength=p1 - p0)
        pos = np.zeros(tree.size, dtype=np.int64)
        pos[tree.child_idx] = np.arange(tree.child_idx.size)
        return cls(steps, iso, pos)


@dataclass
class _Chains:
    """Where each group's tops meet, as rows indexed by group.

    The *anchor* of a group is the lowest node above all its tops (the top itself when
    there is one). ``node[g, d]`` is the anchor's ancestor at depth ``d`` (0 = root,
    ``depth[g]`` = the anchor, -1 past it) and ``cost[g, d]`` the cheapest cut of the
    group's tops off that node (``iso`` at a lone top). ``depth[g]`` is -1 when the tops
    lie under several roots (or there are none). ``common[x, y]`` counts the nodes above
    tops of both x and y."""

    node: IntArray
    cost: np.ndarray
    depth: IntArray
    common: np.ndarray


class TreeCuts:
    """Minimum cuts between groups of units on a pod tree."""

    def __init__(self, tree: PodTree, group_of_unit: IntArray,
                 levels: TreeLevels | None = None):
        self.tree = tree
        self.levels = levels or TreeLevels.of(tree)
        self.parent = tree.parent
        self.iso = self.levels.iso
        # a pod's group is its children's when they agree, else -1; the tops are the
        # grouped children of pods that are not, and grouped parentless nodes
        self.group = np.full(tree.size, -1, dtype=np.int64)
        self.group[:tree.units] = group_of_unit
        found = [np.flatnonzero(self.parent < 0)]
        for step in self.levels.steps:
            kid_group = self.group[step.kids]
            change = np.flatnonzero(kid_group[1:] != kid_group[:-1]) + 1
            mixed = step.slot[change[~step.starts[change]]]
            pod_group = kid_group[step.seg]
            pod_group[mixed] = -1
            self.group[step.pods] = pod_group
            if mixed.size:
                split = np.zeros(step.pods.size, dtype=bool)
                split[mixed] = True
                found.append(step.kids[split[step.slot]])
        candidates = np.concatenate(found)
        self.top_nodes = distinct(candidates[self.group[candidates] >= 0])

    @cached_property
    def tops(self) -> dict[int, list[int]]:
        """The top nodes of each group: the highest nodes whose units all belong to it."""
        tops: dict[int, list[int]] = {}
        for node in self.top_nodes.tolist():
            tops.setdefault(int(self.group[node]), []).append(node)
        return tops

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

    def all_pairs(self, groups: list[int]) -> np.ndarray:
        """``between(x, y)`` for every pair of ``groups`` (in ``combinations`` order).

        When the nodes above tops of both x and y are just L and its ancestors (the usual
        case), every child of L holds one of the groups only and every ancestor of L one
        child with tops, so ``between`` reduces to ``min(cost_x(L), cost_y(L))``: L on
        x's side costs cutting y's tops off L, and the chain above L only carries the
        smaller value up. Other pairs (a child of L holds both, or a group's tops lie
        under several roots) are left to ``between``."""
        if len(groups) < 2:
            return np.zeros(0)
        ch = self._chains(max(*groups, int(self.group.max(initial=-1))) + 1)
        ids = np.asarray(groups, dtype=np.int64)
        i, j = np.triu_indices(ids.size, 1)
        rows = _Rows(ch.node[ids], ch.cost[ids], ch.depth[ids], ch.common[np.ix_(ids, ids)])
        # a pair's value is a function of its two groups' rows and what they have in
        # common (but where it is left to between()): pairs whose rows are those of the
        # engine's last run keep its values (an edit of one island changes its rows)
        store = remembered().pair_rows
        kept = store.get(ids.tobytes())
        redo: IntArray | None = None
        if kept is not None and kept[0].alike(rows):
            same = kept[0].same_rows(rows)
            redo = np.flatnonzero(~(same[i] & same[j]
                                    & (kept[0].common == rows.common)[i, j]))
            out = kept[1].copy()
        pick = (i, j) if redo is None else (i[redo], j[redo])
        a, b = ids[pick[0]], ids[pick[1]]
        meet = ((ch.node[a] == ch.node[b]) & (ch.node[a] >= 0)).sum(axis=1) - 1
        at = np.maximum(meet, 0)
        values = np.where(meet >= 0, np.minimum(ch.cost[a, at], ch.cost[b, at]), 0.0)
        general = np.flatnonzero(
            (ch.depth[a] < 0) | (ch.depth[b] < 0) | (ch.common[a, b] != meet + 1))
        for k in general.tolist():
            values[k] = float(self.between(int(a[k]), int(b[k])))
        if redo is None:
            out = values
        else:
            assert kept is not None
            out[redo] = values
            # the kept pairs left to between() (so, by their same rows, before too) are
            # answered anew: between() reads the whole tree
            again = kept[2][~np.isin(kept[2], redo)]
            for k in again.tolist():
                out[k] = float(self.between(int(ids[i[k]]), int(ids[j[k]])))
            general = np.union1d(redo[general], again)
        store.put(ids.tobytes(), (rows, out, general), [*rows, out, general])
        return out.copy()  # the kept values stay as they are

    def _chains(self, groups: int) -> _Chains:
        """Each group's anchor chain, from the single-group cuts of every node above its
        tops, computed for all groups at once, parent level by parent level. An entry is
        (node, group, cost, tops under it); a parent's cost is the sum, in child order
        like ``between``, of min(child cost, child uplink)."""
        tree, parent, pos = self.tree, self.parent, self.levels.pos
        node, grp = self.top_nodes, self.group[self.top_nodes]
        cost, count = self.iso[node], np.ones(node.size, dtype=np.int64)
        for lv in range(1, int(tree.level.max()) + 1 if tree.size else 1):
            up = parent[node]  # every entry is summed once: at its parent's level
            sel = np.flatnonzero((up >= 0) & (tree.level[np.maximum(up, 0)] == lv))
            if not sel.size:
                continue
            order = sel[np.lexsort((pos[node[sel]], grp[sel], up[sel]))]
            p, g = up[order], grp[order]
            first = np.r_[True, (p[1:] != p[:-1]) | (g[1:] != g[:-1])]
            starts = np.flatnonzero(first)
            sums = np.bincount(np.cumsum(first) - 1,
                               weights=np.minimum(cost[order], tree.up[node[order]]))
            node, grp = np.r_[node, p[starts]], np.r_[grp, g[starts]]
            cost = np.r_[cost, sums]
            count = np.r_[count, np.add.reduceat(count[order], starts)]
        # the chain: nodes above all of a group's tops, root first
        full = count == np.bincount(self.group[self.top_nodes], minlength=groups)[grp]
        order = np.lexsort((-node[full], grp[full]))
        cn, cg = node[full][order], grp[full][order]
        depth = np.arange(cn.size) - np.searchsorted(cg, cg)
        width = int(depth.max()) + 1 if depth.size else 1
        chain_node = np.full((groups, width), -1, dtype=np.int64)
        chain_cost = np.zeros((groups, width))
        chain_node[cg, depth] = cn
        chain_cost[cg, depth] = cost[full][order]
        # nodes shared by several groups, as a group × node incidence (counts are exact)
        _, which, shared = np.unique(node, return_inverse=True, return_counts=True)
        held = shared[which] > 1
        _, column = np.unique(node[held], return_inverse=True)
        incidence = np.zeros((groups, int(column.max(initial=-1)) + 1))
        incidence[grp[held], column] = 1.0
        return _Chains(chain_node, chain_cost, np.bincount(cg, minlength=groups) - 1,
                       incidence @ incidence.T)


class _Rows(NamedTuple):
    """The rows of :class:`_Chains` of some groups (in their order), and what each two
    have in common: all a pair's value depends on, but where it is left to
    :meth:`TreeCuts.between`."""

    node: IntArray
    cost: np.ndarray
    depth: IntArray
    common: np.ndarray

    def alike(self, other: _Rows) -> bool:
        """Whether ``other`` has rows of the same shapes (the same groups, chains as
        long)."""
        return (self.node.shape == other.node.shape
                and self.common.shape == other.common.shape)

    def same_rows(self, other: _Rows) -> np.ndarray:
        """Per group: whether its row here equals its row in ``other`` (of alike
        shapes)."""
        same: np.ndarray = ((self.node == other.node).all(axis=1)
                            & (self.cost == other.cost).all(axis=1)
                            & (self.depth == other.depth))
        return same


def _present(group: IntArray, groups: int) -> list[int]:
    """The groups (of ``groups``) that occur in ``group`` (-1: none), ascending."""
    return np.flatnonzero(np.bincount(group[group >= 0], minlength=groups)).tolist()


def _present_at(ep: Endpoints, level: str, groups: int) -> list[int]:
    """:func:`_present` of the accelerators' islands or buildings (``level``), read from
    the rack groups' spans when the endpoints make their places from them."""
    if level in ep.given:
        return _present(ep.island if level == "island" else ep.building, groups)
    return sorted({getattr(span, level) for span in ep.spans
                   if span.stop > span.start and getattr(span, level) >= 0})


def by_classes(tree: PodTree | None, ep: Endpoints) -> bool:
    """Whether pair capacities come from the DP over classes of switches
    (:mod:`model.metrics.pair_classes`): a pod tree that is not uniform but whose pods
    have few classes."""
    return (tree is not None and not tree.uniform and ep.count > 0
            and pod_classes(tree) is not None)


def _dragonfly_pairs(shape: DragonflyShape, ep: Endpoints, level: str, names: list[str]
                     ) -> list[PairCapacity] | None:
    """The pair capacities of a Dragonfly+ (:func:`~model.metrics.bisection.dragonfly_cut.
    dragonfly_separations`): islands are its groups, one value per pair of classes of
    groups (a permutation within classes keeps every speed, so it is an automorphism);
    a building is the set of its groups. None when the groups have too many choices."""
    present = _present_at(ep, level, len(names))
    if len(present) < 2:
        return []
    if level == "island":
        label = shape.classes
        if label is None:
            label = np.arange(shape.groups, dtype=np.int64)
        of = label.tolist()
        key = {(x, y): (min(of[x], of[y]), max(of[x], of[y]), int(of[x] == of[y]))
               for x, y in combinations(present, 2)}
        first = {k: xy for xy, k in reversed(key.items())}
        values = dragonfly_separations(shape, [([x], [y]) for x, y in first.values()])
        if values is None:
            return None
        by_key = dict(zip(first, values, strict=True))
        return pair_records(names, present, [by_key[k] for k in key.values()])
    building_of = np.full(shape.groups, -1, dtype=np.int64)
    building_of[ep.island] = ep.building
    groups = {b: np.flatnonzero(building_of == b).tolist() for b in present}
    values = dragonfly_separations(shape, [(groups[x], groups[y])
                                           for x, y in combinations(present, 2)])
    if values is None:
        return None
    return [PairCapacity(names[x], names[y], value)
            for (x, y), value in zip(combinations(present, 2), values, strict=True)]


def pair_records(names: Sequence[str], present: list[int],
                 values: Sequence[float] | np.ndarray) -> list[PairCapacity]:
    """A :class:`PairCapacity` for each pair of the ``present`` groups of ``names`` (in
    ``combinations`` order) with its value from ``values``. The records of the running
    engine's last list for the same groups are reused where the value is the same (a
    campus of 144 islands has 10,296 pairs, and an edit of one island changes at most
    the 143 pairs that hold it: making every record anew would cost more than the
    cuts)."""
    key = tuple(names[x] for x in present)
    new = np.asarray(values, dtype=np.float64)
    store = remembered().pair_records
    kept = store.get(key)
    if kept is not None and kept[0].shape == new.shape:
        old_values, old_pairs = kept
        pairs = list(old_pairs)
        changed = np.flatnonzero(~(old_values == new))
        if changed.size:
            # the (i, j) of each changed pair in combinations' order: row i starts at
            # i·n − i(i+1)/2
            n = len(present)
            rows = np.arange(n, dtype=np.int64)
            starts = rows * n - rows * (rows + 1) // 2
            first = np.searchsorted(starts, changed, side="right") - 1
            second = changed - starts[first] + first + 1
            at = [names[x] for x in present]
            for k, record in zip(changed.tolist(), PairCapacity.many(
                    map(at.__getitem__, first.tolist()), map(at.__getitem__, second.tolist()),
                    new[changed].tolist()), strict=True):
                pairs[k] = record
    else:
        first, second = np.triu_indices(len(present), 1)  # combinations' order
        at = [names[x] for x in present]
        pairs = PairCapacity.many(map(at.__getitem__, first.tolist()),
                                  map(at.__getitem__, second.tolist()), new.tolist())
    store.put(key, (new, pairs))
    return list(pairs)


def pair_capacities(topo: Topology, ep: Endpoints, tree: PodTree | None,
                    representative: IntArray | None = None
                    ) -> tuple[list[PairCapacity], list[PairCapacity]]:
    """Capacities between all island pairs and all building pairs (Gb/s);
    ``representative`` may give an accelerator of each unit."""
    results = []
    shape = None
    if tree is None and not topo.hierarchical:
        shape = dragonfly_shape(topo, ep)
        if shape is not None and not shape.alike:
            shape = None
    network: MemberNetwork | None = None
    levels: TreeLevels | None = None
    member: IntArray | None = representative
    for level, names in (("island", ep.island_names), ("building", ep.building_names)):
        pairs: list[PairCapacity] = []
        if tree is not None and tree.uniform and ep.count:
            if member is None:  # an accelerator of each unit (a unit is in one island)
                member = np.full(tree.units, -1, dtype=np.int64)
                member[tree.unit_of_acc] = np.arange(tree.unit_of_acc.size)
            group_of_unit = np.where(member >= 0, ep.group_of(level, np.maximum(member, 0)),
                                     -1)
            present = _present(group_of_unit, len(names))
            if len(present) >= 2:
                levels = levels or TreeLevels.of(tree)
                values = TreeCuts(tree, group_of_unit, levels).all_pairs(present)
                pairs = pair_records(names, present, values)
        elif by_classes(tree, ep):
            assert tree is not None
            classes = pod_classes(tree)
            assert classes is not None
            if member is None:
                member = np.full(tree.units, -1, dtype=np.int64)
                member[tree.unit_of_acc] = np.arange(tree.unit_of_acc.size)
            place = np.where(member >= 0, ep.group_of(level, np.maximum(member, 0)), -1)
            present = _present(place, len(names))
            pairs = pair_records(names, present,
                                 class_pair_cuts(tree, classes, place, present))
        elif shape is not None and (found := _dragonfly_pairs(shape, ep, level, names)
                                    ) is not None:
            pairs = found
        elif ep.count <= 200_000:
            keys = ep.island if level == "island" else ep.building
            present = _present(keys, len(names))
            if len(present) >= 2:
                network = network or MemberNetwork(topo, ep)
                cls = (island_classes(topo, ep) if level == "island"
                       else np.arange(len(names), dtype=np.int64))
                by_class: dict[tuple[int, int], float] = {}
                for x, y in combinations(present, 2):
                    key = (min(int(cls[x]), int(cls[y])), max(int(cls[x]), int(cls[y])))
                    value = by_class.get(key)
                    if value is None:
                        value, _ = network.cut(keys == x, keys == y, sides=False)
                        by_class[key] = value
                    pairs.append(PairCapacity(names[x], names[y], value))
        results.append(pairs)
    return results[0], results[1]
