"""Small charts drawn with QPainter, for the PDF report (no chart library needed).

:func:`draw_histogram` draws the hop histogram (hops → accelerator pairs) as labelled
bars; it only draws the numbers it is given.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen

BAR_COLOUR = QColor("#3b6ea8")
AXIS_COLOUR = QColor("#555555")
TEXT_COLOUR = QColor("#222222")


def count_text(n: float) -> str:
    """A count with thousands separators ("1,568")."""
    return f"{round(n):,}"


def draw_histogram(
    painter: QPainter,
    area: QRectF,
    histogram: dict[int, int],
    *,
    x_label: str = "switch hops",
    y_label: str = "pairs",
    font_pt: float = 8.0,
) -> None:
    """Draw ``histogram`` (bucket → count) as a bar chart filling ``area`` (painter
    units): one bar per bucket from the smallest to the largest (empty buckets between
    are shown as gaps), each labelled with its count, the buckets along the bottom."""
    painter.save()
    font = QFont(painter.font())
    font.setPointSizeF(font_pt)
    painter.setFont(font)
    metrics = QFontMetricsF(font)
    line = metrics.height()
    painter.setPen(QPen(TEXT_COLOUR))
    if not histogram:
        painter.drawText(area, Qt.AlignmentFlag.AlignCenter, "no accelerator pairs")
        painter.restore()
        return
    buckets = list(range(min(histogram), max(histogram) + 1))
    top = max(histogram.values()) or 1
    plot = QRectF(
        area.left() + line * 1.5,
        area.top() + line * 1.4,
        area.width() - line * 2.0,
        area.height() - line * 4.0,
    )
    pen = QPen(AXIS_COLOUR)
    pen.setWidthF(max(0.5, line / 14))
    painter.setPen(pen)
    painter.drawLine(plot.bottomLeft(), plot.bottomRight())
    slot = plot.width() / len(buckets)
    bar_width = slot * 0.6
    for index, bucket in enumerate(buckets):
        value = histogram.get(bucket, 0)
        height = plot.height() * value / top
        x = plot.left() + index * slot + (slot - bar_width) / 2
        bar = QRectF(x, plot.bottom() - height, bar_width, height)
        painter.fillRect(bar, BAR_COLOUR)
        painter.setPen(QPen(TEXT_COLOUR))
        label_box = QRectF(x - slot * 0.2, bar.top() - line * 1.2, bar_width + slot * 0.4, line)
        painter.drawText(label_box, Qt.AlignmentFlag.AlignCenter, count_text(value))
        bucket_box = QRectF(x - slot * 0.2, plot.bottom() + line * 0.2, bar_width + slot * 0.4,
                            line)
        painter.drawText(bucket_box, Qt.AlignmentFlag.AlignCenter, str(bucket))
    caption = QRectF(area.left(), plot.bottom() + line * 1.4, area.width(), line * 1.2)
    painter.drawText(caption, Qt.AlignmentFlag.AlignCenter, f"{x_label} → {y_label}")
    painter.restore()
