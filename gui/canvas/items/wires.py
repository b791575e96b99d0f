"""The connectors of the scene drawn as one layer: every horizontal or vertical piece
of route is merged with the pieces of other bundles of the same look (colour, width,
dashes) on the same line, so a channel that hundreds of bundles share (a Dragonfly+ has
thousands of global links) is drawn once instead of hundreds of times. A selected
bundle draws itself on top; the layer takes no clicks."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable
from itertools import pairwise

from PySide6.QtCore import QLineF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from gui.canvas.items.bundle import BundleItem
from model.elements import Pattern

Style = tuple[float, bool, str]
"""Pen width (scene units), dashed, look (see :meth:`BundleItem.look`)."""


def merged_lines(bundles: Iterable[BundleItem]) -> dict[Style, list[QLineF]]:
    """The routes of ``bundles`` as lines by style, collinear overlapping pieces merged
    into one."""
    pieces: dict[tuple[Style, bool, float], list[tuple[float, float]]] = defaultdict(list)
    for bundle in bundles:
        style = (round(bundle.drawn_width(), 1), bundle.element.pattern is Pattern.GLOBAL,
                 bundle.look())
        points = bundle.points
        for (x1, y1), (x2, y2) in pairwise(points):
            if abs(y1 - y2) < 1e-6:
                pieces[(style, True, round(y1, 2))].append((min(x1, x2), max(x1, x2)))
            else:
                pieces[(style, False, round(x1, 2))].append((min(y1, y2), max(y1, y2)))
    lines: dict[Style, list[QLineF]] = defaultdict(list)
    for (style, horizontal, at), spans in pieces.items():
        spans.sort()
        lo, hi = spans[0]
        for a, b in [*spans[1:], (float("inf"), float("inf"))]:
            if a <= hi:
                hi = max(hi, b)
                continue
            lines[style].append(QLineF(lo, at, hi, at) if horizontal
                                else QLineF(at, lo, at, hi))
            lo, hi = a, b
    return lines


class WireLayer(QGraphicsItem):
    """Every plain bundle's connector, merged."""

    def __init__(self, bundles: Callable[[], Iterable[BundleItem]],
                 colour: Callable[[str], QColor]) -> None:
        super().__init__()
        self._bundles = bundles
        self._colour = colour
        self._lines: dict[Style, list[QLineF]] | None = None
        self._bounds = QRectF()
        self.setZValue(4)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def changed(self, area: QRectF) -> None:
        """A plain bundle's route or look changed around ``area`` (scene coordinates)."""
        self._lines = None
        grown = area.adjusted(-10, -10, 10, 10)
        if not self._bounds.contains(grown):
            self.prepareGeometryChange()
            self._bounds = self._bounds.united(grown)
        self.update(grown)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        if self._lines is None:
            self._lines = merged_lines(b for b in self._bundles()
                                       if b.isVisible() and b.points and b.plain())
        scale = painter.worldTransform().m11()
        for (width, dashed, look), lines in self._lines.items():
            colour = self._colour(look)
            pen = QPen(colour, width)
            hairline = width * scale < 1.5
            if hairline:
                pen = QPen(colour, 1.0)
                pen.setCosmetic(True)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, not hairline)
            pen.setCapStyle(Qt.PenCapStyle.FlatCap)
            if dashed:
                pen.setStyle(Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.drawLines(lines)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
