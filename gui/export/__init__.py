"""Exports that need Qt: the canvas as PNG and SVG, and the PDF report.

``python main.py export`` calls :func:`export_png`, :func:`export_svg` and
:func:`export_pdf` (and :func:`model.reports.writers.write_pure_export` for the Qt-free
formats), each writing its file in one go. The GUI's export menu draws the same
pictures and reports from the same pieces (:mod:`gui.export.render`,
:mod:`gui.export.pdf`), split into short steps on the GUI thread and a write on a
worker (:mod:`gui.export.jobs`). They work headless on Qt's offscreen platform; a
QApplication must exist (:func:`qt_application`).
"""

from __future__ import annotations

import os

from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QApplication

from model.design import Design
from model.metrics.results import DesignMetrics


def qt_application() -> QApplication:
    """The running QApplication, created (with no arguments) if there is none."""
    app = QApplication.instance()
    if isinstance(app, QApplication):
        return app
    return QApplication([])


def export_png(
    design: Design,
    path: str | os.PathLike[str],
    *,
    metrics: DesignMetrics | None = None,
    width: int | None = None,
    dpi: float | None = None,
    source: QRectF | None = None,
) -> tuple[int, int]:
    """Write the canvas of ``design`` (figures and problem marks from ``metrics``) as a
    PNG ``width`` pixels wide or at ``dpi`` (default 1920 wide); returns the size."""
    from gui.canvas.caching import collector_paused
    from gui.canvas.picture import picture_scene
    from gui.export.render import render_png

    with collector_paused():  # no collection between building and drawing either
        scene = picture_scene(design, metrics)
        return render_png(scene, path, width=width, dpi=dpi, source=source)


def export_svg(
    design: Design,
    path: str | os.PathLike[str],
    *,
    metrics: DesignMetrics | None = None,
    source: QRectF | None = None,
) -> tuple[int, int]:
    """Write the canvas of ``design`` as SVG; returns its size in SVG units."""
    from gui.canvas.picture import picture_scene
    from gui.export.render import render_svg

    scene = picture_scene(design, metrics)
    return render_svg(scene, path, title=design.name, source=source)


def export_pdf(design: Design, metrics: DesignMetrics, path: str | os.PathLike[str],
               lang: str | None = None) -> int:
    """Write the PDF report of ``design`` in ``lang`` (English when None; ``"zh_CN"``
    for Chinese); returns the page count."""
    from gui.canvas.picture import picture_scene
    from gui.export.pdf import write_pdf_report

    scene = picture_scene(design, metrics)
    scene.set_detail(True)
    scene.finish_routing()  # the report measures the drawing before painting it
    return write_pdf_report(design, metrics, path, scene=scene, lang=lang)
