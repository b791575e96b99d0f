"""Which canvas items keep their picture at screen resolution (Qt's device coordinate
cache), so that a repaint around an item that did not change copies its pixels instead
of drawing it again. Rack-group and tier cards do not: every zoom would draw each of
them into a new picture first, which cost more than it saved."""

from __future__ import annotations

from PySide6.QtGui import QPixmapCache
from PySide6.QtWidgets import QGraphicsItem

BLOCK_CACHE_BYTES = 256 * 1024 * 1024
"""Room for the pictures of zoomed-out island blocks (Qt keeps 10 MB by default)."""


def block_cache(detail: bool) -> QGraphicsItem.CacheMode:
    """Zoomed out, an island block keeps its picture at screen resolution, so a repaint
    that does not change it (another item moved nearby) only copies pixels: a SuperPOD
    of 144 units repaints 144 blocks. Zoomed in, an island is a frame that can be larger
    than the screen, drawn directly."""
    if detail:
        return QGraphicsItem.CacheMode.NoCache
    if QPixmapCache.cacheLimit() * 1024 < BLOCK_CACHE_BYTES:
        QPixmapCache.setCacheLimit(BLOCK_CACHE_BYTES // 1024)
    return QGraphicsItem.CacheMode.DeviceCoordinateCache
