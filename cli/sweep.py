"""``python main.py sweep (--template NAME | --base DESIGN.json) [--param NAME=VALUES ...]
[--set PATH=VALUES ...] [--sample N] --out OUT [--scheduler tcp://HOST:PORT] [--resume]
[--pareto X,Y]``

Computes every point of a design space (the cross product of the values, or a seeded
random sample of it) on Dask — a LocalCluster of this machine's cores by default, or an
existing scheduler — and writes one row per point (parameters and every figure) to
OUT.csv and OUT.parquet, journalled as each point finishes (OUT.jsonl) so an
interruption keeps what was done and ``--resume`` finishes the rest. A progress bar
with the time left goes to stderr. ``--pareto X,Y`` draws the Pareto chart of two
figures (OUT.pareto.png, or ``--chart FILE.svg``). See docs/sweeps.md.

Exit status 0 when the sweep is complete (failed points are rows, not errors), 2 on bad
input (an unknown parameter, an empty range, a path naming no field, a scheduler that
cannot be reached), 130 when interrupted.
"""

from __future__ import annotations

import argparse
import logging
import math
import os
import sys
import time
from typing import Any

EXIT_OK, EXIT_USAGE, EXIT_INTERRUPTED = 0, 2, 130


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the verb's arguments."""
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--template", metavar="NAME", help="sweep a template's parameters")
    source.add_argument("--base", metavar="DESIGN.json", help="sweep fields of a design")
    parser.add_argument("--param", action="append", default=[], metavar="NAME=VALUES",
                        help="a template parameter and its values: 4,8,16 or a range"
                        " A..B:STEP (repeat for more axes)")
    parser.add_argument("--set", action="append", default=[], metavar="PATH=VALUES",
                        help="a field by path, e.g. tiers[core].count=128..512:128")
    parser.add_argument("--sample", type=int, metavar="N",
                        help="compute a random sample of N points of the cross product")
    parser.add_argument("--seed", type=int, default=0, help="seed of --sample (default 0)")
    parser.add_argument("--out", "-o", default="sweep", metavar="OUT",
                        help="results: OUT.csv, OUT.parquet, OUT.jsonl, OUT.sweep.json"
                        " (default: sweep)")
    parser.add_argument("--resume", action="store_true",
                        help="finish the sweep started at OUT (its points are kept)")
    parser.add_argument("--force", action="store_true",
                        help="start afresh even when a sweep exists at OUT")
    parser.add_argument("--scheduler", metavar="tcp://HOST:PORT",
                        help="an existing Dask scheduler (default: a local cluster)")
    parser.add_argument("--workers", type=int, metavar="N",
                        help="worker processes of the local cluster (default: all cores)")
    parser.add_argument("--connect-timeout", type=float, default=10.0, metavar="S",
                        help="seconds to wait for the scheduler and a worker (default 10)")
    parser.add_argument("--point-timeout", type=float, default=60.0, metavar="S",
                        help="time budget of one point in seconds (default 60)")
    parser.add_argument("--pareto", metavar="X,Y",
                        help="chart two figures, each [min:|max:]COLUMN")
    parser.add_argument("--chart", metavar="FILE",
                        help="where the Pareto chart goes (.png or .svg;"
                        " default OUT.pareto.png)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")


class Progress:
    """A one-line progress bar on stderr: points done, failed, rate, time left."""

    WIDTH = 30

    def __init__(self, total: int, done: int, quiet: bool) -> None:
        self.total, self.done, self.failed = total, done, 0
        self.fresh = 0
        self.quiet = quiet
        self.start = time.monotonic()
        self.shown = 0.0

    def step(self, failed: bool) -> None:
        """A point finished."""
        self.done += 1
        self.fresh += 1
        self.failed += int(failed)
        now = time.monotonic()
        if now - self.shown >= 0.2 or self.done == self.total:
            self.shown = now
            self.show(now)

    def show(self, now: float) -> None:
        """Redraw the bar."""
        if self.quiet:
            return
        elapsed = max(now - self.start, 1e-9)
        rate = self.fresh / elapsed
        left = (self.total - self.done) / rate if rate > 0 else float("nan")
        filled = int(self.WIDTH * self.done / max(self.total, 1))
        bar = "#" * filled + "." * (self.WIDTH - filled)
        eta = _duration(left) if math.isfinite(left) else "—"
        failed = f", {self.failed} failed" if self.failed else ""
        sys.stderr.write(f"\r[{bar}] {self.done:,}/{self.total:,} points{failed},"
                         f" {rate:,.1f}/s, {eta} left ")
        sys.stderr.flush()

    def finish(self) -> None:
        """End the bar's line."""
        if not self.quiet:
            sys.stderr.write("\n")
            sys.stderr.flush()


def _duration(seconds: float) -> str:
    seconds = round(seconds)
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def _spec_from_args(args: argparse.Namespace) -> Any:
    from model.sweep_plan import make_spec

    base = None
    if args.base:
        from model.fileformat import load_design
        from model.fileformat.writer import design_to_dict

        base = design_to_dict(load_design(args.base))
    return make_spec(template_name=args.template, base=base,
                     base_path=os.path.abspath(args.base) if args.base else None,
                     params=args.param, sets=args.set, sample=args.sample, seed=args.seed)


def _plan(args: argparse.Namespace, store: Any) -> Any:
    """The sweep to run: a new one from the arguments, or the stored one (--resume)."""
    from model.sweep_plan import SweepError

    given = bool(args.template or args.base or args.param or args.set)
    if args.resume:
        stored = store.read_spec()
        if given and _spec_from_args(args).to_json() != stored.to_json():
            raise SweepError(f"the sweep at {store.stem} was started with other parameters;"
                             " resume it without them, or choose another --out")
        return stored
    if not given and args.pareto:
        return store.read_spec()  # chart an existing sweep
    spec = _spec_from_args(args)
    if store.exists() and not args.force:
        raise SweepError(f"a sweep already exists at {store.stem}: --resume it, --force"
                         " to start again, or choose another --out")
    store.start(spec)
    return spec


def _client(args: argparse.Namespace) -> tuple[Any, Any]:
    """A connected Dask client (and the LocalCluster it owns, or None)."""
    import distributed

    from model.sweep_plan import SweepError

    dask: Any = distributed  # the library ships no type hints
    Client = dask.Client  # noqa: N806

    logging.getLogger("distributed").setLevel(logging.ERROR)
    if args.scheduler:
        try:
            client = Client(args.scheduler, timeout=args.connect_timeout)
        except Exception as error:
            raise SweepError(f"cannot reach the Dask scheduler at {args.scheduler} within"
                             f" {args.connect_timeout:g} s ({type(error).__name__}:"
                             f" {error})") from None
        cluster = None
    else:
        workers = args.workers or os.cpu_count() or 1
        if workers < 1:
            raise SweepError(f"--workers {workers}: at least one worker")
        from model.sweep_run import start_local_cluster

        cluster, client = start_local_cluster(workers)
    try:
        client.wait_for_workers(1, timeout=args.connect_timeout)
        client.run(_worker_ready)
    except Exception as error:
        client.close()
        if cluster is not None:
            cluster.close()
        raise SweepError(
            "the Dask workers cannot compute designs (" + f"{type(error).__name__}: {error}"
            + "); start each worker in the project's folder with its environment, see"
            " docs/sweeps.md") from None
    return client, cluster


def _worker_ready() -> bool:
    import model.sweep_run  # noqa: F401 - the import is the check

    return True


def _chart(args: argparse.Namespace, store: Any) -> None:
    from cli.export import use_offscreen_qt_without_display
    from gui.export import qt_application
    from gui.pareto_chart import ChartData, write_chart
    from model.sweep_pareto import chart_points, pareto_front, parse_axes
    from model.sweep_store import read_table

    x, y = parse_axes(args.pareto)
    columns, rows = read_table(store.csv_path)
    points = chart_points(rows, x, y, columns)
    front = pareto_front(points, x, y)
    path = args.chart or str(store.stem) + ".pareto.png"
    use_offscreen_qt_without_display()
    qt_application()
    write_chart(ChartData(points, front, x, y), path)
    print(f"wrote {path}: {len(front)} of {len(points)} points on the Pareto front")
    for row in front[:10]:
        r = rows[row]
        params = ", ".join(f"{c.removeprefix('param.')}={r[c]}" for c in columns
                           if c.startswith("param."))
        print(f"  point {r['point']}: {params}: {x.column} {r[x.column]:,.6g},"
              f" {y.column} {r[y.column]:,.6g}")


def run(args: argparse.Namespace) -> int:
    """Run (or resume) the sweep; see the module docstring for exit statuses."""
    from model.sweep_pareto import parse_axes
    from model.sweep_store import OK, SweepStore

    if args.pareto:
        parse_axes(args.pareto)  # refuse a bad --pareto before any work
    if args.chart and not args.pareto:
        print("error: --chart says where the Pareto chart goes: add --pareto X,Y",
              file=sys.stderr)
        return EXIT_USAGE
    if args.point_timeout is not None and args.point_timeout <= 0:
        print("error: --point-timeout must be above 0 seconds", file=sys.stderr)
        return EXIT_USAGE
    store = SweepStore(args.out)
    chart_only = bool(args.pareto) and not (args.resume or args.template or args.base
                                            or args.param or args.set)
    spec = _plan(args, store)
    done = {row["point"] for row in store.rows()}
    todo = [] if chart_only else [k for k in spec.point_indices() if k not in done]
    total = len(spec.point_indices())
    interrupted = False
    if todo:
        from model.sweep_run import run_points

        client, cluster = _client(args)
        progress = Progress(total, total - len(todo), args.quiet)

        def on_row(row: dict[str, Any]) -> None:
            store.append(row)
            progress.step(row.get("status") != OK)

        try:
            run_points(client, spec, todo, on_row, seconds=args.point_timeout)
        except KeyboardInterrupt:
            interrupted = True
        finally:
            progress.finish()
            store.close()
            client.close()
            if cluster is not None:
                cluster.close()
    columns = store.write_tables(spec)
    rows = store.rows()
    failed = sum(1 for r in rows if r.get("status") != OK)
    print(f"wrote {store.csv_path} and {store.parquet_path}: {len(rows):,} of {total:,}"
          f" points, {failed:,} failed or over budget, {len(columns):,} columns")
    if interrupted:
        print(f"interrupted: finish it with --resume --out {store.stem}", file=sys.stderr)
        return EXIT_INTERRUPTED
    if args.pareto:
        _chart(args, store)
    return EXIT_OK
