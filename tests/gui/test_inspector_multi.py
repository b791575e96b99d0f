"""Editing several selected elements at once (one undo step that undoes fully; "mixed
values" where they differ; a refusal by one changes none) and the keyboard going back to
the canvas once an inspector edit is committed."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from model.elements import Pattern
from tests.gui.test_inspector import type_into

MIXED_TEXT = "mixed values"
BUNDLES = ["hall-a-pod-1-b2", "hall-a-up", "hall-b-pod-1-b1"]
"""Leaf → spine (8 links, spread), Core → campus core (4 links, spread), Servers → leaf
(8 links, rail): all 400 Gb/s, no medium (demo campus)."""


def test_shared_fields_with_mixed_values(window) -> None:
    window.scene.select_ids(BUNDLES)
    inspector = window.inspector
    if set(inspector.element_ids) != set(BUNDLES):  # bundles hidden at this zoom
        inspector.show_ids(BUNDLES)
    assert set(inspector.fields) == {"links_per_member", "speed_gbps", "pattern", "medium",
                                     "length_m"}
    assert inspector.title.text().startswith("<b>3 link bundles selected</b>")
    links, speed, pattern = (inspector.fields[n] for n in
                             ("links_per_member", "speed_gbps", "pattern"))
    assert links.is_mixed() and links.editor.text() == MIXED_TEXT
    assert pattern.is_mixed() and pattern.editor.currentIndex() == -1
    assert pattern.editor.placeholderText() == MIXED_TEXT
    assert not speed.is_mixed() and speed.editor.text() == "400"
    # Different kinds share only what every one of them has.
    inspector.show_ids(["hall-a", "hall-a-pod-1"])
    assert set(inspector.fields) == {"notes"}
    assert inspector.title.text().startswith("<b>2 elements selected</b>")
    inspector.show_ids(["hall-a", "hall-a-pod-1-b2"])
    assert inspector.fields == {}


def test_one_edit_of_several_is_one_undo_step_that_undoes_fully(window, qtbot) -> None:
    design, stack = window.document.design, window.document.undo_stack
    before = design.copy()
    inspector = window.inspector
    inspector.show_ids(BUNDLES)
    type_into(qtbot, inspector.fields["speed_gbps"], "200")
    assert [design.bundles[b].speed_gbps for b in BUNDLES] == [200.0, 200.0, 200.0]
    assert stack.count() == 1
    assert stack.text(0) == "Change link speed of 3 link bundles to 200G"
    # A medium from the shipped catalog is copied in once, in the same step.
    inspector.fields["medium"].choose("optical-400g-osfp")
    assert [design.bundles[b].medium for b in BUNDLES] == ["optical-400g-osfp"] * 3
    assert stack.count() == 2
    # Typed into "mixed values": every bundle gets it.
    type_into(qtbot, inspector.fields["links_per_member"], "2")
    assert [design.bundles[b].links_per_member for b in BUNDLES] == [2, 2, 2]
    assert not inspector.fields["links_per_member"].is_mixed()
    assert stack.count() == 3
    stack.undo()
    assert [design.bundles[b].links_per_member for b in BUNDLES] == [8, 4, 8]
    assert inspector.fields["links_per_member"].is_mixed(), "the editor follows the undo"
    stack.undo()
    assert design.catalog.medium("optical-400g-osfp") is None
    stack.undo()
    assert design == before
    stack.redo()
    assert [design.bundles[b].speed_gbps for b in BUNDLES] == [200.0, 200.0, 200.0]
    stack.undo()
    # Rail wiring needs servers below: the two tier-to-tier bundles refuse it, so none
    # of the three changes and no step is recorded.
    inspector.fields["pattern"].choose(Pattern.RAIL)
    assert "lower end must be a rack group" in inspector.fields["pattern"].error.text()
    assert design == before
    assert stack.count() == 3 and stack.index() == 0


def focus_is_on(widget) -> bool:  # type: ignore[no-untyped-def]
    return QApplication.focusWidget() is widget


def test_keyboard_returns_to_the_canvas_after_an_edit(window, qtbot) -> None:
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=2_000)
    inspector = window.inspector
    inspector.show_ids(["hall-a"])
    # Typed and committed with Enter.
    type_into(qtbot, inspector.fields["pue"], "1.4")
    qtbot.waitUntil(lambda: focus_is_on(window.view), timeout=2_000)
    assert window.document.design.buildings["hall-a"].pue == 1.4
    # Ctrl+Z now reaches the window's undo at once.
    qtbot.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.document.design.buildings["hall-a"].pue == 1.25
    # A choice made from the keyboard in a combo box.
    cooling = inspector.fields["cooling"].editor
    cooling.setFocus()
    qtbot.waitUntil(lambda: focus_is_on(cooling), timeout=2_000)
    cooling.activated.emit((cooling.currentIndex() + 1) % cooling.count())
    qtbot.waitUntil(lambda: focus_is_on(window.view), timeout=2_000)
    # Esc drops what was typed and gives the keyboard back too.
    notes = inspector.fields["notes"].editor
    notes.setFocus()
    qtbot.waitUntil(lambda: focus_is_on(notes), timeout=2_000)
    qtbot.keyClicks(notes, "half typed")
    qtbot.keyClick(notes, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: focus_is_on(window.view), timeout=2_000)
    assert notes.text() == "" and window.document.design.buildings["hall-a"].notes == ""
    # A refused value keeps the keyboard at the field, to put it right.
    count_field = inspector.fields["capacity_kw"]
    type_into(qtbot, count_field, "-5")
    qtbot.wait(50)
    assert count_field.has_error()
    assert focus_is_on(count_field.editor)
