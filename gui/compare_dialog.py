"""File › Compare with…: the open design against another design file, in a dock beside
the canvas.

The dock shows every figure of both designs (:func:`model.compare.compare_figures`:
the numbers of ``report --json``) with the difference and ratio — a figure that got
better in green, worse in red (better by :func:`model.sweep_pareto.guess_maximize`),
changed flags in amber — and the structural difference (elements added, removed,
changed, each changed field old → new). The elements of the open design that differ
(changed, or absent from the other file) are selected on the canvas, so the editor's own
selection highlight marks them; "Select Changed" selects them again.

Both designs are computed off the GUI thread by the window's engine (the open design
as a copy), and the comparison is made there too; a result for a design that has been
edited since is dropped and computed again.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QRunnable, Qt, QThreadPool, Signal
from PySide6.QtGui import QAction, QBrush, QColor
from PySide6.QtWidgets import (
    QCheckBox,
    QDockWidget,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gui.i18n import QT_TRANSLATE_NOOP, current_language, error_message, translate
from gui.words import compared_value, field_word, kind_word
from model.compare import Comparison, FigureRow, compare_reports, format_ratio, format_value
from model.design import Design
from model.figure_words import figure_name
from model.metrics.results import DesignMetrics

if TYPE_CHECKING:
    from gui.files import FileActions
    from gui.main_window import MainWindow

NAME_WIDTH_PX = 220
"""Widest the figure-name column starts (the full name is its tooltip)."""
HEADERS = (QT_TRANSLATE_NOOP("CompareDock", "Figure"),
           QT_TRANSLATE_NOOP("CompareDock", "This design"),
           QT_TRANSLATE_NOOP("CompareDock", "Other"),
           QT_TRANSLATE_NOOP("CompareDock", "Other − this"),
           QT_TRANSLATE_NOOP("CompareDock", "Other ÷ this"))
"""The figure table's column titles (translated when shown)."""


class _Signals(QObject):
    done = Signal(int, object, str)
    """revision of the open design, the Comparison (or None), error message."""


class _CompareJob(QRunnable):
    """Computes both designs and compares them, on a pool thread."""

    def __init__(self, this: Design, other: Design, revision: int,
                 compute: Callable[[Design], DesignMetrics], signals: _Signals) -> None:
        super().__init__()
        self.this, self.other, self.revision = this, other, revision
        self.compute, self.signals = compute, signals
        self.setAutoDelete(True)

    def run(self) -> None:
        from model.figures import flatten_report
        from model.reports.metrics_json import metrics_to_json

        try:
            figures = [flatten_report(metrics_to_json(d, self.compute(d)))
                       for d in (self.this, self.other)]
            comparison = compare_reports(self.this, self.other, *figures)
        except Exception as error:  # shown in the dock, never raised
            self.signals.done.emit(self.revision, None, f"{type(error).__name__}: {error}")
        else:
            self.signals.done.emit(self.revision, comparison, "")


def _colour(row: FigureRow, theme: Any) -> str | None:
    """The colour of a differing figure: better green, worse red, flags amber."""
    from model.sweep_pareto import guess_maximize

    if not row.differs:
        return None
    if row.difference is None:
        return str(theme.warn)
    better = (row.difference > 0) == guess_maximize(row.name)
    return str(theme.ok if better else theme.bad)


class CompareDock(QDockWidget):
    """The comparison of the window's design with another design file."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(self.tr("Compare"), window)
        self.setObjectName("dock-compare")
        self.window_ = window
        self.other: Design | None = None
        self.other_path = ""
        self.comparison: Comparison | None = None
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._signals = _Signals(self)
        self._signals.done.connect(self._on_done)
        self._running = False

        body = QWidget()
        layout = QVBoxLayout(body)
        self.title = QLabel(self.tr("Choose File › Compare with… to compare another design"))
        self.title.setWordWrap(True)
        layout.addWidget(self.title)
        row = QHBoxLayout()
        self.only_different = QCheckBox(self.tr("Only differences"))
        self.only_different.setChecked(True)
        self.only_different.toggled.connect(lambda _on: self._fill_figures())
        self.select_button = QPushButton(self.tr("Select Changed"))
        self.select_button.setToolTip(self.tr("Select the elements of this design that differ"))
        self.select_button.clicked.connect(self.select_changed)
        row.addWidget(self.only_different)
        row.addStretch(1)
        row.addWidget(self.select_button)
        layout.addLayout(row)
        splitter = QSplitter(Qt.Orientation.Vertical)
        self.table = QTableWidget(0, len(HEADERS))
        self.table.setHorizontalHeaderLabels([translate("CompareDock", h) for h in HEADERS])
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setWordWrap(False)
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 6)
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels([self.tr("Element"), self.tr("This design"), self.tr("Other")])
        splitter.addWidget(self.table)
        splitter.addWidget(self.tree)
        layout.addWidget(splitter, 1)
        self.setWidget(body)
        window.document.changed.connect(self._design_changed)
        window.document.reset.connect(self._design_changed)

    # ------------------------------------------------------------ running
    def compare_with(self, other: Design, path: str = "") -> None:
        """Compare the open design with ``other`` (computed in the background)."""
        self.other, self.other_path = other, path
        self.show()
        self.raise_()
        self._start()

    def _start(self) -> None:
        if self.other is None:
            return
        if self._running:
            return  # started again when the running one returns
        self._running = True
        self.title.setText(self.tr("Computing the comparison with {name}…").format(
            name=self._other_name()))
        design = self.window_.document.design
        self._pool.start(_CompareJob(design.copy(), self.other, design.revision,
                                     self.window_.runner.compute, self._signals))

    def _design_changed(self, *_args: object) -> None:
        if self.other is not None and self.isVisible():
            self._start()

    def _on_done(self, revision: int, comparison: object, error: str) -> None:
        self._running = False
        if revision != self.window_.document.design.revision:
            self._start()
            return
        if comparison is None:
            self.title.setText(self.tr("The comparison failed: {error}").format(error=error))
            return
        assert isinstance(comparison, Comparison)
        self.comparison = comparison
        changed = [r for r in comparison.figures if r.differs]
        s = comparison.structure
        self.title.setText(self.tr(
            "This design against {name}: {differ} figures differ; {here} elements only "
            "here, {there} only there, {changed} changed").format(
            name=self._other_name(), differ=len(changed), here=len(s.removed),
            there=len(s.added), changed=len(s.changed)))
        self._fill_figures()
        self._fill_structure()
        self.select_changed()

    def _other_name(self) -> str:
        if self.other_path:
            return os.path.basename(self.other_path)
        return self.other.name if self.other is not None else ""

    def wait(self) -> None:
        """Wait for a comparison in flight (tests, closing)."""
        self._pool.waitForDone()

    # ------------------------------------------------------------ showing
    def _fill_figures(self) -> None:
        comparison = self.comparison
        rows = [] if comparison is None else [
            r for r in comparison.figures if r.differs or not self.only_different.isChecked()]
        self.table.setRowCount(len(rows))
        theme = self.window_.theme
        lang = current_language()
        for i, r in enumerate(rows):
            diff = "—" if r.difference is None else format_value(r.difference)
            if r.difference is not None and r.difference > 0:
                diff = "+" + diff
            texts = (figure_name(r.name, lang), format_value(r.a), format_value(r.b), diff,
                     format_ratio(r.ratio))
            colour = _colour(r, theme)
            for column, text in enumerate(texts):
                item = QTableWidgetItem(text)
                if column:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight
                                          | Qt.AlignmentFlag.AlignVCenter)
                if colour is not None and column >= 2:
                    item.setForeground(QBrush(QColor(colour)))
                if column == 0:
                    item.setToolTip(r.name)  # the report's path, as scripts name it
                self.table.setItem(i, column, item)
        self.table.resizeColumnsToContents()
        self.table.setColumnWidth(0, min(self.table.columnWidth(0), NAME_WIDTH_PX))

    def _fill_structure(self) -> None:
        self.tree.clear()
        if self.comparison is None:
            return
        s = self.comparison.structure
        groups = ((self.tr("Only in this design"), s.removed),
                  (self.tr("Only in the other"), s.added))
        for title, entries in groups:
            parent = QTreeWidgetItem(self.tree, [f"{title} ({len(entries)})"])
            for p in entries:
                QTreeWidgetItem(parent, [f"{kind_word(p.kind)} {p.name} ({p.id})"])
            parent.setExpanded(True)
        parent = QTreeWidgetItem(self.tree, [self.tr("Changed ({count})").format(
            count=len(s.changed))])
        for c in s.changed:
            label = f"{kind_word(c.kind)} {c.name} ({c.id})" if c.id else kind_word(c.kind)
            item = QTreeWidgetItem(parent, [label])
            item.setData(0, Qt.ItemDataRole.UserRole, c.id)
            for name, (old, new) in c.fields.items():
                field = QTreeWidgetItem(item, [field_word(name, c.kind),
                                               compared_value(name, old),
                                               compared_value(name, new)])
                field.setToolTip(0, name)
                for column, value in ((1, old), (2, new)):  # the whole value, as stored
                    field.setToolTip(column, json.dumps(value, ensure_ascii=False))
            item.setExpanded(True)
        parent.setExpanded(True)
        self.tree.resizeColumnToContents(0)

    def changed_ids(self) -> list[str]:
        """Elements of the open design that differ from the other file: changed, or
        absent from it."""
        if self.comparison is None:
            return []
        from model.design import KINDS

        s = self.comparison.structure
        return ([p.id for p in s.removed if p.kind in KINDS]
                + [c.id for c in s.changed if c.kind in KINDS])

    def select_changed(self) -> None:
        """Select (and so highlight) the differing elements on the canvas."""
        ids = self.changed_ids()
        self.window_.scene.select_ids(ids)
        if ids:
            self.window_.show_status(self.tr(
                "Selected {count} elements that differ from {name}").format(
                count=len(ids), name=self._other_name()))


def ask_compare_path(window: QWidget, folder: str) -> str | None:
    """Ask for the design file to compare with (None when cancelled)."""
    from gui.files import DESIGN_FILTER

    path, _ = QFileDialog.getOpenFileName(
        window, translate("CompareActions", "Compare with"), folder,
        translate("FileActions", DESIGN_FILTER))
    return path or None


class CompareActions(QObject):
    """File › Compare with…: asks for a file, loads it and shows the dock."""

    def __init__(self, window: MainWindow, files: FileActions) -> None:
        super().__init__(window)
        self.window = window
        self.files = files
        self.dock: CompareDock | None = None
        self.ask_path: Callable[[], str | None] = lambda: ask_compare_path(
            window, os.path.dirname(str(window.document.path or "")))
        self.action = QAction(self.tr("Compare &with…"), window)
        self.action.setStatusTip(self.tr("Compare the figures and elements of this design "
                                         "with another design file"))
        self.action.triggered.connect(lambda _checked=False: self.compare())

    def compare(self, path: str | None = None) -> bool:
        """Compare with the design file at ``path`` (asked for when None)."""
        from model.errors import ArchipelagoError
        from model.fileformat import load_design

        path = path or self.ask_path()
        if not path:
            return False
        try:
            other = load_design(path)
        except (ArchipelagoError, OSError) as error:
            QMessageBox.critical(self.window, self.tr("Cannot compare"), error_message(error))
            return False
        if self.dock is None:
            self.dock = CompareDock(self.window)
            self.window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.dock)
            metrics = self.window.docks.get("metrics")
            if metrics is not None:  # a tab beside the metrics: the room they have
                self.window.tabifyDockWidget(metrics, self.dock)
            self.window.docks["compare"] = self.dock
        self.dock.compare_with(other, str(path))
        return True


def install_compare(window: MainWindow, files: FileActions) -> CompareActions:
    """Add File › Compare with… (after Revert); kept as ``window.compare_actions``."""
    actions = CompareActions(window, files)
    menu = window.menu("File")
    menu.insertAction(files.export_menu.menuAction(), actions.action)
    window.compare_actions = actions  # type: ignore[attr-defined]
    return actions
