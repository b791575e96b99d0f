"""Guard against a Qt binding that miscounts references to None.

PySide6-Essentials 6.12.0 on Python 3.11 dropped one reference to ``None`` on every
call of a method returning nothing; long exports (and long editing sessions) then
aborted the interpreter with "none_dealloc". pyproject.toml keeps that version out; this
test fails if such a binding comes back.
"""

from __future__ import annotations

import sys

from PySide6.QtWidgets import QGraphicsRectItem


def test_void_qt_calls_keep_none_alive(qtbot) -> None:
    item = QGraphicsRectItem(0, 0, 10, 10)
    before = sys.getrefcount(None)
    for step in range(2000):
        item.setPos(step, step)
    assert sys.getrefcount(None) >= before - 50
