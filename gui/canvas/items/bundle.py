"""A link bundle: a connector from the top of its lower group to the bottom of its upper
tier (or side to side for global links between peers). Its width grows with capacity
(log scale) and its label reads "links × speed"."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPainterPathStroker,
    QPen,
)
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from gui.canvas.items.base import font, thousands
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


class BundleItem(QGraphicsItem):
    """Connector between two group items."""

    kind = "bundle"

    def __init__(self, element: LinkBundle) -> None:
        super().__init__()
        self.element = element
        self.problems: list[str] = []
        self.crossing_gbps: float | None = None
        self._path = QPainterPath()
        self._label_pos = QPointF()
        self.setFlags(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable)
        self.setZValue(5)
        self.setAcceptHoverEvents(True)

    @property
    def element_id(self) -> str:
        """The bundle's id."""
        return self.element.id

    def design_scene(self) -> DesignScene | None:
        """The design scene holding this item."""
        from gui.canvas.scene import DesignScene

        scene = self.scene()
        return scene if isinstance(scene, DesignScene) else None

    def links(self) -> int | None:
        """Number of links from the metrics (None before the first result)."""
        scene = self.design_scene()
        if scene is None or scene.metrics is None:
            return None
        return scene.metrics.inventory.links_by_bundle.get(self.element_id)

    def label(self) -> str:
        """"16 384 × 400G" once the link count is known, else the per-member figure."""
        links = self.links()
        speed = speed_text(self.element.speed_gbps)
        if links is None:
            return f"{self.element.links_per_member}/member × {speed}"
        return f"{thousands(links)} × {speed}"

    def capacity_gbps(self) -> float | None:
        """Links × speed, one direction (None before the link count is known)."""
        links = self.links()
        return None if links is None else links * self.element.speed_gbps

    def set_element(self, element: LinkBundle) -> None:
        """Show a new version of the bundle."""
        self.element = element
        self.refresh()

    def set_problems(self, messages: list[str]) -> None:
        """Mark the bundle with its problems."""
        self.problems = messages
        self.refresh()

    def set_crossing(self, gbps: float | None) -> None:
        """Highlight the bundle as crossing the bisection cut (None: not crossing).
        Only the label and colour change, so the route is kept; nothing is redrawn when
        the figure is the one shown already."""
        gbps = gbps or None
        if gbps == self.crossing_gbps:
            return
        self.prepareGeometryChange()  # the label's width changes
        self.crossing_gbps = gbps
        self._refresh_tooltip()
        self.update()

    def refresh(self) -> None:
        """Recompute tooltip and path after a change of figures."""
        self._refresh_tooltip()
        self.prepareGeometryChange()
        self.update_path()

    def _refresh_tooltip(self) -> None:
        lines = [f"<b>{self.element.name}</b>", f"{self.label()}, {self.element.pattern.value}"
                 " wiring"]
        capacity = self.capacity_gbps()
        if capacity is not None:
            lines.append(f"Capacity {capacity_text(capacity)} each way")
        if self.crossing_gbps:
            lines.append(f"Crosses the bisection cut: {capacity_text(self.crossing_gbps)}")
        lines += [f"<span style='color:#cf222e'>⚠ {m}</span>" for m in self.problems]
        self.setToolTip("<br>".join(lines))

    def update_path(self) -> None:
        """Re-route between the current positions of the two ends."""
        scene = self.design_scene()
        if scene is None:
            return
        ends = scene.bundle_anchors(self.element)
        if ends is None:
            self.setVisible(False)
            return
        self.setVisible(True)
        lower, upper, lower_at, upper_at = ends
        path = QPainterPath()
        if self.element.pattern is Pattern.GLOBAL:
            a = QPointF(lower.right(), lower.center().y())
            b = QPointF(upper.left(), upper.center().y())
            if upper.center().x() < lower.center().x():
                a = QPointF(lower.left(), lower.center().y())
                b = QPointF(upper.right(), upper.center().y())
            bend = max(40.0, abs(b.x() - a.x()) / 3)
            path.moveTo(a)
            path.cubicTo(QPointF(a.x(), a.y() - bend), QPointF(b.x(), b.y() - bend), b)
        else:
            a = QPointF(lower.left() + lower.width() * lower_at, lower.top())
            b = QPointF(upper.left() + upper.width() * upper_at, upper.bottom())
            bend = max(20.0, abs(a.y() - b.y()) / 2)
            path.moveTo(a)
            path.cubicTo(QPointF(a.x(), a.y() - bend), QPointF(b.x(), b.y() + bend), b)
        self.prepareGeometryChange()
        self._path = path
        # Label in the gap just above the lower end: bundles that converge on one
        # upper tier keep their labels apart.
        self._label_pos = path.pointAtPercent(0.5)
        rise = path.elementAt(0).y - path.currentPosition().y()
        if self.element.pattern is not Pattern.GLOBAL and rise > 140:
            target = path.elementAt(0).y - 50.0
            for step in range(1, 50):
                point = path.pointAtPercent(step / 50)
                if point.y() <= target:
                    self._label_pos = point
                    break
        self.update()

    def _width(self) -> float:
        return pen_width(self.capacity_gbps())

    def label_text(self) -> str:
        """The text drawn on the connector (with the cut share when it crosses)."""
        text = self.label()
        if self.crossing_gbps:
            text += f" · cut {capacity_text(self.crossing_gbps)}"
        return text

    def _label_rect(self) -> QRectF:
        width = QFontMetricsF(font(8)).horizontalAdvance(self.label_text()) + 12
        return QRectF(self._label_pos.x() - width / 2, self._label_pos.y() - 9, width, 18)

    def boundingRect(self) -> QRectF:
        margin = self._width() + 4
        return self._path.boundingRect().adjusted(-margin, -margin, margin, margin).united(
            self._label_rect().adjusted(-2, -2, 2, 2))

    def shape(self) -> QPainterPath:
        stroker = QPainterPathStroker()
        stroker.setWidth(max(10.0, self._width() + 6))
        shape = stroker.createStroke(self._path)
        shape.addRect(self._label_rect())
        return shape

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        scene = self.design_scene()
        if scene is None:
            return
        theme = scene.theme
        colour = theme.colour("bundle")
        colour.setAlpha(200)
        width = self._width()
        if self.problems:
            colour = theme.colour("bad")
        if self.crossing_gbps:
            colour, width = theme.colour("cut"), width + 2
        if self.isSelected():
            colour = theme.colour("selection")
        pen = QPen(colour, width)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        if self.element.pattern is Pattern.GLOBAL:
            pen.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(self._path)
        text = self.label_text()
        painter.setFont(font(8))
        box = self._label_rect()
        painter.setPen(QPen(colour, 1))
        painter.setBrush(QColor(theme.base))
        painter.drawRoundedRect(box, 9, 9)
        painter.setPen(QColor(theme.text))
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)

    def hoverEnterEvent(self, event: Any) -> None:
        self.update()
        super().hoverEnterEvent(event)
