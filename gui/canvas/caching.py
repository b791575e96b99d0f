"""Which canvas items keep their picture at screen resolution (Qt's device coordinate
cache), so that a repaint around an item that did not change copies its pixels instead
of drawing it again.

Rack-group and tier cards always do: while bundles are routed after a zoom, the view is
repainted a few dozen times, and each repaint drew every card in sight again (a full
repaint of a SuperPOD at 90 % went from about 24 to 17 ms of GUI-thread time). A new
zoom draws each card into a new picture once; those pictures are drawn over several
turns of the event loop (:mod:`gui.canvas.staging`), never all in one.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from PySide6.QtGui import QPixmapCache
from PySide6.QtWidgets import QGraphicsItem

from gui.canvas.staging import PaintBudget

BLOCK_CACHE_BYTES = 256 * 1024 * 1024
"""Room for the pictures of zoomed-out island blocks and buildings (Qt keeps 10 MB by
default)."""


def block_cache(detail: bool) -> QGraphicsItem.CacheMode:
    """Zoomed out, an island block and a building keep their pictures at screen
    resolution, so a repaint that does not change them (another item moved nearby, a
    block inside a building written) only copies pixels: a SuperPOD of 144 units
    repaints 144 blocks, an AI-zones campus 64 buildings. Zoomed in, an island or a
    building is a frame that can be larger than the screen, drawn directly."""
    if detail:
        return QGraphicsItem.CacheMode.NoCache
    _make_room()
    return QGraphicsItem.CacheMode.DeviceCoordinateCache


def card_cache() -> QGraphicsItem.CacheMode:
    """A rack-group or tier card keeps its picture at screen resolution (it is never
    larger than a few hundred pixels)."""
    _make_room()
    return QGraphicsItem.CacheMode.DeviceCoordinateCache


def _make_room() -> None:
    if QPixmapCache.cacheLimit() * 1024 < BLOCK_CACHE_BYTES:
        QPixmapCache.setCacheLimit(BLOCK_CACHE_BYTES // 1024)


@contextmanager
def drawn_directly(items: Iterable[QGraphicsItem], budget: PaintBudget) -> Iterator[None]:
    """Within the block, ``items`` draw themselves straight onto the painter, whole:
    no cached picture (an SVG or PDF would get a bitmap copy of the item instead of
    its shapes and text) and no staging (a picture for export is drawn in one go).
    Their cache modes are given back afterwards."""
    cached = [(i, i.cacheMode()) for i in items
              if i.cacheMode() != QGraphicsItem.CacheMode.NoCache]
    for item, _mode in cached:
        item.setCacheMode(QGraphicsItem.CacheMode.NoCache)
    budget.enabled = False
    try:
        yield
    finally:
        budget.enabled = True
        for item, mode in cached:
            item.setCacheMode(mode)


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cycle collector held off while a picture is built, routed and painted:
    the tens of thousands of small tuples and lists routing makes set off a hundred
    collections, each walking every object the process holds (measured on Dragonfly+
    k = 128, 2,210 bundles, at 1920 × 1080: 75–130 of about 500 ms CPU). Cyclic
    garbage made meanwhile is collected afterwards, as usual."""
    import gc

    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()
