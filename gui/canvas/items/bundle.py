"""A link bundle: a connector from its lower group up to its upper tier (or side to side
for global links between peers), routed by the scene around the cards it does not join
(:mod:`gui.canvas.routing`). Its width grows with capacity (log scale) and its label
reads "links × speed"; the scene places the label where it covers no card, title or
other label, and leaves it out (tooltip only) where there is no such place."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPainterPathStroker,
    QPen,
    QPolygonF,
)
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from gui.canvas.items.base import font, thousands
from gui.canvas.routing import Point, Rect
from gui.i18n import translate
from gui.words import enum_word
from model.elements import LinkBundle, Pattern

if TYPE_CHECKING:
    from gui.canvas.scene import DesignScene


def speed_text(gbps: float) -> str:
    """"400G", "1.6T"."""
    if gbps >= 1000:
        return f"{gbps / 1000:g}T"
    return f"{gbps:g}G"


def capacity_text(gbps: float) -> str:
    """Capacity in the largest readable unit: "12.8 Tb/s", "1.02 Pb/s", "400 Gb/s"."""
    if gbps >= 1e6:
        return f"{gbps / 1e6:.3g} Pb/s"
    if gbps >= 1e3:
        return f"{gbps / 1e3:.3g} Tb/s"
    return f"{gbps:.3g} Gb/s"


def pen_width(capacity_gbps: float | None) -> float:
    """Connector width in scene units: 1.2 at ≤ 100 Gb/s, +1.1 per decade, at most 8."""
    if not capacity_gbps or capacity_gbps <= 100:
        return 1.2
    return min(8.0, 1.2 + 1.1 * math.log10(capacity_gbps / 100))


LABEL_FONT_PT = 8.0
LABEL_HEIGHT = 18.0
LABEL_MIN_SCALE = 0.75
"""Below this zoom bundle labels are left out (they would be too small to read)."""
_NO_CONTENTS = QGraphicsItem.GraphicsItemFlag.ItemHasNoContents


def label_size(text: str) -> tuple[float, float]:
    """Width and height of the label box of ``text``, scene units."""
    return QFontMetricsF(font(LABEL_FONT_PT)).horizontalAdvance(text) + 12, LABEL_HEIGHT


class BundleItem(QGraphicsItem):
    """Connector between two group items, along the route the scene gives it."""

    kind = "bundle"

    def __init__(self, element: LinkBundle) -> None:
        super().__init__()
        self.element = element
        self.problems: list[str] = []
        self.crossing_gbps: float | None = None
        self.points: list[Point] = []
        self.label_box: Rect | None = None
        """Where the scene placed the label (None: no free place; tooltip only)."""
        self.summary: str | None = None
        """The text of the summed label of a card's many bundles this bundle carries for
        them (None: its own label, if any)."""
        self._drawn_path: QPainterPath | None = None
        """The route as a path, made when first asked for (None: not yet): a picture of
        thousands of bundles never asks (the wire layer draws them from the points)."""
        self._pieces: list[Any] | None = None
        self._text = ""
        self._pen_width = pen_width(None)
        self._crossing_drawn: float | None = None
        self._shown: tuple[LinkBundle, int | None, float | None] | None = None
        """The record, link count and cut share last taken in by :meth:`refresh`."""
        self._tooltip_stale = True
        self._bounds = QRectF()
        self.setFlags(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable
                      | _NO_CONTENTS)  # plain: the wire layer draws it
        self.setZValue(5)
        self.setAcceptHoverEvents(True)

    @property
    def element_id(self) -> str:
        """The bundle's id."""
        return self.element.id

    def design_scene(self) -> DesignScene | None:
        """The design scene holding this item."""
        scene = self.scene()
        return scene if getattr(scene, "is_design_scene", False) else None  # type: ignore[return-value]

    def links(self) -> int | None:
        """Number of links from the metrics (None before the first result)."""
        scene = self.design_scene()
        if scene is None or scene.metrics is None:
            return None
        return scene.metrics.inventory.links_by_bundle.get(self.element_id)

    def label(self, links: int | Literal[False] | None = False) -> str:
        """"16 384 × 400G" once the link count is known, else the per-member figure.
        ``links``: the link count when the caller has it (False: look it up)."""
        links = self.links() if links is False else links
        speed = speed_text(self.element.speed_gbps)
        if links is None:
            return translate("BundleItem", "{links}/member × {speed}").format(
                links=self.element.links_per_member, speed=speed)
        return f"{thousands(links)} × {speed}"

    def capacity_gbps(self, links: int | Literal[False] | None = False) -> float | None:
        """Links × speed, one direction (None before the link count is known)."""
        links = self.links() if links is False else links
        return None if links is None else links * self.element.speed_gbps

    def set_element(self, element: LinkBundle) -> None:
        """Show a new version of the bundle (the scene re-routes it)."""
        self.element = element
        self.refresh()

    def set_problems(self, messages: list[str]) -> None:
        """Mark the bundle with its problems (nothing redrawn when unchanged)."""
        if messages != self.problems:
            self.problems = messages
            self._tooltip_stale = True
            self.update()
            self._relabel()
            self._rewire()

    def set_crossing(self, gbps: float | None) -> None:
        """Highlight the bundle as crossing the bisection cut (None: not crossing).
        Only the label and colour change, so the route is kept; nothing is redrawn when
        the figure is the one shown already."""
        if self.mark_crossing(gbps):
            self.refresh()

    def mark_crossing(self, gbps: float | None) -> bool:
        """Note the bundle's share of the cut without redrawing it (the scene has it
        taken in by :meth:`refresh` in its work queue's slices). True when it changed."""
        gbps = gbps or None
        if gbps == self.crossing_gbps:
            return False
        self.crossing_gbps = gbps
        return True

    def refresh(self) -> bool:
        """Take in new figures (link count, cut): tooltip, width and label text. True
        when the label's text changed, so the scene places it again; the route is
        kept. The tooltip is written when the mouse comes over the bundle. Figures
        that arrive unchanged (the same record, link count and cut share) change
        nothing: a Dragonfly+ has thousands of bundles."""
        links = self.links()
        shown = self._shown
        if shown is not None and shown[0] is self.element and shown[1:] == (
                links, self.crossing_gbps):
            return False
        self._shown = (self.element, links, self.crossing_gbps)
        self._tooltip_stale = True
        text = self.label_text(links)
        width = pen_width(self.capacity_gbps(links))
        changed = text != self._text
        if changed or width != self._pen_width:
            # Not yet routed, nothing is drawn: no geometry to change (a scene being built
            # takes in thousands of bundles' figures before routing any).
            drawn = bool(self.points) or self.label_box is not None
            if drawn:
                self.prepareGeometryChange()
                if width != self._pen_width or self.crossing_gbps != self._crossing_drawn:
                    self._rewire()
            self._text, self._pen_width = text, width
            self._crossing_drawn = self.crossing_gbps
            if drawn:
                self._update_bounds()
                self.update()
        if self.points or self.label_box is not None:
            scene = self.design_scene()
            if changed and scene is not None and self.points:
                scene.schedule_label(self)  # placed in the routing queue's next slice
            self._relabel()
        return changed

    def _relabel(self) -> None:
        """Have the label layer redraw this bundle's label (colour or text changed)."""
        scene = self.design_scene()
        if scene is not None and self.label_box is not None:
            scene.label_moved(self._label_rect())

    def selection_changed(self) -> None:
        """The bundle was selected or deselected (told by the scene, which watches the
        selection: an itemChange override would cost a Python call for every property
        Qt sets on each of thousands of bundles)."""
        # A plain bundle paints nothing (the wire layer draws it): Qt then skips it in
        # every repaint instead of asking each of a Dragonfly+'s thousands for its
        # bounds and calling its paint for nothing.
        self.setFlag(_NO_CONTENTS, self.plain())
        self._relabel()
        self._rewire()

    def tooltip_text(self) -> str:
        """The tooltip, written now if the figures changed since it was last."""
        if self._tooltip_stale:
            self._refresh_tooltip()
        return self.toolTip()

    def _refresh_tooltip(self) -> None:
        self._tooltip_stale = False
        lines = [f"<b>{self.element.name}</b>",
                 translate("BundleItem", "{label}, {pattern} wiring").format(
                     label=self.label(), pattern=enum_word(self.element.pattern))]
        capacity = self.capacity_gbps()
        if capacity is not None:
            lines.append(translate("BundleItem", "Capacity {capacity} each way").format(
                capacity=capacity_text(capacity)))
        if self.crossing_gbps:
            lines.append(translate("BundleItem", "Crosses the bisection cut: {capacity}").format(
                capacity=capacity_text(self.crossing_gbps)))
        lines += [f"<span style='color:#cf222e'>⚠ {m}</span>" for m in self.problems]
        self.setToolTip("<br>".join(lines))

    def update_path(self) -> None:
        """Ask the scene to route the bundle again between its ends' current places."""
        scene = self.design_scene()
        if scene is not None:
            scene.route_bundle(self)

    def set_route(self, points: list[Point] | None) -> None:
        """Follow ``points`` (None: not drawn, e.g. both ends inside one island block)."""
        if not points:
            if self.points:
                self._rewire()
            self.points = []
            self._pieces = None
            self.setVisible(False)
            return
        if self.points:
            self._rewire()
        self.prepareGeometryChange()
        self.points = points
        self._pieces = None
        self._drawn_path = None
        self._update_bounds()
        if not self.isVisible():
            self.setVisible(True)
        if not self.plain():  # a plain bundle is drawn by the wire layer
            self.update()
        self._rewire()

    def route_pieces(self, split: Callable[[list[Point]], list[Any]]) -> list[Any]:
        """The route split into pieces by ``split`` (the wire layer's), kept until the
        route changes."""
        if self._pieces is None:
            self._pieces = split(self.points)
        return self._pieces

    def set_label_box(self, box: Rect | None) -> None:
        """Put the label at ``box`` (None: leave it out); the scene's label layer draws
        it."""
        if box != self.label_box:
            old = self._label_rect()
            self.prepareGeometryChange()
            self.label_box = box
            self._update_bounds()
            self.update()
            scene = self.design_scene()
            if scene is not None:
                scene.label_moved(old)
                scene.label_moved(self._label_rect())

    def label_rect(self) -> QRectF:
        """Where the label is drawn, scene coordinates (empty when left out)."""
        return self._label_rect()

    def label_drawn(self) -> str:
        """The bundle's own label text ("3,072 × 400G", with the cut's share)."""
        return self._text

    def label_shown(self) -> str:
        """The text in the label box: the summary it carries, else its own label."""
        return self.summary or self._text

    def set_summary(self, text: str | None) -> None:
        """Carry the summed label of a card's bundles (None: the bundle's own)."""
        if text != self.summary:
            self.summary = text
            self._relabel()

    def label_text(self, links: int | Literal[False] | None = False) -> str:
        """The text drawn on the connector (with the cut share when it crosses)."""
        text = self.label(links)
        if self.crossing_gbps:
            text += translate("BundleItem", " · cut {capacity}").format(
                capacity=capacity_text(self.crossing_gbps))
        return text

    def label_size(self) -> tuple[float, float]:
        """Size of the label box, scene units."""
        return label_size(self.summary or self._text or self.label_text())

    def _label_rect(self) -> QRectF:
        if self.label_box is None:
            return QRectF()
        left, top, right, bottom = self.label_box
        return QRectF(left, top, right - left, bottom - top)

    @property
    def _polygon(self) -> QPolygonF:
        return QPolygonF([QPointF(x, y) for x, y in self.points])

    @property
    def _path(self) -> QPainterPath:
        """The route as a path (made once per route)."""
        if self._drawn_path is None:
            path = QPainterPath()
            path.addPolygon(self._polygon)
            self._drawn_path = path
        return self._drawn_path

    def _update_bounds(self) -> None:
        margin = self._pen_width + 4
        if self.points:
            xs = [x for x, _y in self.points]
            ys = [y for _x, y in self.points]
            left, top = min(xs), min(ys)
            bounds = QRectF(left - margin, top - margin, max(xs) - left + 2 * margin,
                            max(ys) - top + 2 * margin)
        else:
            bounds = QRectF()
        if self.label_box is not None:
            bounds = bounds.united(self._label_rect().adjusted(-2, -2, 2, 2))
        self._bounds = bounds

    def path(self) -> QPainterPath:
        """The route, scene coordinates."""
        return QPainterPath(self._path)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def shape(self) -> QPainterPath:
        stroker = QPainterPathStroker()
        stroker.setWidth(max(10.0, self._pen_width + 6))
        shape = stroker.createStroke(self._path)
        if self.label_box is not None:
            shape.addRect(self._label_rect())
        return shape

    def plain(self) -> bool:
        """True unless selected: the scene's wire layer draws the bundle, merged with
        the others of its colour, width and dashes."""
        return not self.isSelected()

    def drawn_width(self) -> float:
        """Connector width as drawn, scene units (wider when crossing the cut)."""
        return self._pen_width + (2 if self.crossing_gbps else 0)

    def pen_width(self) -> float:
        """Connector width, scene units."""
        return self._pen_width

    def _rewire(self) -> None:
        """Tell the scene's wire layer that this connector changed."""
        scene = self.design_scene()
        if scene is not None:
            scene.wires.bundle_changed(self, self._bounds)

    def look(self) -> str:
        """Which colour the connector takes: "selection", "cut", "bad" or "bundle" (a
        theme colour's name)."""
        if self.isSelected():
            return "selection"
        if self.crossing_gbps:
            return "cut"
        if self.problems:
            return "bad"
        return "bundle"

    def colour(self) -> QColor:
        """The connector's colour: problem red, cut red, selection blue or plain."""
        scene = self.design_scene()
        if scene is None:
            return QColor("#808080")
        theme = scene.theme
        colour = theme.colour("bundle")
        colour.setAlpha(200)
        if self.problems:
            colour = theme.colour("bad")
        if self.crossing_gbps:
            colour = theme.colour("cut")
        if self.isSelected():
            colour = theme.colour("selection")
        return colour

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        if not self.points or self.plain():
            return  # drawn by the scene's wire layer
        colour = self.colour()
        width = self.drawn_width()
        scale = painter.worldTransform().m11()
        pen = QPen(colour, width)
        hairline = width * scale < 1.5
        if hairline:
            # Zoomed out: a hairline without antialiasing looks the same on screen and
            # is several times cheaper to draw (a Dragonfly+ has thousands of bundles).
            pen = QPen(colour, 1.0)
            pen.setCosmetic(True)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        pen.setCapStyle(Qt.PenCapStyle.FlatCap)
        pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
        if self.element.pattern is Pattern.GLOBAL:
            pen.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPolyline(self._polygon)
        if hairline:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)

    def hoverEnterEvent(self, event: Any) -> None:
        self.tooltip_text()  # before Qt asks for it
        self.update()
        super().hoverEnterEvent(event)
