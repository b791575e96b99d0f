"""The canvas's background: its colour and, when the squares are large enough to see,
a grid of 40-unit squares."""

from __future__ import annotations

from PySide6.QtCore import QLineF, QRectF
from PySide6.QtGui import QColor, QPainter, QPen

GRID_STEP = 40.0
"""The side of a grid square, scene units."""
LEAST_GRID_PX = 12
"""Below this screen size of a square the grid is left out."""


def draw_grid(painter: QPainter, rect: QRectF, canvas: QColor, grid: QColor) -> None:
    """Fill ``rect`` (scene coordinates) with the canvas colour and draw the grid lines
    crossing it, in one call and not antialiased (the lines are upright: smoothing only
    blurred them, and 118 antialiased lines drawn one by one cost up to 50 ms a paint
    on a busy machine)."""
    painter.fillRect(rect, canvas)
    if painter.transform().m11() * GRID_STEP < LEAST_GRID_PX:
        return
    lines: list[QLineF] = []
    x = rect.left() - rect.left() % GRID_STEP
    while x < rect.right():
        lines.append(QLineF(x, rect.top(), x, rect.bottom()))
        x += GRID_STEP
    y = rect.top() - rect.top() % GRID_STEP
    while y < rect.bottom():
        lines.append(QLineF(rect.left(), y, rect.right(), y))
        y += GRID_STEP
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
    painter.setPen(QPen(grid, 0))
    painter.drawLines(lines)
    painter.restore()
