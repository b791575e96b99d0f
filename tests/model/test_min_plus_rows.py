"""Row-by-row min-plus convolution (the switch-sides DP's tables, one row per
assignment of sides) against a brute force in plain Python, by both of its ways
(shifted copies added to every row at once, and each row on its own)."""

from __future__ import annotations

from unittest.mock import patch

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from model.metrics.algorithms import min_plus as mp
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


@st.composite
def lattice_tables(draw: st.DrawFn, rows: int) -> np.ndarray:
    """A row table finite only at counts o + j·d (whole units of one size, or a pruned
    table starting late), d = 0 for a single count, piecewise linear along the lattice,
    with a few lattice entries missing."""
    offset, stride = draw(st.integers(0, 5)), draw(st.sampled_from([0, 1, 2, 3, 8]))
    steps = 1 if stride == 0 else draw(st.integers(1, 12))
    out = np.full((rows, offset + max(stride, 1) * (steps - 1) + 1 + draw(st.integers(0, 3))),
                  INF)
    for r in range(rows):
        values = [float(draw(st.integers(0, 50)))]
        slope = draw(st.integers(-7, 7))
        for _ in range(steps - 1):
            if draw(st.integers(0, 3)) == 0:
                slope = draw(st.integers(-7, 7))
            values.append(values[-1] + slope)
        for spot in draw(st.lists(st.integers(0, steps - 1), max_size=1)):
            values[spot] = INF
        out[r, offset:offset + max(stride, 1) * steps:max(stride, 1)] = values
    return out


@pytest.mark.parametrize("piece_cost", [0, 20, 10**12],
                         ids=["by pieces", "cheapest", "by shifts"])
@settings(max_examples=150, deadline=None)
@given(data=st.data(), rows=st.integers(1, 3), cut=st.integers(1, 200))
def test_min_plus_rows_on_lattices_matches_brute_force(piece_cost: int, data: st.DataObject,
                                                       rows: int, cut: int) -> None:
    """Tables finite on lattices (read at their lattice points, or by residue) give
    what the plain convolution gives."""
    a = data.draw(lattice_tables(rows))
    b = data.draw(lattice_tables(rows))
    limit = min(cut, a.shape[1] + b.shape[1] - 1)
    with patch.object(mp, "_PIECE_COST", piece_cost):
        out, _ = mp.min_plus_rows(a, b, limit)
    for i in range(rows):
        assert out[i].tolist() == brute(a[i].tolist(), b[i].tolist(), limit)
