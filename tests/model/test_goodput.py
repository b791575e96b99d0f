"""Checkpoint intervals and goodput (model/metrics/reliability.py) against closed-form
hand computations, and against the optimum of the models they come from, found by a
scan."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from model.metrics.reliability import (
    daly_goodput,
    daly_interval_s,
    goodput,
    lost_fraction,
    young_interval_s,
)
from model.reliability_data import ReliabilitySettings


def test_young_by_hand() -> None:
    """δ = 50 s, M = 10,000 s: √(2 · 50 · 10,000) = 1,000 s."""
    assert young_interval_s(50, 10_000) == pytest.approx(1000.0)


def test_daly_by_hand() -> None:
    """δ/2M = 0.0025, √ = 0.05: 1,000 · (1 + 0.05/3 + 0.0025/9) − 50 = 966.9444 s."""
    assert daly_interval_s(50, 10_000) == pytest.approx(966.9444, abs=1e-3)


def test_daly_past_twice_the_mtbi_is_the_mtbi() -> None:
    assert daly_interval_s(500, 200) == 200
    assert daly_interval_s(400, 200) == 200


def test_lost_fraction_by_hand() -> None:
    """τ = 1,000, δ = 50, R = 300, M = 10,000: 50/1,000 + (500 + 300)/10,000 = 0.13."""
    assert lost_fraction(1000, 50, 300, 10_000) == pytest.approx(0.13)
    assert lost_fraction(10, 50, 300, 100) == 1.0  # capped


def test_goodput_record_by_hand() -> None:
    """MTBI 10,000 s = 2.7778 h, δ = 50 s, R = 300 s: goodput 0.87."""
    g = goodput(ReliabilitySettings(checkpoint_write_s=50, restart_s=300), 10_000 / 3600)
    assert g.young_interval_s == pytest.approx(1000.0)
    assert g.lost_fraction == pytest.approx(0.13)
    assert g.goodput == pytest.approx(0.87)


def test_daly_goodput_by_hand() -> None:
    """Daly's model with τ = 1,000, δ = 50, R = 0, M = 10,000: τ ÷ (M(e^{0.105} − 1))
    = 1,000 ÷ 1,107.1060 = 0.903256 (e^{0.105} − 1 by its series: 0.105 + 0.0055125 +
    0.00019294 + 0.00000506 + 0.00000011 = 0.1107106)."""
    assert daly_goodput(1000, 50, 0, 10_000) == pytest.approx(0.903256, abs=2e-6)


@settings(max_examples=30, deadline=None)
@given(delta=st.floats(1, 600), m=st.floats(3_600, 1e6), r=st.floats(0, 3_600))
def test_intervals_are_the_optima_of_their_models(delta: float, m: float, r: float) -> None:
    """Young's interval minimises the first-order loss and Daly's maximises his model's
    goodput: no interval on a fine scan does better (beyond rounding)."""
    scan = [delta * 0.05 + i * (2 * m) / 1000 for i in range(1, 1000)]
    young = young_interval_s(delta, m)
    best_lost = min(delta / t + t / (2 * m) for t in scan)
    assert delta / young + young / (2 * m) <= best_lost + 1e-12
    daly = daly_interval_s(delta, m)
    best = max(daly_goodput(t, delta, r, m) for t in scan)
    # Daly's formula is a series approximation of his optimum: within 0.1 % of it
    assert daly_goodput(daly, delta, r, m) >= best * (1 - 1e-3)
    # at Young's interval the first-order loss is √(2δ/M) + R/M (capped at 1)
    assert math.isclose(lost_fraction(young, delta, r, m),
                        min(1.0, math.sqrt(2 * delta / m) + r / m), rel_tol=1e-9)
