"""The engine's array helpers against plain Python."""

from __future__ import annotations

import threading
from collections import Counter
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import model.metrics.network as network_stage
from model.metrics import Engine
from model.metrics.algorithms.arrays import counted, dense, distinct, ranked, stable_order
from model.metrics.bisection.pods import _reach
from model.metrics.representation.topology import TierNet
from model.metrics.representation.wiring import _spread
from model.templates import TEMPLATES
from tests.reference.builders import fat_tree_histogram


@given(st.lists(st.integers(min_value=-(2**40), max_value=2**40), max_size=300))
def test_distinct_is_the_sorted_set(values: list[int]) -> None:
    out = distinct(np.array(values, dtype=np.int64))
    assert out.tolist() == sorted(set(values))


@given(st.lists(st.tuples(st.integers(0, 9), st.integers(0, 9)), min_size=1, max_size=200))
def test_dense_numbers_combinations_in_sorted_order(pairs: list[tuple[int, int]]) -> None:
    a = np.array([p[0] for p in pairs], dtype=np.int64)
    b = np.array([p[1] for p in pairs], dtype=np.int64)
    rank = {pair: i for i, pair in enumerate(sorted(set(pairs)))}
    assert dense(a, b).tolist() == [rank[p] for p in pairs]


@given(st.lists(st.integers(min_value=-(2**40), max_value=2**40), max_size=300),
       st.booleans())
def test_counted_gives_each_distinct_value_and_how_often(values: list[int],
                                                         in_order: bool) -> None:
    """Both paths (values in order, counted where they change; others sorted) give
    the sorted distinct values and their counts."""
    if in_order:
        values = sorted(values)
    uniq, counts = counted(np.array(values, dtype=np.int64))
    expected = sorted(Counter(values).items())
    assert list(zip(uniq.tolist(), counts.tolist(), strict=True)) == expected


@given(st.lists(st.integers(min_value=0, max_value=2**40), max_size=300),
       st.booleans())
def test_ranked_is_unique_with_inverse(values: list[int], narrow: bool) -> None:
    """Both paths (a table of a narrow range, a sort of a wide one) give the sorted
    distinct values and each value's rank among them."""
    if narrow:
        values = [v % 50 + 7 for v in values]
    uniq, rank = ranked(np.array(values, dtype=np.int64))
    expected = sorted(set(values))
    assert uniq.tolist() == expected
    assert rank.tolist() == [expected.index(v) for v in values]


@given(st.lists(st.integers(min_value=0, max_value=2**20), max_size=300), st.booleans())
def test_stable_order_sorts_stably(values: list[int], small: bool) -> None:
    """16-bit ids (radix path) and wider ones both keep equal ids in their order."""
    if small:
        values = [v % 70_000 if v % 3 else v % 40 for v in values]
        values = [v for v in values if v < 1 << 16]
    order = stable_order(np.array(values, dtype=np.int64)).tolist()
    assert order == sorted(range(len(values)), key=lambda i: values[i])


def _components(nodes: list[tuple[str, int]], edges: list[tuple[tuple[str, int], tuple[str, int]]]
                ) -> set[frozenset[tuple[str, int]]]:
    parent = {node: node for node in nodes}

    def find(x: tuple[str, int]) -> tuple[str, int]:
        while parent[x] != x:
            x = parent[x]
        return x

    for a, b in edges:
        parent[find(a)] = find(b)
    groups: dict[tuple[str, int], set[tuple[str, int]]] = {}
    for node in nodes:
        groups.setdefault(find(node), set()).add(node)
    return {frozenset(g) for g in groups.values()}


@given(st.integers(1, 40), st.integers(1, 12), st.integers(1, 40))
def test_joining_edges_keep_every_connection(lower: int, links: int, upper: int) -> None:
    """A bundle from ``lower`` switches with ``links`` links each to ``upper`` switches
    joins switches exactly as its few joining edges do: the components of the bundle's
    real links (as the topology deals them) equal those of the joining edges."""
    low = TierNet(SimpleNamespace(count=lower, id="low"), None, "", None, 0, 1)  # type: ignore[arg-type]
    up = TierNet(SimpleNamespace(count=upper, id="up"), None, "", None, lower, 2)  # type: ignore[arg-type]
    bundle = SimpleNamespace(lower=low, upper=up, links=lower * links, links_per_member=links,
                             masked=False)
    j_lo, first, a, b = _reach(SimpleNamespace(bundles=[bundle]))[2]  # type: ignore[arg-type]
    nodes = [("s", k) for k in range(lower + upper)]
    lo, up_member = _spread(lower, links, upper)
    full = [(("s", int(j)), ("s", lower + int(u))) for j, u in zip(lo, up_member, strict=True)]
    few = [(("s", int(x)), ("s", int(y))) for x, y in zip(j_lo, first, strict=True)]
    few += [(("s", int(x)), ("s", int(y))) for x, y in zip(a, b, strict=True)]
    assert len(few) <= lower + upper
    assert _components(nodes, few) == _components(nodes, full)


def test_hops_on_the_second_thread_agree_with_closed_forms(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Large designs count hops beside the bisection; lowered threshold, a k = 16
    fat-tree (1,024 hosts) must still give its closed-form histogram and bisection."""
    seen: list[str] = []
    real = network_stage.compute_hops

    def spy(*args: Any, **kwargs: Any) -> Any:
        seen.append(threading.current_thread().name)
        return real(*args, **kwargs)

    monkeypatch.setattr(network_stage, "compute_hops", spy)
    monkeypatch.setattr(network_stage, "_BESIDE_FROM", 1_000)
    engine = Engine()
    small = engine.compute_all(TEMPLATES["fat-tree"].build(k=4, speed_gbps=25))
    big = engine.compute_all(TEMPLATES["fat-tree"].build(k=16, speed_gbps=25))
    assert seen[0] == threading.current_thread().name
    assert seen[1].startswith("hops")
    assert small.hops.histogram == fat_tree_histogram(4)
    assert big.hops.histogram == fat_tree_histogram(16)
    assert big.bisection.gbps == pytest.approx(16**3 / 8 * 25)
