"""Speed of ``main.py sweep`` on Dask against computing the same designs in one process.

Sweeps a seeded sample of 1,000 variants of a ~100K-accelerator campus (the
``islands`` template: 12, 14 or 16 islands of 6,144–8,192 H100 in steps of 256, 1:1 to
8:1 core oversubscription in steps of 0.25, 1 or 2 buildings; 74K to 131K accelerators)
and measures:

- **one process**: every point built, computed and flattened into its row
  (:meth:`model.sweep_run.PointMaker.row`, with the same 60 s budget as the workers) in
  a loop in this process;
- **Dask, 1 worker, one point a task**: :func:`model.sweep_run.run_points` with
  ``batch=1`` on a LocalCluster of one worker process (one thread), timed from the first
  submission to the last row (the cluster's start is reported apart);
- **Dask, 1 worker** and **Dask, 2 workers**: the same with the points per task chosen
  by ``run_points`` (the sweep's default).

For each it prints points per second and the CPU time per point of every process
involved (the workers, and this process, which holds the client and the LocalCluster's
scheduler): on a busy machine the wall-clock time varies with the load of others, the
CPU time much less. Then the overhead per point of Dask with one worker against one
process. The machine is shared: run it once, on a quiet machine, with
``.venv/bin/python benchmarks/bench_sweep.py [--points N] [--runs one,batch1,1,2]``.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import psutil

from model import metrics
from model.sweep_plan import SweepSpec, make_spec
from model.sweep_run import PointMaker, run_points, start_local_cluster

PARAMS = ["islands=12,14,16", "gpus_per_island=6144..8192:256",
          "oversubscription=1..8:0.25", "buildings=1,2"]
SECONDS = 60.0
"""The per-point limit of every run (the engine's budget and the watchdog)."""


def spec_of(points: int) -> SweepSpec:
    """The benchmark's sweep: a seeded sample of ``points`` points."""
    return make_spec(template_name="islands", base=None, base_path=None, params=PARAMS,
                     sets=[], sample=points, seed=1)


def cpu_s(processes: list[psutil.Process]) -> float:
    """CPU seconds (user + system) the processes have used so far."""
    return sum(sum(p.cpu_times()[:2]) for p in processes)


class Run:
    """One measurement: wall seconds, CPU seconds of the workers and of this process,
    and how many points failed."""

    def __init__(self, wall_s: float, worker_cpu_s: float, here_cpu_s: float,
                 failed: int) -> None:
        self.wall_s, self.worker_cpu_s, self.here_cpu_s = wall_s, worker_cpu_s, here_cpu_s
        self.failed = failed

    def line(self, label: str, n: int, note: str = "") -> str:
        """The table's line for this run of ``n`` points."""
        cpu = (f"CPU per point: workers {self.worker_cpu_s / n * 1000:5.1f} ms, here"
               f" {self.here_cpu_s / n * 1000:5.1f} ms")
        return (f"{label:<28}: {self.wall_s:7.1f} s  {n / self.wall_s:6.1f} points/s  {cpu}"
                f"  ({self.failed} failed{note})")


def in_one_process(spec: SweepSpec) -> Run:
    """Every point computed here."""
    metrics.default_engine = metrics.Engine()  # from scratch: the points use the default
    maker = PointMaker(spec.to_json())
    here = [psutil.Process()]
    start, cpu0 = time.perf_counter(), cpu_s(here)
    failed = 0
    for k in spec.point_indices():
        row = maker.row(k, spec.values_of(k), SECONDS)
        failed += row["status"] != "ok"
    return Run(time.perf_counter() - start, 0.0, cpu_s(here) - cpu0, failed)


def on_dask(spec: SweepSpec, workers: int, batch: int | None) -> tuple[float, Run]:
    """Seconds to start the cluster, and the run of every point on it."""
    start = time.perf_counter()
    cluster, client = start_local_cluster(workers)
    client.wait_for_workers(workers)
    started = time.perf_counter() - start
    pids = list(client.run(os.getpid).values())
    processes, here = [psutil.Process(p) for p in pids], [psutil.Process()]
    rows: list[dict[str, object]] = []
    try:
        begin, cpu_w, cpu_h = time.perf_counter(), cpu_s(processes), cpu_s(here)
        run_points(client, spec, spec.point_indices(), rows.append, seconds=SECONDS,
                   batch=batch)
        run = Run(time.perf_counter() - begin, cpu_s(processes) - cpu_w,
                  cpu_s(here) - cpu_h, sum(r["status"] != "ok" for r in rows))
    finally:
        client.close()
        cluster.close()
    return started, run


def main() -> None:
    """Run the measurements and print the table."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--points", type=int, default=1000)
    parser.add_argument("--runs", default="one,batch1,1,2",
                        help="which runs: one (process), batch1 (1 worker, one point a"
                        " task), 1 and 2 (workers)")
    args = parser.parse_args()
    runs = args.runs.split(",")
    spec = spec_of(args.points)
    n = len(spec.point_indices())
    print(f"{n} points of {spec.size():,}; {os.cpu_count()} cores;"
          f" load average {os.getloadavg()[0]:.1f}")
    results: dict[str, Run] = {}
    if "one" in runs:
        results["one"] = in_one_process(spec)
        print(results["one"].line("one process", n))
    for key, workers, batch, label in (("batch1", 1, 1, "Dask, 1 worker, 1 point/task"),
                                       ("1", 1, None, "Dask, 1 worker"),
                                       ("2", 2, None, "Dask, 2 workers")):
        if key in runs:
            started, results[key] = on_dask(spec, workers, batch)
            print(results[key].line(label, n, f"; cluster started in {started:.1f} s"))
    alone = results.get("one")
    for key in ("batch1", "1"):
        if alone is not None and key in results:
            run = results[key]
            wall_ms = (run.wall_s - alone.wall_s) / n * 1000
            cpu_ms = (run.worker_cpu_s + run.here_cpu_s - alone.here_cpu_s) / n * 1000
            print(f"overhead per point, {key.replace('batch1', '1 worker, 1 point/task')}"
                  f"{' worker' if key == '1' else ''} against one process: wall"
                  f" {wall_ms:+.1f} ms, CPU {cpu_ms:+.1f} ms")
    if "1" in results and "2" in results:
        print(f"speed-up of 2 workers over 1: {results['1'].wall_s / results['2'].wall_s:.2f}×")
    if alone is not None and "2" in results:
        print(f"speed-up of 2 workers over one process:"
              f" {alone.wall_s / results['2'].wall_s:.2f}×")
    print(f"load average at the end {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
