"""Computing a sweep's points on a Dask cluster.

:func:`evaluate_point` is the task: it builds one point's design
(:func:`model.sweep_plan.build_point`), computes every metric and returns the row of the
results table — never raising: a design that cannot be built or computed comes back as a
``failed`` row with the reason, so one bad point never stops the sweep.

:func:`run_points` drives a ``distributed.Client`` (a LocalCluster of this machine, or a
scheduler of many machines): it keeps a bounded number of points in flight (so results
stream back and are journalled as they come, and an interruption loses only the points
in flight), hands each finished row to a callback, and enforces a per-point time limit.
The limit has two layers: the engine's own budget (``compute_all(..., budget)``, where
the engine has one: figures past it are named in ``not_computed`` and the row is marked
``over budget``), and a watchdog at the Dask level, which marks a point ``over budget``
once it has been running on a worker for longer than the limit plus a grace period and
stops waiting for it (Dask cannot stop a running Python task; its result is dropped).
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Callable, Iterable
from typing import Any

from model.sweep_plan import SweepSpec, Value, build_point
from model.sweep_store import FAILED, OK, OVER_BUDGET, Row

WORKER_CONFIG: dict[str, object] = {
    # Dask sets MALLOC_TRIM_THRESHOLD_=65536 in its workers to hand memory back to the
    # system sooner; it also turns off glibc's adaptive mmap threshold, so every array
    # the engine makes is mapped and zeroed anew: a point computed in a worker took 2–3×
    # as long as in a plain process (30 points of the benchmark's campus, 7.9 s against
    # 3.9–5.6 s in a process with the variable against without).
    "distributed.nanny.pre-spawn-environ.MALLOC_TRIM_THRESHOLD_": None,
    # the statistical profiler samples every thread's stack every 10 ms: work the
    # engine's pure-Python loops do not need done beside them
    "distributed.worker.profile.enabled": False,
}
"""Dask settings of the workers a sweep starts; tools/dask/archipelago.yaml holds the same
for workers started by hand (docs/sweeps.md)."""

GRACE_S = 5.0
"""Time a point may run past its limit before the watchdog gives up on it (the engine's
own budget normally stops it first)."""


def point_row(index: int, spec: SweepSpec, values: dict[str, Value], status: str,
              reason: str, seconds: float) -> Row:
    """The lead and axis columns of a point's row."""
    row: Row = {"point": index, "status": status, "reason": reason,
                "seconds": round(seconds, 6)}
    for axis in spec.axes:
        row[axis.column] = values[axis.name]
    return row


def evaluate_point(spec_json: dict[str, Any], index: int, values: dict[str, Value],
                   seconds: float | None = None) -> Row:
    """One point's row: its parameters and every figure of its design, or ``failed``
    with the reason (see the module docstring). Runs on a Dask worker."""
    from model.errors import ArchipelagoError
    from model.figures import design_report, flatten_report, not_computed

    spec = SweepSpec.from_json(spec_json)
    start = time.perf_counter()
    try:
        design = build_point(spec, values)
        report = design_report(design, seconds)
    except ArchipelagoError as error:
        return point_row(index, spec, values, FAILED, str(error), time.perf_counter() - start)
    except Exception as error:  # any engine failure is a failed point, not a failed sweep
        where = traceback.extract_tb(error.__traceback__)[-1]
        reason = f"{type(error).__name__}: {error} (at {where.filename}:{where.lineno})"
        return point_row(index, spec, values, FAILED, reason, time.perf_counter() - start)
    elapsed = time.perf_counter() - start
    missing = not_computed(report)
    status, reason = (OVER_BUDGET, f"not computed: {missing}") if missing else (OK, "")
    if seconds is not None and elapsed > seconds and status == OK:
        status, reason = OVER_BUDGET, f"took {elapsed:.1f} s, over the {seconds:g} s budget"
    row = point_row(index, spec, values, status, reason, elapsed)
    row.update(flatten_report(report))
    return row


def run_points(client: Any, spec: SweepSpec, indices: Iterable[int],
               on_row: Callable[[Row], None], *, seconds: float | None = None,
               in_flight: int | None = None, poll_s: float = 0.5) -> None:
    """Compute the points ``indices`` of ``spec`` on ``client``'s cluster, calling
    ``on_row`` with each row as it finishes (in the order they finish). ``seconds`` is
    the per-point time limit (None: none). At most ``in_flight`` points are submitted
    at once (default: twice the cluster's threads, at least 4)."""
    from distributed import wait

    spec_json = spec.to_json()
    if in_flight is None:
        threads = sum(client.nthreads().values()) or 1
        in_flight = max(4, 2 * threads)
    todo = iter(indices)
    running: dict[Any, tuple[int, dict[str, Value]]] = {}
    started: dict[str, float] = {}

    def submit_next() -> None:
        index = next(todo, None)
        if index is None:
            return
        values = spec.values_of(index)
        future = client.submit(evaluate_point, spec_json, index, values, seconds, pure=False,
                               key=f"sweep-point-{index}-{time.monotonic_ns()}")
        running[future] = (index, values)

    for _ in range(in_flight):
        submit_next()
    try:
        while running:
            try:
                done = wait(list(running), timeout=poll_s,  # type: ignore[no-untyped-call]
                            return_when="FIRST_COMPLETED").done
            except TimeoutError:
                done = set()
            except Exception:  # some were cancelled by the cluster: rows of their own
                done = {f for f in running if f.status in ("cancelled", "error", "lost")}
            for future in done:
                index, values = running.pop(future)
                started.pop(str(future.key), None)
                on_row(_result(future, spec, index, values))
                submit_next()
            if seconds is not None:
                for future in _overdue(client, running, started, seconds + GRACE_S):
                    index, values = running.pop(future)
                    future.cancel()
                    on_row(point_row(index, spec, values, OVER_BUDGET,
                                     f"still running after {seconds + GRACE_S:g} s (the"
                                     f" limit is {seconds:g} s); given up", seconds))
                    submit_next()
    finally:
        for future in running:
            future.cancel()


def _result(future: Any, spec: SweepSpec, index: int, values: dict[str, Value]) -> Row:
    """The row a finished task returned, or a ``failed`` row when the task itself died
    (its worker was lost, it could not be unpickled, …)."""
    try:
        row: Row = future.result()
    except Exception as error:
        return point_row(index, spec, values, FAILED, f"{type(error).__name__}: {error}", 0.0)
    return row


def _overdue(client: Any, running: dict[Any, Any], started: dict[str, float],
             limit: float) -> list[Any]:
    """The running points that have been processing on a worker for over ``limit``
    seconds (first seen processing is when their clock starts)."""
    now = time.monotonic()
    try:
        processing = {str(k) for keys in client.processing().values() for k in keys}
    except Exception:  # the scheduler is busy or gone: check again next time
        return []
    for key in processing:
        started.setdefault(key, now)
    return [f for f in running if now - started.get(str(f.key), now) > limit]


def start_local_cluster(workers: int) -> tuple[Any, Any]:
    """A LocalCluster of ``workers`` single-threaded worker processes with
    :data:`WORKER_CONFIG`, and a client of it."""
    import logging

    import dask
    import distributed

    dist: Any = distributed  # the library ships no type hints
    with dask.config.set(WORKER_CONFIG):
        cluster = dist.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                    dashboard_address=None, silence_logs=logging.ERROR)
    return cluster, dist.Client(cluster)
