"""The N−1 tab's progress bar while the table is computed (issue #15 walk): among the
buttons it got about 30 px and read "440 of" at 1920×1080 (it counted failures then;
it counts rows now). While the table is computed
only Stop applies, so the bar has the room of its whole text, at 1280×720 and at
1920×1080, without widening the dock."""

from __future__ import annotations

import threading

import pytest

from tests.gui.conftest import close_window, settle
from tests.gui.test_chart_labels import SCREENS, open_at
from tests.gui.test_metrics_dock import wait_for_metrics


@pytest.mark.parametrize("screen", SCREENS, ids=["1280x720", "1920x1080"])
def test_the_progress_bar_shows_its_whole_text(screen, qtbot, design, catalog, settings,
                                               monkeypatch) -> None:
    from model.metrics import compute_all

    win = open_at(*screen, design, catalog, settings, monkeypatch)
    gate = threading.Semaphore(0)

    def held(design, plane=None, budget=None, failures=()):  # type: ignore[no-untyped-def]
        gate.acquire(timeout=30)
        return compute_all(design, plane, budget, failures)

    try:
        wait_for_metrics(qtbot, win)
        panel = win.whatif.n_minus_1
        panel.what_if = held
        dock = win.docks["metrics"]
        dock_width = dock.width()
        win.whatif.show_n_minus_1()
        gate.release()  # the healthy figures
        gate.release()  # the first failure
        qtbot.waitUntil(lambda: panel.busy.value() >= 1, timeout=30_000)
        settle()
        bar = panel.busy
        for done, total in ((bar.value(), bar.maximum()), (440, 912)):
            panel._on_progress(done, total)  # as each batch of rows reports it
            settle()
            text = bar.text()
            assert text == f"{done} of {total} rows"
            # the whole text, with a few pixels either side, inside the bar; the bar
            # inside the tab, the tab inside the dock, the dock as wide as before
            need = bar.fontMetrics().horizontalAdvance(text) + 8
            assert bar.width() >= need, f"{text!r} needs {need} px, the bar has {bar.width()}"
            assert bar.isVisible()
            assert bar.geometry().right() < panel.width()
            assert panel.stop_button.isVisible() and panel.stop_button.isEnabled()
            assert not bar.geometry().intersects(panel.stop_button.geometry())
            assert dock.width() == dock_width
        panel.stop()
        for _ in range(40):
            gate.release()
        qtbot.waitUntil(panel.is_done, timeout=30_000)
        settle()
        # done (stopped): the buttons are back, the bar gone
        assert bar.isHidden() and panel.again.isVisible() and panel.fail_button.isVisible()
    finally:
        for _ in range(40):
            gate.release()
        win.document.undo_stack.setClean()
        close_window(win)
