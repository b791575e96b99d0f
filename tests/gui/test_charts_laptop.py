"""The metrics dock's charts on a 1280×720 screen (issue #15): with the window as the app
lays it out there, the Hops chart's legend stays off its bars and the bars have room to
be read."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF

from tests.gui.conftest import settle
from tests.gui.test_metrics_dock import wait_for_metrics

PLOT_MIN_PX = 70
"""Least height of the area the bars are drawn in: a bar of a tenth of the tallest is
then still 7 px, a visible bar."""


def bars_rect(chart) -> QRectF:  # type: ignore[no-untyped-def]
    """Where the bars are drawn, in the chart's scene (the union of every bar item)."""
    import pyqtgraph as pg

    box = QRectF()
    for item in chart.getPlotItem().items:
        if isinstance(item, pg.BarGraphItem):
            box = box.united(item.sceneBoundingRect())
    return box


def test_the_hops_legend_stays_off_the_bars_at_1280_by_720(laptop, qtbot) -> None:
    wait_for_metrics(qtbot, laptop)
    chart = laptop.metrics_dock.show_chart("hops")
    settle()
    qtbot.wait(20)
    settle()
    legend = chart.getPlotItem().legend
    assert legend is not None and legend.isVisible()
    entries = [label.text for _sample, label in legend.items]
    # the demo campus: pairs in the same rack, island, building and across buildings
    assert entries == ["same rack", "same island", "same building", "different buildings"]
    bars = bars_rect(chart)
    assert not bars.isEmpty()
    shown = QRectF(chart.viewport().rect())
    key = legend.sceneBoundingRect()
    assert shown.contains(key), f"the legend {key} is cut off in the chart {shown}"
    assert not key.intersects(bars), f"the legend {key} covers the bars {bars}"
    view = chart.getPlotItem().getViewBox().sceneBoundingRect()
    assert key.left() >= view.right() - 1, f"the legend {key} lies over the plot {view}"
    assert view.height() >= PLOT_MIN_PX, f"the bars get {view.height():.0f} px"
    # in a taller chart the legend stays as compact (its squares beside their words),
    # and the title is back, whole
    chart.resize(chart.width(), 400)
    settle()
    assert legend.sceneBoundingRect().height() == pytest.approx(key.height())
    assert chart.getPlotItem().titleLabel.text == chart.title


def test_the_islands_heat_map_keeps_its_matrix_at_1280_by_720(laptop, qtbot) -> None:
    """Upright names under the matrix took the whole height of a low chart (a matrix
    2 px high); there rows and columns are both numbered, one scheme on both axes (the
    rows read "1 Hall A · Pod 1", number and name both, beside numbered columns), and the
    names are in the hover read-out."""
    from tests.gui.test_charts import axis_words

    wait_for_metrics(qtbot, laptop)
    chart = laptop.metrics_dock.show_chart("islands")
    settle()
    islands = ["Hall A · Pod 1", "Hall A · Pod 2", "Hall B · Pod 1", "Hall B · Pod 2"]
    assert axis_words(chart, "left") == ["1", "2", "3", "4"]
    assert axis_words(chart, "bottom") == ["1", "2", "3", "4"]
    assert chart.readout(0.5, 2.5) == \
        f"Between {islands[0]} and {islands[2]}: 12.8 Tb/s each way"
    view = chart.getPlotItem().getViewBox().sceneBoundingRect()
    assert view.height() >= PLOT_MIN_PX, f"the matrix gets {view.height():.0f} px"
    # taller, the names are written under the matrix again
    chart.resize(chart.width(), 320)
    settle()
    assert axis_words(chart, "bottom") == islands
    assert axis_words(chart, "left") == islands
