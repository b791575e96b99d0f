"""The PDF report's canvas picture holds the whole design: zoomed out to fit the page,
each building carries a name plate above it, and the picture's source rectangle was
taken before the plates existed, so their top was cut off (issue #15)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QGraphicsScene

from gui.canvas.items.building import PLATE_PX, BuildingItem
from gui.canvas.picture import build_scene
from gui.export.pdf import write_pdf_report
from model.metrics import compute_all


def test_building_plates_are_inside_the_pdf_picture(design, qtbot, monkeypatch,
                                                     tmp_path: Path) -> None:
    metrics = compute_all(design)
    scene = build_scene(design, metrics)
    scene.set_detail(True)
    drawn: list[tuple[QRectF, QRectF, float, list[QRectF]]] = []
    plates: list[float] = []
    original = QGraphicsScene.render

    def spy(self, painter, target, source, mode):  # type: ignore[no-untyped-def]
        # what the picture shows, at the scale it is drawn: each building with its plate
        tops = [item for item in self.items()
                if isinstance(item, BuildingItem) and item.parentItem() is None]
        drawn.append((QRectF(target), QRectF(source), self.view_scale,
                      [item.mapRectToScene(item.boundingRect()) for item in tops]))
        plates.extend(item.plate_rect().height() for item in tops)
        return original(self, painter, target, source, mode)

    monkeypatch.setattr(QGraphicsScene, "render", spy)
    write_pdf_report(design, metrics, tmp_path / "r.pdf", scene=scene)
    ((target, source, scale, buildings),) = drawn
    # zoomed out: a building's name is drawn on a plate PLATE_PX screen pixels high
    assert scale < 0.78 and len(buildings) == 2
    fit = min(target.width() / source.width(), target.height() / source.height())
    assert abs(fit - scale) < 1e-9, "plates are sized for the scale the picture is drawn at"
    for box in buildings:
        plate_top = box.top()
        assert source.top() <= plate_top, (
            f"a building plate starts {(source.top() - plate_top) * scale:.0f} px above"
            f" the picture (source {source}, building with plate {box})")
        assert source.contains(box)
    # side by side, nothing above them: each plate is PLATE_PX screen pixels high
    assert [round(h * scale, 6) for h in plates] == [PLATE_PX, PLATE_PX]
    assert scene.view_scale == 1.0, "the scene's own scale is back after drawing"


def test_the_pdf_picture_is_centred_in_its_frame(design, qtbot, monkeypatch,
                                                 tmp_path: Path) -> None:
    """The scene renders a kept aspect ratio from the target's top-left corner: a
    picture narrower than the page stood pressed to the left of its frame (the walk of
    the real app saw the example's campus with a blank band on its right). The target
    now has the source's proportions and its centre on the page's centre line."""
    from gui.export.pdf import RESOLUTION_DPI, page_layout

    metrics = compute_all(design)
    scene = build_scene(design, metrics)
    drawn: list[tuple[QRectF, QRectF]] = []
    original = QGraphicsScene.render

    def spy(self, painter, target, source, mode):  # type: ignore[no-untyped-def]
        drawn.append((QRectF(target), QRectF(source)))
        return original(self, painter, target, source, mode)

    monkeypatch.setattr(QGraphicsScene, "render", spy)
    write_pdf_report(design, metrics, tmp_path / "r.pdf", scene=scene)
    ((target, source),) = drawn
    page_width = page_layout().paintRectPixels(RESOLUTION_DPI).width()
    assert abs(target.center().x() - page_width / 2) < 0.5
    assert abs(target.width() / target.height() - source.width() / source.height()) < 1e-6
    assert target.width() <= page_width - 8 + 1e-6
