"""The File menu: New, New from Template, Open, Open Recent, Save, Save As, Revert,
Export, and opening a design file dropped on the window.

:class:`FileActions` works on the window's :class:`~gui.document.DesignDocument`: a file
is loaded into a new design first and only then replaces the document's content, so a
bad file leaves the open design untouched and its loader's message is shown. Saving goes
through :func:`model.fileformat.save_design` (temporary file + rename), so a failed save
leaves both the file on disk and the design in the window as they were, and says why.

It is the one save path of a window: the menu, Ctrl+S and the question asked when a
window closes with unsaved changes (:meth:`FileActions.maybe_save`) all save through
:meth:`FileActions.save`. It also runs autosave (:mod:`gui.autosave`) and offers crash
recovery at start-up. A :class:`~gui.main_window.MainWindow` makes its own
(``window.file_actions``); :func:`install_file_menu` adds the actions built on it
(Compare, Explore). Every dialog goes through a small ``ask_*`` /
:meth:`FileActions.show_error` method so tests can answer it.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QEvent,
    QObject,
    QRectF,
    QSettings,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QAction, QDragEnterEvent, QDropEvent, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QFileDialog,
    QGraphicsView,
    QMainWindow,
    QMenu,
    QMessageBox,
    QProgressDialog,
)

from gui import heap
from gui.autosave import Autosaver, offer_recovery
from gui.document import DesignDocument
from gui.errors import guarded, report_unexpected
from gui.export.jobs import ExportRunner, Steps, export_steps
from gui.export.kinds import EXPORTS, export_texts
from gui.i18n import QT_TRANSLATE_NOOP, current_language, error_message
from gui.metrics_runner import FiguresNotComputedError, MetricsRunner, preview_compute
from model.design import Design
from model.errors import ArchipelagoError
from model.fileformat import load_design, save_design
from model.metrics.results import DesignMetrics
from model.names import untitled

if TYPE_CHECKING:
    from gui.main_window import MainWindow

DESIGN_FILTER = QT_TRANSLATE_NOOP("FileActions", "Archipelago designs (*.json);;All files (*)")
"""The file dialogs' filter for design files (translated when shown)."""
MAX_RECENT = 10
EXPORT_FOLDER_KEY = "files/export_folder"
RECENT_KEY = "files/recent"

def dropped_design_path(event: QDragEnterEvent | QDropEvent) -> str | None:
    """The first local file in a drag, or None when it carries no local file."""
    mime = event.mimeData()
    if mime is None or not mime.hasUrls():
        return None
    for url in mime.urls():
        if url.isLocalFile() and url.toLocalFile():
            return url.toLocalFile()
    return None


class FileActions(QObject):
    """The File menu's actions on one window and its document."""

    message = Signal(str)
    """A short status message ("Saved campus.json")."""

    def __init__(
        self,
        window: QMainWindow,
        document: DesignDocument,
        *,
        settings: QSettings | None = None,
        compute: Callable[[Design], DesignMetrics] | None = None,
        autosaver: Autosaver | None = None,
        autosave: bool = True,
    ) -> None:
        super().__init__(window)
        self.window = window
        self.document = document
        self.settings = settings if settings is not None else QSettings(
            "Archipelago", "Archipelago")
        self.compute = compute or preview_compute
        if autosaver is None and autosave:
            autosaver = Autosaver(document)
        self.autosaver = autosaver
        if autosaver is not None:
            autosaver.failed.connect(self.message)
        self.actions: dict[str, QAction] = {}
        self.recent_menu = QMenu(self.tr("Open &Recent"), window)
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        self.export_menu = QMenu(self.tr("&Export"), window)
        self.exports = ExportRunner(self, window.statusBar())
        """Runs the exports (:mod:`gui.export.jobs`); ``finished`` says how each ended."""
        self.exports.finished.connect(self._export_finished)
        self._make_actions()
        document.modified_changed.connect(self._update_enabled)
        document.path_changed.connect(lambda _path: self._update_enabled())
        self._update_enabled()
        window.setAcceptDrops(True)
        window.installEventFilter(self)

    # ------------------------------------------------------------- actions
    def _action(self, key: str, text: str, slot: Callable[[], object],
                shortcut: QKeySequence | QKeySequence.StandardKey | None = None) -> QAction:
        action = QAction(text, self.window)
        if shortcut is not None:
            action.setShortcut(shortcut)
        # An unexpected failure is shown and logged, never lost in Qt's event loop.
        run = guarded(text.replace("&", "").rstrip("…"), slot)
        action.triggered.connect(lambda _checked=False: run())
        self.actions[key] = action
        return action

    def _make_actions(self) -> None:
        keys = QKeySequence.StandardKey
        self._action("new", self.tr("&New"), self.new_design, QKeySequence(keys.New))
        self._action("new_from_template", self.tr("New from &Template…"),
                     self.new_from_template, QKeySequence("Ctrl+Shift+N"))
        self._action("open", self.tr("&Open…"), self.open_dialog, QKeySequence(keys.Open))
        self._action("save", self.tr("&Save"), self.save, QKeySequence(keys.Save))
        self._action("save_as", self.tr("Save &As…"), self.save_as,
                     QKeySequence("Ctrl+Shift+S"))
        self._action("revert", self.tr("Re&vert to Saved"), self.revert)
        for kind in EXPORTS:
            text, _filter = export_texts(kind)
            action = self._action(f"export_{kind}", text, partial(self.export, kind))
            self.export_menu.addAction(action)
            if kind == "pdf":
                self.export_menu.addSeparator()

    def install(self, menu: QMenu) -> None:
        """Add the actions to the window's File menu (above whatever it already has,
        e.g. Quit)."""
        first = menu.actions()[0] if menu.actions() else None
        items: list[QAction | QMenu | None] = [
            self.actions["new"], self.actions["new_from_template"], None,
            self.actions["open"], self.recent_menu, None,
            self.actions["save"], self.actions["save_as"], self.actions["revert"], None,
            self.export_menu,
        ]
        if first is not None:
            items.append(None)
        for item in items:
            if isinstance(item, QMenu):
                action = item.menuAction()
            elif item is None:
                action = QAction(menu)
                action.setSeparator(True)
            else:
                action = item
            if first is None:
                menu.addAction(action)
            else:
                menu.insertAction(first, action)

    def _update_enabled(self) -> None:
        self.actions["revert"].setEnabled(
            self.document.path is not None and self.document.is_modified())

    # -------------------------------------------------------- dialog hooks
    def ask_open_path(self) -> str | None:
        """Ask for a design file to open (None when cancelled)."""
        path, _ = QFileDialog.getOpenFileName(self.window, self.tr("Open Design"),
                                              self._folder(), self.tr(DESIGN_FILTER))
        return path or None

    def ask_save_path(self, caption: str, file_filter: str, suggested: str) -> str | None:
        """Ask where to write a file (None when cancelled)."""
        path, _ = QFileDialog.getSaveFileName(self.window, caption, suggested, file_filter)
        return path or None

    def ask_unsaved(self) -> QMessageBox.StandardButton:
        """Ask what to do with unsaved changes: Save, Discard or Cancel."""
        return self._ask_unsaved(self.tr("{name} has unsaved changes. Save them first?").format(
            name=self.document.display_name()))

    def ask_unsaved_on_close(self) -> QMessageBox.StandardButton:
        """The same question as the window closes."""
        return self._ask_unsaved(self.tr("Save the changes to {name} before closing?").format(
            name=self.document.display_name()))

    def _ask_unsaved(self, text: str) -> QMessageBox.StandardButton:
        buttons = QMessageBox.StandardButton
        return QMessageBox.question(self.window, self.tr("Unsaved changes"), text,
                                    buttons.Save | buttons.Discard | buttons.Cancel,
                                    buttons.Save)

    def ask_revert(self) -> bool:
        """Confirm throwing away the unsaved changes."""
        buttons = QMessageBox.StandardButton
        answer = QMessageBox.question(
            self.window, self.tr("Revert to saved"),
            self.tr("Discard every change since {name} was saved?").format(
                name=self.document.display_name()),
            buttons.Discard | buttons.Cancel, buttons.Cancel)
        return answer == buttons.Discard

    def show_error(self, title: str, text: str) -> None:
        """Tell the user why something failed."""
        QMessageBox.critical(self.window, title, text)

    def show_notice(self, title: str, text: str) -> None:
        """Tell the user why a request waits or was not carried out when nothing
        failed (an export still being written): an information box, not an error's."""
        QMessageBox.information(self.window, title, text)

    def ask_template(self) -> Design | None:
        """Show the New from Template dialog; the design built, or None."""
        from gui.template_dialog import TemplateDialog

        # the dialog's own preview engine (it stops a preview when the dialog closes)
        # unless a compute was given in place of the engine's
        compute = None if self.compute is preview_compute else self.compute
        dialog = TemplateDialog(self.window, compute=compute)
        accepted = dialog.exec() == TemplateDialog.DialogCode.Accepted
        return dialog.design if accepted else None

    def ask_png_options(self) -> object | None:
        """Ask what to draw in a PNG and how big (a ``PngOptions``), or None."""
        from gui.export.dialogs import PngOptionsDialog

        dialog = PngOptionsDialog(self.window, has_view=self.current_view_rect() is not None)
        if dialog.exec() != PngOptionsDialog.DialogCode.Accepted:
            return None
        return dialog.options()

    # ------------------------------------------------------------ opening
    def maybe_save(self, closing: bool = False) -> bool:
        """Before the design is replaced or (``closing``) the window closes: True when it
        may go on (nothing unsaved, saved, or discarded), False when the user cancelled
        or the save failed."""
        if not self.document.is_modified():
            return True
        answer = self.ask_unsaved_on_close() if closing else self.ask_unsaved()
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    def _replace(self, design: Design, path: str | Path | None) -> None:
        self.document.load(design, path)
        if self.autosaver is not None:
            self.autosaver.discard()
        heap.settle()

    def new_design(self) -> bool:
        """Start an empty design (after asking about unsaved changes)."""
        if not self.maybe_save():
            return False
        self._replace(Design(name=untitled(current_language())), None)
        self.message.emit(self.tr("New design"))
        return True

    def new_from_template(self) -> bool:
        """Create a design from a template chosen in the dialog. Like an empty new
        design it has no file yet but no unsaved changes either: left untouched, it is
        replaced or closed without a question (as draw.io and KiCad treat an untouched
        new document; the dialog rebuilds it in a moment). Its first edit makes it
        unsaved work."""
        if not self.maybe_save():
            return False
        design = self.ask_template()
        if design is None:
            return False
        self._replace(design, None)
        self.message.emit(self.tr("New design from template: {name}").format(
            name=design.name))
        return True

    def open_generated(self, design: Design, message: str) -> bool:
        """Open a design made in the application (a sweep's point, say) in place of the
        open one, after asking about unsaved changes; it starts unsaved."""
        if not self.maybe_save():
            return False
        self._replace(design, None)
        self.document.undo_stack.resetClean()
        self.document.modified_changed.emit(True)
        self.message.emit(message)
        return True

    def open_dialog(self) -> bool:
        """Ask for a file and open it."""
        if not self.maybe_save():
            return False
        path = self.ask_open_path()
        return self.open_path(path, ask=False) if path else False

    def open_path(self, path: str | os.PathLike[str], ask: bool = True) -> bool:
        """Open the design file at ``path``. A file that cannot be loaded is reported
        with the loader's message and the open design stays as it was."""
        if ask and not self.maybe_save():
            return False
        try:
            design = load_design(path)
        except ArchipelagoError as error:
            self.show_error(self.tr("Cannot open design"), error_message(error))
            return False
        except OSError as error:  # the loader reports its own; this is a last guard
            self.show_error(self.tr("Cannot open design"),
                            f"{path}: {error.strerror or error}")
            return False
        self._replace(design, Path(path))
        self.add_recent(path)
        self.message.emit(self.tr("Opened {file}").format(file=Path(path).name))
        return True

    def revert(self) -> bool:
        """Reload the design's file, throwing away unsaved changes (after confirming)."""
        path = self.document.path
        if path is None:
            return False
        if self.document.is_modified() and not self.ask_revert():
            return False
        return self.open_path(path, ask=False)

    # ------------------------------------------------------------- saving
    def save(self) -> bool:
        """Save to the design's file (Save As for a design never saved)."""
        if self.document.path is None:
            return self.save_as()
        return self.save_to(self.document.path)

    def save_as(self, path: str | os.PathLike[str] | None = None) -> bool:
        """Save under a new name (asked for when ``path`` is None)."""
        if path is None:
            suggested = str(self.document.path or Path(self._folder()) / (
                _safe_name(self.document.design.name) + ".json"))
            chosen = self.ask_save_path(self.tr("Save Design As"),
                                            self.tr(DESIGN_FILTER), suggested)
            if not chosen:
                return False
            path = chosen if Path(chosen).suffix else chosen + ".json"
        return self.save_to(path)

    def save_to(self, path: str | os.PathLike[str]) -> bool:
        """Write the design to ``path``. On failure the reason is shown, the design stays
        modified in the window and any file at ``path`` is unchanged."""
        try:
            save_design(self.document.design, path)
        except ArchipelagoError as error:
            self.show_error(self.tr("Cannot save design"), error_message(error))
            return False
        self.document.mark_saved(Path(path))
        if self.autosaver is not None:
            self.autosaver.discard()
        self.add_recent(path)
        self.message.emit(self.tr("Saved {file}").format(file=Path(path).name))
        return True

    # -------------------------------------------------------------- recent
    def recent_files(self) -> list[str]:
        """Recently opened or saved files, newest first."""
        value: Any = self.settings.value(RECENT_KEY, [])
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list | tuple):
            return []
        return [str(v) for v in value if str(v)]

    def add_recent(self, path: str | os.PathLike[str]) -> None:
        """Put ``path`` first in the recent files."""
        entry = str(Path(path).resolve())
        items = [entry] + [p for p in self.recent_files() if p != entry]
        self.settings.setValue(RECENT_KEY, items[:MAX_RECENT])

    def clear_recent(self) -> None:
        """Forget the recent files."""
        self.settings.setValue(RECENT_KEY, [])

    def open_recent(self, path: str) -> bool:
        """Open a recent file; one that has gone is reported and forgotten."""
        if not Path(path).exists():
            self.show_error(self.tr("Cannot open design"),
                            self.tr("{path} no longer exists.").format(path=path))
            self.settings.setValue(RECENT_KEY, [p for p in self.recent_files() if p != path])
            return False
        return self.open_path(path)

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        files = self.recent_files()
        for index, path in enumerate(files, start=1):
            action = self.recent_menu.addAction(f"&{index % 10} {Path(path).name}")
            action.setToolTip(path)
            action.setStatusTip(path)
            action.triggered.connect(
                lambda _checked=False, p=path: guarded(self.tr("Open Recent"), self.open_recent)(p))
        if files:
            self.recent_menu.addSeparator()
        clear = self.recent_menu.addAction(self.tr("Clear Recent Files"), self.clear_recent)
        clear.setEnabled(bool(files))

    # ------------------------------------------------------------- exports
    def current_view_rect(self) -> QRectF | None:
        """The part of the canvas the window's view shows (scene units), or None."""
        for view in self.window.findChildren(QGraphicsView):
            if view.isVisible() and view.scene() is not None:
                return view.mapToScene(view.viewport().rect()).boundingRect()
        return None

    def _suggest(self, suffix: str) -> str:
        path = self.document.path  # in the folder of the last export, else the design's
        stem = path.stem if path else _safe_name(self.document.design.name)
        last = Path(str(self.settings.value(EXPORT_FOLDER_KEY, "") or "-"))
        folder = last if last.is_dir() else path.parent if path else Path(self._folder())
        return str(folder / (stem + suffix))

    def export(self, kind: str, path: str | os.PathLike[str] | None = None,
               options: object | None = None) -> bool:
        """Start exporting the design as ``kind`` (a key of :data:`EXPORTS`), asking for
        the file (and, for PNG, the options) when not given. The file is written off
        the GUI thread (:mod:`gui.export.jobs`); True when the export started.
        :attr:`exports` reports the end: a status message naming the file, or the
        failure shown in a message box. One export runs at a time: another is refused
        with a message. Failures are shown, never raised."""
        from gui.export.dialogs import PngOptions

        running = self.exports.busy()
        if running is not None:
            self.show_notice(self.tr("Export in progress"), self.tr(
                "{file} is still being written. Export again when it is done.").format(
                    file=running.name))
            return False
        text, file_filter = export_texts(kind)
        suffix = EXPORTS[kind][2]
        if kind == "png" and options is None:
            options = self.ask_png_options()
            if options is None:
                return False
        if path is None:
            chosen = self.ask_save_path(self.tr("Export {what}").format(
                what=text.rstrip("…")), file_filter,
                                        self._suggest(suffix))
            if not chosen:
                return False
            path = chosen
            self.settings.setValue(EXPORT_FOLDER_KEY, str(Path(chosen).parent))
        try:
            steps = self._export_steps(kind, Path(path),
                                       options if isinstance(options, PngOptions) else None)
        except FiguresNotComputedError as error:
            if error.cancelled:
                self.message.emit(self.tr("Export cancelled"))
                return False
            self.show_error(self.tr("Export failed"), error_message(error))
            return False
        self.exports.start(Path(path), steps)
        self.message.emit(self.tr("Exporting {file}…").format(file=Path(path).name))
        return True

    def _export_steps(self, kind: str, path: Path, options: object | None) -> Steps:
        """The figures (waited for), a snapshot of the design and the export's steps."""
        from gui.export.dialogs import PngOptions

        try:
            metrics: DesignMetrics | None = self.figures()
        except FiguresNotComputedError as error:
            if error.cancelled or kind not in ("png", "svg"):
                raise
            metrics = None  # a picture of the canvas needs no figures
        design = self.document.design.copy()  # what the worker writes: edits go on
        if kind == "png":
            png = options if isinstance(options, PngOptions) else PngOptions(False, None, None)
            source = self.current_view_rect() if png.current_view else None
            return export_steps(kind, design, metrics, path, lang=current_language(),
                                width=png.width, dpi=png.dpi, source=source)
        if kind != "svg" and metrics is None:  # only pictures go without figures
            raise FiguresNotComputedError(self.tr("the figures are not computed"))
        return export_steps(kind, design, metrics, path, lang=current_language())

    def _export_finished(self, path: str, error: object) -> None:
        name = Path(path).name
        if error is None:
            self.message.emit(self.tr("Exported {file}").format(file=name))
            return
        if isinstance(error, ArchipelagoError):
            self.show_error(self.tr("Export failed"), error_message(error))
        elif isinstance(error, Exception):  # a defect: reported and logged as such
            report_unexpected(self.tr("Export {file}").format(file=name), error)
        self.message.emit(self.tr("Export of {file} failed").format(file=name))

    def wait_for_export(self) -> None:
        """Finish the export in progress, if any, before returning (see
        :meth:`ExportRunner.wait`)."""
        self.exports.wait()

    def figures(self) -> DesignMetrics:
        """The figures of the design as it is now, for an export: the ones the window's
        metrics runner already has when they are current; else those of its run in
        flight, waited for with the event loop running (a progress dialog offers to
        cancel). Without a runner, computed by :attr:`compute` on a copy. Raises
        :class:`~gui.metrics_runner.FiguresNotComputedError` when there are none."""
        runner = getattr(self.window, "runner", None)
        if not isinstance(runner, MetricsRunner) or runner.design is not self.document.design:
            return self.compute(self.document.design.copy())
        if runner.is_current() and runner.metrics is not None:
            return runner.metrics
        progress = QProgressDialog(self.tr("Computing the figures for the export…"),
                                   self.tr("Cancel"), 0, 0, self.window)
        progress.setWindowTitle(self.tr("Export"))
        progress.setWindowModality(Qt.WindowModality.WindowModal)
        progress.setMinimumDuration(400)
        try:
            return runner.wait_for_current(progress.wasCanceled)
        finally:
            progress.close()
            progress.deleteLater()

    # ------------------------------------------------- window events, start
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Open a design file dropped on the window; end autosave when it closes."""
        if watched is self.window:
            kind = event.type()
            if kind in (QEvent.Type.DragEnter, QEvent.Type.DragMove) and isinstance(
                    event, QDragEnterEvent | QDropEvent):
                if dropped_design_path(event):
                    event.acceptProposedAction()
                    return True
            elif kind == QEvent.Type.Drop and isinstance(event, QDropEvent):
                path = dropped_design_path(event)
                if path:
                    event.acceptProposedAction()
                    # Open after the drop returns: a dialog inside a drop handler
                    # would block the drag source.
                    QTimer.singleShot(0, lambda: guarded(self.tr("Open"), self.open_path)(path))
                    return True
            elif kind == QEvent.Type.Hide and not event.spontaneous():
                # The window closed (a minimised window's hide is spontaneous): a
                # clean exit keeps no recovery file.
                self.shutdown()
        return super().eventFilter(watched, event)

    def shutdown(self) -> None:
        """A clean exit: finish the export in progress (its file is written whole),
        stop autosaving and remove the recovery file."""
        self.exports.wait()
        if self.autosaver is not None:
            self.autosaver.shutdown()

    def offer_recovery(self, ask: bool = True) -> bool:
        """At start-up: restore unsaved work left by a crash, if the user wants it."""
        entry = offer_recovery(self.window, self.document, self.autosaver, ask=ask)
        if entry is None:
            return False
        self.message.emit(self.tr("Restored unsaved work on {name}").format(
            name=entry.design_name))
        return True

    def _folder(self) -> str:
        recent = self.recent_files()
        if self.document.path is not None:
            return str(self.document.path.parent)
        if recent:
            return str(Path(recent[0]).parent)
        return str(Path.home())


def install_file_menu(window: MainWindow, *, recover: bool = False) -> FileActions:
    """Add to ``window``'s File actions (``window.file_actions``) what is built on them
    (Compare with…, Explore…) and end autosave when the application quits; with
    ``recover``, offer crash recovery once the event loop runs."""
    files = window.file_actions
    app = QApplication.instance()
    if app is not None:
        app.aboutToQuit.connect(files.shutdown)
    from gui.compare_dialog import install_compare
    from gui.explore_dialog import install_explore

    install_compare(window, files)
    install_explore(window, files)
    if recover:
        QTimer.singleShot(0, files.offer_recovery)
    return files


def _safe_name(name: str) -> str:
    """A file-name stem from a design name; a number's thousands separators (comma,
    no-break or thin space) are dropped: "98,304 H100" gives "98304-H100"."""
    name = re.sub("(?<=[0-9])[,\u00a0\u202f](?=[0-9]{3})", "", name)
    keep = "".join(c if c.isalnum() or c in "-_ ." else "_" for c in name).strip()
    return keep.replace(" ", "-") or "design"
