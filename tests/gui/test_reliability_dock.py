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


def test_checkpoint_and_restart_times_are_undoable_settings(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    from tests.gui.test_inspector import type_into

    design, stack = window.document.design, window.document.undo_stack
    window.scene.clearSelection()
    fields = window.inspector.fields
    type_into(qtbot, fields["reliability.checkpoint_write_s"], "45")
    type_into(qtbot, fields["reliability.restart_s"], "-5")
    assert "restart_s" in fields["reliability.restart_s"].error.text()
    settings = design.settings.reliability
    assert (settings.checkpoint_write_s, settings.restart_s) == (45.0, 300.0)
    assert stack.text(stack.count() - 1) == "Change reliability settings"
    stack.undo()
    assert design.settings.reliability.checkpoint_write_s == 30.0
    assert fields["reliability.checkpoint_write_s"].editor.text() == "30"
