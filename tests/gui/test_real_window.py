"""Every menu action and toolbar button, driven through the window as the application
builds it (:func:`gui.app.start_window`: the real engine process, no injected compute),
each outcome checked against something independent: exports read back with their own
parsers, saved files loaded again, hand counts of the demo campus.

:data:`DRIVERS` names the test that drives each action; the last test enumerates the
window's menus and toolbars and fails for any action no test drives, so a new menu item
comes with its test.
"""

from __future__ import annotations

import csv
import itertools
import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import networkx as nx
from pypdf import PdfReader
from PySide6.QtGui import QAction, QImage
from PySide6.QtWidgets import QMenu, QToolBar, QToolButton

from gui.commands import UpdateElement
from gui.export.dialogs import PngOptions
from model.design import Design
from model.fileformat import load_design
from model.templates import TEMPLATES
from tests.gui.conftest import flush_deletes
from tests.gui.engine_standins import slow_preview

DEMO_ACCELERATORS = 2 * 2 * 8 * 4 * 8
"""The demo campus by hand: 2 halls × 2 pods × 8 racks × 4 DGX H100 × 8 GPUs."""

DRIVERS: dict[str, tuple[str, ...]] = {
    "test_every_export_from_the_menu_through_the_engine_process": (
        "File/Export/Canvas as PNG", "File/Export/Canvas as SVG", "File/Export/PDF Report",
        "File/Export/Metrics as JSON", "File/Export/Metrics as CSV",
        "File/Export/Bill of Materials (CSV)", "File/Export/Network as GraphML"),
    "test_files_save_as_save_revert_new_open_and_recent": (
        "File/Save As", "File/Save", "File/Revert to Saved", "File/New", "File/Open",
        "File/Open Recent/<recent file>", "File/Open Recent/Clear Recent Files"),
    "test_new_from_template_previews_in_the_engine_process": ("File/New from Template",),
    "test_edit_actions_undo_redo_duplicate_delete_select_all": (
        "Edit/Undo", "Edit/Redo", "Edit/Duplicate", "Edit/Delete", "Edit/Select All",
        "Toolbar/Undo", "Toolbar/Redo"),
    "test_view_actions_zoom_fit_cut_theme_and_docks": (
        "View/Fit to View", "View/Zoom In", "View/Zoom Out", "View/Actual Size",
        "View/Show Bisection Cut", "View/Dark Theme", "View/Palette", "View/Legend",
        "View/Inspector", "View/Metrics", "View/Problems", "View/Jobs", "Toolbar/Fit to View",
        "Toolbar/Show Bisection Cut"),
    "test_tools_from_the_menu_and_the_toolbar": (
        "Tools/Select", "Tools/Link", "Tools/Pan", "Toolbar/Select", "Toolbar/Link",
        "Toolbar/Pan"),
    "test_clipboard_find_and_zoom_to_selection": (
        "Edit/Copy", "Edit/Paste", "Edit/Cut", "Edit/Find", "View/Zoom to Selection"),
    "test_arrange_nudges_aligns_and_distributes": (
        *(f"Edit/Arrange/Nudge {way}{size}" for way in ("Left", "Right", "Up", "Down")
          for size in ("", " (large step)")),
        *(f"Edit/Arrange/Align {edge}" for edge in (
            "Left Edges", "Centres", "Right Edges", "Top Edges", "Middles",
            "Bottom Edges")),
        "Edit/Arrange/Distribute Horizontally", "Edit/Arrange/Distribute Vertically"),
    "test_arrange_buildings_in_a_grid": ("Edit/Arrange/Arrange Buildings in a Grid",),
    "test_help_menu_guide_shortcuts_and_about": (
        "Help/User Guide", "Help/Keyboard Shortcuts", "Help/About Archipelago"),
    "test_quit": ("File/Quit",),
    "test_workbook_export_and_optics_by_reach": (
        "File/Export/Workbook for Purchasing (Excel)", "Tools/Choose Optics by Reach"),
    "test_context_menus_through_the_real_window": (
        *(f"Context/canvas/{e}" for e in ("Paste Here", "Add Building Here", "Select All",
                                          "Arrange Buildings in a Grid", "Fit to View")),
        *(f"Context/{kind}/{e}" for kind in ("building", "island", "rack_group", "tier",
                                             "several")
          for e in ("Edit Properties", "Cut", "Copy", "Duplicate", "Delete", "Zoom To",
                    "Centre in View")),
        *(f"Context/{kind}/Paste into <name>" for kind in ("building", "island")),
        "Context/building/Add Island Here", "Context/building/Add Building Tier (core)/<part>",
        "Context/island/Add Rack Group/<part>", "Context/island/Add Switch Tier/<part>",
        *(f"Context/several/Align/Align {edge}" for edge in (
            "Left Edges", "Centres", "Right Edges", "Top Edges", "Middles", "Bottom Edges")),
        "Context/several/Align/Distribute Horizontally",
        "Context/several/Align/Distribute Vertically",
        *(f"Context/bundle/{e}" for e in ("Edit Properties", "Select Ends", "Delete",
                                          "Zoom To")),
        *(f"Context/{kind}/Fail" for kind in ("building", "island", "rack_group", "tier",
                                              "several", "bundle"))),
    "test_compare_with_and_explore": ("File/Compare with", "Tools/Explore"),
    "test_what_if_through_the_engine_process": (
        "Analysis/Scenarios/Save Failures as Scenario", "Analysis/Scenarios/Delete Scenario",
        "Analysis/Clear Failures", "Analysis/N−1 Table"),
    "test_language_menu_reopens_the_window_on_the_same_design": (
        "View/Language/English", "View/Language/简体中文"),
}


def _text(action: QAction) -> str:
    """An action's text without mnemonic, ellipsis or a count ("Problems (3 errors…)")."""
    return re.sub(r" \(\d[^)]*\)$", "", action.text().replace("&", "").rstrip("…").strip())


def menu_actions(window) -> dict[str, QAction]:  # type: ignore[no-untyped-def]
    """Every action of the window's menus by path ("File/Export/PDF Report"); menus that
    fill themselves when shown are filled first. Recent-file entries share one key."""
    found: dict[str, QAction] = {}

    def walk(menu: QMenu, prefix: str) -> None:
        menu.aboutToShow.emit()
        for action in menu.actions():
            if action.isSeparator():
                continue
            text = _text(action)
            if action.menu() is not None:
                walk(action.menu(), f"{prefix}/{text}")  # type: ignore[arg-type]
            elif prefix.endswith("Open Recent") and text[:1].isdigit():
                found[f"{prefix}/<recent file>"] = action
            else:
                found[f"{prefix}/{text}"] = action

    for top in window.menuBar().actions():
        walk(top.menu(), _text(top))
    return found


def toolbar_buttons(window) -> dict[str, QToolButton]:  # type: ignore[no-untyped-def]
    """Every toolbar button by "Toolbar/<text>"."""
    buttons: dict[str, QToolButton] = {}
    for bar in window.findChildren(QToolBar):
        for action in bar.actions():
            if action.isSeparator():
                continue
            button = bar.widgetForAction(action)
            assert isinstance(button, QToolButton)
            buttons[f"Toolbar/{_text(action)}"] = button
    return buttons


@contextmanager
def fired(window, test: str) -> Iterator[dict[str, QAction]]:  # type: ignore[no-untyped-def]
    """Record which menu actions were triggered while the block ran and check that each
    action :data:`DRIVERS` gives ``test`` was (toolbar keys are checked by clicks).
    Menus that refill themselves are watched through the menu, the rest per action."""
    actions = menu_actions(window)
    seen: set[str] = set()
    for key, action in actions.items():
        action.triggered.connect(lambda _checked=False, k=key: seen.add(k))
    recent = window.file_actions.recent_menu
    recent.triggered.connect(lambda action: seen.add(
        "File/Open Recent/" + ("<recent file>" if _text(action)[:1].isdigit()
                               else _text(action))))
    yield actions
    wanted = {k for k in DRIVERS[test] if not k.startswith("Toolbar/")}
    assert wanted <= seen, f"not triggered: {sorted(wanted - seen)}"
    assert not window.answers.unexpected, window.answers.unexpected


def click(qtbot, window, action: QAction) -> None:  # type: ignore[no-untyped-def]
    """Click the toolbar button of ``action`` as a user does."""
    from PySide6.QtCore import Qt

    bar = window.findChild(QToolBar)
    button = bar.widgetForAction(action)
    assert isinstance(button, QToolButton), f"{action.text()} has no toolbar button"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def wait_for_figures(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    qtbot.waitUntil(lambda: window.runner.is_current() and window.runner.metrics is not None,
                    timeout=30_000)


def read_csv(path: Path) -> list[dict[str, str]]:
    with open(path, encoding="utf-8", newline="") as stream:
        return list(csv.DictReader(stream))


# ------------------------------------------------------------------ exports
def check_exports(qtbot, window, folder: Path, accelerators: int,  # type: ignore[no-untyped-def]
                  actions: dict[str, QAction], kinds: tuple[str, ...]) -> None:
    """Export each kind from its menu action and read the file back."""
    answers = window.answers
    answers.png_options = PngOptions(False, 640, None)
    name = window.document.design.name
    for kind in kinds:
        out = folder / f"out-{kind}"
        answers.save_path = str(out)
        key = {"png": "Canvas as PNG", "svg": "Canvas as SVG", "pdf": "PDF Report",
               "json": "Metrics as JSON", "csv": "Metrics as CSV",
               "bom": "Bill of Materials (CSV)", "graphml": "Network as GraphML"}[kind]
        actions[f"File/Export/{key}"].trigger()
        assert answers.errors == [], answers.errors
        assert out.is_file(), f"{kind}: nothing written"
        if kind == "png":
            image = QImage(str(out))
            assert image.width() == 640 and image.height() > 0
        elif kind == "svg":
            root = ET.parse(out).getroot()
            assert root.tag.endswith("svg")
            assert name in "".join(root.itertext())
        elif kind == "pdf":
            reader = PdfReader(out)
            assert len(reader.pages) >= 1
            assert name in " ".join(reader.pages[0].extract_text().split())
        elif kind == "json":
            assert json.loads(out.read_text(encoding="utf-8"))["accelerators"] == accelerators
        elif kind == "csv":
            rows = {(r["section"], r["field"]): r["value"] for r in read_csv(out)}
            assert rows[("accelerators", "accelerators")] == str(accelerators)
        elif kind == "bom":
            rows = read_csv(out)
            assert rows and all(int(r["quantity"]) > 0 for r in rows)
            assert {r["category"] for r in rows} >= {"switch", "cable"}
        else:
            graph = nx.read_graphml(out)
            assert graph.number_of_nodes() > 0 and graph.number_of_edges() > 0


def test_every_export_from_the_menu_through_the_engine_process(real_window, qtbot,
                                                               tmp_path: Path) -> None:
    """Before the fix every one of these wrote nothing: the live design, holding its Qt
    document, could not be pickled to the engine process."""
    window = real_window
    wait_for_figures(qtbot, window)
    kinds = ("png", "svg", "pdf", "json", "csv", "bom", "graphml")
    with fired(window, "test_every_export_from_the_menu_through_the_engine_process") as acts:
        check_exports(qtbot, window, tmp_path, DEMO_ACCELERATORS, acts, kinds)


def test_workbook_export_and_optics_by_reach(real_window, qtbot, tmp_path: Path) -> None:
    """The workbook from its menu item, read back; optics by reach from the Tools menu
    gives every bundle of the demo (none has a medium) one, in one undo step."""
    from openpyxl import load_workbook

    window = real_window
    wait_for_figures(qtbot, window)
    doc = window.document
    with fired(window, "test_workbook_export_and_optics_by_reach") as actions:
        window.answers.save_path = str(tmp_path / "campus.xlsx")
        actions["File/Export/Workbook for Purchasing (Excel)"].trigger()
        assert window.answers.errors == [], window.answers.errors
        book = load_workbook(tmp_path / "campus.xlsx")
        summary = {r[0]: r[1] for r in book["Summary"].iter_rows(min_row=2, values_only=True)}
        assert summary["Accelerators"] == DEMO_ACCELERATORS
        steps = doc.undo_stack.count()
        assert all(b.medium is None for b in doc.design.bundles.values())
        window.scene.select_ids([])
        actions["Tools/Choose Optics by Reach"].trigger()
        assert doc.undo_stack.count() == steps + 1
        assert all(b.medium is not None for b in doc.design.bundles.values())
        doc.undo_stack.undo()
        assert all(b.medium is None for b in doc.design.bundles.values())


def test_an_export_right_after_an_edit_has_the_edited_figures(real_window, qtbot,
                                                              tmp_path: Path) -> None:
    """The export waits for the run of the edited design (the event loop running), and
    never writes the figures from before the edit."""
    window = real_window
    wait_for_figures(qtbot, window)
    doc = window.document
    doc.execute(UpdateElement(doc.design, "hall-a-pod-1-racks", {"count": 4}))
    assert not window.runner.is_current()
    window.answers.save_path = str(tmp_path / "after-edit.json")
    window.file_actions.actions["export_json"].trigger()
    report = json.loads((tmp_path / "after-edit.json").read_text(encoding="utf-8"))
    assert report["accelerators"] == DEMO_ACCELERATORS - 4 * 4 * 8  # 4 racks fewer
    assert window.answers.errors == [] and window.answers.unexpected == []


def test_exports_of_the_100k_example_through_the_engine_process(real_window_factory, qtbot,
                                                                tmp_path: Path) -> None:
    """The built-in example, as ``./run.sh`` opens it, exported right away (the figures
    may still be computing: the export waits for them)."""
    from gui.example import EXAMPLE_PATH

    window = real_window_factory(None)
    design = load_design(EXAMPLE_PATH)
    parts = design.catalog
    by_hand = 0
    for group in design.rack_groups.values():
        rack = parts.rack_type(group.rack_type)
        server = parts.server(rack.server) if rack is not None else None
        assert rack is not None and server is not None
        by_hand += group.count * rack.servers_per_rack * server.accelerators_per_server
    assert by_hand > 90_000, "the big example"
    kinds = ("json", "pdf")
    check_exports(qtbot, window, tmp_path, by_hand, menu_actions(window), kinds)


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
    assert window.document.is_modified()


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


def _rect(window, eid: str):  # type: ignore[no-untyped-def]
    return window.scene.item_for(eid).sceneBoundingRect()


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
    assert all(name in globals() for name in DRIVERS)


def test_exports_when_the_figures_could_not_be_computed(real_window, qtbot, tmp_path: Path,
                                                        monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Past the time limit: the pictures are still written (without figures); the
    metrics files are refused with the reason, never written from stale figures."""
    from gui import metrics_runner

    window = real_window
    wait_for_figures(qtbot, window)
    window.runner.time_limit_s = 0.001
    # a run of the engine process that cannot finish in a millisecond, however busy the
    # machine: with the real engine, a small design's figures could arrive before the
    # limit's timer was served (seen under load), and the test raced
    monkeypatch.setattr(window.runner, "compute", metrics_runner.engine_compute(slow_preview))
    doc = window.document
    doc.execute(UpdateElement(doc.design, "hall-a-pod-1-racks", {"count": 3}))
    qtbot.waitUntil(window.runner.is_current, timeout=10_000)
    assert window.runner.metrics is None
    answers = window.answers
    answers.png_options = PngOptions(False, 300, None)
    answers.save_path = str(tmp_path / "picture.png")
    window.file_actions.actions["export_png"].trigger()
    assert QImage(str(tmp_path / "picture.png")).width() == 300
    answers.save_path = str(tmp_path / "figures.json")
    window.file_actions.actions["export_json"].trigger()
    assert not (tmp_path / "figures.json").exists()
    assert answers.errors == [("Export failed", "figures not computed: the design is too"
                               " large to compute within 0.001 s")]
    assert "too large" in window.metrics_dock.state.text()
    assert answers.unexpected == []


def test_cancelling_the_wait_for_figures_cancels_the_export(real_window, qtbot, tmp_path,
                                                            monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QProgressDialog

    window = real_window
    wait_for_figures(qtbot, window)
    monkeypatch.setattr(QProgressDialog, "wasCanceled", lambda _self: True)
    doc = window.document
    doc.execute(UpdateElement(doc.design, "hall-a-pod-1-racks", {"count": 4}))
    statuses: list[str] = []
    window.file_actions.message.connect(statuses.append)
    window.answers.save_path = str(tmp_path / "cancelled.json")
    window.file_actions.actions["export_json"].trigger()
    assert not (tmp_path / "cancelled.json").exists()
    assert statuses == ["Export cancelled"]
    assert window.answers.errors == [] and window.answers.unexpected == []


# ------------------------------------------------------------- context menus
CONTEXT_PLACES: dict[str, tuple[str, ...]] = {
    "canvas": (),
    "building": ("hall-a",),
    "island": ("hall-a-pod-1",),
    "rack_group": ("hall-a-pod-1-racks",),
    "tier": ("hall-a-pod-1-leaf",),
    "bundle": ("hall-a-pod-1-b2",),
    "several": ("hall-a-pod-1-racks", "hall-a-pod-1-leaf", "hall-a-pod-1-spine"),
}
"""Where each kind of right-click menu is opened on the demo campus (``several``: the
first is right-clicked with all of them selected)."""

CATALOG_SUBMENUS = ("Add Rack Group", "Add Switch Tier", "Add Building Tier (core)")
"""Submenus with an entry per catalog part: one key each ("…/<part>")."""


ALIGN_EDGES = {"Left Edges": lambda r: r.left(), "Right Edges": lambda r: r.right(),
               "Centres": lambda r: r.center().x(), "Top Edges": lambda r: r.top(),
               "Bottom Edges": lambda r: r.bottom(), "Middles": lambda r: r.center().y()}


def context_spot(window, where: str):  # type: ignore[no-untyped-def]
    """A scene point to right-click for ``where`` (selecting a multi-selection first)."""
    from tests.gui.test_context_menu import bundle_spot, empty_spot, spot

    ids = CONTEXT_PLACES[where]
    if where == "canvas":
        return empty_spot(window)
    if where == "bundle":
        return bundle_spot(window, ids[0])
    if where == "several":
        window.scene.select_ids(list(ids))
        return spot(window, ids[0])
    if where == "building":
        return spot(window, ids[0], 10, 60)
    if where == "island":
        return spot(window, ids[0], 5, 12)
    return spot(window, ids[0])


def _context_key(where: str, path: str) -> str:
    """The key of a context entry: the element's name in "Paste into <name>" and the
    part in a catalog submenu are generalised."""
    if path.startswith("Paste into "):
        path = "Paste into <name>"
    head = path.split("/")[0]
    if head in CATALOG_SUBMENUS and "/" in path:
        path = f"{head}/<part>"
    return f"Context/{where}/{path}"


def context_menu_entries(window, where: str) -> dict[str, QAction]:  # type: ignore[no-untyped-def]
    """The entries of the menu opened for ``where``, by key (a fresh menu: each is built
    when the mouse's right button asks for it); catalog submenus by their first part."""
    menu = window.context_menus.menu_at(context_spot(window, where))
    found: dict[str, QAction] = {}

    def walk(menu: QMenu, prefix: str) -> None:
        for action in menu.actions():
            if action.isSeparator():
                continue
            path = f"{prefix}{_text(action)}"
            if action.menu() is not None:
                walk(action.menu(), f"{path}/")  # type: ignore[arg-type]
            else:
                found.setdefault(_context_key(where, path), action)

    walk(menu, "")
    return found


def context_actions(window) -> set[str]:  # type: ignore[no-untyped-def]
    """Every context-menu entry of every kind of element and of the empty canvas."""
    keys: set[str] = set()
    for where in CONTEXT_PLACES:
        keys |= set(context_menu_entries(window, where))
    window.scene.clearSelection()
    return keys


def test_context_menus_through_the_real_window(real_window, qtbot) -> None:
    """Every right-click entry of every kind, triggered from a freshly opened menu as a
    user picks it, each with a visible outcome; edits are undone after each check so
    every entry meets the demo campus."""
    from PySide6.QtGui import QGuiApplication

    window = real_window
    design, stack, view = window.document.design, window.document.undo_stack, window.view
    wait_for_figures(qtbot, window)
    seen: set[str] = set()

    def pick(key: str) -> None:
        _context, where, _path = key.split("/", 2)
        qtbot.wait(10)  # as between a user's clicks: the canvas re-routes on a later turn
        entries = context_menu_entries(window, where)
        assert key in entries, f"{key} not offered: {sorted(entries)}"
        seen.add(key)
        entries[key].trigger()

    def edits(key: str) -> None:
        """An entry that edits the design: one undo step, undone again."""
        before = stack.index()
        pick(key)
        assert stack.index() == before + 1, f"{key} made no undo step"
        stack.undo()

    everything = sum(1 for _ in design.all_elements())
    for where, ids in CONTEXT_PLACES.items():
        qtbot.wait(10)
        keys = sorted(context_menu_entries(window, where))
        for key in keys:
            path = key.split("/", 2)[2]
            if "Distribute" in path:
                # one undo step when they moved, none when already evenly spaced
                before = stack.index()
                pick(key)
                assert stack.index() in (before, before + 1)
                if stack.index() == before + 1:
                    stack.undo()
            elif path.startswith("Align/"):
                # aligned afterwards (no undo step when they were already)
                before = stack.index()
                pick(key)
                edge = ALIGN_EDGES[path.removeprefix("Align/Align ")]
                values = [edge(_rect(window, e)) for e in ids]
                assert max(values) - min(values) < 0.5, f"{key}: {values}"
                if stack.index() == before + 1:
                    stack.undo()
            elif path in ("Cut", "Delete") or path.startswith("Add "):
                edits(key)
            elif path == "Duplicate":
                before = stack.index()
                pick(key)
                if where in ("island", "rack_group", "several"):  # several: its rack group
                    assert stack.index() == before + 1
                    stack.undo()
                else:  # a building or a tier: said, not done
                    assert stack.index() == before
                    assert "islands or rack groups" in window.statusBar().currentMessage()
            elif path == "Copy":
                QGuiApplication.clipboard().clear()
                pick(key)
                assert ids[0] in QGuiApplication.clipboard().mimeData().text()
            elif path.startswith("Paste"):
                # something that fits where it is pasted: a building on the canvas, an
                # island into a building, a rack group into an island
                source = {"canvas": "hall-b", "building": "hall-b-pod-1",
                          "island": "hall-b-pod-1-racks"}[where]
                window.scene.select_ids([source])
                window.clipboard.copy_action.trigger()
                window.scene.clearSelection()
                edits(key)
            elif path == "Edit Properties" and where == "several":
                assert not context_menu_entries(window, where)[key].isEnabled(), \
                    "one element's properties at a time"
                pick(key)
            elif path == "Edit Properties":
                window.docks["inspector"].hide()
                pick(key)
                assert window.docks["inspector"].isVisible()
                assert window.inspector.element_ids == [ids[0]]
            elif path in ("Zoom To", "Centre in View", "Fit to View"):
                view.set_scale(4.0)
                view.centerOn(-5000, -5000)
                pick(key)
                shown = view.mapToScene(view.viewport().rect()).boundingRect()
                target = window.scene.content_rect() if where == "canvas" else \
                    window.scene.item_for(ids[0]).sceneBoundingRect()
                assert shown.contains(target.center()), key
            elif path == "Select All":
                pick(key)
                assert len(window.scene.selected_ids()) == everything
            elif path == "Fail":
                # the what-if's dialog, answered as it opens (a count of 1, or whole):
                # the right-clicked element fails, as a view, not an edit
                before = stack.index()
                window.whatif.ask_failure = lambda dialog: dialog.failure()
                pick(key)
                assert [f.element for f in window.whatif.state.failures] == [ids[0]], key
                assert stack.index() == before
                window.whatif.state.clear()
            elif path == "Arrange Buildings in a Grid":
                # one undo step when the buildings moved, none when in a grid already;
                # no two buildings overlap afterwards
                before = stack.index()
                pick(key)
                assert stack.index() in (before, before + 1)
                rects = [window.scene.item_for(b).scene_rect() for b in design.buildings]
                assert not any(a.intersects(b) for a, b in itertools.combinations(rects, 2))
                if stack.index() == before + 1:
                    stack.undo()
            elif path == "Select Ends":
                pick(key)
                bundle = design.bundles[ids[0]]
                assert set(window.scene.selected_ids()) == {bundle.lower, bundle.upper}
            else:
                raise AssertionError(f"no check for the context entry {key}")
        window.scene.clearSelection()
    assert not window.answers.unexpected, window.answers.unexpected
    assert seen == set(DRIVERS["test_context_menus_through_the_real_window"])


def test_every_context_menu_entry_has_a_driver(real_window) -> None:
    """A new right-click entry fails here until a test drives it."""
    present = context_actions(real_window)
    driven = {key for keys in DRIVERS.values() for key in keys if key.startswith("Context/")}
    assert present - driven == set(), f"entries no test drives: {sorted(present - driven)}"
    assert driven - present == set(), f"drivers of entries that are gone: {driven - present}"
