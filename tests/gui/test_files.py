"""The File menu on a window: opening (bad files leave the design untouched), saving
(failures lose nothing), recent files, revert, new (from a template), drag-and-drop,
exports from the menu."""

from __future__ import annotations

import errno
import gc
import os
import weakref
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPoint, QSettings, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication, QMainWindow, QMenu, QMessageBox

from gui import heap
from gui.commands import UpdateElement
from gui.document import DesignDocument
from gui.export.dialogs import PngOptions
from gui.files import EXPORTS, FileActions
from model.design import Design
from model.fileformat import dumps_design, load_design, save_design
from tests.exports.designs import small_design
from tests.exports.hand_metrics import priced_hand_metrics


class Recorder:
    """Stands in for the dialogs: records errors, answers questions."""

    def __init__(self) -> None:
        self.errors: list[tuple[str, str]] = []
        self.unsaved_answer = QMessageBox.StandardButton.Cancel


@pytest.fixture
def setup(qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("ARCHIPELAGO_RECOVERY_DIR", str(tmp_path / "recovery"))
    window = QMainWindow()
    qtbot.addWidget(window)
    document = DesignDocument(small_design(), parent=window)
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    files = FileActions(window, document, settings=settings,
                        compute=priced_hand_metrics)
    answers = Recorder()
    monkeypatch.setattr(files, "show_error",
                        lambda title, text: answers.errors.append((title, text)))
    monkeypatch.setattr(files, "ask_unsaved", lambda: answers.unsaved_answer)
    return window, document, files, answers


def edit(document: DesignDocument, count: int = 3) -> None:
    document.execute(UpdateElement(document.design, "racks", {"count": count}))


def test_open_a_bad_file_shows_the_loaders_message_and_keeps_the_design(
    setup, tmp_path: Path
) -> None:
    _window, document, files, answers = setup
    edit(document)
    before = document.design.copy()
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "archipelago-design", "schema_version": 1, "buildings": 5}',
                   encoding="utf-8")
    answers.unsaved_answer = QMessageBox.StandardButton.Discard
    assert files.open_path(bad) is False
    assert len(answers.errors) == 1
    title, text = answers.errors[0]
    assert title == "Cannot open design"
    assert "bad.json" in text
    with pytest.raises(Exception) as loader:
        load_design(bad)
    assert text == str(loader.value), "the loader's own message is shown"
    assert document.design == before
    assert document.is_modified()
    assert document.path is None


def test_save_open_round_trip_and_recent_files(setup, tmp_path: Path) -> None:
    _window, document, files, answers = setup
    edit(document, 5)
    first = tmp_path / "first.json"
    assert files.save_as(first)
    assert not document.is_modified()
    assert document.path == first
    assert load_design(first) == document.design
    second = tmp_path / "second.json"
    save_design(small_design(), second)
    assert files.open_path(second)
    assert document.design == small_design()
    assert files.recent_files() == [str(second.resolve()), str(first.resolve())]
    assert files.open_path(first)
    assert files.recent_files()[0] == str(first.resolve())
    assert document.design.rack_groups["racks"].count == 5
    assert answers.errors == []


def test_a_recent_file_that_is_gone_is_reported_and_forgotten(setup, tmp_path: Path) -> None:
    _window, _document, files, answers = setup
    gone = tmp_path / "gone.json"
    save_design(small_design(), gone)
    files.add_recent(gone)
    gone.unlink()
    assert files.open_recent(str(gone.resolve())) is False
    assert "no longer exists" in answers.errors[0][1]
    assert files.recent_files() == []


@pytest.mark.parametrize(
    ("failure", "reason"),
    [
        (PermissionError(errno.EACCES, "Permission denied"), "permission denied"),
        (OSError(errno.ENOSPC, "No space left on device"), "disk is full"),
    ],
)
def test_a_failed_save_keeps_the_file_and_the_design(
    setup, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failure: OSError, reason: str
) -> None:
    _window, document, files, answers = setup
    target = tmp_path / "campus.json"
    save_design(small_design(), target)
    files.open_path(target)
    original = target.read_bytes()
    edit(document, 9)
    edited = document.design.copy()

    def refuse(*args: object) -> None:
        raise failure

    monkeypatch.setattr(os, "replace", refuse)
    assert files.save() is False
    assert answers.errors and reason in answers.errors[0][1]
    assert target.read_bytes() == original, "the file on disk is byte-identical"
    leftovers = [p.name for p in tmp_path.iterdir() if p.name.startswith(".campus.json")]
    assert leftovers == [], "no temporary file left behind"
    assert document.design == edited
    assert document.is_modified()


def test_saving_into_a_missing_folder_says_so(setup, tmp_path: Path) -> None:
    _window, document, files, answers = setup
    assert files.save_as(tmp_path / "nowhere" / "campus.json") is False
    assert "does not exist" in answers.errors[0][1]
    assert document.path is None


def test_revert_reloads_the_saved_file(setup, tmp_path: Path,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    _window, document, files, _answers = setup
    target = tmp_path / "campus.json"
    assert files.save_as(target)
    assert not files.actions["revert"].isEnabled()
    edit(document, 11)
    assert files.actions["revert"].isEnabled()
    monkeypatch.setattr(files, "ask_revert", lambda: True)
    assert files.revert()
    assert document.design == small_design()
    assert not document.is_modified()


def test_new_asks_about_unsaved_changes(setup) -> None:
    _window, document, files, answers = setup
    edit(document)
    before = document.design.copy()
    answers.unsaved_answer = QMessageBox.StandardButton.Cancel
    assert files.new_design() is False
    assert document.design == before
    answers.unsaved_answer = QMessageBox.StandardButton.Discard
    assert files.new_design() is True
    assert document.design == Design()
    assert document.path is None
    assert not document.is_modified()


def test_new_from_template_puts_the_built_design_in_the_window(
    setup, monkeypatch: pytest.MonkeyPatch
) -> None:
    _window, document, files, _answers = setup
    built = small_design()
    built.rename("From a template")
    monkeypatch.setattr(files, "ask_template", built.copy)
    assert files.new_from_template()
    assert document.design == built
    assert document.path is None
    assert not document.is_modified(), "an untouched new design has nothing to save"


def drop(window: QMainWindow, path: Path) -> bool:
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path))])
    enter = QDragEnterEvent(QPoint(5, 5), Qt.DropAction.CopyAction, mime,
                            Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(window, enter)
    if not enter.isAccepted():
        return False
    event = QDropEvent(QPoint(5, 5).toPointF(), Qt.DropAction.CopyAction, mime,
                       Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(window, event)
    return event.isAccepted()


def test_dropping_a_design_file_opens_it(setup, qtbot, tmp_path: Path) -> None:
    window, document, _files, _answers = setup
    dropped = tmp_path / "dropped.json"
    other = small_design()
    other.rename("Dropped campus")
    dropped.write_text(dumps_design(other), encoding="utf-8")
    assert drop(window, dropped)
    qtbot.waitUntil(lambda: document.design.name == "Dropped campus", timeout=2000)
    assert document.path == dropped


def exported(qtbot, files: FileActions) -> None:  # type: ignore[no-untyped-def]
    """Wait, the event loop running, for the export in progress to end."""
    qtbot.waitUntil(lambda: files.exports.busy() is None, timeout=30_000)


def test_every_export_from_the_menu(setup, qtbot, tmp_path: Path) -> None:
    _window, _document, files, answers = setup
    statuses: list[str] = []
    files.message.connect(statuses.append)
    for kind in EXPORTS:
        out = tmp_path / f"out-{kind}{EXPORTS[kind][2]}"
        options = PngOptions(False, 640, None) if kind == "png" else None
        assert files.export(kind, out, options), answers.errors
        exported(qtbot, files)
        assert out.stat().st_size > 100, kind
        assert statuses[-1] == f"Exported {out.name}"
    assert answers.errors == []


def test_an_export_that_fails_says_why(setup, qtbot, tmp_path: Path) -> None:
    _window, _document, files, answers = setup
    statuses: list[str] = []
    files.message.connect(statuses.append)
    assert files.export("json", tmp_path / "no" / "m.json")  # started: it fails writing
    exported(qtbot, files)
    assert answers.errors[0][0] == "Export failed"
    assert "does not exist" in answers.errors[0][1]
    assert "m.json" in answers.errors[0][1], "the message names the file"
    assert statuses[-1] == "Export of m.json failed"


def test_install_puts_the_actions_above_quit(setup) -> None:
    window, _document, files, _answers = setup
    menu = QMenu("File", window)
    menu.addAction("Quit")
    files.install(menu)
    texts = [a.text() for a in menu.actions() if not a.isSeparator()]
    assert texts == ["&New", "New from &Template…", "&Open…", "Open &Recent", "&Save",
                     "Save &As…", "Re&vert to Saved", "&Export", "Quit"]
    assert [a.text() for a in files.export_menu.actions() if not a.isSeparator()] == [
        text for text, _f, _s in EXPORTS.values()]


def test_png_options_dialog_gives_width_or_dpi(qtbot) -> None:
    from gui.export.dialogs import PngOptionsDialog

    dialog = PngOptionsDialog(has_view=False)
    qtbot.addWidget(dialog)
    assert dialog.options() == PngOptions(False, 1920, None)
    assert not dialog.view.isEnabled()
    dialog.by_dpi.setChecked(True)
    dialog.dpi_box.setValue(300)
    assert dialog.options() == PngOptions(False, None, 300.0)
    assert not dialog.width_box.isEnabled()


def test_opening_another_design_releases_what_the_last_one_left(setup) -> None:
    """Objects exempted from the collector while a design was open (gui/heap.py) are
    collected when another design replaces it."""
    _window, _document, files, _answers = setup

    class Cycle:
        def __init__(self) -> None:
            self.me = self

    left = Cycle()
    ref = weakref.ref(left)
    heap.settle()
    del left
    assert ref() is not None
    assert files.new_design() is True
    assert ref() is None
    gc.unfreeze()


def test_the_next_export_is_offered_in_the_folder_of_the_last(setup, qtbot,
                                                               tmp_path: Path,
                                                               monkeypatch) -> None:
    """Seen in the walk of issue #15 (/tmp/s13walk/08-svg.png): after exporting a PNG to
    a folder, the SVG's dialog opened in the home folder again, and so on for each of
    the seven formats."""
    _window, _document, files, answers = setup
    folder = tmp_path / "exports"
    folder.mkdir()
    offered: list[str] = []

    def ask(caption: str, file_filter: str, suggested: str) -> str:
        offered.append(suggested)
        return str(folder / f"mine{Path(suggested).suffix}")

    monkeypatch.setattr(files, "ask_save_path", ask)
    assert files.export("json")
    exported(qtbot, files)
    assert files.export("csv")
    exported(qtbot, files)
    assert Path(offered[-1]).parent == folder
    assert answers.errors == []


def test_an_export_is_offered_under_the_design_name_without_digit_group_commas(
        setup, monkeypatch) -> None:
    """Seen under Xvfb: the example's exports were offered as
    "Campus-of-98_304-H100-in-8-islands.pdf", the thousands comma turned into "_"."""
    _window, document, files, _answers = setup
    offered: list[str] = []

    def ask(caption: str, file_filter: str, suggested: str) -> None:
        offered.append(suggested)

    monkeypatch.setattr(files, "ask_save_path", ask)
    for name, stem in (("Campus of 98,304 H100 in 8 islands",
                        "Campus-of-98304-H100-in-8-islands"),
                       ("8 个计算岛、1\u202f032\u202f192 张 H100 的园区",
                        "8-个计算岛_1032192-张-H100-的园区"),
                       ("Costs 1,5 or 12,34", "Costs-1_5-or-12_34")):  # not digit groups
        document.design.rename(name, "")
        files.export("json")
        assert Path(offered[-1]).name == stem + ".metrics.json", offered[-1]
