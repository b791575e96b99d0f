"""The main window: canvas in the middle, palette and legend on the left, inspector and
metrics on the right, problems below; menus, toolbar, shortcuts and status bar.

Other parts of the application add their menus and actions through :meth:`MainWindow.menu`.
The File menu's New/Open/Save… are the window's :attr:`MainWindow.file_actions` (the files
module), the one path every save takes: the menu, Ctrl+S and the question asked when the
window closes with unsaved changes.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QRect, QSettings, Qt, QTimer, SignalInstance
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QGraphicsItem,
    QLabel,
    QMainWindow,
    QMenu,
    QToolBar,
    QWidget,
)

from gui import heap
from gui.arrange import ArrangeActions
from gui.arrange_buildings import ArrangeBuildings
from gui.canvas.context_menu import ContextMenus
from gui.canvas.empty_hint import EmptyCanvasHint
from gui.canvas.scene import DesignScene
from gui.canvas.view import CanvasView
from gui.clipboard import ClipboardActions
from gui.commands import remove_command
from gui.dock_layout import size_for_screen
from gui.document import DesignDocument
from gui.files import FileActions
from gui.find_bar import FindBar, zoom_to_ids
from gui.help_menu import HelpActions
from gui.i18n import QT_TRANSLATE_NOOP
from gui.inspector.panel import Inspector
from gui.jobs_dock import attach_jobs_dock
from gui.legend import Legend
from gui.metrics_dock import MetricsDock
from gui.metrics_runner import Compute, MetricsRunner
from gui.not_computed import failure_status, status_text, status_tooltip
from gui.optics_command import OpticsAction
from gui.palette import Palette
from gui.problems_panel import ProblemsPanel
from gui.theme import THEMES, Theme, apply_theme
from model.design import Design
from model.metrics.results import DesignMetrics
from model.parts import Catalog

MENU_ORDER = ("File", "Edit", "View", "Tools", "Help")
MENU_TITLES = {
    "File": QT_TRANSLATE_NOOP("MainWindow", "&File"),
    "Edit": QT_TRANSLATE_NOOP("MainWindow", "&Edit"),
    "View": QT_TRANSLATE_NOOP("MainWindow", "&View"),
    "Tools": QT_TRANSLATE_NOOP("MainWindow", "&Tools"),
    "Help": QT_TRANSLATE_NOOP("MainWindow", "&Help"),
    "Analysis": QT_TRANSLATE_NOOP("MainWindow", "&Analysis"),
}
"""The menus' titles, translated when shown (the keys stay English: other modules name
the menus by them)."""


RECT_KEY = "window/rect"
"""Settings key: the window's rectangle (inside its frame, not maximised) at its last
close."""
MAXIMISED_KEY = "window/maximised"
"""Settings key: whether the window was maximised at its last close."""


def default_settings() -> QSettings:
    """Where window layout and theme are remembered."""
    return QSettings("Archipelago", "Archipelago")


class HistoryAction(QAction):
    """Undo or Redo on the toolbar: a fixed label, the command in the tooltip."""

    def __init__(self, key: str, text: str, parent: QWidget) -> None:
        super().__init__(text, parent)
        self.setObjectName(f"toolbar-{key}")
        self.label = text

    def name_command(self, command: str) -> None:
        """Show what the button would undo or redo."""
        self.setToolTip(self.tr("{action} {command}").format(
            action=self.label, command=command) if command else self.label)


class MainWindow(QMainWindow):
    """The editor window on one document."""

    def __init__(self, document: DesignDocument, catalog: Catalog,
                 settings: QSettings | None = None, compute: Compute | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.catalog = catalog
        self.settings = settings if settings is not None else default_settings()
        theme_name = str(self.settings.value("theme", "light"))
        self.theme: Theme = THEMES.get(theme_name, THEMES["light"])
        self._menus: dict[str, QMenu] = {}

        self.scene = DesignScene(document.design, self.theme, self)
        self.scene.follow(document)
        self.view = CanvasView(self.scene, document, catalog, self)
        self.setCentralWidget(self.view)
        self.runner = MetricsRunner(document.design, compute, self)

        self.parts_palette = Palette(catalog)
        self.legend = Legend(self.theme)
        self.inspector = Inspector(document, catalog)
        self.metrics_dock = MetricsDock(document.design, self.theme)
        self.metrics_dock.canvas_busy = lambda: bool(
            self.scene.paint_budget.pending() or self.scene.routing_pending())
        self.problems = ProblemsPanel(document.design)
        self.docks: dict[str, QDockWidget] = {}
        self._dock("palette", self.tr("Palette"), self.parts_palette,
                   Qt.DockWidgetArea.LeftDockWidgetArea)
        self._dock("legend", self.tr("Legend"), self.legend,
                   Qt.DockWidgetArea.LeftDockWidgetArea)
        self._dock("inspector", self.tr("Inspector"), self.inspector,
                   Qt.DockWidgetArea.RightDockWidgetArea)
        self._dock("metrics", self.tr("Metrics"), self.metrics_dock,
                   Qt.DockWidgetArea.RightDockWidgetArea)
        self._dock("problems", self.tr("Problems"), self.problems,
                   Qt.DockWidgetArea.BottomDockWidgetArea)
        self.splitDockWidget(self.docks["palette"], self.docks["legend"],
                             Qt.Orientation.Vertical)
        self.splitDockWidget(self.docks["inspector"], self.docks["metrics"],
                             Qt.Orientation.Vertical)
        self._zoom_label = QLabel("100 %")
        self._metrics_label = QLabel("")
        self._selection_message = ""
        self.statusBar().addPermanentWidget(self._metrics_label)
        self.statusBar().addPermanentWidget(self._zoom_label)
        # fresh figures reach the canvas and then the docks on turns of their own;
        # the timers are the window's children, so nothing runs after it is gone
        self._canvas_timer = self._next_turn(self._show_metrics_on_canvas)
        self._docks_timer = self._next_turn(self._show_metrics_in_docks)
        self._build_actions()
        self._connect()
        self.jobs_dock = attach_jobs_dock(self)
        self.file_actions = FileActions(self, document, settings=self.settings)
        """New, Open, Save, Save As, Revert, Export, autosave: every save goes here."""
        self.file_actions.install(self.menu("File"))
        self.file_actions.message.connect(self.show_status)
        self._restore_layout()
        self._update_title()
        self.runner.request()

    # ----------------------------------------------------------- structure
    def _dock(self, key: str, title: str, widget: QWidget, area: Qt.DockWidgetArea) -> None:
        dock = QDockWidget(title, self)
        dock.setObjectName(f"dock-{key}")
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        self.docks[key] = dock

    def menu(self, title: str) -> QMenu:
        """The menu called ``title`` (created in File, Edit, View, Tools, Help order);
        other modules add their actions here."""
        key = title.replace("&", "")
        if key in self._menus:
            return self._menus[key]
        english = MENU_TITLES.get(key)
        menu = QMenu(self.tr(english) if english else f"&{key}", self)
        menu.setObjectName(f"menu-{key}")
        bar = self.menuBar()
        before = None
        if key in MENU_ORDER:
            later = [self._menus[k] for k in MENU_ORDER[MENU_ORDER.index(key) + 1:]
                     if k in self._menus]
            before = later[0].menuAction() if later else None
        if before is not None:
            bar.insertMenu(before, menu)
        else:
            bar.addMenu(menu)
        self._menus[key] = menu
        return menu

    def _action(self, menu: str, text: str, slot: Callable[..., object], *,
                shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None,
                tip: str = "", checkable: bool = False) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        if tip:
            action.setStatusTip(tip)
            action.setToolTip(f"{tip} ({action.shortcut().toString()})" if shortcut else tip)
        action.setCheckable(checkable)
        if checkable:
            action.toggled.connect(slot)
        else:
            action.triggered.connect(slot)
        self.menu(menu).addAction(action)
        return action

    def _build_actions(self) -> None:
        file_menu = self.menu("File")
        self.quit_action = QAction(self.tr("&Quit"), self)
        self.quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        self.quit_action.setMenuRole(QAction.MenuRole.QuitRole)
        self.quit_action.triggered.connect(self.close)
        file_menu.addAction(self.quit_action)

        stack = self.document.undo_stack
        self.undo_action = stack.createUndoAction(self, self.tr("&Undo"))
        self.undo_action.setShortcut(QKeySequence("Ctrl+Z"))
        self.redo_action = stack.createRedoAction(self, self.tr("&Redo"))
        self.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        edit = self.menu("Edit")
        edit.addAction(self.undo_action)
        edit.addAction(self.redo_action)
        edit.addSeparator()
        self.clipboard = ClipboardActions(self)
        self.delete_action = self._action(
            "Edit", self.tr("&Delete"), self.delete_selection,
            shortcut=QKeySequence.StandardKey.Delete,
            tip=self.tr("Delete the selection and what depends on it"))
        self.delete_action.setShortcuts([QKeySequence(QKeySequence.StandardKey.Delete),
                                         QKeySequence("Backspace")])
        self.duplicate_action = self._action(
            "Edit", self.tr("D&uplicate"), self.duplicate_selection, shortcut="Ctrl+D",
            tip=self.tr("Duplicate the selected islands (with their contents) and rack groups"))
        edit.addSeparator()
        self.select_all_action = self._action(
            "Edit", self.tr("Select &All"), self.select_all,
            shortcut=QKeySequence.StandardKey.SelectAll, tip=self.tr("Select every element"))
        self.find_bar = FindBar(self)
        self.find_action = self._action(
            "Edit", self.tr("&Find…"), self.find_bar.open_bar,
            shortcut=QKeySequence.StandardKey.Find, tip=self.tr("Find an element by name or id"))
        edit.addSeparator()
        self.arrange = ArrangeActions(self)
        self.arrange_buildings = ArrangeBuildings(self)

        self.fit_action = self._action("View", self.tr("&Fit to View"), self.view.fit_to_view,
                                       shortcut="F", tip=self.tr("Show the whole design"))
        self.zoom_selection_action = self._action(
            "View", self.tr("Zoom to &Selection"), self.zoom_to_selection, shortcut="Shift+F",
            tip=self.tr("Fit the selected elements into the view"))
        self._action("View", self.tr("Zoom &In"), self.view.zoom_in,
                     shortcut=QKeySequence.StandardKey.ZoomIn, tip=self.tr("Zoom in"))
        self._action("View", self.tr("Zoom &Out"), self.view.zoom_out,
                     shortcut=QKeySequence.StandardKey.ZoomOut, tip=self.tr("Zoom out"))
        self._action("View", self.tr("&Actual Size"), lambda: self.view.set_scale(1.0),
                     shortcut="Ctrl+0", tip=self.tr("Zoom to 100 %"))
        self.menu("View").addSeparator()
        self.cut_action = self._action(
            "View", self.tr("Show Bisection &Cut"), self.show_cut, shortcut="B", checkable=True,
            tip=self.tr("Highlight the two sides of the minimum bisection and the bundles "
                        "crossing it"))
        self.menu("View").addSeparator()
        self.dark_action = self._action(
            "View", self.tr("&Dark Theme"), self.set_dark, shortcut="Ctrl+Shift+T",
            checkable=True, tip=self.tr("Switch between the light and dark theme"))
        self.dark_action.setChecked(self.theme.name == "dark")
        self.menu("View").addSeparator()
        for dock in self.docks.values():
            self.menu("View").addAction(dock.toggleViewAction())

        group = QActionGroup(self)
        self.tool_actions: dict[str, QAction] = {}
        for name, text, key, tip, slot in (
                ("select", self.tr("&Select"), "V",
                 self.tr("Select, rubber-band select and move"), self.view.use_select_tool),
                ("link", self.tr("&Link"), "L",
                 self.tr("Drag from a rack group or tier to a tier to link them"),
                 self.view.use_link_tool),
                ("pan", self.tr("&Pan"), "H",
                 self.tr("Drag to pan (the middle button pans in any tool)"),
                 self.view.use_pan_tool)):
            action = self._action("Tools", text, slot, shortcut=key, tip=tip)
            action.setCheckable(True)
            group.addAction(action)
            self.tool_actions[name] = action
        self.tool_actions["select"].setChecked(True)
        self.optics = OpticsAction(self)
        self.help = HelpActions(self)
        self.context_menus = ContextMenus(self)
        self.empty_hint = EmptyCanvasHint(self.view, self.document)

        bar = QToolBar(self.tr("Tools"), self)
        bar.setObjectName("toolbar-main")
        bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        for action in (*self.tool_actions.values(),):
            bar.addAction(action)
        bar.addSeparator()
        self.toolbar_undo = self._history_button(
            "undo", self.tr("Undo"), stack.undo, stack.canUndoChanged, stack.undoTextChanged,
            stack.canUndo(), stack.undoText())
        self.toolbar_redo = self._history_button(
            "redo", self.tr("Redo"), stack.redo, stack.canRedoChanged, stack.redoTextChanged,
            stack.canRedo(), stack.redoText())
        bar.addAction(self.toolbar_undo)
        bar.addAction(self.toolbar_redo)
        bar.addSeparator()
        bar.addAction(self.fit_action)
        bar.addAction(self.cut_action)
        self.addToolBar(bar)

    def _history_button(self, key: str, text: str, trigger: Callable[[], None],
                        can_changed: SignalInstance, text_changed: SignalInstance,
                        can_now: bool, command_now: str) -> QAction:
        """A toolbar twin of the Edit menu's Undo or Redo with a fixed label: the menu's
        text names the command ("Undo Change link speed of …"), which on a toolbar
        resized the button and shifted the buttons after it on every edit. The command
        is named in the tooltip instead."""
        action = HistoryAction(key, text, self)
        action.triggered.connect(trigger)
        action.setEnabled(can_now)
        can_changed.connect(action.setEnabled)
        action.name_command(command_now)
        text_changed.connect(action.name_command)  # a slot of the action: Qt disconnects
        return action                              # it when the window goes

    def _connect(self) -> None:
        doc = self.document
        doc.changed.connect(self.runner.request)
        doc.changed.connect(self._update_title)
        doc.modified_changed.connect(lambda _m: self._update_title())
        doc.path_changed.connect(lambda _p: self._update_title())
        doc.reset.connect(self._after_reset)
        self.runner.stale.connect(lambda: self._set_busy(True))
        self.runner.finished.connect(self._show_metrics)
        self.runner.failed.connect(self._show_failure)
        self.scene.selectionChanged.connect(self._selection_changed)
        self.view.status_message.connect(self.show_status)
        self.view.zoom_changed.connect(lambda s: self._zoom_label.setText(f"{s:.0%}"))
        self.view.tool_changed.connect(self._tool_changed)
        self.inspector.status_message.connect(self.show_status)
        self.inspector.edit_finished.connect(self.view.setFocus)
        self.parts_palette.entry_activated.connect(self.view.use_place_tool)
        self.problems.element_chosen.connect(self.reveal_element)

    # ------------------------------------------------------------ behaviour
    def show_status(self, message: str) -> None:
        """A message in the status bar."""
        self.statusBar().showMessage(message, 8000)

    def _set_busy(self, busy: bool) -> None:
        self.metrics_dock.set_busy(busy)
        self._metrics_label.setText(self.tr("Refreshing figures…") if busy else "")
        self._metrics_label.setToolTip("")

    def _next_turn(self, slot: Callable[[], None]) -> QTimer:
        """A timer that runs ``slot`` once, on a later turn of the event loop."""
        timer = QTimer(self)
        timer.setSingleShot(True)
        timer.setInterval(0)
        timer.timeout.connect(slot)
        return timer

    def _show_metrics(self, _metrics: DesignMetrics) -> None:
        """Fresh figures on the canvas on the next turn of the event loop (the newest
        then, which may be newer than these), and in the docks on the turn after: short
        pieces of work instead of one long one, none in the turn of an edit that the
        figures arrived beside."""
        self._metrics_label.setText(status_text(_metrics))
        self._metrics_label.setToolTip(status_tooltip(_metrics))
        self._canvas_timer.start()

    def _show_metrics_on_canvas(self) -> None:
        """The canvas takes the newest figures."""
        metrics = self.runner.metrics
        if metrics is None or metrics is self.scene.metrics:
            return
        self.scene.set_metrics(metrics)
        self._docks_timer.start()

    def _show_metrics_in_docks(self) -> None:
        """The docks follow the canvas, unless newer figures arrived meanwhile."""
        metrics = self.scene.metrics
        if metrics is None or metrics is not self.runner.metrics:
            return
        self.metrics_dock.show_metrics(metrics)
        self.problems.set_problems(metrics.problems)
        self.docks["problems"].setWindowTitle(self.problems.title())

    def _show_failure(self, message: str) -> None:
        self.metrics_dock.show_failure(message)
        self._metrics_label.setText(failure_status(message))
        self._metrics_label.setToolTip(message)

    def _selection_changed(self) -> None:
        ids = self.scene.selected_ids()
        self.inspector.show_ids(ids)
        bar = self.statusBar()
        if not ids:  # a selection cleared takes its message along (not another one)
            if bar.currentMessage() == self._selection_message:
                bar.clearMessage()
            return
        names = ", ".join(self.document.design.element(i).name for i in ids[:3])  # type: ignore[union-attr]
        if len(ids) > 3:
            self._selection_message = self.tr("Selected {names} and {more} more").format(
                names=names, more=len(ids) - 3)
        else:
            self._selection_message = self.tr("Selected {names}").format(names=names)
        self.show_status(self._selection_message)

    def _tool_changed(self, name: str) -> None:
        action = self.tool_actions.get(name)
        if action is not None:
            action.setChecked(True)
        else:
            for other in self.tool_actions.values():
                other.setChecked(False)

    def _after_reset(self) -> None:
        self.inspector.show_ids([])
        self.metrics_dock.forget()
        self.view.fit_to_view()

    def _update_title(self) -> None:
        name = self.document.display_name()
        self.setWindowTitle(
            self.tr("{name} (modified) — Archipelago").format(name=name)
            if self.document.is_modified() else
            self.tr("{name} — Archipelago").format(name=name))

    def reveal_element(self, element_id: str) -> None:
        """Select an element and centre it (from the problems panel)."""
        self.scene.select_ids([element_id])
        self.view.centre_on_element(element_id)

    def delete_selection(self) -> None:
        """Delete the selected elements (one undo step)."""
        command = remove_command(self.document.design, self.scene.selected_ids())
        if command is not None:
            self.view.execute(command)

    def duplicate_selection(self) -> None:
        """Duplicate the selected islands and rack groups beside the originals, where
        nothing stands (:meth:`ClipboardActions.duplicate_command`)."""
        ids = self.scene.selected_ids()
        command = self.clipboard.duplicate_command(ids)
        if command is None:
            self.show_status(self.tr("Select islands or rack groups to duplicate"))
            return
        if self.view.execute(command):
            from gui.canvas.view import created_ids

            design = self.document.design
            created = created_ids(command)
            made = [i for i in created if design.kind_of(i) == "island" or (
                design.kind_of(i) == "rack_group" and design.island_of(i) not in created)]
            self.scene.select_ids(made)

    def select_all(self) -> None:
        """Select every element on the canvas."""
        items: list[QGraphicsItem] = [*self.scene.element_items(), *self.scene.bundle_items()]
        for item in items:
            if item.isVisible():
                item.setSelected(True)

    def show_cut(self, on: bool) -> None:
        """Highlight (or not) the minimum bisection."""
        self.scene.set_cut_visible(on)
        metrics = self.runner.metrics
        if on and metrics is not None and not metrics.inventory.accelerators:
            self.show_status(self.tr("No accelerators in the design: there is no bisection "
                                     "to show"))
        elif on and metrics is not None:
            bis = metrics.bisection
            self.show_status(self.tr("Bisection {tbps} Tb/s: blue side A, orange side B, red "
                                     "bundles cross").format(tbps=f"{bis.gbps / 1000:,.1f}"))

    def set_dark(self, dark: bool) -> None:
        """Switch theme (remembered)."""
        self.theme = THEMES["dark" if dark else "light"]
        self.settings.setValue("theme", self.theme.name)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            apply_theme(app, self.theme)
        self.scene.set_theme(self.theme)
        self.legend.apply_theme(self.theme)
        self.metrics_dock.apply_theme(self.theme)

    def zoom_to_selection(self) -> None:
        """Fit the selected elements into the view."""
        if not zoom_to_ids(self.view, self.scene.selected_ids()):
            self.show_status(self.tr("Select elements to zoom to (or press F to fit the design)"))

    # --------------------------------------------------------------- close
    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.file_actions.maybe_save(closing=True):
            event.ignore()
            return
        self.remember_geometry()
        self.settings.setValue("state", self.saveState())
        self.runner.shutdown()
        self.document.close()
        event.accept()

    def remember_geometry(self) -> None:
        """Keep the window's place and size (inside its frame, as when not maximised)
        and whether it is maximised, for the next start (:meth:`_restore_layout`)."""
        self.settings.setValue(RECT_KEY, self.normalGeometry())
        self.settings.setValue(MAXIMISED_KEY, self.isMaximized())

    def _restore_layout(self) -> None:
        """Place and size the window being built: the last session's rectangle when it
        still fits the screen, else the screen's (:func:`gui.dock_layout.size_for_screen`);
        and the docks as they were left, when they were."""
        from gui.dock_layout import can_maximise, opens_maximised, screen_area

        rect = self.settings.value(RECT_KEY)
        kept = size_for_screen(self, rect if isinstance(rect, QRect) else None)
        area = screen_area(self)
        maximised = str(self.settings.value(MAXIMISED_KEY, "false")).lower() == "true"
        self.opens_maximised = can_maximise(area) and maximised if kept \
            else opens_maximised(area)
        """Show the window maximised: as the last session's window was (when kept), or
        on a screen up to 1,920 px wide."""
        state = self.settings.value("state")
        self._layout_restored = state is not None and bool(self.restoreState(state))

    def settle_layout(self) -> None:
        """Once shown: give the docks their default sizes (unless a remembered layout
        was restored) and fit the design into the view."""
        from gui.dock_layout import apply_default_sizes, fit_to_screen, place_corners

        place_corners(self)
        if not self._layout_restored:
            apply_default_sizes(self, self.docks)
        else:  # a geometry remembered from another screen (or frame) may not fit this one
            fit_to_screen(self)
        self.view.fit_to_view()


def open_window(design: Design, path: str | None, catalog: Catalog,
                settings: QSettings | None = None, compute: Compute | None = None
                ) -> MainWindow:
    """A main window on ``design`` (loaded from ``path``), shown and fitted."""
    document = DesignDocument(design, path)
    window = MainWindow(document, catalog, settings, compute)
    document.setParent(window)
    from gui.files import install_file_menu

    install_file_menu(window)
    from gui.whatif import install_whatif

    install_whatif(window)
    from gui.language_menu import install_language_menu

    install_language_menu(window)
    if window.opens_maximised:
        window.setWindowState(window.windowState() | Qt.WindowState.WindowMaximized)
    window.show()
    window.settle_layout()
    heap.settle()
    return window
