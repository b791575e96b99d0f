"""One save path (issue #17 §3): a main window has its File actions from the moment it is
built (no module patches a save handler onto it afterwards), and the question asked when
it closes with unsaved changes saves through them — Save As for a design never saved,
recent files, the error message of a failed save — exactly as File › Save does."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from gui.document import DesignDocument
from gui.files import FileActions
from gui.main_window import MainWindow
from model.fileformat import load_design
from tests.gui.conftest import close_window

SAVE = QMessageBox.StandardButton.Save


def build(design, catalog, settings, monkeypatch):  # type: ignore[no-untyped-def]
    """A main window built directly (as open_window does, without its extras), its
    dialogs answered: Save when it closes, ``window.save_path`` for Save As."""
    document = DesignDocument(design, None)
    window = MainWindow(document, catalog, settings)
    document.setParent(window)
    files = window.file_actions
    window.save_path = None  # type: ignore[attr-defined]
    window.errors = []  # type: ignore[attr-defined]
    monkeypatch.setattr(files, "ask_unsaved_on_close", lambda: SAVE)
    monkeypatch.setattr(files, "ask_save_path",
                        lambda *_a: window.save_path)  # type: ignore[attr-defined]
    monkeypatch.setattr(files, "show_error",
                        lambda title, text: window.errors.append((title, text)))  # type: ignore[attr-defined]
    return window


def edit(window: MainWindow) -> None:
    from gui.commands import UpdateElement

    window.document.execute(UpdateElement(window.document.design, "hall-a", {"pue": 1.4}))


def test_a_window_is_built_with_its_file_actions(qtbot, design, catalog, settings,
                                                 monkeypatch) -> None:
    window = build(design, catalog, settings, monkeypatch)
    try:
        assert isinstance(window.file_actions, FileActions)
        assert window.file_actions.actions["save"] in window.menu("File").actions()
        assert not hasattr(window, "save_handler")
    finally:
        close_window(window)


def test_closing_unsaved_work_saves_as_file_save_does(qtbot, design, catalog, settings,
                                                      monkeypatch, tmp_path: Path) -> None:
    window = build(design, catalog, settings, monkeypatch)
    edit(window)
    target = tmp_path / "closed.json"
    window.save_path = str(target)  # type: ignore[attr-defined]
    assert window.close()
    saved = load_design(target)
    assert saved.buildings["hall-a"].pue == 1.4
    assert window.file_actions.recent_files() == [str(target.resolve())]
    close_window(window)


@pytest.mark.parametrize("where", ["cancelled", "missing folder"])
def test_a_close_whose_save_does_not_happen_keeps_the_window(
        qtbot, design, catalog, settings, monkeypatch, tmp_path: Path, where: str) -> None:
    window = build(design, catalog, settings, monkeypatch)
    edit(window)
    if where == "missing folder":
        window.save_path = str(tmp_path / "gone" / "d.json")  # type: ignore[attr-defined]
    try:
        assert not window.close()
        assert window.document.is_modified()
        assert list(tmp_path.glob("**/*.json")) == []
        if where == "missing folder":
            [(title, text)] = window.errors  # type: ignore[attr-defined]
            assert title == "Cannot save design" and "does not exist" in text
    finally:
        window.document.undo_stack.setClean()
        close_window(window)
