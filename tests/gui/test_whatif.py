"""The what-if in the window: fail through the right-click dialog, the dock's healthy →
failed comparison, the canvas marks, Clear Failures, scenarios (an undoable edit) and the
N−1 table, all through the window's real engine process.

Hand counts: the leaf-spine template with 4 leaves of 4 hosts, each leaf with one
100 Gb/s uplink to each of 4 spines. A balanced cut puts 2 leaves (8 hosts) on each
side: it crosses their 2 × 4 uplinks, 800 Gb/s (100 Gb/s per accelerator of the 8).
With one spine down each leaf keeps 3 uplinks: 600 Gb/s, ¾ of healthy, 75 Gb/s each.
"""

from __future__ import annotations

import pytest

from gui.whatif.fail_dialog import FailDialog
from model.failures import Failure
from model.templates import TEMPLATES
from model.whatif import WhatIfMetrics
from tests.gui.conftest import close_window
from tests.gui.test_context_menu import bundle_spot, spot


@pytest.fixture
def leaf_spine(qtbot, catalog, settings):  # type: ignore[no-untyped-def]
    """A window (the real engine process) on the 4 × 4 leaf-spine."""
    from gui.main_window import open_window

    design = TEMPLATES["leaf-spine"].build(leaves=4, down=4, up=4, spines=4)
    win = open_window(design, None, catalog, settings)
    win.resize(1400, 900)
    yield win
    win.document.undo_stack.setClean()
    close_window(win)


def figures_with(qtbot, window, what_if: bool) -> None:  # type: ignore[no-untyped-def]
    """Wait until the dock's figures are current and are (or are not) a what-if's."""
    qtbot.waitUntil(lambda: window.runner.is_current()
                    and isinstance(window.runner.metrics, WhatIfMetrics) == what_if,
                    timeout=60_000)
    qtbot.wait(50)  # the docks follow the canvas on later turns of the event loop


def fail_from_context_menu(window, element_id: str, count: int | None) -> None:  # type: ignore[no-untyped-def]
    """Right-click the element, pick Fail… and answer the dialog as a user does."""
    asked: list[FailDialog] = []

    def answer(dialog: FailDialog) -> Failure:
        asked.append(dialog)
        if count is None:
            dialog.set_whole()
        else:
            dialog.set_count(count)
        return dialog.failure()

    window.whatif.ask_failure = answer
    kind = window.document.design.kind_of(element_id)
    where = bundle_spot(window, element_id) if kind == "bundle" else spot(window, element_id)
    menu = window.context_menus.menu_at(where)
    [fail] = [a for a in menu.actions() if a.text().replace("&", "") == "Fail…"]
    fail.trigger()
    assert [d.element_id for d in asked] == [element_id]


def test_fail_a_spine_shows_healthy_to_failed_and_clear_restores(leaf_spine, qtbot) -> None:
    window = leaf_spine
    doc, whatif = window.document, window.whatif
    figures_with(qtbot, window, False)
    assert window.metrics_dock.text_of("bisection_tbps") == "0.8 Tb/s"
    steps, revision = doc.undo_stack.count(), doc.design.revision
    fail_from_context_menu(window, "spine", 1)
    assert whatif.state.failures == (Failure(element="spine", count=1),)
    figures_with(qtbot, window, True)
    table = whatif.view.table
    assert table.text_of("Bisection") == ("0.8 Tb/s", "0.6 Tb/s", "−0.2 Tb/s (75.0%)")
    assert table.text_of("Bisection per GPU")[:2] == ("100 Gb/s", "75 Gb/s")
    assert table.text_of("Accelerators")[:2] == ("16", "16"), "a spine takes no host down"
    assert table.text_of("Accelerators cut off") == ("0", "0",
                                                                         "no change")
    # the headline shows the failed figure and its change, red: worse
    shown = window.metrics_dock.text_of("bisection_tbps")
    assert shown.startswith("0.6 Tb/s ") and "▼ 25%" in shown and "#c62828" in shown
    assert "Healthy 0.8 Tb/s → failed 0.6 Tb/s" in \
        window.metrics_dock.labels["bisection_tbps"].toolTip()
    assert window.metrics_dock.text_of("accelerators") == "16", "unchanged: as it was"
    assert whatif.view.banner.isVisible()
    assert "1 of 4 switches of 'Spine'" in whatif.view.banner.text.text()
    assert whatif.overlay.badges == {"spine": "1 of 4 switches down"}
    # a view, not an edit
    assert not doc.is_modified() and doc.undo_stack.count() == steps
    assert doc.design.revision == revision
    assert doc.design.tiers["spine"].count == 4
    whatif.clear_action.trigger()
    assert whatif.state.failures == () and whatif.overlay.badges == {}
    figures_with(qtbot, window, False)
    assert window.metrics_dock.text_of("bisection_tbps") == "0.8 Tb/s"
    assert not whatif.view.banner.isVisible()
    assert not doc.is_modified()


def test_a_leaf_down_strands_its_hosts(leaf_spine, qtbot) -> None:
    """A leaf carries its 4 hosts' only links: they are cut off (by hand: 4)."""
    window = leaf_spine
    figures_with(qtbot, window, False)
    fail_from_context_menu(window, "leaf", 1)
    figures_with(qtbot, window, True)
    table = window.whatif.view.table
    assert table.text_of("Accelerators cut off")[:2] == ("0", "4")
    assert window.whatif.overlay.badges == {"leaf": "1 of 4 switches down"}
    assert window.whatif.overlay.cut_off == {"hosts": 4}, "the hosts' group is marked"


def test_saving_a_scenario_is_an_undoable_edit_and_reapplies(leaf_spine, qtbot) -> None:
    window = leaf_spine
    doc, whatif = window.document, window.whatif
    fail_from_context_menu(window, "spine", 2)
    whatif.ask_name = lambda suggestion: "two spines" if suggestion == "Scenario 1" else None
    steps = doc.undo_stack.count()
    whatif.save_action.trigger()
    assert doc.undo_stack.count() == steps + 1 and doc.is_modified()
    [scenario] = doc.design.scenarios
    assert scenario.name == "two spines"
    assert scenario.failures == (Failure(element="spine", count=2),)
    doc.undo_stack.undo()
    assert doc.design.scenarios == () and not doc.is_modified()
    doc.undo_stack.redo()
    assert [s.name for s in doc.design.scenarios] == ["two spines"]
    whatif.state.clear()
    whatif.scenarios_menu.aboutToShow.emit()
    entries = {a.text(): a for a in whatif.scenarios_menu.actions() if not a.isSeparator()}
    entries["two spines"].trigger()
    assert whatif.state.failures == (Failure(element="spine", count=2),)
    figures_with(qtbot, window, True)
    assert whatif.view.table.text_of("Bisection")[1] == "0.4 Tb/s"  # 2 of 4 uplinks each


def test_a_failure_whose_element_is_deleted_is_dropped(leaf_spine, qtbot) -> None:
    from gui.commands import remove_command

    window = leaf_spine
    fail_from_context_menu(window, "leaf-spine", 3)
    assert window.whatif.state.failures == (Failure(element="leaf-spine", count=3),)
    window.document.execute(remove_command(window.document.design, ["leaf-spine"]))
    assert window.whatif.state.failures == ()
    figures_with(qtbot, window, False)


def test_n_minus_1_tab_computes_in_the_engine_process(leaf_spine, qtbot) -> None:
    """Worst first: a leaf (its 4 hosts cut off, bisection halved), then a host link
    (1 host cut off), then a spine (¾), then a leaf–spine link (7 of 8 uplinks). The
    first two partition the network (hosts cut off); every path keeps 3 switches."""
    window = leaf_spine
    panel = window.whatif.show_n_minus_1()
    assert window.metrics_dock.tabs.currentWidget() is panel
    qtbot.waitUntil(panel.is_done, timeout=60_000)
    assert panel.error == ""
    rows = [(r.element, r.accelerators_cut_off, round(r.bisection_ratio, 4))
            for r in panel.table.rows]
    assert rows == [("leaf", 4, 0.5), ("hosts-leaf", 1, 0.875), ("spine", 0, 0.75),
                    ("leaf-spine", 0, 0.875)]
    assert panel.grid.rowCount() == 4
    column = {panel.grid.horizontalHeaderItem(c).text(): c
              for c in range(panel.grid.columnCount())}
    assert [panel.grid.item(r, column["Partitions"]).text() for r in range(4)] == [
        "yes", "yes", "", ""]
    assert {panel.grid.item(r, column["Max hops"]).text() for r in range(4)} == {"3"}
    assert "2 partition the network" in panel.state.text()
    panel.grid.selectRow(2)
    panel.fail_button.click()
    assert window.whatif.state.failures == (Failure(element="spine", members=(0,)),)


def test_n_minus_1_tab_starts_when_opened_and_goes_out_of_date(leaf_spine, qtbot) -> None:
    """Opening the tab computes the table; an edit or another threshold marks it out of
    date; opening the tab again computes it again."""
    window = leaf_spine
    tabs, panel = window.metrics_dock.tabs, window.whatif.n_minus_1
    assert panel.table is None and not panel.running
    tabs.setCurrentWidget(panel)
    assert panel.running
    qtbot.waitUntil(panel.is_done, timeout=60_000)
    assert panel.is_current()
    window.whatif.view.set_threshold(80)
    assert not panel.is_current() and "Out of date" in panel.state.text()
    tabs.setCurrentIndex(0)
    tabs.setCurrentWidget(panel)
    qtbot.waitUntil(lambda: panel.is_done() and panel.is_current(), timeout=60_000)
    by = {r.element: r for r in panel.table.rows}
    assert by["spine"].accelerators_low_bandwidth == 16  # every host keeps 75 % ≤ 80 %


def test_the_n_minus_1_table_counts_and_stops(leaf_spine, qtbot) -> None:
    """The bar counts the rows shown; Stop ends the table after the failure under way,
    keeping the rows so far (a stand-in engine holds each failure until the test lets
    it go)."""
    import threading

    from gui.whatif.n_minus_1_tab import NMinusOnePanel
    from model.metrics import compute_all

    gate = threading.Semaphore(0)

    def held(design, plane=None, budget=None, failures=()):  # type: ignore[no-untyped-def]
        gate.acquire(timeout=30)
        return compute_all(design, plane, budget, failures)

    design = leaf_spine.document.design
    panel = NMinusOnePanel(lambda: design, lambda _f: None, held)
    qtbot.addWidget(panel)
    panel.start()
    gate.release()  # the healthy figures; the building is not computed (it is all)
    gate.release()  # the first tier's switch
    qtbot.waitUntil(lambda: panel.busy.value() == 1, timeout=30_000)
    assert panel.busy.maximum() == 4  # 2 tiers (1 class each), 2 bundles; no building
    assert panel.busy.text() == "1 of 4 rows"
    assert panel.grid.rowCount() == 1 and panel.rows[0].element == "leaf"
    panel.stop()
    gate.release()  # the failure under way when Stop was pressed; no other follows
    qtbot.waitUntil(panel.is_done, timeout=30_000)
    assert panel.table is None and panel.error == "stopped"
    assert panel.busy.isHidden() and panel.busy.value() == 1
    assert "stopped" in panel.state.text()
    assert [r.element for r in panel.rows] == ["leaf"] and panel.grid.rowCount() == 1


def test_the_fail_dialog_offers_what_each_kind_can_lose(qtbot, design) -> None:
    """On the demo campus: a hall holds 2 pods × 8 racks × 4 DGX × 8 GPUs = 512; a
    pod's rack group has 8 racks; a dialog opened on a failed element starts from it."""
    from PySide6.QtWidgets import QLabel

    halls = FailDialog(design, "hall-a")
    words = " ".join(label.text() for label in halls.findChildren(QLabel))
    assert halls.count is None and "512 accelerators go down" in words
    assert halls.failure() == Failure(element="hall-a")
    racks = FailDialog(design, "hall-a-pod-1-racks")
    assert racks.count is not None and racks.count.maximum() == 8
    assert racks.failure() == Failure(element="hall-a-pod-1-racks", count=1)
    racks.set_count(3)
    assert racks.failure() == Failure(element="hall-a-pod-1-racks", count=3)
    racks.set_whole()
    assert racks.failure() == Failure(element="hall-a-pod-1-racks")
    again = FailDialog(design, "hall-a-pod-1-racks",
                       Failure(element="hall-a-pod-1-racks", count=5))
    assert again.failure() == Failure(element="hall-a-pod-1-racks", count=5)
    for dialog in (halls, racks, again):
        dialog.deleteLater()


def test_a_scenario_that_no_longer_fits_is_refused_and_opening_clears(leaf_spine,
                                                                      qtbot) -> None:
    from model.failures import Scenario

    window = leaf_spine
    whatif = window.whatif
    shown: list[tuple[str, str]] = []
    whatif.show_error = lambda title, text: shown.append((title, text))
    gone = Scenario(name="old", failures=(Failure(element="spine-2", count=1),))
    assert not whatif.apply_scenario(gone)
    assert shown == [("Cannot apply 'old'",
                      "a failure names no element of the design: 'spine-2'")]
    assert whatif.state.failures == ()
    whatif.fail(Failure(element="spine", count=1))
    assert whatif.state.failures
    window.document.load(TEMPLATES["fat-tree"].build(k=4))  # File › Open, Revert, New
    assert whatif.state.failures == () and not whatif.view.banner.isVisible()
    assert not window.document.is_modified()


def test_half_the_spines_down_outlines_the_hosts_at_low_bandwidth(leaf_spine, qtbot) -> None:
    """2 of 4 spines down: every leaf keeps 2 of its 4 uplinks, so each of the 16
    hosts keeps 50 % of its share (by hand): at the default threshold (at most 50 %)
    the hosts' rack group is outlined, in its own colour and with a legend row; at
    40 % nothing is; the dock's What-if tab counts them."""
    from PySide6.QtWidgets import QGraphicsRectItem

    from gui.legend import legend_rows
    from gui.whatif.overlay import CUT_OFF_COLOUR, FAILED_COLOUR, LOW_BANDWIDTH_COLOUR

    window = leaf_spine
    whatif = window.whatif
    figures_with(qtbot, window, False)
    fail_from_context_menu(window, "spine", 2)
    figures_with(qtbot, window, True)
    qtbot.waitUntil(lambda: whatif.overlay.low_bandwidth == {"hosts": 16}, timeout=30_000)
    assert whatif.overlay.cut_off == {}
    outlines = [m for m in whatif.overlay.marks if isinstance(m, QGraphicsRectItem)
                and m.pen().color().name() == LOW_BANDWIDTH_COLOUR]
    assert len(outlines) == 1
    assert outlines[0].parentItem() is window.scene.item_for("hosts")
    assert "16 accelerators keep at most 50 %" in outlines[0].toolTip()
    assert len({LOW_BANDWIDTH_COLOUR, CUT_OFF_COLOUR, FAILED_COLOUR}) == 3
    assert any(colour == LOW_BANDWIDTH_COLOUR and "low bandwidth" in text
               for colour, text in legend_rows(window.theme))
    assert whatif.view.table.text_of("Accelerators at ≤ 50 % bandwidth")[:2] == ("0", "16")
    whatif.view.set_threshold(40)  # no recomputation: the engine's shares are kept
    assert whatif.overlay.low_bandwidth == {}
    assert whatif.view.table.text_of("Accelerators at ≤ 40 % bandwidth")[:2] == ("0", "0")
    whatif.view.set_threshold(50)
    assert whatif.overlay.low_bandwidth == {"hosts": 16}
    whatif.clear_action.trigger()
    assert whatif.overlay.low_bandwidth == {} and whatif.overlay.marks == []


def test_failing_everything_is_refused_and_all_cut_off_is_said(leaf_spine, qtbot) -> None:
    """The data centre holds every host: failing it is refused with a message and
    nothing is failed. Every leaf down leaves the 16 hosts working but all cut off: an
    all-zero network, said above the comparison."""
    window = leaf_spine
    whatif = window.whatif
    shown: list[tuple[str, str]] = []
    whatif.show_error = lambda title, text: shown.append((title, text))
    figures_with(qtbot, window, False)
    assert whatif.fail(Failure(element="dc")) is False
    assert shown and "take down every accelerator" in shown[0][1]
    assert whatif.state.failures == ()
    fail_from_context_menu(window, "leaf", None)
    figures_with(qtbot, window, True)
    assert whatif.view.note.isVisibleTo(window)
    assert "Every working accelerator (16) is cut off" in whatif.view.note.text()
    assert whatif.view.table.text_of("Accelerators cut off")[:2] == ("0", "16")
