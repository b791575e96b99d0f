"""Pictures of a design with no window: :func:`build_scene` builds a complete scene
(as the editor's), :func:`picture_scene` the scene the exporters render headlessly
(its bundles made for the picture's level of detail:
:mod:`gui.canvas.picture_scene`), :func:`built_in_steps` builds either in steps,
:func:`prepare_picture` lays it out for a picture of a given size and
:func:`render_image` paints it into an image.
"""

from __future__ import annotations

from collections.abc import Generator

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter

from gui.canvas.caching import collector_paused
from gui.canvas.picture_scene import PictureScene
from gui.canvas.scene import DesignScene, detail_at
from gui.theme import LIGHT, Theme
from model.design import Design
from model.metrics.results import DesignMetrics


def build_scene(design: Design, metrics: DesignMetrics | None = None,
                theme: Theme = LIGHT, cut: bool = False) -> DesignScene:
    """A fully laid-out scene of ``design`` with no window (for exports and tests):
    figures and problem marks from ``metrics``, the bisection cut highlighted when
    ``cut``. Bundles are routed when the scene is painted (or by
    :meth:`DesignScene.finish_routing`), at the level of detail of the picture: routing
    them at another level first would be thrown away. Needs a QApplication (offscreen
    is fine)."""
    with collector_paused():
        scene = DesignScene(design, theme, metrics=metrics)
        scene.set_metrics(metrics)  # problem marks and colours; the labels are written
        scene.set_cut_visible(cut)
    return scene


def picture_scene(design: Design, metrics: DesignMetrics | None = None,
                  theme: Theme = LIGHT, cut: bool = False) -> PictureScene:
    """What :func:`build_scene` builds, for one picture: the bundles are made when the
    picture's level of detail is set (:meth:`PictureScene.set_detail`), as plain wires
    when it shows islands as blocks. Needs a QApplication (offscreen is fine)."""
    with collector_paused():
        scene = PictureScene(design, theme, metrics=metrics)
        scene.set_metrics(metrics)
        scene.set_cut_visible(cut)
    return scene


def built_in_steps(scene: DesignScene, cut: bool = False) -> Generator[None, None, None]:
    """What :func:`build_scene` does, in steps (yielding between them), for a scene made
    with ``built=False``: its items made (:meth:`DesignScene.rebuild_steps`), then its
    figures and the cut shown."""
    steps = scene.rebuild_steps()
    while True:
        with collector_paused():
            if next(steps, True):
                break
        yield
    with collector_paused():
        scene.set_metrics(scene.metrics)
        scene.set_cut_visible(cut)


def prepare_picture(scene: DesignScene, width: int, height: int,
                    detail: bool | None = None) -> QRectF:
    """Lay the scene out for a ``width`` × ``height`` picture of all of it: the level of
    detail (``detail`` None: by the scale), the zoom (labels are placed only when the
    picture can show them), every bundle routed. Returns the area to draw."""
    for _ in range(2):  # zoomed out, building plates grow and with them the area
        source = scene.content_rect()
        scale = min(width / source.width(), height / source.height())
        scene.set_view_scale(scale)
    with collector_paused():
        scene.set_detail(detail_at(scale) if detail is None else detail)
        scene.finish_routing()
    return source


def render_image(scene: DesignScene, width: int, height: int,
                 detail: bool | None = None) -> QImage:
    """The whole scene fitted into a ``width`` × ``height`` image (aspect kept,
    background filled). ``detail`` None chooses the level of detail by the scale."""
    with collector_paused():
        source = prepare_picture(scene, width, height, detail)
        image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(QColor(scene.theme.canvas))
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        scene.render(painter, QRectF(0, 0, width, height), source,
                     Qt.AspectRatioMode.KeepAspectRatio)
        painter.end()
    return image
