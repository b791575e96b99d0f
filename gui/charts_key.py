"""A chart's legend beside its plot: the metrics dock's charts are about 125 px high on
a 1280×720 screen, and pyqtgraph's legend, drawn inside the plot, covered the bars."""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtCore import Qt

from gui.theme import Theme


class KeyBeside(pg.LegendItem):  # type: ignore[misc]  # pyqtgraph ships no type hints
    """A chart's legend in a column right of the plot area, never over the bars: in a
    dock 120 px high a legend inside the plot covered the bars it names. It becomes the
    plot's legend, so bars added with a name are listed in it."""

    def __init__(self, plot: pg.PlotItem, theme: Theme) -> None:
        super().__init__(labelTextColor=theme.text, labelTextSize="8pt", colCount=1,
                         brush=pg.mkBrush(theme.base), pen=pg.mkPen(None), verSpacing=-6,
                         horSpacing=2, frame=False)
        self.setFlag(self.GraphicsItemFlag.ItemIgnoresTransformations, False)
        plot.layout.addItem(self, 2, 3)
        # the title spans the plot and the legend
        plot.layout.removeItem(plot.titleLabel)
        plot.layout.addItem(plot.titleLabel, 0, 1, 1, 3)
        plot.layout.setAlignment(self, Qt.AlignmentFlag.AlignVCenter)
        plot.legend = self

    def updateSize(self) -> None:
        """Ask the plot's layout for room for the entries (the stock legend sets its
        own geometry, which the plot's layout would override)."""
        width = height = 0.0
        for sample, label in self.items:
            width = max(width, sample.boundingRect().width() + 4
                        + label.boundingRect().width())
            height += max(sample.boundingRect().height(), label.boundingRect().height()) - 6
        self.setFixedWidth(width + 4 if self.items else 0.0)
        # as high as its entries, whatever the chart's height (stretched, the colour
        # squares drifted away from their words)
        self.setFixedHeight(max(0.0, height))
        self.updateGeometry()
