"""The DP's closed form for identical children that each hold one group of identical
concave grandchildren, against trying every split: for every number t of children
whose switches stay on their parent's side, every grandchild convolved one at a time."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from model.metrics.bisection.pod_dp import Costs, PodDP

INF = float("inf")


def fold(tables: list[list[float]]) -> list[float]:
    best = [0.0]
    for table in tables:
        new = [INF] * (len(best) + len(table) - 1)
        for i, a in enumerate(best):
            for j, b in enumerate(table):
                new[i + j] = min(new[i + j], a + b)
        best = new
    return best


@st.composite
def concave(draw: st.DrawFn, n: int) -> list[float]:
    slopes = sorted(draw(st.lists(st.integers(-6, 6), min_size=n, max_size=n)),
                    reverse=True)
    values = [float(draw(st.integers(0, 20)))]
    for slope in slopes:
        values.append(values[-1] + slope)
    return values


@st.composite
def pools(draw: st.DrawFn) -> tuple[list[float], list[float], int, int, float]:
    n = draw(st.integers(1, 4))
    return (draw(concave(n)), draw(concave(n)), draw(st.integers(1, 3)),
            draw(st.integers(2, 5)), float(draw(st.integers(0, 30))))


@settings(max_examples=150, deadline=None)
@given(case=pools())
def test_pooled_children_match_every_split(
        case: tuple[list[float], list[float], int, int, float]) -> None:
    stay, move, per, m, up = case
    # node 0: the grandchildren's signature holder; node 1: one child pod, whose
    # children are nodes 2 … per + 1 (all of one signature)
    tree = SimpleNamespace(
        units=1, signature=np.array([0] + [1] + [0] * per), up=np.array([0.0, up]),
        children=lambda index: np.arange(2, 2 + per))
    dp = PodDP.__new__(PodDP)
    dp.tree, dp.q, dp.limit, dp.r, dp.work, dp.budget = tree, 10**6, 10**6, 0, 0, 10**12
    dp.memo = {0: Costs([np.array(stay), np.array(move)], [np.zeros(0), np.zeros(0)])}
    got = dp._pooled(1, 0, m)
    assert got is not None
    expected = [INF] * (m * per * (len(stay) - 1) + 1)
    for t in range(m + 1):
        table = fold([stay] * (t * per) + [move] * ((m - t) * per))
        for k, value in enumerate(table):
            expected[k] = min(expected[k], value + (m - t) * up)
    assert got[0].tolist() == expected
