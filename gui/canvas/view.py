"""The canvas view: zoom (wheel), fit, pan, level of detail, drops from the palette, and
dispatch of mouse and key events to the current tool."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt, Signal
from PySide6.QtGui import (
    QContextMenuEvent,
    QDragEnterEvent,
    QDragMoveEvent,
    QDropEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QResizeEvent,
    QTransform,
    QWheelEvent,
)
from PySide6.QtWidgets import QGraphicsView, QWidget

from gui.canvas.items.base import ElementItem
from gui.canvas.placement import MIME_TYPE, PaletteEntry, PlacementError, placement_command
from gui.canvas.scene import DesignScene, detail_at
from gui.canvas.tools.base import CanvasTool
from gui.canvas.tools.link import LinkTool
from gui.canvas.tools.pan import PanTool
from gui.canvas.tools.place import PlaceTool
from gui.canvas.tools.select import SelectTool
from gui.commands import AddElement, DesignCommand, MacroCommand
from gui.document import DesignDocument
from gui.i18n import error_message
from gui.theme import Theme
from model.errors import DesignError
from model.parts import Catalog

MIN_SCALE, MAX_SCALE = 0.03, 4.0
SETTLING_PX = 40
"""A resize by more than this (the window settling on the screen, not a scroll bar
coming or going) fits the design again, until the user zooms."""
ZOOM_STEP = 1.2


def created_ids(command: DesignCommand) -> list[str]:
    """Ids of the elements a command adds (to select them afterwards)."""
    if isinstance(command, AddElement):
        return [command.element.id]
    if isinstance(command, MacroCommand):
        return [eid for child in command.commands for eid in created_ids(child)]
    return []


class CanvasView(QGraphicsView):
    """Shows a :class:`DesignScene`; edits go through the document as commands."""

    status_message = Signal(str)
    zoom_changed = Signal(float)
    tool_changed = Signal(str)
    context_menu_requested = Signal(QPoint, QPoint)
    """A right-click (or the menu key): viewport position, global position."""

    def __init__(self, scene: DesignScene, document: DesignDocument, catalog: Catalog,
                 parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.design_scene = scene
        self.document = document
        self.catalog = catalog
        self.setRenderHints(QPainter.RenderHint.Antialiasing
                            | QPainter.RenderHint.TextAntialiasing)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setRubberBandSelectionMode(Qt.ItemSelectionMode.ContainsItemShape)
        self.setAcceptDrops(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._middle_pan = PanTool(self, Qt.MouseButton.MiddleButton)
        self._keep_fitted = False
        """True from a fit until the user zooms: a resize (the window settling on the
        screen) fits the design again."""
        self.tool: CanvasTool = SelectTool(self)
        self.tool.start()

    # ---------------------------------------------------------------- tools
    def set_tool(self, tool: CanvasTool) -> None:
        """Make ``tool`` current (ending the previous one)."""
        self.tool.end()
        self.tool = tool
        tool.start()
        self.tool_changed.emit(tool.name)

    def use_select_tool(self) -> None:
        """Back to selecting and moving."""
        if not isinstance(self.tool, SelectTool):
            self.set_tool(SelectTool(self))

    def use_link_tool(self) -> None:
        """Draw links by dragging between elements."""
        self.set_tool(LinkTool(self))

    def use_pan_tool(self) -> None:
        """Drag to pan."""
        self.set_tool(PanTool(self))

    def use_place_tool(self, entry: PaletteEntry) -> None:
        """Click on the canvas to place ``entry``."""
        self.set_tool(PlaceTool(self, entry))

    def start_link_gesture(self, item: ElementItem, scene_pos: QPointF) -> None:
        """Start drawing a link from ``item`` now; back to selecting afterwards."""
        tool = LinkTool(self, one_shot=True)
        self.set_tool(tool)
        tool.begin(item, scene_pos)

    # --------------------------------------------------------------- editing
    def execute(self, command: DesignCommand) -> bool:
        """Apply a command through the document; a refusal goes to the status bar.
        True when applied."""
        try:
            self.document.execute(command)
        except DesignError as error:
            self.show_status(error_message(error))
            return False
        self.show_status(command.text())
        return True

    def place_entry(self, entry: PaletteEntry, scene_pos: QPointF) -> bool:
        """Put a palette entry at ``scene_pos`` (True) or say why not (False)."""
        try:
            command = placement_command(self.design_scene, self.catalog, entry, scene_pos)
        except (PlacementError, DesignError) as error:
            self.show_status(error_message(error))
            return False
        if not self.execute(command):
            return False
        placed = created_ids(command)[-1:]
        self.design_scene.select_ids(placed)
        item = self.design_scene.item_for(placed[0]) if placed else None
        if item is not None:
            # a building dropped near the top of the view stood with its title above it
            self.ensureVisible(item.sceneBoundingRect(), 16, 16)
        return True

    def show_status(self, message: str) -> None:
        """Tell the status bar."""
        self.status_message.emit(message)

    def scene_theme(self) -> Theme:
        """The scene's theme."""
        return self.design_scene.theme

    # ------------------------------------------------------------------ zoom
    def scale_factor(self) -> float:
        """Current zoom (1.0 = 100 %)."""
        return float(self.transform().m11())

    def set_scale(self, scale: float) -> None:
        """Zoom to ``scale`` (clamped), keeping the anchor under the mouse."""
        self.design_scene.paint_budget.work_began()
        self._keep_fitted = False
        scale = max(MIN_SCALE, min(MAX_SCALE, scale))
        factor = scale / self.scale_factor()
        self.scale(factor, factor)
        if self.scale_factor() != scale:  # rounding: "Actual Size" is exactly 100 %
            self.setTransform(QTransform.fromScale(scale, scale))
        self._zoomed()

    def zoom_in(self) -> None:
        """One step closer."""
        self.set_scale(self.scale_factor() * ZOOM_STEP)

    def zoom_out(self) -> None:
        """One step further."""
        self.set_scale(self.scale_factor() / ZOOM_STEP)

    def fit_to_view(self) -> None:
        """Show the whole design (with the plates zoomed-out buildings carry above them,
        whose height in scene units depends on the zoom: fitted a few times over)."""
        self.design_scene.paint_budget.work_began()
        for _ in range(4):
            self.fitInView(self.design_scene.content_rect(),
                           Qt.AspectRatioMode.KeepAspectRatio)
            self.design_scene.set_view_scale(self.scale_factor())
        if self.scale_factor() > 1.0:
            self.set_scale(1.0)
            self.centerOn(self.design_scene.content_rect().center())
        self._zoomed()
        self._keep_fitted = True

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        # what the scene did before this paint is on show: the next paint's allowance
        # counts from the next work (gui.canvas.staging)
        self.design_scene.paint_budget.painted()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        change = event.size() - event.oldSize()
        if self._keep_fitted and event.oldSize().isValid() and max(
                abs(change.width()), abs(change.height())) > SETTLING_PX:
            self.fit_to_view()

    def _zoomed(self) -> None:
        self.design_scene.set_view_scale(self.scale_factor())
        self.design_scene.set_detail(detail_at(self.scale_factor()))
        self.zoom_changed.emit(self.scale_factor())

    def centre_on_element(self, element_id: str) -> None:
        """Scroll so the element is in the middle of the view."""
        item = self.design_scene.item_for(element_id)
        if item is not None:
            self.centerOn(item.sceneBoundingRect().center())

    def scroll_by(self, dx: int, dy: int) -> None:
        """Scroll the view by pixels."""
        self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() + dx)
        self.verticalScrollBar().setValue(self.verticalScrollBar().value() + dy)

    def wheelEvent(self, event: QWheelEvent) -> None:
        steps = event.angleDelta().y() / 120.0
        if steps:
            self.set_scale(self.scale_factor() * ZOOM_STEP ** steps)
        event.accept()

    # ---------------------------------------------------------------- events
    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.RightButton:
            # Left unaccepted so Qt makes the context-menu event: since Qt 6.8 it does
            # so only for a mouse event nobody accepted, and a card accepts any press.
            event.ignore()
            return
        if self._middle_pan.mouse_press(event) or self.tool.mouse_press(event):
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._middle_pan.mouse_move(event) or self.tool.mouse_move(event):
            event.accept()
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.RightButton:
            event.ignore()  # as in mousePressEvent (the menu comes on release on Windows)
            return
        if self._middle_pan.mouse_release(event):
            event.accept()
            return
        super().mouseReleaseEvent(event)
        self.tool.mouse_release(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if self.tool.key_press(event):
            event.accept()
            return
        super().keyPressEvent(event)

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        self.context_menu_requested.emit(event.pos(), event.globalPos())
        event.accept()

    # ------------------------------------------------------------ drag/drop
    def _entry(self, event: QDragEnterEvent | QDragMoveEvent | QDropEvent
               ) -> PaletteEntry | None:
        mime = event.mimeData()
        if not mime.hasFormat(MIME_TYPE):
            return None
        return PaletteEntry.decode(bytes(mime.data(MIME_TYPE).data()))

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if self._entry(event) is not None:
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        entry = self._entry(event)
        if entry is None:
            event.ignore()
            return
        scene_pos = self.mapToScene(event.position().toPoint())
        try:
            placement_command(self.design_scene, self.catalog, entry, scene_pos)
        except (PlacementError, DesignError) as error:
            self.show_status(error_message(error))
        else:
            self.show_status(self.tr("Drop to add {what}").format(
                what=entry.label or entry.kind))
        event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        entry = self._entry(event)
        if entry is None:
            event.ignore()
            return
        self.place_entry(entry, self.mapToScene(event.position().toPoint()))
        event.acceptProposedAction()
