"""The PDF report's canvas picture and page: which part of the scene the picture shows
(with the zoomed-out buildings' name plates), the picture centred in its frame, and the
picture recorded on the GUI thread — in one go or a few items a step — to be played
into the report on any thread (:mod:`gui.export.pdf` lays out the rest)."""

from __future__ import annotations

from collections.abc import Callable, Generator

from PySide6.QtCore import QMarginsF, QRectF, Qt
from PySide6.QtGui import QColor, QPageLayout, QPageSize, QPainter, QPen, QPicture
from PySide6.QtWidgets import QGraphicsScene

from gui.canvas.scene import DesignScene
from gui.canvas.slicing import painted_in_slices

RESOLUTION_DPI = 96
"""Painter units of the report: 1/96 inch, like screen pixels (A4 ≈ 718 × 1047 inside
the margins)."""
RULE = QColor("#b8c4d6")
"""The frame around the picture and the rules under headings."""


def canvas_source(scene: QGraphicsScene, width: float, height: float) -> QRectF:
    """The part of ``scene`` a picture ``width`` × ``height`` shows: every item with a
    margin, and for a design's scene the name plates zoomed-out buildings carry above
    them. A plate's height is fixed on the page, so in scene units it depends on the
    scale the picture is drawn at, which depends on the source: a few rounds settle it
    (the scene's own scale is left as it was)."""
    if not isinstance(scene, DesignScene):
        return scene.itemsBoundingRect().adjusted(-20, -20, 20, 20)
    shown = scene.view_scale
    source = scene.content_rect()
    for _ in range(6):
        scale = min(width / source.width(), height / source.height())
        scene.set_view_scale(scale)
        wider = scene.content_rect()
        if source.contains(wider):
            break
        source = source.united(wider)
    scene.set_view_scale(shown)
    return source


def centred(area: QRectF, source: QRectF) -> QRectF:
    """The largest rectangle of ``source``'s proportions centred in ``area``: the scene
    renders a kept aspect ratio from the target's top-left corner, which left the
    picture pressed to the left of its frame with a blank band on the right."""
    if source.width() <= 0 or source.height() <= 0:
        return area
    scale = min(area.width() / source.width(), area.height() / source.height())
    width, height = source.width() * scale, source.height() * scale
    return QRectF(area.left() + (area.width() - width) / 2,
                  area.top() + (area.height() - height) / 2, width, height)


def _canvas(scene: QGraphicsScene | None) -> Callable[[QPainter, QRectF], None]:
    def paint(painter: QPainter, area: QRectF) -> None:
        if scene is None:
            return
        inner = area.adjusted(4, 4, -4, -4)
        source = canvas_source(scene, inner.width(), inner.height())
        painter.save()
        painter.setPen(QPen(RULE, 0.8))
        painter.drawRect(area)
        scene.render(painter, centred(inner, source), source,
                     Qt.AspectRatioMode.KeepAspectRatio)
        painter.restore()

    return paint


def page_layout() -> QPageLayout:
    """The report's page: A4 portrait, 15 mm margins."""
    return QPageLayout(QPageSize(QPageSize.PageSizeId.A4), QPageLayout.Orientation.Portrait,
                       QMarginsF(15, 15, 15, 15), QPageLayout.Unit.Millimeter)


class RecordedCanvas:
    """The report's canvas picture recorded on the GUI thread (where the scene lives),
    to be played into the report on any thread."""

    def __init__(self, picture: QPicture, height: float) -> None:
        self.picture = picture
        self.height = height

    def paint(self, painter: QPainter, area: QRectF) -> None:
        painter.drawPicture(area.topLeft(), self.picture)


def _canvas_height(scene: QGraphicsScene, width: float, height: float) -> float:
    """The height the canvas takes on a page ``width`` × ``height``."""
    content = canvas_source(scene, width - 8, height * 0.5 - 8)
    aspect = content.height() / content.width() if content.width() > 0 else 0.75
    return min(height * 0.5, width * aspect + 8)


def record_canvas(scene: QGraphicsScene) -> RecordedCanvas:
    """The canvas of ``scene`` as the report draws it, recorded (on the GUI thread)."""
    rect = page_layout().paintRectPixels(RESOLUTION_DPI)
    width = float(rect.width())
    height = _canvas_height(scene, width, float(rect.height()))
    picture = QPicture()
    painter = QPainter(picture)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    _canvas(scene)(painter, QRectF(0, 0, width, height))
    painter.end()
    return RecordedCanvas(picture, height)


def canvas_layout(scene: DesignScene) -> tuple[QRectF, QRectF, float]:
    """Where :func:`record_canvas` draws the canvas (the frame's inside), the part of
    ``scene`` drawn there, and the canvas's height on the page."""
    rect = page_layout().paintRectPixels(RESOLUTION_DPI)
    width = float(rect.width())
    height = _canvas_height(scene, width, float(rect.height()))
    inner = QRectF(0, 0, width, height).adjusted(4, 4, -4, -4)
    return inner, canvas_source(scene, inner.width(), inner.height()), height


def canvas_recorded(scene: DesignScene, inner: QRectF, source: QRectF, height: float
                    ) -> Generator[None, None, RecordedCanvas]:
    """:func:`record_canvas` in steps (laid out by :func:`canvas_layout`), the scene's
    items recorded a few at a time (:func:`gui.canvas.slicing.painted_in_slices`);
    yields between steps."""
    picture = QPicture()
    painter = QPainter(picture)
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.save()  # as _canvas paints
        painter.setPen(QPen(RULE, 0.8))
        painter.drawRect(inner.adjusted(-4, -4, 4, 4))
        yield from painted_in_slices(scene, painter, centred(inner, source), source)
        painter.restore()
    finally:
        painter.end()
    return RecordedCanvas(picture, height)
