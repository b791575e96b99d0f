"""A computing island: a frame around its rack groups and tiers when zoomed in, a block
with its totals when zoomed out (level of detail), written at a size that stays readable
on the screen whatever the zoom."""

from __future__ import annotations

import re

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from gui.canvas.items.base import (
    ScreenLayout,
    ScreenLine,
    draw_screen_lines,
    font,
    plural,
    screen_scale,
    thousands,
)
from gui.canvas.items.container import ContainerItem
from gui.canvas.items.names import header_texts
from gui.canvas.items.tier import COMPACT_SCALE
from gui.compute_breakdown import vendor_name
from gui.i18n import current_language, model_text, translate
from gui.numbers import pflops_text
from model.elements import Island
from model.part_names import accelerator_name

NAME_PX = 13
"""Screen height of a zoomed-out tile's name."""
HOST_CHIP = "host"
"""The chip of :meth:`IslandItem.accelerators` for a nominal host endpoint (the
catalog's "generic" vendor): counted as hosts (:func:`count_forms`)."""


def numbered(name: str) -> tuple[str, str] | None:
    """("AI zone", "15") for "AI zone 15": a name ending in a number, split before it;
    None for a name that does not."""
    found = re.fullmatch(r"(.*?\D)\s*(\d+)", name.strip())
    return (found.group(1).strip(), found.group(2)) if found else None


def chip_short_name(name: str, vendor: str) -> str:
    """An accelerator's name as a zoomed-out island block says it, in the interface
    language: without its vendor and its descriptive tail, up to the first word with a
    digit — the model ("H100", "Ascend 910B", "DCU K100-AI"; "昇腾 910B" in Chinese), so
    two chips of one family (910B and 910C) are never counted as one."""
    full = accelerator_name(name, current_language())
    for prefix in (f"{vendor} ", f"{vendor_name(vendor)} ", vendor_name(vendor)):
        if full.startswith(prefix):
            full = full[len(prefix):]
            break
    words = full.split("（")[0].split("(")[0].split()
    short: list[str] = []
    for word in words:
        short.append(word)
        if any(ch.isdigit() for ch in word):
            break
    return " ".join(short) or name


def count_forms(n: int, chip: str) -> tuple[str, ...]:
    """Ways of saying "``n`` accelerators of kind ``chip``", longest first, every one
    naming what it counts (a bare "1,024" told a new user nothing): "8,128 × H100",
    "8,128 H100", then the number over the chip's model ("8,128" above "H100", two
    lines, :func:`~gui.canvas.items.base.draw_screen_lines`). Nominal hosts (the
    generic endpoint of fat-tree and Dragonfly+ designs) are "1,024 hosts"."""
    count = thousands(n)
    if chip == HOST_CHIP:
        word = model_text("figures", "host") if n == 1 else model_text("names", "hosts")
        return (f"{count} {word}", f"{count}\n{word}")
    model = chip.rsplit(maxsplit=1)[-1]
    return (f"{count} × {chip}", f"{count} {chip}", f"{count}\n{model}")


class IslandItem(ContainerItem):
    """Island frame (detail) or summary block."""

    kind = "island"
    min_size = (240.0, 150.0)

    def __init__(self, element: Island, parent: QGraphicsItem | None = None) -> None:
        super().__init__(element, parent)
        self._rect = QRectF(0, 0, *self.min_size)
        self._summary: tuple[object, list[ScreenLine]] | None = None
        self._header: tuple[object, tuple[str, str]] | None = None
        self._layout = ScreenLayout()
        self.setZValue(1)

    def grips_whole_body(self) -> bool:
        scene = self.design_scene()
        return scene is not None and not scene.detail

    def totals(self) -> tuple[int, int, float | None]:
        """(rack groups, racks, peak BF16 PFLOPS from the metrics or None)."""
        scene = self.design_scene()
        if scene is None:
            return 0, 0, None
        groups = [c.element for c in self.element_children() if c.kind == "rack_group"]
        metrics = scene.metrics
        pflops = metrics.compute.by_island.get(self.element_id) if metrics else None
        return len(groups), sum(g.count for g in groups), pflops

    def accelerators(self) -> list[tuple[int, str]]:
        """(count, accelerator name) of each kind of accelerator in the island, most
        first; each name short (:func:`chip_short_name`: "H100", "Ascend 910B"), or
        :data:`HOST_CHIP` for nominal hosts."""
        scene = self.design_scene()
        if scene is None:
            return []
        catalog = scene.design.catalog
        counts: dict[str, int] = {}
        for child in self.element_children():
            if child.kind != "rack_group":
                continue
            group = child.element
            rack = catalog.rack_type(group.rack_type)
            server = catalog.server(rack.server) if rack else None
            if rack is None or server is None:
                continue
            part = catalog.accelerator(server.accelerator)
            name = (HOST_CHIP if part and part.vendor == "generic" else
                    chip_short_name(part.name, part.vendor) if part else server.accelerator)
            counts[name] = counts.get(name, 0) + (
                group.count * rack.servers_per_rack * server.accelerators_per_server)
        return sorted(((n, name) for name, n in counts.items()), reverse=True)

    def summary_lines(self, numbers: bool = False) -> list[ScreenLine]:
        """What the block says when zoomed out, most important first (worked out again
        only when the design, its figures, the cut or the theme changed). ``numbers``:
        the name said by its number only ("15" for "AI zone 15"), as all the tiles of
        its building say theirs (:meth:`BuildingItem.tiles_by_number`)."""
        scene = self.design_scene()
        # The design's revision stands for the island, its contents and the catalog
        # (looking at every child at every paint cost more than the summary itself).
        key = ((id(scene.metrics), id(scene.theme), scene.design.revision) if scene
               else None, self.cut, self.element, numbers)
        if self._summary is None or self._summary[0] != key:
            self._summary = (key, self._summary_lines(numbers))
        return self._summary[1]

    def _summary_lines(self, numbers: bool = False) -> list[ScreenLine]:
        theme = self.theme()
        groups, racks, pflops = self.totals()
        text, muted = QColor(theme.text), QColor(theme.muted_text)
        # Ways of saying each line, longest first: the tile takes the first that fits
        # its width, and leaves out a line (least important last) rather than cut it.
        number = numbered(self.element.name)
        name = number[1] if numbers and number else self.element.name
        lines: list[ScreenLine] = [(name, NAME_PX, True, text)]
        lines += [(count_forms(n, chip), 11, False, text) for n, chip in self.accelerators()]
        rack_text = plural(racks, "rack")
        if groups != 1:
            rack_text = translate("IslandItem", "{racks} in {groups}").format(
                racks=rack_text, groups=plural(groups, "group"))
        lines.append((rack_text, 11, False, muted))
        if pflops is not None:
            lines.append((f"{pflops_text(pflops)} PF", 11, False, muted))
        if self.cut is not None:
            lines.append((translate("IslandItem", "cut: {side}").format(side=self.cut.label),
                          11, True, text))
        return lines

    def tooltip_lines(self) -> list[str]:
        lines = super().tooltip_lines()
        groups, racks, pflops = self.totals()
        lines.append(f"{plural(groups, 'rack group')}, {plural(racks, 'rack')}")
        if pflops is not None:
            lines.append(translate("IslandItem", "{pflops} PFLOPS peak dense BF16").format(
                pflops=pflops_text(pflops)))
        return lines

    def _header_texts(self, painter: QPainter) -> tuple[str, str]:
        """The header's name and "128 racks · 1,311 PF", fitted side by side (again only
        when the name, the totals, the width or the device changed: an island's frame,
        drawn directly when its contents show, is repainted whenever a card in it is,
        and an edit elsewhere changes none of these)."""
        _, racks, pflops = self.totals()
        key = (self.element.name, racks, pflops, self._rect.width(),
               painter.device().logicalDpiX())  # a PDF measures anew
        if self._header is None or self._header[0] != key:
            summary = plural(racks, "rack")
            if pflops is not None:
                summary += f" · {pflops_text(pflops)} PF"
            painter.setFont(font(8.5))
            summary_metrics = painter.fontMetrics()
            painter.setFont(font(11, bold=True))
            self._header = (key, header_texts(self.element.name, summary,
                                              self._rect.width() - 24,
                                              painter.fontMetrics(), summary_metrics))
        return self._header[1]

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        if self.put_off(painter, "tier_fill"):
            return
        theme = self.theme()
        scene = self.design_scene()
        detail = scene.detail if scene else True
        r = self._rect
        fill = theme.colour("island_fill")
        if not detail:
            fill = QColor(theme.tier_fill)
        self.paint_frame(painter, fill, theme.colour("island_border"), 10, 1.4)
        painter.setPen(QColor(theme.text))
        if detail and screen_scale(painter) < COMPACT_SCALE:
            # The header's text would be under 10 pixels: name and racks, screen-sized.
            _, racks, _pflops = self.totals()
            draw_screen_lines(painter, QRectF(r.left() + 10, r.top() + 3, r.width() - 20,
                                              self.header_height - 4),
                              [((f"{self.element.name} · {plural(racks, 'rack')}",
                                 self.element.name), 12, True, QColor(theme.text))],
                              min_pixels=7, layout=self._layout)  # racks: in the tooltip
        elif detail:
            name, summary = self._header_texts(painter)
            painter.setFont(font(11, bold=True))
            painter.drawText(QRectF(r.left() + 12, r.top() + 4, r.width() - 24, 24),
                             Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, name)
            painter.setPen(QColor(theme.muted_text))
            painter.setFont(font(8.5))
            painter.drawText(QRectF(r.left() + 12, r.top() + 4, r.width() - 24, 24),
                             Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                             summary)
        else:
            box = r.adjusted(8, 6, -8, -6)
            parent = self.parentItem()
            numbers = isinstance(parent, ContainerItem) and parent.tiles_by_number(
                box.width() * screen_scale(painter))
            draw_screen_lines(painter, box, self.summary_lines(numbers),
                              Qt.AlignmentFlag.AlignHCenter, layout=self._layout, drop=True)
        self.paint_badges(painter)
