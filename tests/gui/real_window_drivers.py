"""What drives the real window in tests: :data:`DRIVERS` names the test that drives each
menu action, toolbar button and right-click entry (the coverage tests in
test_real_window.py and test_real_window_context.py fail for any action without one),
and the helpers those tests share to find, trigger and watch actions."""

from __future__ import annotations

import csv
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QToolBar, QToolButton

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


def exported(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """Wait, the event loop running, for the window's export in progress (written on a
    worker) to end."""
    qtbot.waitUntil(lambda: window.file_actions.exports.busy() is None, timeout=60_000)


def read_csv(path: Path) -> list[dict[str, str]]:
    with open(path, encoding="utf-8", newline="") as stream:
        return list(csv.DictReader(stream))


def _rect(window, eid: str):  # type: ignore[no-untyped-def]
    """The scene rectangle of element ``eid``'s item."""
    return window.scene.item_for(eid).sceneBoundingRect()
