"""Select and move: click or rubber-band to select, drag to move. A drag becomes ONE
undo step on release (a macro when several elements moved); pressing an element's top
handle starts drawing a link instead; Escape clears the selection."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QKeyEvent, QMouseEvent
from PySide6.QtWidgets import QGraphicsView

from gui.canvas.items.base import ElementItem
from gui.canvas.tools.base import CanvasTool
from gui.commands import move_command


class SelectTool(CanvasTool):
    """The default tool."""

    name = "select"

    def __init__(self, view: object) -> None:
        super().__init__(view)  # type: ignore[arg-type]
        self._pressed_at: dict[str, QPointF] = {}

    def start(self) -> None:
        super().start()
        self.view.setDragMode(QGraphicsView.DragMode.RubberBandDrag)

    def end(self) -> None:
        self.view.setDragMode(QGraphicsView.DragMode.NoDrag)

    def mouse_press(self, event: QMouseEvent) -> bool:
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        scene_pos = self.view.mapToScene(event.position().toPoint())
        self._pressed_at = {item.element_id: item.pos()
                            for item in self.view.design_scene.element_items()}
        for item in self.view.scene().items(scene_pos):
            if isinstance(item, ElementItem) and item.isVisible():
                if item.on_link_handle(item.mapFromScene(scene_pos)):
                    self.view.start_link_gesture(item, scene_pos)
                    return True
                break
        return False

    def key_press(self, event: QKeyEvent) -> bool:
        """Escape clears the selection (as in draw.io, yEd, KiCad)."""
        scene = self.view.scene()
        if event.key() == Qt.Key.Key_Escape and scene.selectedItems():
            scene.clearSelection()
            return True
        return super().key_press(event)

    def mouse_release(self, event: QMouseEvent) -> bool:
        if event.button() == Qt.MouseButton.LeftButton:
            self.commit_moves()
        return False

    def commit_moves(self) -> None:
        """Turn the positions items were dragged to into one move command (items that
        did not move since the press are left alone)."""
        design = self.view.document.design
        positions: dict[str, tuple[float, float]] = {}
        pressed_at, self._pressed_at = self._pressed_at, {}
        for item in self.view.scene().selectedItems():
            if not isinstance(item, ElementItem) or pressed_at.get(item.element_id) in (
                    None, item.pos()):
                continue
            element = design.element(item.element_id)
            if element is None or not hasattr(element, "x"):
                continue
            x, y = round(item.pos().x(), 1), round(item.pos().y(), 1)
            if (element.x, element.y) != (x, y):  # type: ignore[union-attr]
                positions[item.element_id] = (x, y)
        command = move_command(design, positions)
        if command is not None:
            self.view.execute(command)
