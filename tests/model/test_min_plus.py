"""Min-plus convolution against a brute force in plain Python: every split of every
count tried, on random piecewise-linear tables with gaps, by both ways of computing it
(piece by piece, and as shifted copies of one table)."""

from __future__ import annotations

from unittest.mock import patch

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from model.metrics.algorithms import min_plus as mp
from model.metrics.bisection.pod_dp import PodDP

INF = float("inf")


def brute(a: list[float], b: list[float], limit: int) -> list[float]:
    """c[k] = least a[k − i] + b[i] over every i, for k < limit."""
    out = [INF] * min(len(a) + len(b) - 1, limit)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            if i + j < len(out):
                out[i + j] = min(out[i + j], x + y)
    return out


@st.composite
def tables(draw: st.DrawFn) -> list[float]:
    """A piecewise-linear table: a start, then runs of equal whole-number slopes (few
    pieces, as the DP's tables have), with a few entries missing (INF)."""
    values = [float(draw(st.integers(0, 50)))]
    for _ in range(draw(st.integers(0, 5))):
        slope = draw(st.integers(-7, 7))
        for _ in range(draw(st.integers(1, 12))):
            values.append(values[-1] + slope)
    for spot in draw(st.lists(st.integers(0, len(values) - 1), max_size=2)):
        values[spot] = INF
    return values


@pytest.mark.parametrize("piece_cost", [0, 10**12], ids=["by pieces", "by shifts"])
@settings(max_examples=200, deadline=None)
@given(a=tables(), b=tables(), cut=st.integers(1, 200))
def test_min_plus_matches_brute_force(piece_cost: int, a: list[float], b: list[float],
                                      cut: int) -> None:
    limit = min(cut, len(a) + len(b) - 1)
    with patch.object(mp, "_PIECE_COST", piece_cost):
        out, arg, _ = mp.min_plus(np.array(a), np.array(b), limit)
    expected = brute(a, b, limit)
    assert out.tolist() == expected
    for k, value in enumerate(expected):
        if value < INF:
            # the split found for k is one that reaches the value
            assert a[k - arg[k]] + b[arg[k]] == value


@settings(max_examples=200, deadline=None)
@given(x=st.lists(st.sampled_from([INF, 0.0, 1.0, 2.0, 3.0, -1.0]), min_size=1,
                  max_size=40),
       w=st.one_of(st.integers(1, 9), st.integers(250, 300)), count=st.integers(1, 45))
def test_window_min_is_the_least_of_the_last_w(x: list[float], w: int, count: int) -> None:
    got = mp._window_min(np.array(x), w, count)
    for k in range(count):
        window = [x[s] for s in range(k - w + 1, k + 1) if 0 <= s < len(x)]
        assert got[k] == min(window, default=INF)


def test_budget_is_checked_before_the_work() -> None:
    a = np.arange(1000.0) % 7   # many pieces: no cheap way
    _, _, work = mp.min_plus(a, a)
    # cheapest as 1,000 shifted copies: more pieces than that would cost
    assert len(mp._pieces(a)) * mp._PIECE_COST * 2000 > 1000 * (1000 + mp._SHIFT_COST)
    assert work == 1000 * (1000 + mp._SHIFT_COST)

    def no_work(*args: object) -> None:
        raise AssertionError("the convolution ran")

    with (patch.object(mp, "_by_shifts", no_work), patch.object(mp, "_by_pieces", no_work),
          pytest.raises(mp.TooMuchWorkError)):
        mp.min_plus(a, a, budget=work - 1)
    out, _, _ = mp.min_plus(a, a, budget=work)  # exactly the budget is allowed
    assert out.size == 1999


@settings(max_examples=200, deadline=None)
@given(f=tables(), m=st.integers(2, 5))
def test_identical_children_fold_matches_brute_force(f: list[float], m: int) -> None:
    """The DP's fold of m identical children, which draws all but one of them from the
    table's breakpoints only, against trying every split; and its recorded choices
    rebuild a split of each count that costs the table's value."""
    dp = PodDP.__new__(PodDP)
    dp.r, dp.q, dp.limit, dp.work, dp.budget = 0, 10**6, 10**6, 0, 10**12
    table, _, how = dp._fold(np.array(f), np.full(0, INF), m)
    expected = [0.0]
    for _ in range(m):
        expected = brute(expected, f, 10**6)
    assert table.tolist() == expected
    steps = how[1]  # type: ignore[index]
    for k, value in enumerate(expected):
        if value == INF:
            continue
        counts, rest = [], k
        for arg, *_ in reversed(steps):
            counts.append(int(arg[rest]))
            rest -= int(arg[rest])
        counts.append(rest)
        assert sum(f[c] for c in counts) == value
