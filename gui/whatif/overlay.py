"""Failed elements on the canvas: a red hatch and cross over each failed element, and a
badge saying how much of it is down ("1 of 4 switches down", "dark").

The marks are child items of the elements' own items (as the jobs overlay's are), drawn
over them and ignoring the mouse. They are redrawn whenever the failures change or fresh
figures reach the canvas (an edit may have rebuilt an item), and vanish with their
element's item.
"""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainterPath, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsRectItem,
    QGraphicsSimpleTextItem,
)

from gui.canvas.items.bundle import BundleItem
from gui.canvas.scene import DesignScene
from gui.i18n import QT_TRANSLATE_NOOP, translate
from model.design import Design
from model.failures import Failure, members_of
from model.metrics.kept_bandwidth import DEFAULT_THRESHOLD

FAILED_COLOUR = "#c62828"
"""Red of the failed marks (readable on the light and the dark canvas)."""
CUT_OFF_COLOUR = "#e65100"
"""Orange of the rack groups whose accelerators a failure cut off."""
LOW_BANDWIDTH_COLOUR = "#8e24aa"
"""Purple of the rack groups whose accelerators a failure left at low bandwidth (at
most the threshold of their healthy bandwidth, not cut off)."""
LEGEND_ROWS: tuple[tuple[str, str], ...] = (
    ("", QT_TRANSLATE_NOOP("Legend", "<b>What-if</b> (failures in force)")),
    (FAILED_COLOUR, QT_TRANSLATE_NOOP("Legend", "hatched and crossed: failed")),
    (CUT_OFF_COLOUR, QT_TRANSLATE_NOOP("Legend", "dotted outline: accelerators cut off")),
    (LOW_BANDWIDTH_COLOUR,
     QT_TRANSLATE_NOOP("Legend", "dash-dot outline: accelerators at low bandwidth")),
)
"""The legend's rows for the what-if marks (:mod:`gui.legend`)."""


def badge_text(design: Design, failure: Failure) -> str:
    """What the badge of a failed element says: "1 of 4 switches down", "all 64 links
    down", "dark" (a building or island)."""
    kind = design.kind_of(failure.element)
    if kind in ("building", "island"):
        return translate("WhatIf", "dark (failed)")
    unit = translate("WhatIf", {"tier": QT_TRANSLATE_NOOP("WhatIf", "switches"),
                                "bundle": QT_TRANSLATE_NOOP("WhatIf", "links"),
                                "rack_group": QT_TRANSLATE_NOOP("WhatIf", "racks")}.get(
        kind or "", QT_TRANSLATE_NOOP("WhatIf", "members")))
    total = members_of(design, failure.element)
    if failure.whole:
        return translate("WhatIf", "all {total} {unit} down").format(total=f"{total:,}",
                                                                     unit=unit)
    down = failure.count if failure.count is not None else len(failure.members or ())
    return translate("WhatIf", "{down} of {total} {unit} down").format(
        down=f"{down:,}", total=f"{total:,}", unit=unit)


class FailureOverlay:
    """The failed marks of one scene."""

    def __init__(self, scene: DesignScene) -> None:
        self.scene = scene
        self.marks: list[QGraphicsItem] = []
        self.badges: dict[str, str] = {}
        """Element id → the badge text shown (for tests and tooltips)."""
        self.cut_off: dict[str, int] = {}
        """Rack group id → accelerators marked cut off."""
        self.low_bandwidth: dict[str, int] = {}
        """Rack group id → accelerators marked at low bandwidth."""
        self._lines: dict[int, int] = {}

    def clear(self) -> None:
        """Remove every mark still on the canvas."""
        for mark in self.marks:
            if shiboken6.isValid(mark) and mark.scene() is not None:
                mark.scene().removeItem(mark)
        self.marks = []
        self.badges = {}
        self.cut_off = {}
        self.low_bandwidth = {}
        self._lines = {}

    def show(self, design: Design, failures: tuple[Failure, ...],
             cut_off: dict[str, int] | None = None,
             low_bandwidth: dict[str, int] | None = None,
             threshold: float = DEFAULT_THRESHOLD) -> None:
        """Mark every failed element of ``failures``, the rack groups whose accelerators
        they cut off (``cut_off``: rack group id → accelerators, the engine's figures
        once computed) and those whose accelerators they left at low bandwidth
        (``low_bandwidth``, at most ``threshold`` of healthy)."""
        self.clear()
        for group_id, count in (low_bandwidth or {}).items() if failures else ():
            item = self._visible(design, group_id)
            if item is None or not count:
                continue
            rect = item.boundingRect().adjusted(-4, -4, 4, 4)  # outside a cut-off mark
            outline = QGraphicsRectItem(rect, item)
            outline.setPen(QPen(QColor(LOW_BANDWIDTH_COLOUR), 3, Qt.PenStyle.DashDotLine))
            outline.setBrush(QBrush(Qt.BrushStyle.NoBrush))
            text = translate("WhatIf", "{count} at ≤ {percent} % bandwidth").format(
                count=f"{count:,}", percent=f"{threshold * 100:g}")
            self._badge(outline, item.boundingRect().bottomLeft() + QPointF(0, 2), text,
                        leftwards=False, colour=QColor(LOW_BANDWIDTH_COLOUR),
                        line=self._next_line(item))
            self._finish(outline, "")
            outline.setToolTip(translate(
                "WhatIf", "{count} accelerators keep at most {percent} % of their healthy"
                " bandwidth to the rest of the network").format(
                count=f"{count:,}", percent=f"{threshold * 100:g}"))
            self.low_bandwidth[group_id] = count
        for group_id, count in (cut_off or {}).items() if failures else ():
            item = self._visible(design, group_id)
            if item is None or not count:
                continue
            outline = QGraphicsRectItem(item.boundingRect(), item)
            outline.setPen(QPen(QColor(CUT_OFF_COLOUR), 3, Qt.PenStyle.DotLine))
            outline.setBrush(QBrush(Qt.BrushStyle.NoBrush))
            text = translate("WhatIf", "{count} cut off").format(count=f"{count:,}")
            self._badge(outline, item.boundingRect().bottomLeft() + QPointF(0, 2), text,
                        leftwards=False, colour=QColor(CUT_OFF_COLOUR),
                        line=self._next_line(item))
            self._finish(outline, translate(
                "WhatIf", "{count} accelerators cut off: no scale-out link left").format(
                count=f"{count:,}"))
            self.cut_off[group_id] = count
        for failure in failures:
            item = self.scene.item_for(failure.element)
            if item is None:
                continue
            text = badge_text(design, failure)
            self.badges[failure.element] = text
            if not item.isVisible():  # zoomed out: a tier is drawn inside its island
                self._mark_container(design, failure.element, text)
            elif isinstance(item, BundleItem):
                self._mark_bundle(item, text)
            else:
                self._mark_element(item, item.boundingRect(), text)

    def _visible(self, design: Design, element_id: str) -> QGraphicsItem | None:
        """The element's item, or when it is hidden at this zoom its island's (or
        building's) item; None when none is on show."""
        for place in (element_id, design.island_of(element_id),
                      design.building_of(element_id)):
            item = self.scene.item_for(place) if place else None
            if item is not None and item.isVisible():
                return item
        return None

    def _colour(self, alpha: int = 255) -> QColor:
        colour = QColor(FAILED_COLOUR)
        colour.setAlpha(alpha)
        return colour

    def _mark_element(self, item: QGraphicsItem, rect: QRectF, text: str) -> None:
        hatch = QGraphicsRectItem(rect, item)
        hatch.setBrush(QBrush(self._colour(150), Qt.BrushStyle.BDiagPattern))
        hatch.setPen(QPen(self._colour(), 3))
        cross = QPainterPath()
        cross.moveTo(rect.topLeft())
        cross.lineTo(rect.bottomRight())
        cross.moveTo(rect.topRight())
        cross.lineTo(rect.bottomLeft())
        lines = QGraphicsPathItem(cross, hatch)
        lines.setPen(QPen(self._colour(110), 2))
        self._badge(hatch, rect.topRight(), text)
        self._finish(hatch, text)

    def _mark_container(self, design: Design, element_id: str, text: str) -> None:
        """A badge on the visible island or building holding a hidden element, naming
        it ("Spine: 1 of 4 switches down")."""
        element = design.element(element_id)
        name = element.name if element is not None else element_id
        for place in (design.island_of(element_id), design.building_of(element_id)):
            item = self.scene.item_for(place) if place else None
            if item is not None and item.isVisible():
                outline = QGraphicsRectItem(item.boundingRect(), item)
                outline.setPen(QPen(self._colour(), 3, Qt.PenStyle.DashLine))
                outline.setBrush(QBrush(Qt.BrushStyle.NoBrush))
                self._badge(outline, item.boundingRect().bottomLeft() + QPointF(0, 2),
                            f"{name}: {text}", leftwards=False, line=self._next_line(item))
                self._finish(outline, f"{name}: {text}")
                return

    def _mark_bundle(self, item: BundleItem, text: str) -> None:
        path = QGraphicsPathItem(item.path(), item)
        path.setPen(QPen(self._colour(), 4, Qt.PenStyle.DashLine))
        path.setBrush(QBrush(Qt.BrushStyle.NoBrush))
        middle = item.path().pointAtPercent(0.5)
        self._badge(path, middle, text)
        self._finish(path, text)

    def _next_line(self, item: QGraphicsItem) -> int:
        """How many badges already hang under ``item`` (the next goes below them)."""
        line = self._lines.get(id(item), 0)
        self._lines[id(item)] = line + 1
        return line

    def _badge(self, parent: QGraphicsItem, corner: QPointF, text: str,
               leftwards: bool = True, colour: QColor | None = None,
               line: int = 0) -> None:
        label = QGraphicsSimpleTextItem(text)
        font = QFont()
        font.setPointSizeF(9)
        font.setBold(True)
        label.setFont(font)
        label.setBrush(QBrush(QColor("white")))
        text_box = label.boundingRect()
        # drawn leftwards and down from the corner, so it stays inside the element
        left = -text_box.width() - 10 if leftwards else 2
        top = 2 + line * (text_box.height() + 6)  # pixels: the badge ignores the zoom
        box = QRectF(left, top, text_box.width() + 8, text_box.height() + 4)
        back = QGraphicsRectItem(box, parent)
        back.setBrush(QBrush(colour or self._colour()))
        back.setPen(QPen(Qt.PenStyle.NoPen))
        back.setPos(corner)
        label.setParentItem(back)
        label.setPos(box.left() + 4, box.top() + 2)
        # a badge keeps its size on screen whatever the zoom, like the problem badges
        back.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)

    def _finish(self, mark: QGraphicsItem, text: str) -> None:
        mark.setZValue(1100)
        mark.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        mark.setAcceptHoverEvents(False)
        mark.setToolTip(translate("WhatIf", "Failed: {what}").format(what=text))
        self.marks.append(mark)
