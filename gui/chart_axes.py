"""Axes for the metrics charts: category axes that write element names legibly (elided
to a readable length, and on a horizontal axis turned upright so that neighbours never run
into each other), writing only as many names as fit side by side without overlap (every
k-th, k chosen from the font's metrics and the axis's length in pixels, again at every
resize), and value axes written like every other figure in the docks."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import Any

import pyqtgraph as pg
from PySide6.QtCore import QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import QFont, QFontMetrics, QPainter

from gui.numbers import decimal_text

MAX_CHARS = 18
"""Longest name written on an axis; longer ones end in an ellipsis (hover for the rest)."""
SHORT_NAME = 14
"""Longest name where two names share the room of one (a pair, a matrix's rows)."""
LABEL_GAP_PX = 3
"""Least room between two neighbouring labels along an axis."""
NICE_STEPS = (1, 2, 5)
"""Steps between numbered categories are 1, 2, 5, 10, 20, 50, … ("10, 20, 30")."""


def elide(name: str, limit: int = MAX_CHARS) -> str:
    """``name`` cut to ``limit`` characters with an ellipsis: "Building 12 north wing" →
    "Building 12 north…"."""
    return name if len(name) <= limit else name[:limit - 1].rstrip() + "…"


def label_step(spacing_px: float, extent_px: float, nice: bool = False) -> int:
    """The step k between categories whose labels are written (1: every one), for
    categories ``spacing_px`` apart along the axis and labels ``extent_px`` long along
    it: the least k with k × spacing ≥ extent + :data:`LABEL_GAP_PX`; ``nice`` rounds k
    up to 1, 2, 5, 10, 20, 50, …"""
    need = extent_px + LABEL_GAP_PX
    if spacing_px <= 0 or not math.isfinite(spacing_px):
        return 1
    step = max(1, math.ceil(need / spacing_px - 1e-9))
    if not nice:
        return step
    scale = 1
    while True:
        for base in NICE_STEPS:
            if base * scale >= step:
                return base * scale
        scale *= 10


class NameAxis(pg.AxisItem):  # type: ignore[misc]  # pyqtgraph ships no type hints
    """An axis of named categories at evenly spaced positions. A horizontal (bottom)
    axis writes names upright, reading upwards, so that long names side by side stay
    apart (or, ``upright=False``, short labels such as numbers across). Only every
    k-th label is written when they would not all fit (:func:`label_step`)."""

    def __init__(self, orientation: str, **kwargs: Any) -> None:
        super().__init__(orientation, **kwargs)
        self.names: list[tuple[float, str]] = []
        """(position, full name) of every category, in order."""
        self.labels: list[tuple[float, str]] = []
        """(position, label as written: the name elided) of every category."""
        self.upright = True
        self.numbered = False
        """Labels are the categories' numbers: written at 10, 20, 30 (nice steps)."""
        self.step = 1
        """The step between labels written at the last drawing."""
        self._upright: dict[float, str] = {}
        # labels may reach past the axis's ends by this much (the end categories' labels
        # are centred half a category from the ends), never further
        spill = QFontMetrics(self.tick_font()).height() // 2 + 2 \
            if orientation == "bottom" else 2
        self.setStyle(hideOverlappingLabels=spill)

    def set_names(self, names: Sequence[tuple[float, str]], limit: int = MAX_CHARS,
                  upright: bool = True, numbered: bool = False) -> None:
        """Name the categories at these positions, each cut to ``limit`` characters (an
        empty list clears the axis); ``upright`` for a bottom axis's names, ``numbered``
        when the labels are the categories' numbers."""
        self.names = list(names)
        self.labels = [(pos, elide(name, limit)) for pos, name in self.names]
        self.upright = upright and self.orientation == "bottom"
        self.numbered = numbered
        if not self.labels:
            self.setTicks(None)
            self._upright = {}
            if self.orientation == "bottom":
                self.setHeight(None)
            else:
                self.setWidth(None)
            return
        self.setTicks([self.labels])
        metrics = QFontMetrics(self.tick_font())
        widest = max(metrics.horizontalAdvance(label) for _, label in self.labels)
        extra = 14 + (20 if self.labelText else 0)
        if self.orientation == "bottom":
            self.setHeight((widest if self.upright else metrics.height()) + extra)
        else:
            self.setWidth(widest + extra)

    def tick_font(self) -> QFont:
        font = self.style.get("tickFont")
        return font if isinstance(font, QFont) else self.font()

    def label_extent(self) -> float:
        """How long a label is along the axis, in pixels: a line's height for names
        beside a vertical axis and for upright names; the widest label's width for
        labels written across a horizontal axis."""
        metrics = QFontMetrics(self.tick_font())
        if self.orientation == "bottom" and not self.upright:
            return float(max(metrics.horizontalAdvance(label) for _, label in self.labels))
        return float(metrics.height())

    def category_spacing(self) -> float:
        """Pixels between neighbouring categories along the axis as laid out now."""
        if len(self.labels) < 2:
            return math.inf
        length = self.geometry().height() if self.orientation in ("left", "right") \
            else self.geometry().width()
        span = abs(self.range[1] - self.range[0])
        positions = sorted(pos for pos, _ in self.labels)
        gap = min(b - a for a, b in itertools.pairwise(positions))
        return length / span * gap if span > 0 else math.inf

    def shown(self) -> list[tuple[float, str]]:
        """The labels to write at the axis's present length."""
        self.step = label_step(self.category_spacing(), self.label_extent(), self.numbered)
        if self.numbered and self.step > 1:
            return [label for k, label in enumerate(self.labels) if (k + 1) % self.step == 0]
        return [label for k, label in enumerate(self.labels) if k % self.step == 0]

    def generateDrawSpecs(self, p: QPainter) -> Any:
        if self.labels:
            shown = self.shown()
            if self.upright:
                # one-character stand-ins let pyqtgraph place every tick; the names are
                # drawn upright in drawPicture
                self._upright = dict(shown)
                self._tickLevels = [[(pos, "·") for pos, _ in shown]]
            else:
                self._tickLevels = [shown]
        return super().generateDrawSpecs(p)

    def drawPicture(self, p: QPainter, axis_spec: Any, tick_specs: Any, text_specs: Any
                    ) -> None:
        if not self.upright or not self.labels:
            bounds = self.boundingRect().adjusted(-0.5, -0.5, 0.5, 0.5)
            # pyqtgraph keeps a label whose box, cut to 80 % of a line, is inside the
            # bounds (outside them it is clipped); the whole line must be
            kept = [(rect, flags, text) for rect, flags, text in text_specs
                    if bounds.contains(p.boundingRect(rect, int(flags), text))]
            super().drawPicture(p, axis_spec, tick_specs, kept)
            return
        super().drawPicture(p, axis_spec, tick_specs, [])
        p.setFont(self.tick_font())
        p.setPen(self.textPen())
        metrics = QFontMetrics(p.font())
        positions = sorted(self._upright)
        view = self.linkedView()
        bounds = self.boundingRect().adjusted(-0.5, -0.5, 0.5, 0.5)
        for rect, _flags, _text in text_specs:
            if view is None:
                continue
            x_view = view.mapSceneToView(self.mapToScene(rect.center())).x()
            pos = min(positions, key=lambda q: abs(q - x_view))
            name = self._upright[pos]
            width = metrics.horizontalAdvance(name) + 4
            height = metrics.height()
            box = QRectF(rect.center().x() - height / 2, rect.top(), height, width)
            if not bounds.contains(box):
                continue
            p.save()
            p.translate(rect.center().x(), rect.top())
            p.rotate(-90)
            p.drawText(QRectF(-width, -height / 2, width, height),
                       int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter),
                       name)
            p.restore()


MIN_TICK_POINTS = 6.0
"""Smallest font a value axis shrinks its numbers to before writing fewer than two."""
MIN_LABEL_POINTS = 7.0
"""Smallest font an axis's label (its unit) shrinks to before it is cut short."""


def _anchored(rect: QRectF, size: QSizeF, orientation: str) -> QRectF:
    """A box of ``size`` placed where pyqtgraph anchors a tick label laid out in
    ``rect``: centred on the tick along the axis, against the axis across it."""
    box = QRectF(QPointF(0, 0), size)
    centre = rect.center()
    if orientation in ("bottom", "top"):
        box.moveCenter(QPointF(centre.x(), centre.y()))
        if orientation == "bottom":
            box.moveTop(rect.top())
        else:
            box.moveBottom(rect.bottom())
    else:
        box.moveCenter(centre)
        if orientation == "left":
            box.moveRight(rect.right())
        else:
            box.moveLeft(rect.left())
    return box


def legible_ticks(boxes: Sequence[tuple[QRectF, str]], bounds: QRectF, vertical: bool
                  ) -> list[tuple[QRectF, str]]:
    """Of tick labels (whole box, text) in order along an axis, those to write: only
    labels whole inside ``bounds`` (never one cut at the axis's ends or edge), and of
    those every k-th, for the least k at which no two written are closer than
    :data:`LABEL_GAP_PX`; of the k ways to start, the one writing the most labels,
    then the shortest ("1, 2" rather than "0.5, 1.5")."""
    inside = [(box, text) for box, text in boxes
              if bounds.adjusted(-0.5, -0.5, 0.5, 0.5).contains(box)]
    inside.sort(key=lambda item: item[0].center().y() if vertical else item[0].center().x())

    def apart(chosen: Sequence[tuple[QRectF, str]]) -> bool:
        for (a, _), (b, _) in itertools.pairwise(chosen):
            gap = b.top() - a.bottom() if vertical else b.left() - a.right()
            if gap < LABEL_GAP_PX:
                return False
        return True

    for step in range(1, len(inside) + 1):
        ways = [inside[start::step] for start in range(step)]
        ways = [way for way in ways if apart(way)]
        if ways:
            return max(ways, key=lambda way: (len(way), -sum(len(t) for _, t in way)))
    return []


def visible_bounds(axis: pg.AxisItem) -> QRectF:
    """What of the axis's painting bounds the chart shows, in the axis's coordinates:
    in a chart lower than its axes the axis runs past the chart's edge."""
    bounds = QRectF(axis.boundingRect())
    scene = axis.scene()
    views = scene.views() if scene is not None else []
    if views:
        view = views[0]
        shown = view.mapToScene(view.viewport().rect()).boundingRect()
        bounds = bounds.intersected(axis.mapRectFromScene(shown))
    return bounds


class NumberAxis(pg.AxisItem):  # type: ignore[misc]  # pyqtgraph ships no type hints
    """A value axis written like every other figure in the docks: commas between
    thousands, no trailing zeros, no "×1e9" prefix (the axis label carries the scale).

    Its numbers are never cut and never run into each other, however small the chart
    (the metrics dock lets a chart shrink to a few dozen pixels): pyqtgraph always
    writes its coarsest level of ticks, whether they fit or not, and keeps a number
    whose box, cut to 80 % of a line, fits the axis. Here every number written lies
    whole inside the axis's bounds, and only every k-th is written where they would
    crowd (:func:`legible_ticks`); where fewer than two would remain the font shrinks,
    down to :data:`MIN_TICK_POINTS`, until two fit. The axis's label (its unit) is
    elided to the axis's length."""

    def __init__(self, orientation: str, **kwargs: Any) -> None:
        self.full_label = ""
        super().__init__(orientation, **kwargs)
        self.enableAutoSIPrefix(False)
        self.written: list[tuple[QRectF, str]] = []
        """The numbers written at the last drawing: (box in the axis's coordinates,
        text)."""
        self.written_font = QFont(self.font())
        """The font they were written in."""
        self.full_label = ""
        """The axis label as set (``labelText`` holds it as written, elided)."""
        self.label_font = QFont(self.label.font())
        """The label's own font (it is written smaller where it would not fit)."""

    def tickStrings(self, values: Sequence[float], scale: float, spacing: float
                    ) -> list[str]:
        return figure_ticks(values, scale, spacing)

    def tick_font(self) -> QFont:
        font = self.style.get("tickFont")
        return QFont(font) if isinstance(font, QFont) else QFont(self.font())

    def setLabel(self, text: str | None = None, *args: Any, **kwargs: Any) -> None:
        self.full_label = text or ""
        super().setLabel(text, *args, **kwargs)
        self._elide_label()

    def resizeEvent(self, event: Any = None) -> None:
        self._elide_label()
        super().resizeEvent(event)

    def _elide_label(self) -> None:
        """Write the label whole, in a smaller font down to :data:`MIN_LABEL_POINTS`
        if need be, else cut to the axis's length (with an ellipsis), else not at all:
        a chart a few dozen pixels high wrote "thousand pairs" past its top, and "十亿对"
        cut to "十…" read as a cross."""
        full = getattr(self, "full_label", "")  # pyqtgraph resizes while building
        if self.label is None or not full:
            return
        vertical = self.orientation in ("left", "right")
        length = self.size().height() if vertical else self.size().width()
        if length <= 0:
            return
        room = length - 2 * self.label.document().documentMargin() - 2
        base = self.label_font.pointSizeF() if self.label_font.pointSizeF() > 0 else 9.0
        font, size = QFont(self.label_font), base
        while True:
            font.setPointSizeF(size)
            if QFontMetrics(font).horizontalAdvance(full) <= room or size <= MIN_LABEL_POINTS:
                break
            size = max(MIN_LABEL_POINTS, size - 0.5)
        text = QFontMetrics(font).elidedText(full, Qt.TextElideMode.ElideRight,
                                             max(0, int(room)))
        if text != full and len(text.rstrip("…").strip()) < 3:
            text = ""  # too little of the label left to read
        written = str(getattr(self, "labelText", ""))
        if text != written or font != self.label.font():
            self.labelText = text
            self.label.setFont(font)
            self.label.setHtml(self.labelString())
            self.picture = None
            self.update()

    def choose(self, p: QPainter, text_specs: Sequence[Any]) -> tuple[QFont, list[Any]]:
        """The font and the numbers (box, text) to write of pyqtgraph's ``text_specs``."""
        vertical = self.orientation in ("left", "right")
        bounds = visible_bounds(self)
        font = self.tick_font()
        size = font.pointSizeF() if font.pointSizeF() > 0 else 9.0
        best: tuple[QFont, list[Any]] = (font, [])
        while True:
            trial = QFont(font)
            trial.setPointSizeF(size)
            p.setFont(trial)
            boxes = []
            for rect, flags, text in text_specs:
                whole = p.boundingRect(QRectF(0, 0, 1000, 1000), int(flags), text).size()
                boxes.append((_anchored(rect, whole, self.orientation), text))
            chosen = legible_ticks(boxes, bounds, vertical)
            if len(chosen) > len(best[1]):
                best = (trial, chosen)
            if len(chosen) >= min(2, len(text_specs)) or size <= MIN_TICK_POINTS:
                return best
            size = max(MIN_TICK_POINTS, size - 0.5)

    def drawPicture(self, p: QPainter, axis_spec: Any, tick_specs: Any, text_specs: Any
                    ) -> None:
        super().drawPicture(p, axis_spec, tick_specs, [])
        font, chosen = self.choose(p, text_specs)
        self.written, self.written_font = chosen, font
        p.setFont(font)
        p.setPen(self.textPen())
        p.setClipRect(self.boundingRect().toAlignedRect())
        for box, text in chosen:
            p.drawText(box, int(Qt.AlignmentFlag.AlignCenter), text)


def figure_ticks(values: Sequence[float], scale: float, spacing: float) -> list[str]:
    """Tick labels with commas and only the decimals the tick spacing needs."""
    digits = 0 if spacing >= 1 else min(6, math.ceil(-math.log10(spacing)))
    return [decimal_text(v * scale, digits) for v in values]
