"""The dock's bisection headline when the figure is the best cut found: with a proven
lower bound it reads "≥ bound (proven) … best cut figure"; without one, "≤ figure"."""

from __future__ import annotations

from dataclasses import replace

from gui.metrics_dock import format_headline
from model.metrics import Engine
from model.metrics.bisection_solvers import heuristic
from model.templates import TEMPLATES


def test_headline_shows_the_proven_bound_and_the_best_cut() -> None:
    """Dragonfly+ k = 8, 5 groups of 200 Gb/s links, heuristic only: the bound is
    1600·200/79 Gb/s ≈ 4.05 Tb/s (hand count in tests/reference/test_dragonfly_bound.py)."""
    design = TEMPLATES["dragonfly-plus"].build(k=8, speed_gbps=200)
    metrics = Engine(solvers=(heuristic,)).compute_all(design)
    gbps = metrics.bisection.gbps
    text = format_headline("bisection_tbps", gbps / 1000, metrics)
    assert text == f"≥ 4.1 (proven)\n… best cut {gbps / 1000:,.1f} Tb/s"
    unknown = replace(metrics, bisection=replace(metrics.bisection, lower_bound_gbps=None))
    assert format_headline("bisection_tbps", gbps / 1000, unknown) == \
        f"≤ {gbps / 1000:,.1f} Tb/s"
