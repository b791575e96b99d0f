"""The inspector fits a 1280×720 screen: with the window as the app lays it out on such a
screen, every field's editor of a link bundle, island, building, rack group and switch
tier lies wholly inside the part of the panel that is on show; the legend and palette
show their text whole."""

from __future__ import annotations

import pytest

from tests.gui.conftest import rect_in, settle

KINDS = {"bundle": "hall-a-pod-1-b2", "island": "hall-a-pod-1", "building": "hall-a",
         "rack group": "hall-a-pod-1-racks", "tier": "hall-a-pod-1-leaf"}


def test_the_window_fits_the_screen(laptop) -> None:
    assert (laptop.width(), laptop.height()) == (1280, 720)
    hint = laptop.minimumSizeHint()
    assert hint.height() <= 720 and hint.width() <= 1280


@pytest.mark.parametrize("kind", list(KINDS))
def test_every_field_is_in_sight_at_1280_by_720(laptop, kind: str) -> None:
    inspector = laptop.inspector
    dock = laptop.docks["inspector"]
    inspector.show_ids([KINDS[kind]])
    settle()
    assert dock.isVisible()
    assert laptop.rect().contains(rect_in(dock, laptop)), "the dock is inside the window"
    viewport = inspector.viewport()
    shown = rect_in(viewport, dock)
    assert dock.rect().contains(shown), "the field list is inside the dock"
    assert len(inspector.fields) >= 3
    for name, field in inspector.fields.items():
        editor = field.editor
        assert editor.isVisible(), name
        box = rect_in(editor, viewport)
        assert viewport.rect().contains(box), \
            f"{kind}: {name} at {box} is outside the visible {viewport.rect()}"
        assert box.width() >= 90, f"{kind}: {name} is too narrow to read ({box.width()} px)"


def test_legend_and_palette_show_their_text_whole(laptop) -> None:
    legend = laptop.legend
    for label in legend.labels():
        # a row is either wholly inside the visible part or scrolled to (never cut)
        assert label.width() <= legend.viewport().width()
        needed = label.heightForWidth(label.width())
        assert label.height() >= needed, f"{label.text()!r} is cut"
    palette = laptop.parts_palette
    metrics = palette.fontMetrics()
    for i in range(palette.topLevelItemCount()):
        section = palette.topLevelItem(i)
        assert section is not None
        for j in range(section.childCount()):
            item = section.child(j)
            assert item is not None
            rect = palette.visualItemRect(item)
            words = item.text(0)
            if rect.isEmpty():
                continue  # scrolled out of sight: reachable by scrolling
            lines = max(1, -(-metrics.horizontalAdvance(words) // max(1, rect.width())))
            assert rect.height() >= metrics.height() * min(lines, 2) - 2, \
                f"{words!r} needs {lines} lines, its row is {rect.height()} px"


@pytest.mark.parametrize("width", [230, 300, 420])
def test_a_narrow_panel_puts_labels_above_and_keeps_every_field_in_sight(
        qtbot, design, catalog, width: int) -> None:
    from gui.document import DesignDocument
    from gui.inspector.panel import Inspector

    inspector = Inspector(DesignDocument(design), catalog)
    qtbot.addWidget(inspector)
    inspector.resize(width, 500)
    inspector.show()
    for ids in ([], ["hall-a-pod-1-b2"], ["hall-a-pod-1-leaf"], ["hall-a"]):
        inspector.show_ids(ids)
        settle()
        viewport = inspector.viewport()
        for name, field in inspector.fields.items():
            # the design's settings are more than a short panel holds: a field may be
            # scrolled to (the panel never scrolls sideways, so widths stay checked)
            scroll = inspector._scroll
            top = field.editor.mapTo(scroll.widget(), field.editor.rect().topLeft()).y()
            scroll.verticalScrollBar().setValue(top - 20)
            settle()
            box = rect_in(field.editor, viewport)
            assert viewport.rect().contains(box), \
                f"{width} px, {ids or 'design'}: {name} at {box} outside {viewport.rect()}"
            assert box.width() >= 90, f"{name} is {box.width()} px wide"
