"""The dock's bisection headline when the figure is the best cut found: with a proven
lower bound it reads "≥ bound (proven) … best cut figure"; without one, "≤ figure"."""

from __future__ import annotations

from dataclasses import replace

from gui.metrics_dock import format_headline
from model.metrics import Engine
from model.metrics.bisection.solvers import heuristic
from model.templates import TEMPLATES


def test_headline_shows_the_proven_bound_and_the_best_cut() -> None:
    """Dragonfly+ k = 6, 3 groups of 2 leaves (3 hosts each) and 2 spines, 200 Gb/s
    links, heuristic only. A leaf's 3 uplinks do not spread evenly over 2 spines, so
    there is no closed form; the bound is the bisection without the global links: T = 9
    hosts splits one group 3/3, leaf 0 with spine 0 (2 of its links) on A and leaf 1
    with spine 1 on B, 1 + 1 links across: 0.4 Tb/s."""
    design = TEMPLATES["dragonfly-plus"].build(k=6, groups=3, routers=4, speed_gbps=200)
    metrics = Engine(solvers=(heuristic,)).compute_all(design)
    gbps = metrics.bisection.gbps
    text = format_headline("bisection_tbps", gbps / 1000, metrics)
    assert text == f"≥ 0.4 (proven)\n… best cut {gbps / 1000:,.1f} Tb/s"
    unknown = replace(metrics, bisection=replace(metrics.bisection, lower_bound_gbps=None))
    assert format_headline("bisection_tbps", gbps / 1000, unknown) == \
        f"≤ {gbps / 1000:,.1f} Tb/s"
