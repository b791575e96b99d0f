"""Identical children with a concave cost, one of them holding the remainder: the
pod DP's closed form (``_remainder_shapes``) against every split tried."""

from __future__ import annotations

from itertools import product

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from model.metrics.bisection.pod_dp import _remainder_shapes

INF = float("inf")


@settings(max_examples=200, deadline=None)
@given(lines=st.lists(st.tuples(st.integers(-9, 9), st.integers(0, 40)), min_size=1,
                      max_size=3),
       g=st.integers(2, 4), steps=st.integers(1, 4), m=st.integers(1, 3), data=st.data())
def test_remainder_closed_form_matches_every_split(lines: list[tuple[int, int]], g: int,
                                                   steps: int, m: int,
                                                   data: st.DataObject) -> None:
    r = data.draw(st.integers(1, g - 1))

    def cost(x: int) -> float:  # a child's concave cost with x accelerators on A
        return float(min(slope * x + start for slope, start in lines))

    f = np.array([cost(k * g) for k in range(steps + 1)])
    f1 = np.array([cost(k * g + r) for k in range(steps)])
    total = (m - 1) * steps + steps
    got = _remainder_shapes(f, f1, m, np.arange(total)).min(axis=0)
    for k in range(total):
        best = INF
        for holder in range(steps):  # the child with the remainder
            for others in product(range(steps + 1), repeat=m - 1):
                if holder + sum(others) == k:
                    best = min(best, f1[holder] + sum(f[o] for o in others))
        assert got[k] == best
