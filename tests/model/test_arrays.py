"""The engine's array helpers against plain Python."""

from __future__ import annotations

import threading
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import model.metrics as engine
from model.metrics.arrays import dense, distinct
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


def test_hops_on_the_second_thread_agree_with_closed_forms(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Large designs count hops beside the bisection; lowered threshold, a k = 16
    fat-tree (1,024 hosts) must still give its closed-form histogram and bisection."""
    seen: list[str] = []
    real = engine.compute_hops

    def spy(*args: Any, **kwargs: Any) -> Any:
        seen.append(threading.current_thread().name)
        return real(*args, **kwargs)

    monkeypatch.setattr(engine, "compute_hops", spy)
    monkeypatch.setattr(engine, "_BESIDE_FROM", 1_000)
    engine.clear_caches()
    small = engine.compute_all(TEMPLATES["fat-tree"].build(k=4, speed_gbps=25))
    big = engine.compute_all(TEMPLATES["fat-tree"].build(k=16, speed_gbps=25))
    engine.clear_caches()
    assert seen[0] == threading.current_thread().name
    assert seen[1].startswith("hops")
    assert small.hops.histogram == fat_tree_histogram(4)
    assert big.hops.histogram == fat_tree_histogram(16)
    assert big.bisection.gbps == pytest.approx(16**3 / 8 * 25)
