"""A chart's legend beside its plot: the metrics dock's charts are about 125 px high on
a 1280×720 screen, and pyqtgraph's legend, drawn inside the plot, covered the bars."""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtCore import QSizeF, Qt

from gui.theme import Theme

KEY_SHARE = 0.45
"""Most of a chart's width its key may take: beyond, the key gives way to the bars (the
read-out under the mouse still names what each colour is)."""


class KeyBeside(pg.LegendItem):  # type: ignore[misc]  # pyqtgraph ships no type hints
    """A chart's legend in a column right of the plot area, never over the bars: in a
    dock 120 px high a legend inside the plot covered the bars it names. It becomes the
    plot's legend, so bars added with a name are listed in it.

    It fits the room the chart gives it (:meth:`fit`): its entries in one column, or in
    two where one column is taller than the plot and its axis together (a chart 85 px
    high pushed its own axis out of sight under a four-line key), or not at all where
    either would take more than :data:`KEY_SHARE` of the chart's width."""

    def __init__(self, plot: pg.PlotItem, theme: Theme) -> None:
        self.wanted = False
        """Shown when there is room (the chart has entries to list)."""
        self.room = QSizeF(1e6, 1e6)
        """The room the chart last gave: its width, and the height of its plot and
        value axis."""
        self.fits = True
        """The key had room at the last :meth:`fit`."""
        super().__init__(labelTextColor=theme.text, labelTextSize="8pt", colCount=1,
                         brush=pg.mkBrush(theme.base), pen=pg.mkPen(None), verSpacing=-6,
                         horSpacing=2, frame=False)
        self.setFlag(self.GraphicsItemFlag.ItemIgnoresTransformations, False)
        # the entries from edge to edge (the layout's own margins, 9 px, made a
        # four-line key 96 px high in the CJK font, taller than a short chart)
        self.layout.setContentsMargins(2, 0, 2, 0)
        # beside the plot and its value axis: the axis's row (the numbers and the unit
        # under the bars) is room a short chart's key needs
        plot.layout.addItem(self, 2, 3, 2, 1)
        # the title spans the plot and the legend
        plot.layout.removeItem(plot.titleLabel)
        plot.layout.addItem(plot.titleLabel, 0, 1, 1, 3)
        plot.layout.setAlignment(self, Qt.AlignmentFlag.AlignVCenter)
        plot.legend = self

    def setVisible(self, visible: bool) -> None:
        self.wanted = visible
        self.fit(self.room.width(), self.room.height())

    def size_in(self, columns: int) -> QSizeF:
        """The key's size with its entries in ``columns`` columns (row by row), as its
        layout lays them out (lays them out so)."""
        if not self.items:
            return QSizeF(0, 0)
        if columns != self.columnCount:
            self.setColumnCount(columns)
        self.layout.invalidate()
        return QSizeF(self.layout.effectiveSizeHint(Qt.SizeHint.PreferredSize))

    def fit(self, width: float, height: float) -> None:
        """Lay the key out for a chart ``width`` wide whose plot and value axis are
        ``height`` high."""
        self.room = QSizeF(width, height)
        columns = 0
        for count in (1, 2):
            size = self.size_in(count)
            if size.width() <= KEY_SHARE * width and size.height() <= height:
                columns = count
                break
        self.fits = columns > 0
        if not self.fits and self.columnCount != 1:
            self.setColumnCount(1)
        super().setVisible(self.wanted and self.fits)
        self.updateSize()

    def updateSize(self) -> None:
        """Ask the plot's layout for room for the entries (the stock legend sets its
        own geometry, which the plot's layout would override); none when hidden."""
        if not hasattr(self, "fits"):  # pyqtgraph lays out while building
            return
        size = self.size_in(self.columnCount) if self.wanted and self.fits else QSizeF(0, 0)
        self.setFixedWidth(size.width())
        # as high as its entries, whatever the chart's height (stretched, the colour
        # squares drifted away from their words)
        self.setFixedHeight(max(0.0, size.height()))
        self.updateGeometry()
