"""The store of results kept across runs: least recently used entries go first once
their arrays exceed the byte budget; the entry just kept always stays."""

from __future__ import annotations

import numpy as np

from model.metrics.algorithms.remembered import Remembered


def test_oldest_unused_entries_go_when_over_budget() -> None:
    store: Remembered[str] = Remembered(budget=3 * 800)
    arrays = {k: np.zeros(100) for k in "abcd"}  # 800 bytes each
    for k in "abc":
        store.put(k, k.upper(), [arrays[k]])
    assert store.bytes == 2400 and len(store) == 3
    assert store.get("a") == "A"  # a is now the most recently used
    store.put("d", "D", [arrays["d"]])
    assert "b" not in store  # the least recently used went
    assert [k in store for k in "acd"] == [True, True, True]
    assert store.bytes == 2400


def test_a_large_entry_stays_alone_and_replacing_recounts() -> None:
    store: Remembered[int] = Remembered(budget=1000)
    store.put("x", 1, [np.zeros(10)])
    store.put("big", 2, [np.zeros(1000), "not an array"])
    assert len(store) == 1 and store.get("big") == 2 and store.bytes == 8000
    store.put("big", 3, [np.zeros(5)])
    assert store.bytes == 40 and store.get("big") == 3
    store.clear()
    assert len(store) == 0 and store.bytes == 0 and store.get("big") is None


def test_a_count_bound_keeps_the_most_recent() -> None:
    store: Remembered[int] = Remembered(budget=float("inf"), entries=2)
    for i, key in enumerate("abc"):
        store.put(key, i)
        if key == "b":
            assert store.get("a") == 0  # a becomes the most recently used
    assert len(store) == 2 and "b" not in store and store.get("a") == 0
