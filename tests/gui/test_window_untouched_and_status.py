"""Two conventions of desktop editors, in the window as the application starts it:

- a design just made from a template and left untouched is replaced (Open, New) or
  closed without asking about unsaved changes, as an empty new design is (draw.io and
  KiCad ask only once a new document was edited);
- the status bar's "Selected …" goes when the selection is cleared (a click on empty
  canvas, Escape), and a message of another kind is left alone."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QMessageBox

from model.templates import TEMPLATES
from tests.gui.mouse import click


@pytest.fixture
def asked(real_window, monkeypatch: pytest.MonkeyPatch) -> list[str]:  # type: ignore[no-untyped-def]
    """Every unsaved-changes question the real window asks (answered Cancel)."""
    questions: list[str] = []
    files = real_window.file_actions

    def ask() -> QMessageBox.StandardButton:
        questions.append(real_window.document.design.name)
        return QMessageBox.StandardButton.Cancel

    monkeypatch.setattr(files, "ask_unsaved", ask)
    monkeypatch.setattr(files, "ask_unsaved_on_close", ask)
    return questions


def fat_tree() -> object:
    return TEMPLATES["fat-tree"].build(k=4)


def test_an_untouched_design_from_a_template_is_replaced_without_a_question(  # type: ignore[no-untyped-def]
        real_window, asked, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Failed before the fix: the question came, and Cancel kept the template design."""
    window, files = real_window, real_window.file_actions
    monkeypatch.setattr(files, "ask_template", fat_tree)
    assert files.new_from_template()
    assert window.document.design == TEMPLATES["fat-tree"].build(k=4)
    assert files.open_path(tmp_path / "campus.json")
    assert asked == []
    assert window.document.path == tmp_path / "campus.json"
    # and to another new design from the template, then New: no question either
    assert files.new_from_template() and files.new_design()
    assert asked == []


def test_a_design_from_a_template_asks_once_it_was_edited(  # type: ignore[no-untyped-def]
        real_window, asked, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    window, files = real_window, real_window.file_actions
    monkeypatch.setattr(files, "ask_template", fat_tree)
    assert files.new_from_template()
    window.scene.select_ids([next(iter(window.document.design.islands))])
    window.duplicate_action.trigger()
    assert window.document.is_modified()
    assert not files.open_path(tmp_path / "campus.json")  # the user cancelled
    assert asked == [window.document.design.name]
    assert window.document.path is None
    window.document.undo_stack.undo()  # back to the design as built: nothing to ask
    assert files.open_path(tmp_path / "campus.json")
    assert len(asked) == 1


def empty_point(window) -> QPointF:  # type: ignore[no-untyped-def]
    """A scene point in the view's top-left corner with no element under it."""
    from gui.canvas.items.base import ElementItem

    view = window.view
    point = view.mapToScene(view.viewport().rect().topLeft()) + QPointF(4, 4)
    assert not [i for i in window.scene.items(point) if isinstance(i, ElementItem)]
    return point


def selection_message(window, name: str) -> bool:  # type: ignore[no-untyped-def]
    return window.statusBar().currentMessage() == f"Selected {name}"


def test_the_selection_message_goes_with_the_selection(real_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Failed before the fix: "Selected Pod 1" stayed after the click on empty canvas and
    after Escape."""
    window = real_window
    view, scene, design = window.view, window.scene, window.document.design
    island = scene.item_for("hall-a-pod-1")
    name = design.element("hall-a-pod-1").name
    view.centre_on_element("hall-a-pod-1")
    title = island.mapToScene(island.boundingRect().topLeft() + QPointF(30, 10))
    click(view, title)
    assert scene.selected_ids() == ["hall-a-pod-1"]
    assert selection_message(window, name)
    click(view, empty_point(window))
    assert scene.selected_ids() == []
    assert window.statusBar().currentMessage() == ""
    # Escape on the canvas clears the selection, and its message with it
    click(view, title)
    assert selection_message(window, name)
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    assert scene.selected_ids() == []
    assert window.statusBar().currentMessage() == ""


def test_clearing_the_selection_leaves_another_message_alone(real_window) -> None:  # type: ignore[no-untyped-def]
    window = real_window
    window.scene.select_ids(["hall-a-pod-1"])
    window.show_status("Cannot drop a building on a building")
    window.scene.clearSelection()
    assert window.statusBar().currentMessage() == "Cannot drop a building on a building"
