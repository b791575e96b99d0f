"""A building: a region holding islands and building-level switch tiers; its header
shows IT power against capacity, coloured by headroom."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget

from gui.canvas.items.base import elided, font
from gui.canvas.items.container import ContainerItem
from gui.theme import utilization_colour
from model.elements import Building


class BuildingItem(ContainerItem):
    """Building region with a power bar."""

    kind = "building"
    min_size = (420.0, 240.0)

    def __init__(self, element: Building) -> None:
        super().__init__(element, None)
        self._rect = QRectF(0, 0, *self.min_size)
        self.setZValue(0)

    def power(self) -> tuple[float, float, float, float] | None:
        """(IT kW, facility kW, capacity kW, utilization) from the metrics, or None."""
        scene = self.design_scene()
        metrics = scene.metrics if scene else None
        if metrics is None or self.element_id not in metrics.power.buildings:
            return None
        p = metrics.power.buildings[self.element_id]
        return p.it_kw, p.facility_kw, p.capacity_kw, p.utilization

    def tooltip_lines(self) -> list[str]:
        building: Building = self.element
        lines = super().tooltip_lines()
        lines.append(f"Capacity {building.capacity_kw / 1000:,.1f} MW IT · PUE"
                     f" {building.pue:g} · {building.cooling.value} cooled")
        power = self.power()
        if power:
            lines.append(f"IT {power[0] / 1000:,.1f} MW ({power[3]:.0%} of capacity),"
                         f" facility {power[1] / 1000:,.1f} MW")
        return lines

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        theme = self.theme()
        r = self._rect
        power = self.power()
        colour = utilization_colour(theme, power[3] if power else None)
        self.paint_frame(painter, theme.colour("building_fill"),
                         theme.colour("building_border"), 14, 1.6)
        painter.setPen(QColor(theme.text))
        painter.setFont(font(12.5, bold=True))
        painter.drawText(QRectF(r.left() + 14, r.top() + 1, r.width() * 0.45, 23),
                         Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                         elided(painter, self.element.name, r.width() * 0.45))
        building: Building = self.element
        cap_mw = building.capacity_kw / 1000
        text = (f"IT {power[0] / 1000:,.1f} of {cap_mw:,.1f} MW ({power[3]:.0%})"
                f" · facility {power[1] / 1000:,.1f} MW" if power
                else f"capacity {cap_mw:,.1f} MW · PUE {building.pue:g}")
        painter.setFont(font(8.5))
        painter.setPen(QColor(theme.muted_text))
        painter.drawText(QRectF(r.left() + 14, r.top() + 1, r.width() - 28, 23),
                         Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                         elided(painter, text, r.width() * 0.55 - 28))
        # Power bar along the header: IT against capacity.
        bar = QRectF(r.left() + 14, r.top() + 23, r.width() - 28, 4)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(theme.grid))
        painter.drawRoundedRect(bar, 2, 2)
        if power:
            filled = QRectF(bar.left(), bar.top(), bar.width() * min(power[3], 1.0),
                            bar.height())
            painter.setBrush(colour)
            painter.drawRoundedRect(filled, 2, 2)
        self.paint_badges(painter)
