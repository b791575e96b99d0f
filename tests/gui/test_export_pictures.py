"""PNG, SVG and PDF exports read back: picture size and drawn pixels, SVG that parses and
names the design's elements, PDF page count and searchable text with the figures."""

from __future__ import annotations

import os
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage

from gui.canvas.picture import build_scene
from gui.export import export_pdf, export_png, export_svg
from gui.export.render import render_png
from model.reports.atomic import ExportError
from tests.exports.designs import small_design
from tests.exports.hand_metrics import hand_metrics, priced_hand_metrics

NAMES = ("Hall A", "Pod 1", "GPU racks", "Leaf", "Spine")


def distinct_colours(image: QImage, step: int = 7) -> int:
    """How many different colours a grid of sample points shows."""
    return len({image.pixel(x, y) for x in range(0, image.width(), step)
                for y in range(0, image.height(), step)})


def test_png_has_the_width_asked_and_is_drawn(qtbot, tmp_path: Path) -> None:
    out = tmp_path / "campus.png"
    size = export_png(small_design(), out, metrics=hand_metrics(), width=1200)
    image = QImage(str(out))
    assert not image.isNull()
    assert (image.width(), image.height()) == size
    assert image.width() == 1200
    scene = build_scene(small_design())
    content = scene.content_rect()
    assert image.height() == round(1200 * content.height() / content.width())
    assert distinct_colours(image) > 10, "the picture is blank"


def test_png_at_a_resolution_scales_canvas_units(qtbot, tmp_path: Path) -> None:
    scene = build_scene(small_design(), hand_metrics())
    content = scene.content_rect()
    out = tmp_path / "hi.png"
    w, h = render_png(scene, out, dpi=192)
    assert (w, h) == (round(content.width() * 2), round(content.height() * 2))
    image = QImage(str(out))
    assert round(image.dotsPerMeterX() * 0.0254) == 192


def test_png_of_a_part_of_the_canvas(qtbot, tmp_path: Path) -> None:
    scene = build_scene(small_design(), hand_metrics())
    out = tmp_path / "view.png"
    assert render_png(scene, out, width=400, source=QRectF(0, 0, 200, 100)) == (400, 200)


def test_svg_parses_and_names_every_element(qtbot, tmp_path: Path) -> None:
    out = tmp_path / "campus.svg"
    export_svg(small_design(), out, metrics=hand_metrics())
    root = ET.parse(out).getroot()
    assert root.tag.endswith("svg")
    texts = " ".join("".join(node.itertext()) for node in root.iter()
                     if node.tag.endswith("text"))
    for name in NAMES:
        assert name in texts
    title = [n.text for n in root.iter() if n.tag.endswith("title")]
    assert "Small test cluster" in title


def test_pdf_report_pages_and_text(qtbot, tmp_path: Path) -> None:
    out = tmp_path / "report.pdf"
    pages = export_pdf(small_design(), priced_hand_metrics(small_design()), out)
    reader = PdfReader(out)
    assert len(reader.pages) == pages >= 2
    text = re.sub(r"\s+", " ", " ".join(page.extract_text() for page in reader.pages))
    for expected in (
        "Small test cluster",
        "Headline figures",
        "Accelerators 64",
        "Bisection bandwidth 12.80 Tb/s",
        "Fraction of full bisection 100.0 %",
        "max 3, mean 2.75",
        "Hall A 105.5 131.9 5,000 2.1 %",
        "Spine has no uplinks",
        "Bill of materials",
        "Switch 64×400G",
        "Optics 400G optical 400G, reach 500 m 128",
        "1,568",  # the histogram bar of 3-hop pairs
        *NAMES,
    ):
        assert expected in text, expected


def test_pdf_into_a_missing_folder_says_so(qtbot, tmp_path: Path) -> None:
    with pytest.raises(ExportError, match="does not exist"):
        export_pdf(small_design(), hand_metrics(), tmp_path / "no" / "r.pdf")


def test_failed_png_keeps_the_old_file(
    qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "campus.png"
    out.write_bytes(b"old picture")

    def refuse(src: str, dst: str) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(ExportError, match="permission denied"):
        export_png(small_design(), out, width=300)
    assert out.read_bytes() == b"old picture"
    assert [p.name for p in tmp_path.iterdir()] == ["campus.png"]


def test_absurd_sizes_are_refused_with_a_reason(qtbot, tmp_path: Path) -> None:
    with pytest.raises(ExportError, match="too large"):
        export_png(small_design(), tmp_path / "x.png", dpi=100_000)


def test_whole_picture_holds_the_zoomed_out_buildings_names(
        qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """At 1920 pixels a SuperPOD of 144 units is zoomed out far enough that its hall
    writes its name on a plate above it; the area drawn must hold the plate (it was the
    area at the scene's own zoom, without a plate, and cut the name off)."""
    from gui.canvas.items.building import BuildingItem
    from gui.export import render as render_module
    from model.templates import TEMPLATES

    drawn: list[QRectF] = []
    paint = render_module._paint

    def recording(scene, painter, target, source):  # type: ignore[no-untyped-def]
        drawn.append(QRectF(source))
        paint(scene, painter, target, source)

    monkeypatch.setattr(render_module, "_paint", recording)
    scene = build_scene(TEMPLATES["superpod"].build(sus=144, system="gb200-nvl72"))
    w, _h = render_png(scene, tmp_path / "pod.png", width=1920)
    assert scene.view_scale == 1.0, "the scene's own zoom is given back"
    (area,) = drawn
    scene.set_view_scale(w / area.width())  # the picture's zoom
    halls = [i for i in scene.element_items()
             if isinstance(i, BuildingItem) and i.parentItem() is None]
    plates = [i.mapRectToScene(i.plate_rect()) for i in halls]
    assert halls and all(not p.isEmpty() for p in plates), "zoomed out: plates drawn"
    for hall, plate in zip(halls, plates, strict=True):
        assert area.contains(plate), (hall.element.name, plate, area)
