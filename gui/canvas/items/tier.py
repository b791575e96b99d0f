"""A switch tier: a bar above what it serves, with its count and switch model; the stripe
on the left is its oversubscription (green 1:1, amber oversubscribed, red past the
design's threshold)."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter
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
from gui.i18n import current_language, translate
from gui.theme import oversubscription_colour
from gui.words import enum_word
from model.elements import SwitchTier
from model.part_names import part_name

WIDTH, HEIGHT = 200.0, 44.0
COMPACT_SCALE = 0.75
"""Below this zoom the bar says only its name, count and role, in screen-sized text
(the full card's text would be under 10 pixels high)."""
PLATED_PX = 20.0
"""A building's tier whose bar is lower than this on the screen is named on its
building's plate instead (:meth:`gui.canvas.items.building.BuildingItem.plate_lines`):
its own text would be squashed under 8 pixels."""


def plated(item: ElementItem, scale: float) -> bool:
    """Whether ``item``, a tier standing in a building (not in an island), is named on
    its building's plate at ``scale`` rather than in its own bar."""
    return HEIGHT * scale < PLATED_PX and item.parentItem() is not None and (
        getattr(item.parentItem(), "kind", "") == "building")


def ratio_text(ratio: float | None) -> str:
    """"3:1", "1.5:1", or "top" for a tier without uplinks."""
    if ratio is None:
        return translate("TierItem", "top tier")
    return f"{ratio:.3g}:1"


class TierItem(ElementItem):
    """Switch tier bar."""

    kind = "tier"
    linkable = True

    def __init__(self, element: SwitchTier, parent: QGraphicsItem | None = None) -> None:
        super().__init__(element, parent)
        self._rect = QRectF(0, 0, WIDTH, HEIGHT)
        self._layout = ScreenLayout()
        """The compact card's text as laid out at the last paint."""
        self.setZValue(3)

    def compact_texts(self) -> tuple[str, str]:
        """Its name, and "×576 · aggregation · 7:1" (the zoomed-out bar's two lines)."""
        tier: SwitchTier = self.element
        known, ratio = self.oversubscription()
        return tier.name, (f"×{thousands(tier.count)} · {enum_word(tier.role)}"
                           + (f" · {ratio_text(ratio)}" if known else ""))

    def oversubscription(self) -> tuple[bool, float | None]:
        """(known, ratio down:up) from the metrics."""
        scene = self.design_scene()
        metrics = scene.metrics if scene else None
        if metrics is None or self.element_id not in metrics.oversubscription:
            return False, None
        return True, metrics.oversubscription[self.element_id].ratio

    def switch_name(self) -> str:
        """The switch model's name in the interface language, as the palette and the
        inspector write it (its id when the part is missing)."""
        scene = self.design_scene()
        part = scene.design.catalog.switch(self.element.switch) if scene else None
        if part is None:
            return translate("RackGroupItem", "{id} (missing)").format(id=self.element.switch)
        return part_name(part.name, current_language())

    def tooltip_lines(self) -> list[str]:
        lines = super().tooltip_lines()
        tier: SwitchTier = self.element
        lines.append(translate("TierItem", "{count} × {switch}, {role}, {scope} scope, {plane} "
                               "plane").format(count=thousands(tier.count),
                                               switch=self.switch_name(),
                                               role=enum_word(tier.role),
                                               scope=enum_word(tier.scope),
                                               plane=enum_word(tier.plane)))
        known, ratio = self.oversubscription()
        if known:
            lines.append(translate("TierItem", "Oversubscription (down : up): {ratio}").format(
                ratio=ratio_text(ratio)))
        return lines

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        if self.put_off(painter, "tier_fill"):
            return
        theme = self.theme()
        r = self._rect
        self.paint_frame(painter, theme.colour("tier_fill"), theme.colour("island_border"), 8)
        known, ratio = self.oversubscription()
        scene = self.design_scene()
        threshold = scene.design.settings.oversubscription_threshold if scene else 8.0
        colour = (oversubscription_colour(theme, ratio, threshold) if known
                  else theme.colour("unknown"))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour)
        painter.drawRoundedRect(QRectF(r.left() + 1, r.top() + 1, 7, r.height() - 2), 4, 4)
        tier: SwitchTier = self.element
        if plated(self, scene.view_scale if scene else screen_scale(painter)):
            self.paint_badges(painter)  # named on the building's plate, readable there
            return
        if screen_scale(painter) < COMPACT_SCALE:
            # Zoomed out: name and count at a size that stays readable.
            name, figures = self.compact_texts()
            draw_screen_lines(painter, r.adjusted(10, 2, -4, -2), [
                (name, 11, True, QColor(theme.text)),
                (figures, 11, False, QColor(theme.text))], min_pixels=7,
                layout=self._layout)
            self.paint_badges(painter)
            return
        painter.setPen(QColor(theme.text))
        painter.setFont(font(10.5, bold=True))
        count = f"×{thousands(tier.count)}"
        count_width = painter.fontMetrics().horizontalAdvance(count) + 4
        painter.drawText(QRectF(r.right() - 8 - count_width, r.top() + 4, count_width, 20),
                         Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, count)
        name_width = r.width() - 26 - count_width
        title = fit_title(painter, tier.name, name_width, 9)
        painter.drawText(QRectF(r.left() + 14, r.top() + 4, name_width, 20),
                         Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, title)
        painter.setPen(QColor(theme.muted_text))
        painter.setFont(font(7.5))
        detail = f"{enum_word(tier.role)} · {self.switch_name()}"
        if known:
            detail = f"{enum_word(tier.role)} · {ratio_text(ratio)} · {self.switch_name()}"
        if self.cut is not None:
            detail = translate("IslandItem", "cut: {side}").format(side=self.cut.label)
        painter.drawText(QRectF(r.left() + 14, r.top() + 23, r.width() - 22, 16),
                         Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                         elided(painter, detail, r.width() - 22))
        self.paint_badges(painter)
