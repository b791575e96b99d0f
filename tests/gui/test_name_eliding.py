"""A long name cut to fit its card keeps what tells it from its neighbours (walk of
issue #15: pasted copies read "Gr… (copy)"): the "(copy)" whole, the head up to its
number and the last words, the cut in the middle; a header's name before its figures;
the full name in the tooltip."""

from __future__ import annotations

from PySide6.QtGui import QFontMetrics

from gui.canvas.items.base import font
from gui.canvas.items.names import NAME_FIRST, elided_name, header_texts
from gui.canvas.picture import build_scene
from gui.example import demo_campus

NAMES = ["Pod 12 rail-optimised leaf (copy)", "Pod 12 rail-optimised spine (copy)",
         "Pod 13 rail-optimised leaf (copy)"]


def test_cut_names_of_copies_stay_apart_and_keep_number_last_word_and_copy(qapp) -> None:  # type: ignore[no-untyped-def]
    metrics = QFontMetrics(font(9, bold=True))
    width = metrics.horizontalAdvance("Pod 12 rail…spine (copy)") + 2  # a tier card's room
    shown = [elided_name(metrics, name, width) for name in NAMES]
    for name, text in zip(NAMES, shown, strict=True):
        assert text != name and metrics.horizontalAdvance(text) <= width
        stem = name.removesuffix(" (copy)")
        head, tail = text.removesuffix(" (copy)").split("…")
        assert text.endswith(" (copy)"), text
        assert stem.startswith(head) and head.startswith(stem[:6]), text  # "Pod 12"
        assert stem.endswith(" " + tail) and tail == stem.split()[-1], text  # last word
    assert len(set(shown)) == len(NAMES), shown


def test_a_name_that_fits_is_whole_and_a_short_room_cuts_the_end(qapp) -> None:  # type: ignore[no-untyped-def]
    metrics = QFontMetrics(font(9, bold=True))
    assert elided_name(metrics, "Island 1 (copy)", 500) == "Island 1 (copy)"
    room = metrics.horizontalAdvance("Hall… (copy)")
    tiny = elided_name(metrics, "Hall A · Pod 1 (copy)", room)
    assert tiny.endswith("… (copy)") and tiny.startswith("H"), tiny
    assert metrics.horizontalAdvance(tiny) <= room


def test_a_header_name_is_read_whole_before_the_figures(qapp) -> None:  # type: ignore[no-untyped-def]
    """An island of the least width: "Island 12 (copy)" was cut to "Isla… (copy)" to
    keep "1,024 racks · 12,158 PF" whole; now the figures (also in the tooltip) give
    way."""
    names, totals = QFontMetrics(font(11, bold=True)), QFontMetrics(font(8.5))
    name, summary = "Island 12 (copy)", "1,024 racks · 12,158 PF"
    width = 240.0 - 24
    assert names.horizontalAdvance(name) <= width * NAME_FIRST
    assert names.horizontalAdvance(name) + totals.horizontalAdvance(summary) + 8 > width
    shown, figures = header_texts(name, summary, width, names, totals)
    assert shown == name and figures.endswith("…") and figures.startswith("1,0")


def test_the_tooltip_holds_the_full_name(qapp) -> None:  # type: ignore[no-untyped-def]
    design = demo_campus()
    tier = next(iter(design.tiers.values()))
    long_name = "Group 3 spine switches of the east hall (copy)"
    design.update(tier.id, name=long_name)
    item = build_scene(design).item_for(tier.id)
    assert item is not None and long_name in item.tooltip_text()


def test_a_count_line_keeps_its_count_and_times_sign(qapp) -> None:  # type: ignore[no-untyped-def]
    """A zoomed-out island's "256 × Generic endpoint" read "256…endpoint" (walk of issue
    #15, Dragonfly+ k=32 at 1280×720, /tmp/s13walk/70-720-df32.png): the count and "×"
    stay whole and the part's name is cut at its end."""
    metrics = QFontMetrics(font(9))
    for line in ("256 × Generic endpoint", "12,288 × Ascend 910B"):
        width = metrics.horizontalAdvance(line) * 0.75
        text = elided_name(metrics, line, width)
        count = line.split(" × ")[0]
        assert text.startswith(count + " × ") and text.endswith("…"), text
        assert metrics.horizontalAdvance(text) <= width
        assert line.startswith(text.removesuffix("…")), text
