"""Computing a sweep's points on a Dask cluster.

:class:`PointMaker` makes points' rows: it builds a point's design
(:func:`model.sweep_plan.build_point`), computes every metric and returns the row of the
results table — never raising: a design that cannot be built or computed comes back as a
``failed`` row with the reason, so one bad point never stops the sweep.
:func:`evaluate_point` is the same for one point in this process.

:func:`run_points` drives a ``distributed.Client`` (a LocalCluster of this machine, or a
scheduler of many machines). What crosses the network is kept small, because Dask's own
work per task runs on the workers' and the client's event loops beside the engine:

- **The sweep's description travels as its JSON alone**: each task carries a
  :class:`PointMaker` (the description, about 12 KB with the 100K campus as its base)
  and its points' numbers and values; a base design is read from its JSON once per
  task and each point starts from a copy of it. (Not a scattered copy: a worker that
  dies and is restarted would lose it, and every later point would fail.)
- **Rows travel as one JSON text per task**: Dask serializes a dict value by value (a
  row has hundreds of figures), which cost more CPU than computing a small point.
- **Several points per task** once the first rows show how long a point takes: about
  :data:`TASK_TARGET_S` of work per task (at most :data:`MAX_BATCH` points), fewer
  near the end so every worker stays busy.

It keeps a bounded number of tasks in flight (so rows stream back and are journalled as
they come, and an interruption loses only the points in flight), hands each finished row
to a callback, and enforces a per-point time limit in two layers: the engine's own
budget (``compute_all(..., budget)``: figures past it are named in ``not_computed`` and
the row is marked ``over budget``), and a watchdog at the Dask level, which gives up on
a task once it has been running on a worker for longer than its points' limits plus a
grace period (Dask cannot stop a running Python task; its result is dropped). A given-up
task of one point is an ``over budget`` row; one of several points is sent again a point
a task, so only the point that overran is marked.
"""

from __future__ import annotations

import json
import math
import time
import traceback
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from model.design import Design
from model.sweep_plan import SweepSpec, Value, apply_set, base_design, build_point
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
    # housekeeping on every process's event loop (the event-loop watchdog's tick, the
    # dashboard's system monitor, the memory monitor) at Dask's defaults took 19 ms of
    # CPU a second in an idle worker and 32 ms in the client with its scheduler; at
    # these intervals 6 and 12 ms, time the engine gets instead
    "distributed.admin.tick.interval": "100ms",
    "distributed.admin.system-monitor.interval": "2s",
    "distributed.worker.memory.monitor-interval": "500ms",
}
"""Dask settings of the workers a sweep starts; tools/dask/archipelago.yaml holds the same
for workers started by hand (docs/sweeps.md)."""

GRACE_S = 5.0
"""Time a point may run past its limit before the watchdog gives up on it (the engine's
own budget normally stops it first)."""

TASK_TARGET_S = 1.0
"""Work a task aims at once points' times are known: Dask's own cost per task (a few
milliseconds of CPU on the worker and on the client) is then a small share of it."""

MAX_BATCH = 16
"""Most points in one task (an interruption loses at most this many per task in flight;
rows arrive at least this often)."""

Item = tuple[int, dict[str, Value]]
"""A point: its number and its axis values."""


def point_row(index: int, spec: SweepSpec, values: dict[str, Value], status: str,
              reason: str, seconds: float) -> Row:
    """The lead and axis columns of a point's row."""
    row: Row = {"point": index, "status": status, "reason": reason,
                "seconds": round(seconds, 6)}
    for axis in spec.axes:
        row[axis.column] = values[axis.name]
    return row


class PointMaker:
    """Makes the rows of one sweep's points, wherever it runs. It is pickled as the
    sweep's JSON description alone; the description and the base design are parsed
    where it arrives (on first use) and kept with it for the task's other points."""

    def __init__(self, spec_json: dict[str, Any]) -> None:
        self.spec_json = spec_json
        self._spec: SweepSpec | None = None
        self._base: Design | None = None

    def __reduce__(self) -> tuple[type[PointMaker], tuple[dict[str, Any]]]:
        return (PointMaker, (self.spec_json,))

    @property
    def spec(self) -> SweepSpec:
        """The sweep's description."""
        if self._spec is None:
            self._spec = SweepSpec.from_json(self.spec_json)
        return self._spec

    def design(self, values: dict[str, Value]) -> Design:
        """The design of the point with ``values`` (a template is built anew for each
        point; a base design is read once, then copied)."""
        spec = self.spec
        if spec.base is None:
            return build_point(spec, values)
        if self._base is None:
            self._base = base_design(spec)
        design = self._base.copy()
        for axis in spec.axes:
            if axis.kind == "set":
                apply_set(design, axis.name, values[axis.name])
        return design

    def row(self, index: int, values: dict[str, Value], seconds: float | None = None) -> Row:
        """One point's row: its parameters and every figure of its design, or
        ``failed`` with the reason (see the module docstring)."""
        from model.errors import ArchipelagoError
        from model.figures import design_report, flatten_report, not_computed

        spec = self.spec
        start = time.perf_counter()
        try:
            report = design_report(self.design(values), seconds)
        except ArchipelagoError as error:
            return point_row(index, spec, values, FAILED, str(error),
                             time.perf_counter() - start)
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

    def rows_text(self, items: list[Item], seconds: float | None = None) -> str:
        """The rows of ``items`` as one JSON text (a list of rows): the task a Dask
        worker runs (see the module docstring for why text)."""
        return json.dumps([self.row(index, values, seconds) for index, values in items])


def evaluate_point(spec_json: dict[str, Any], index: int, values: dict[str, Value],
                   seconds: float | None = None) -> Row:
    """One point's row computed here (see :meth:`PointMaker.row`)."""
    return PointMaker(spec_json).row(index, values, seconds)


def _compute(maker: PointMaker, items: list[Item], seconds: float | None) -> str:
    """A task: the rows of ``items`` (module-level, so a worker imports it by name)."""
    return maker.rows_text(items, seconds)


def batch_size(point_s: float | None, left: int, threads: int) -> int:
    """Points for the next task: one while no point's time is known, then enough for
    :data:`TASK_TARGET_S` of work (at most :data:`MAX_BATCH`), but no more than an
    even share of the ``left`` points over twice the cluster's ``threads``."""
    if point_s is None:
        return 1
    wanted = MAX_BATCH if point_s <= 0 else int(TASK_TARGET_S / point_s)
    share = math.ceil(left / (2 * max(1, threads)))
    return max(1, min(wanted, MAX_BATCH, share))


def run_points(client: Any, spec: SweepSpec, indices: Iterable[int],
               on_row: Callable[[Row], None], *, seconds: float | None = None,
               in_flight: int | None = None, poll_s: float = 0.5,
               batch: int | None = None) -> None:
    """Compute the points ``indices`` of ``spec`` on ``client``'s cluster, calling
    ``on_row`` with each row as it finishes (in the order they finish). ``seconds`` is
    the per-point time limit (None: none). At most ``in_flight`` tasks are submitted
    at once (default: twice the cluster's threads, at least 4), each of ``batch``
    points (default: chosen as the points' times become known, see
    :func:`batch_size`)."""
    from distributed import wait

    threads = sum(client.nthreads().values()) or 1
    if in_flight is None:
        in_flight = max(4, 2 * threads)
    maker = PointMaker(spec.to_json())
    queue: list[int] = list(indices)
    queue.reverse()  # taken from the end: in point order
    retry: list[int] = []  # points of a given-up task, sent again one a task
    running: dict[Any, list[Item]] = {}
    started: dict[str, float] = {}
    limits: dict[Any, float] = {}
    computed_s, computed = 0.0, 0

    def submit(source: list[int], size: int) -> None:
        points = [source.pop() for _ in range(min(size, len(source)))]
        items = [(k, spec.values_of(k)) for k in points]
        future = client.submit(_compute, maker, items, seconds, pure=False,
                               key=f"sweep-points-{points[0]}-{time.monotonic_ns()}")
        running[future] = items
        if seconds is not None:
            limits[future] = len(items) * seconds + GRACE_S

    def top_up() -> None:
        while len(running) < in_flight and (retry or queue):
            if retry:
                submit(retry, 1)
            else:
                mean = computed_s / computed if computed else None
                submit(queue, batch or batch_size(mean, len(queue), threads))

    top_up()
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
                items = running.pop(future)
                started.pop(str(future.key), None)
                limits.pop(future, None)
                for row in _result(future, spec, items):
                    if row.get("status") != FAILED:
                        computed_s += float(row.get("seconds") or 0.0)
                        computed += 1
                    on_row(row)
            if seconds is not None:
                for future in _overdue(client, running, started, limits):
                    items = running.pop(future)
                    limit = limits.pop(future)
                    future.cancel()
                    if len(items) > 1:  # find the point that overran: one a task
                        retry.extend(k for k, _values in reversed(items))
                        continue
                    [(index, values)] = items
                    on_row(point_row(index, spec, values, OVER_BUDGET,
                                     f"still running after {limit:g} s (the limit is"
                                     f" {seconds:g} s); given up", seconds))
            top_up()
    finally:
        for future in running:
            future.cancel()


def _result(future: Any, spec: SweepSpec, items: list[Item]) -> list[Row]:
    """The rows a finished task returned, or a ``failed`` row for each of its points
    when the task itself died (its worker was lost, it could not be unpickled, …)."""
    try:
        rows: list[Row] = json.loads(future.result())
    except Exception as error:
        return [point_row(index, spec, values, FAILED, f"{type(error).__name__}: {error}",
                          0.0) for index, values in items]
    return rows


def _overdue(client: Any, running: Mapping[Any, Any], started: dict[str, float],
             limit: float | Mapping[Any, float]) -> list[Any]:
    """The running tasks that have been processing on a worker for over their limit in
    seconds (one ``limit`` for all, or one a task); first seen processing is when their
    clock starts."""
    now = time.monotonic()
    try:
        processing = {str(k) for keys in client.processing().values() for k in keys}
    except Exception:  # the scheduler is busy or gone: check again next time
        return []
    for key in processing:
        started.setdefault(key, now)

    def limit_of(future: Any) -> float:
        return limit if isinstance(limit, float | int) else limit.get(future, math.inf)

    return [f for f in running if now - started.get(str(f.key), now) > limit_of(f)]


def start_local_cluster(workers: int) -> tuple[Any, Any]:
    """A LocalCluster of ``workers`` single-threaded worker processes with
    :data:`WORKER_CONFIG`, and a client of it."""
    import logging

    import dask
    import distributed

    dist: Any = distributed  # the library ships no type hints
    with dask.config.set(WORKER_CONFIG):
        cluster = dist.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                    dashboard_address=":0", silence_logs=logging.ERROR)
    return cluster, dist.Client(cluster)
