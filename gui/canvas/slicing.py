"""A picture of the scene painted over several turns of the event loop (DESIGN §4: no
stall over 50 ms), every turn drawing the next few items onto the same painter.

Qt paints a scene (:meth:`QGraphicsScene.render`) in one call, item after item in
stacking order (lowest first: the reverse of ``items(source)``). Here the scene is
rendered once per slice of that order, onto the same painter, every item outside the
slice flagged ``ItemHasNoContents`` meanwhile (Qt then passes over it without touching
the painter) and the grid behind drawn in the first slice only. What reaches the
painter is what one ``render`` sends, in the same order, split between calls: a PNG
gets the same pixels, an SVG the same bytes, a recorded PDF canvas the same picture.
(Returning early from an item's ``paint`` would not do: Qt saves and restores the
painter around every item it paints, and an SVG writes a group for each.) Each slice
also pays Qt's walk over the items passed over (about 5 ms for the 2,473 items of
Dragonfly+ k = 128).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QGraphicsItem

if TYPE_CHECKING:
    from gui.canvas.scene import DesignScene

PAINTS_PER_SLICE = 32
"""How many items that draw something are painted in one turn. Dragonfly+ k = 128
with its islands' contents has about 265 (islands, rack groups, tiers, the wire and
label layers; its 2,210 connectors are drawn by the wire layer and count for nothing):
its SVG, 80-140 ms CPU in one go, comes in 9 turns."""

_EMPTY = QGraphicsItem.GraphicsItemFlag.ItemHasNoContents


class PaintSlices:
    """The state of a picture painted in slices, which the scene asks."""

    def __init__(self) -> None:
        self.skip_background = False
        """True after the first slice: the grid is drawn once."""


def _draws(item: QGraphicsItem) -> bool:
    """Whether ``item`` is one that draws (a connector drawn by the wire layer is not:
    it paints nothing of its own)."""
    plain = getattr(item, "plain", None)
    return item.isVisible() and not (callable(plain) and plain())


def slices_of(walk: list[QGraphicsItem], per_slice: int) -> list[list[QGraphicsItem]]:
    """``walk`` (the items in painting order) cut into runs of at most ``per_slice``
    items that draw; the items that draw nothing go with the run they fall in."""
    runs: list[list[QGraphicsItem]] = [[]]
    drawing = 0
    for item in walk:
        if _draws(item):
            if drawing == per_slice:
                runs.append([])
                drawing = 0
            drawing += 1
        runs[-1].append(item)
    return runs


def painted_in_slices(scene: DesignScene, painter: QPainter, target: QRectF, source: QRectF,
                      per_slice: int | None = None) -> Generator[None, None, int]:
    """Render ``source`` of ``scene`` into ``target`` of ``painter`` (aspect kept), at
    most ``per_slice`` (default :data:`PAINTS_PER_SLICE`) drawing items a step; yields
    before each and returns how many it painted. The painter stays active
    throughout; nothing else may paint with it or change the scene meanwhile."""
    walk = scene.items(source, Qt.ItemSelectionMode.IntersectsItemBoundingRect,
                       Qt.SortOrder.DescendingOrder)
    walk.reverse()
    shown = [item for item in walk if not item.flags() & _EMPTY]
    runs = slices_of(shown, per_slice or PAINTS_PER_SLICE)
    for item in shown:
        item.setFlag(_EMPTY, True)
    try:
        for number, run in enumerate(runs):
            yield  # the first after the items are sorted out (on Dragonfly+ k = 128:
            # about 10 ms, as long as a slice: flags are slow to read from Python)
            scene.paint_slices.skip_background = number > 0
            for item in run:
                item.setFlag(_EMPTY, False)
            try:
                scene.render(painter, target, source, Qt.AspectRatioMode.KeepAspectRatio)
            finally:
                for item in run:
                    item.setFlag(_EMPTY, True)
    finally:
        scene.paint_slices.skip_background = False
        for item in shown:
            item.setFlag(_EMPTY, False)
    return len(runs)
