"""An exported picture shows the level of detail the canvas shows at the picture's scale
(issue #15): islands as blocks with their totals when the picture is zoomed out past
half size, with their contents otherwise. Checked three ways for each design: the
canvas view zoomed to the picture's scale, the command line's PNG (``export --png``) and
the File menu's PNG (the export in steps), each against a picture drawn with the level
of detail forced, and against what the scale calls for by hand (a SuperPOD of 144 units
is 4,152 canvas units wide, so 1,920 pixels are 0.46 pixels a unit: zoomed out; the
demo campus and Dragonfly+ k = 16 are under 1,300 units wide: more than one pixel a
unit)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from gui.canvas.picture import build_scene
from gui.canvas.scene import DesignScene
from gui.canvas.view import CanvasView
from gui.document import DesignDocument
from gui.export.jobs import export_steps
from gui.export.render import render_png
from model.design import Design


def _design(name: str) -> Design:
    from gui.example import demo_campus
    from model.templates import TEMPLATES

    if name == "demo-campus":
        return demo_campus()
    if name == "superpod-144":
        return TEMPLATES["superpod"].build(sus=144, system="gb200-nvl72")
    return TEMPLATES["dragonfly-plus"].build(k=int(name.rsplit("k", 1)[1]))


def _canvas_detail(qtbot, design: Design, scale: float) -> bool:  # type: ignore[no-untyped-def]
    """Whether the editor's canvas, zoomed to ``scale``, draws islands' contents."""
    from model.catalog import load_builtin_catalog

    scene = DesignScene(design)
    view = CanvasView(scene, DesignDocument(design), load_builtin_catalog())
    qtbot.addWidget(view)
    view.set_scale(scale)
    assert view.scale_factor() == pytest.approx(scale)
    return scene.detail


def _picture_scale(design: Design, width: int | None, drawn_width: int) -> float:
    """Pixels a canvas unit of a picture ``drawn_width`` wide of the whole design (its
    area holds the plates zoomed-out buildings carry, which grow as the zoom falls)."""
    from gui.export.render import _whole_area

    return drawn_width / _whole_area(build_scene(design), width, None).width()


def _gui_png(design: Design, path: Path, width: int | None) -> None:
    """The File menu's PNG export, its steps run to the end and its file written."""
    steps = export_steps("png", design, None, path, lang="en", width=width)
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            write = stop.value
            break
    write()


def _same_pixels(a: Path, b: Path) -> bool:
    first, second = QImage(str(a)), QImage(str(b))
    return first.size() == second.size() and first == second


@pytest.mark.parametrize(("name", "width", "detail_by_hand"), [
    ("superpod-144", None, False),  # 0.46 pixels a canvas unit
    ("demo-campus", None, True),
    ("dragonfly-plus-k16", None, True),  # 1.59
    ("dragonfly-plus-k16", 300, False),  # 300 / 1,204 = 0.25
])
def test_an_export_draws_the_level_of_detail_of_its_scale(
        qtbot, tmp_path: Path, name: str, width: int | None, detail_by_hand: bool) -> None:
    design = _design(name)
    scene = build_scene(design)
    cli_png = tmp_path / "cli.png"
    w, _h = render_png(scene, cli_png, width=width)
    scale = _picture_scale(design, width, w)
    assert (scale >= 0.5) == detail_by_hand, scale
    assert _canvas_detail(qtbot, design, scale) == detail_by_hand
    assert scene.detail == detail_by_hand

    forced = tmp_path / "forced.png"
    render_png(build_scene(design), forced, width=width, detail=detail_by_hand)
    other = tmp_path / "other.png"
    render_png(build_scene(design), other, width=width, detail=not detail_by_hand)
    assert _same_pixels(cli_png, forced), "the command line draws the canvas's detail"
    assert not _same_pixels(cli_png, other), "the two levels of detail draw differently"

    gui_png = tmp_path / "gui.png"
    _gui_png(design, gui_png, width)
    assert _same_pixels(gui_png, forced), "the File menu draws the canvas's detail"


def test_dragonfly_plus_k128_at_1920_wide_is_drawn_as_the_canvas_draws_it(
        qtbot, tmp_path: Path) -> None:
    """Dragonfly+ k = 128 at its default 1,920 pixels wide is drawn at 0.68 pixels a
    canvas unit (its area is 2,812 units wide): the canvas shows islands' contents at
    that zoom, and so does the picture. Fitted into 1,920 × 1,080 (DESIGN §4's size) it
    is 1,360 × 1,075 pixels, 0.48 a unit: both show blocks (the zoomed-out halls' name
    plates make the area a little taller than at 0.68)."""
    design = _design("dragonfly-plus-k128")
    for width, detail in ((1920, True), (1360, False)):
        scene = build_scene(design)
        w, h = render_png(scene, tmp_path / f"{width}.png", width=width)
        assert w == width
        if width == 1360:
            assert h <= 1080
        scale = _picture_scale(design, width, w)
        assert scale == pytest.approx(width / 2812.0, rel=0.02)
        assert _canvas_detail(qtbot, design, scale) == detail
        assert scene.detail == detail
