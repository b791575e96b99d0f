"""Analysis › N−1 Table…: each single failure and what it costs, worst first.

The table (:func:`model.n_minus_1.n_minus_1`: one switch of each tier, one link of each
bundle, each building) is computed failure by failure in the engine process, from a
pool thread that only waits for it, so the window stays responsive; a bar counts the
failures computed, and Stop ends the computation after the failure under way. A table
for a design that has been edited since is marked out of date. Double-clicking a row (or
"Fail Selected") fails that element in the window's what-if.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable

from PySide6.QtCore import QObject, QRunnable, Qt, QThreadPool, Signal
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gui.i18n import QT_TRANSLATE_NOOP, translate
from model.design import Design
from model.failures import Failure
from model.metrics.results import DesignMetrics
from model.n_minus_1 import NMinusOneTable, n_minus_1
from model.whatif import format_figure

HEADERS = (QT_TRANSLATE_NOOP("WhatIf", "Failure"), QT_TRANSLATE_NOOP("WhatIf", "Bisection"),
           QT_TRANSLATE_NOOP("WhatIf", "Of healthy"),
           QT_TRANSLATE_NOOP("WhatIf", "Accelerators down"),
           QT_TRANSLATE_NOOP("WhatIf", "Cut off"),
           QT_TRANSLATE_NOOP("WhatIf", "Pairs with no path"),
           QT_TRANSLATE_NOOP("WhatIf", "Worst island pair"),
           QT_TRANSLATE_NOOP("WhatIf", "Worst building pair"))

WhatIf = Callable[..., DesignMetrics]
"""Computes one what-if: ``fn(design, plane, budget, failures=...)``."""


def engine_what_if(design: Design, plane: object = None, budget: float | None = None,
                   failures: tuple[Failure, ...] = ()) -> DesignMetrics:
    """The figures of ``design`` (a copy nobody edits) with ``failures`` down, computed
    in the engine process on the design's own plane."""
    from gui.metrics_runner import _run_in_engine
    from model.metrics import compute_all

    return _run_in_engine(compute_all, design, None, budget, tuple(failures))


class StoppedError(Exception):
    """The user stopped the table."""


class _Signals(QObject):
    done = Signal(int, object, str)
    """revision, the table (or None), error message."""
    progress = Signal(int, int)
    """failures computed, of how many."""


class _TableJob(QRunnable):
    def __init__(self, design: Design, revision: int, what_if: WhatIf,
                 signals: _Signals, stopped: threading.Event) -> None:
        super().__init__()
        self.design, self.revision, self.what_if, self.signals = (design, revision, what_if,
                                                                  signals)
        self.stopped = stopped
        self.setAutoDelete(True)

    def _progress(self, done: int, total: int) -> None:
        self.signals.progress.emit(done, total)
        if self.stopped.is_set():
            raise StoppedError

    def run(self) -> None:
        try:
            table = n_minus_1(self.design, compute=self.what_if, progress=self._progress)
        except StoppedError:
            self.signals.done.emit(self.revision, None, "stopped")
        except Exception as error:  # shown in the dialog, never raised
            self.signals.done.emit(self.revision, None, f"{type(error).__name__}: {error}")
        else:
            self.signals.done.emit(self.revision, table, "")


class NMinusOneDialog(QDialog):
    """The N−1 table of the window's design."""

    def __init__(self, design: Design, fail: Callable[[Failure], object],
                 what_if: WhatIf = engine_what_if, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("n-minus-1-dialog")
        self.setWindowTitle(translate("WhatIf", "N−1: each single failure, worst first"))
        self.design = design
        self.fail = fail
        self.what_if = what_if
        self.stopped = threading.Event()
        """Set to stop the table under way (after the failure it is computing)."""
        self.table: NMinusOneTable | None = None
        self.error = ""
        self._revision = -1
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._signals = _Signals(self)
        self._signals.done.connect(self._on_done)
        self._signals.progress.connect(self._on_progress)
        layout = QVBoxLayout(self)
        self.state = QLabel("")
        self.state.setWordWrap(True)
        layout.addWidget(self.state)
        self.busy = QProgressBar()
        self.busy.setRange(0, 0)  # until the first failure is computed
        self.busy.setFormat(translate("WhatIf", "%v of %m failures"))
        layout.addWidget(self.busy)
        self.grid = QTableWidget(0, len(HEADERS))
        self.grid.setHorizontalHeaderLabels([translate("WhatIf", h) for h in HEADERS])
        self.grid.verticalHeader().hide()
        self.grid.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.grid.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.grid.setSelectionMode(QTableWidget.SelectionMode.SingleSelection)
        self.grid.cellDoubleClicked.connect(lambda row, _col: self.fail_row(row))
        layout.addWidget(self.grid, 1)
        buttons = QHBoxLayout()
        self.again = QPushButton(translate("WhatIf", "Compute Again"))
        self.again.clicked.connect(self.start)
        self.stop_button = QPushButton(translate("WhatIf", "Stop"))
        self.stop_button.clicked.connect(self.stop)
        self.fail_button = QPushButton(translate("WhatIf", "Fail Selected"))
        self.fail_button.setToolTip(translate("WhatIf",
                                              "Fail the selected row's element in the what-if"))
        self.fail_button.clicked.connect(lambda: self.fail_row(self.grid.currentRow()))
        close = QPushButton(translate("WhatIf", "Close"))
        close.clicked.connect(self.close)
        buttons.addWidget(self.again)
        buttons.addWidget(self.stop_button)
        buttons.addStretch(1)
        buttons.addWidget(self.fail_button)
        buttons.addWidget(close)
        layout.addLayout(buttons)
        self.resize(1000, 520)

    def start(self) -> None:
        """Compute the table of the design as it is now (in the background)."""
        self._revision = self.design.revision
        self.table = None
        self.error = ""
        self.busy.setRange(0, 0)
        self.busy.show()
        self.again.setEnabled(False)
        self.stop_button.setEnabled(True)
        self.state.setText(translate("WhatIf", "Failing each switch tier's switch, each "
                                     "bundle's link and each building in turn, in the engine "
                                     "process…"))
        self.stopped.set()  # a table still under way stops
        self.stopped = threading.Event()
        self._pool.start(_TableJob(self.design.copy(), self._revision, self.what_if,
                                   self._signals, self.stopped))

    def stop(self) -> None:
        """Stop after the failure under way."""
        self.stopped.set()
        self.stop_button.setEnabled(False)

    def _on_progress(self, done: int, total: int) -> None:
        self.busy.setRange(0, total)
        self.busy.setValue(done)

    def is_done(self) -> bool:
        """True once the table (or its error) arrived."""
        return self.table is not None or bool(self.error)

    def _on_done(self, revision: int, table: object, error: str) -> None:
        if error == "stopped" and not self.stopped.is_set():
            return  # an earlier table, stopped for the one now under way
        self.busy.hide()
        self.again.setEnabled(True)
        self.stop_button.setEnabled(False)
        if table is None:
            self.error = error or translate("WhatIf", "the table could not be computed")
            self.state.setText(translate("WhatIf", "N−1 table not computed: {error}").format(
                error=self.error))
            return
        assert isinstance(table, NMinusOneTable)
        self.table = table
        stale = translate("WhatIf", " (the design has changed since: Compute Again)") \
            if revision != self.design.revision else ""
        self.state.setText(translate(
            "WhatIf", "{rows} single failures, worst first; healthy bisection {bisection}. "
            "{computed} computed, the rest copy an identical island's figures. Double-click a "
            "row to fail it.").format(
            rows=len(table.rows),
            bisection=format_figure("bisection_gbps", table.healthy["bisection_gbps"]),
            computed=table.computed) + stale)
        self._fill(table)

    def _fill(self, table: NMinusOneTable) -> None:
        self.grid.setRowCount(len(table.rows))
        for r, row in enumerate(table.rows):
            ratio = f"{row.bisection_ratio:.1%}" if math.isfinite(row.bisection_ratio) \
                else "—"
            texts = (row.words + (translate("WhatIf", " (splits the network)")
                                  if row.splits else ""),
                     format_figure("bisection_gbps", row.bisection_gbps), ratio,
                     f"{row.accelerators_down:,}", f"{row.accelerators_cut_off:,}",
                     f"{row.unreachable_pairs:,}",
                     format_figure("worst_island_pair_gbps", row.worst_island_pair_gbps),
                     format_figure("worst_building_pair_gbps",
                                   row.worst_building_pair_gbps))
            for c, text in enumerate(texts):
                item = QTableWidgetItem(text)
                if c:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight
                                          | Qt.AlignmentFlag.AlignVCenter)
                if row.same_as:
                    item.setToolTip(translate(
                        "WhatIf", "Same figures as {other} (an identical island)").format(
                        other=row.same_as))
                self.grid.setItem(r, c, item)
        self.grid.resizeColumnsToContents()

    def fail_row(self, row: int) -> None:
        """Fail the element of ``row`` in the window's what-if."""
        if self.table is None or not 0 <= row < len(self.table.rows):
            return
        self.fail(self.table.rows[row].failure)

    def closeEvent(self, event) -> None:  # type: ignore[no-untyped-def]
        self.stop()  # the failure under way finishes in the engine; nothing follows it
        super().closeEvent(event)
