"""Every right-click entry of every kind of element and of the empty canvas, driven
through the window as the application builds it (the real engine process), and a
coverage test that fails for any entry no test drives (see :data:`DRIVERS`)."""

from __future__ import annotations

import itertools

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu

from tests.gui.real_window_drivers import DRIVERS, _rect, _text, wait_for_figures

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
