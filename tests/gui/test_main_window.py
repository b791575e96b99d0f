"""The main window: title and modified marker, unsaved-changes prompt, the hooks the
files module uses (menus, load, mark_saved), remembered layout and theme, undo shortcuts,
and a rendered picture of the window on the built-in example."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QKeySequence
from PySide6.QtWidgets import QApplication, QMessageBox

from gui.commands import UpdateElement
from gui.example import EXAMPLE_PATH, demo_campus, example_design
from gui.main_window import open_window
from gui.theme import LIGHT, apply_theme
from tests.gui.conftest import canvas_drawn, close_window


def edit(window) -> None:  # type: ignore[no-untyped-def]
    doc = window.document
    doc.execute(UpdateElement(doc.design, "hall-a", {"pue": 1.4}))


def test_title_shows_file_and_modified_marker(window) -> None:
    unsaved = f"{window.document.design.name} (not saved)"
    assert window.windowTitle() == f"{unsaved} — Archipelago"
    edit(window)
    assert window.windowTitle() == f"{unsaved} (modified) — Archipelago"
    window.document.undo_stack.undo()
    assert window.windowTitle() == f"{unsaved} — Archipelago"
    window.document.mark_saved("/tmp/somewhere/campus.json")
    assert window.windowTitle() == "campus.json — Archipelago"
    edit(window)
    window.document.mark_saved("/tmp/somewhere/campus.json")
    assert not window.document.is_modified()
    assert window.windowTitle() == "campus.json — Archipelago"


@pytest.mark.parametrize(("answer", "closes", "saves"), [
    (QMessageBox.StandardButton.Cancel, False, 0),
    (QMessageBox.StandardButton.Discard, True, 0),
    (QMessageBox.StandardButton.Save, True, 1),
])
def test_closing_with_unsaved_changes_asks(qtbot, design, catalog, settings, monkeypatch,
                                           answer, closes, saves) -> None:
    win = open_window(design, None, catalog, settings)
    asked: list[str] = []
    monkeypatch.setattr(QMessageBox, "question",
                        lambda *args, **kw: asked.append(args[2]) or answer)
    saved: list[int] = []

    def save() -> bool:
        saved.append(1)
        win.document.mark_saved("/tmp/x.json")
        return True

    monkeypatch.setattr(win.file_actions, "save", save)  # the window's one save path
    assert win.close(), "no prompt without changes"
    assert asked == []
    win.show()
    edit(win)
    assert win.close() is closes
    assert asked == [f"Save the changes to {win.document.design.name} (not saved) before closing?"]
    assert len(saved) == saves
    win.document.undo_stack.setClean()
    close_window(win)


def test_menus_hook_and_document_load(window, tmp_path: Path) -> None:
    assert window.menu("File") is window.menu("&File")
    assert window.quit_action in window.menu("File").actions()
    export = window.menu("Export")
    help_first = window.menu("Help")
    titles = [a.text().replace("&", "") for a in window.menuBar().actions()]
    assert titles == ["File", "Edit", "View", "Tools", "Analysis", "Help", "Export"]
    assert export is not help_first
    edit(window)
    other = demo_campus(islands_per_building=1, racks=2)
    window.document.load(other, tmp_path / "small.json")
    assert window.windowTitle() == "small.json — Archipelago"
    assert window.document.undo_stack.count() == 0
    assert window.document.design == other
    assert len(window.scene.element_items()) == 2 + 2 + 2 + 7
    assert window.scene.item_for("hall-a-pod-2") is None


def test_layout_and_theme_are_remembered(qtbot, design, catalog, settings) -> None:
    win = open_window(design, None, catalog, settings)
    win.docks["legend"].hide()
    win.dark_action.trigger()
    assert win.scene.theme.name == "dark"
    close_window(win)
    assert settings.value("theme") == "dark"
    again = open_window(demo_campus(), None, catalog, settings)
    try:
        assert again.docks["legend"].isHidden()
        assert not again.docks["inspector"].isHidden()
        assert again.scene.theme.name == "dark" and again.dark_action.isChecked()
    finally:
        close_window(again)
        app = QApplication.instance()
        assert isinstance(app, QApplication)
        apply_theme(app, LIGHT)


def test_undo_redo_from_the_keyboard(window, qtbot) -> None:
    assert QKeySequence("Ctrl+Z") in window.undo_action.shortcuts()
    assert QKeySequence("Ctrl+Shift+Z") in window.redo_action.shortcuts()
    window.activateWindow()
    window.view.setFocus()
    edit(window)
    assert window.undo_action.text() == "&Undo Change PUE of Hall A to 1.4"
    qtbot.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    if window.document.design.buildings["hall-a"].pue == 1.4:  # no key focus offscreen
        window.undo_action.trigger()
    assert window.document.design.buildings["hall-a"].pue == 1.25
    window.redo_action.trigger()
    assert window.document.design.buildings["hall-a"].pue == 1.4


@pytest.mark.skipif(not EXAMPLE_PATH.is_file(), reason="example campus not built yet")
def test_window_on_the_example_renders_its_items(qtbot, catalog, settings) -> None:
    design, path = example_design()
    win = open_window(design, str(path), catalog, settings)
    try:
        win.resize(1600, 1000)
        win.settle_layout()
        qtbot.waitUntil(win.runner.is_current, timeout=10_000)
        assert win.windowTitle() == "campus-100k.json — Archipelago"
        scene = win.scene
        kinds = [item.kind for item in scene.element_items()]
        assert (kinds.count("building"), kinds.count("island")) == (4, 8)
        assert len(scene.bundle_items()) == len(design.bundles)
        image = win.grab().toImage()
        colours = {image.pixel(x, y) for x in range(0, image.width(), 9)
                   for y in range(0, image.height(), 9)}
        assert len(colours) > 40, "the window is blank"
        # Zoomed out, an island is a block in the block colour, where the view shows it.
        view = win.view
        view.set_scale(0.4)
        assert not scene.detail
        canvas_drawn(qtbot, scene)
        block = scene.item_for("island-1").scene_rect()
        probe = view.mapFromScene(QPointF(block.left() + block.width() * 0.08,
                                          block.bottom() - block.height() * 0.1))
        shot = view.viewport().grab().toImage()
        assert QColor(shot.pixel(probe)).name() == LIGHT.tier_fill
        # The building header's power bar is amber: 97 % of capacity in the example.
        hall = scene.item_for("building-1")
        bar = view.mapFromScene(hall.mapToScene(QPointF(20, 16)))  # zoomed out: a wide bar
        seen = QColor(shot.pixel(bar))

        def distance(name: str) -> int:
            c = QColor(name)
            return abs(c.red() - seen.red()) + abs(c.green() - seen.green()) + abs(
                c.blue() - seen.blue())

        nearest = min((LIGHT.ok, LIGHT.warn, LIGHT.bad, LIGHT.grid), key=distance)
        assert nearest == LIGHT.warn, seen.name()
    finally:
        close_window(win)


@pytest.mark.skipif(not EXAMPLE_PATH.is_file(), reason="example campus not built yet")
def test_example_opens_unsaved_so_save_never_overwrites_the_shipped_file() -> None:
    from gui.app import initial_design
    from model.fileformat import load_design

    design, path = initial_design(None)
    assert path is None
    assert design == load_design(EXAMPLE_PATH)


@pytest.mark.skipif(not EXAMPLE_PATH.is_file(), reason="example campus not built yet")
def test_the_example_opens_named_in_the_interface_language() -> None:
    """A new copy of the example is named as its template names things in Chinese
    (model/names.py); everything but the names is the shipped file's."""
    from gui.app import initial_design
    from model.fileformat import load_design

    shipped = load_design(EXAMPLE_PATH)
    design, path = initial_design(None, "zh_CN")
    assert path is None
    assert design.name == "8 个计算岛、98,304 张 H100 的园区"
    assert sorted(b.name for b in design.buildings.values()) == [
        "1 号楼", "2 号楼", "3 号楼", "4 号楼"]
    assert design.islands["island-1"].name == "计算岛 1"
    assert {b.id for b in design.bundles.values()} == set(shipped.bundles)
    for kind in ("buildings", "islands", "rack_groups", "tiers", "bundles"):
        mine, theirs = getattr(design, kind), getattr(shipped, kind)
        assert set(mine) == set(theirs)
        for eid, element in mine.items():
            assert element.model_copy(update={"name": theirs[eid].name}) == theirs[eid]
