"""Draw a link bundle: press on a rack group or tier, drag to another, release. The
bundle's ends are ordered by the model's rules (rack group below, lower role below);
a refusal is shown in the status bar."""

from __future__ import annotations

from PySide6.QtCore import QLineF, QPointF, Qt
from PySide6.QtGui import QMouseEvent, QPen
from PySide6.QtWidgets import QGraphicsLineItem

from gui.canvas.items.base import ElementItem
from gui.canvas.tools.base import CanvasTool
from gui.commands import link_command
from gui.i18n import error_message, translate
from model.errors import DesignError


class LinkTool(CanvasTool):
    """Drag from one element to another to join them with a bundle."""

    name = "link"
    cursor = Qt.CursorShape.CrossCursor

    def __init__(self, view: object, one_shot: bool = False) -> None:
        super().__init__(view)  # type: ignore[arg-type]
        self.one_shot = one_shot
        self._start: ElementItem | None = None
        self._line: QGraphicsLineItem | None = None

    def cancel(self) -> None:
        if self._line is not None and self._line.scene() is not None:
            self._line.scene().removeItem(self._line)
        self._line = None
        self._start = None

    def begin(self, item: ElementItem, scene_pos: QPointF) -> None:
        """Start a link from ``item`` (the rubber line follows the mouse)."""
        self.cancel()
        self._start = item
        self._line = QGraphicsLineItem(QLineF(item.scene_rect().center(), scene_pos))
        pen = QPen(self.view.scene_theme().colour("selection"), 2, Qt.PenStyle.DashLine)
        pen.setCosmetic(True)
        self._line.setPen(pen)
        self._line.setZValue(100)
        self.view.scene().addItem(self._line)
        self.view.show_status(translate("LinkTool", "Link from {name}: release on a switch tier"
                                        ).format(name=repr(item.element.name)))

    def mouse_press(self, event: QMouseEvent) -> bool:
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        scene_pos = self.view.mapToScene(event.position().toPoint())
        item = self.view.design_scene.element_at(scene_pos, ("rack_group", "tier"))
        if item is None:
            self.view.show_status(translate("LinkTool",
                                            "Start a link on a rack group or a switch tier"))
            return True
        self.begin(item, scene_pos)
        return True

    def mouse_move(self, event: QMouseEvent) -> bool:
        if self._line is None or self._start is None:
            return False
        scene_pos = self.view.mapToScene(event.position().toPoint())
        self._line.setLine(QLineF(self._start.scene_rect().center(), scene_pos))
        return True

    def mouse_release(self, event: QMouseEvent) -> bool:
        if self._start is None or event.button() != Qt.MouseButton.LeftButton:
            return False
        start = self._start
        scene_pos = self.view.mapToScene(event.position().toPoint())
        self.cancel()
        end = self.view.design_scene.element_at(scene_pos, ("rack_group", "tier"))
        if end is None or end is start:
            self.view.show_status(translate(
                "LinkTool", "No link drawn: release on another rack group or tier"))
        else:
            try:
                command = link_command(self.view.document.design, start.element_id,
                                       end.element_id)
            except DesignError as error:
                self.view.show_status(error_message(error))
            else:
                if self.view.execute(command):
                    self.view.design_scene.select_ids([command.element.id])  # type: ignore[attr-defined]
        if self.one_shot:
            self.view.use_select_tool()
        return True
