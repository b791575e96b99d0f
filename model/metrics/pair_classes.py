"""Capacity between every pair of places (islands, buildings) on a pod tree whose own
switches are not interchangeable, by a DP over the classes of each pod's switches
(:mod:`model.metrics.bisection.pod_classes`).

The minimum cut separating place x's accelerators (side A) from place y's (side B),
every other accelerator and every switch free: fix the free accelerators' sides of
some minimum cut; the switches are then placed by a minimum s–t cut, in which each
class of a pod's switches may stand whole (:mod:`model.metrics.representation.equitable`). With the
switches' sides fixed in turn, a free unit's cost is linear in how many of its
accelerators stand on A, so it may stand whole on one side. Hence the minimum is the
least, over an assignment of sides to every class, of the links crossing, with free
units on their cheaper side — which a DP over the tree finds exactly: for a node and
each assignment σ of its classes, the least crossing inside its subtree, with its
units all on A (V_A), all on B (V_B) or free (V_F); a child contributes
``min over τ of V_c[τ] + X_c(τ, σ)``, the links between its classes and its parent's
that the two assignments leave apart, counted at the pod above them as in
:mod:`model.metrics.bisection.pod_dp_switches`.

Those tables depend on a node's kind only, so they are made once per kind, and a
child's contribution on its kind and links to its parent (``placed``) only: both are
kept in the engine's memory (``Memory.pair_tables``) by those hashes, so after an edit
inside one island only that island's kinds are made again. A pair
then only recombines the nodes that hold units of x or y together with others (the
campus core's pod, a building's): each holds, per place, the difference its children
of that place make to its free table, so a pair costs a few vector sums.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np

from model.metrics.algorithms.remembered import Remembered
from model.metrics.bisection.pod_classes import PodClasses
from model.metrics.bisection.pods import PodTree
from model.metrics.memory import remembered
from model.metrics.representation.topology import IntArray

Array = np.ndarray
_NONE = -2
"""The place of a node with no accelerators: free in every pair."""


def _bits(count: int) -> Array:
    return ((np.arange(1 << count)[:, None] >> np.arange(count)) & 1).astype(np.float64)


class _Tables:
    """V_A, V_B and V_F of every kind, and the contributions of every placed kind;
    found in the engine's memory when an earlier run made them (module doc)."""

    def __init__(self, tree: PodTree, cl: PodClasses):
        self.tree, self.cl = tree, cl
        self.kinds: dict[int, tuple[Array, Array, Array]] = {}
        self.crossings: dict[int, Array] = {}
        self.given: dict[int, tuple[Array, Array, Array]] = {}
        self.kept = remembered().pair_tables

    def crossing(self, child: int) -> Array:
        """X of the module doc for ``child`` (its assignments × its parent's)."""
        key = int(self.cl.placed[child])
        found = self.crossings.get(key)
        if found is None:
            parent = int(self.tree.parent[child])
            own, above = int(self.cl.count[child]), int(self.cl.count[parent])
            linked = self.cl.links(child, own, above)
            sides = _bits(above)
            if child < self.tree.units:
                to_a = sides @ linked[0]
                found = np.stack([float(linked[0].sum()) - to_a, to_a])  # rows: on A, B
            else:
                taus = _bits(own)
                found = taus @ linked @ (1 - sides).T + (1 - taus) @ linked @ sides.T
            self.crossings[key] = found
        return found

    def through(self, child: int, table: Array) -> Array:
        """What ``child`` with assignment costs ``table`` adds to its parent, per
        assignment of the parent."""
        out: Array = np.min(table[:, None] + self.crossing(child), axis=0)
        return out

    def contribution(self, child: int) -> tuple[Array, Array, Array]:
        """``child``'s contribution to its parent with its units on A, on B, free."""
        key = int(self.cl.placed[child])
        found = self.given.get(key)
        if found is None:
            found = self.kept.get(("given", key))  # type: ignore[assignment]
        if found is None:
            if child < self.tree.units:
                x = self.crossing(child)
                found = (x[0], x[1], np.minimum(x[0], x[1]))
            else:
                a, b, f = self.vectors(child)
                found = (self.through(child, a), self.through(child, b),
                         self.through(child, f))
            _keep(self.kept, ("given", key), found)
        self.given[key] = found
        return found

    def vectors(self, node: int) -> tuple[Array, Array, Array]:
        """V_A, V_B and V_F of ``node``'s kind."""
        key = int(self.cl.kind[node])
        found = self.kinds.get(key)
        if found is None:
            found = self.kept.get(("kind", key))  # type: ignore[assignment]
        if found is None:
            rows = 1 << int(self.cl.count[node])
            out = [np.zeros(rows), np.zeros(rows), np.zeros(rows)]
            kids = self.tree.children(node)
            _, first, counts = np.unique(self.cl.placed[kids], return_index=True,
                                         return_counts=True)
            for child, m in zip(kids[first].tolist(), counts.tolist(), strict=True):
                for i, part in enumerate(self.contribution(child)):
                    out[i] = out[i] + m * part
            found = (out[0], out[1], out[2])
            _keep(self.kept, ("kind", key), found)
        self.kinds[key] = found
        return found


def _keep(store: Remembered[object], key: tuple[str, int],
          found: tuple[Array, Array, Array]) -> None:
    """Keep ``found`` in ``store``, its arrays read-only (shared with later runs)."""
    for array in found:
        array.flags.writeable = False
    store.put(key, found, found)


def node_places(tree: PodTree, place_of_unit: IntArray) -> IntArray:
    """:func:`_places`, kept in the engine's memory by what it depends on: the tree's
    structure (its nodes, levels and parents), each unit's place and which units hold
    accelerators."""
    if tree.structure is None:
        return _places(tree, place_of_unit)
    key = (tree.structure, place_of_unit.tobytes(), (tree.unit_size > 0).tobytes())
    store = remembered().pair_places
    found = store.get(key)
    if found is None:
        found = _places(tree, place_of_unit)
        found.flags.writeable = False  # shared with later runs
        store.put(key, found, [found])
    return found


def _places(tree: PodTree, place_of_unit: IntArray) -> IntArray:
    """The place of every node: its units' place when they share one (ignoring units
    without accelerators), -1 when they do not; bottom-up, a level at a time."""
    place = np.full(tree.size, _NONE, dtype=np.int64)
    place[:tree.units] = np.where((tree.unit_size > 0) & (place_of_unit >= 0),
                                  place_of_unit, _NONE)
    parent = tree.parent
    has_parent = parent >= 0
    parent_level = np.where(has_parent, tree.level[np.maximum(parent, 0)], 0)
    big = np.iinfo(np.int64).max
    for lv in range(1, int(tree.level.max()) + 1 if tree.size else 1):
        kids = np.flatnonzero(has_parent & (parent_level == lv))
        kids = kids[place[kids] != _NONE]
        pods = np.flatnonzero(tree.level == lv)
        lowest = np.full(tree.size, big, dtype=np.int64)
        highest = np.full(tree.size, -big, dtype=np.int64)
        np.minimum.at(lowest, parent[kids], place[kids])
        np.maximum.at(highest, parent[kids], place[kids])
        low, high = lowest[pods], highest[pods]
        place[pods] = np.where(low == big, _NONE, np.where((low == high) & (low >= 0), low, -1))
    return place


def class_pair_cuts(tree: PodTree, cl: PodClasses, place_of_unit: IntArray,
                    present: list[int]) -> list[float]:
    """The minimum cut between every pair of ``present`` places (in ``combinations``
    order), by the DP of the module doc."""
    # the tables depend on the tree and its classes only: shared by the island pairs
    # and the building pairs of one run
    tables = tree.derived.get("pair tables")
    if not isinstance(tables, _Tables) or tables.cl is not cl:
        tables = _Tables(tree, cl)
        tree.derived["pair tables"] = tables
    place = node_places(tree, place_of_unit)
    mixed = np.flatnonzero(place[tree.units:] == -1) + tree.units
    below: dict[int, set[int]] = {}
    base: dict[int, Array] = {}
    to_a: dict[int, dict[int, Array]] = {}
    to_b: dict[int, dict[int, Array]] = {}
    mixed_kids: dict[int, list[int]] = {}
    for node in mixed.tolist():  # children first
        _, _, free = tables.vectors(node)
        base[node] = free
        seen: set[int] = set()
        on_a: dict[int, Array] = {}
        on_b: dict[int, Array] = {}
        mixed_kids[node] = []
        # children of one place and one placed kind contribute alike: each such group
        # once, times its children (a core over 72 rail planes: 12 groups, not 72)
        alike: dict[tuple[int, int], list[int]] = {}
        kids = tree.children(node)
        for child, where, kind in zip(kids.tolist(), place[kids].tolist(),
                                      cl.placed[kids].tolist(), strict=True):
            if where == -1:
                seen |= below[child]
                mixed_kids[node].append(child)
            elif where != _NONE:
                alike.setdefault((where, kind), []).append(child)
        for (where, _), members in alike.items():
            seen.add(where)
            a, b, f = tables.contribution(members[0])
            m = len(members)
            on_a[where] = on_a.get(where, 0.0) + m * (a - f)
            on_b[where] = on_b.get(where, 0.0) + m * (b - f)
        below[node], to_a[node], to_b[node] = seen, on_a, on_b
    roots = [r for r in tree.roots if place[r] == -1]
    out = []
    for x, y in combinations(present, 2):
        value: dict[int, Array] = {}
        for node in mixed.tolist():
            if x not in below[node] and y not in below[node]:
                continue
            table = base[node] + to_a[node].get(x, 0.0) + to_b[node].get(y, 0.0)
            for child in mixed_kids[node]:
                if child in value:
                    table = table + (tables.through(child, value[child])
                                     - tables.contribution(child)[2])
            value[node] = table
        out.append(float(sum(float(value[r].min()) for r in roots if r in value)))
    return out
