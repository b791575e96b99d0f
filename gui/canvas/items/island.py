"""A computing island: a frame around its rack groups and tiers when zoomed in, a block
with its totals when zoomed out (level of detail)."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from gui.canvas.items.base import elided, font, thousands
from gui.canvas.items.container import ContainerItem
from model.elements import Island


class IslandItem(ContainerItem):
    """Island frame (detail) or summary block."""

    kind = "island"
    min_size = (240.0, 150.0)

    def __init__(self, element: Island, parent: QGraphicsItem | None = None) -> None:
        super().__init__(element, parent)
        self._rect = QRectF(0, 0, *self.min_size)
        self.setZValue(1)

    def grips_whole_body(self) -> bool:
        scene = self.design_scene()
        return scene is not None and not scene.detail

    def totals(self) -> tuple[int, int, float | None]:
        """(rack groups, racks, peak BF16 PFLOPS from the metrics or None)."""
        scene = self.design_scene()
        if scene is None:
            return 0, 0, None
        groups = [g for g in scene.design.rack_groups.values() if g.island == self.element_id]
        metrics = scene.metrics
        pflops = metrics.compute.by_island.get(self.element_id) if metrics else None
        return len(groups), sum(g.count for g in groups), pflops

    def tooltip_lines(self) -> list[str]:
        lines = super().tooltip_lines()
        groups, racks, pflops = self.totals()
        lines.append(f"{groups} rack groups, {thousands(racks)} racks")
        if pflops is not None:
            lines.append(f"{pflops:,.0f} PFLOPS peak dense BF16")
        return lines

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        theme = self.theme()
        scene = self.design_scene()
        detail = scene.detail if scene else True
        r = self._rect
        fill = theme.colour("island_fill")
        if not detail:
            fill = QColor(theme.tier_fill)
        self.paint_frame(painter, fill, theme.colour("island_border"), 10, 1.4)
        groups, racks, pflops = self.totals()
        painter.setPen(QColor(theme.text))
        if detail:
            painter.setFont(font(11, bold=True))
            painter.drawText(QRectF(r.left() + 12, r.top() + 4, r.width() - 24, 24),
                             Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                             elided(painter, self.element.name, r.width() * 0.55))
            painter.setPen(QColor(theme.muted_text))
            painter.setFont(font(8.5))
            summary = f"{thousands(racks)} racks"
            if pflops is not None:
                summary += f" · {pflops:,.0f} PF"
            painter.drawText(QRectF(r.left() + 12, r.top() + 4, r.width() - 24, 24),
                             Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                             summary)
        else:
            painter.setFont(font(max(12.0, min(28.0, r.width() / 12)), bold=True))
            name_box = QRectF(r.left() + 12, r.top() + r.height() * 0.18, r.width() - 24,
                              r.height() * 0.3)
            painter.drawText(name_box, Qt.AlignmentFlag.AlignCenter,
                             elided(painter, self.element.name, r.width() - 24))
            painter.setFont(font(max(10.0, min(20.0, r.width() / 18))))
            painter.setPen(QColor(theme.muted_text))
            lines = [f"{thousands(racks)} racks in {groups} groups"]
            if pflops is not None:
                lines.append(f"{pflops:,.0f} PFLOPS BF16")
            if self.cut is not None:
                lines.append(f"cut: {self.cut.label}")
            painter.drawText(QRectF(r.left() + 12, name_box.bottom(), r.width() - 24,
                                    r.height() * 0.45),
                             Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop,
                             "\n".join(lines))
        self.paint_badges(painter)
