"""A building: a region holding islands and building-level switch tiers; its header
shows IT power against capacity, coloured by headroom.

Zoomed out, the header is too small to read, so the name and the power figures are
written on a plate just above the building at a fixed size on the screen; the plate's
height in scene units follows the view's zoom (:attr:`DesignScene.view_scale`) and never
reaches into the building above."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter
from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget

from gui.canvas.items.base import (
    ScreenLayout,
    draw_screen_lines,
    font,
    pixel_font,
    screen_scale,
)
from gui.canvas.items.container import ContainerItem
from gui.canvas.items.names import header_texts
from gui.canvas.items.tier import TierItem, plated
from gui.i18n import translate
from gui.theme import utilization_colour
from gui.words import enum_word
from model.elements import Building

TITLE_PT = 12.5
"""The header's name at 100 %."""
TITLE_PX = 15.0
SUBTITLE_PX = 12.0
PLATE_PX = 38.0
"""Screen height of the plate above a zoomed-out building: name and power figures."""
TIER_LINE_PX = 15.0
"""Screen height of a line of the plate naming one of the building's tiers."""
PLATE_TIERS = 2
"""Most tiers a plate names (the others: their tooltips)."""
LEGIBLE_PX = 13.0
"""Below this screen size of the header's name, the plate is shown instead."""


def _power(kw: float, scale_kw: float) -> str:
    """A power in MW with one decimal, or in kW when ``scale_kw`` is under 1 MW."""
    if scale_kw < 1000:
        return f"{kw:,.0f} kW"
    return f"{kw / 1000:,.1f} MW"


RANGED_TITLE_LEAST_PX = 10
"""A plate's title that names its tiles ("Building 3 · AI zone 15–21") may be written
down to this size before it takes two lines ("Building 3" over "AI zone 15–21", in
place of the power figures) and, last, drops the range (the tiles, then saying only
"15", would not say what they number)."""


def ranged_title_px(title: str, room: float, pixels: float) -> float:
    """The largest size from ``pixels`` down to :data:`RANGED_TITLE_LEAST_PX` at which
    ``title`` (bold) fits ``room`` screen pixels; ``pixels`` when none does."""
    size = round(pixels)
    while size >= RANGED_TITLE_LEAST_PX:
        if QFontMetricsF(pixel_font(size, bold=True)).horizontalAdvance(title) <= room:
            return size
        size -= 1
    return pixels


def plate_needed(scale: float) -> bool:
    """True when at ``scale`` the header's name would be smaller than legible."""
    return TITLE_PT * 96 / 72 * scale < LEGIBLE_PX


class BuildingItem(ContainerItem):
    """Building region with a power bar."""

    kind = "building"
    min_size = (420.0, 240.0)

    def __init__(self, element: Building) -> None:
        super().__init__(element, None)
        self._rect = QRectF(0, 0, *self.min_size)
        self._tile_range: tuple[object, str | None] | None = None
        self._layout = ScreenLayout()
        """The plate's text as laid out at the last paint (reused at the same size)."""
        self.setZValue(0)

    def plate_rect(self) -> QRectF:
        """Where the zoomed-out plate is drawn (item coordinates; empty when the header
        is legible at the scene's zoom)."""
        scene = self.design_scene()
        scale = scene.view_scale if scene is not None else 1.0
        if not plate_needed(scale):
            return QRectF()
        height = (PLATE_PX + TIER_LINE_PX * len(self.plate_tiers(scale))) / scale
        if scene is not None:
            height = min(height, scene.room_above(self))
        return QRectF(0, -height, self._rect.width(), height)

    def _scale(self) -> float:
        """The zoom the plate is sized for (the view's, or a picture's while drawn)."""
        scene = self.design_scene()
        return scene.view_scale if scene is not None else 1.0

    def plate_tiers(self, scale: float) -> list[TierItem]:
        """The building's own tiers whose bars are too low on the screen at ``scale``
        to say their names (:func:`gui.canvas.items.tier.plated`): the plate names
        them, on lines of their own, most switches first, up to :data:`PLATE_TIERS`."""
        found = [c for c in self.element_children()
                 if isinstance(c, TierItem) and plated(c, scale)]
        found.sort(key=lambda t: -t.element.count)
        return found[:PLATE_TIERS]

    def tiles_by_number(self, room: float) -> bool:
        from gui.canvas.items.base import SHRINK, pixel_font
        from gui.canvas.items.island import NAME_PX, IslandItem

        # Alike on the whole campus: the widest name of a tile in any building whose
        # plate can say what its tiles are, measured once per revision of the design.
        scene = self.design_scene()
        if scene is None or self.tile_range() is None:
            return False
        revision = scene.design.revision
        widest = scene.widest_tile_name
        if widest is None or widest[0] != revision:
            metrics = QFontMetricsF(pixel_font(round(NAME_PX * SHRINK), bold=True))
            most = 0.0
            for item in scene.element_items():
                parent = item.parentItem()
                if isinstance(item, IslandItem) and isinstance(parent, BuildingItem) and (
                        parent.tile_range() is not None):
                    most = max(most, metrics.horizontalAdvance(item.element.name))
            widest = (revision, most)
            scene.widest_tile_name = widest
        return widest[1] > room

    def tile_range(self) -> str | None:
        """"AI zone 1–7": what the building's islands are and their numbers, when every
        island's name is one word and a number ("AI zone 15"); None otherwise. The
        zoomed-out plate says it, so that a tile too narrow for "AI zone 15" may say
        "15" (:meth:`IslandItem._summary_lines`)."""
        from gui.canvas.items.island import IslandItem, numbered

        scene = self.design_scene()
        revision = scene.design.revision if scene is not None else None
        if self._tile_range is not None and self._tile_range[0] == revision:
            return self._tile_range[1]
        self._tile_range = (revision, self._range(IslandItem, numbered))
        return self._tile_range[1]

    def _range(self, island_kind: type, numbered: Callable[[str], tuple[str, str] | None]
               ) -> str | None:
        names = [numbered(c.element.name) for c in self.element_children()
                 if isinstance(c, island_kind)]
        if not names or any(n is None for n in names):
            return None
        prefixes = {n[0] for n in names if n}
        if len(prefixes) != 1:
            return None
        numbers = sorted(int(n[1]) for n in names if n)
        if len(numbers) == 1:
            return f"{prefixes.pop()} {numbers[0]}"
        return f"{prefixes.pop()} {numbers[0]}–{numbers[-1]}"

    def boundingRect(self) -> QRectF:
        return super().boundingRect().united(self.plate_rect())

    def power_text(self) -> str:
        """"IT 38.8 of 40.0 MW (97%) · facility 50.4 MW" (kW below a megawatt), or
        the capacity before the figures are known."""
        power = self.power()
        building: Building = self.element
        if power:
            return translate("BuildingItem", "IT {it} of {capacity} ({share}) · facility "
                             "{facility}").format(
                it=_power(power[0], power[2]), capacity=_power(power[2], power[2]),
                share=f"{power[3]:.0%}", facility=_power(power[1], power[2]))
        return translate("BuildingItem", "capacity {capacity} · PUE {pue}").format(
            capacity=_power(building.capacity_kw, building.capacity_kw), pue=f"{building.pue:g}")

    def power_texts(self) -> tuple[str, ...]:
        """Ways of saying :meth:`power_text`, longest first, each whole: "IT 38.8 /
        40.0 MW (97%)", "IT 38.8 / 40.0 MW", "IT 38.8 MW" (a narrow plate or header
        takes the longest that fits rather than cutting the long one with "…"); the
        capacity alone before the figures are known. Numbers, units and "IT" read the
        same in every language the interface speaks."""
        power = self.power()
        building: Building = self.element
        if power:
            it, capacity = _power(power[0], power[2]), _power(power[2], power[2])
            it_number, _unit = it.rsplit(" ", 1)
            same_unit = it.endswith(capacity.rsplit(" ", 1)[1])
            ratio = f"IT {it_number if same_unit else it} / {capacity}"
            return (self.power_text(), f"{ratio} ({power[3]:.0%})", ratio, f"IT {it}")
        capacity = _power(building.capacity_kw, building.capacity_kw)
        return (self.power_text(), f"{capacity} · PUE {building.pue:g}", capacity)

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
        lines.append(translate("BuildingItem", "Capacity {mw} MW IT · PUE {pue} · {cooling} "
                               "cooled").format(mw=f"{building.capacity_kw / 1000:,.1f}",
                                                pue=f"{building.pue:g}",
                                                cooling=enum_word(building.cooling)))
        power = self.power()
        if power:
            lines.append(translate("BuildingItem", "IT {it} MW ({share} of capacity), facility "
                                   "{facility} MW").format(
                it=f"{power[0] / 1000:,.1f}", share=f"{power[3]:.0%}",
                facility=f"{power[1] / 1000:,.1f}"))
        return lines

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        if self.put_off(painter, "building_fill"):
            return
        theme = self.theme()
        r = self._rect
        power = self.power()
        colour = utilization_colour(theme, power[3] if power else None)
        self.paint_frame(painter, theme.colour("building_fill"),
                         theme.colour("building_border"), 14, 1.6)
        plate = self.plate_rect()
        if not plate.isEmpty():
            tiles = self.tile_range()
            title: str | tuple[str, ...] = self.element.name
            title_px = TITLE_PX
            if tiles is not None:
                title = (f"{self.element.name} · {tiles}", f"{self.element.name}\n{tiles}",
                         self.element.name)
                title_px = ranged_title_px(title[0], (plate.width() - 2) * screen_scale(
                    painter), title_px)
            draw_screen_lines(painter, plate.adjusted(2, 0, 0, -2), [
                (title, title_px, True, QColor(theme.text)),
                (self.power_texts(), SUBTITLE_PX, False, QColor(theme.text)),
                *[((" · ".join(t.compact_texts()), " ".join(
                    (t.element.name, t.compact_texts()[1].split(" · ")[0])), t.element.name),
                   SUBTITLE_PX, True, QColor(theme.text))
                  for t in self.plate_tiers(self._scale())]], whole_first=True,
                min_pixels=9, layout=self._layout)
        else:
            painter.setFont(font(8.5))
            power_metrics = painter.fontMetrics()
            painter.setPen(QColor(theme.text))
            painter.setFont(font(TITLE_PT, bold=True))
            name, power_text = header_texts(self.element.name, self.power_texts(),
                                            r.width() - 28, painter.fontMetrics(),
                                            power_metrics)
            painter.drawText(QRectF(r.left() + 14, r.top() + 1, r.width() - 28, 23),
                             Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, name)
            painter.setFont(font(8.5))
            painter.setPen(QColor(theme.muted_text))
            painter.drawText(QRectF(r.left() + 14, r.top() + 1, r.width() - 28, 23),
                             Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                             power_text)
        # Power bar along the header: IT against capacity (the whole header when the
        # plate says the figures).
        bar = QRectF(r.left() + 14, r.top() + 23, r.width() - 28, 4)
        if not plate.isEmpty():
            bar = QRectF(r.left() + 10, r.top() + 8, r.width() - 20, 16)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(theme.grid))
        painter.drawRoundedRect(bar, 2, 2)
        if power:
            filled = QRectF(bar.left(), bar.top(), bar.width() * min(power[3], 1.0),
                            bar.height())
            painter.setBrush(colour)
            painter.drawRoundedRect(filled, 2, 2)
        self.paint_badges(painter)
