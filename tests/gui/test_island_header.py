"""An island's header keeps its name and its totals apart: in a Chinese window the name
"计算岛 1 · 昇腾 910B" (elided at 55 % of the frame, as it was) ran under "128 个机柜 ·
1,311 PF" at the right (seen by the user test of issue #21, /tmp/walk/c35.png)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetrics

from gui.canvas.items.base import font
from gui.canvas.items.building import TITLE_PT, BuildingItem
from gui.canvas.items.names import HEADER_GAP, header_texts

WIDTH = 240.0 - 24  # inside an island of the least width (IslandItem.min_size)


def _metrics() -> tuple[QFontMetrics, QFontMetrics]:
    return QFontMetrics(font(11, bold=True)), QFontMetrics(font(8.5))


def test_a_long_chinese_name_is_shortened_before_the_totals(qapp) -> None:  # type: ignore[no-untyped-def]
    names, totals = _metrics()
    name, summary = "计算岛 1 · 昇腾 910B", "128 个机柜 · 1,311 PF"
    # the old rule overlapped: the name at 55 % of the frame plus the totals are too wide
    old = names.elidedText(name, Qt.TextElideMode.ElideRight, int((WIDTH + 24) * 0.55))
    assert names.horizontalAdvance(old) + totals.horizontalAdvance(summary) > WIDTH
    shown, shown_summary = header_texts(name, summary, WIDTH, names, totals)
    assert shown_summary == summary  # the totals are whole
    assert shown.endswith("…") and shown.startswith("计算岛 1")
    assert names.horizontalAdvance(shown) + HEADER_GAP + \
        totals.horizontalAdvance(shown_summary) <= WIDTH


def test_a_short_name_and_the_totals_are_whole(qapp) -> None:  # type: ignore[no-untyped-def]
    names, totals = _metrics()
    assert header_texts("Island 1", "384 racks · 12,158 PF", WIDTH, names, totals) == \
        ("Island 1", "384 racks · 12,158 PF")


def test_on_a_narrow_island_both_give_way(qapp) -> None:  # type: ignore[no-untyped-def]
    names, totals = _metrics()
    shown, summary = header_texts("计算岛 3 · 寒武纪 MLU590", "2,048 个机柜 · 12,643 PF", 120,
                                  names, totals)
    assert names.horizontalAdvance(shown) + HEADER_GAP + totals.horizontalAdvance(summary) \
        <= 120
    assert shown.startswith("计") and shown.endswith("…") and summary.endswith("…")


def test_a_small_building_says_its_power_whole(qapp) -> None:  # type: ignore[no-untyped-def]
    """A building just dropped (least width) cut its power at 55 % of the frame:
    "IT 0.0 MW of 50.0 MW (0%) · facilit…" beside a short name (/tmp/walk/13-building.png)."""
    names, figures = QFontMetrics(font(TITLE_PT, bold=True)), QFontMetrics(font(8.5))
    width = BuildingItem.min_size[0] - 28
    power = "IT 0.0 MW of 50.0 MW (0%) · facility 0.0 MW"
    old = figures.elidedText(power, Qt.TextElideMode.ElideRight,
                             int(BuildingItem.min_size[0] * 0.55 - 28))
    assert old != power  # what it was
    assert header_texts("Building 1", power, width, names, figures) == ("Building 1", power)
