"""Axes for the metrics charts: category axes that write element names legibly (elided
to a readable length, and on a horizontal axis turned upright so that neighbours never run
into each other), and the choice of which names to write when there are too many."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import pyqtgraph as pg
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QFontMetrics, QPainter

from gui.numbers import decimal_text

MAX_CHARS = 18
"""Longest name written on an axis; longer ones end in an ellipsis (hover for the rest)."""
SHORT_NAME = 14
"""Longest name where two names share the room of one (a pair, a matrix's rows)."""
MAX_LABELS = 24
"""Most names written along one axis; with more categories every k-th is written."""


def elide(name: str, limit: int = MAX_CHARS) -> str:
    """``name`` cut to ``limit`` characters with an ellipsis: "Building 12 north wing" →
    "Building 12 north…"."""
    return name if len(name) <= limit else name[:limit - 1].rstrip() + "…"


def every_kth(count: int, limit: int = MAX_LABELS) -> int:
    """The step between categories whose names are written (1: all of them)."""
    return max(1, math.ceil(count / limit))


class NameAxis(pg.AxisItem):  # type: ignore[misc]  # pyqtgraph ships no type hints
    """An axis of named categories at given positions. A horizontal (bottom) axis writes
    the names upright, reading upwards, so that long names side by side stay apart."""

    def __init__(self, orientation: str, **kwargs: Any) -> None:
        super().__init__(orientation, **kwargs)
        self.names: list[tuple[float, str]] = []
        """(position, full name) of every category, in order."""

    def set_names(self, names: Sequence[tuple[float, str]], limit: int = MAX_CHARS
                  ) -> None:
        """Name the categories at these positions, each cut to ``limit`` characters (an
        empty list clears the axis)."""
        self.names = list(names)
        step = every_kth(len(self.names))
        shown = [(pos, elide(name, limit)) for k, (pos, name) in enumerate(self.names)
                 if k % step == 0]
        if not shown:
            self.setTicks(None)
            if self.orientation == "bottom":
                self.setHeight(None)
            else:
                self.setWidth(None)
            return
        if self.orientation == "bottom":
            # one-character stand-ins let pyqtgraph place every tick; the names are
            # drawn upright in drawPicture, with the height they need
            self._upright = dict(shown)
            self.setTicks([[(pos, "·") for pos, _ in shown]])
            metrics = QFontMetrics(self.style.get("tickFont") or self.font())
            widest = max(metrics.horizontalAdvance(name) for _, name in shown)
            self.setHeight(widest + 14 + (20 if self.labelText else 0))
        else:
            self.setTicks([shown])
            metrics = QFontMetrics(self.style.get("tickFont") or self.font())
            widest = max(metrics.horizontalAdvance(name) for _, name in shown)
            self.setWidth(widest + 14 + (20 if self.labelText else 0))

    def drawPicture(self, p: QPainter, axis_spec: Any, tick_specs: Any, text_specs: Any
                    ) -> None:
        if self.orientation != "bottom" or not self.names:
            super().drawPicture(p, axis_spec, tick_specs, text_specs)
            return
        super().drawPicture(p, axis_spec, tick_specs, [])
        if self.style["tickFont"] is not None:
            p.setFont(self.style["tickFont"])
        p.setPen(self.textPen())
        metrics = QFontMetrics(p.font())
        positions = sorted(self._upright)
        for rect, _flags, _text in text_specs:
            x_view = self.linkedView().mapSceneToView(
                self.mapToScene(rect.center())).x() if self.linkedView() else None
            if x_view is None:
                continue
            pos = min(positions, key=lambda q: abs(q - x_view))
            name = self._upright[pos]
            width = metrics.horizontalAdvance(name) + 4
            height = metrics.height()
            p.save()
            p.translate(rect.center().x(), rect.top())
            p.rotate(-90)
            p.drawText(QRectF(-width, -height / 2, width, height),
                       int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter),
                       name)
            p.restore()


class NumberAxis(pg.AxisItem):  # type: ignore[misc]  # pyqtgraph ships no type hints
    """A value axis written like every other figure in the docks: commas between
    thousands, no trailing zeros, no "×1e9" prefix (the axis label carries the scale)."""

    def __init__(self, orientation: str, **kwargs: Any) -> None:
        super().__init__(orientation, **kwargs)
        self.enableAutoSIPrefix(False)

    def tickStrings(self, values: Sequence[float], scale: float, spacing: float
                    ) -> list[str]:
        return figure_ticks(values, scale, spacing)


def figure_ticks(values: Sequence[float], scale: float, spacing: float) -> list[str]:
    """Tick labels with commas and only the decimals the tick spacing needs."""
    digits = 0 if spacing >= 1 else min(6, math.ceil(-math.log10(spacing)))
    return [decimal_text(v * scale, digits) for v in values]
