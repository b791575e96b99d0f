"""The metrics dock shows the job's expected interruptions per day and its goodput, as
the engine computes them, beside the compute figure; a settings change (one undoable
command) refreshes them."""

from __future__ import annotations

import math

from gui.commands import ChangeSettings
from model.reliability_data import Component, RateOverride, ReliabilitySettings
from tests.gui.test_metrics_dock import wait_for_metrics


def test_dock_shows_interruptions_and_goodput(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    wait_for_metrics(qtbot, window)
    dock = window.metrics_dock
    assert dock.text_of("interruptions_per_day") != "–"
    # only GPUs fail, once a year each: the demo campus's 1,024 GPUs (2 halls × 2 pods
    # × 8 racks × 4 DGX × 8) fail 1,024 ÷ 365 = 2.81 times a day
    only_gpus = tuple(RateOverride(component=c, afr_per_year=1.0 if c is Component.GPU
                                   else 0.0) for c in Component)
    window.document.execute(ChangeSettings(
        window.document.design, {"reliability": ReliabilitySettings(failure_rates=only_gpus)}))
    qtbot.waitUntil(lambda: dock.text_of("interruptions_per_day") == "2.81", timeout=10_000)
    m = 365 * 24 * 3600 / 1024  # MTBI, s
    young = math.sqrt(2 * 30 * m)  # default checkpoint write 30 s, restart 300 s
    assert dock.text_of("goodput") == f"{1 - 30 / young - (young / 2 + 300) / m:.1%}"
    window.document.undo_stack.undo()
    qtbot.waitUntil(lambda: dock.text_of("interruptions_per_day") != "2.81", timeout=10_000)
