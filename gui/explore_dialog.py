"""Tools › Explore…: a sweep's results as a Pareto chart; clicking a point opens its
design.

The dialog loads a sweep's CSV table (``python main.py sweep … --out OUT`` writes
OUT.csv beside OUT.sweep.json, which says how each point's design is made), lets the
user choose the two figures and which way each is better, and draws every point with
the Pareto front (:mod:`gui.pareto_chart`, the same picture ``sweep --pareto`` writes).
Clicking a point shows its parameters and figures; "Open Design" re-generates the
point's design from its parameters (:func:`model.sweep_plan.build_point`) and opens it in
the window through the File menu's path, so unsaved changes are asked about first. The
dialog is not modal: the chart stays beside the design.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QPalette
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFileDialog,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
)

from gui.i18n import error_message
from gui.pareto_chart import ChartData, ParetoWidget
from model.errors import ArchipelagoError
from model.sweep_pareto import ParetoAxis, chart_points, guess_maximize, pareto_front
from model.sweep_plan import SweepSpec
from model.sweep_store import LEAD_COLUMNS, SweepStore, read_table

if TYPE_CHECKING:
    from gui.files import FileActions
    from gui.main_window import MainWindow

PREFERRED = ("power_totals.facility_kw", "bisection.per_accelerator_gbps")
"""Figures shown first when a table has them."""


def _numeric_columns(columns: list[str], rows: list[dict[str, Any]]) -> list[str]:
    """Figure columns holding at least one number (the axes and lead columns left out)."""
    out = []
    for c in columns:
        if c in LEAD_COLUMNS:
            continue
        if any(isinstance(r.get(c), int | float) and not isinstance(r.get(c), bool)
               for r in rows):
            out.append(c)
    return out


class ExploreDialog(QDialog):
    """The Pareto chart of one sweep table, with its points openable."""

    def __init__(self, window: MainWindow, files: FileActions) -> None:
        super().__init__(window)
        self.setWindowTitle(self.tr("Explore a sweep"))
        self.setModal(False)
        self.window_ = window
        self.files = files
        self.columns: list[str] = []
        self.rows: list[dict[str, Any]] = []
        self.spec: SweepSpec | None = None
        self.chosen: int | None = None
        self.ask_path: Callable[[], str | None] = self._ask_path

        self.path_label = QLabel(self.tr("No sweep table open"))
        open_button = QPushButton(self.tr("Open Table…"))
        open_button.clicked.connect(lambda _checked=False: self.open_table())
        top = QHBoxLayout()
        top.addWidget(self.path_label, 1)
        top.addWidget(open_button)
        grid = QGridLayout()
        self.x_combo, self.y_combo = QComboBox(), QComboBox()
        self.x_sense, self.y_sense = QComboBox(), QComboBox()
        for row, (label, combo, sense) in enumerate((("X", self.x_combo, self.x_sense),
                                                    ("Y", self.y_combo, self.y_sense))):
            sense.addItems([self.tr("higher is better"), self.tr("lower is better")])
            combo.currentTextChanged.connect(self._figure_chosen)
            sense.currentIndexChanged.connect(lambda _i: self.redraw())
            grid.addWidget(QLabel(label), row, 0)
            grid.addWidget(combo, row, 1)
            grid.addWidget(sense, row, 2)
        grid.setColumnStretch(1, 1)
        self.hint = QLabel(self.tr(
            "A sweep table is made on the command line, for example:<br>"
            "<code>python main.py sweep --template islands --param islands=4,8"
            " --param oversubscription=4,8 --out my-sweep</code><br>"
            "writes <code>my-sweep.csv</code>: open it with Open Table…, then click a point"
            " to open its design. See “Sweep a design space” in docs/sweeps.md."))
        # said until a table is open: where a sweep table comes from
        self.hint.setWordWrap(True)
        self.hint.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.hint.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.chart = ParetoWidget()
        self.chart.point_clicked.connect(self.choose_row)
        self.details = QLabel(self.tr("Click a point to see its parameters"))
        self.details.setWordWrap(True)
        self.open_button = QPushButton(self.tr("Open Design"))
        self.open_button.setEnabled(False)
        self.open_button.clicked.connect(lambda _checked=False: self.open_chosen())
        bottom = QHBoxLayout()
        bottom.addWidget(self.details, 1)
        bottom.addWidget(self.open_button)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(grid)
        layout.addWidget(self.hint)
        layout.addWidget(self.chart, 1)
        layout.addLayout(bottom)
        self.resize(860, 640)

    def _ask_path(self) -> str | None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Open sweep table"), "",
                                              self.tr("Sweep tables (*.csv);;All files (*)"))
        return path or None

    # ------------------------------------------------------------ loading
    def open_table(self, path: str | None = None) -> bool:
        """Load a sweep's CSV (asked for when None) and its description."""
        path = path or self.ask_path()
        if not path:
            return False
        try:
            columns, rows = read_table(path)
            spec = SweepStore(path).read_spec()
        except ArchipelagoError as error:
            self.path_label.setText(self.tr("Cannot open {file}: {error}").format(
                file=os.path.basename(path), error=error_message(error)))
            return False
        self.columns, self.rows, self.spec = columns, rows, spec
        self.hint.hide()
        self.chosen = None
        self.path_label.setText(self.tr("{file}: {count} points").format(
            file=os.path.basename(path), count=f"{len(rows):,}"))
        figures = _numeric_columns(columns, rows)
        for combo, preferred in ((self.x_combo, PREFERRED[0]), (self.y_combo, PREFERRED[1])):
            combo.blockSignals(True)
            combo.clear()
            combo.addItems(figures)
            if preferred in figures:
                combo.setCurrentText(preferred)
            combo.blockSignals(False)
        self._figure_chosen()
        return True

    def _figure_chosen(self, *_args: object) -> None:
        for combo, sense in ((self.x_combo, self.x_sense), (self.y_combo, self.y_sense)):
            sense.blockSignals(True)
            sense.setCurrentIndex(0 if guess_maximize(combo.currentText()) else 1)
            sense.blockSignals(False)
        self.redraw()

    def axes(self) -> tuple[ParetoAxis, ParetoAxis]:
        """The chosen figures and directions."""
        return (ParetoAxis(self.x_combo.currentText(), self.x_sense.currentIndex() == 0),
                ParetoAxis(self.y_combo.currentText(), self.y_sense.currentIndex() == 0))

    def redraw(self) -> None:
        """Draw the chart for the chosen figures."""
        x, y = self.axes()
        if not self.rows or not x.column or not y.column:
            self.chart.set_data(None)
            return
        points = chart_points(self.rows, x, y, self.columns)
        self.chart.set_data(ChartData(points, pareto_front(points, x, y), x, y,
                                      chosen=self.chosen))

    # ------------------------------------------------------------ choosing
    def parameters(self, row: int) -> dict[str, Any]:
        """Axis name → value of a row."""
        if self.spec is None:
            return {}
        return {a.name: self.rows[row].get(a.column) for a in self.spec.axes}

    def choose_row(self, row: int) -> None:
        """Show a point's parameters and figures; it becomes the one to open."""
        self.chosen = row
        x, y = self.axes()
        values = ", ".join(f"{k} = {v}" for k, v in self.parameters(row).items())
        r = self.rows[row]
        self.details.setText(self.tr("Point {point}: {values}").format(
            point=r.get("point"), values=values)
            + f"\n{x.column} = {r.get(x.column)}, {y.column} = {r.get(y.column)}")
        self.open_button.setEnabled(True)
        if self.chart.data is not None:
            self.chart.data.chosen = row
            self.chart.update()

    def open_chosen(self) -> bool:
        """Re-generate the chosen point's design and open it in the window (after asking
        about unsaved changes)."""
        from model.sweep_plan import build_point

        if self.chosen is None or self.spec is None:
            return False
        values = self.parameters(self.chosen)
        try:
            design = build_point(self.spec, values)
        except ArchipelagoError as error:
            self.details.setText(self.tr("This point's design cannot be made: {error}").format(
                error=error_message(error)))
            return False
        point = self.rows[self.chosen].get("point")
        return self.files.open_generated(design, self.tr("Opened sweep point {point}").format(
            point=point))


class ExploreActions(QObject):
    """Tools › Explore…: one dialog per window, shown again when asked."""

    def __init__(self, window: MainWindow, files: FileActions) -> None:
        super().__init__(window)
        self.window = window
        self.files = files
        self.dialog: ExploreDialog | None = None
        self.action = QAction(self.tr("&Explore…"), window)
        self.action.setStatusTip(self.tr("Open a sweep's results as a Pareto chart; click a "
                                         "point to open its design"))
        self.action.triggered.connect(lambda _checked=False: self.explore())

    def explore(self) -> ExploreDialog:
        """Show the dialog (made on first use)."""
        if self.dialog is None:
            self.dialog = ExploreDialog(self.window, self.files)
        self.dialog.show()
        self.dialog.raise_()
        return self.dialog


def install_explore(window: MainWindow, files: FileActions) -> ExploreActions:
    """Add Tools › Explore…; kept as ``window.explore_actions``."""
    actions = ExploreActions(window, files)
    tools = window.menu("Tools")
    tools.addSeparator()
    tools.addAction(actions.action)
    window.explore_actions = actions  # type: ignore[attr-defined]
    return actions
