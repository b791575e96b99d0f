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

A run is never waited for without bound. When an edit supersedes a run that has already
taken longer than a short grace time, the engine process is killed (the run comes back
at once, stale, and is dropped) and a fresh process computes the design as it now is.
A run that reaches the time limit is given up the same way, and the window says that
the figures were not computed. Closing the window kills a run in flight rather than
waiting for it.
"""

from __future__ import annotations

import atexit
import contextlib
import multiprocessing
import os
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from functools import partial
from typing import Any

from PySide6.QtCore import QEventLoop, QObject, QRunnable, QThreadPool, QTimer, Signal

from gui.i18n import translate
from model.design import Design
from model.errors import ArchipelagoError
from model.failures import Failure
from model.metrics.results import DesignMetrics

Compute = Callable[[Design], DesignMetrics]
EngineFunction = Callable[..., DesignMetrics]
"""What runs inside the engine process: ``fn(design, plane[, budget_s])``, like
``compute_all``."""

DEFAULT_TIME_LIMIT_S = 60.0
"""How long a run may take before it is given up (seconds of wall-clock time)."""
ENGINE_SHARE = 0.8
"""The part of the time limit the engine is given as its own budget (as the command
line's ``--timeout`` does): it stops itself and returns partial figures first; killing
the process at the limit is the backstop."""
CANCEL_GRACE_S = 1.0
"""How long a run that an edit has superseded is at least let finish before its process
is killed: restarting the engine costs about a second, more than most runs."""
COLD_GRACE_S = 15.0
"""A run that is starting the engine process is let go on at least this long: killing
it would only start the process again (which can take seconds on a busy machine)."""
CANCEL_AFTER_RUNS = 2.0
"""...and at least this many times as long as the longest of the last few runs took: a
design whose runs take seconds is not restarted (losing the engine's warm caches) on
every edit, only when a run takes far longer than its runs do."""
CLOSE_WAIT_S = 1.0
"""The longest closing the window waits for the engine."""
ORPHAN_CHECK_S = 1.0
"""How often the engine process checks that the editor that started it still runs."""

_executor: ProcessPoolExecutor | None = None


def _lower_priority() -> None:
    """Run the engine process below the editor: on a 2-core machine the GUI thread then
    gets the CPU first, and only fresh figures wait."""
    with contextlib.suppress(AttributeError, OSError):
        os.nice(10)


def _exit_with(parent_pid: int) -> None:
    """In the engine process: end it once the editor that started it is gone (killed,
    crashed), which the executor's own pipes never notice."""
    while True:
        time.sleep(ORPHAN_CHECK_S)
        if os.getppid() != parent_pid:
            os._exit(0)


def _start_engine(parent_pid: int) -> None:
    """In the engine process, first: a lower priority and a watch on the editor."""
    _lower_priority()
    threading.Thread(target=_exit_with, args=(parent_pid,), name="editor-watch",
                     daemon=True).start()


def _engine_process() -> ProcessPoolExecutor:
    """The one process the engine runs in (spawned: it imports the model, never Qt)."""
    global _executor  # noqa: PLW0603 - one engine process per application
    if _executor is None:
        _executor = ProcessPoolExecutor(max_workers=1,
                                        mp_context=multiprocessing.get_context("spawn"),
                                        initializer=_start_engine,
                                        initargs=(os.getpid(),))
    return _executor


def stop_engine(wait: bool = True) -> bool:
    """Kill the engine process, if one runs: a run in it fails at once (and is dropped
    or reported by whoever waits for it); the next run starts a fresh process. Returns
    True when a process was stopped. With ``wait``, waits for the process to be gone,
    never more than :data:`CLOSE_WAIT_S` (closing the application); without, only sends
    the kill and leaves the waiting to a reaper thread, so that the GUI thread, which
    stops a run an edit has superseded, never blocks on a large process's exit (it took
    about 220 ms on a loaded machine)."""
    global _executor
    executor, _executor = _executor, None
    if executor is None:
        return False
    # The executor keeps its worker processes by pid; killing them is the only way to
    # stop a call in flight (its own shutdown waits for the call to finish).
    workers = list((getattr(executor, "_processes", None) or {}).values())
    for process in workers:
        with contextlib.suppress(OSError, ValueError, AttributeError):
            process.kill()
    if wait:
        _reap(executor, workers)
    else:
        threading.Thread(target=_reap, args=(executor, workers), name="engine-reaper",
                         daemon=True).start()
    return bool(workers)


def _reap(executor: ProcessPoolExecutor, workers: list[Any]) -> None:
    """Shut a killed engine's executor down and wait (at most :data:`CLOSE_WAIT_S`) for
    its processes to be gone."""
    executor.shutdown(wait=False, cancel_futures=True)
    deadline = time.monotonic() + CLOSE_WAIT_S
    for process in workers:
        with contextlib.suppress(OSError, ValueError, AssertionError):
            process.join(max(0.0, deadline - time.monotonic()))


# Before the interpreter joins the executor's threads at exit (which would wait for a
# run in flight to finish), kill the process; plain atexit runs too late for that.
getattr(threading, "_register_atexit", atexit.register)(stop_engine)


class EngineStoppedError(ArchipelagoError, RuntimeError):
    """The engine process died while computing (killed, or out of memory)."""


class FiguresNotComputedError(ArchipelagoError):
    """No figures for the design: the run was given up, failed or was cancelled
    (``cancelled``: by the user, while waiting for it)."""

    def __init__(self, message: str, cancelled: bool = False) -> None:
        super().__init__(message)
        self.cancelled = cancelled


def too_large_message(limit_s: float) -> str:
    """What the window says when a run reached its time limit."""
    return translate("MetricsRunner", "figures not computed: the design is too large to compute "
                     "within {limit} s").format(limit=f"{limit_s:g}")


def _forget(engine: ProcessPoolExecutor) -> None:
    """Start a fresh process next time, unless another already replaced ``engine``."""
    global _executor  # noqa: PLW0603
    if _executor is engine:
        _executor = None


def _run_in_engine(fn: EngineFunction, design: Design, timeout_s: float | None = None,
                   *extra: Any) -> DesignMetrics:
    """``fn(design, None)`` in the engine process; the design must be one nobody edits
    meanwhile (a copy: it is pickled on a thread of the executor). With ``timeout_s``,
    a run that takes longer is stopped and :class:`FiguresNotComputedError` raised."""
    global _executor  # noqa: PLW0603
    try:
        engine = _engine_process()
        try:
            future = engine.submit(fn, design, None, *extra)
        except BrokenProcessPool:  # it died while idle: a fresh process, once
            _forget(engine)
            engine = _engine_process()
            future = engine.submit(fn, design, None, *extra)
    except (BrokenProcessPool, OSError, RuntimeError):  # no process starts here
        _executor = None
        return fn(design, None, *extra)
    try:
        result: DesignMetrics = future.result(timeout=timeout_s)
    except FutureTimeout:
        stop_engine()
        raise FiguresNotComputedError(too_large_message(timeout_s or 0.0)) from None
    except BrokenProcessPool:
        _forget(engine)
        raise EngineStoppedError(translate(
            "MetricsRunner", "the metrics engine stopped while computing this design (its "
            "process was killed, perhaps out of memory); the figures shown are from before, "
            "and the next edit starts it again")) from None
    return result


def engine_future(fn: EngineFunction, design: Design, *extra: Any) -> Future[DesignMetrics]:
    """Start ``fn(design, None, *extra)`` in the engine process and return its future,
    for a caller that may call the run off: a queued future is cancelled with
    ``future.cancel()``, a running one stopped with :func:`stop_engine`. A process that
    died while idle is replaced once. The design must be one nobody edits meanwhile."""
    engine = _engine_process()
    try:
        return engine.submit(fn, design, None, *extra)
    except BrokenProcessPool:
        _forget(engine)
        return _engine_process().submit(fn, design, None, *extra)


def default_compute(design: Design, *budget: float) -> DesignMetrics:
    """The engine: every metric on the design's chosen plane, computed in the engine
    process (in this thread only when no process can be started at all).

    A process that dies while computing is not retried here: whatever killed it (most
    likely memory) would then strike the editor's own process, and with it the user's
    unsaved work. The run fails with a message instead; the next edit starts a fresh
    engine process. ``budget`` (seconds), when given, is the engine's own budget."""
    from model.metrics import compute_all

    return _run_in_engine(compute_all, design, None, *budget)


def engine_budget_s(time_limit_s: float) -> float:
    """The engine's own budget within a time limit: most of it, so that it returns the
    figures it has (naming those it left out) before the process is stopped."""
    return ENGINE_SHARE * time_limit_s


PREVIEW_LIMIT_S = 20.0
"""How long a one-off computation (the template dialog's preview) may take (seconds)."""


def preview_compute(design: Design) -> DesignMetrics:
    """Figures for a design no runner follows (a template's preview): computed in the
    engine process on a copy (the caller's design may be live), given up after
    :data:`PREVIEW_LIMIT_S` with :class:`FiguresNotComputedError`."""
    from model.metrics import compute_all

    return _run_in_engine(compute_all, design.copy(), PREVIEW_LIMIT_S,
                          engine_budget_s(PREVIEW_LIMIT_S))


def engine_compute(fn: EngineFunction, timeout_s: float | None = None) -> Compute:
    """A compute that runs ``fn(design, None)`` in the engine process (``fn`` must be a
    module-level function: it reaches the process by name). Tests use it to put a
    stand-in engine on the far side of the process boundary."""
    return partial(_run_in_engine, fn, timeout_s=timeout_s)


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
    """The engine raised on the current revision, or the run reached the time limit:
    the message."""

    def __init__(self, design: Design, compute: Compute | None = None,
                 parent: QObject | None = None, *,
                 time_limit_s: float = DEFAULT_TIME_LIMIT_S,
                 grace_s: float = CANCEL_GRACE_S) -> None:
        super().__init__(parent)
        self.design = design
        self.compute = compute or self._engine
        """Computes the figures of a design (run on a worker thread)."""
        self.time_limit_s = time_limit_s
        """A run taking longer (wall-clock seconds) is given up; 0 for no limit."""
        self.grace_s = grace_s
        """A superseded run older than this (and than :meth:`cancel_after_s`) is
        cancelled: its process is killed."""
        self.metrics: DesignMetrics | None = None
        self.metrics_revision = -1
        self.failure = ""
        """Why there are no figures for :attr:`metrics_revision` ("" when there are)."""
        self.discarded = 0
        """Stale results dropped so far (for tests and the benchmark)."""
        self.cancelled = 0
        """Runs stopped because an edit superseded them or they ran out of time."""
        self.failures: tuple[Failure, ...] = ()
        """Failed members the figures are computed with (a what-if: part of the view,
        not of the design); changed by :meth:`set_failures`."""
        self._failures_changes = 0
        self._running_failures = 0
        self.metrics_failures = 0
        """Which setting of :attr:`failures` :attr:`metrics` were computed with."""
        self._running_revision: int | None = None
        self._abandoned: int | None = None
        self._started_at = 0.0
        self._recent_runs_s: deque[float] = deque(maxlen=5)
        self._cold = True
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._signals = _Signals()
        self._signals.done.connect(self._on_done)
        self._timer = self._single_shot(self._start)
        self._timer.setInterval(0)
        self._grace_timer = self._single_shot(self._supersede)
        self._limit_timer = self._single_shot(self._over_time)

    def _engine(self, design: Design, failures: tuple[Failure, ...] = ()) -> DesignMetrics:
        """The default compute: the engine process, with most of the time limit as the
        engine's own budget (past it, the engine returns what it has); with failures,
        the what-if figures (:func:`model.whatif.compute_what_if`)."""
        if failures:
            from model.whatif import compute_what_if

            budget = engine_budget_s(self.time_limit_s) if self.time_limit_s > 0 else None
            return _run_in_engine(compute_what_if, design, None, budget, failures)
        if self.time_limit_s > 0:
            return default_compute(design, engine_budget_s(self.time_limit_s))
        return default_compute(design)

    def _single_shot(self, slot: Callable[[], None]) -> QTimer:
        timer = QTimer(self)
        timer.setSingleShot(True)
        timer.timeout.connect(slot)
        return timer

    def set_failures(self, failures: tuple[Failure, ...]) -> None:
        """Compute the figures with ``failures`` down from now on (a view setting: the
        design is not changed); figures for the earlier setting become stale."""
        if tuple(failures) == self.failures:
            return
        self.failures = tuple(failures)
        self._failures_changes += 1
        self.request()

    def _compute_for(self, failures: tuple[Failure, ...]) -> Compute:
        """What a run computes with: :attr:`compute`, given the failures when there are
        some (the default engine and engine stand-ins take them as ``failures=``)."""
        if not failures:
            return self.compute
        return partial(self.compute, failures=failures)  # type: ignore[call-arg]

    def _running_stale(self) -> bool:
        """True when the run in flight no longer describes the design and failures."""
        return (self._running_revision != self.design.revision
                or self._running_failures != self._failures_changes)

    def request(self) -> None:
        """The design changed: compute again soon (several requests coalesce). A run in
        flight that has outlived the grace time is cancelled."""
        self.stale.emit()
        self._timer.start()
        if self._running_revision is not None and not self._grace_timer.isActive():
            remaining_s = self.cancel_after_s() - (time.monotonic() - self._started_at)
            self._grace_timer.start(max(0, int(remaining_s * 1000)))

    def cancel_after_s(self) -> float:
        """How long a superseded run is let go on before it is stopped (seconds): the
        grace time, or twice the longest of the last runs when that is longer, or
        :data:`COLD_GRACE_S` for the run that starts the engine process."""
        longest = max(self._recent_runs_s, default=0.0)
        cold = COLD_GRACE_S if self._cold and self._running_revision is not None else 0.0
        return max(self.grace_s, CANCEL_AFTER_RUNS * longest, cold)

    def is_busy(self) -> bool:
        """True while a run is in flight or about to start."""
        return self._running_revision is not None or self._timer.isActive()

    def is_current(self) -> bool:
        """True when :attr:`metrics` describe the design as it is now (None when its
        run failed: then :attr:`failure` says why)."""
        return (self.metrics_revision == self.design.revision
                and self.metrics_failures == self._failures_changes and not self.is_busy())

    def _start(self) -> None:
        if self._running_revision is not None:
            return  # started again when the running one returns
        revision = self.design.revision
        self._running_revision = revision
        self._running_failures = self._failures_changes
        self._started_at = time.monotonic()
        # a run that starts the engine process takes its start-up too: not a measure
        # of how long this design's runs take
        self._cold = _executor is None
        if self.time_limit_s > 0:
            self._limit_timer.start(int(self.time_limit_s * 1000))
        self.started.emit(revision)
        self._pool.start(_Job(self.design.copy(), revision, self._compute_for(self.failures),
                              self._signals))

    def _supersede(self) -> None:
        """The grace time is up: stop the run in flight if an edit has made it stale."""
        running = self._running_revision
        if running is None or running == self._abandoned or not self._running_stale():
            return
        self._abandoned = running
        self.cancelled += 1
        stop_engine(wait=False)  # the GUI thread never waits for the process to go

    def _over_time(self) -> None:
        """The run in flight reached the time limit: stop it and say so."""
        running = self._running_revision
        if running is None or self._abandoned == running:
            return
        self._abandoned = running
        self.cancelled += 1
        stop_engine(wait=False)  # the GUI thread never waits for the process to go
        if not self._running_stale():
            self._fail(running, too_large_message(self.time_limit_s))

    def _fail(self, revision: int, message: str) -> None:
        self.metrics_revision = revision
        self.metrics_failures = self._running_failures
        self.metrics = None
        self.failure = message
        self.failed.emit(message)

    def _on_done(self, revision: int, metrics: object, error: str) -> None:
        stale = self._running_stale()
        self._running_revision = None
        self._grace_timer.stop()
        self._limit_timer.stop()
        abandoned, self._abandoned = self._abandoned == revision, None
        if metrics is not None and not abandoned and not self._cold:
            # stale or not, it shows how long this design's runs take
            self._recent_runs_s.append(time.monotonic() - self._started_at)
        if stale:
            self.discarded += 1
            self._start()
            return
        if abandoned:
            return  # already reported (out of time), or superseded and edited back
        if metrics is None:
            self._fail(revision, error)
        else:
            assert isinstance(metrics, DesignMetrics)
            self.metrics_revision = revision
            self.metrics_failures = self._running_failures
            self.metrics = metrics
            self.failure = ""
            self.finished.emit(metrics)

    def wait_for_current(self, cancelled: Callable[[], bool] = lambda: False
                         ) -> DesignMetrics:
        """The figures for the design as it is now: at once when they are current, else
        once its run returns, the event loop running meanwhile (the window stays
        responsive). Raises :class:`FiguresNotComputedError` when that run failed or
        ran out of time, or when ``cancelled()`` turns true."""
        if not self.is_current():
            loop = QEventLoop()
            poll = QTimer()
            poll.setInterval(50)
            poll.timeout.connect(loop.quit)
            self.finished.connect(loop.quit)
            self.failed.connect(loop.quit)
            poll.start()
            try:
                while not self.is_current():
                    if cancelled():
                        raise FiguresNotComputedError(self.tr(
                            "cancelled while the figures were being computed"),
                            cancelled=True)
                    if not self.is_busy():
                        self.request()
                    loop.exec()
            finally:
                poll.stop()
                self.finished.disconnect(loop.quit)
                self.failed.disconnect(loop.quit)
        if self.metrics is None:
            raise FiguresNotComputedError(self.failure
                                          or self.tr("the figures are not computed"))
        return self.metrics

    def shutdown(self) -> None:
        """Stop: a run in flight is killed with the engine process rather than waited
        for, so this returns within about :data:`CLOSE_WAIT_S` (call it before the
        window closes)."""
        self._timer.stop()
        self._grace_timer.stop()
        self._limit_timer.stop()
        if self._running_revision is not None:
            self._abandoned = self._running_revision
            stop_engine()
        self._pool.waitForDone(int(CLOSE_WAIT_S * 1000))
