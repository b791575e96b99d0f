"""Metrics off the GUI thread.

After every change the runner copies the design (cheap: a few hundred records) and runs
:func:`model.metrics.compute_all` on the copy from a worker of a ``QThreadPool``. The
engine itself runs in a separate process (one, shared, started on first use): computing
in a thread of this process would hold the GIL for tens of milliseconds at a time and
every Python paint callback of the canvas would queue behind it, stalling the editor.
The worker thread only waits for the process (without the GIL). Each run
is tagged with the design's ``revision``; a result whose revision is no longer the
design's is stale and is dropped, never shown. At most one run is in flight: edits made
meanwhile are coalesced into one new run, started as soon as the old one returns.
"""

from __future__ import annotations

import atexit
import contextlib
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from PySide6.QtCore import QObject, QRunnable, QThreadPool, QTimer, Signal

from model.design import Design
from model.metrics.results import DesignMetrics

Compute = Callable[[Design], DesignMetrics]


_executor: ProcessPoolExecutor | None = None


def _lower_priority() -> None:
    """Run the engine process below the editor: on a 2-core machine the GUI thread then
    gets the CPU first, and only fresh figures wait."""
    with contextlib.suppress(AttributeError, OSError):
        os.nice(10)


def _engine_process() -> ProcessPoolExecutor:
    """The one process the engine runs in (spawned: it imports the model, never Qt)."""
    global _executor  # noqa: PLW0603 - one engine process per application
    if _executor is None:
        _executor = ProcessPoolExecutor(max_workers=1,
                                        mp_context=multiprocessing.get_context("spawn"),
                                        initializer=_lower_priority)
        atexit.register(_executor.shutdown, wait=False, cancel_futures=True)
    return _executor


class EngineStoppedError(RuntimeError):
    """The engine process died while computing (killed, or out of memory)."""


def default_compute(design: Design) -> DesignMetrics:
    """The engine: every metric on the design's chosen plane, computed in the engine
    process (in this thread only when no process can be started at all).

    A process that dies while computing is not retried here: whatever killed it (most
    likely memory) would then strike the editor's own process, and with it the user's
    unsaved work. The run fails with a message instead; the next edit starts a fresh
    engine process."""
    from model.metrics import compute_all

    global _executor  # noqa: PLW0603
    try:
        try:
            future = _engine_process().submit(compute_all, design, None)
        except BrokenProcessPool:  # it died while idle: a fresh process, once
            _executor = None
            future = _engine_process().submit(compute_all, design, None)
    except (BrokenProcessPool, OSError, RuntimeError):  # no process starts here
        _executor = None
        return compute_all(design, plane=None)
    try:
        return future.result()
    except BrokenProcessPool:
        _executor = None
        raise EngineStoppedError(
            "the metrics engine stopped while computing this design (its process was"
            " killed, perhaps out of memory); the figures shown are from before, and the"
            " next edit starts it again"
        ) from None


class _Signals(QObject):
    done = Signal(int, object, str)
    """revision, metrics (or None), error message ("" on success)."""


class _Job(QRunnable):
    def __init__(self, design: Design, revision: int, compute: Compute,
                 signals: _Signals) -> None:
        super().__init__()
        self.design, self.revision, self.compute, self.signals = (design, revision, compute,
                                                                  signals)
        self.setAutoDelete(True)

    def run(self) -> None:
        try:
            metrics = self.compute(self.design)
        except Exception as error:  # any engine failure is shown, never raised
            detail = f"{type(error).__name__}: {error}"
            self.signals.done.emit(self.revision, None, detail)
        else:
            self.signals.done.emit(self.revision, metrics, "")


class MetricsRunner(QObject):
    """Keeps :attr:`metrics` in step with a design, computing in the background."""

    stale = Signal()
    """The shown figures no longer describe the design (a run will follow)."""
    started = Signal(int)
    """A run started for this revision."""
    finished = Signal(object)
    """Fresh metrics (for the design's current revision)."""
    failed = Signal(str)
    """The engine raised on the current revision: the message."""

    def __init__(self, design: Design, compute: Compute | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.design = design
        self.compute = compute or default_compute
        self.metrics: DesignMetrics | None = None
        self.metrics_revision = -1
        self.discarded = 0
        """Stale results dropped so far (for tests and the benchmark)."""
        self._running_revision: int | None = None
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._signals = _Signals()
        self._signals.done.connect(self._on_done)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._start)

    def request(self) -> None:
        """The design changed: compute again soon (several requests coalesce)."""
        self.stale.emit()
        self._timer.start()

    def is_busy(self) -> bool:
        """True while a run is in flight or about to start."""
        return self._running_revision is not None or self._timer.isActive()

    def is_current(self) -> bool:
        """True when :attr:`metrics` describe the design as it is now."""
        return self.metrics_revision == self.design.revision and not self.is_busy()

    def _start(self) -> None:
        if self._running_revision is not None:
            return  # started again when the running one returns
        revision = self.design.revision
        self._running_revision = revision
        self.started.emit(revision)
        self._pool.start(_Job(self.design.copy(), revision, self.compute, self._signals))

    def _on_done(self, revision: int, metrics: object, error: str) -> None:
        self._running_revision = None
        if revision != self.design.revision:
            self.discarded += 1
            self._start()
            return
        self.metrics_revision = revision
        if metrics is None:
            self.metrics = None
            self.failed.emit(error)
        else:
            assert isinstance(metrics, DesignMetrics)
            self.metrics = metrics
            self.finished.emit(metrics)

    def shutdown(self) -> None:
        """Wait for a run in flight (call before the application quits)."""
        self._timer.stop()
        self._pool.waitForDone()
