"""The Help menu (user guide rendered from the shipped docs with working links, a
shortcuts table read from the window's actions, About with the real paths) and the hint
an empty canvas shows."""

from __future__ import annotations

import platform
import tomllib
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, QUrl, qVersion
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu

from gui.canvas.placement import PaletteEntry
from model.design import Design
from tests.gui.conftest import close_window

ROOT = Path(__file__).resolve().parents[2]


def menu_actions_with_shortcuts(window) -> set[str]:  # type: ignore[no-untyped-def]
    """Every action of the window that sits in a menu and has a shortcut (found by
    walking the window's children, not the menus)."""
    found = set()
    for action in window.findChildren(QAction):
        in_menu = any(isinstance(o, QMenu) for o in action.associatedObjects())
        if in_menu and action.shortcuts() and action.menu() is None:
            found.add(action.text().replace("&", ""))
    return found


def test_shortcuts_dialog_lists_every_action_with_a_shortcut(window) -> None:
    dialog = window.help.show_shortcuts()
    try:
        table = dialog.table
        rows = {(table.item(r, 1).text(), table.item(r, 2).text())
                for r in range(table.rowCount())}
        assert {command for command, _ in rows} == menu_actions_with_shortcuts(window)
        for command, keys in [("Copy", "Ctrl+C"), ("Cut", "Ctrl+X"), ("Paste", "Ctrl+V"),
                              ("Find…", "Ctrl+F"), ("Zoom to Selection", "Shift+F"),
                              ("Nudge Left", "Left"), ("Nudge Left (large step)",
                                                       "Shift+Left"),
                              ("Fit to View", "F"), ("Duplicate", "Ctrl+D")]:
            assert (command, keys) in rows, command
    finally:
        dialog.close()
    # it cannot go stale: an action added later is listed the next time
    window._action("View", "Brand New Thing", lambda: None, shortcut="Ctrl+Alt+N")
    dialog = window.help.show_shortcuts()
    try:
        texts = {dialog.table.item(r, 1).text() for r in range(dialog.table.rowCount())}
        assert "Brand New Thing" in texts
    finally:
        dialog.close()


def test_about_shows_version_and_the_real_paths(window, settings, tmp_path) -> None:
    dialog = window.help.show_about()
    try:
        text = dialog.label.text()
        with (ROOT / "pyproject.toml").open("rb") as handle:
            version = tomllib.load(handle)["project"]["version"]
        assert f"Archipelago {version}" in text
        assert qVersion() in text and platform.python_version() in text
        assert str(tmp_path / "settings.ini") in text, "the settings file of this window"
        recovery = window.file_actions.autosaver.store.folder
        assert str(recovery) in text, "the autosave folder of this window"
    finally:
        dialog.close()


def test_user_guide_renders_the_docs_and_follows_links(window) -> None:
    guide = window.help.show_guide()
    browser = guide.browser
    shown = browser.toPlainText()
    assert shown.startswith("User guide"), "the heading, rendered (no '# ')"
    assert "Archipelago is a drawing board for AI training clusters" in shown
    assert 'href="file-format.md"' in browser.document().toHtml()
    # the 1920-pixel screenshots are shrunk to the page's width
    widths = [int(w) for w in __import__("re").findall(
        r'<img src="images/[^"]+"[^>]* width="([0-9.]+)"', browser.document().toHtml())]
    assert widths and max(widths) <= browser.viewport().width()
    # a click on a relative link opens the linked page (what QTextBrowser does)
    browser.setSource(browser.source().resolved(QUrl("file-format.md")))
    first = (ROOT / "docs" / "file-format.md").read_text(encoding="utf-8").splitlines()[0]
    assert browser.toPlainText().startswith(first.lstrip("# ").strip())
    browser.backward()
    assert browser.toPlainText().startswith("User guide")
    assert window.help.guide_action.shortcut().toString() == "F1"
    guide.close()


def test_an_empty_canvas_says_what_to_do_first(qtbot, catalog, settings) -> None:
    from gui.main_window import open_window

    window = open_window(Design(), None, catalog, settings)
    try:
        hint = window.empty_hint
        assert hint.isVisible()
        assert "Building" in hint.text() and "New from Template" in hint.text()
        viewport = window.view.viewport()
        assert viewport.childAt(hint.geometry().center()) is None, \
            "clicks and drops pass through the hint to the canvas"
        assert window.view.place_entry(PaletteEntry("building", "", "Building"),
                                       QPointF(0, 0))
        assert not hint.isVisible()
        window.document.undo_stack.undo()
        assert hint.isVisible()
    finally:
        window.document.undo_stack.setClean()
        close_window(window)


def test_the_example_shows_no_hint(window) -> None:
    assert not window.empty_hint.isVisible()


def test_shortcuts_name_undo_and_redo_not_the_step_they_would_take(window) -> None:
    """Seen in the window: after a paste the table read "Undo Paste rack group 4× DGX
    H100, air-cooled (copy)" where it means the Undo command."""
    from gui.commands import RenameDesign

    stack = window.document.undo_stack
    stack.push(RenameDesign(window.document.design, "Renamed campus"))
    stack.push(RenameDesign(window.document.design, "Renamed again"))
    stack.undo()  # both Undo and Redo now carry a step
    assert window.undo_action.text() != "&Undo" and window.redo_action.text() != "&Redo"
    dialog = window.help.show_shortcuts()
    try:
        table = dialog.table
        rows = {table.item(r, 1).text(): table.item(r, 2).text()
                for r in range(table.rowCount())}
        assert rows["Undo"] == "Ctrl+Z"
        assert rows["Redo"].startswith("Ctrl+Shift+Z")
        assert not [c for c in rows if c.startswith(("Undo ", "Redo "))]
    finally:
        dialog.close()


def test_guide_pictures_are_as_wide_as_the_page_when_the_window_opens(window, qtbot) -> None:
    """Seen in the window: the first screenshot of the guide was a 200-pixel thumbnail,
    fitted to the page before the page had its width, and never grown back."""
    from PySide6.QtGui import QImage

    guide = window.help.show_guide()
    qtbot.waitExposed(guide)
    browser = guide.browser
    limit = browser.viewport().width() - 40
    assert limit > 600, "the guide opens wider than its pictures' floor"
    document = browser.document()
    shown = {}
    block = document.begin()
    while block.isValid():
        it = block.begin()
        while not it.atEnd():
            fmt = it.fragment().charFormat()
            if fmt.isImageFormat():
                image = fmt.toImageFormat()
                shown[image.name()] = image.width()
            it += 1
        block = block.next()
    assert shown
    for name, width in shown.items():
        natural = QImage(str(ROOT / "docs" / name)).width()
        assert natural > 0, name
        assert abs(width - min(natural, limit)) <= 1, (name, width, natural, limit)
    # and it follows the page: narrower, then wider again
    guide.resize(500, guide.height())
    qtbot.wait(50)
    narrow = browser.viewport().width() - 40
    guide.resize(1000, guide.height())
    qtbot.wait(50)
    wide = browser.viewport().width() - 40
    assert wide > narrow
    first = next(iter(shown))
    fmt = _image_format(document, first)
    natural = QImage(str(ROOT / "docs" / first)).width()
    assert abs(fmt.width() - min(natural, wide)) <= 1
    guide.close()


def _image_format(document, name):  # type: ignore[no-untyped-def]
    block = document.begin()
    while block.isValid():
        it = block.begin()
        while not it.atEnd():
            fmt = it.fragment().charFormat()
            if fmt.isImageFormat() and fmt.toImageFormat().name() == name:
                return fmt.toImageFormat()
            it += 1
        block = block.next()
    raise AssertionError(name)


@pytest.mark.parametrize(("screen", "size"), [((1280, 720), (900, 648)),
                                               ((1920, 1080), (900, 760))])
def test_the_guide_window_keeps_inside_a_small_screen(window, monkeypatch, screen,
                                                      size) -> None:
    """Failed before on 1280×720: the guide opened 900×760, its bottom off the screen."""
    from PySide6.QtCore import QSize

    from gui import dock_layout

    monkeypatch.setattr(dock_layout, "screen_size", lambda _w: QSize(*screen))
    guide = window.help.show_guide()
    assert (guide.width(), guide.height()) == size  # 720 × 9/10 = 648
    guide.close()
