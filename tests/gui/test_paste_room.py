"""A paste never grows a card over its neighbour (issue #15): islands pasted into a
building, and rack groups pasted into an island, land in free room or push the
neighbours that stand right of or below the grown card aside, so that after the paste no
two buildings (nor two islands of one building) overlap."""

from __future__ import annotations

import itertools

from PySide6.QtCore import QPointF, QRectF

from gui.canvas.items.base import ElementItem

SPACING = 12.0
"""Least gap a paste leaves between cards (that of the palette's drops)."""


def cards(window, ids) -> dict[str, QRectF]:  # type: ignore[no-untyped-def]
    found = {}
    for eid in ids:
        item = window.scene.item_for(eid)
        assert isinstance(item, ElementItem)
        found[eid] = item.scene_rect()
    return found


def overlaps(rects: dict[str, QRectF]) -> list[tuple[str, str]]:
    return [(a, b) for (a, ra), (b, rb) in itertools.combinations(rects.items(), 2)
            if ra.intersects(rb)]


def all_cards_apart(window) -> None:  # type: ignore[no-untyped-def]
    """No two buildings overlap; no two islands of one building; no two rack groups or
    tiers of one island."""
    design = window.document.design
    assert overlaps(cards(window, design.buildings)) == []
    for building in design.buildings:
        islands = [i.id for i in design.islands.values() if i.building == building]
        assert overlaps(cards(window, islands)) == [], building
    for island in design.islands:
        inside = [g.id for g in design.rack_groups.values() if g.island == island]
        inside += [t.id for t in design.tiers.values() if t.island == island]
        assert overlaps(cards(window, inside)) == [], island


def paste_into(window, copied: list[str], target: str, times: int = 1) -> None:  # type: ignore[no-untyped-def]
    window.scene.select_ids(copied)
    window.clipboard.copy_action.trigger()
    for _ in range(times):
        window.scene.select_ids([target])
        assert window.clipboard.paste()


def test_islands_pasted_into_a_building_do_not_grow_it_over_the_next(window) -> None:
    design = window.document.design
    hall_b = window.scene.item_for("hall-b").scene_rect()
    assert cards(window, ["hall-a"])["hall-a"].right() < hall_b.left()  # side by side
    islands = len(design.islands)
    paste_into(window, ["hall-a-pod-1", "hall-a-pod-2"], "hall-a", times=2)
    assert len(design.islands) == islands + 4
    all_cards_apart(window)
    # one undo step each, and undo takes the neighbours back too
    stack = window.document.undo_stack
    stack.undo()
    stack.undo()
    assert window.scene.item_for("hall-b").scene_rect() == hall_b
    all_cards_apart(window)


def test_rack_groups_pasted_into_an_island_do_not_grow_it_over_the_next(window) -> None:
    paste_into(window, ["hall-a-pod-1-racks"], "hall-a-pod-1", times=3)
    all_cards_apart(window)


def test_paste_here_near_the_edge_of_a_building_keeps_the_buildings_apart(window) -> None:
    window.scene.select_ids(["hall-a-pod-1"])
    window.clipboard.copy_action.trigger()
    hall_a = window.scene.item_for("hall-a").scene_rect()
    window.scene.clearSelection()
    assert window.clipboard.paste_at(QPointF(hall_a.right() - 15, hall_a.bottom() - 15))
    all_cards_apart(window)
