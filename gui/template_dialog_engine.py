"""The template dialog's preview engine: the figures of a template's design, computed in
the engine process, and a way to call the run off when the dialog closes.

A preview of a large template can take many seconds in the engine process, which the
window's own metrics share (one process, one run at a time). Left to finish after the
dialog closed, it would hold back the figures of the design just created — the same
figures, computed a second time, behind it. :meth:`PreviewEngine.close` therefore stops
the run in flight: a run still queued is cancelled, a running one is stopped with the
engine process (the next run starts a fresh one).
"""

from __future__ import annotations

import threading
from concurrent.futures import CancelledError, Future
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool

from gui.metrics_runner import (
    PREVIEW_LIMIT_S,
    EngineFunction,
    EngineStoppedError,
    FiguresNotComputedError,
    engine_budget_s,
    engine_future,
    stop_engine,
    too_large_message,
)
from model.design import Design
from model.metrics import compute_all
from model.metrics.results import DesignMetrics

CLOSED_MESSAGE = "the preview was called off: the dialog closed"


class PreviewEngine:
    """Computes one dialog's previews (called on a worker thread, one run at a time)
    with ``fn(design, plane, budget_s)`` in the engine process, given up after
    ``limit_s`` seconds; :meth:`close` stops the run in flight and refuses later ones."""

    def __init__(self, fn: EngineFunction | None = None,
                 limit_s: float = PREVIEW_LIMIT_S) -> None:
        self.fn: EngineFunction = fn or compute_all  # reaches the process by name
        self.limit_s = limit_s
        self._lock = threading.Lock()
        self._future: Future[DesignMetrics] | None = None
        self._closed = False
        self.stopped_runs = 0
        """Runs stopped by :meth:`close` while the engine was computing them."""

    def __call__(self, design: Design) -> DesignMetrics:
        """The figures of ``design`` (a copy nobody edits), or
        :class:`FiguresNotComputedError` (past the time limit, or called off)."""
        with self._lock:
            if self._closed:
                raise FiguresNotComputedError(CLOSED_MESSAGE, cancelled=True)
            future = engine_future(self.fn, design, engine_budget_s(self.limit_s))
            self._future = future
        try:
            return future.result(timeout=self.limit_s)
        except CancelledError:
            raise FiguresNotComputedError(CLOSED_MESSAGE, cancelled=True) from None
        except FutureTimeout:
            stop_engine()
            raise FiguresNotComputedError(too_large_message(self.limit_s)) from None
        except BrokenProcessPool:
            if self._closed:
                raise FiguresNotComputedError(CLOSED_MESSAGE, cancelled=True) from None
            raise EngineStoppedError("the metrics engine stopped while computing the"
                                     " preview") from None
        finally:
            with self._lock:
                if self._future is future:
                    self._future = None

    def running(self) -> bool:
        """True while the engine process is computing a preview of this engine's."""
        future = self._future
        return future is not None and future.running()

    def close(self) -> bool:
        """Stop the run in flight (cancel it while queued, stop the engine process while
        it runs) and refuse any later run; True when a run was called off."""
        with self._lock:
            self._closed = True
            future = self._future
        if future is None or future.done():
            return False
        if future.cancel():
            return True
        self.stopped_runs += 1
        stop_engine(wait=False)  # the dialog closes now; a reaper waits for the process
        return True
