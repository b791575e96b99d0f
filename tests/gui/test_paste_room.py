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


def test_free_room_in_a_building_of_hundreds_of_islands_is_found_at_once(
        qtbot, catalog, settings) -> None:
    """A 20 × 20 grid of islands with one gap: the paste finds the gap, quickly."""
    import time

    from gui.main_window import open_window
    from gui.paste_room import free_inside
    from model.design import Design
    from model.elements import Building, Island
    from tests.gui.conftest import close_window

    design = Design("Large hall")
    design.add(Building(id="hall", name="Hall", capacity_kw=100_000))
    for row in range(20):
        for col in range(20):
            if (row, col) == (13, 7):
                continue  # the gap
            design.add(Island(id=f"i-{row}-{col}", name=f"Island {row}.{col}",
                              building="hall", x=20 + col * 270, y=40 + row * 180))
    window = open_window(design, None, catalog, settings)
    try:
        card = window.scene.item_for("i-0-0").rect()
        group = [QRectF(20, 40, card.width(), card.height())]
        start = time.perf_counter()
        offset = free_inside(window.scene, design, "hall", group, QPointF(6000, 40))
        took = time.perf_counter() - start
        assert offset is not None
        placed = group[0].translated(offset)
        gap = QRectF(20 + 7 * 270 - 30, 40 + 13 * 180 - 30, card.width() + 60,
                     card.height() + 60)
        assert gap.contains(placed), f"{placed} is not in the gap {gap}"
        assert not any(placed.intersects(window.scene.item_for(i).scene_rect())
                       for i in design.islands)
        assert took < 0.5, f"{took:.2f} s"
    finally:
        close_window(window)
