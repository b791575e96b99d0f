"""The restore dialog's line about a recovery file speaks the user's language: a Chinese
window said "Untitled campus — never saved — autosaved 2026-11-28 10:15:47" (seen by
the user test of issue #21, /tmp/walk/c34.png)."""

from __future__ import annotations

import time
from pathlib import Path

from model.recovery import RecoveryEntry


def _entry(source: str | None) -> RecoveryEntry:
    saved = time.mktime((2026, 11, 28, 10, 15, 47, 0, 0, -1))
    return RecoveryEntry(Path("d.json"), Path("d.meta"), 1, source, "异构园区", saved)


def test_english_line_is_unchanged() -> None:
    assert _entry(None).describe() == "异构园区 — never saved — autosaved 2026-11-28 10:15:47"
    assert _entry("/x/a.json").describe("en") == \
        "异构园区 — /x/a.json — autosaved 2026-11-28 10:15:47"


def test_chinese_line_has_no_english_words() -> None:
    never = _entry(None).describe("zh_CN")
    assert never == "异构园区 — 从未保存 — 自动保存于 2026-11-28 10:15:47"
    saved = _entry("/x/a.json").describe("zh_CN")
    assert saved == "异构园区 — /x/a.json — 自动保存于 2026-11-28 10:15:47"
