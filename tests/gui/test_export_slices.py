"""Exports from the File menu hold the GUI thread in short steps (DESIGN §4, issue #15):
the export's scene is built a few hundred elements a step
(:meth:`DesignScene.rebuild_steps`) and painted a few items a step
(:func:`gui.canvas.slicing.painted_in_slices`). These tests count steps and what each
step does, never time; and the pictures painted in slices are the ones painted in one
go: the same SVG bytes, the same PNG pixels, the same recorded PDF canvas."""

from __future__ import annotations

import math
import re
from pathlib import Path

from PySide6.QtCore import QBuffer, QIODevice, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPicture
from PySide6.QtSvg import QSvgGenerator

from gui.canvas import slicing
from gui.canvas.items.island import IslandItem
from gui.canvas.picture import build_scene, built_in_steps
from gui.canvas.scene import DesignScene
from gui.canvas.slicing import painted_in_slices
from gui.export.jobs import export_steps
from tests.exports.designs import small_design
from tests.exports.hand_metrics import hand_metrics


def _scene(detail: bool = True) -> DesignScene:
    scene = build_scene(small_design(), hand_metrics())
    scene.set_detail(detail)
    scene.set_view_scale(1.0)
    scene.finish_routing()
    return scene


def _drawers(scene: DesignScene) -> int:
    """The items that draw, counted by hand: every visible element item (each draws
    its card or box), the wire layer and the label layer (no connector is selected:
    the wire layer draws them all)."""
    visible = [item for item in scene.element_items() if item.isVisible()]
    assert any(isinstance(item, IslandItem) for item in visible)
    return len(visible) + 2


def _run(steps):  # type: ignore[no-untyped-def]
    """Run a generator to its end; (how many times it yielded, what it returned)."""
    yielded = 0
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            return yielded, stop.value
        yielded += 1


def _svg(scene: DesignScene, per_slice: int | None) -> tuple[bytes, int]:
    area = scene.content_rect()
    size = QSize(round(area.width()), round(area.height()))
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    generator = QSvgGenerator()
    generator.setOutputDevice(buffer)
    generator.setSize(size)
    generator.setViewBox(QRectF(0, 0, size.width(), size.height()))
    painter = QPainter(generator)
    target = QRectF(0, 0, size.width(), size.height())
    steps = 1
    if per_slice is None:
        scene.render(painter, target, area, Qt.AspectRatioMode.KeepAspectRatio)
    else:
        yielded, steps = _run(painted_in_slices(scene, painter, target, area, per_slice))
        assert steps == yielded
    painter.end()
    return bytes(buffer.data().data()), steps


EMPTY_GROUP = re.compile(rb"<g [^>]*>\s*</g>\s*")


def test_an_svg_drawn_in_slices_is_the_one_drawn_in_one_go(qtbot) -> None:
    """The same bytes but for two empty groups more per slice after the first (Qt's
    SVG writer writes the painter's state, with nothing in it, when ``render``
    restores the painter)."""
    scene = _scene()
    whole, _ = _svg(scene, None)
    drawers = _drawers(scene)
    for per_slice in (1, 4, drawers):
        sliced, steps = _svg(scene, per_slice)
        assert steps == math.ceil(drawers / per_slice)
        assert EMPTY_GROUP.sub(b"", sliced) == EMPTY_GROUP.sub(b"", whole), per_slice
        extra = len(EMPTY_GROUP.findall(sliced)) - len(EMPTY_GROUP.findall(whole))
        assert extra == 2 * (steps - 1)
    assert b"Hall A" in whole and b"<rect" in whole


def test_a_png_painted_in_slices_has_the_pixels_painted_in_one_go(qtbot) -> None:
    scene = _scene()
    area = scene.content_rect()
    target = QRectF(0, 0, 700, round(700 * area.height() / area.width()))
    images = []
    for per_slice in (None, 3):
        image = QImage(target.size().toSize(), QImage.Format.Format_RGB32)
        image.fill(QColor("#123456"))
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if per_slice is None:
            scene.render(painter, target, area, Qt.AspectRatioMode.KeepAspectRatio)
        else:
            _run(painted_in_slices(scene, painter, target, area, per_slice))
        painter.end()
        images.append(image)
    assert images[0] == images[1]
    assert images[0].pixelColor(5, 5) != QColor("#123456"), "the grid drawn once"


def test_a_pdf_canvas_recorded_in_slices_plays_as_the_one_recorded_in_one_go(
        qtbot, monkeypatch) -> None:
    from gui.export.pdf_canvas import canvas_layout, canvas_recorded, record_canvas

    monkeypatch.setattr(slicing, "PAINTS_PER_SLICE", 2)
    scene = _scene()
    whole = record_canvas(scene)
    inner, source, height = canvas_layout(scene)
    yielded, sliced = _run(canvas_recorded(scene, inner, source, height))
    assert yielded == math.ceil(_drawers(scene) / 2) >= 3
    assert sliced.height == whole.height

    def played(picture: QPicture) -> QImage:
        image = QImage(900, 700, QImage.Format.Format_RGB32)
        image.fill(QColor("white"))
        painter = QPainter(image)
        painter.drawPicture(0, 0, picture)
        painter.end()
        return image

    assert played(sliced.picture) == played(whole.picture)


def test_the_export_scene_is_built_a_few_hundred_elements_a_step(qtbot) -> None:
    design, metrics = small_design(), hand_metrics()
    elements = len(list(design.all_elements()))
    whole = build_scene(design, metrics)
    scene = DesignScene(design, metrics=metrics, built=False)
    assert not scene.element_items() and not scene.bundle_items()
    per_step = 3
    made: list[int] = []
    steps = scene.rebuild_steps(per_step)
    for _ in steps:
        made.append(len(scene.element_items()) + len(scene.bundle_items()))
    # one step per ``per_step`` elements, then one for sizing the containers
    assert len(made) == elements // per_step + 1
    assert all(b - a <= per_step for a, b in zip([0, *made], made, strict=False))
    assert made[-1] == elements
    assert {i.element_id: i.scene_rect().getRect() for i in scene.element_items()} == \
        {i.element_id: i.scene_rect().getRect() for i in whole.element_items()}
    assert scene.sceneRect() == whole.sceneRect()


def test_built_in_steps_shows_the_figures_as_build_scene_does(qtbot) -> None:
    design, metrics = small_design(), hand_metrics()
    whole = build_scene(design, metrics)
    scene = DesignScene(design, metrics=metrics, built=False)
    yielded, _ = _run(built_in_steps(scene))
    assert yielded >= 1
    assert {i.element_id: i.problems for i in scene.element_items()} == \
        {i.element_id: i.problems for i in whole.element_items()}
    assert any(i.problems for i in whole.element_items())


def test_each_picture_export_paints_in_slices(qtbot, tmp_path: Path,
                                              monkeypatch) -> None:
    """With one item a slice, a picture export takes at least a step per item drawn."""
    monkeypatch.setattr(slicing, "PAINTS_PER_SLICE", 1)
    design, metrics = small_design(), hand_metrics()
    drawers = _drawers(_scene(detail=False))  # the fewest: a PNG may hide the details
    for kind in ("png", "svg", "pdf"):
        yielded, write = _run(export_steps(kind, design.copy(), metrics,
                                           tmp_path / f"out.{kind}", lang="en", width=900))
        assert yielded >= drawers - 1, kind
        write()
        assert (tmp_path / f"out.{kind}").stat().st_size > 0
