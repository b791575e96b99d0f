"""The canvas as a picture: PNG at a chosen width or resolution, and SVG.

Both render a :class:`~gui.canvas.scene.DesignScene` — the same items the editor shows —
either the whole design (:meth:`DesignScene.content_rect`) or a chosen part of it (the
current view). Canvas units count as pixels at 96 dpi, so ``dpi=192`` draws the canvas
at twice its on-screen size. Files are written atomically; an SVG is well-formed XML
whatever the names in the design.
"""

from __future__ import annotations

import html
import os
import re

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtSvg import QSvgGenerator

from gui.canvas.scene import DesignScene, detail_at
from gui.export.png import write_png
from gui.i18n import translate
from model.reports.atomic import ExportError, atomic_path
from model.reports.xml_text import xml_safe

SCREEN_DPI = 96.0
"""Canvas units per inch: one canvas unit is one pixel on a 96-dpi screen."""

DEFAULT_WIDTH = 1920
MAX_PIXELS = 250_000_000
"""Largest picture written (about 1 GB of memory while drawing)."""


def picture_size(source: QRectF, width: int | None = None,
                 dpi: float | None = None) -> tuple[int, int]:
    """Pixel size of a picture of ``source`` (canvas units): ``width`` pixels wide, or
    drawn at ``dpi``, or :data:`DEFAULT_WIDTH` wide; the height keeps the aspect."""
    if source.width() <= 0 or source.height() <= 0:
        raise ExportError(translate("Export", "there is nothing to draw"))
    scale = dpi / SCREEN_DPI if dpi is not None else (width or DEFAULT_WIDTH) / source.width()
    size = (max(1, round(source.width() * scale)), max(1, round(source.height() * scale)))
    if size[0] * size[1] > MAX_PIXELS:
        raise ExportError(translate(
            "Export", "a {width} × {height} picture is too large; choose a smaller width or "
            "dpi").format(width=size[0], height=size[1]))
    return size


def _paint(scene: DesignScene, painter: QPainter, target: QRectF, source: QRectF) -> None:
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    painter.fillRect(target, QColor(scene.theme.canvas))
    scene.render(painter, target, source, Qt.AspectRatioMode.KeepAspectRatio)


def _choose_detail(scene: DesignScene, scale: float, detail: bool | None) -> None:
    """The level of detail of a picture drawn at ``scale`` pixels a canvas unit: the
    canvas's at that zoom (:func:`detail_at`), unless ``detail`` forces one."""
    scene.set_detail(detail_at(scale) if detail is None else detail)


def render_png(
    scene: DesignScene,
    path: str | os.PathLike[str],
    *,
    width: int | None = None,
    dpi: float | None = None,
    source: QRectF | None = None,
    detail: bool | None = None,
) -> tuple[int, int]:
    """Write ``source`` of the scene (default: the whole design) as a PNG; returns its
    pixel size. ``detail`` forces (or hides) the islands' contents; None decides by
    scale as the editor does."""
    shown = scene.view_scale
    try:
        area = QRectF(source) if source is not None else _whole_area(scene, width, dpi)
        w, h = picture_size(area, width, dpi)
        # the scale the picture is painted at (the aspect kept), as the menu's export
        _choose_detail(scene, min(w / area.width(), h / area.height()), detail)
        _write_png(scene, path, area, (w, h), dpi)
    finally:
        scene.set_view_scale(shown)
    return w, h


def _whole_area(scene: DesignScene, width: int | None, dpi: float | None) -> QRectF:
    """The area of the whole design at the picture's scale: zoomed out, a building
    writes its name on a plate above it, which the area must hold (at the scene's own
    zoom there may be no plate, and the picture cut the building's name off)."""
    area = scene.content_rect()
    for _ in range(2):  # the plates grow as the area does
        w, _h = picture_size(area, width, dpi)
        scene.set_view_scale(w / area.width())
        area = scene.content_rect()
    return area


def _write_png(scene: DesignScene, path: str | os.PathLike[str], area: QRectF,
               size: tuple[int, int], dpi: float | None) -> None:
    w, h = size
    image = QImage(w, h, QImage.Format.Format_RGB32)  # opaque: the canvas is filled
    if image.isNull():
        raise ExportError(translate("Export", "not enough memory for a {width} × {height} "
                                    "picture").format(width=w, height=h), path)
    image.fill(QColor(scene.theme.canvas))
    if dpi is not None:
        dots_per_metre = round(dpi / 0.0254)
        image.setDotsPerMeterX(dots_per_metre)
        image.setDotsPerMeterY(dots_per_metre)
    painter = QPainter(image)
    _paint(scene, painter, QRectF(0, 0, w, h), area)
    painter.end()
    with atomic_path(path, suffix=".png") as temporary:
        write_png(image, temporary)  # an OSError is described by atomic_path


def render_svg(
    scene: DesignScene,
    path: str | os.PathLike[str],
    *,
    title: str = "",
    source: QRectF | None = None,
    detail: bool | None = None,
) -> tuple[int, int]:
    """Write ``source`` of the scene (default: the whole design) as SVG, one canvas unit
    per SVG unit; returns its size. ``detail`` forces (or hides) the islands' contents;
    None decides by the drawing's scale (1: contents drawn) as the editor does."""
    area = QRectF(source) if source is not None else scene.content_rect()
    size = (max(1, round(area.width())), max(1, round(area.height())))
    _choose_detail(scene, 1.0, detail)
    with atomic_path(path, suffix=".svg") as temporary:
        generator = QSvgGenerator()
        generator.setFileName(str(temporary))
        generator.setSize(QSize(*size))
        generator.setViewBox(QRectF(0, 0, *size))
        generator.setResolution(int(SCREEN_DPI))
        generator.setTitle(xml_safe(title) or "Archipelago design")
        generator.setDescription("Drawn by Archipelago")
        painter = QPainter()
        scene.label_layer.svg_centred.clear()
        if not painter.begin(generator):
            raise ExportError(translate(
                "Export", "the SVG file could not be opened for writing"), path)
        _paint(scene, painter, QRectF(0, 0, *size), area)
        painter.end()
        if os.path.getsize(temporary) == 0:
            raise ExportError(translate(
                "Export", "the SVG could not be written (is the disk full?)"), path)
        _make_well_formed(temporary, scene.label_layer.svg_centred)
        scene.label_layer.svg_centred.clear()
    return size


_TEXT_START = re.compile(r'<text ([^>]*?)x="(-?[\d.e+-]+)"([^>]*)>([^<]*)</text>')


def centre_svg_labels(svg: str, centred: list[tuple[str, float, float]]) -> str:
    """Anchor the connectors' labels at their pills' centres (``text-anchor="middle"``):
    Qt writes where its own font started the text, and a viewer drawing it in a
    narrower font showed every label pressed to the left of its pill. ``centred`` holds
    the labels in the order drawn: (text, Qt's start, centre)."""
    pending = list(reversed(centred))

    def anchored(found: re.Match[str]) -> str:
        if pending:
            text, start, centre = pending[-1]
            if html.unescape(found.group(4)) == text and \
                    abs(float(found.group(2)) - start) < 1.0:
                pending.pop()
                return (f'<text {found.group(1)}x="{centre:g}" text-anchor="middle"'
                        f'{found.group(3)}>{found.group(4)}</text>')
        return found.group(0)

    return _TEXT_START.sub(anchored, svg)


def _make_well_formed(svg_path: str | os.PathLike[str],
                      centred: list[tuple[str, float, float]]) -> None:
    """Replace, in the SVG Qt wrote, every character XML cannot hold (a control
    character in an element's name reaches the file as it is, which makes it malformed
    XML) by U+FFFD (see :mod:`model.reports.xml_text`), and centre the labels
    (:func:`centre_svg_labels`)."""
    with open(svg_path, "rb") as stream:
        raw = stream.read()
    text = raw.decode("utf-8", errors="replace")
    safe = centre_svg_labels(xml_safe(text), centred)
    if safe != text or safe.encode("utf-8") != raw:
        with open(svg_path, "wb") as stream:
            stream.write(safe.encode("utf-8"))
