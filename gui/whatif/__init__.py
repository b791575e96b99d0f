"""The what-if of the window: fail elements and see what they take down.

Right-click a switch tier, bundle, rack group, island or building → "Fail…" chooses how
much of it is down (:mod:`gui.whatif.fail_dialog`). Failures are part of the view
(:mod:`gui.whatif.state`): the design and its file are untouched and nothing enters the
undo stack; the engine process computes the figures on what remains, the canvas marks
the failed elements (:mod:`gui.whatif.overlay`) and the metrics dock compares every
headline figure healthy → failed (:mod:`gui.whatif.comparison`).

The metrics dock's N−1 tab (:mod:`gui.whatif.n_minus_1_tab`) lists what each single
failure costs; Analysis › N−1 Table… brings it to the front. The Analysis menu also holds
Clear Failures, and Scenarios: Save Failures as Scenario… (an undoable edit of the design,
saved in its file) and one entry per saved scenario that fails what it names.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QInputDialog, QMenu, QMessageBox

from gui.i18n import error_message, translate
from gui.whatif.commands import delete_scenario, save_scenario
from gui.whatif.comparison import WhatIfView
from gui.whatif.fail_dialog import FailDialog
from gui.whatif.n_minus_1_tab import NMinusOnePanel
from gui.whatif.overlay import FailureOverlay
from gui.whatif.state import FailureState
from model.errors import DesignError
from model.failures import FAILABLE_KINDS, Failure, Scenario

if TYPE_CHECKING:
    from gui.main_window import MainWindow


def ask_failure(dialog: FailDialog) -> Failure | None:
    """Show the Fail dialog; the failure chosen, or None when cancelled."""
    return dialog.failure() if dialog.exec() == FailDialog.DialogCode.Accepted else None


class WhatIfActions(QObject):
    """The window's what-if: its state, canvas marks, dock view, menu and context entries."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.state = FailureState(window.document, window.runner, self)
        self.overlay = FailureOverlay(window.scene)
        self.view = WhatIfView(window.metrics_dock)
        self.n_minus_1 = NMinusOnePanel(lambda: window.document.design, self.fail,
                                        parent=window.metrics_dock)
        tabs = window.metrics_dock.tabs
        self.n_minus_1_index = tabs.addTab(self.n_minus_1, translate("WhatIf", "N−1"))
        tabs.currentChanged.connect(self._tab_opened)
        window.document.changed.connect(self.n_minus_1.mark_out_of_date)
        window.document.reset.connect(self.n_minus_1.forget)
        self.view.threshold_changed.connect(self._threshold_changed)
        self.ask_failure: Callable[[FailDialog], Failure | None] = ask_failure
        """Shows the Fail dialog (tests answer it instead)."""
        self.ask_name: Callable[[str], str | None] = self._ask_name
        """Asks a scenario's name, given a suggestion (None: cancelled)."""
        self.ask_which: Callable[[list[str]], str | None] = self._ask_which
        """Asks which saved scenario to delete, given their names (None: cancelled)."""
        self.show_error: Callable[[str, str], object] = (
            lambda title, text: QMessageBox.warning(window, title, text))
        self._build_menu()
        self.state.changed.connect(self._failures_changed)
        self.state.dropped.connect(lambda why: window.show_status(
            translate("WhatIf", "Failures dropped after the edit: {why}").format(why=why)))
        window.runner.finished.connect(self._figures_arrived)
        self.view.banner.clear_requested.connect(self.state.clear)
        self.view.banner.save_requested.connect(self.save_as_scenario)

    # -------------------------------------------------------------------- menu
    def _build_menu(self) -> None:
        win = self.window
        menu = win.menu("Analysis")
        help_menu = win.menu("Help")
        win.menuBar().insertMenu(help_menu.menuAction(), menu)  # before Help
        self.n_minus_1_action = QAction(translate("WhatIf", "&N−1 Table…"), win)
        self.n_minus_1_action.setStatusTip(translate(
            "WhatIf", "Fail each switch tier's switch, each bundle's link and each building "
            "in turn: what each costs"))
        self.n_minus_1_action.triggered.connect(lambda _c=False: self.show_n_minus_1())
        self.clear_action = QAction(translate("WhatIf", "&Clear Failures"), win)
        self.clear_action.setStatusTip(translate("WhatIf", "Back to the healthy design"))
        self.clear_action.triggered.connect(lambda _c=False: self.state.clear())
        self.clear_action.setEnabled(False)
        menu.addAction(self.n_minus_1_action)
        menu.addAction(self.clear_action)
        self.scenarios_menu = QMenu(translate("WhatIf", "&Scenarios"), menu)
        self.scenarios_menu.setObjectName("menu-scenarios")
        menu.addMenu(self.scenarios_menu)
        self.save_action = QAction(translate("WhatIf", "&Save Failures as Scenario…"), win)
        self.save_action.setStatusTip(translate(
            "WhatIf", "Keep what is failed now as a named scenario in the design (saved with "
            "its file)"))
        self.save_action.triggered.connect(lambda _c=False: self.save_as_scenario())
        self.save_action.setEnabled(False)
        self.delete_action = QAction(translate("WhatIf", "&Delete Scenario…"), win)
        self.delete_action.setStatusTip(translate("WhatIf",
                                                  "Delete a saved scenario from the design"))
        self.delete_action.triggered.connect(lambda _c=False: self.delete_a_scenario())
        self.scenarios_menu.aboutToShow.connect(self._fill_scenarios)
        self._fill_scenarios()

    def _fill_scenarios(self) -> None:
        """The Scenarios menu: Save…, then one entry per saved scenario."""
        menu = self.scenarios_menu
        fixed = (self.save_action, self.delete_action)
        for action in menu.actions():
            if action not in fixed:
                menu.removeAction(action)
                if action.parent() is menu:
                    action.deleteLater()
        for action in fixed:
            if action not in menu.actions():
                menu.addAction(action)
        scenarios = self.window.document.design.scenarios
        self.delete_action.setEnabled(bool(scenarios))
        if scenarios:
            menu.addSeparator()
        for scenario in scenarios:
            action = QAction(scenario.name, menu)
            action.setStatusTip(translate("WhatIf", "Fail what {name} names ({count} failures)"
                                          ).format(name=repr(scenario.name),
                                                   count=len(scenario.failures)))
            action.triggered.connect(lambda _c=False, s=scenario: self.apply_scenario(s))
            menu.addAction(action)

    # ------------------------------------------------------------ context menu
    def add_context_entries(self, menu: QMenu, element_id: str) -> None:
        """Add "Fail…" for ``element_id`` (called by the canvas's context menus)."""
        if self.window.document.design.kind_of(element_id) not in FAILABLE_KINDS:
            return
        menu.addSeparator()
        action = menu.addAction(translate("WhatIf", "&Fail…"))
        action.setStatusTip(translate("WhatIf", "Fail this element (or some of its members) "
                                      "and see what it takes down; the design is not changed"))
        action.triggered.connect(lambda _c=False: self.fail_element(element_id))

    def fail_element(self, element_id: str) -> bool:
        """Ask how much of ``element_id`` fails and fail it; True when something was."""
        design = self.window.document.design
        dialog = FailDialog(design, element_id, self.state.failure_of(element_id),
                            self.window)
        try:
            failure = self.ask_failure(dialog)
        finally:
            dialog.deleteLater()
        if failure is None:
            return False
        return self.fail(failure)

    def fail(self, failure: Failure) -> bool:
        """Add ``failure`` to the what-if; a refusal is shown, never raised."""
        try:
            self.state.add(failure)
        except DesignError as error:
            self.show_error(translate("WhatIf", "Cannot fail this"), error_message(error))
            return False
        return True

    # --------------------------------------------------------------- scenarios
    def save_as_scenario(self) -> bool:
        """Save what is failed as a named scenario of the design (an undoable edit)."""
        if not self.state.failures:
            return False
        taken = {s.name for s in self.window.document.design.scenarios}
        stem = translate("WhatIf", "Scenario {n}")
        suggestion = next(stem.format(n=n) for n in range(1, len(taken) + 2)
                          if stem.format(n=n) not in taken)
        name = self.ask_name(suggestion)
        if not name or not name.strip():
            return False
        try:
            scenario = Scenario(name=name.strip(), failures=self.state.failures)
            self.window.document.execute(save_scenario(self.window.document.design,
                                                       scenario))
        except (DesignError, ValueError) as error:
            self.show_error(translate("WhatIf", "Cannot save the scenario"), error_message(error))
            return False
        self.window.show_status(translate("WhatIf", "Saved scenario {name}").format(
            name=repr(scenario.name)))
        return True

    def delete_a_scenario(self) -> bool:
        """Ask which saved scenario to delete and delete it (an undoable edit)."""
        names = [s.name for s in self.window.document.design.scenarios]
        if not names:
            return False
        name = self.ask_which(names)
        if name not in names:
            return False
        self.window.document.execute(delete_scenario(self.window.document.design, name))
        self.window.show_status(translate("WhatIf", "Deleted scenario {name}").format(
            name=repr(name)))
        return True

    def _ask_which(self, names: list[str]) -> str | None:
        name, ok = QInputDialog.getItem(self.window, translate("WhatIf", "Delete Scenario"),
                                        translate("WhatIf", "Scenario:"), names, 0, False)
        return name if ok else None

    def _ask_name(self, suggestion: str) -> str | None:
        name, ok = QInputDialog.getText(self.window,
                                        translate("WhatIf", "Save Failures as Scenario"),
                                        translate("WhatIf", "Scenario name:"), text=suggestion)
        return name if ok else None

    def apply_scenario(self, scenario: Scenario) -> bool:
        """Fail exactly what ``scenario`` names (refused with a message when it no
        longer fits the design)."""
        try:
            self.state.set_failures(scenario.failures)
        except DesignError as error:
            self.show_error(translate("WhatIf", "Cannot apply {name}").format(
                name=repr(scenario.name)), error_message(error))
            return False
        self.window.show_status(translate("WhatIf", "What-if: scenario {name}").format(
            name=repr(scenario.name)))
        return True

    # -------------------------------------------------------------------- N−1
    def show_n_minus_1(self) -> NMinusOnePanel:
        """Bring the dock's N−1 tab to the front, computing the table in the engine
        process unless the one on show is current."""
        dock = self.window.metrics_dock
        holder = dock.parentWidget()
        if holder is not None and not holder.isVisible():
            holder.show()
        if holder is not None:
            holder.raise_()
        dock.tabs.setCurrentWidget(self.n_minus_1)
        self.n_minus_1.start_if_needed()
        return self.n_minus_1

    def _tab_opened(self, index: int) -> None:
        if index == self.n_minus_1_index:
            self.n_minus_1.start_if_needed()

    def _threshold_changed(self, threshold: float) -> None:
        """The low-bandwidth threshold changed: the dock's rows, the canvas marks and
        the N−1 table follow (the kept fractions are the engine's; nothing recomputes
        but the N−1 table, on request)."""
        self.n_minus_1.set_threshold(threshold)
        metrics = self.window.runner.metrics
        if metrics is not None:
            self._figures_arrived(metrics)

    # ---------------------------------------------------------------- follows
    def _failures_changed(self) -> None:
        failures = self.state.failures
        active = bool(failures)
        self.clear_action.setEnabled(active)
        self.save_action.setEnabled(active)
        design = self.window.document.design
        self.overlay.show(design, failures)
        self.view.show_failures(design, failures)
        if active:
            self.window.show_status(translate("WhatIf", "What-if: {failures}").format(
                failures="; ".join(self.view.banner.text.toolTip().splitlines())))

    def _figures_arrived(self, metrics: object) -> None:
        design = self.window.document.design
        engine = getattr(metrics, "failures", None)
        threshold = self.view.threshold
        self.overlay.show(design, self.state.failures,
                          engine.stranded_by_group if engine is not None else None,
                          engine.low_bandwidth_by_group(threshold) if engine is not None
                          else None, threshold)
        self.view.show_metrics(design, metrics)  # type: ignore[arg-type]


def install_whatif(window: MainWindow) -> WhatIfActions:
    """Give ``window`` its what-if (kept as ``window.whatif``)."""
    actions = WhatIfActions(window)
    window.whatif = actions  # type: ignore[attr-defined]
    return actions
