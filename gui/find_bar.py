"""Find an element by name or id (Ctrl+F) and zoom to the selection (Shift+F).

The find bar floats over the top-right corner of the canvas, as in a browser or code
editor: typing lists the matching elements at once (kind and name, then id); Up/Down move
through them; Enter (or a click) selects the chosen one and zooms to it; Esc closes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QPoint, QRectF, Qt, QTimer
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QFrame,
    QGraphicsItem,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QToolButton,
    QVBoxLayout,
)

from gui.commands import kind_word
from gui.i18n import translate
from model.design import Design
from model.elements import LinkBundle

if TYPE_CHECKING:
    from gui.canvas.view import CanvasView
    from gui.main_window import MainWindow

MAX_LISTED = 60
"""Most matches listed at once (the rest are counted)."""
ID_ROLE = Qt.ItemDataRole.UserRole + 1


SELECT_RETRY_MS = 40
SELECT_TRIES = 50
"""How often, and how many times, a found bundle is selected again until it is drawn."""

def matches(design: Design, text: str) -> list[str]:
    """Ids of the elements whose name or id contains ``text`` (ignoring case): exact
    names first, then names starting with it, then the rest, each in design order."""
    wanted = text.strip().casefold()
    if not wanted:
        return []
    ranked: list[tuple[int, int, str]] = []
    for index, element in enumerate(design.all_elements()):
        name, eid = element.name.casefold(), element.id.casefold()
        if wanted not in name and wanted not in eid:
            continue
        rank = 0 if wanted in (name, eid) else 1 if name.startswith(wanted) else 2
        ranked.append((rank, index, element.id))
    return [eid for _, _, eid in sorted(ranked)]


def zoom_to_ids(view: CanvasView, ids: list[str]) -> bool:
    """Fit the elements into the view (no closer than 100 %) and centre them; True when
    there was something to show."""
    rect = QRectF()
    for eid in ids:
        item = view.design_scene.item_for(eid)
        if item is not None:
            rect = rect.united(item.sceneBoundingRect())
    if rect.isNull():
        return False
    view.fitInView(rect.adjusted(-60, -60, 60, 60), Qt.AspectRatioMode.KeepAspectRatio)
    view.set_scale(min(view.scale_factor(), 1.0))  # also re-chooses the level of detail
    view.centerOn(rect.center())
    return True


class FindBar(QFrame):
    """The floating find bar of one window."""

    def __init__(self, window: MainWindow) -> None:
        # a child of the window, not of the canvas: the canvas's arrow keys (nudge)
        # must not reach the text field
        super().__init__(window)
        self.main = window
        self.setObjectName("find-bar")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAutoFillBackground(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        row = QHBoxLayout()
        self.edit = QLineEdit(self)
        self.edit.setPlaceholderText(translate("FindBar", "Find an element by name or id"))
        self.edit.setClearButtonEnabled(True)
        close = QToolButton(self)
        close.setText("✕")
        close.setToolTip(translate("FindBar", "Close (Esc)"))
        close.clicked.connect(self.close_bar)
        row.addWidget(self.edit, 1)
        row.addWidget(close)
        layout.addLayout(row)
        self.list = QListWidget(self)
        self.list.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        layout.addWidget(self.list)
        self.summary = QLabel(self)
        layout.addWidget(self.summary)
        self.edit.textChanged.connect(self.refresh)
        self.edit.returnPressed.connect(self.choose_current)
        self.edit.installEventFilter(self)
        self.list.itemClicked.connect(lambda _item: self.choose_current())
        window.view.installEventFilter(self)
        self.hide()

    # ---------------------------------------------------------------- showing
    def open_bar(self) -> None:
        """Show the bar with the keyboard in its text field."""
        self._place()
        self.show()
        self.raise_()
        self.edit.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.edit.selectAll()
        self.refresh()

    def close_bar(self) -> None:
        """Hide the bar; the keyboard goes back to the canvas."""
        self.hide()
        self.main.view.setFocus(Qt.FocusReason.OtherFocusReason)

    def _place(self) -> None:
        view = self.main.view
        width = min(420, max(240, view.width() - 40))
        self.setFixedWidth(width)
        self.adjustSize()
        self.move(view.mapTo(self.main, QPoint(view.width() - width - 24, 8)))

    def refresh(self) -> None:
        """List the elements matching the text."""
        design = self.main.document.design
        found = matches(design, self.edit.text())
        self.list.clear()
        for eid in found[:MAX_LISTED]:
            element = design.element(eid)
            if element is None:
                continue
            item = QListWidgetItem(f"{kind_word(element).capitalize()} · {element.name}"
                                   f"   ({eid})")
            item.setData(ID_ROLE, eid)
            self.list.addItem(item)
        if found:
            self.list.setCurrentRow(0)
        more = translate("FindBar", ", first {count} listed").format(count=MAX_LISTED) \
            if len(found) > MAX_LISTED else ""
        count = (translate("FindBar", "{n} match") if len(found) == 1
                 else translate("FindBar", "{n} matches")).format(n=len(found))
        self.summary.setText("" if not self.edit.text().strip() else
                             count + more + (translate("FindBar", " · Enter selects and zooms")
                                             if found else ""))
        # an empty line (or list) hidden, not kept as a blank band under the text field
        self.summary.setVisible(bool(self.summary.text()))
        self.list.setVisible(bool(found))
        rows = min(self.list.count(), 8)
        self.list.setFixedHeight(rows * max(self.list.sizeHintForRow(0), 18) + 6)
        self.adjustSize()

    def current_id(self) -> str | None:
        """The id of the highlighted match, or None."""
        item = self.list.currentItem()
        return str(item.data(ID_ROLE)) if item is not None else None

    def choose_current(self) -> bool:
        """Select the highlighted match and zoom to it; True when there was one."""
        eid = self.current_id()
        if eid is None:
            return False
        view = self.main.view
        # Zoom first: a hidden (zoomed-out) item cannot be selected. A bundle inside a
        # zoomed-out island is not drawn at all: zoom to its two ends instead.
        element = self.main.document.design.element(eid)
        shown = ([element.lower, element.upper] if isinstance(element, LinkBundle)
                 else [eid])
        zoom_to_ids(view, shown)
        if isinstance(element, LinkBundle):
            # Not ensureVisible: a bundle not yet routed has its box at the origin.
            self._select_when_drawn(eid, SELECT_TRIES)
        else:
            self.main.scene.select_ids([eid])
            item = self.main.scene.item_for(eid)
            if isinstance(item, QGraphicsItem):
                item.ensureVisible()
        self.close_bar()
        return True

    def _select_when_drawn(self, eid: str, tries: int) -> None:
        """Select a bundle once it is drawn (routing comes in slices after a zoom, and a
        hidden item cannot be selected); given up when the user selected something."""
        scene = self.main.scene
        scene.select_ids([eid])
        if scene.selected_ids() != [eid] and tries > 0:
            QTimer.singleShot(SELECT_RETRY_MS, lambda: self._retry_select(eid, tries - 1))

    def _retry_select(self, eid: str, tries: int) -> None:
        if not self.main.scene.selected_ids():
            self._select_when_drawn(eid, tries)

    # ----------------------------------------------------------------- events
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.main.view and event.type() in (QEvent.Type.Resize,
                                                           QEvent.Type.Move):
            if self.isVisible():
                self._place()
            return False
        if watched is self.edit and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            key = event.key()
            if key == Qt.Key.Key_Escape:
                self.close_bar()
                return True
            if key in (Qt.Key.Key_Down, Qt.Key.Key_Up) and self.list.count():
                step = 1 if key == Qt.Key.Key_Down else -1
                row = max(0, min(self.list.count() - 1, self.list.currentRow() + step))
                self.list.setCurrentRow(row)
                return True
        return False

