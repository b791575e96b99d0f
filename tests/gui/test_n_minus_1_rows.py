"""The N−1 tab shows each row as soon as it is computed (issue #15), in the application's
own window with its engine process: a stand-in engine holds every single failure until
the test lets it go, so the test sees the first row while the others are not computed.

The demo campus, by hand: 2 halls (each 2 islands × 8 racks × 4 DGX × 8 GPUs = 512
accelerators, half the design), 11 switch tiers and 14 bundles: 27 rows. The halls come
first (design order: buildings, tiers, bundles), each computed, not copied."""

from __future__ import annotations

import threading
import time

from gui.commands import UpdateElement
from model.n_minus_1 import impact
from tests.gui.real_window_drivers import DEMO_ACCELERATORS, wait_for_figures

ROWS = 2 + 11 + 14


def _column(panel, title: str) -> int:  # type: ignore[no-untyped-def]
    grid = panel.grid
    return next(c for c in range(grid.columnCount())
                if grid.horizontalHeaderItem(c).text() == title)


def _grid_texts(panel) -> list[str]:  # type: ignore[no-untyped-def]
    return [panel.grid.item(r, 0).text() for r in range(panel.grid.rowCount())]


def test_rows_appear_as_computed_and_an_edit_drops_the_run(real_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = real_window
    wait_for_figures(qtbot, window)
    panel = window.whatif.n_minus_1
    engine = panel.what_if  # the engine process's
    gate = threading.Semaphore(0)
    free = threading.Event()
    calls: list[tuple[object, ...]] = []

    def held(design, plane=None, budget=None, failures=()):  # type: ignore[no-untyped-def]
        calls.append(tuple(failures))
        if failures and not free.is_set():
            gate.acquire(timeout=60)
        return engine(design, plane, budget, failures)

    def wait_calls(n: int) -> None:
        """Wait, the event loop standing still, for the job to start computation n."""
        deadline = time.monotonic() + 60
        while len(calls) < n and time.monotonic() < deadline:
            time.sleep(0.01)
        assert len(calls) >= n

    panel.what_if = held
    try:
        window.whatif.show_n_minus_1()
        gate.release()  # hall A
        qtbot.waitUntil(lambda: panel.grid.rowCount() == 1, timeout=60_000)
        # the first row is on show; hall B, the 26 others, are not computed yet
        assert panel.running and not panel.is_done() and panel.table is None
        assert panel.busy.text() == f"1 of {ROWS} rows"
        assert panel.grid.item(0, _column(panel, "Accelerators down")).text() == \
            f"{DEMO_ACCELERATORS // 2:,}"
        assert panel.rows[0].element == "hall-a"

        # hall B's row is sent while the event loop stands still: then an edit
        gate.release()
        wait_calls(4)  # the healthy figures, hall A, hall B, the first tier's switch
        design = window.document.design
        window.document.execute(UpdateElement(design, "hall-a", {"name": "Hall Z"}))
        assert panel.grid.rowCount() == 0 and not panel.running
        assert "Stopped" in panel.state.text() and panel.again.isVisible()
        qtbot.wait(300)  # hall B's row arrives: of the old run, dropped
        assert panel.grid.rowCount() == 0 and panel.rows == []
        free.set()
        gate.release()  # the job stops after the failure under way
        qtbot.wait(300)
        assert panel.grid.rowCount() == 0 and panel.table is None and panel.error == ""

        # computed again: every row of the design as edited, worst first
        panel.what_if = engine
        panel.again.click()
        qtbot.waitUntil(panel.is_done, timeout=120_000)
        assert panel.error == "" and panel.table is not None
        assert panel.rows == panel.table.rows and len(panel.rows) == ROWS
        assert panel.busy.isHidden() and panel.busy.value() == ROWS
        assert _grid_texts(panel) == [r.words for r in panel.table.rows]
        names = {r.element: r.name for r in panel.rows}
        assert names["hall-a"] == "Hall Z"
        texts = _grid_texts(panel)
        assert "'Hall Z' (whole)" in texts and "'Hall A' (whole)" not in texts
        keys = [impact(r) for r in panel.rows]
        assert keys == sorted(keys)
    finally:
        free.set()
        for _ in range(40):
            gate.release()


def test_rows_arrived_together_go_in_a_few_at_a_turn(qtbot, design) -> None:  # type: ignore[no-untyped-def]
    """The whole table computed while the event loop stands still: its 27 rows (and its
    end) wait in the queue; one turn puts in a few of them, not all (the GUI thread's
    slice stays short), and the table is done only once every row is in."""
    from PySide6.QtCore import QCoreApplication

    from gui.whatif.n_minus_1_tab import ROWS_PER_TURN, NMinusOnePanel
    from model.metrics import compute_all

    calls: list[float] = []

    def engine(design, plane=None, budget=None, failures=()):  # type: ignore[no-untyped-def]
        out = compute_all(design, plane, budget, failures)
        calls.append(time.monotonic())
        return out

    panel = NMinusOnePanel(lambda: design, lambda _f: None, engine)
    qtbot.addWidget(panel)
    panel.start()
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and (not calls or time.monotonic() - calls[-1] < 1.0):
        time.sleep(0.05)  # until no computation for 1 s: the job has ended
    QCoreApplication.processEvents()
    assert 0 < panel.grid.rowCount() <= ROWS_PER_TURN < ROWS
    assert not panel.is_done() and panel.running
    qtbot.waitUntil(panel.is_done, timeout=30_000)
    assert panel.grid.rowCount() == ROWS and panel.rows == panel.table.rows
    assert panel.busy.isHidden() and panel.busy.value() == ROWS
