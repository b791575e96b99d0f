"""Simulated mouse gestures on a graphics view (QTest's mouseMove carries no buttons in
Qt 6, so moves are sent as events)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication, QGraphicsView


def _send(view: QGraphicsView, kind: QEvent.Type, pos: QPoint, button: Qt.MouseButton,
          buttons: Qt.MouseButton, modifiers: Qt.KeyboardModifier) -> None:
    viewport = view.viewport()
    local = QPointF(pos)
    event = QMouseEvent(kind, local, QPointF(viewport.mapToGlobal(pos)), button, buttons,
                        modifiers)
    QApplication.sendEvent(viewport, event)


def view_point(view: QGraphicsView, scene_pos: QPointF) -> QPoint:
    """Viewport pixel of a scene point."""
    return view.mapFromScene(scene_pos)


def click(view: QGraphicsView, scene_pos: QPointF,
          modifiers: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    """Press and release the left button at a scene point."""
    pos = view_point(view, scene_pos)
    left = Qt.MouseButton.LeftButton
    _send(view, QEvent.Type.MouseButtonPress, pos, left, left, modifiers)
    _send(view, QEvent.Type.MouseButtonRelease, pos, left, Qt.MouseButton.NoButton, modifiers)


def drag(view: QGraphicsView, start: QPointF, end: QPointF, steps: int = 6,
         button: Qt.MouseButton = Qt.MouseButton.LeftButton,
         modifiers: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    """Press at ``start``, move in steps to ``end``, release (scene points)."""
    a, b = view_point(view, start), view_point(view, end)
    _send(view, QEvent.Type.MouseButtonPress, a, button, button, modifiers)
    for i in range(1, steps + 1):
        p = QPoint(a.x() + (b.x() - a.x()) * i // steps, a.y() + (b.y() - a.y()) * i // steps)
        _send(view, QEvent.Type.MouseMove, p, Qt.MouseButton.NoButton, button, modifiers)
    _send(view, QEvent.Type.MouseButtonRelease, b, button, Qt.MouseButton.NoButton, modifiers)
