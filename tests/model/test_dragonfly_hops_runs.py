"""E(keys) of the Dragonfly+ hop count (:mod:`model.metrics.dragonfly_hops`): counted by
runs when every key never decreases, by sorting otherwise, both against a count of the
pairs by hand (a Counter of the accelerators' key tuples)."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from model.metrics.dragonfly_hops import _Counted


def by_hand(keys: list[np.ndarray], n: int) -> int:
    """Unordered pairs of the ``n`` accelerators equal in every key, one by one."""
    seen = Counter(tuple(int(k[i]) for k in keys) for i in range(n))
    return sum(c * (c - 1) // 2 for c in seen.values())


@pytest.mark.parametrize("seed", range(6))
def test_pairs_equal_in_keys_match_a_count_by_hand(seed: int) -> None:
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 300))
    rising = [np.sort(rng.integers(0, m, n)) for m in (3, 17, n)]
    mixed = [rng.integers(0, 5, n), rising[1]]  # the first key goes down somewhere
    for keys in ([rising[0]], [rising[1]], rising[:2], rising, mixed, [mixed[0]]):
        assert _Counted(n)(keys) == by_hand(keys, n)


def test_one_accelerator_and_keys_no_two_share() -> None:
    assert _Counted(1)([np.zeros(1, dtype=np.int64)]) == 0
    alone = np.arange(50, dtype=np.int64)
    counted = _Counted(50)
    assert counted([alone]) == 0
    assert counted([alone, np.zeros(50, dtype=np.int64)]) == 0
