"""Moves of several elements in one gesture (a dragged selection, a nudge, align) are one
model batch (Design.move_many): one undo step, one notification, all or nothing; the
canvas puts every item in place, grows each container once and re-routes each bundle at
the moved elements once."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF

from gui.canvas.items.bundle import BundleItem
from gui.commands import MoveElements, move_command
from model.errors import DesignError
from tests.gui.mouse import drag

ISLANDS = ("hall-a-pod-1", "hall-b-pod-2")


def listen(window) -> list[tuple[str, object]]:  # type: ignore[no-untyped-def]
    """Every position notification the document sends, in order."""
    heard: list[tuple[str, object]] = []
    doc = window.document
    doc.elements_moved.connect(lambda moved: heard.append(("moved", moved)))
    doc.element_changed.connect(lambda kind, eid, fields: heard.append(("changed", eid)))
    return heard


def moved_ids(heard: list[tuple[str, object]]) -> list[set[str]]:
    """The ids of each batch heard (the selection's order is Qt's)."""
    return [{eid for _kind, eid in moved} for _what, moved in heard]  # type: ignore[attr-defined]


def test_drag_of_a_selection_is_one_batch_and_undoes_as_one(window) -> None:
    view, design, scene = window.view, window.document.design, window.scene
    view.set_scale(0.5)
    view.fit_to_view()
    before = design.copy()
    heard = listen(window)
    scene.select_ids(ISLANDS)
    grip = scene.item_for("hall-a-pod-1").mapToScene(QPointF(60, 12))
    drag(view, grip, grip + QPointF(0, 80), steps=5)
    stack = window.document.undo_stack
    assert stack.count() == 1 and isinstance(stack.command(0), MoveElements)
    assert [what for what, _ in heard] == ["moved"] and moved_ids(heard) == [set(ISLANDS)]
    for eid in ISLANDS:
        element = design.islands[eid]
        assert scene.item_for(eid).pos() == QPointF(element.x, element.y)
        assert element.y > before.islands[eid].y
    heard.clear()
    stack.undo()
    assert design == before
    assert [what for what, _ in heard] == ["moved"] and moved_ids(heard) == [set(ISLANDS)]
    for eid in ISLANDS:
        element = before.islands[eid]
        assert scene.item_for(eid).pos() == QPointF(element.x, element.y)


def test_a_batch_re_routes_each_bundle_at_the_moved_elements_once(window,
                                                                  monkeypatch) -> None:
    design, scene = window.document.design, window.scene
    window.view.set_scale(1.0)
    scene.finish_routing()
    inside = {c.id for eid in ISLANDS for c in design.children(eid)}
    touching = sorted(b.id for b in design.bundles.values()
                      if b.lower in inside or b.upper in inside)
    routed: list[str] = []
    original = BundleItem.update_path

    def counting(item: BundleItem) -> None:
        routed.append(item.element_id)
        original(item)

    monkeypatch.setattr(BundleItem, "update_path", counting)
    positions = {eid: (design.islands[eid].x + 400, design.islands[eid].y + 300)
                 for eid in ISLANDS}
    window.document.execute(move_command(design, positions))
    scene.finish_routing()
    assert sorted(routed) == touching
    # each hall grew around its island, which now stands further out
    for eid in ISLANDS:
        hall = scene.item_for(design.islands[eid].building).scene_rect()
        assert hall.contains(scene.item_for(eid).scene_rect())
    racks = scene.item_for("hall-a-pod-1-racks").scene_rect()
    bundle = scene.item_for("hall-a-pod-1-b1")
    assert isinstance(bundle, BundleItem)
    assert bundle.shape().boundingRect().contains(racks.center().x(), racks.top() - 1)


def test_a_refused_batch_moves_nothing_and_leaves_no_step(window) -> None:
    design, scene = window.document.design, window.scene
    before = design.copy()
    heard = listen(window)
    where = {eid: scene.item_for(eid).pos() for eid in ISLANDS}
    command = move_command(design, {"hall-a-pod-1": (500.0, 500.0),
                                    "hall-b-pod-2": (1e9, 0.0)})
    with pytest.raises(DesignError, match="Pod 2"):
        window.document.execute(command)
    assert design == before
    assert heard == []
    assert window.document.undo_stack.count() == 0
    assert {eid: scene.item_for(eid).pos() for eid in ISLANDS} == where


def test_nudge_and_align_of_several_are_one_notification_each(window) -> None:
    design, scene = window.document.design, window.scene
    heard = listen(window)
    scene.select_ids(["hall-a", "hall-b"])
    assert window.arrange.nudge(10.0, 0.0)
    assert [what for what, _ in heard] == ["moved"]
    assert moved_ids(heard) == [{"hall-a", "hall-b"}]
    heard.clear()
    scene.select_ids(["hall-a", "hall-b"])
    window.arrange.align_actions["left"].trigger()
    assert heard == [("moved", (("building", "hall-b"),))], "hall-a is the left edge"
    assert design.buildings["hall-a"].x == design.buildings["hall-b"].x
