"""The canvas: items follow the model; elements are added by dropping palette entries,
moved by dragging (one undo step per drag), linked by dragging between elements, deleted
and duplicated from the Edit menu; refusals are explained in the status bar."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt

from gui.canvas.items.bundle import BundleItem
from gui.canvas.items.island import IslandItem
from gui.canvas.placement import PaletteEntry, PlacementError, placement_command
from gui.canvas.scene import DesignScene
from tests.gui.mouse import click, drag


def centre(window, element_id: str) -> QPointF:  # type: ignore[no-untyped-def]
    return window.scene.item_for(element_id).scene_rect().center()


def counts(scene: DesignScene) -> tuple[int, int]:
    return len(scene.element_items()), len(scene.bundle_items())


def test_one_item_per_element_never_per_rack(qtbot, design) -> None:
    scene = DesignScene(design)
    assert counts(scene) == (2 + 4 + 4 + 11, 14)
    for element in design.all_elements():
        assert scene.item_for(element.id) is not None
    # Rack groups sit in their island, island tiers too; building tiers in the building.
    racks = scene.item_for("hall-a-pod-1-racks")
    assert racks.parentItem() is scene.item_for("hall-a-pod-1")
    assert scene.item_for("hall-a-core").parentItem() is scene.item_for("hall-a")
    # Containers enclose their children.
    hall = scene.item_for("hall-a").scene_rect()
    for element_id in ("hall-a-pod-1", "hall-a-pod-2", "hall-a-pod-1-racks", "campus-core"):
        assert hall.contains(scene.item_for(element_id).scene_rect())


def test_drop_each_kind_where_it_belongs(window) -> None:
    view, design, scene = window.view, window.document.design, window.scene
    view.set_scale(0.8)
    before = design.copy()
    entries = {"building": PaletteEntry("building", "", "Building"),
               "island": PaletteEntry("island", "", "Computing island"),
               "rack_group": PaletteEntry("rack_group", "mi300x-x4", "MI300X"),
               "tier": PaletteEntry("tier", "sn5600", "SN5600")}
    hall_b = scene.item_for("hall-b").scene_rect()
    assert view.place_entry(entries["building"], QPointF(hall_b.right() + 400, 0))
    new_building = list(design.buildings.values())[-1]
    assert new_building.name == "Building 3"
    pod = scene.item_for("hall-a-pod-1").scene_rect()
    assert view.place_entry(entries["rack_group"], QPointF(pod.center().x(), pod.bottom() - 10))
    group = list(design.rack_groups.values())[-1]
    assert (group.rack_type, group.island) == ("mi300x-x4", "hall-a-pod-1")
    assert design.catalog.rack_type("mi300x-x4") is not None
    assert view.place_entry(entries["tier"], QPointF(pod.center().x(), pod.bottom() - 10))
    tier = list(design.tiers.values())[-1]
    assert (tier.switch, tier.island, tier.role.value) == ("sn5600", "hall-a-pod-1", "spine")
    hall_a = scene.item_for("hall-a")
    free = hall_a.mapToScene(QPointF(hall_a.rect().center().x(), hall_a.rect().bottom() - 5))
    assert view.place_entry(entries["island"], free)
    island = list(design.islands.values())[-1]
    assert island.building == "hall-a"
    # Every new element has an item, selected after the drop.
    assert scene.selected_ids() == [island.id]
    assert counts(scene) == (len(list(design.all_elements())) - len(design.bundles),
                             len(design.bundles))
    stack = window.document.undo_stack
    assert stack.count() == 4
    while stack.canUndo():
        stack.undo()
    assert design == before
    assert counts(scene) == (21, 14)


def test_palette_drag_and_drop_events(window) -> None:
    """The palette's drag data, dropped on the view, adds the element where it fell."""
    from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
    from PySide6.QtWidgets import QApplication

    palette, view, design = window.parts_palette, window.view, window.document.design
    entries = palette.entries()
    assert [e.part_id for e in entries if e.kind == "rack_group"] == [
        r.id for r in window.catalog.rack_types]
    assert [e.part_id for e in entries if e.kind == "tier"] == [
        s.id for s in window.catalog.switches]
    item = next(palette.topLevelItem(1).child(i) for i in range(
        palette.topLevelItem(1).childCount())
        if palette.topLevelItem(1).child(i).text(0).startswith("GB200"))
    mime = palette.mimeData([item])
    view.set_scale(0.8)
    view.centre_on_element("hall-b-pod-2")
    where = view.mapFromScene(centre(window, "hall-b-pod-2"))
    action = Qt.DropAction.CopyAction
    buttons, mods = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    for event in (QDragEnterEvent(where, action, mime, buttons, mods),
                  QDragMoveEvent(where, action, mime, buttons, mods)):
        QApplication.sendEvent(view.viewport(), event)
        assert event.isAccepted()
    QApplication.sendEvent(view.viewport(), QDropEvent(where, action, mime, buttons, mods))
    group = list(design.rack_groups.values())[-1]
    assert (group.rack_type, group.island, group.count) == ("gb200-nvl72", "hall-b-pod-2", 16)
    # Dropped outside any island: refused, with the reason in the status bar.
    hall_b = window.scene.item_for("hall-b").scene_rect()
    far = view.mapFromScene(QPointF(hall_b.right() + 30, hall_b.center().y()))
    assert view.viewport().rect().contains(far)
    count = len(design.rack_groups)
    messages: list[str] = []
    view.status_message.connect(messages.append)
    for event in (QDragEnterEvent(far, action, mime, buttons, mods),
                  QDragMoveEvent(far, action, mime, buttons, mods),
                  QDropEvent(far, action, mime, buttons, mods)):
        QApplication.sendEvent(view.viewport(), event)
    assert len(design.rack_groups) == count
    assert messages and all("goes into a computing island" in m for m in messages), messages


def test_drops_in_the_wrong_place_are_refused_with_a_reason(window) -> None:
    scene, design = window.scene, window.document.design
    before = design.copy()
    messages: list[str] = []
    window.view.status_message.connect(messages.append)
    outside = QPointF(scene.content_rect().right() + 500, 0)
    pod = centre(window, "hall-a-pod-1")
    hall_b = scene.item_for("hall-b").scene_rect()
    cases = [(PaletteEntry("rack_group", "dgx-h100-x4"), outside, "goes into a computing"),
             (PaletteEntry("island"), outside, "goes into a building"),
             (PaletteEntry("island"), pod, "Islands do not nest"),
             (PaletteEntry("building"), hall_b.center(), "open campus, not inside 'Hall B'"),
             (PaletteEntry("tier", "qm9700"), outside, "goes into an island")]
    for entry, where, reason in cases:
        try:
            placement_command(scene, window.catalog, entry, where)
        except PlacementError as error:
            assert reason in str(error)
        else:
            raise AssertionError(f"{entry.kind} accepted at {where}")
        assert not window.view.place_entry(entry, where)
        assert reason in messages[-1]
    assert design == before
    assert window.document.undo_stack.count() == 0


def test_drag_moves_one_element_as_one_undo_step(window, qtbot) -> None:
    view, design = window.view, window.document.design
    view.set_scale(1.0)
    view.centre_on_element("hall-a-pod-1-racks")
    start = design.rack_groups["hall-a-pod-1-racks"]
    grip = centre(window, "hall-a-pod-1-racks") + QPointF(10, 10)
    drag(view, grip, grip + QPointF(60, 30), steps=8)
    moved = design.rack_groups["hall-a-pod-1-racks"]
    assert (moved.x, moved.y) == (start.x + 60, start.y + 30)
    stack = window.document.undo_stack
    assert stack.count() == 1 and stack.text(0) == "Move 'DGX H100'"
    assert "(modified)" in window.windowTitle()
    # The bundle above it follows (once the event loop has routed it).
    qtbot.waitUntil(lambda: not window.scene.routing_pending())
    bundle = window.scene.item_for("hall-a-pod-1-b1")
    assert isinstance(bundle, BundleItem)
    assert bundle.shape().boundingRect().contains(
        window.scene.item_for("hall-a-pod-1-racks").scene_rect().center().x(),
        window.scene.item_for("hall-a-pod-1-racks").scene_rect().top() - 1)
    stack.undo()
    assert (design.rack_groups["hall-a-pod-1-racks"].x, design.rack_groups[
        "hall-a-pod-1-racks"].y) == (start.x, start.y)
    assert window.scene.item_for("hall-a-pod-1-racks").pos() == QPointF(start.x, start.y)
    assert "(modified)" not in window.windowTitle()


def test_drag_of_a_multi_selection_is_one_macro(window) -> None:
    view, design, scene = window.view, window.document.design, window.scene
    view.set_scale(0.5)
    view.fit_to_view()
    before = design.copy()
    scene.select_ids(["hall-a-pod-1", "hall-b-pod-2"])
    grip = scene.item_for("hall-a-pod-1").mapToScene(QPointF(60, 12))
    drag(view, grip, grip + QPointF(0, 80), steps=5)
    stack = window.document.undo_stack
    assert stack.count() == 1 and stack.text(0) == "Move 2 elements"
    assert design.islands["hall-a-pod-1"].y > before.islands["hall-a-pod-1"].y
    assert design.islands["hall-b-pod-2"].y > before.islands["hall-b-pod-2"].y
    assert design.islands["hall-a-pod-2"] == before.islands["hall-a-pod-2"]
    stack.undo()
    assert design == before


def test_rubber_band_selects_what_it_covers(window, qtbot) -> None:
    view, scene = window.view, window.scene
    view.set_scale(0.5)
    view.fit_to_view()
    view.set_scale(0.8)
    qtbot.waitUntil(lambda: not scene.routing_pending())
    pod = scene.item_for("hall-b-pod-2").scene_rect()
    # The drag starts on the building's body, which does not grab the building (only
    # its header does), so it draws a band.
    drag(view, pod.bottomRight() + QPointF(20, 20), pod.topLeft() - QPointF(20, 20), steps=4)
    chosen = set(scene.selected_ids())
    inside = {"hall-b-pod-2", "hall-b-pod-2-racks", "hall-b-pod-2-leaf", "hall-b-pod-2-spine",
              "hall-b-pod-2-b1", "hall-b-pod-2-b2"}
    assert chosen == inside
    assert window.document.undo_stack.count() == 0
    assert window.inspector.title.text().startswith("<b>6 elements selected</b>")


def test_link_by_dragging_from_the_handle(window) -> None:
    view, design, scene = window.view, window.document.design, window.scene
    view.set_scale(1.0)
    design_before = design.copy()
    # A new island tier to link the rack group to.
    racks = scene.item_for("hall-a-pod-1-racks")
    view.centre_on_element("hall-a-pod-1-racks")
    click(view, racks.scene_rect().center())
    handle = racks.mapToScene(racks.link_handle_centre())
    leaf = scene.item_for("hall-a-pod-1-spine")
    drag(view, handle, leaf.scene_rect().center(), steps=6)
    new = [b for b in design.bundles.values() if b.id not in design_before.bundles]
    assert len(new) == 1
    assert (new[0].lower, new[0].upper) == ("hall-a-pod-1-racks", "hall-a-pod-1-spine")
    assert isinstance(scene.item_for(new[0].id), BundleItem)
    assert view.tool.name == "select", "a handle drag is a one-off link"
    # Same again: the model refuses a second bundle between the same two groups.
    messages: list[str] = []
    view.status_message.connect(messages.append)
    view.use_link_tool()
    drag(view, racks.scene_rect().center(), leaf.scene_rect().center())
    assert "already joined" in messages[-1]
    assert window.document.undo_stack.count() == 1


def test_delete_and_duplicate_from_the_edit_menu(window) -> None:
    design, scene = window.document.design, window.scene
    window.view.set_scale(1.0)  # rack groups and tiers shown, so they can be selected
    before = design.copy()
    scene.select_ids(["hall-b-pod-1"])
    window.duplicate_action.trigger()
    copies = [i for i in design.islands if i not in before.islands]
    assert len(copies) == 1 and scene.selected_ids() == copies
    assert isinstance(scene.item_for(copies[0]), IslandItem)
    assert len(scene.element_items()) == 21 + 4
    scene.select_ids(["hall-a-pod-2-racks", "hall-a-pod-1-leaf", "hall-b"])
    window.delete_action.trigger()
    assert "hall-b" not in design.buildings and copies[0] not in design.islands
    assert scene.item_for("hall-b-pod-1") is None and scene.item_for("hall-a-pod-1-b2") is None
    stack = window.document.undo_stack
    assert stack.count() == 2 and stack.text(1) == "Delete 3 elements"
    stack.undo()
    stack.undo()
    assert design == before
    assert len(scene.element_items()) == 21 and len(scene.bundle_items()) == 14


def test_zoomed_out_islands_become_blocks(window, qtbot) -> None:
    view, scene = window.view, window.scene
    view.set_scale(1.0)
    assert scene.detail and scene.item_for("hall-a-pod-1-racks").isVisible()
    view.set_scale(0.2)
    qtbot.waitUntil(lambda: not scene.routing_pending())
    assert not scene.detail
    assert not scene.item_for("hall-a-pod-1-racks").isVisible()
    inner = scene.item_for("hall-a-pod-1-b1")
    outward = scene.item_for("hall-a-pod-1-b3")
    assert not inner.isVisible(), "a bundle inside one block is not drawn"
    assert outward.isVisible(), "spine → hall core now starts at the island block"
    block = scene.item_for("hall-a-pod-1").scene_rect()
    assert abs(outward._path.elementAt(0).x - block.center().x()) < 1e-6
    # Zooming with the wheel goes back to detail.
    for _ in range(12):
        view.zoom_in()
    assert scene.detail and scene.item_for("hall-a-pod-1-racks").isVisible()


def test_keyboard_tools_and_escape(window, qtbot) -> None:
    view = window.view
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_L)
    assert view.tool.name == "link" and window.tool_actions["link"].isChecked()
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    assert view.tool.name == "select"
    qtbot.keyClick(view, Qt.Key.Key_H)
    assert view.tool.name == "pan"
    qtbot.keyClick(view, Qt.Key.Key_V)
    assert view.tool.name == "select"


@pytest.mark.parametrize("element_id", [
    "hall-b", "hall-a-pod-2", "hall-a-pod-1-racks", "hall-a-pod-1-leaf", "hall-a-pod-1-b2"])
def test_click_then_delete_each_kind(window, qtbot, element_id: str) -> None:
    view, scene, design = window.view, window.scene, window.document.design
    before = design.copy()
    view.set_scale(1.0)
    view.centre_on_element(element_id)
    qtbot.waitUntil(lambda: not scene.routing_pending())
    item = scene.item_for(element_id)
    if isinstance(item, BundleItem):
        target = item.mapToScene(item._label_rect().center())
    elif item.kind in ("building", "island"):
        target = item.mapToScene(QPointF(item.rect().width() * 0.3, 12))  # the title bar
    else:
        target = item.scene_rect().center()
    click(view, target)
    assert scene.selected_ids() == [element_id]
    window.delete_action.trigger()
    assert design.element(element_id) is None and scene.item_for(element_id) is None
    assert window.document.undo_stack.count() == 1
    window.document.undo_stack.undo()
    assert design == before
    assert scene.item_for(element_id) is not None


def test_pan_and_wheel_zoom(window, qtbot) -> None:
    from PySide6.QtCore import QPoint
    from PySide6.QtGui import QWheelEvent
    from PySide6.QtWidgets import QApplication

    view = window.view
    view.set_scale(1.0)
    view.centre_on_element("hall-a-pod-1")
    bar = view.horizontalScrollBar()
    start = bar.value()
    centre_point = view.mapToScene(view.viewport().rect().center())
    view.use_pan_tool()
    drag(view, centre_point, centre_point + QPointF(-120, 0), steps=4)
    assert bar.value() - start == 120, "dragging left by 120 px scrolls right by 120"
    # The middle button pans in the select tool too.
    view.use_select_tool()
    start = bar.value()
    drag(view, centre_point, centre_point + QPointF(60, 0), steps=3,
         button=Qt.MouseButton.MiddleButton)
    assert start - bar.value() == 60
    assert window.document.undo_stack.count() == 0, "panning edits nothing"
    pos = view.viewport().rect().center()
    wheel = QWheelEvent(QPointF(pos), QPointF(view.viewport().mapToGlobal(pos)), QPoint(0, 0),
                        QPoint(0, 120), Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier,
                        Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(view.viewport(), wheel)
    assert abs(view.scale_factor() - 1.2) < 1e-9
    assert window._zoom_label.text() == "120%"


def test_moving_an_island_re_routes_each_of_its_bundles_once(window, monkeypatch) -> None:
    """Every bundle touching a moved island is re-routed exactly once, and follows it.
    (A bundle with both ends inside was re-routed from each end, and every bundle once
    more when the island's item changed position on the way.)"""
    from gui.commands import move_command

    design, scene = window.document.design, window.scene
    window.view.set_scale(1.0)
    scene.finish_routing()
    island = design.islands["hall-a-pod-1"]
    inside = {element.id for element in design.children(island.id)}
    touching = {b.id for b in design.bundles.values()
                if b.lower in inside or b.upper in inside}
    assert any(b.lower in inside and b.upper in inside
               for b in design.bundles.values() if b.id in touching)
    routed: list[str] = []
    original = BundleItem.update_path

    def counting(item: BundleItem) -> None:
        routed.append(item.element_id)
        original(item)

    monkeypatch.setattr(BundleItem, "update_path", counting)
    command = move_command(design, {island.id: (island.x + 80, island.y + 20)})
    assert command is not None
    window.document.execute(command)
    window.scene.finish_routing()
    assert sorted(routed) == sorted(touching)
    racks = scene.item_for("hall-a-pod-1-racks").scene_rect()
    bundle = scene.item_for("hall-a-pod-1-b1")
    assert isinstance(bundle, BundleItem)
    assert bundle.shape().boundingRect().contains(racks.center().x(), racks.top() - 1)


def test_a_dropped_element_is_shown_whole(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    """The walk of the real app dropped the first building near the top of an empty
    canvas: it stood with its title above the view. The view now scrolls so what was
    dropped is visible whole."""
    view, scene = window.view, window.scene
    view.resize(1000, 700)
    view.set_scale(1.0)
    top_left = view.mapToScene(view.viewport().rect().topLeft())
    assert view.place_entry(PaletteEntry("building", "", "Building"),
                            QPointF(top_left.x() + 200, top_left.y() + 2))
    (placed,) = scene.selected_ids()
    shown = view.mapToScene(view.viewport().rect()).boundingRect()
    assert shown.contains(scene.item_for(placed).sceneBoundingRect())
