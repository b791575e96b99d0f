"""Hop counting in bands of rows: the histogram of a small signature matrix, counted a
row or two at a time, equals the one counted here by hand, pair by pair."""

from __future__ import annotations

from collections import Counter
from importlib import import_module
from unittest.mock import patch

import numpy as np
import pytest

hop_pairs = import_module("model.metrics.hop_pairs")
UNREACHABLE = import_module("model.metrics.representation.switch_classes").UNREACHABLE

HOPS = np.array([
    [1, 3, 3, 5, UNREACHABLE],
    [3, 1, 5, 5, UNREACHABLE],
    [3, 5, 3, 3, UNREACHABLE],
    [5, 5, 3, 1, UNREACHABLE],
    [UNREACHABLE] * 4 + [UNREACHABLE],
], dtype=np.int32)
PAIRS = np.array([  # pairs with one end of each signature (symmetric, zero diagonal)
    [0, 2, 1, 4, 1],
    [2, 0, 3, 0, 2],
    [1, 3, 0, 5, 0],
    [4, 0, 5, 0, 7],
    [1, 2, 0, 7, 0],
], dtype=np.float64)
SAME = np.array([6.0, 1.0, 10.0, 3.0, 2.0])  # pairs inside one signature
IN_UNIT = np.array([2.0, 0.0, 4.0, 1.0, 0.0])  # of which inside one unit (1 hop)


def by_hand() -> Counter[int]:
    out: Counter[int] = Counter()
    for p in range(5):
        for q in range(p + 1, 5):
            out[int(HOPS[p, q])] += int(PAIRS[p, q])
        out[int(HOPS[p, p])] += int(SAME[p] - IN_UNIT[p])
        out[1] += int(IN_UNIT[p])
    return +out


@pytest.mark.parametrize("at_once", [1, 5, 10, 15, 25, 10_000])
def test_bands_of_any_height_count_every_pair_once(at_once: int) -> None:
    """Bands of 1, 1, 2, 3, 5 rows (the last of 2 and 3 partial) and the whole."""
    with patch.object(hop_pairs, "ROWS_AT_ONCE", at_once):
        got = hop_pairs.binned(lambda r0, r1: PAIRS[r0:r1], SAME, IN_UNIT, HOPS)
    assert +got == by_hand()
    assert got[UNREACHABLE] == 1 + 2 + 0 + 7 + 2
