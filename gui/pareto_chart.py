"""The Pareto chart of a sweep: every point of two figures, the front joined by a line.

One painter serves the command line (PNG or SVG drawn offscreen, like the canvas
exports) and the Explore dialog's widget, so both show the same picture; the widget also
tells which point was clicked.
"""

from __future__ import annotations

import itertools
import math
import os
from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QImage, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import QWidget

from gui.i18n import translate
from model.reports.atomic import ExportError, atomic_path
from model.sweep_pareto import ParetoAxis

MARGIN_LEFT, MARGIN_RIGHT, MARGIN_TOP, MARGIN_BOTTOM = 86.0, 24.0, 36.0, 56.0
POINT_COLOUR = "#8c959f"
FRONT_COLOUR = "#cf222e"
CHOSEN_COLOUR = "#0969da"
HIT_RADIUS_PX = 8.0


@dataclass
class ChartData:
    """What the chart shows: ``points`` as (row, x, y), the rows on the front, the axes
    and a title; ``chosen`` is a row drawn highlighted (None: none)."""

    points: list[tuple[int, float, float]]
    front: list[int]
    x: ParetoAxis
    y: ParetoAxis
    title: str = ""
    chosen: int | None = None
    labels: dict[int, str] = field(default_factory=dict)


def _nice_ticks(low: float, high: float, count: int = 5) -> list[float]:
    if not math.isfinite(low) or not math.isfinite(high):
        return []
    if high <= low:
        return [low]
    raw = (high - low) / count
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)
    first = math.ceil(low / step) * step
    ticks = []
    value = first
    while value <= high + step * 1e-9:
        ticks.append(value)
        value += step
    return ticks


def _tick_text(value: float) -> str:
    if value == 0:
        return "0"
    if abs(value) >= 1e5 or abs(value) < 1e-3:
        return f"{value:.3g}"
    return f"{value:,.6g}"


class _Frame:
    """Where data values land in a rectangle of the picture."""

    def __init__(self, data: ChartData, rect: QRectF) -> None:
        self.plot = QRectF(rect.left() + MARGIN_LEFT, rect.top() + MARGIN_TOP,
                           max(10.0, rect.width() - MARGIN_LEFT - MARGIN_RIGHT),
                           max(10.0, rect.height() - MARGIN_TOP - MARGIN_BOTTOM))
        xs = [p[1] for p in data.points] or [0.0, 1.0]
        ys = [p[2] for p in data.points] or [0.0, 1.0]
        self.x0, self.x1 = self._span(min(xs), max(xs))
        self.y0, self.y1 = self._span(min(ys), max(ys))

    @staticmethod
    def _span(low: float, high: float) -> tuple[float, float]:
        if high == low:
            pad = abs(low) * 0.1 or 1.0
            return low - pad, high + pad
        pad = (high - low) * 0.05
        return low - pad, high + pad

    def at(self, x: float, y: float) -> QPointF:
        """The picture position of a data point."""
        px = self.plot.left() + (x - self.x0) / (self.x1 - self.x0) * self.plot.width()
        py = self.plot.bottom() - (y - self.y0) / (self.y1 - self.y0) * self.plot.height()
        return QPointF(px, py)


def paint_chart(painter: QPainter, rect: QRectF, data: ChartData) -> None:
    """Draw the chart into ``rect``: axes with ticks, every point in grey, the front in
    red joined by a line, the chosen point in blue."""
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.fillRect(rect, QColor("white"))
    frame = _Frame(data, rect)
    plot = frame.plot
    text_pen = QPen(QColor("#1f2328"))
    grid_pen = QPen(QColor("#d0d7de"))
    font = QFont(painter.font())
    font.setPointSizeF(8.5)
    painter.setFont(font)
    for tick in _nice_ticks(frame.x0, frame.x1):
        p = frame.at(tick, frame.y0)
        painter.setPen(grid_pen)
        painter.drawLine(QPointF(p.x(), plot.top()), QPointF(p.x(), plot.bottom()))
        painter.setPen(text_pen)
        painter.drawText(QRectF(p.x() - 50, plot.bottom() + 4, 100, 16),
                         Qt.AlignmentFlag.AlignHCenter, _tick_text(tick))
    for tick in _nice_ticks(frame.y0, frame.y1):
        p = frame.at(frame.x0, tick)
        painter.setPen(grid_pen)
        painter.drawLine(QPointF(plot.left(), p.y()), QPointF(plot.right(), p.y()))
        painter.setPen(text_pen)
        painter.drawText(QRectF(rect.left() + 2, p.y() - 8, MARGIN_LEFT - 8, 16),
                         Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                         _tick_text(tick))
    painter.setPen(QPen(QColor("#57606a")))
    painter.drawRect(plot)
    painter.setPen(text_pen)
    painter.drawText(QRectF(plot.left(), rect.bottom() - 22, plot.width(), 18),
                     Qt.AlignmentFlag.AlignHCenter, data.x.label)
    painter.save()
    painter.translate(rect.left() + 12, plot.center().y())
    painter.rotate(-90)
    painter.drawText(QRectF(-plot.height() / 2, -10, plot.height(), 18),
                     Qt.AlignmentFlag.AlignHCenter, data.y.label)
    painter.restore()
    title = data.title or translate("Pareto", "Pareto front: {front} of {points} points").format(
        front=len(data.front), points=len(data.points))
    painter.drawText(QRectF(plot.left(), rect.top() + 8, plot.width(), 20),
                     Qt.AlignmentFlag.AlignHCenter, title)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(POINT_COLOUR))
    front = set(data.front)
    for row, x, y in data.points:
        if row not in front:
            painter.drawEllipse(frame.at(x, y), 3.0, 3.0)
    by_row = {p[0]: p for p in data.points}
    line = [frame.at(by_row[r][1], by_row[r][2]) for r in data.front if r in by_row]
    painter.setPen(QPen(QColor(FRONT_COLOUR), 1.5))
    for a, b in itertools.pairwise(line):
        painter.drawLine(a, b)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(FRONT_COLOUR))
    for p in line:
        painter.drawEllipse(p, 4.5, 4.5)
    if data.chosen is not None and data.chosen in by_row:
        _, x, y = by_row[data.chosen]
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(QColor(CHOSEN_COLOUR), 2.5))
        painter.drawEllipse(frame.at(x, y), 8.0, 8.0)


def point_position(data: ChartData, size: QSize, row: int) -> QPointF | None:
    """Where row ``row`` is drawn in a chart of ``size`` (None when not drawn)."""
    frame = _Frame(data, QRectF(0, 0, size.width(), size.height()))
    for r, x, y in data.points:
        if r == row:
            return frame.at(x, y)
    return None


def write_chart(data: ChartData, path: str | os.PathLike[str],
                size: tuple[int, int] = (960, 640)) -> None:
    """Write the chart as PNG or SVG (by the file's suffix); a QApplication must exist."""
    suffix = os.fspath(path).lower().rsplit(".", 1)[-1]
    if suffix not in ("png", "svg"):
        raise ExportError("the chart is written as .png or .svg", path)
    rect = QRectF(0, 0, *size)
    with atomic_path(path, suffix=f".{suffix}") as temporary:
        if suffix == "png":
            image = QImage(*size, QImage.Format.Format_ARGB32_Premultiplied)
            painter = QPainter(image)
            paint_chart(painter, rect, data)
            painter.end()
            if not image.save(str(temporary)):
                raise ExportError("the PNG could not be written (is the disk full?)", path)
        else:
            generator = QSvgGenerator()
            generator.setFileName(str(temporary))
            generator.setSize(QSize(*size))
            generator.setViewBox(rect)
            generator.setTitle(data.title or "Pareto front")
            painter = QPainter()
            if not painter.begin(generator):
                raise ExportError("the SVG file could not be opened for writing", path)
            paint_chart(painter, rect, data)
            painter.end()


class ParetoWidget(QWidget):
    """The chart on screen; clicking near a point emits :attr:`point_clicked`."""

    point_clicked = Signal(int)
    """The row index of the clicked point."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.data: ChartData | None = None
        self.setMinimumSize(420, 300)
        self.setMouseTracking(False)

    def set_data(self, data: ChartData | None) -> None:
        """Show ``data`` (None: an empty chart)."""
        self.data = data
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        if self.data is None:
            painter.fillRect(self.rect(), QColor("white"))
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter,
                             translate("Pareto", "Open a sweep table to see its points"))
        else:
            paint_chart(painter, QRectF(self.rect()), self.data)
        painter.end()

    def row_at(self, position: QPointF) -> int | None:
        """The row of the point nearest ``position``, within a few pixels."""
        if self.data is None:
            return None
        frame = _Frame(self.data, QRectF(self.rect()))
        best, best_d = None, HIT_RADIUS_PX
        for row, x, y in self.data.points:
            p = frame.at(x, y)
            d = math.hypot(p.x() - position.x(), p.y() - position.y())
            if d <= best_d:
                best, best_d = row, d
        return best

    def mousePressEvent(self, event: QMouseEvent) -> None:
        row = self.row_at(event.position())
        if row is not None and event.button() == Qt.MouseButton.LeftButton:
            self.point_clicked.emit(row)
            return
        super().mousePressEvent(event)
