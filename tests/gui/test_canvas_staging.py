"""Level of detail and staged drawing: zoomed out, island blocks and buildings keep
their pictures (a repaint copies pixels), and a zoom or a fit to view that shows every
block at a new size writes them over several turns of the event loop, a bounded number
per turn, until every block and building plate says its name and figures again.
Pictures for export are drawn whole in one go."""

from __future__ import annotations

from collections import Counter

from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage, qGray
from PySide6.QtWidgets import QGraphicsItem, QGraphicsRectItem

from gui.canvas.items import base
from gui.canvas.items.building import BuildingItem
from gui.canvas.items.island import IslandItem
from gui.canvas.picture import build_scene, render_image
from gui.canvas.staging import PaintBudget
from model.design import Design
from model.metrics import compute_all
from model.templates import TEMPLATES
from tests.gui.conftest import close_window

ALLOWANCE_TICKS = 5
"""The test's budget, in ticks of its clock (one tick each time the clock is read)."""


def campus() -> Design:
    """Sixteen islands in eight buildings: enough blocks that one turn cannot write
    them all within the test's budget."""
    return TEMPLATES["ai-zones"].build(pods=16, racks_per_pod=110, gpus_per_rack=64,
                                       buildings=8)


class TickClock:
    """A clock that advances one tick (1 s) each time it is read: the budget then
    allows a fixed number of reads per turn, whatever the machine's speed."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def dark_pixels(image: QImage, box: QRectF) -> int:
    """Pixels of ``box`` dark enough to be text of the light theme."""
    count = 0
    for y in range(max(0, int(box.top())), min(image.height(), int(box.bottom()))):
        for x in range(max(0, int(box.left())), min(image.width(), int(box.right()))):
            count += qGray(image.pixel(x, y)) < 90
    return count


def test_fit_to_view_writes_the_blocks_over_several_turns(qtbot, catalog,
                                                          settings, monkeypatch) -> None:
    from gui.main_window import open_window

    window = open_window(campus(), None, catalog, settings,
                         compute=lambda design: compute_all(design, None))
    try:
        window.resize(1400, 900)
        window.settle_layout()
        view, scene = window.view, window.scene
        qtbot.waitUntil(lambda: window.runner.is_current() and not scene.routing_pending(),
                        timeout=20_000)
        view.set_scale(0.9)
        assert scene.detail
        qtbot.waitUntil(lambda: not scene.routing_pending(), timeout=20_000)
        budget = scene.paint_budget
        budget.clock = TickClock()
        budget.allowance_s = ALLOWANCE_TICKS
        qtbot.wait(20)  # turns counted by the test's clock from now on
        # Which turn (the clock's reading when the event loop woke) laid out the text
        # of each block and building plate.
        written: Counter[float | None] = Counter()
        real = base._lay_out

        def counted(*args):  # type: ignore[no-untyped-def]
            written[budget._turn_start] += 1
            return real(*args)

        monkeypatch.setattr(base, "_lay_out", counted)
        view.fit_to_view()
        assert not scene.detail
        blocks = [i for i in scene.element_items() if isinstance(i, IslandItem)]
        buildings = [i for i in scene.element_items() if isinstance(i, BuildingItem)]
        # Zoomed out, blocks and buildings keep their pictures; zoomed in they do not.
        assert {i.cacheMode() for i in blocks + buildings} == {
            QGraphicsItem.CacheMode.DeviceCoordinateCache}
        qtbot.waitUntil(lambda: sum(written.values()) >= len(blocks) + len(buildings)
                        and not budget.pending(), timeout=20_000)
        assert budget.deferred > 0, "every block was written in one turn"
        # A turn writes what its allowance lets it (blocks and buildings share it).
        assert len(written) >= (len(blocks) + len(buildings)) // ALLOWANCE_TICKS
        assert max(written.values()) <= ALLOWANCE_TICKS
        # Every block says its name and figures; every building its name on its plate.
        image = view.viewport().grab().toImage()
        ratio = image.width() / view.viewport().width()
        for item in blocks + buildings:
            box = view.mapFromScene(item.scene_rect()).boundingRect()
            if isinstance(item, BuildingItem):
                plate = view.mapFromScene(item.mapRectToScene(item.plate_rect()))
                box = plate.boundingRect()
                assert box.height() > 10, f"{item.element.name}: no plate"
            area = QRectF(box.left() * ratio, box.top() * ratio,
                          box.width() * ratio, box.height() * ratio)
            assert dark_pixels(image, area) > 30, f"{item.element.name} is not written"
        view.set_scale(0.9)
        assert {i.cacheMode() for i in blocks + buildings} == {
            QGraphicsItem.CacheMode.NoCache}
    finally:
        window.document.undo_stack.setClean()
        close_window(window)


def test_a_picture_for_export_is_never_staged(qtbot) -> None:
    design = campus()
    scene = build_scene(design, compute_all(design, None))
    scene.paint_budget.clock = TickClock()
    scene.paint_budget.allowance_s = 0  # past the budget before anything is drawn
    image = render_image(scene, 1280, 720, detail=False)  # blocks, as zoomed out
    assert scene.paint_budget.deferred == 0
    blocks = [i for i in scene.element_items() if isinstance(i, IslandItem)]
    source = scene.content_rect()
    scale = min(1280 / source.width(), 720 / source.height())
    for item in blocks:
        rect = item.scene_rect()
        box = QRectF((rect.left() - source.left()) * scale, (rect.top() - source.top()) * scale,
                     rect.width() * scale, rect.height() * scale)
        assert dark_pixels(image, box) > 30, f"{item.element.name} is not written"


def test_each_turn_has_its_own_allowance(qtbot) -> None:
    """Past the allowance an item is put off and repainted in the next turn, which
    allows again; at least one item a turn is always allowed."""
    clock = TickClock()
    budget = PaintBudget(allowance_s=2.0, clock=clock)
    item = QGraphicsRectItem()  # in no scene: only asked to update
    budget._woke()  # a turn starts (clock 1)
    assert budget.allows(item) and not budget.allows(item)  # clock 2 allowed, 3 not
    assert budget.deferred == 1 and budget.pending()
    budget.allowance_s = 0.0
    budget._woke()
    assert budget.allows(item), "the first item of a turn is always allowed"
    budget.deleteLater()


def test_an_svg_holds_shapes_and_text_never_copies_of_cached_pictures(qtbot,
                                                                     tmp_path) -> None:
    """Cards, blocks and buildings keep cached pictures on the screen; an SVG drew those
    bitmaps (eight <image> elements for the example's zoomed-out islands) instead of
    their shapes and words."""
    from gui.example import example_design
    from gui.export.render import render_svg

    design = example_design()[0]
    for detail in (True, False):
        scene = build_scene(design, compute_all(design, None))
        scene.set_detail(detail)
        modes = [i.cacheMode() for i in scene.element_items()]
        assert QGraphicsItem.CacheMode.DeviceCoordinateCache in modes
        path = tmp_path / f"campus-{detail}.svg"
        render_svg(scene, path, title="campus", detail=detail)
        text = path.read_text(encoding="utf-8")
        assert "<image" not in text
        for island in design.islands.values():
            assert island.name in text
        assert [i.cacheMode() for i in scene.element_items()] == modes, "given back"
