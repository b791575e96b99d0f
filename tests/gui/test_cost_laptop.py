"""The Cost tab on a 1280×720 screen (issue #15): a title of three lines squeezed the bars
and the colour key in the title was cut ("rack"). The campus figures go to one line (all
of them in the tooltip) and the key to a column beside the bars, every entry whole."""

from __future__ import annotations

from PySide6.QtCore import QRectF

from tests.gui.conftest import settle
from tests.gui.test_charts_laptop import PLOT_MIN_PX, bars_rect
from tests.gui.test_metrics_dock import wait_for_metrics


def test_the_cost_key_and_title_fit_at_1280_by_720(laptop, qtbot) -> None:
    # the demo campus's bundles have no medium: optics chosen by reach give every
    # category a price, so the key has all five entries
    assert laptop.optics.run()
    wait_for_metrics(qtbot, laptop)
    chart = laptop.metrics_dock.show_chart("cost")
    settle()
    qtbot.wait(20)
    settle()
    plot = chart.getPlotItem()
    legend = plot.legend
    assert legend is not None and legend.isVisible()
    entries = [label.text for _sample, label in legend.items]
    assert entries == ["servers", "switches", "optics", "cables", "racks"]
    shown = QRectF(chart.viewport().rect())
    key = legend.sceneBoundingRect()
    assert shown.contains(key), f"the key {key} is cut off in the chart {shown}"
    bars = bars_rect(chart)
    assert not bars.isEmpty() and not key.intersects(bars)
    for _sample, label in legend.items:
        # each word drawn whole inside the chart: its text box less the text's margins
        text = label.item
        margin = text.document().documentMargin()
        word = text.sceneBoundingRect().adjusted(margin, margin, -margin, -margin)
        assert shown.contains(word), f"{label.text!r} at {word} is cut off in {shown}"
    view = plot.getViewBox().sceneBoundingRect()
    assert view.height() >= PLOT_MIN_PX, f"the bars get {view.height():.0f} px"
    title = plot.titleLabel.text
    assert "<br>" not in title and "\n" not in title
    if title:  # a low chart shows no title; the tooltip still has every figure
        assert plot.titleLabel.sceneBoundingRect().width() <= shown.width()
    tip = chart.toolTip()
    assert "CAPEX" in tip and "/acc." in tip and "TCO 5 y" in tip and "network" in tip
