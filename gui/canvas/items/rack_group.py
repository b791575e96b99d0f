"""A rack group: ``count`` identical racks, drawn once with "×count" (never a rack each)."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from gui.canvas.items.base import ElementItem, elided, font, thousands
from gui.theme import utilization_colour
from model.elements import RackGroup

WIDTH, HEIGHT = 184.0, 66.0


class RackGroupItem(ElementItem):
    """Rack group body: rack icon, name, ×count, rack type and power per rack; the stripe
    on the left is the rack's power against its budget (green/amber/red)."""

    kind = "rack_group"
    linkable = True

    def __init__(self, element: RackGroup, parent: QGraphicsItem | None = None) -> None:
        super().__init__(element, parent)
        self._rect = QRectF(0, 0, WIDTH, HEIGHT)
        self.setZValue(2)

    def rack_power(self) -> tuple[float, float, float] | None:
        """(kW per rack, budget kW, utilization) from the metrics, or None."""
        scene = self.design_scene()
        metrics = scene.metrics if scene else None
        if metrics is None:
            return None
        rack = metrics.power.racks.get(self.element_id)
        if rack is None:
            return None
        return rack.per_rack_kw, rack.budget_kw, rack.utilization

    def rack_type_name(self) -> str:
        """The rack type's name (its id when the part is missing)."""
        scene = self.design_scene()
        part = scene.design.catalog.rack_type(self.element.rack_type) if scene else None
        return part.name if part else f"{self.element.rack_type} (missing)"

    def tooltip_lines(self) -> list[str]:
        lines = super().tooltip_lines()
        lines.append(f"{thousands(self.element.count)} racks of {self.rack_type_name()}")
        power = self.rack_power()
        if power:
            lines.append(f"{power[0]:.1f} kW per rack of {power[1]:.0f} kW budget")
        lines.append("Drag the top handle to a switch tier to link it")
        return lines

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        theme = self.theme()
        r = self._rect
        self.paint_frame(painter, theme.colour("rack_fill"), theme.colour("island_border"), 5)
        power = self.rack_power()
        stripe = utilization_colour(theme, power[2] if power else None)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(stripe)
        painter.drawRoundedRect(QRectF(r.left() + 1, r.top() + 1, 6, r.height() - 2), 3, 3)
        # A stack of three racks as the icon.
        painter.setPen(QPen(QColor(theme.muted_text), 1))
        for i in range(3):
            painter.setBrush(QColor(theme.base))
            painter.drawRect(QRectF(r.left() + 14 + i * 4, r.top() + 14 - i * 3, 16, 26))
        painter.setPen(QColor(theme.text))
        painter.setFont(font(9.5, bold=True))
        painter.drawText(QRectF(r.left() + 44, r.top() + 6, r.width() - 100, 18),
                         Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                         elided(painter, self.element.name, r.width() - 100))
        painter.setFont(font(13, bold=True))
        painter.drawText(QRectF(r.right() - 70, r.top() + 4, 62, 24),
                         Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                         f"×{thousands(self.element.count)}")
        painter.setPen(QColor(theme.muted_text))
        painter.setFont(font(8))
        painter.drawText(QRectF(r.left() + 44, r.top() + 26, r.width() - 52, 16),
                         Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                         elided(painter, self.rack_type_name(), r.width() - 52))
        line = f"{power[0]:.1f} / {power[1]:.0f} kW per rack" if power else "racks"
        if self.cut is not None:
            line = f"cut: {self.cut.label}"
        painter.drawText(QRectF(r.left() + 44, r.top() + 43, r.width() - 52, 16),
                         Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                         elided(painter, line, r.width() - 52))
        self.paint_badges(painter)
