"""The all-pairs shortcut of :class:`model.metrics.pairs.TreeCuts` against its general
per-pair DP (bit for bit) and against independent counts: hand counts on a tiny pod
tree, an exact max-flow on random trees, and the fat-tree closed form."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import fields
from itertools import combinations
from typing import Any

import networkx as nx
import numpy as np
import pytest

import model.metrics.network as network_stage
from model import metrics
from model.design import Design
from model.metrics.bisection.pods import PodTree
from model.metrics.pairs import TreeCuts
from model.templates import TEMPLATES


def shrunk_last_island(design: Design) -> Design:
    """The last island one rail block smaller (its last rack group 32 servers and its
    leaf tier 8 switches fewer), as the benchmark's asymmetric campus."""
    last = list(design.rack_groups.values())[-1]
    rack_type = design.catalog.rack_type(last.rack_type)
    assert rack_type is not None
    leaf = next(t for t in design.tiers.values()
                if t.island == last.island and t.role.value == "leaf")
    design.update(last.id, count=last.count - 32 // rack_type.servers_per_rack)
    design.update(leaf.id, count=leaf.count - 8)
    return design


DESIGNS: dict[str, Callable[[], Design]] = {
    "islands 8 in 4 buildings": lambda: TEMPLATES["islands"].build(
        islands=8, gpus_per_island=512, buildings=4),
    "islands 6 in 2 buildings": lambda: TEMPLATES["islands"].build(
        islands=6, gpus_per_island=1024, buildings=2),
    "islands asymmetric": lambda: shrunk_last_island(TEMPLATES["islands"].build(
        islands=6, gpus_per_island=1024, buildings=3)),
    "superpod": lambda: TEMPLATES["superpod"].build(sus=4),
    "fat-tree": lambda: TEMPLATES["fat-tree"].build(k=8),
}


@pytest.fixture
def captured(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, Any]]:
    """The arguments ``compute_all`` passes to ``pair_capacities``."""
    seen: dict[str, Any] = {}
    real = network_stage.pair_capacities

    def spy(*args: Any) -> Any:
        seen["args"] = args
        return real(*args)

    monkeypatch.setattr(network_stage, "pair_capacities", spy)
    # a fresh default engine: one that remembered the figures would not compute them
    monkeypatch.setattr(metrics, "default_engine", metrics.Engine())
    yield seen


def counting(cuts: TreeCuts) -> list[int]:
    """Count the calls ``cuts`` makes to its general ``between``."""
    calls = [0]
    general = cuts.between

    def counted(x: int, y: int) -> float:
        calls[0] += 1
        return general(x, y)

    cuts.between = counted  # type: ignore[method-assign]
    return calls


@pytest.mark.parametrize("name", list(DESIGNS))
def test_all_pairs_equals_the_general_dp_on_templates(
        name: str, captured: dict[str, Any]) -> None:
    metrics.compute_all(DESIGNS[name]())
    _, ep, tree, _ = captured["args"]
    assert tree is not None and tree.uniform
    checked = 0
    for keys in (ep.island, ep.building):
        group_of_unit = np.full(tree.units, -1, dtype=np.int64)
        group_of_unit[tree.unit_of_acc] = keys
        present = sorted(set(keys.tolist()))
        cuts = TreeCuts(tree, group_of_unit)
        expected = [float(cuts.between(x, y)) for x, y in combinations(present, 2)]
        calls = counting(cuts)
        assert cuts.all_pairs(present).tolist() == expected  # bit for bit
        assert calls[0] == 0, "every pair of a template takes the shortcut"
        checked += len(expected)
    assert checked > 0


def test_fat_tree_pod_pairs_equal_the_closed_form() -> None:
    # k-ary fat-tree (REFERENCE R1): a pod reaches the cores over (k/2)² links of r
    k, speed = 8, 10
    result = metrics.compute_all(TEMPLATES["fat-tree"].build(k=k, speed_gbps=speed))
    assert len(result.island_pairs) == k * (k - 1) // 2
    assert {p.gbps for p in result.island_pairs} == {(k // 2) ** 2 * speed}


def hand_tree(parent: list[int], level: list[int], up: list[float], units: int) -> PodTree:
    """A pod tree from parent links (children in index order); fields the cuts do not
    read are left empty."""
    n = len(parent)
    par = np.asarray(parent, dtype=np.int64)
    owner = [p for p in parent if p >= 0]
    child = [c for c, p in enumerate(parent) if p >= 0]
    order = np.argsort(owner, kind="stable")
    values: dict[str, Any] = {f.name: np.zeros(0, dtype=np.int64) for f in fields(PodTree)}
    values.update(
        roots=[v for v in range(n) if parent[v] < 0], uniform=True,
        unit_size=np.ones(units, dtype=np.int64), parent=par,
        level=np.asarray(level, dtype=np.int64), up=np.asarray(up, dtype=float),
        child_ptr=np.r_[0, np.cumsum(np.bincount(owner, minlength=n))].astype(np.int64),
        child_idx=np.asarray(child, dtype=np.int64)[order])
    return PodTree(**values)


def test_hand_counted_cuts() -> None:
    # units 0-7; pods 8 (units 0, 1), 9 (2, 3), 10 (4, 5), 11 (6, 7); root 12 over them
    parent = [8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 12, 12, -1]
    level = [0] * 8 + [1] * 4 + [2]
    up = [100, 100, 100, 100, 10, 20, 40, 15, 50, 30, 5, 100, 0]
    tree = hand_tree(parent, level, up, units=8)
    cuts = TreeCuts(tree, np.array([0, 1, 2, 2, 3, 4, 3, 4]))
    calls = counting(cuts)
    values = dict(zip(combinations(range(5), 2), cuts.all_pairs(list(range(5))).tolist(),
                      strict=True))
    assert values[0, 1] == 100  # inside pod 8: either unit's link
    assert values[0, 2] == 30  # pod 9's uplink, below pod 8's 50
    assert values[0, 3] == 45  # pod 10's uplink 5 and unit 6's 40, below pod 8's 50
    # 3 and 4 share pods 10 and 11: unit 4 (10) and unit 7 (15) off their pods, pod 10
    # off the root (5); the other choices cost 10+40, 20+15 or 10+15+100
    assert values[3, 4] == 30
    assert calls[0] == 1, "only the pair meeting in two pods needs the general DP"


def test_groups_under_two_roots_have_no_cut() -> None:
    # units 0, 1 under pod 3; unit 2 is a root of its own
    tree = hand_tree([3, 3, -1, -1], [0, 0, 0, 1], [7.0, 9.0, 0.0, 0.0], units=3)
    cuts = TreeCuts(tree, np.array([0, 1, 2]))
    assert cuts.all_pairs([0, 1, 2]).tolist() == [7.0, 0.0, 0.0]
    assert cuts.between(0, 2) == 0.0


def random_tree(rng: np.random.Generator) -> PodTree:
    """A random pod tree: units, then pods level by level, each taking a few parentless
    nodes of lower levels (children in random order); leftovers become roots."""
    units = int(rng.integers(2, 30))
    parent: list[int] = [-1] * units
    level = [0] * units
    for lv in range(1, int(rng.integers(1, 5)) + 1):
        free = [v for v in range(len(parent)) if parent[v] < 0]
        rng.shuffle(free)
        while len(free) > 1 and rng.random() < 0.8:
            size = int(rng.integers(1, 5))
            take, free = free[:size], free[size:]
            node = len(parent)
            parent.append(-1)
            level.append(lv)
            for c in take:
                parent[c] = node
    up = rng.uniform(0.1, 10.0, len(parent))  # sums of these depend on their order
    if rng.random() < 0.3:
        up = up.round(int(rng.integers(0, 3)))  # ties
    tree = hand_tree(parent, level, up.tolist(), units)
    for v in range(tree.size):  # shuffle each pod's child order
        kids = tree.child_idx[tree.child_ptr[v]:tree.child_ptr[v + 1]]
        rng.shuffle(kids)
    return tree


def max_flow_cut(tree: PodTree, group: np.ndarray, x: int, y: int) -> float:
    """Minimum cut between the units of groups x and y, by max-flow on the tree."""
    graph = nx.DiGraph()
    for v in range(tree.size):
        p = int(tree.parent[v])
        if p >= 0:
            graph.add_edge(v, p, capacity=float(tree.up[v]))
            graph.add_edge(p, v, capacity=float(tree.up[v]))
    for u in range(tree.units):
        if group[u] == x:
            graph.add_edge("s", u)
        elif group[u] == y:
            graph.add_edge(u, "t")
    if "s" not in graph or "t" not in graph:
        return 0.0
    return float(nx.minimum_cut_value(graph, "s", "t"))


def test_random_trees_against_max_flow_and_the_general_dp() -> None:
    rng = np.random.default_rng(7)
    fast = general = 0
    for _ in range(150):
        tree = random_tree(rng)
        # each unit takes the colour of the node one or two above it, so most groups
        # are whole subtrees; then a few units change group or join none (-1)
        colour = rng.integers(0, int(rng.integers(2, 16)), tree.size)
        steps = int(rng.integers(1, 3))
        group = np.array([colour[above(tree, u, steps)] for u in range(tree.units)])
        moved = rng.random(tree.units) < 0.1
        group[moved] = rng.integers(-1, colour.max() + 1, int(moved.sum()))
        cuts = TreeCuts(tree, group)
        assert cuts.tops == brute_force_tops(tree, group)
        present = sorted({int(g) for g in group if g >= 0})
        expected = [float(cuts.between(x, y)) for x, y in combinations(present, 2)]
        calls = counting(cuts)
        assert cuts.all_pairs(present).tolist() == expected  # bit for bit
        general += calls[0]
        fast += len(expected) - calls[0]
        for (x, y), value in zip(combinations(present, 2), expected, strict=True):
            assert value == pytest.approx(max_flow_cut(tree, group, x, y), rel=1e-9)
    assert fast > 300 and general > 300, "both the shortcut and the general DP ran"


def above(tree: PodTree, node: int, steps: int) -> int:
    """The node ``steps`` above ``node`` (or its root, if nearer)."""
    for _ in range(steps):
        if tree.parent[node] >= 0:
            node = int(tree.parent[node])
    return node


def brute_force_tops(tree: PodTree, group: np.ndarray) -> dict[int, list[int]]:
    """The highest nodes whose units all belong to one group, by group, ascending."""
    below: list[set[int]] = [set() for _ in range(tree.size)]
    for u in range(tree.units):
        node = u
        below[node].add(int(group[u]))
        while tree.parent[node] >= 0:
            node = int(tree.parent[node])
            below[node].add(int(group[u]))
    tops: dict[int, list[int]] = {}
    for v in range(tree.size):
        (only,) = below[v] if len(below[v]) == 1 else (-1,)
        p = int(tree.parent[v])
        if only >= 0 and (p < 0 or below[p] != {only}):
            tops.setdefault(only, []).append(v)
    return tops


@pytest.mark.parametrize("name", ["islands asymmetric", "superpod"])
def test_kept_pair_values_after_count_edits_equal_the_general_dp(
        name: str, captured: dict[str, Any]) -> None:
    """Count edits on a warm engine (the pair values of unchanged rows kept,
    ``Memory.pair_rows``): every island and building pair it reports is the per-pair
    DP's value on that run's tree, bit for bit."""
    design = DESIGNS[name]()
    groups = list(design.rack_groups.values())
    edits = [(groups[0].id, groups[0].count - 1), (groups[-1].id, groups[-1].count - 1),
             (groups[0].id, groups[0].count), (groups[1].id, groups[1].count - 2)]
    metrics.compute_all(design)
    for group, count in edits:
        design.update(group, count=count)
        got = metrics.compute_all(design)
        _, ep, tree, _ = captured["args"]
        assert tree is not None and tree.uniform
        for keys, names, reported in ((ep.island, ep.island_names, got.island_pairs),
                                      (ep.building, ep.building_names, got.building_pairs)):
            group_of_unit = np.full(tree.units, -1, dtype=np.int64)
            group_of_unit[tree.unit_of_acc] = keys
            present = sorted(set(keys.tolist()))
            cuts = TreeCuts(tree, group_of_unit)
            expected = [(names[x], names[y], float(cuts.between(x, y)))
                        for x, y in combinations(present, 2)]
            assert [(p.a, p.b, p.gbps) for p in reported] == expected, (group, count)
