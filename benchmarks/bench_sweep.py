"""Speed of ``main.py sweep`` on Dask against computing the same designs in one process.

Sweeps a seeded sample of 1,000 variants of a ~100K-accelerator campus (the
``islands`` template: 12, 14 or 16 islands of 6,144–8,192 H100 in steps of 256, 1:1 to
8:1 core oversubscription in steps of 0.25, 1 or 2 buildings; 74K to 131K accelerators)
and measures:

- **one process**: every point built, computed and flattened into its row
  (:func:`model.sweep_run.evaluate_point`) in a loop in this process;
- **Dask, 1 worker** and **Dask, 2 workers**: the same points through
  :func:`model.sweep_run.run_points` on a LocalCluster of 1 and 2 worker processes (one
  thread each), timed from the first submission to the last row (the cluster's start
  is reported apart).

It prints points per second for each and the overhead per point of Dask with one worker
against one process (scheduling, moving the parameters and the ~150-figure row, the
worker's own cold caches). The machine is shared: run it once, on a quiet machine, with
``.venv/bin/python benchmarks/bench_sweep.py [--points N]``.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from model import metrics
from model.sweep_plan import SweepSpec, make_spec
from model.sweep_run import evaluate_point, run_points, start_local_cluster

PARAMS = ["islands=12,14,16", "gpus_per_island=6144..8192:256",
          "oversubscription=1..8:0.25", "buildings=1,2"]


def spec_of(points: int) -> SweepSpec:
    """The benchmark's sweep: a seeded sample of ``points`` points."""
    return make_spec(template_name="islands", base=None, base_path=None, params=PARAMS,
                     sets=[], sample=points, seed=1)


def in_one_process(spec: SweepSpec) -> tuple[float, int]:
    """Seconds to compute every point here, and how many failed."""
    metrics.default_engine = metrics.Engine()  # from scratch: the points use the default
    payload = spec.to_json()
    start = time.perf_counter()
    failed = 0
    for k in spec.point_indices():
        row = evaluate_point(payload, k, spec.values_of(k))
        failed += row["status"] != "ok"
    return time.perf_counter() - start, failed


def on_dask(spec: SweepSpec, workers: int) -> tuple[float, float, int]:
    """Seconds to start the cluster, seconds to compute every point on it, failures."""
    start = time.perf_counter()
    cluster, client = start_local_cluster(workers)
    client.wait_for_workers(workers)
    started = time.perf_counter() - start
    rows: list[dict[str, object]] = []
    try:
        begin = time.perf_counter()
        run_points(client, spec, spec.point_indices(), rows.append, seconds=60)
        took = time.perf_counter() - begin
    finally:
        client.close()
        cluster.close()
    return started, took, sum(r["status"] != "ok" for r in rows)


def main() -> None:
    """Run the three measurements and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--points", type=int, default=1000)
    args = parser.parse_args()
    spec = spec_of(args.points)
    n = len(spec.point_indices())
    print(f"{n} points of {spec.size():,}; {os.cpu_count()} cores")
    alone, failed = in_one_process(spec)
    print(f"one process     : {alone:7.1f} s  {n / alone:6.1f} points/s  ({failed} failed)")
    results = {}
    for workers in (1, 2):
        started, took, failed = on_dask(spec, workers)
        results[workers] = took
        print(f"Dask, {workers} worker{'s' if workers > 1 else ' '}: {took:7.1f} s"
              f"  {n / took:6.1f} points/s  ({failed} failed; cluster started in"
              f" {started:.1f} s)")
    overhead_ms = (results[1] - alone) / n * 1000
    print(f"overhead per point, Dask 1 worker against one process: {overhead_ms:+.1f} ms")
    print(f"speed-up of 2 workers over 1: {results[1] / results[2]:.2f}×")


if __name__ == "__main__":
    main()
