"""Ctrl+D puts a copy where nothing stands (issue #15, the walk of the window: the copy
of Island 1 lay exactly over Island 2, of the example campus and of a Dragonfly+ grid,
hiding it). Each test failed before the fix."""

from __future__ import annotations

from itertools import combinations

from PySide6.QtCore import QRectF

from gui.canvas.items.base import ElementItem


def _overlapping(window, kind: str) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    """Pairs of cards of ``kind`` (by id) whose drawn rectangles, in scene coordinates,
    share more than an edge."""
    design = window.document.design
    rects: dict[str, QRectF] = {}
    for element in design.all_elements():
        if design.kind_of(element.id) != kind:
            continue
        item = window.scene.item_for(element.id)
        assert isinstance(item, ElementItem), element.id
        rects[element.id] = item.mapRectToScene(item.rect())
    return [(a, b) for a, b in combinations(sorted(rects), 2)
            if rects[a].intersected(rects[b]).width() > 0.5
            and rects[a].intersected(rects[b]).height() > 0.5]


def test_duplicated_island_lies_over_no_other_card(window) -> None:
    design = window.document.design
    islands = sorted(design.islands)
    assert len(islands) >= 4
    for island in islands:
        before = set(design.islands)
        window.scene.select_ids([island])
        window.duplicate_selection()
        copies = set(design.islands) - before
        assert len(copies) == 1, island
        assert _overlapping(window, "island") == [], island
        assert _overlapping(window, "building") == [], island
        assert _overlapping(window, "rack_group") == [], island
        window.document.undo_stack.undo()
        assert set(design.islands) == before


def test_duplicated_rack_group_lies_over_no_other_card(window) -> None:
    design = window.document.design
    for group in sorted(design.rack_groups)[:3]:
        before = set(design.rack_groups)
        window.scene.select_ids([group])
        window.duplicate_selection()
        assert len(set(design.rack_groups) - before) == 1, group
        assert _overlapping(window, "rack_group") == [], group
        assert _overlapping(window, "island") == [], group
        window.document.undo_stack.undo()


def test_legend_says_what_a_dashed_connector_is(qapp) -> None:
    """A Dragonfly+ draws its global links dashed (gui/canvas/items/bundle.py and
    wires.py, Pattern.GLOBAL); the legend said nothing of it, in either language."""
    from gui.i18n import installer
    from gui.legend import legend_rows
    from gui.theme import THEMES

    texts = [text for _, text in legend_rows(THEMES["light"])]
    assert any("dashed" in text and "global links" in text for text in texts), texts
    try:
        assert installer(qapp).install("zh_CN")
        texts = [text for _, text in legend_rows(THEMES["light"])]
        assert any("虚线" in text and "全局链路" in text for text in texts), texts
    finally:
        installer(qapp).remove()
