"""Defects found by walking the real window (issue #15, the window): each test here
failed before its fix."""

from __future__ import annotations

from gui.charts import HopsChart
from gui.metrics_dock import MetricsDock
from gui.theme import THEMES
from model.design import Design
from model.metrics import compute_all


def test_empty_hops_chart_hides_its_axes(qtbot) -> None:
    design = Design()
    dock = MetricsDock(design, THEMES["light"])
    qtbot.addWidget(dock)
    dock.resize(360, 600)
    dock.show()
    metrics = compute_all(design)
    assert not metrics.hops.histogram
    dock.show_metrics(metrics)
    chart = dock.show_chart("hops")
    assert isinstance(chart, HopsChart)
    plot = chart.getPlotItem()
    assert "No accelerator pairs" in chart.empty_note.toPlainText()
    # no 0 … 1 scale drawn behind the note: there is nothing to read on it
    assert not plot.getAxis("left").isVisible()
    assert not plot.getAxis("bottom").isVisible()
