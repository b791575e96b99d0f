"""The metrics runner carries the what-if's failures to the engine process: figures
computed for other failures than those now in force are stale and dropped, as figures
for an older design are; changing the failures is not an edit of the design."""

from __future__ import annotations

from functools import partial

from gui.metrics_runner import MetricsRunner, _run_in_engine
from model.design import Design
from model.failures import Failure
from model.metrics.results import DesignMetrics
from model.whatif import WhatIfMetrics
from tests.gui.whatif_standins import sleepy_what_if


def _compute(design: Design, failures: tuple[Failure, ...] = ()) -> DesignMetrics:
    return _run_in_engine(sleepy_what_if, design, None, None, failures)


def test_figures_for_other_failures_are_dropped(qtbot, design) -> None:
    runner = MetricsRunner(design, partial(_compute), grace_s=20)
    runner.request()
    qtbot.waitUntil(runner.is_current, timeout=30_000)
    assert not isinstance(runner.metrics, WhatIfMetrics)
    design.rename(design.name, "1.5")  # each run now takes 1.5 s
    runner.request()
    qtbot.waitUntil(lambda: runner._running_revision == design.revision, timeout=5000)
    revision = design.revision
    spine = (Failure(element="hall-a-pod-1-spine", count=1),)
    runner.set_failures(spine)  # while the healthy run is under way
    assert design.revision == revision, "failing is not an edit"
    assert not runner.is_current()
    qtbot.waitUntil(lambda: runner.is_current() and runner.metrics is not None,
                    timeout=30_000)
    assert runner.discarded == 1, "the healthy run, finished after the failure, is stale"
    assert isinstance(runner.metrics, WhatIfMetrics) and runner.metrics.failed == spine
    runner.set_failures(spine)  # the same failures: nothing to compute
    assert runner.is_current()
    runner.set_failures(())
    assert not runner.is_current()
    qtbot.waitUntil(lambda: runner.is_current() and runner.metrics is not None,
                    timeout=30_000)
    assert not isinstance(runner.metrics, WhatIfMetrics)
    runner.shutdown()
