"""Names fitted to their cards: cut in the middle so that what tells an element from
its neighbours stays (its number, its last words, a closing "(copy)"), and a header's
name set beside its figures. The full name is always in the item's tooltip."""

from __future__ import annotations

import re

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetrics, QFontMetricsF

NAME_SUFFIX = re.compile(r"\s*[(（][^()（）]*[)）]$")
COUNT_PREFIX = re.compile(r"^\d[\d,]* × ")
"""A count line's head ("12,288 × " of "12,288 × H100"): kept whole, the name cut at its
end (a card's own name such as "4× DGX H100" has no space before the "×")."""
"""A name's closing parenthesised part: " (copy)", " (copy 2)", "（副本）"."""


def elided_name(metrics: QFontMetrics | QFontMetricsF, name: str, width: float) -> str:
    """``name`` shortened with "…" to fit ``width``, keeping what tells it from its
    neighbours: a closing parenthesised part stays whole, and the rest is cut in the
    middle (:func:`_cut_middle`), its head and its last words kept: pasted copies of
    "Pod 1 leaf switches" and "Pod 1 spine switches" read "Pod 1 le…switches (copy)"
    and "Pod 1 sp…switches (copy)", not both "Po… (copy)". Where the room does not hold
    the last word, the name is cut at the end ("Hall A · P… (copy)")."""
    if metrics.horizontalAdvance(name) <= width:
        return name
    counted = COUNT_PREFIX.match(name)
    if counted is not None:
        head = counted.group(0)
        rest = metrics.elidedText(name[len(head):], Qt.TextElideMode.ElideRight,
                                  int(width - metrics.horizontalAdvance(head)))
        if rest:
            return head + rest
    found = NAME_SUFFIX.search(name)
    if found is not None and found.start() > 0:
        suffix = name[found.start():]
        room = width - metrics.horizontalAdvance(suffix)
        stem = _cut_middle(metrics, name[:found.start()], room)
        if stem is None:
            stem = metrics.elidedText(name[:found.start()], Qt.TextElideMode.ElideRight,
                                      int(room))
        if len(stem) >= 2:  # at least a letter and "…" of the name itself
            return stem + suffix
    whole = _cut_middle(metrics, name, width)
    if whole is not None:
        return whole
    return metrics.elidedText(name, Qt.TextElideMode.ElideRight, int(width))


HEAD_SHARE = 2 / 3
"""Share of the room a name cut in the middle keeps for its head."""
_FIRST_NUMBER = re.compile(r"\d+")
_CUT_AT = " ·-_,:;/"
"""Spaces and separators dropped next to the "…" of a cut."""


def _cut_middle(metrics: QFontMetrics | QFontMetricsF, text: str, width: float
                ) -> str | None:
    """``text`` with its middle replaced by "…" to fit ``width``: the head takes
    :data:`HEAD_SHARE` of the room (and at least up to a number in its first half,
    "Group 3", "计算岛 1"), the tail whole words in the rest, the head what the tail
    leaves. None when the tail cannot hold the last word, or the head its least."""
    if metrics.horizontalAdvance(text) <= width:
        return text
    room = width - metrics.horizontalAdvance("…")
    number = _FIRST_NUMBER.search(text)
    least = number.end() if number is not None and number.end() <= len(text) / 2 else 3
    if metrics.horizontalAdvance(text[:least]) > room:
        return None

    def fits(head: int, tail: int) -> bool:
        return metrics.horizontalAdvance(text[:head] + text[len(text) - tail:]) <= room

    tail = 0  # the most last words within the tail's share (at least the last word)
    for start in range(len(text) - 1, least, -1):
        if text[start - 1] in _CUT_AT and text[start] not in _CUT_AT:
            words = len(text) - start
            if not fits(least, words) or (
                    tail and metrics.horizontalAdvance(text[start:]) > room * (1 - HEAD_SHARE)):
                break
            tail = words
    kept_tail = text[len(text) - tail:]
    if not kept_tail:
        return None
    head = least
    while head + tail < len(text) and fits(head + 1, tail):
        head += 1
    return f"{text[:head].rstrip(_CUT_AT)}…{kept_tail}"


HEADER_GAP = 8.0
"""Room kept between a header's name and its figures (scene units)."""


NAME_FIRST = 0.7
"""A header's name up to this share of its width is shown whole, its figures (also in
its tooltip and the inspector) cut to the rest: "Island 12 (copy)" cut to "Isl… (copy)"
beside "8 racks · 253 PF" (seen in the walk of issue #15) named no island."""


def header_texts(name: str, summary: str | tuple[str, ...], width: float,
                 name_metrics: QFontMetrics, summary_metrics: QFontMetrics
                 ) -> tuple[str, str]:
    """A header's name and its figures (an island's "128 racks · 1,311 PF", a
    building's power) as they fit side by side in ``width``, neither over the other: the
    figures keep their room when the name still gets two fifths of the width; else both
    are shortened with "…". ``summary`` may be ways of saying the figures, longest
    first: the name is fitted beside the shortest, and the figures then say the
    longest that fits the room left (the shortest cut with "…" only if none does)."""
    forms = (summary,) if isinstance(summary, str) else summary
    summary = forms[-1]
    summary_width = summary_metrics.horizontalAdvance(summary)
    name_room = max(width - summary_width - HEADER_GAP, width * 0.4)
    if name_metrics.horizontalAdvance(name) <= width * NAME_FIRST:
        name_room = width * NAME_FIRST  # read whole before the figures
    shown = elided_name(name_metrics, name, name_room)
    summary_room = width - name_metrics.horizontalAdvance(shown) - HEADER_GAP
    for form in forms:
        if summary_metrics.horizontalAdvance(form) <= summary_room:
            return shown, form
    return shown, summary_metrics.elidedText(summary, Qt.TextElideMode.ElideRight,
                                             max(int(summary_room), 0))
