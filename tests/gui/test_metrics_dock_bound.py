"""The dock's bisection headline when the figure is the best cut found: with a proven
lower bound it reads "≥ bound (proven) … best cut figure"; without one, "≤ figure"."""

from __future__ import annotations

from dataclasses import replace

from gui.metrics_dock import format_headline
from model.metrics import Engine
from model.metrics.bisection.solvers import heuristic
from model.templates import TEMPLATES


def test_headline_shows_the_proven_bound_and_the_best_cut() -> None:
    """Dragonfly+ k = 8, 3 groups of 3 leaves (4 hosts each) and 3 spines, 200 Gb/s
    links, heuristic only. A leaf's 4 uplinks do not spread evenly over 3 spines, so
    there is no closed form; the bound of uneven groups
    (:mod:`model.metrics.bisection.group_levels`) is 3,200 Gb/s, below the integer
    program's 3,600 (``tests/reference/test_dragonfly_uneven.py``): "≥ 3.2 (proven)".
    (k = 6 with 4 routers, the earlier example, is now proven exact.)"""
    design = TEMPLATES["dragonfly-plus"].build(k=8, groups=3, routers=6, speed_gbps=200)
    metrics = Engine(solvers=(heuristic,)).compute_all(design)
    gbps = metrics.bisection.gbps
    text = format_headline("bisection_tbps", gbps / 1000, metrics)
    assert text == f"≥ 3.2 (proven)\n… best cut {gbps / 1000:,.1f} Tb/s"
    unknown = replace(metrics, bisection=replace(metrics.bisection, lower_bound_gbps=None))
    assert format_headline("bisection_tbps", gbps / 1000, unknown) == \
        f"≤ {gbps / 1000:,.1f} Tb/s"
