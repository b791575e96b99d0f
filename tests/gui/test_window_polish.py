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


def test_empty_find_bar_has_no_blank_band(window, qtbot) -> None:
    bar = window.find_bar
    bar.open_bar()
    row = max(bar.edit.sizeHint().height(), bar.edit.height())
    # the text field and the bar's margins (6 px each side, a 1–2 px frame): no room
    # kept for an empty summary line under it
    assert bar.height() <= row + 2 * 6 + 4, (bar.height(), row)
    qtbot.keyClicks(bar.edit, "leaf")
    assert bar.list.isVisible() and bar.summary.isVisible()
    assert bar.height() > row + 40
    bar.edit.clear()
    assert bar.height() <= row + 2 * 6 + 4, "the band came back after clearing"
    bar.close_bar()
