"""Arrange › Arrange Buildings in a Grid (issue #15): a campus saved with its buildings
in a strip is laid out in the templates' grid in one undo step, no two buildings overlap,
and the whole campus is shown larger than the strip was."""

from __future__ import annotations

import itertools

import pytest
from PySide6.QtCore import QRectF

from model.elements import Building
from model.templates.builder import BUILDING_GAP
from tests.gui.conftest import close_window
from tests.gui.real_window_drivers import menu_actions

EXTRA_HALLS = ("Hall C", "Hall D", "Hall E", "Hall F")


@pytest.fixture
def strip(qtbot, design, catalog, settings):  # type: ignore[no-untyped-def]
    """The demo campus with four more (empty) halls, all six in one row, as older files
    were saved."""
    from gui.main_window import open_window

    for k, name in enumerate(EXTRA_HALLS):
        design.add(Building(id=f"hall-{'cdef'[k]}", name=name, capacity_kw=1_000))
    x = 0.0
    for building in design.buildings.values():
        design.move(building.id, x, 0.0)
        x += 1_200.0
    win = open_window(design, None, catalog, settings)
    win.resize(1400, 900)
    win.view.fit_to_view()
    yield win
    win.document.undo_stack.setClean()
    close_window(win)


def building_rects(window) -> dict[str, QRectF]:  # type: ignore[no-untyped-def]
    return {b: window.scene.item_for(b).scene_rect()
            for b in window.document.design.buildings}


def test_a_strip_of_buildings_becomes_a_grid_in_one_undo_step(strip) -> None:
    window = strip
    design = window.document.design
    stack = window.document.undo_stack
    before = {b.id: (b.x, b.y) for b in design.buildings.values()}
    strip_scale = window.view.scale_factor()
    action = menu_actions(window)["Edit/Arrange/Arrange Buildings in a Grid"]
    start = stack.index()
    action.trigger()
    assert stack.index() == start + 1, "one undo step"
    assert stack.undoText() == "Arrange 6 buildings in a grid"
    rects = building_rects(window)
    for (a, ra), (b, rb) in itertools.combinations(rects.items(), 2):
        assert not ra.intersects(rb), f"{a} overlaps {b}"
    # the grid: three per row (the six cells are as wide as Hall A, 5 of them in a row
    # would be a strip again), in the design's order, rows BUILDING_GAP apart
    rows: dict[float, list[str]] = {}
    for bid in design.buildings:
        rows.setdefault(round(rects[bid].top(), 1), []).append(bid)
    assert len(rows) >= 2, f"still one row: {rows}"
    assert [b for row in sorted(rows) for b in sorted(rows[row], key=lambda b:
                                                      rects[b].left())] == list(design.buildings)
    tops = sorted(rows)
    row_bottom = max(rects[b].bottom() for b in rows[tops[0]])
    assert tops[1] - row_bottom == pytest.approx(BUILDING_GAP)
    # it starts where the campus started, and the campus is no longer a strip
    campus = QRectF()
    for rect in rects.values():
        campus = campus.united(rect)
    assert (campus.left(), campus.top()) == (0.0, 0.0)
    assert 0.6 < campus.width() / campus.height() < 3.0
    # and it is shown whole, larger than the strip was
    assert window.view.scale_factor() > 1.5 * strip_scale
    shown = window.view.mapToScene(window.view.viewport().rect()).boundingRect()
    assert shown.contains(campus)
    # undo puts the strip back; arranged already, no second step
    stack.undo()
    assert {b.id: (b.x, b.y) for b in design.buildings.values()} == before
    stack.redo()
    action.trigger()
    assert stack.index() == start + 1
    assert "already" in window.statusBar().currentMessage()


def test_one_building_is_left_alone(qtbot, catalog, settings) -> None:
    from gui.main_window import open_window
    from model.design import Design

    design = Design("One hall")
    design.add(Building(id="b", name="Only hall", capacity_kw=1_000, x=40, y=40))
    window = open_window(design, None, catalog, settings)
    try:
        assert window.arrange_buildings.arrange() is False
        assert window.document.undo_stack.count() == 0
        assert "two or more" in window.statusBar().currentMessage()
    finally:
        close_window(window)
