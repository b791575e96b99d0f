"""The distinct (child, switch) groups of a pod level (``pod_levels._distinct``) are
``np.unique``'s, whether found by a table of every key or by sorting."""

from __future__ import annotations

import numpy as np
import pytest

from model.metrics.bisection.pod_levels import _distinct


@pytest.mark.parametrize(("keys", "bound"), [(50, 100), (5_000, 30_000), (20, 1 << 20),
                                             (82_944, 144 * 2_600), (0, 10)])
def test_distinct_keys_are_numpys(keys: int, bound: int) -> None:
    rng = np.random.default_rng(keys + bound)
    drawn = rng.integers(0, bound, keys).astype(np.int64)
    uniq, inv = _distinct(drawn, bound)
    expected, expected_inv = np.unique(drawn, return_inverse=True)
    assert uniq.tolist() == expected.tolist()
    assert inv.tolist() == expected_inv.reshape(-1).tolist()
    assert inv.dtype == np.int64
