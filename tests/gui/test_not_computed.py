"""Figures the engine's time budget left out are shown as left out — "not computed" with
the reason — in the metrics dock, its charts, the status bar and the PDF report, never
as the zeros the engine fills them with (issue #15 loose ends §1, §2).

The design the budget skips is the demo campus computed with a budget of 0 s: every
network stage is estimated above the time left, so hops, bisection and both pair
capacities are skipped (as tests/model/test_metrics_budget.py shows for the
pathological designs at the default budget)."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from pypdf import PdfReader

from gui.chart_heat_map import IslandPairsChart
from gui.charts import BuildingPairsChart, HopsChart
from gui.export.pdf import write_pdf_report
from gui.metrics_dock import MetricsDock
from gui.metrics_runner import too_large_message
from gui.theme import THEMES
from model.metrics import Engine, compute_all
from model.metrics.results import DesignMetrics
from tests.gui.conftest import close_window

NETWORK = {"hops", "bisection", "island_pairs", "building_pairs"}


def skipped_metrics(design) -> DesignMetrics:  # type: ignore[no-untyped-def]
    # a fresh engine: a complete result it remembered would not be skipped
    metrics = Engine().compute_all(design, budget=0.0)
    assert set(metrics.not_computed) == NETWORK
    return metrics


def test_dock_says_not_computed_with_the_reason(qtbot, design) -> None:
    dock = MetricsDock(design, THEMES["light"])
    qtbot.addWidget(dock)
    dock.resize(360, 600)
    dock.show()
    dock.show_metrics(skipped_metrics(design))
    for key in ("mean_hops", "max_hops"):
        assert dock.text_of(key) == "not computed"
        assert "too large for the 0 s budget" in dock.labels[key].toolTip()
    # the bisection is its flagged upper bound, N/2 × 400G: 1,024 accelerators
    assert dock.text_of("bisection_tbps") == "≤ 204.8 Tb/s"
    assert dock.text_of("fraction_of_full").startswith("≤ ")
    assert "too large" in dock.labels["fraction_of_full"].toolTip()
    assert "Figures not computed: hops, bisection" in dock.state.text()
    assert "too large for the 0 s budget" in dock.state.toolTip()
    assert dock.width() <= 360, "the line naming the skipped figures widened the dock"


@pytest.mark.parametrize(("key", "chart_type"), [("hops", HopsChart),
                                                 ("islands", IslandPairsChart),
                                                 ("buildings", BuildingPairsChart)])
def test_charts_are_empty_with_a_note_not_zero_bars(qtbot, design, key, chart_type) -> None:
    import pyqtgraph as pg

    dock = MetricsDock(design, THEMES["light"])
    qtbot.addWidget(dock)
    dock.show_metrics(skipped_metrics(design))
    chart = dock.show_chart(key)
    assert isinstance(chart, chart_type)
    items = chart.getPlotItem().items
    assert not [i for i in items if isinstance(i, pg.BarGraphItem | pg.ImageItem)]
    note = " ".join(chart.empty_note.toPlainText().split())
    assert note.startswith("Not computed: too large for the 0 s budget"), note
    plot = chart.getPlotItem()
    assert not plot.getAxis("left").isVisible(), "no scale without figures"
    assert plot.legend is None or not plot.legend.isVisible(), "no empty legend box"
    if isinstance(chart, IslandPairsChart):
        assert not chart.colour_bar.isVisible()


def test_pdf_report_says_not_computed(qtbot, design, tmp_path: Path) -> None:
    out = tmp_path / "report.pdf"
    write_pdf_report(design, skipped_metrics(design), out)
    text = re.sub(r"\s+", " ", " ".join(p.extract_text() for p in PdfReader(out).pages))
    assert "max 0, mean 0.00" not in text
    assert "Hops (switches on a shortest path) not computed" in text
    assert "Hops between accelerators: not computed: too large for the 0 s budget" in text
    assert "Bisection: not computed: too large" in text
    assert "Fraction of full bisection 100.0 % (upper bound)" in text
    assert "Capacity between islands Not computed: too large" in text
    assert "Capacity between buildings Not computed: too large" in text


def test_status_bar_names_the_figures_left_out(qtbot, design, catalog, settings) -> None:
    from gui.main_window import open_window

    engine = Engine()
    win = open_window(design, None, catalog, settings,
                      compute=lambda d: engine.compute_all(d, budget=0.0))
    try:
        qtbot.waitUntil(win.runner.is_current, timeout=10_000)
        label = win._metrics_label
        assert label.text().startswith("Figures not computed: hops, bisection")
        assert "too large for the 0 s budget" in label.text()
        assert "bandwidth between islands: not computed" in label.toolTip()
    finally:
        close_window(win)


def slow_compute(design) -> DesignMetrics:  # type: ignore[no-untyped-def]
    time.sleep(0.8)
    return compute_all(design)


def test_status_bar_at_the_time_limit(qtbot, design, catalog, settings) -> None:
    from gui.main_window import open_window

    win = open_window(design, None, catalog, settings, compute=slow_compute)
    try:
        qtbot.waitUntil(win.runner.is_current, timeout=10_000)
        win.runner.time_limit_s = 0.2
        win.runner.request()
        qtbot.waitUntil(lambda: win.runner.failure != "", timeout=10_000)
        assert win.runner.failure == too_large_message(0.2)
        assert win._metrics_label.text() == \
            "Figures not computed: too large to compute within 0.2 s"
        assert win.metrics_dock.state.text().startswith("Metrics failed: figures not")
        qtbot.waitUntil(lambda: not win.runner.is_busy(), timeout=10_000)
    finally:
        close_window(win)


def test_goodput_tooltip_says_what_it_is_made_of(qtbot, design) -> None:
    """A 266K-accelerator Dragonfly+ read 'Goodput 0.0 %' with no reason given. The
    tooltip now gives the interruption interval, Young's checkpoint interval and the two
    times, counted here from the job's interruptions per day and the default settings
    (checkpoint 30 s, restart 300 s): M = 86,400 s / interruptions, τ = √(2 · 30 s · M)."""
    import math

    from gui.metrics_dock import MetricsDock
    from gui.theme import THEMES
    from model.metrics import compute_all

    metrics = compute_all(design)
    assert metrics.reliability is not None
    dock = MetricsDock(design, THEMES["light"])
    qtbot.addWidget(dock)
    dock.show_metrics(metrics)
    mtbi = 86_400 / metrics.reliability.job.per_day
    young = math.sqrt(2 * 30.0 * mtbi)
    tip = dock.labels["goodput"].toolTip()
    assert "(30 s each); 300 s to restart after each interruption" in tip, tip
    assert f"An interruption every {dock.duration_words(mtbi)} on average" in tip, tip
    assert f"a checkpoint written every {dock.duration_words(young)}" in tip, tip
    assert [dock.duration_words(s) for s in (90, 300, 600, 3 * 3600, 50 * 3600)] == [
        "90 s", "5.0 min", "10 min", "3.0 h", "50 h"]
