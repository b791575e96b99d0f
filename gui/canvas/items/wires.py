"""The connectors of the scene drawn as one layer: every horizontal or vertical piece
of route is merged with the pieces of other bundles of the same look (colour, width,
dashes) on the same line, so a channel that hundreds of bundles share (a Dragonfly+ has
thousands of global links) is drawn once instead of hundreds of times. A selected
bundle draws itself on top; the layer takes no clicks."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Sized
from contextlib import contextmanager
from itertools import pairwise

from PySide6.QtCore import QLineF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from gui.canvas.items.bundle import BundleItem
from model.elements import Pattern

Style = tuple[float, bool, str]
"""Pen width (scene units), dashed, look (see :meth:`BundleItem.look`)."""
Line = tuple[Style, bool, float]
"""A style, horizontal or not, and the y (horizontal) or x (vertical) of the line."""
Span = tuple[float, float]
"""Where a piece runs along its line, low end first."""


def route_pieces(points: list[tuple[float, float]]) -> list[tuple[bool, float, Span]]:
    """The horizontal and vertical pieces of a route: horizontal or not, the line's y
    (or x), and the span along it."""
    # written without abs, min and max: a picture of a Dragonfly+ k = 128 splits
    # 2,210 routes here
    pieces: list[tuple[bool, float, Span]] = []
    for (x1, y1), (x2, y2) in pairwise(points):
        if -1e-6 < y1 - y2 < 1e-6:
            pieces.append((True, round(y1, 2), (x1, x2) if x1 <= x2 else (x2, x1)))
        else:
            pieces.append((False, round(x1, 2), (y1, y2) if y1 <= y2 else (y2, y1)))
    return pieces


def bundle_pieces(bundle: BundleItem) -> list[tuple[Line, Span]]:
    """The horizontal and vertical pieces of a bundle's route, each on its line (the
    route's pieces are worked out once per route; the style at each call)."""
    style = (round(bundle.drawn_width(), 1), bundle.element.pattern is Pattern.GLOBAL,
             bundle.look())
    return [((style, horizontal, at), span)
            for horizontal, at, span in bundle.route_pieces(route_pieces)]


def merge_spans(line: Line, spans: Iterable[Span]) -> list[QLineF]:
    """The pieces on one line, overlapping ones merged."""
    _style, horizontal, at = line
    ordered = sorted(spans)
    merged: list[QLineF] = []
    if not ordered:
        return merged
    lo, hi = ordered[0]
    for a, b in [*ordered[1:], (float("inf"), float("inf"))]:
        if a <= hi:
            hi = max(hi, b)
            continue
        merged.append(QLineF(lo, at, hi, at) if horizontal else QLineF(at, lo, at, hi))
        lo, hi = a, b
    return merged


def merged_lines(bundles: Iterable[BundleItem]) -> dict[Style, list[QLineF]]:
    """The routes of ``bundles`` as lines by style, collinear overlapping pieces merged
    into one."""
    pieces: dict[Line, list[Span]] = defaultdict(list)
    for bundle in bundles:
        for line, span in bundle_pieces(bundle):
            pieces[line].append(span)
    lines: dict[Style, list[QLineF]] = defaultdict(list)
    for line, spans in pieces.items():
        lines[line[0]].extend(merge_spans(line, spans))
    return lines


def _drawn(bundle: BundleItem) -> bool:
    return bundle.isVisible() and bool(bundle.points) and bundle.plain()


class WireLayer(QGraphicsItem):
    """Every plain bundle's connector, merged. A bundle that changed is taken in again
    alone (only the lines it left or joins are merged anew), so routing a few bundles
    does not merge the thousands of others again."""

    def __init__(self, bundles: Callable[[], Iterable[BundleItem]],
                 colour: Callable[[str], QColor]) -> None:
        super().__init__()
        self._bundles = bundles
        self._colour = colour
        self._lines: dict[Style, list[QLineF]] | None = None
        """What is painted, by style (None: to gather from :attr:`_merged`)."""
        self._pieces: dict[str, list[tuple[Line, Span]]] = {}
        """Each drawn bundle's pieces, by bundle id."""
        self._spans: dict[Line, dict[Span, int]] = defaultdict(dict)
        """The pieces on each line: how many bundles run along each span. Thousands of
        a Dragonfly+'s bundles share a few hundred spans; a bundle taken in again that
        leaves and joins the same spans changes only counts, and no line is merged."""
        self._merged: dict[Line, list[QLineF]] = {}
        self._all_stale = True
        self._stale: dict[str, BundleItem] = {}
        self._bounds = QRectF()
        self._held: QRectF | None = None
        """While :meth:`hold` is on: the area changed so far, told to Qt once when it
        ends."""
        self.setZValue(4)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def changed(self, area: QRectF) -> None:
        """Connectors changed around ``area`` (scene coordinates) in ways not told bundle
        by bundle (one removed, the theme): every one is taken in again."""
        self._all_stale = True
        self._grow(area)

    def bundle_changed(self, bundle: BundleItem, area: QRectF) -> None:
        """``bundle``'s route or look changed around ``area`` (scene coordinates)."""
        self._stale[bundle.element_id] = bundle
        if self._held is None:
            self._grow(area)
        else:
            self._held = self._held.united(area)

    @contextmanager
    def hold(self) -> Iterator[None]:
        """Within this, changed bundles are only noted, and the area they changed is
        told to Qt once at the end (routing every bundle of a picture tells it thousands
        of times otherwise)."""
        if self._held is not None:
            yield
            return
        self._held = QRectF()
        try:
            yield
        finally:
            held, self._held = self._held, None
            self._lines = None
            if not held.isEmpty():
                self._grow(held)

    def _grow(self, area: QRectF) -> None:
        self._lines = None
        grown = area.adjusted(-10, -10, 10, 10)
        if not self._bounds.contains(grown):
            self.prepareGeometryChange()
            self._bounds = self._bounds.united(grown)
        self.update(grown)

    def _take_in(self) -> dict[Style, list[QLineF]]:
        """The lines to paint, after merging anew the lines that changed."""
        if self._all_stale:
            self._all_stale = False
            self._stale.clear()
            self._pieces.clear()
            self._spans.clear()
            self._merged.clear()
            touched: set[Line] = set()
            for bundle in self._bundles():
                if _drawn(bundle):
                    self._add(bundle.element_id, bundle_pieces(bundle), touched)
            for line in list(self._spans):
                self._merge(line)
        else:
            touched = set()
            for bid, bundle in self._stale.items():
                drawn = _drawn(bundle) and bundle.scene() is not None
                pieces = bundle_pieces(bundle) if drawn else []
                if drawn and pieces == self._pieces.get(bid):
                    continue  # routed again the same way: nothing to merge
                self._remove(bid, touched)
                if drawn:
                    self._add(bid, pieces, touched)
            self._stale.clear()
            for line in touched:
                self._merge(line)
        lines: dict[Style, list[QLineF]] = defaultdict(list)
        for line, merged in self._merged.items():
            lines[line[0]].extend(merged)
        return lines

    def waiting(self) -> int:
        """How many bundles :meth:`take_in` would take in now."""
        if not self._all_stale:
            return len(self._stale)
        bundles = self._bundles()
        return len(bundles) if isinstance(bundles, Sized) else sum(1 for _ in bundles)

    def take_in(self) -> None:
        """Merge the lines that changed now, not in the next paint (the routing queue
        does this within its slice's time)."""
        if self._lines is None:
            self._lines = self._take_in()

    def _add(self, bid: str, pieces: list[tuple[Line, Span]], touched: set[Line]) -> None:
        """Count ``bid``'s pieces in; a line where a span appears is noted in
        ``touched``."""
        self._pieces[bid] = pieces
        for line, span in pieces:
            counts = self._spans[line]
            n = counts.get(span, 0)
            counts[span] = n + 1
            if not n:
                touched.add(line)

    def _remove(self, bid: str, touched: set[Line]) -> None:
        """Count ``bid``'s pieces out; a line where a span disappears is noted."""
        for line, span in self._pieces.pop(bid, ()):
            counts = self._spans[line]
            n = counts[span] - 1
            if n:
                counts[span] = n
            else:
                del counts[span]
                touched.add(line)

    def _merge(self, line: Line) -> None:
        spans = self._spans.get(line)
        if not spans:
            self._spans.pop(line, None)
            self._merged.pop(line, None)
            return
        self._merged[line] = merge_spans(line, spans)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        if self._lines is None:
            self._lines = self._take_in()
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
