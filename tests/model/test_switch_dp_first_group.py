"""A pod's first group of children in the switch-sides DP with a remainder is taken as
it is (``switch_dp_rows._first``) instead of convolved with the product of no group:
the tables, shapes included, must be the two convolutions' bit for bit."""

from __future__ import annotations

import numpy as np
import pytest

from model.metrics.algorithms.min_plus import min_plus_rows
from model.metrics.bisection.switch_dp_rows import _first, _padded

INF = float("inf")


def _table(rng: np.random.Generator, rows: int, width: int) -> np.ndarray:
    """A cost table as the DP makes them: finite on a lattice after some offset (or
    nowhere), values of either sign's rounding."""
    out = np.full((rows, width), INF)
    if width and rng.random() < 0.9:
        offset, stride = int(rng.integers(0, 3)), int(rng.integers(1, 4))
        out[:, offset::stride] = rng.random((rows, len(range(offset, width, stride)))) * 100
        out[rng.random(out.shape) < 0.1] = INF
    return out


@pytest.mark.parametrize("seed", range(40))
def test_first_group_equals_the_convolutions_with_nothing(seed: int) -> None:
    rng = np.random.default_rng(seed)
    rows = int(rng.integers(1, 5))
    g = _table(rng, rows, int(rng.integers(1, 30)))
    g1 = _table(rng, rows, int(rng.integers(0, 30)))
    limit = int(rng.integers(1, 40))
    zeros, empty = np.zeros((rows, 1)), np.full((rows, 0), INF)
    whole = min_plus_rows(zeros, g, limit)[0]
    split = _padded(min_plus_rows(empty, g, limit)[0], min_plus_rows(zeros, g1, limit)[0])
    got_whole, got_split = _first(g, g1, limit)
    assert got_whole.shape == whole.shape and got_split.shape == split.shape
    assert np.array_equal(got_whole, whole) and np.array_equal(got_split, split)
