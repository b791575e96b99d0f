"""Closing the New from Template dialog calls off its preview in the engine process
(issue #15): the run stops at once instead of keeping the engine busy, and the engine
computes the next design's figures straight after."""

from __future__ import annotations

import time

import pytest
from PySide6.QtCore import QThreadPool

from gui.metrics_runner import FiguresNotComputedError, preview_compute
from gui.template_dialog import TemplateDialog
from gui.template_dialog_engine import PreviewEngine
from model.templates import TEMPLATES
from tests.gui.engine_standins import stalled_preview


def _stopped_within(seconds: float) -> bool:
    """True when every preview worker returned within ``seconds``."""
    return QThreadPool.globalInstance().waitForDone(int(seconds * 1000))


def test_closing_the_dialog_stops_the_preview_the_engine_is_computing(qtbot) -> None:
    engine = PreviewEngine(stalled_preview, limit_s=120)
    dialog = TemplateDialog(compute=engine)
    qtbot.addWidget(dialog)
    dialog.show()
    # the engine process is computing the first template's preview (a minute long)
    qtbot.waitUntil(engine.running, timeout=30_000)
    start = time.perf_counter()
    dialog.reject()
    assert time.perf_counter() - start < 2.0, "closing waited for the preview"
    # the worker waiting for the engine returns now, not in a minute
    assert _stopped_within(5.0), "the preview kept running after the dialog closed"
    assert engine.stopped_runs == 1
    assert not engine.running()
    # the engine computes the next design at once: fat-tree k = 4 has k³/4 = 16 hosts
    metrics = preview_compute(TEMPLATES["fat-tree"].build(k=4))
    assert metrics.inventory.accelerators == 16


def test_a_closed_engine_refuses_later_runs_and_an_idle_close_stops_nothing() -> None:
    engine = PreviewEngine(stalled_preview)
    assert engine.close() is False  # nothing in flight: nothing stopped
    assert engine.stopped_runs == 0
    with pytest.raises(FiguresNotComputedError, match="called off") as refused:
        engine(TEMPLATES["fat-tree"].build(k=4))
    assert refused.value.cancelled
