"""Arrow-key nudges (one undo step per burst), align and distribute (positions checked
against hand arithmetic), Find (Ctrl+F) and Zoom to Selection."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from gui import arrange
from gui.arrange import NUDGE_STEP, NUDGE_STEP_LARGE
from gui.commands import move_command
from gui.find_bar import matches
from model.elements import Building

RACKS = "hall-a-pod-1-racks"


def focus_canvas(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.view.setFocus()
    qtbot.waitUntil(window.view.hasFocus)


def test_arrows_nudge_and_a_burst_is_one_undo_step(window, qtbot, monkeypatch) -> None:
    design, stack = window.document.design, window.document.undo_stack
    now = [100.0]
    monkeypatch.setattr(arrange.time, "monotonic", lambda: now[0])
    window.scene.select_ids([RACKS])
    focus_canvas(window, qtbot)
    x0, y0 = design.rack_groups[RACKS].x, design.rack_groups[RACKS].y
    for _ in range(3):
        qtbot.keyClick(window.view, Qt.Key.Key_Right)
        now[0] += 0.2
    qtbot.keyClick(window.view, Qt.Key.Key_Down, Qt.KeyboardModifier.ShiftModifier)
    group = design.rack_groups[RACKS]
    assert (group.x, group.y) == (x0 + 3 * NUDGE_STEP, y0 + NUDGE_STEP_LARGE)
    assert (NUDGE_STEP, NUDGE_STEP_LARGE) == (10.0, 40.0)
    assert stack.count() == 1 and stack.text(0) == "Nudge DGX H100"
    # a pause ends the burst: the next press is a step of its own
    now[0] += 5.0
    qtbot.keyClick(window.view, Qt.Key.Key_Left)
    assert stack.count() == 2
    assert design.rack_groups[RACKS].x == x0 + 2 * NUDGE_STEP
    stack.undo()
    stack.undo()
    assert (design.rack_groups[RACKS].x, design.rack_groups[RACKS].y) == (x0, y0)
    stack.redo()
    assert (design.rack_groups[RACKS].x, design.rack_groups[RACKS].y) == (
        x0 + 3 * NUDGE_STEP, y0 + NUDGE_STEP_LARGE)


def test_arrows_scroll_when_nothing_is_selected(window, qtbot) -> None:
    window.view.set_scale(1.0)
    window.scene.clearSelection()
    focus_canvas(window, qtbot)
    bar = window.view.horizontalScrollBar()
    bar.setValue((bar.minimum() + bar.maximum()) // 2)
    before = bar.value()
    qtbot.keyClick(window.view, Qt.Key.Key_Right)
    assert bar.value() == before + 4 * NUDGE_STEP
    assert window.document.undo_stack.count() == 0


def test_arrows_in_the_inspector_edit_the_field_not_the_position(window, qtbot) -> None:
    design = window.document.design
    window.scene.select_ids([RACKS])
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    spin = window.inspector.fields["count"].editor
    spin.setFocus()
    qtbot.waitUntil(spin.hasFocus)
    x0, count = design.rack_groups[RACKS].x, design.rack_groups[RACKS].count
    qtbot.keyClick(spin, Qt.Key.Key_Up)
    assert spin.value() == count + 1, "the arrow stepped the field"
    qtbot.keyClick(spin, Qt.Key.Key_Right)
    qtbot.keyClick(spin, Qt.Key.Key_Left)
    assert design.rack_groups[RACKS].x == x0, "no nudge while the inspector has the keys"


def _width(window, element_id: str) -> float:  # type: ignore[no-untyped-def]
    return float(window.scene.item_for(element_id).rect().width())


def test_align_in_one_island(window) -> None:
    design, stack = window.document.design, window.document.undo_stack
    spine, leaf = "hall-a-pod-1-spine", "hall-a-pod-1-leaf"
    ids = (spine, leaf, RACKS)
    start = {spine: (60.0, 30.0), leaf: (20.0, 102.0), RACKS: (100.0, 174.0)}
    window.view.execute(move_command(design, start))

    def positions() -> dict[str, tuple[float, float]]:
        return {e: (design.element(e).x, design.element(e).y) for e in ids}

    widths = {e: _width(window, e) for e in ids}
    right = max(start[e][0] + widths[e] for e in ids)
    expected = {
        "left": {e: (20.0, start[e][1]) for e in ids},
        "right": {e: (right - widths[e], start[e][1]) for e in ids},
        "top": {e: (start[e][0], 30.0) for e in ids},
        "bottom": {e: (start[e][0], 174.0 + _height(window, RACKS) - _height(window, e))
                   for e in ids},
    }
    for edge, wanted in expected.items():
        window.scene.select_ids(ids)
        index = stack.index()
        window.arrange.align_actions[edge].trigger()
        assert stack.index() == index + 1, f"align {edge} is one undo step"
        got = positions()
        for e in ids:
            assert got[e] == pytest.approx(wanted[e], abs=0.05), (edge, e)
        stack.undo()
        assert positions() == start
    window.scene.select_ids(ids)
    window.arrange.align_actions["left"].trigger()
    assert stack.text(stack.count() - 1) == "Align left edges of 3 elements"


def _height(window, element_id: str) -> float:  # type: ignore[no-untyped-def]
    return float(window.scene.item_for(element_id).rect().height())


def test_distribute_buildings_on_the_campus(window) -> None:
    design = window.document.design
    design.add(Building(id="far", name="Far hall", capacity_kw=500, x=3000.0, y=0.0))
    window.scene.select_ids(["hall-a", "hall-b", "far"])
    a, b, c = (_width(window, e) for e in ("hall-a", "hall-b", "far"))
    window.arrange.distribute_h.trigger()
    gap = (3000.0 + c - 0.0 - (a + b + c)) / 2
    assert design.buildings["hall-a"].x == 0.0 and design.buildings["far"].x == 3000.0
    assert design.buildings["hall-b"].x == pytest.approx(a + gap, abs=0.05)


def test_align_needs_one_container_and_enough_elements(window) -> None:
    stack = window.document.undo_stack
    window.scene.select_ids(["hall-a-pod-1-racks", "hall-b-pod-1-racks"])
    assert window.arrange.align("left") is False
    window.scene.select_ids(["hall-a", "hall-b"])
    assert window.arrange.distribute(True) is False
    assert stack.count() == 0


def test_find_lists_matches_and_enter_selects_and_zooms(window, qtbot) -> None:
    design = window.document.design
    assert matches(design, "pod 2")[:1] == ["hall-a-pod-2"]
    assert set(matches(design, "HALL-B-POD-1-")) == {
        e.id for e in design.all_elements() if e.id.startswith("hall-b-pod-1-")}
    assert matches(design, "campus core")[0] == "campus-core", "exact names first"
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.view.fit_to_view()
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    bar = window.find_bar
    assert bar.isVisible() and QApplication.focusWidget() is bar.edit
    qtbot.keyClicks(bar.edit, "leaf (r")
    listed = [bar.list.item(i).text() for i in range(bar.list.count())]
    assert listed == [f"Switch tier · Leaf (rails)   ({i}-leaf)" for i in (
        "hall-a-pod-1", "hall-a-pod-2", "hall-b-pod-1", "hall-b-pod-2")]
    qtbot.keyClick(bar.edit, Qt.Key.Key_Down)
    qtbot.keyClick(bar.edit, Qt.Key.Key_Down)
    qtbot.keyClick(bar.edit, Qt.Key.Key_Return)
    assert window.scene.selected_ids() == ["hall-b-pod-1-leaf"]
    assert not bar.isVisible()
    view = window.view
    shown = view.mapToScene(view.viewport().rect()).boundingRect()
    assert shown.contains(window.scene.item_for("hall-b-pod-1-leaf").scene_rect())
    assert view.scale_factor() == pytest.approx(1.0), "zoomed in, to 100 % at most"


def test_zoom_to_selection(window) -> None:
    view = window.view
    view.set_scale(1.0)
    view.centerOn(0, 0)
    window.scene.select_ids(["hall-b"])
    window.zoom_selection_action.trigger()
    shown = view.mapToScene(view.viewport().rect()).boundingRect()
    assert shown.contains(window.scene.item_for("hall-b").scene_rect())
    assert window.zoom_selection_action.shortcut().toString() == "Shift+F"

