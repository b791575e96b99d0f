"""The N−1 tab of the metrics dock: each single failure and what it costs, worst first.

The table (:func:`model.n_minus_1.n_minus_1`: the worst switch of each tier, one link of
each bundle, each building) is computed failure by failure in the engine process, from a
pool thread that only waits for it, so the window stays responsive. Each row is shown as
soon as it is finished, in its sorted place (worst first, ties in design order: the
table's own order, so the finished table needs no reordering); the rows that arrive in
one turn of the event loop are put in together. A bar counts the rows, and Stop ends the
computation after the failure under way (the rows so far stay). It starts when the tab is
first opened (or from Analysis › N−1 Table…); an edit or another low-bandwidth threshold
while it runs stops it and clears its rows (each run has a number, and a row of an older
run is dropped when it arrives), a finished table is marked out of date until Compute
Again. Failures that partition the network are flagged. Double-clicking a row (or "Fail
Selected") fails that element in the window's what-if.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable

from PySide6.QtCore import QObject, QRunnable, QSize, Qt, QThreadPool, QTimer, Signal
from PySide6.QtGui import QBrush, QColor, QHideEvent, QPainter, QPaintEvent, QShowEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QStyleOptionViewItem,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gui.i18n import QT_TRANSLATE_NOOP, current_language, translate
from model.design import Design
from model.failures import Failure
from model.metrics.kept_bandwidth import DEFAULT_THRESHOLD
from model.metrics.results import DesignMetrics
from model.n_minus_1 import NMinusOneRow, NMinusOneTable, n_minus_1, sorted_position
from model.whatif import format_figure

HEADERS = (QT_TRANSLATE_NOOP("WhatIf", "Failure"), QT_TRANSLATE_NOOP("WhatIf", "Partitions"),
           QT_TRANSLATE_NOOP("WhatIf", "Bisection"), QT_TRANSLATE_NOOP("WhatIf", "Of healthy"),
           QT_TRANSLATE_NOOP("WhatIf", "Max hops"),
           QT_TRANSLATE_NOOP("WhatIf", "Accelerators down"),
           QT_TRANSLATE_NOOP("WhatIf", "Cut off"), QT_TRANSLATE_NOOP("WhatIf", "Low bandwidth"),
           QT_TRANSLATE_NOOP("WhatIf", "Pairs with no path"),
           QT_TRANSLATE_NOOP("WhatIf", "Worst island pair"),
           QT_TRANSLATE_NOOP("WhatIf", "Worst building pair"))
PARTITION_COLOUR = "#c62828"
ROWS_SHOWN = 5
ROWS_PER_TURN = 8
"""Most rows put in the table in one turn of the event loop (the rest wait a turn): about
0.3 ms of GUI-thread CPU each (16 took 3–6 ms at a load average of 6.5), so a turn stays
within a few ms."""
"""Rows the table shows at least while the tab is open: on a 1280×720 screen the
controls above and below it took all but one row (the Xvfb walk of issue #15)."""


class OneLineLabel(QLabel):
    """A label of one line: text too long for it ends in "…" and is read whole in its
    tooltip, so a long summary does not take the table's rows."""

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.hint = ""
        """Said in the tooltip after the text."""
        self.setText(text)

    def setText(self, text: str) -> None:
        super().setText(text)
        self.setToolTip("\n\n".join(t for t in (text, self.hint) if t))

    def set_hint(self, hint: str) -> None:
        """What the tooltip says after the text."""
        self.hint = hint
        self.setText(self.text())

    def minimumSizeHint(self) -> QSize:
        return QSize(0, self.fontMetrics().height())

    def sizeHint(self) -> QSize:
        return QSize(0, self.fontMetrics().height())

    def shown_text(self) -> str:
        """The text as drawn: elided to the label's width."""
        return self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideRight,
                                             self.contentsRect().width())

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        self.style().drawItemText(painter, self.contentsRect(),
                                  int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
                                  self.palette(), self.isEnabled(), self.shown_text(),
                                  self.foregroundRole())


def intro_text() -> str:
    """What the tab says before its first table."""
    return translate("WhatIf", "The N−1 table fails each switch tier's worst switch, each"
                     " bundle's link and each building in turn: Compute.")


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
    """run, the table (or None), error message."""
    row = Signal(int, object, int, int)
    """run, a finished row, rows so far, rows in all."""


class _TableJob(QRunnable):
    """Computes one run's table on a pool thread: each finished row is sent to the
    panel at once; a set ``stopped`` ends it before the next computation."""

    def __init__(self, design: Design, run: int, what_if: WhatIf,
                 signals: _Signals, stopped: threading.Event, threshold: float,
                 lang: str | None = None) -> None:
        super().__init__()
        self.lang = lang
        self.design, self.run_id, self.what_if, self.signals = (design, run, what_if,
                                                                signals)
        self.threshold = threshold
        self.stopped = stopped
        self.setAutoDelete(True)

    def _check(self) -> None:
        if self.stopped.is_set():
            raise StoppedError

    def _progress(self, _done: int, _total: int) -> None:
        self._check()

    def _compute(self, *args: object, **kwargs: object) -> DesignMetrics:
        self._check()  # a run stopped while queued computes nothing
        return self.what_if(*args, **kwargs)

    def _row(self, row: NMinusOneRow, done: int, total: int) -> None:
        self._check()
        self.signals.row.emit(self.run_id, row, done, total)

    def run(self) -> None:
        try:
            table = n_minus_1(self.design, compute=self._compute, progress=self._progress,
                              threshold=self.threshold, lang=self.lang, on_row=self._row)
        except StoppedError:
            self.signals.done.emit(self.run_id, None, "stopped")
        except Exception as error:  # shown in the dialog, never raised
            self.signals.done.emit(self.run_id, None, f"{type(error).__name__}: {error}")
        else:
            self.signals.done.emit(self.run_id, table, "")


class NMinusOnePanel(QWidget):
    """The N−1 table as a tab: computed in the background, worst first."""

    def __init__(self, design_of: Callable[[], Design], fail: Callable[[Failure], object],
                 what_if: WhatIf = engine_what_if, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("n-minus-1-tab")
        self.design_of = design_of
        """The window's design now (another design may be opened)."""
        self.fail = fail
        self.what_if = what_if
        self.threshold = DEFAULT_THRESHOLD
        """Accelerators at low bandwidth keep at most this of healthy (the what-if's)."""
        self.stopped = threading.Event()
        """Set to stop the table under way (after the failure it is computing)."""
        self.table: NMinusOneTable | None = None
        self.rows: list[NMinusOneRow] = []
        """The rows on show, worst first: the table's once it is finished, the rows
        computed so far while it runs (or after Stop)."""
        self.error = ""
        self.running = False
        self._computed_for: tuple[object, int, float] | None = None
        self._run = 0
        """The number of the run whose rows may be shown (a row of another is dropped)."""
        self._rows_for: tuple[object, int, float] | None = None
        """What the rows on show (or under way) are of: design, revision, threshold."""
        self._pending: list[NMinusOneRow] = []
        """Rows of the current run arrived in this turn of the event loop, not yet shown."""
        self._total = 0
        """Rows in all of the run under way (told with each row)."""
        self._finished: tuple[object, str] | None = None
        """The run's end (its table or None, the error) when it arrived before all its
        rows were put in: taken once they are."""
        self._flush_timer = QTimer(self)
        self._flush_timer.setSingleShot(True)
        self._flush_timer.setInterval(0)
        self._flush_timer.timeout.connect(self._flush)
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._signals = _Signals(self)
        self._signals.done.connect(self._on_done)
        self._signals.row.connect(self._on_row)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        # one line of summary, the table, one row of buttons (the progress bar among
        # them): the table keeps the height
        self.state = OneLineLabel(intro_text())
        layout.addWidget(self.state)
        self.busy = QProgressBar()
        self.busy.setRange(0, 0)  # until the first row is computed
        self.busy.setFormat(translate("WhatIf", "%v of %m rows"))
        self.busy.setMinimumWidth(24)  # sized to its text once the count is known
        self.busy.hide()
        self.grid = QTableWidget(0, len(HEADERS))
        self.grid.setObjectName("n-minus-1-table")
        self.grid.setHorizontalHeaderLabels([translate("WhatIf", h) for h in HEADERS])
        self.grid.verticalHeader().hide()
        self.grid.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 4)
        self.grid.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.grid.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.grid.setSelectionMode(QTableWidget.SelectionMode.SingleSelection)
        self.grid.setWordWrap(False)
        self.grid.cellDoubleClicked.connect(lambda row, _col: self.fail_row(row))
        layout.addWidget(self.grid, 1)
        buttons = QHBoxLayout()
        buttons.setSpacing(4)
        self.again = QPushButton(translate("WhatIf", "Compute"))
        self.again.clicked.connect(self.start)
        self.stop_button = QPushButton(translate("WhatIf", "Stop"))
        self.stop_button.setEnabled(False)
        self.stop_button.clicked.connect(self.stop)
        self.fail_button = QPushButton(translate("WhatIf", "Fail Selected"))
        self.fail_button.setToolTip(translate("WhatIf",
                                              "Fail the selected row's element in the what-if"))
        self.fail_button.clicked.connect(lambda: self.fail_row(self.grid.currentRow()))
        buttons.addWidget(self.again)
        buttons.addWidget(self.stop_button)
        buttons.addWidget(self.busy, 1)
        buttons.addStretch(1)
        buttons.addWidget(self.fail_button)
        layout.addLayout(buttons)
        # until the tab is open: a closed tab must not make the dock taller than its
        # charts do (the docks above keep their room on a 1280×720 screen)
        self.setMinimumHeight(1)

    def rows_height(self, rows: int = ROWS_SHOWN) -> int:
        """The tab's height with ``rows`` rows of the table in sight: the summary line,
        the table's header, rows and scroll bar, the buttons."""
        grid = self.grid
        table = (grid.horizontalHeader().sizeHint().height()
                 + rows * grid.verticalHeader().defaultSectionSize()
                 + grid.horizontalScrollBar().sizeHint().height() + 2 * grid.frameWidth())
        layout = self.layout()
        spacing = layout.spacing() if layout is not None else 0
        return (self.state.minimumSizeHint().height() + table
                + self.again.sizeHint().height() + 2 * spacing)

    def showEvent(self, event: QShowEvent) -> None:
        """Open: ask the dock for the room of several rows (it takes it from the
        inspector above, which scrolls)."""
        self.setMinimumHeight(self.rows_height())
        super().showEvent(event)

    def hideEvent(self, event: QHideEvent) -> None:
        """Closed (another tab is open): no claim on the dock's height."""
        self.setMinimumHeight(1)
        super().hideEvent(event)

    def _wanted(self) -> tuple[object, int, float]:
        design = self.design_of()
        return (id(design), design.revision, self.threshold)

    def is_current(self) -> bool:
        """True when the table on show (or under way) is of the design as it is now,
        at the threshold now."""
        return self._computed_for == self._wanted()

    def start_if_needed(self) -> None:
        """Compute unless the table on show (or under way) is current."""
        if not self.is_current():
            self.start()

    def start(self) -> None:
        """Compute the table of the design as it is now (in the background)."""
        design = self.design_of()
        self._drop_run()  # a table still under way stops; its rows are gone
        self._computed_for = self._rows_for = self._wanted()
        self.running = True
        self.busy.setRange(0, 0)
        self.busy.setMinimumWidth(24)
        self.busy.show()
        # while the table is computed only Stop applies: the other buttons give the bar
        # the room of its text ("440 of 912" read "440 of" in a 30 px bar)
        self.again.hide()
        self.fail_button.hide()
        self.again.setEnabled(False)
        self.again.setText(translate("WhatIf", "Compute Again"))
        self.stop_button.setEnabled(True)
        self.state.setText(translate("WhatIf", "Failing each switch tier's switches, each"
                                     " bundle's link and each building in turn, in the engine"
                                     " process…"))
        self._pool.start(_TableJob(design.copy(), self._run, self.what_if,
                                   self._signals, self.stopped, self.threshold,
                                   current_language()))

    def stop(self) -> None:
        """Stop after the failure under way."""
        self.stopped.set()
        self.stop_button.setEnabled(False)

    def set_threshold(self, threshold: float) -> None:
        """The what-if's low-bandwidth threshold changed: the table is out of date."""
        self.threshold = threshold
        self.mark_out_of_date()

    def _drop_run(self) -> None:
        """Stop the run under way (after the failure it is computing) and clear its
        rows: the rows still on their way belong to a run whose number is no longer the
        panel's, and are dropped when they arrive."""
        self.stopped.set()
        self.stopped = threading.Event()
        self._run += 1
        self._rows_for = None
        self._pending.clear()
        self._finished = None
        self._flush_timer.stop()
        self.table = None
        self.error = ""
        self.rows = []
        self.grid.setRowCount(0)

    def _show_idle(self) -> None:
        """No table under way: the bar gone, the buttons back."""
        self.running = False
        self.busy.hide()
        self.again.show()
        self.fail_button.show()
        self.again.setEnabled(True)
        self.stop_button.setEnabled(False)

    def mark_out_of_date(self) -> None:
        """The design or threshold may have changed. A table under way (or stopped
        part way) for the design as it was is stopped and its rows cleared; a finished
        one stays, marked out of date."""
        if self._rows_for is None or self._rows_for == self._wanted():
            return
        if self.running or (self.table is None and self.rows):
            self._drop_run()
            self._computed_for = None
            self._show_idle()
            self.state.setText(translate(
                "WhatIf", "Stopped: the design or threshold changed while the table was"
                " computed. Compute Again."))
            return
        if self.table is not None:
            # said first: the line is cut to the dock's width
            self.state.setText(translate(
                "WhatIf", " Out of date (the design or threshold changed): Compute Again."
            ).strip() + " " + self._summary(self.table))

    def _on_row(self, run: int, row: object, done: int, total: int) -> None:
        """A finished row: kept to be shown in this turn's batch (none of an older
        run)."""
        if run != self._run:
            return
        assert isinstance(row, NMinusOneRow)
        self._pending.append(row)
        self._total = total
        if not self._flush_timer.isActive():
            self._flush_timer.start()

    def _flush(self) -> None:
        """Show the rows arrived since the last turn (at most :data:`ROWS_PER_TURN`; the
        others a turn later), each in its sorted place, and count them on the bar; once
        every row is in, take the run's end if it arrived."""
        arrived = self._pending[:ROWS_PER_TURN]
        del self._pending[:ROWS_PER_TURN]
        if arrived:
            first = not self.rows
            for row in arrived:
                at = sorted_position(self.rows, row)
                self.rows.insert(at, row)
                self.grid.insertRow(at)
                self._set_row(at, row)
            if first:
                self.grid.resizeColumnsToContents()
            else:
                self._widen_columns(arrived)
            self._on_progress(len(self.rows), max(self._total, len(self.rows)))
        if self._pending:
            self._flush_timer.start()
        elif self._finished is not None:
            self._finish(*self._finished)

    def _widen_columns(self, rows: list[NMinusOneRow]) -> None:
        """Widen the columns a new row's text does not fit (as resizeColumnsToContents
        would, measuring the new rows only: its cost grows with the table)."""
        grid = self.grid
        new = {id(r) for r in rows}
        at = [r for r, row in enumerate(self.rows) if id(row) in new]
        option = QStyleOptionViewItem()
        grid.initViewItemOption(option)
        delegate, model = grid.itemDelegate(), grid.model()
        line = 1 if grid.showGrid() else 0
        for c in range(grid.columnCount()):
            want = max(delegate.sizeHint(option, model.index(r, c)).width() for r in at)
            if want + line > grid.columnWidth(c):
                grid.setColumnWidth(c, max(want + line,
                                           grid.horizontalHeader().sectionSizeHint(c)))

    def _on_progress(self, done: int, total: int) -> None:
        if self.busy.maximum() != total:
            self.busy.setMinimumWidth(self.bar_width(total))
        self.busy.setRange(0, total)
        self.busy.setValue(done)

    def bar_width(self, total: int) -> int:
        """The progress bar's width for its widest text, "{total} of {total}
        rows", with the style's margins around it."""
        text = self.busy.format().replace("%v", str(total)).replace("%m", str(total))
        metrics = self.busy.fontMetrics()
        return metrics.horizontalAdvance(text) + 2 * metrics.averageCharWidth() + 8

    def is_done(self) -> bool:
        """True once the table (or its error) arrived."""
        return self.table is not None or bool(self.error)

    def _on_done(self, run: int, table: object, error: str) -> None:
        if run != self._run:
            return  # an earlier table, stopped for the one now under way
        self._finished = (table, error)
        if not self._flush_timer.isActive():
            self._flush()  # the rows still on their way first, then the end

    def _finish(self, table: object, error: str) -> None:
        """The run ended (every row of it on show)."""
        self._finished = None
        self._show_idle()
        if table is None:
            self.error = error or translate("WhatIf", "the table could not be computed")
            self._computed_for = None
            self.state.setText(translate("WhatIf", "N−1 table not computed: {error}").format(
                error=self.error))
            return
        assert isinstance(table, NMinusOneTable)
        self.table = table
        self.state.set_hint(translate("WhatIf", "Double-click a row (or select it and press"
                                      " Fail Selected) to fail it in the editor"))
        self.state.setText(self._summary(table))
        if self.rows != table.rows:  # they are, row for row: a safeguard
            self._fill(table.rows)
        self.mark_out_of_date()

    def _summary(self, table: NMinusOneTable) -> str:
        parts = len(table.partitioning)
        return translate(
            "WhatIf", "{rows} single failures, worst first · {parts} partition the network ·"
            " healthy bisection {bisection}, max hops {hops} · low bandwidth: ≤ {percent} %"
            " of healthy.").format(
            rows=len(table.rows), parts=parts,
            bisection=format_figure("bisection_gbps", table.healthy["bisection_gbps"]),
            hops=format_figure("max_hops", table.healthy["max_hops"]),
            percent=f"{table.threshold * 100:g}")

    def _fill(self, rows: list[NMinusOneRow]) -> None:
        self.rows = list(rows)
        self.grid.setRowCount(len(rows))
        for r, row in enumerate(rows):
            self._set_row(r, row)
        self.grid.resizeColumnsToContents()

    def _set_row(self, r: int, row: NMinusOneRow) -> None:
        """Write ``row`` into the grid's row ``r``."""
        ratio = f"{row.bisection_ratio:.1%}" if math.isfinite(row.bisection_ratio) \
            else "—"
        texts = (row.words, translate("WhatIf", "yes") if row.splits else "",
                 format_figure("bisection_gbps", row.bisection_gbps), ratio,
                 format_figure("max_hops", row.max_hops),
                 f"{row.accelerators_down:,}", f"{row.accelerators_cut_off:,}",
                 f"{row.accelerators_low_bandwidth:,}",
                 f"{row.unreachable_pairs:,}",
                 format_figure("worst_island_pair_gbps", row.worst_island_pair_gbps),
                 format_figure("worst_building_pair_gbps",
                               row.worst_building_pair_gbps))
        tip = []
        if row.kind == "tier":
            tip.append(translate("WhatIf", "The worst of {tried} switches tried (one per"
                                 " class of interchangeable switches; the tier has"
                                 " {classes})").format(tried=row.members_tried,
                                                       classes=row.classes))
        if row.same_as:
            tip.append(translate("WhatIf", "Same figures as {element} (an identical"
                                 " island)").format(element=row.same_as))
        if row.splits:
            tip.append(translate("WhatIf", "Partitions the network: some working"
                                 " accelerators can no longer reach others"))
        for c, text in enumerate(texts):
            item = QTableWidgetItem(text)
            if c:
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight
                                      | Qt.AlignmentFlag.AlignVCenter)
            if c == 1 and row.splits:
                item.setForeground(QBrush(QColor(PARTITION_COLOUR)))
            if tip:
                item.setToolTip("\n".join(tip))
            self.grid.setItem(r, c, item)

    def fail_row(self, row: int) -> None:
        """Fail the element of ``row`` in the window's what-if."""
        if not 0 <= row < len(self.rows):
            return
        self.fail(self.rows[row].failure)

    def forget(self) -> None:
        """Another design was opened: stop and clear the table."""
        self._drop_run()
        self._computed_for = None
        self._show_idle()
        self.state.setText(intro_text())
