"""Pan: drag the canvas with the left button (in pan mode) or the middle button (in
any mode)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QMouseEvent

from gui.canvas.tools.base import CanvasTool


class PanTool(CanvasTool):
    """Drag to scroll the view."""

    name = "pan"
    cursor = Qt.CursorShape.OpenHandCursor

    def __init__(self, view: object, button: Qt.MouseButton = Qt.MouseButton.LeftButton
                 ) -> None:
        super().__init__(view)  # type: ignore[arg-type]
        self.button = button
        self._last: QPoint | None = None

    def cancel(self) -> None:
        self._last = None

    def mouse_press(self, event: QMouseEvent) -> bool:
        if event.button() != self.button:
            return False
        self._last = event.position().toPoint()
        self.view.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
        return True

    def mouse_move(self, event: QMouseEvent) -> bool:
        if self._last is None:
            return False
        now = event.position().toPoint()
        delta = now - self._last
        self._last = now
        self.view.scroll_by(-delta.x(), -delta.y())
        return True

    def mouse_release(self, event: QMouseEvent) -> bool:
        if event.button() != self.button or self._last is None:
            return False
        self._last = None
        self.view.viewport().setCursor(self.view.tool.cursor)
        return True
