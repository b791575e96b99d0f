"""Dropping a card from the palette never leaves one card lying over another (issue #15:
"a dropped element lands on top of another"): when the island (or building) a rack
group, tier or island is dropped into grows around it, the cards right of and below it
move aside, in the same undo step as the drop.

The check is plain geometry of the drawn items — every pair of sibling cards is tested
for intersection — not the placement code's own reckoning.
"""

from __future__ import annotations

from itertools import combinations

from PySide6.QtCore import QPointF, QRectF

from gui.canvas.items.base import ElementItem
from gui.canvas.placement import PaletteEntry
from model.design import Design
from tests.gui.conftest import close_window

RACKS = ("dgx-h100-x4", "dgx-b200-x4")


def _free_in(scene, building: str) -> QPointF:  # type: ignore[no-untyped-def]
    """A point of the building's floor that no island covers."""
    box = scene.item_for(building).scene_rect()
    for i in range(1, 20):
        for j in range(1, 10):
            point = QPointF(box.left() + box.width() * i / 20,
                            box.top() + box.height() * j / 10)
            if scene.element_at(point, ("island",)) is None and \
                    scene.element_at(point, ("building",)) is not None:
                return point
    raise AssertionError("the building is full")


def _overlapping(scene) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    """Pairs of sibling cards (same parent item) whose drawn rectangles intersect."""
    by_parent: dict[int, list[tuple[str, QRectF]]] = {}
    for item in scene.element_items():
        if not isinstance(item, ElementItem) or not hasattr(item.element, "x"):
            continue
        parent = item.parentItem()
        by_parent.setdefault(id(parent), []).append((item.element_id, item.scene_rect()))
    return [(a, b) for cards in by_parent.values()
            for (a, ra), (b, rb) in combinations(cards, 2) if ra.intersects(rb)]


def _positions(design: Design) -> dict[str, tuple[float, float]]:
    return {e.id: (e.x, e.y) for e in design.all_elements() if hasattr(e, "x")}


def test_islands_that_grow_push_their_neighbours_aside(qtbot, catalog, settings) -> None:  # type: ignore[no-untyped-def]
    from gui.main_window import open_window

    win = open_window(Design(name="drops"), None, catalog, settings)
    try:
        view, scene, design = win.view, win.scene, win.document.design
        assert view.place_entry(PaletteEntry("building"), QPointF(0, 0))
        (building,) = design.buildings
        for _ in range(3):
            assert view.place_entry(PaletteEntry("island"), _free_in(scene, building))
        assert _overlapping(scene) == []
        islands = sorted(design.islands)
        for island in islands:
            for rack_type in RACKS:
                before = _positions(design)
                box = scene.item_for(island).scene_rect()
                assert view.place_entry(PaletteEntry("rack_group", rack_type), box.center())
                assert _overlapping(scene) == [], (island, rack_type)
                # the drop and the moves aside are one undo step
                win.document.undo_stack.undo()
                assert _positions(design) == before
                win.document.undo_stack.redo()
                assert _overlapping(scene) == []
            box = scene.item_for(island).scene_rect()
            assert view.place_entry(PaletteEntry("tier", "qm9700"),
                                    QPointF(box.center().x(), box.top() + 30))
            assert _overlapping(scene) == []
        assert len(design.rack_groups) == 6 and len(design.tiers) == 3
    finally:
        win.document.undo_stack.setClean()
        close_window(win)


def test_a_building_that_grows_pushes_the_building_beside_it(qtbot, catalog, settings) -> None:  # type: ignore[no-untyped-def]
    from gui.main_window import open_window

    win = open_window(Design(name="drops"), None, catalog, settings)
    try:
        view, scene, design = win.view, win.scene, win.document.design
        assert view.place_entry(PaletteEntry("building"), QPointF(0, 0))
        (first,) = design.buildings
        right = scene.item_for(first).scene_rect().right()
        assert view.place_entry(PaletteEntry("building"), QPointF(right + 400, 0))
        assert _overlapping(scene) == []
        for _ in range(4):
            assert view.place_entry(PaletteEntry("island"), _free_in(scene, first))
            island = max(design.islands, key=lambda i: design.islands[i].x)
            box = scene.item_for(island).scene_rect()
            assert view.place_entry(PaletteEntry("rack_group", RACKS[0]), box.center())
            assert _overlapping(scene) == []
    finally:
        win.document.undo_stack.setClean()
        close_window(win)
