"""Place: after choosing a palette entry (double-click or Enter in the palette), click on
the canvas to put it there; the same rules as a drop apply."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QMouseEvent

from gui.canvas.placement import PaletteEntry
from gui.canvas.tools.base import CanvasTool
from gui.i18n import translate


class PlaceTool(CanvasTool):
    """Click to place one palette entry, then return to selecting."""

    name = "place"
    cursor = Qt.CursorShape.CrossCursor

    def __init__(self, view: object, entry: PaletteEntry) -> None:
        super().__init__(view)  # type: ignore[arg-type]
        self.entry = entry

    def start(self) -> None:
        super().start()
        self.view.show_status(translate("PlaceTool", "Click where {what} goes (Esc cancels)"
                                        ).format(what=self.entry.label or self.entry.kind))

    def mouse_press(self, event: QMouseEvent) -> bool:
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        scene_pos = self.view.mapToScene(event.position().toPoint())
        if self.view.place_entry(self.entry, scene_pos):
            self.view.use_select_tool()
        return True

    def mouse_release(self, event: QMouseEvent) -> bool:
        return event.button() == Qt.MouseButton.LeftButton
