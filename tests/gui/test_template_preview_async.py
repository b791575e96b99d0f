"""The New from Template preview is computed off the GUI thread (issue #15 loose ends §3):
the dialog's event loop keeps turning while a slow engine computes, it reads "computing…"
meanwhile, a newer parameter change supersedes the preview in flight, and closing the
dialog abandons it."""

from __future__ import annotations

import threading
import time

from PySide6.QtCore import QThreadPool, QTimer

from gui.metrics_runner import engine_compute
from gui.template_dialog import TemplateDialog
from model.design import Design
from model.metrics import compute_all
from model.metrics.results import DesignMetrics
from tests.gui.conftest import flush_deletes
from tests.gui.engine_standins import slow_preview

COMPUTING = "Computing the figures…"


class Heartbeat:
    """A timer ticking every 20 ms on the GUI thread; records the longest gap."""

    def __init__(self) -> None:
        self.ticks = 0
        self.longest_gap_s = 0.0
        self._last = time.perf_counter()
        self.timer = QTimer()
        self.timer.setInterval(20)
        self.timer.timeout.connect(self._tick)
        self.timer.start()

    def _tick(self) -> None:
        now = time.perf_counter()
        self.longest_gap_s = max(self.longest_gap_s, now - self._last)
        self._last = now
        self.ticks += 1


def test_the_event_loop_turns_while_the_engine_process_computes(qtbot) -> None:
    dialog = TemplateDialog(compute=engine_compute(slow_preview, timeout_s=30))
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitUntil(dialog.preview_ready, timeout=30_000)  # the first template's preview
    dialog.select("fat-tree")
    dialog.set_value("k", 4)
    beat = Heartbeat()
    start = time.perf_counter()
    assert dialog.update_preview()
    assert time.perf_counter() - start < 0.5, "update_preview waited for the engine"
    assert dialog.preview.text() == COMPUTING
    assert dialog.buttons.buttons()[0].isEnabled() or dialog.design is not None
    qtbot.waitUntil(dialog.preview_ready, timeout=30_000)
    beat.timer.stop()
    # the stand-in sleeps 2 s in the engine process: ~100 beats of 20 ms meanwhile
    assert beat.ticks > 40
    assert beat.longest_gap_s < 0.3, f"the event loop stalled {beat.longest_gap_s:.2f} s"
    # k = 4: k³/4 = 16 hosts, 5k²/4 = 20 switches
    assert "16 accelerators" in dialog.preview.text()
    assert "20 switches" in dialog.preview.text()


class Recording:
    """An in-process compute that notes the accelerators of each design it is given
    and takes ``seconds`` over it."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.started: list[int] = []
        self.finished = threading.Event()

    def __call__(self, design: Design) -> DesignMetrics:
        self.finished.clear()
        metrics = compute_all(design, None)
        self.started.append(metrics.inventory.accelerators)
        time.sleep(self.seconds)
        self.finished.set()
        return metrics


def test_a_newer_change_supersedes_the_preview_in_flight(qtbot) -> None:
    compute = Recording(0.6)
    dialog = TemplateDialog(compute=compute)
    qtbot.addWidget(dialog)
    qtbot.waitUntil(dialog.preview_ready, timeout=10_000)
    compute.started.clear()
    dialog.select("fat-tree")  # the first template: already on show
    for k in (6, 10, 8):
        dialog.set_value("k", k)
        assert dialog.update_preview()
        assert dialog.preview.text() == COMPUTING
    qtbot.waitUntil(dialog.preview_ready, timeout=10_000)
    # k = 6 (6³/4 = 54 hosts) started at once and ran on; k = 10 was superseded before
    # it started; then only the newest, k = 8 (8³/4 = 128 hosts)
    assert compute.started == [54, 128]
    assert "128 accelerators" in dialog.preview.text()


def test_closing_the_dialog_abandons_the_preview(qtbot) -> None:
    compute = Recording(0.8)
    dialog = TemplateDialog(compute=compute)
    qtbot.addWidget(dialog)
    qtbot.waitUntil(dialog.preview_ready, timeout=10_000)
    dialog.select("fat-tree")
    dialog.set_value("k", 4)
    assert dialog.update_preview()
    qtbot.waitUntil(lambda: 16 in compute.started, timeout=10_000)
    start = time.perf_counter()
    dialog.reject()
    assert time.perf_counter() - start < 0.2, "closing waited for the preview"
    assert compute.finished.wait(5)
    qtbot.wait(50)  # the late figures reach the event loop...
    assert dialog.preview.text() == COMPUTING  # ...and are dropped
    # a dialog deleted while its preview computes: the late figures go nowhere
    second = TemplateDialog(compute=compute)
    second.select("fat-tree")
    qtbot.waitUntil(lambda: not compute.finished.is_set(), timeout=5_000)
    second.deleteLater()
    flush_deletes()
    assert compute.finished.wait(5)
    QThreadPool.globalInstance().waitForDone(5000)
    qtbot.wait(50)
