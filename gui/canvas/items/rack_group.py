"""A rack group: ``count`` identical racks, drawn once with "×count" (never a rack each)."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from gui.canvas.items.base import (
    ElementItem,
    ScreenLayout,
    draw_screen_lines,
    elided,
    fit_title,
    font,
    screen_scale,
    thousands,
)
from gui.canvas.items.tier import COMPACT_SCALE
from gui.i18n import current_language, translate
from gui.theme import utilization_colour
from model.elements import RackGroup
from model.part_names import rack_type_name

WIDTH, HEIGHT = 200.0, 64.0


class RackGroupItem(ElementItem):
    """Rack group body: rack icon, name, ×count, rack type and power per rack; the stripe
    on the left is the rack's power against its budget (green/amber/red)."""

    kind = "rack_group"
    linkable = True

    def __init__(self, element: RackGroup, parent: QGraphicsItem | None = None) -> None:
        super().__init__(element, parent)
        self._rect = QRectF(0, 0, WIDTH, HEIGHT)
        self._layout = ScreenLayout()
        """The compact card's text as laid out at the last paint."""
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
        """The rack type's name in the interface language, as the palette writes it (its
        id when the part is missing)."""
        scene = self.design_scene()
        part = scene.design.catalog.rack_type(self.element.rack_type) if scene else None
        if part is None:
            return translate("RackGroupItem", "{id} (missing)").format(id=self.element.rack_type)
        return rack_type_name(part.name, current_language())

    def tooltip_lines(self) -> list[str]:
        lines = super().tooltip_lines()
        lines.append(translate("RackGroupItem", "{count} racks of {type}").format(
            count=thousands(self.element.count), type=self.rack_type_name()))
        power = self.rack_power()
        if power:
            lines.append(translate("RackGroupItem", "{used} kW per rack of {budget} kW budget"
                                   ).format(used=f"{power[0]:.1f}", budget=f"{power[1]:.0f}"))
        lines.append(translate("RackGroupItem", "Drag the top handle to a switch tier to link it"))
        return lines

    def compact_figures(self) -> tuple[str, ...]:
        """The zoomed-out card's figures, longest first: "×384 · 40.8 of 44 kW",
        "×384 · 40.8/44 kW" (the tooltip says it in full). With the cut shown, its
        side instead of the power."""
        count = f"×{thousands(self.element.count)}"
        if self.cut is not None:
            return (count + " · " + translate("IslandItem", "cut: {side}").format(
                side=self.cut.label),)
        power = self.rack_power()
        if not power:
            return (count,)
        used, budget = f"{power[0]:.1f}", f"{power[1]:.0f}"
        return (count + " · " + translate("RackGroupItem", "{used} of {budget} kW").format(
            used=used, budget=budget), f"{count} · {used}/{budget} kW")

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        if self.put_off(painter, "rack_fill"):
            return
        theme = self.theme()
        r = self._rect
        self.paint_frame(painter, theme.colour("rack_fill"), theme.colour("island_border"), 5)
        stripe_power = self.rack_power()
        stripe = utilization_colour(theme, stripe_power[2] if stripe_power else None)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(stripe)
        painter.drawRoundedRect(QRectF(r.left() + 1, r.top() + 1, 6, r.height() - 2), 3, 3)
        if screen_scale(painter) < COMPACT_SCALE:
            # Zoomed out: name and count at a size that stays readable.
            draw_screen_lines(painter, r.adjusted(12, 3, -4, -3), [
                (self.element.name, 11, True, QColor(theme.text)),
                (self.compact_figures(), 11, False, QColor(theme.text))], min_pixels=7,
                layout=self._layout)
            self.paint_badges(painter)
            return
        # A stack of three racks as the icon.
        painter.setPen(QPen(QColor(theme.muted_text), 1))
        for i in range(3):
            painter.setBrush(QColor(theme.base))
            painter.drawRect(QRectF(r.left() + 13 + i * 3.5, r.top() + 14 - i * 3, 13, 22))
        text_left = r.left() + 38
        width = r.right() - 8 - text_left
        painter.setPen(QColor(theme.text))
        title = fit_title(painter, self.element.name, width, 9)
        painter.drawText(QRectF(text_left, r.top() + 3, width, 18),
                         Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, title)
        painter.setFont(font(10.5, bold=True))
        count = f"×{thousands(self.element.count)}"
        count_width = painter.fontMetrics().horizontalAdvance(count) + 6
        painter.drawText(QRectF(text_left, r.top() + 21, count_width, 20),
                         Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, count)
        painter.setPen(QColor(theme.muted_text))
        painter.setFont(font(7.5))
        painter.drawText(QRectF(text_left + count_width, r.top() + 21, width - count_width, 20),
                         Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                         elided(painter, self.rack_type_name(), width - count_width))
        power = self.rack_power()
        line = translate("RackGroupItem", "{used} of {budget} kW per rack").format(
            used=f"{power[0]:.1f}", budget=f"{power[1]:.0f}") if power else translate(
            "RackGroupItem", "racks")
        if self.cut is not None:
            line = translate("IslandItem", "cut: {side}").format(side=self.cut.label)
        painter.drawText(QRectF(text_left, r.top() + 41, width, 18),
                         Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                         elided(painter, line, width))
        self.paint_badges(painter)
