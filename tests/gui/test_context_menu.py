"""Right-click menus: what each kind of element (and the empty canvas) offers, and that
each entry does its job through the same commands as the menus and the palette."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF
from PySide6.QtGui import QContextMenuEvent, QGuiApplication
from PySide6.QtWidgets import QApplication, QMenu

EDIT = ["Edit Properties…"]
CLIP = ["Cut", "Copy"]
VIEW = ["Zoom To", "Centre in View"]
FAIL = ["Fail…"]
"""The what-if's entry (gui.whatif), on every element that can fail."""


def texts(menu: QMenu) -> list[str]:
    return [a.text().replace("&", "") for a in menu.actions() if not a.isSeparator()]


def entry(menu: QMenu, path: str):  # type: ignore[no-untyped-def]
    """The action at ``path`` ("Add Rack Group/4× DGX H100, air-cooled")."""
    *subs, last = path.split("/")
    for sub in subs:
        menu = next(a.menu() for a in menu.actions()
                    if a.menu() and a.text().replace("&", "") == sub)
    return next(a for a in menu.actions() if a.text().replace("&", "") == last)


def spot(window, element_id: str, dx: float = 0, dy: float = 0) -> QPointF:  # type: ignore[no-untyped-def]
    """A scene point on an element: its body's top-left plus (dx, dy), or its centre."""
    rect = window.scene.item_for(element_id).scene_rect()
    if dx or dy:
        return rect.topLeft() + QPointF(dx, dy)
    return rect.center()


def bundle_spot(window, bundle_id: str) -> QPointF:  # type: ignore[no-untyped-def]
    window.scene.finish_routing()  # a bundle is drawn (and found) once it is routed
    item = window.scene.item_for(bundle_id)
    box = item.sceneBoundingRect()
    for i in range(int(box.width()) // 3 + 1):
        for j in range(int(box.height()) // 3 + 1):
            p = box.topLeft() + QPointF(i * 3, j * 3)
            if window.context_menus.item_at(p) is item:
                return p
    raise AssertionError("no free point on the bundle")


def empty_spot(window) -> QPointF:  # type: ignore[no-untyped-def]
    return window.scene.content_rect().bottomRight() + QPointF(400, 400)


def test_each_kind_offers_its_entries(window) -> None:
    menus = window.context_menus
    rack_types = [r.name for r in window.catalog.rack_types]
    switches = len(window.catalog.switches)
    building = menus.menu_at(spot(window, "hall-a", 10, 60))
    assert window.scene.selected_ids() == ["hall-a"], "right-click selects"
    assert texts(building) == [*EDIT, *CLIP, "Paste into Hall A", "Duplicate", "Delete",
                               "Add Island Here", "Add Building Tier (core)", *FAIL, *VIEW]
    assert len(entry(building, "Add Building Tier (core)").menu().actions()) == switches
    island = menus.menu_at(spot(window, "hall-a-pod-1", 5, 12))
    assert window.scene.selected_ids() == ["hall-a-pod-1"]
    assert texts(island) == [*EDIT, *CLIP, "Paste into Hall A · Pod 1", "Duplicate",
                             "Delete", "Add Rack Group", "Add Switch Tier", *FAIL, *VIEW]
    assert texts(entry(island, "Add Rack Group").menu()) == rack_types
    for element_id in ("hall-a-pod-1-racks", "hall-a-pod-1-leaf"):
        menu = menus.menu_at(spot(window, element_id))
        assert window.scene.selected_ids() == [element_id]
        assert texts(menu) == [*EDIT, *CLIP, "Duplicate", "Delete", *FAIL, *VIEW], element_id
    bundle = menus.menu_at(bundle_spot(window, "hall-a-pod-1-b2"))
    assert window.scene.selected_ids() == ["hall-a-pod-1-b2"]
    assert texts(bundle) == [*EDIT, "Select Ends", "Delete", *FAIL, "Zoom To"]
    canvas = menus.menu_at(empty_spot(window))
    assert texts(canvas) == ["Paste Here", "Add Building Here", "Select All",
                             "Arrange Buildings in a Grid", "Fit to View"]


def test_a_multi_selection_is_kept_and_offers_align(window) -> None:
    ids = ["hall-a-pod-1-racks", "hall-a-pod-2-racks", "hall-b-pod-1-racks"]
    window.scene.select_ids(ids)
    menu = window.context_menus.menu_at(spot(window, ids[1]))
    assert window.scene.selected_ids() == ids, "right-click on a selected one keeps all"
    assert "Align" in texts(menu)
    assert texts(entry(menu, "Align").menu()) == [
        "Align Left Edges", "Align Centres", "Align Right Edges", "Align Top Edges",
        "Align Middles", "Align Bottom Edges", "Distribute Horizontally",
        "Distribute Vertically"]
    assert not entry(menu, "Edit Properties…").isEnabled(), "one element at a time"


def test_duplicate_is_greyed_only_while_a_menu_for_a_tier_is_open(window, qtbot) -> None:
    menu = window.context_menus.show_at(
        window.view.mapFromScene(spot(window, "hall-a-pod-1-leaf")), QPoint(10, 10))
    qtbot.waitUntil(menu.isVisible)
    assert not window.duplicate_action.isEnabled(), "a tier cannot be duplicated"
    menu.close()
    assert window.duplicate_action.isEnabled(), "Ctrl+D works again afterwards"


def test_entries_do_their_job(window, qtbot) -> None:
    design, menus = window.document.design, window.context_menus
    stack = window.document.undo_stack

    # Add inside an island: a rack group of the chosen type, a tier named by role
    rack = window.catalog.rack_types[1]
    entry(menus.menu_at(spot(window, "hall-a-pod-2", 5, 12)),
          f"Add Rack Group/{rack.name}").trigger()
    group = list(design.rack_groups.values())[-1]
    assert (group.island, group.rack_type) == ("hall-a-pod-2", rack.id)
    switch = window.catalog.switches[0]
    menu = menus.menu_at(spot(window, "hall-a-pod-2", 5, 12))
    entry(menu, "Add Switch Tier").menu().actions()[0].trigger()
    tier = list(design.tiers.values())[-1]
    assert (tier.island, tier.switch, tier.name) == ("hall-a-pod-2", switch.id,
                                                     "Hall A · Pod 2 spine")
    # Add inside a building: an island where the menu was opened
    where = spot(window, "hall-b", 10, 60)
    entry(menus.menu_at(where), "Add Island Here").trigger()
    island = list(design.islands.values())[-1]
    assert island.building == "hall-b"
    # ... at the free spot nearest the click (it lands on no other element)
    placed = window.scene.item_for(island.id)
    assert not any(other.scene_rect().intersects(placed.scene_rect())
                   for other in window.scene.element_items()
                   if other is not placed and other.parentItem() is placed.parentItem())
    assert stack.count() == 3

    # Duplicate, Copy, Delete on an island
    entry(menus.menu_at(spot(window, "hall-a-pod-1", 5, 12)), "Duplicate").trigger()
    assert len(design.islands) == 6
    entry(menus.menu_at(spot(window, "hall-a-pod-1", 5, 12)), "Copy").trigger()
    assert "hall-a-pod-1" in QGuiApplication.clipboard().mimeData().text()
    entry(menus.menu_at(spot(window, "hall-a-pod-1", 5, 12)), "Delete").trigger()
    assert "hall-a-pod-1" not in design.islands
    # Paste into a building
    entry(menus.menu_at(spot(window, "hall-b", 10, 15)), "Paste into Hall B").trigger()
    assert "hall-a-pod-1" in design.islands, "its id was free again"
    assert design.islands["hall-a-pod-1"].building == "hall-b"
    # Cut a rack group
    count = stack.count()
    entry(menus.menu_at(spot(window, "hall-b-pod-1-racks")), "Cut").trigger()
    assert "hall-b-pod-1-racks" not in design.rack_groups and stack.count() == count + 1

    # Bundle: Select Ends
    entry(menus.menu_at(bundle_spot(window, "hall-b-pod-2-b2")), "Select Ends").trigger()
    assert window.scene.selected_ids() == ["hall-b-pod-2-spine", "hall-b-pod-2-leaf"]

    # Canvas: Add Building Here, Paste Here, Select All
    point = empty_spot(window)
    entry(menus.menu_at(point), "Add Building Here").trigger()
    building = list(design.buildings.values())[-1]
    assert window.scene.item_for(building.id).scene_rect().contains(point)
    entry(menus.menu_at(spot(window, "hall-a-pod-2-racks")), "Copy").trigger()
    window.scene.clearSelection()
    island_rect = window.scene.item_for("hall-b-pod-2").scene_rect()
    where = island_rect.bottomLeft() + QPointF(20, -12)  # below its rack group
    entry(menus.menu_at(where), "Paste into Hall B · Pod 2").trigger()
    pasted = list(design.rack_groups.values())[-1]
    assert pasted.island == "hall-b-pod-2"
    assert window.scene.item_for(pasted.id).scene_rect().topLeft() == where
    entry(menus.menu_at(empty_spot(window)), "Select All").trigger()
    assert len(window.scene.selected_ids()) == sum(1 for _ in design.all_elements())


def test_zoom_to_centre_and_edit_properties(window, qtbot) -> None:
    menus, view = window.context_menus, window.view
    window.view.fit_to_view()
    before = view.scale_factor()
    entry(menus.menu_at(spot(window, "hall-b-pod-2-leaf")), "Zoom To").trigger()
    assert view.scale_factor() > before
    shown = view.mapToScene(view.viewport().rect()).boundingRect()
    assert shown.contains(window.scene.item_for("hall-b-pod-2-leaf").scene_rect())
    view.set_scale(1.0)
    view.centerOn(0, 0)
    entry(menus.menu_at(spot(window, "hall-b-pod-1-spine")), "Centre in View").trigger()
    middle = view.mapToScene(view.viewport().rect().center())
    centre = window.scene.item_for("hall-b-pod-1-spine").scene_rect().center()
    assert abs(middle.x() - centre.x()) < 40 and abs(middle.y() - centre.y()) < 40
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    entry(menus.menu_at(spot(window, "hall-b-pod-1-spine")), "Edit Properties…").trigger()
    assert window.docks["inspector"].isVisible()
    assert QApplication.focusWidget() is window.inspector.fields["name"].editor


def test_a_right_click_opens_the_menu(window, qtbot) -> None:
    view = window.view
    pos = view.mapFromScene(spot(window, "hall-a-pod-1-racks"))
    event = QContextMenuEvent(QContextMenuEvent.Reason.Mouse, pos,
                              view.viewport().mapToGlobal(pos))
    QApplication.sendEvent(view.viewport(), event)
    menu = window.context_menus.menu
    assert isinstance(menu, QMenu) and menu.isVisible()
    assert "Duplicate" in texts(menu)
    assert window.scene.selected_ids() == ["hall-a-pod-1-racks"]
    menu.close()



def test_a_right_press_is_left_for_the_context_menu(window) -> None:
    """Qt 6.8+ makes the context-menu event from a right press only when no one accepted
    the press; a movable card accepts every press, so under X (Xvfb + xdotool on the
    running app) right-clicking a card showed no menu at all. QTest's clicks take another
    route that still makes the menu, so the test checks the press itself: the view must
    leave it unaccepted, on a card and on empty canvas, and select nothing by it."""
    from PySide6.QtCore import QEvent, Qt
    from PySide6.QtGui import QMouseEvent

    view, viewport = window.view, window.view.viewport()
    racks = spot(window, "hall-a-pod-1-racks")
    view.centerOn(racks)
    corner = view.mapToScene(QPoint(viewport.width() - 3, viewport.height() - 3))
    right = Qt.MouseButton.RightButton
    for scene_pos in (racks, corner):
        pos = QPointF(view.mapFromScene(scene_pos))
        for kind, buttons in ((QEvent.Type.MouseButtonPress, right),
                              (QEvent.Type.MouseButtonRelease, Qt.MouseButton.NoButton)):
            event = QMouseEvent(kind, pos, viewport.mapToGlobal(pos), right, buttons,
                                Qt.KeyboardModifier.NoModifier)
            event.setAccepted(True)
            if kind == QEvent.Type.MouseButtonPress:
                view.mousePressEvent(event)
            else:
                view.mouseReleaseEvent(event)
            assert not event.isAccepted(), f"{kind} taken at {scene_pos}"
