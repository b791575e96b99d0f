"""Row-by-row min-plus convolution (the switch-sides DP's tables, one row per
assignment of sides) against a brute force in plain Python, by both of its ways
(shifted copies added to every row at once, and each row on its own)."""

from __future__ import annotations

from unittest.mock import patch

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from model.metrics import min_plus as mp
from tests.model.test_min_plus import brute, tables

INF = float("inf")


@pytest.mark.parametrize("piece_cost", [0, 10**12], ids=["row by row", "by shifts"])
@settings(max_examples=100, deadline=None)
@given(rows=st.lists(st.tuples(tables(), tables()), min_size=1, max_size=4),
       cut=st.integers(1, 120))
def test_min_plus_rows_matches_brute_force(piece_cost: int,
                                           rows: list[tuple[list[float], list[float]]],
                                           cut: int) -> None:
    width_a = max(len(a) for a, _ in rows)
    width_b = max(len(b) for _, b in rows)
    a = np.full((len(rows), width_a), INF)
    b = np.full((len(rows), width_b), INF)
    for i, (x, y) in enumerate(rows):
        a[i, :len(x)], b[i, :len(y)] = x, y
    limit = min(cut, width_a + width_b - 1)
    with patch.object(mp, "_PIECE_COST", piece_cost):
        out, _ = mp.min_plus_rows(a, b, limit)
    for i in range(len(rows)):
        expected = brute(a[i].tolist(), b[i].tolist(), limit)
        assert out[i].tolist() == expected
