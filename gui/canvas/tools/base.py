"""The interface every canvas tool implements. The view hands each mouse and key event
to the current tool first; a tool returns True when it consumed the event."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent, QMouseEvent

if TYPE_CHECKING:
    from gui.canvas.view import CanvasView


class CanvasTool:
    """Base tool: does nothing, consumes nothing."""

    name = "tool"
    cursor = Qt.CursorShape.ArrowCursor

    def __init__(self, view: CanvasView) -> None:
        self.view = view

    def start(self) -> None:
        """The tool became current."""
        self.view.viewport().setCursor(self.cursor)

    def end(self) -> None:
        """The tool stops being current (finish or drop any gesture in progress)."""
        self.cancel()

    def cancel(self) -> None:
        """Abandon a gesture in progress."""

    def mouse_press(self, event: QMouseEvent) -> bool:
        """A mouse button went down; True when consumed."""
        return False

    def mouse_move(self, event: QMouseEvent) -> bool:
        """The mouse moved; True when consumed."""
        return False

    def mouse_release(self, event: QMouseEvent) -> bool:
        """A mouse button went up; True when consumed."""
        return False

    def key_press(self, event: QKeyEvent) -> bool:
        """A key went down; True when consumed. Escape cancels by default."""
        if event.key() == Qt.Key.Key_Escape:
            self.cancel()
            self.view.use_select_tool()
            return True
        return False
