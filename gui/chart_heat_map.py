"""The metrics dock's heat map of the bandwidth between each pair of islands (Tb/s, a
colour scale, the diagonal hatched), split from :mod:`gui.charts` whose
:class:`~gui.charts.Chart` it extends."""

from __future__ import annotations

import math

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QPen, QResizeEvent
from PySide6.QtWidgets import QGraphicsRectItem, QWidget

from gui.chart_axes import SHORT_NAME, NameAxis, NumberAxis, figure_ticks
from gui.charts import Chart, tbps_text
from gui.i18n import QT_TRANSLATE_NOOP, translate
from gui.theme import Theme
from model.metrics.results import DesignMetrics

HEAT_MAP_NAMES_BELOW_PX = 200
"""Below this height the islands' heat map numbers its rows and columns instead of writing
their names (upright beneath it, the names left the matrix no room)."""


class IslandPairsChart(Chart):
    """Capacity of the cut between each pair of islands, as a matrix (Tb/s) with a
    colour scale; the diagonal (an island with itself) is hatched, not coloured."""

    title = QT_TRANSLATE_NOOP("Charts", "Bandwidth between islands")
    engine_figure = "island_pairs"

    def __init__(self, theme: Theme, parent: QWidget | None = None) -> None:
        super().__init__(theme, parent, axes={"left": NameAxis("left"),
                                              "bottom": NameAxis("bottom")})
        self.matrix = np.zeros((0, 0))
        """Tb/s between islands i and j; NaN on the diagonal (same island)."""
        self.islands: list[str] = []
        """Names of the rows and columns, in order."""
        self.same_island_marks: list[QGraphicsRectItem] = []
        self.colour_map = pg.colormap.get("viridis")
        self.colour_bar = pg.ColorBarItem(values=(0.0, 1.0), colorMap=self.colour_map,
                                          label=translate("Charts", "Tb/s each way"),
                                          interactive=False,
                                          width=14)
        plot = self.getPlotItem()
        # the bar's own axis writes its figures like the rest of the dock ("1,200")
        self.colour_bar.axis.tickStrings = figure_ticks
        # its label on an axis that elides it to the bar's height (a chart 85 px high
        # wrote "Tb/s each way" past both ends)
        label_axis = NumberAxis("left")
        self.colour_bar.setAxisItems({"left": label_axis})
        label_axis.setZValue(0.5)
        label_axis.setTicks([])
        label_axis.setStyle(showValues=False)
        label_axis.setLabel(translate("Charts", "Tb/s each way"))
        plot.layout.addItem(self.colour_bar, 2, 5)
        plot.layout.setColumnFixedWidth(4, 5)
        self.colour_bar.hide()
        self.numbered = False
        """True when the columns are numbered (a low chart), not named."""
        self.adopt_menus()

    def figures(self, metrics: DesignMetrics, names: dict[str, str]) -> object:
        return tuple((p.a, p.b, names.get(p.a, p.a), names.get(p.b, p.b), p.gbps)
                     for p in metrics.island_pairs)

    def show_metrics(self, metrics: DesignMetrics, names: dict[str, str]) -> None:
        self.reset()
        self.same_island_marks = []
        order: list[str] = []
        for pair in metrics.island_pairs:
            for end in (pair.a, pair.b):
                if end not in order:
                    order.append(end)
        n = len(order)
        self.matrix = np.full((n, n), np.nan)
        self.islands = [names.get(i, i) for i in order]
        if n == 0:
            self.colour_bar.hide()
            self.say_empty(translate("Charts", "Fewer than two islands: no pairs"))
            return
        index = {island: i for i, island in enumerate(order)}
        for pair in metrics.island_pairs:
            i, j = index[pair.a], index[pair.b]
            self.matrix[i, j] = self.matrix[j, i] = pair.gbps / 1000
        top = float(np.nanmax(self.matrix)) if n > 1 else 0.0
        levels = (0.0, top if top > 0 else 1.0)
        image = pg.ImageItem(self.matrix)
        image.setColorMap(self.colour_map)
        image.setLevels(levels)
        self.addItem(image)
        muted = QColor(self.theme.muted_text)
        for k in range(n):
            mark = QGraphicsRectItem(k, k, 1, 1)
            mark.setBrush(QBrush(QColor(self.theme.base)))
            mark.setPen(QPen(Qt.PenStyle.NoPen))
            hatch = QGraphicsRectItem(k, k, 1, 1)
            hatch.setBrush(QBrush(muted, Qt.BrushStyle.BDiagPattern))
            hatch.setPen(QPen(Qt.PenStyle.NoPen))
            self.addItem(mark)
            self.addItem(hatch)
            self.same_island_marks.append(hatch)
        self.colour_bar.setLevels(levels)
        self.colour_bar.show()
        self.name_axes()
        self.set_ranges((0.0, float(n)), (0.0, float(n)))
        self.getPlotItem().getViewBox().setAspectLocked(True)

    def name_axes(self) -> None:
        """The same naming on both axes: the islands' names (rows beside the matrix,
        columns upright beneath it) or, in a chart lower than
        :data:`HEAT_MAP_NAMES_BELOW_PX`, whose upright names below would leave the matrix
        no room, their numbers in order ("10, 20, 30") on both. Either way only as many
        labels as fit are written (:class:`~gui.chart_axes.NameAxis`); the hover read-out
        names both islands of a cell in full."""
        plot = self.getPlotItem()
        left, bottom = plot.getAxis("left"), plot.getAxis("bottom")
        assert isinstance(left, NameAxis) and isinstance(bottom, NameAxis)
        self.numbered = self.height() < HEAT_MAP_NAMES_BELOW_PX and bool(self.islands)
        if self.numbered:
            numbers = [(k + 0.5, str(k + 1)) for k in range(len(self.islands))]
            left.set_names(numbers, numbered=True)
            bottom.set_names(numbers, upright=False, numbered=True)
            return
        for axis in (left, bottom):
            axis.set_names([(k + 0.5, label) for k, label in enumerate(self.islands)],
                           limit=SHORT_NAME)

    def resizeEvent(self, event: QResizeEvent | None) -> None:
        super().resizeEvent(event)
        islands = getattr(self, "islands", None)
        if islands and (self.height() < HEAT_MAP_NAMES_BELOW_PX) != self.numbered:
            self.name_axes()

    def reset(self) -> None:
        super().reset()
        self.getPlotItem().getViewBox().setAspectLocked(False)
        if hasattr(self, "colour_bar"):
            self.colour_bar.hide()
            self.islands = []

    def beside_title(self) -> float:
        bar = getattr(self, "colour_bar", None)
        if bar is None or not bar.isVisible():
            return super().beside_title()
        width = float(bar.effectiveSizeHint(Qt.SizeHint.MinimumSize).width())
        return super().beside_title() + width + 5

    def readout(self, x: float, y: float) -> str | None:
        n = len(self.islands)
        i, j = math.floor(x), math.floor(y)
        if not (0 <= i < n and 0 <= j < n):
            return None
        if i == j:
            return translate("Charts", "{island}: the same island (no cut to measure)").format(
                island=self.islands[i])
        return translate("Charts", "Between {a} and {b}: {bandwidth} each way").format(
            a=self.islands[i], b=self.islands[j], bandwidth=tbps_text(float(self.matrix[i, j])))
