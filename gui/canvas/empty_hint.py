"""What an empty canvas says: how to start (drag a building from the palette, or a
template). Shown over the middle of the canvas while the design has no element; it lets
mouse events and drops through to the canvas."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QGraphicsView, QLabel

from gui.document import DesignDocument
from gui.i18n import QT_TRANSLATE_NOOP, translate

HINT = QT_TRANSLATE_NOOP(
    "EmptyCanvasHint",
    "<p style='font-size:15pt'><b>This campus is empty</b></p>"
    "<p>Drag a <b>Building</b> from the palette on the left onto the canvas,<br>"
    "then a <b>Computing island</b> into it, rack groups and switch tiers into the island,"
    "<br>and drag from a group's top handle to a tier to link them.</p>"
    "<p>Or start from a ready-made cluster: <b>File › New from Template…</b></p>"
    "<p style='color:gray'>Right-click the canvas for more; Help › User Guide (F1) explains"
    " everything.</p>")


class EmptyCanvasHint(QLabel):
    """The hint over an empty canvas."""

    def __init__(self, view: QGraphicsView, document: DesignDocument) -> None:
        super().__init__(translate("EmptyCanvasHint", HINT), view.viewport())
        self.view = view
        self.document = document
        self.setObjectName("empty-canvas-hint")
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setWordWrap(True)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setStyleSheet("QLabel { background: palette(base); border: 1px solid"
                           " palette(mid); border-radius: 8px; padding: 18px; }")
        view.viewport().installEventFilter(self)
        document.changed.connect(self.update_visibility)
        self.update_visibility()

    def update_visibility(self) -> None:
        """Shown exactly while the design has no element."""
        empty = next(iter(self.document.design.all_elements()), None) is None
        self.setVisible(empty)
        if empty:
            self._centre()

    def _centre(self) -> None:
        viewport = self.view.viewport()
        width = min(560, max(260, viewport.width() - 40))
        self.setFixedWidth(width)
        self.adjustSize()
        self.move((viewport.width() - width) // 2,
                  max(10, (viewport.height() - self.height()) // 2))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize and self.isVisible():
            self._centre()
        return False
