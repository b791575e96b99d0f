"""Every menu action and toolbar button, driven through the window as the application
builds it (:func:`gui.app.start_window`: the real engine process, no injected compute),
each outcome checked against something independent: saved files loaded again, hand
counts of the demo campus. Exports are in test_real_window_exports.py, right-click menus
in test_real_window_context.py.

:data:`~tests.gui.real_window_drivers.DRIVERS` names the test that drives each action;
the last test enumerates the window's menus and toolbars and fails for any action no test
drives, so a new menu item comes with its test.
"""

from __future__ import annotations

import itertools
from pathlib import Path

from gui.commands import UpdateElement
from model.design import Design
from model.fileformat import load_design
from model.templates import TEMPLATES
from tests.gui.conftest import flush_deletes
from tests.gui.real_window_drivers import (
    DEMO_ACCELERATORS,
    DRIVERS,
    _rect,
    _text,
    click,
    fired,
    menu_actions,
    toolbar_buttons,
    wait_for_figures,
)
from tests.gui.test_real_window_context import context_spot


# -------------------------------------------------------------------- files
def test_files_save_as_save_revert_new_open_and_recent(real_window, tmp_path: Path) -> None:
    window = real_window
    doc, answers = window.document, window.answers
    with fired(window, "test_files_save_as_save_revert_new_open_and_recent") as actions:
        saved = tmp_path / "saved-as.json"
        answers.save_path = str(saved)
        actions["File/Save As"].trigger()
        assert load_design(saved) == doc.design and doc.path == saved
        doc.execute(UpdateElement(doc.design, "hall-b", {"pue": 1.5}))
        actions["File/Save"].trigger()
        assert load_design(saved).buildings["hall-b"].pue == 1.5
        assert not doc.is_modified()
        doc.execute(UpdateElement(doc.design, "hall-b", {"pue": 1.7}))
        actions["File/Revert to Saved"].trigger()
        assert doc.design.buildings["hall-b"].pue == 1.5 and not doc.is_modified()
        actions["File/New"].trigger()
        assert doc.design == Design() and doc.path is None
        answers.open_path = str(saved)
        actions["File/Open"].trigger()
        assert doc.design == load_design(saved) and doc.path == saved
        actions["File/New"].trigger()
        recent = window.file_actions.recent_menu
        recent.aboutToShow.emit()
        entries = {_text(a): a for a in recent.actions() if not a.isSeparator()}
        assert f"1 {saved.name}" in entries
        entries[f"1 {saved.name}"].trigger()
        assert doc.path == saved
        entries["Clear Recent Files"].trigger()
        assert window.file_actions.recent_files() == []
    # the bookkeeping saw the dynamic entries too
    for key in ("File/Open Recent/<recent file>", "File/Open Recent/Clear Recent Files"):
        assert key in DRIVERS["test_files_save_as_save_revert_new_open_and_recent"]
    assert answers.errors == []


def test_new_from_template_previews_in_the_engine_process(real_window, qtbot,
                                                          monkeypatch) -> None:
    """The dialog itself (not its hook) builds a fat-tree and previews it through the
    engine process: k = 4 has k³/4 = 16 hosts and 5k²/4 = 20 switches."""
    from gui.template_dialog import TemplateDialog

    previews: list[str] = []

    def answer(dialog: TemplateDialog) -> int:
        dialog.select("fat-tree")
        dialog.set_value("k", 4)
        assert dialog.update_preview()
        qtbot.waitUntil(dialog.preview_ready, timeout=20_000)
        previews.append(dialog.preview.text())
        dialog.accept()
        return int(dialog.result())

    monkeypatch.setattr(TemplateDialog, "exec", answer)
    window = real_window
    with fired(window, "test_new_from_template_previews_in_the_engine_process") as actions:
        actions["File/New from Template"].trigger()
    flush_deletes()
    assert "16 accelerators" in previews[0] and "20 switches" in previews[0]
    assert window.document.design == TEMPLATES["fat-tree"].build(k=4)
    assert not window.document.is_modified()  # untouched: nothing to ask about


# --------------------------------------------------------------------- edit
def test_edit_actions_undo_redo_duplicate_delete_select_all(real_window, qtbot) -> None:
    window = real_window
    design = window.document.design
    islands = len(design.islands)
    with fired(window, "test_edit_actions_undo_redo_duplicate_delete_select_all") as actions:
        window.scene.select_ids(["hall-a-pod-1"])
        actions["Edit/Duplicate"].trigger()
        assert len(design.islands) == islands + 1
        actions["Edit/Undo"].trigger()
        assert len(design.islands) == islands
        actions["Edit/Redo"].trigger()
        assert len(design.islands) == islands + 1
        # the toolbar's buttons keep their labels and name the command in the tooltip
        assert window.toolbar_undo.text() == "Undo"
        assert window.toolbar_undo.toolTip().startswith("Undo Duplicate")
        click(qtbot, window, window.toolbar_undo)
        assert len(design.islands) == islands
        assert window.toolbar_redo.text() == "Redo"
        assert window.toolbar_redo.toolTip().startswith("Redo Duplicate")
        click(qtbot, window, window.toolbar_redo)
        assert len(design.islands) == islands + 1
        actions["Edit/Select All"].trigger()
        visible = [i for i in window.scene.element_items() if i.isVisible()]
        assert visible and all(i.isSelected() for i in visible)
        actions["Edit/Delete"].trigger()
        assert not design.buildings and not design.islands
        actions["Edit/Undo"].trigger()
        assert len(design.islands) == islands + 1


# --------------------------------------------------------------------- view
def test_view_actions_zoom_fit_cut_theme_and_docks(real_window, qtbot) -> None:
    window = real_window
    view = window.view
    wait_for_figures(qtbot, window)
    with fired(window, "test_view_actions_zoom_fit_cut_theme_and_docks") as actions:
        actions["View/Actual Size"].trigger()
        assert view.scale_factor() == 1.0
        actions["View/Zoom In"].trigger()
        assert view.scale_factor() > 1.0
        actions["View/Zoom Out"].trigger()
        actions["View/Zoom Out"].trigger()
        assert view.scale_factor() < 1.0
        view.set_scale(4.0)
        actions["View/Fit to View"].trigger()
        shown = view.mapToScene(view.viewport().rect()).boundingRect()
        assert shown.contains(window.scene.itemsBoundingRect().adjusted(5, 5, -5, -5))
        view.set_scale(4.0)
        click(qtbot, window, actions["View/Fit to View"])
        assert view.scale_factor() < 4.0
        cut = window.runner.metrics.bisection.cut
        actions["View/Show Bisection Cut"].trigger()
        assert window.scene.cut_visible
        side_a = [e for e, on_a in cut.side_a.items() if on_a]
        assert side_a and window.scene.item_for(side_a[0]).cut is not None
        click(qtbot, window, actions["View/Show Bisection Cut"])
        assert not window.scene.cut_visible
        actions["View/Dark Theme"].trigger()
        assert window.theme.name == "dark" and window.settings.value("theme") == "dark"
        actions["View/Dark Theme"].trigger()
        assert window.theme.name == "light"
        for name in ("Palette", "Legend", "Inspector", "Metrics", "Problems"):
            dock = next(d for d in window.docks.values() if d.windowTitle().startswith(name))
            assert dock.isVisible()
            actions[f"View/{name}"].trigger()
            assert not dock.isVisible()
            actions[f"View/{name}"].trigger()
            assert dock.isVisible()
        jobs = window.docks["jobs"]  # tabbed behind Metrics: shown, not necessarily on top
        assert actions["View/Jobs"].isChecked() and not jobs.isHidden()
        actions["View/Jobs"].trigger()
        assert jobs.isHidden()
        actions["View/Jobs"].trigger()
        assert not jobs.isHidden()


def test_tools_from_the_menu_and_the_toolbar(real_window, qtbot) -> None:
    window = real_window
    with fired(window, "test_tools_from_the_menu_and_the_toolbar") as actions:
        for name in ("Link", "Pan", "Select"):
            actions[f"Tools/{name}"].trigger()
            assert window.view.tool.name == name.lower()
        for name in ("Pan", "Link", "Select"):
            click(qtbot, window, actions[f"Tools/{name}"])
            assert window.view.tool.name == name.lower()
            assert window.tool_actions[name.lower()].isChecked()


def test_clipboard_find_and_zoom_to_selection(real_window, qtbot) -> None:
    window = real_window
    design = window.document.design
    before = set(design.islands)
    with fired(window, "test_clipboard_find_and_zoom_to_selection") as actions:
        window.scene.select_ids(["hall-a-pod-1"])
        actions["Edit/Copy"].trigger()
        actions["Edit/Paste"].trigger()
        pasted = set(design.islands) - before
        assert len(pasted) == 1
        new = design.islands[next(iter(pasted))]
        old = design.islands["hall-a-pod-1"]
        assert len(design.rack_groups) == 5, "the island came with its rack group"
        assert new.building == old.building
        window.scene.select_ids(list(pasted))
        actions["Edit/Cut"].trigger()
        assert set(design.islands) == before
        actions["Edit/Find"].trigger()
        assert window.find_bar.isVisible()
        window.find_bar.close_bar()
        window.view.fit_to_view()
        whole = window.view.scale_factor()
        # an island: seen whatever the zoom (the paste moved Hall B aside to make room,
        # so the whole campus is fitted smaller, with the rack groups not drawn)
        window.scene.select_ids(["hall-b-pod-2"])
        actions["View/Zoom to Selection"].trigger()
        assert window.view.scale_factor() > whole
        shown = window.view.mapToScene(window.view.viewport().rect()).boundingRect()
        item = window.scene.item_for("hall-b-pod-2")
        assert shown.contains(item.sceneBoundingRect())


def test_arrange_buildings_in_a_grid(real_window) -> None:
    """A hall moved far off is brought back beside the other, in one undo step."""
    from gui.commands import move_command

    window = real_window
    design = window.document.design
    stack = window.document.undo_stack
    grid = window.arrange_buildings.positions()
    window.document.execute(move_command(design, {"hall-b": (5_000.0, 3_000.0)}))
    with fired(window, "test_arrange_buildings_in_a_grid") as actions:
        before = stack.index()
        actions["Edit/Arrange/Arrange Buildings in a Grid"].trigger()
    assert stack.index() == before + 1
    assert (design.buildings["hall-b"].x, design.buildings["hall-b"].y) == grid["hall-b"]
    a, b = (window.scene.item_for(h).scene_rect() for h in ("hall-a", "hall-b"))
    assert not a.intersects(b)
    stack.undo()
    assert (design.buildings["hall-b"].x, design.buildings["hall-b"].y) == (5_000.0, 3_000.0)


def test_arrange_nudges_aligns_and_distributes(real_window) -> None:
    window = real_window
    design = window.document.design
    with fired(window, "test_arrange_nudges_aligns_and_distributes") as actions:
        window.scene.select_ids(["hall-a-pod-1"])
        moves: dict[str, tuple[float, float]] = {}
        for way in ("Left", "Right", "Up", "Down"):
            for size in ("", " (large step)"):
                x, y = design.islands["hall-a-pod-1"].x, design.islands["hall-a-pod-1"].y
                actions[f"Edit/Arrange/Nudge {way}{size}"].trigger()
                after = design.islands["hall-a-pod-1"]
                moves[f"{way}{size}"] = (after.x - x, after.y - y)
        for way, (sx, sy) in {"Left": (-1, 0), "Right": (1, 0), "Up": (0, -1),
                              "Down": (0, 1)}.items():
            small, large = moves[way], moves[f"{way} (large step)"]
            assert small[0] * sx + small[1] * sy > 0, f"{way} moved the wrong way"
            assert large[0] * sx + large[1] * sy > small[0] * sx + small[1] * sy
            assert small[0] * sy == 0 and small[1] * sx == 0, "only along its axis"
        # three elements of one island: its rack group and two switch tiers
        trio = ["hall-a-pod-1-racks", "hall-a-pod-1-leaf", "hall-a-pod-1-spine"]
        edges = {"Left Edges": lambda r: r.left(), "Right Edges": lambda r: r.right(),
                 "Centres": lambda r: r.center().x(), "Top Edges": lambda r: r.top(),
                 "Bottom Edges": lambda r: r.bottom(), "Middles": lambda r: r.center().y()}
        for name, edge in edges.items():
            window.scene.select_ids(trio)
            actions[f"Edit/Arrange/Align {name}"].trigger()
            values = [edge(_rect(window, e)) for e in trio]
            assert max(values) - min(values) < 0.5, f"{name}: {values}"
            window.document.undo_stack.undo()
        for name, horizontal in (("Horizontally", True), ("Vertically", False)):
            window.scene.select_ids(trio)
            actions[f"Edit/Arrange/Distribute {name}"].trigger()
            rects = sorted((_rect(window, e) for e in trio),
                           key=lambda r: r.left() if horizontal else r.top())
            if horizontal:
                gaps = [b.left() - a.right() for a, b in itertools.pairwise(rects)]
            else:
                gaps = [b.top() - a.bottom() for a, b in itertools.pairwise(rects)]
            assert abs(gaps[0] - gaps[1]) < 0.5, f"{name}: gaps {gaps}"


def test_help_menu_guide_shortcuts_and_about(real_window, tmp_path: Path) -> None:
    from gui.help_menu import AboutDialog, GuideWindow, ShortcutsDialog

    window = real_window
    with fired(window, "test_help_menu_guide_shortcuts_and_about") as actions:
        actions["Help/User Guide"].trigger()
        guide = window.findChild(GuideWindow)
        assert guide is not None and guide.isVisible()
        assert "User guide" in guide.browser.toPlainText()
        actions["Help/Keyboard Shortcuts"].trigger()
        shortcuts = window.findChild(ShortcutsDialog)
        assert shortcuts is not None and shortcuts.isVisible()
        keys = {shortcuts.table.item(r, 2).text() for r in range(shortcuts.table.rowCount())}
        assert "Ctrl+S" in keys and "Ctrl+Z" in keys
        actions["Help/About Archipelago"].trigger()
        about = window.findChild(AboutDialog)
        assert about is not None and about.isVisible()
        # the recovery folder the test chose, read back from what About shows
        assert str(tmp_path / "recovery") in about.label.text()
        for widget in (guide, shortcuts, about):
            widget.close()


def test_compare_with_and_explore(real_window, qtbot, tmp_path: Path) -> None:
    """Compare with a file (figures from the engine process) and open a sweep's point."""
    from PySide6.QtWidgets import QMessageBox

    from model.fileformat import save_design
    from model.sweep_plan import make_spec
    from model.sweep_run import evaluate_point
    from model.sweep_store import SweepStore

    window = real_window
    other = window.document.design.copy()
    racks = other.rack_groups["hall-a-pod-1-racks"]
    other.update(racks.id, count=racks.count - 1)
    save_design(other, tmp_path / "other.json")
    spec = make_spec(template_name="islands", base=None, base_path=None,
                     params=["islands=2", "buildings=1", "gpus_per_island=256,512"],
                     sets=[], sample=None, seed=0)
    store = SweepStore(tmp_path / "sweep")
    store.start(spec)
    for k in spec.point_indices():
        store.append(evaluate_point(spec.to_json(), k, spec.values_of(k)))
    store.close()
    store.write_tables(spec)
    window.compare_actions.ask_path = lambda: str(tmp_path / "other.json")
    with fired(window, "test_compare_with_and_explore") as actions:
        actions["File/Compare with"].trigger()
        dock = window.compare_actions.dock
        qtbot.waitUntil(lambda: dock.comparison is not None, timeout=60_000)
        [change] = dock.comparison.structure.changed
        assert change.fields == {"count": (racks.count, racks.count - 1)}
        assert window.scene.selected_ids() == [racks.id]
        actions["Tools/Explore"].trigger()
        dialog = window.explore_actions.dialog
        dialog.ask_path = lambda: str(tmp_path / "sweep.csv")
        assert dialog.open_table()
        dialog.choose_row(1)
        window.answers.unsaved = QMessageBox.StandardButton.Discard
        assert dialog.open_chosen()
        # 512 H100 in racks of 4 DGX of 8
        assert window.document.design.rack_groups["island-1-racks"].count == 512 // 32
    assert window.answers.errors == []


def test_what_if_through_the_engine_process(real_window, qtbot, tmp_path: Path) -> None:
    """Fail a hall from its right-click menu: the engine process computes both sides
    (by hand: one hall of two, half the accelerators work); the file is not dirtied
    until the failures are saved as a scenario, which the file then holds; Clear
    restores the healthy figures; the N−1 table ranks a hall's power first."""
    from model.fileformat import save_design
    from model.whatif import WhatIfMetrics

    window = real_window
    doc, whatif = window.document, window.whatif
    wait_for_figures(qtbot, window)
    with fired(window, "test_what_if_through_the_engine_process") as actions:
        whatif.ask_failure = lambda dialog: dialog.failure()  # a hall fails whole
        menu = window.context_menus.menu_at(context_spot(window, "building"))
        [fail] = [a for a in menu.actions() if _text(a) == "Fail"]
        fail.trigger()
        qtbot.waitUntil(lambda: window.runner.is_current()
                        and isinstance(window.runner.metrics, WhatIfMetrics), timeout=60_000)
        metrics = window.runner.metrics
        assert metrics.failures.accelerators_working == DEMO_ACCELERATORS // 2
        assert metrics.healthy.inventory.accelerators == DEMO_ACCELERATORS
        assert whatif.overlay.badges == {"hall-a": "dark (failed)"}
        assert not doc.is_modified()
        whatif.ask_name = lambda _suggestion: "hall A dark"
        actions["Analysis/Scenarios/Save Failures as Scenario"].trigger()
        assert doc.is_modified()
        save_design(doc.design, tmp_path / "scenario.json")
        [saved] = load_design(tmp_path / "scenario.json").scenarios
        assert saved.name == "hall A dark" and [f.element for f in saved.failures] == [
            "hall-a"]
        whatif.scenarios_menu.aboutToShow.emit()  # as the menu opens: Delete enabled
        whatif.ask_which = lambda names: names[0] if names == ["hall A dark"] else None
        actions["Analysis/Scenarios/Delete Scenario"].trigger()
        assert doc.design.scenarios == ()
        doc.undo_stack.undo()
        assert [s.name for s in doc.design.scenarios] == ["hall A dark"]
        actions["Analysis/Clear Failures"].trigger()
        qtbot.waitUntil(lambda: window.runner.is_current() and not isinstance(
            window.runner.metrics, WhatIfMetrics), timeout=60_000)
        assert window.runner.metrics.inventory.accelerators == DEMO_ACCELERATORS
        actions["Analysis/N−1 Table"].trigger()
        panel = whatif.n_minus_1
        assert window.metrics_dock.tabs.currentWidget() is panel
        qtbot.waitUntil(panel.is_done, timeout=120_000)
        assert panel.error == ""
        worst = panel.table.rows[0]
        assert worst.kind == "building" and worst.accelerators_down == DEMO_ACCELERATORS // 2
        assert worst.splits == (worst.accelerators_cut_off > 0 or worst.unreachable_pairs > 0)
        whatif.view.set_threshold(30)  # the What-if tab's threshold: the table is stale
        assert not panel.is_current() and "Out of date" in panel.state.text()
    assert window.answers.errors == []


def test_quit(real_window) -> None:
    window = real_window
    with fired(window, "test_quit") as actions:
        actions["File/Quit"].trigger()
    assert not window.isVisible()


def test_language_menu_reopens_the_window_on_the_same_design(real_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    """View › Language: 简体中文 answered "later" keeps the window and remembers the
    choice; answered "now" the window opens again in Chinese on the same design object,
    file and unsaved edit (the old window is deleted), with figures from the engine;
    English brings it back."""
    from PySide6.QtWidgets import QApplication
    from shiboken6 import isValid

    from gui.i18n import LANGUAGE_KEY, current_language, installer
    from gui.language_menu import REOPENED

    window = real_window
    design, path = window.document.design, window.document.path
    asked: list[str] = []
    window.language_menu.ask_reopen = lambda code: asked.append(code) or False
    test = "test_language_menu_reopens_the_window_on_the_same_design"
    with fired(window, test) as actions:
        actions["View/Language/简体中文"].trigger()
        assert (window.settings.value(LANGUAGE_KEY), asked) == ("zh_CN", ["zh_CN"])
        assert current_language() == "en"
        assert window.menuBar().actions()[0].text() == "&File"
        actions["View/Language/English"].trigger()  # the language in use: nothing to reopen
        assert (window.settings.value(LANGUAGE_KEY), asked) == ("en", ["zh_CN"])
    window.document.execute(UpdateElement(design, "hall-a", {"pue": 1.45}))
    window.language_menu.ask_reopen = lambda _code: True
    try:
        chinese = window.language_menu.choose("zh_CN")
        flush_deletes()
        assert chinese is not None and not isValid(window)
        assert chinese.document.design is design and design.buildings["hall-a"].pue == 1.45
        assert chinese.document.path == path and chinese.document.is_modified()
        assert chinese.menuBar().actions()[0].text() == "文件(&F)"
        assert "（已修改）" in chinese.windowTitle()
        qtbot.waitUntil(lambda: chinese.runner.is_current()
                        and chinese.runner.metrics is not None, timeout=30_000)
        assert chinese.runner.metrics.inventory.accelerators == DEMO_ACCELERATORS
        chinese.language_menu.ask_reopen = lambda _code: True
        english = chinese.language_menu.choose("en")
        flush_deletes()
        assert english is not None and not isValid(chinese)
        assert english.menuBar().actions()[0].text() == "&File"
        assert english.document.design is design and english.document.is_modified()
    finally:
        installer(QApplication.instance()).remove()  # type: ignore[arg-type]
        for left in list(REOPENED):
            if isValid(left):
                left.document.undo_stack.setClean()
                left.close()
                left.deleteLater()
        flush_deletes()


# ------------------------------------------------------------------ coverage
def test_every_menu_action_and_toolbar_button_has_a_driver(real_window) -> None:
    """A new menu action or toolbar button fails here until a test drives it."""
    present = set(menu_actions(real_window)) | set(toolbar_buttons(real_window))
    # recent-file entries exist only once a file was opened or saved
    present.add("File/Open Recent/<recent file>")
    driven = {key for keys in DRIVERS.values() for key in keys
              if not key.startswith("Context/")}  # right-click menus: tested below
    assert present - driven == set(), f"actions no test drives: {sorted(present - driven)}"
    assert driven - present == set(), f"drivers of actions that are gone: {driven - present}"
    from tests.gui import test_real_window_context as context
    from tests.gui import test_real_window_exports as exports

    assert all(name in globals() or hasattr(context, name) or hasattr(exports, name)
               for name in DRIVERS)
