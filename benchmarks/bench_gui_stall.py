"""Longest stall of the editor's event loop while editing, for a set of designs (the
100K example campus, every template at a large size and a heterogeneous campus), and the
time to draw each whole design into a PNG of at most 1920×1080 as the exports do
(DESIGN §4: ≤ 50 ms, ≤ 300 ms).

A QTimer heartbeat ticks every 2 ms; the gap between two ticks minus the interval is how
long the event loop could not run. Meanwhile a script performs edits at a human pace
(every 120 ms): counts, building capacity, moves, drags of several elements, adding and
deleting rack groups, duplicating an island, undo and redo. After each edit the metrics
are recomputed in the background, so the measured stalls include the edit, the canvas
update, the arrival of fresh figures (dock, charts, colours) and any contention with the
worker thread. Stalls are reported as the maximum and the 99th percentile.

The machine is shared (2 cores, several busy processes), and a stall also counts time the
operating system gave to other processes. So each gap is also measured in CPU time of the
GUI thread (``time.thread_time``): the work the editor itself did between two beats. The
load average is printed beside the figures.

Run: ``QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/bench_gui_stall.py``
(every design), or name designs: ``… bench_gui_stall.py example dragonfly-plus-k64``.
``--rounds N`` repeats the scripted edits N times (default 1 per design).
``--profile`` runs the GUI thread under cProfile (timed in the thread's CPU time) and
prints, for each gap over the budget, the functions that took its time (profiling
slows everything, so the figures of such a run are not the benchmark's).
``--slices`` prints, for each gap of more than 30 ms of GUI-thread work, how that work
divides among the kinds of slice the GUI thread runs (:data:`SLICES`: the edit itself,
a canvas paint, a routing slice, figures taken in by the canvas or the docks, a chart
painted, …), each timed exclusive of the others it calls, the rest as "other"
(Qt's own work between them); cheap enough that the figures stay the benchmark's.
"""

from __future__ import annotations

import cProfile
import gc
import io
import os
import pstats
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PySide6.QtCore import QElapsedTimer, QSettings, QTimer
from PySide6.QtWidgets import QApplication

HEARTBEAT_MS = 2
SLICE_REPORT_MS = 30.0
"""``--slices`` breaks down the gaps with more GUI-thread work than this."""
EDIT_EVERY_MS = 120
BUDGET_MS = 50.0
RENDER_BUDGET_MS = 300.0


def scripted_edits(window) -> list[tuple[str, Callable[[], None]]]:  # type: ignore[no-untyped-def]
    """The edits, in order, each a (name, action) pair run on the GUI thread."""
    from gui.commands import UpdateElement, duplicate_command, move_command, remove_command

    doc = window.document
    design = doc.design
    stack = doc.undo_stack
    group = next(iter(design.rack_groups))
    island = next(iter(design.islands))
    building = next(iter(design.buildings))

    def update(element_id: str, **changes: object) -> Callable[[], None]:
        return lambda: doc.execute(UpdateElement(design, element_id, changes))

    def move_many() -> None:
        positions = {i.id: (i.x + 10, i.y + 5) for i in design.islands.values()}
        command = move_command(design, positions)
        assert command is not None
        doc.execute(command)

    def duplicate() -> None:
        command = duplicate_command(design, [island], (300.0, 0.0))
        assert command is not None
        doc.execute(command)

    def delete_group() -> None:
        command = remove_command(design, [group])
        assert command is not None
        doc.execute(command)

    def select_and_inspect() -> None:
        window.scene.select_ids([group])

    count = design.rack_groups[group].count
    capacity = design.buildings[building].capacity_kw
    edits = [
        ("select a rack group (inspector)", select_and_inspect),
        ("rack count +1", update(group, count=count + 1)),
        ("rack count -2", update(group, count=count - 1)),
        ("building capacity", update(building, capacity_kw=capacity * 1.1)),
        ("move all islands (one macro)", move_many),
        ("duplicate an island", duplicate),
        ("delete a rack group", delete_group),
        ("undo", stack.undo),
        ("undo", stack.undo),
        ("redo", stack.redo),
        ("zoom in (detail)", lambda: window.view.set_scale(0.9)),
        ("rack count +4", update(group, count=count + 4)),
        ("cut view on", lambda: window.cut_action.setChecked(True)),
        ("rack count back", update(group, count=count)),
        ("cut view off", lambda: window.cut_action.setChecked(False)),
        ("fit to view", window.view.fit_to_view),
    ]
    return edits


class GapProfiler:
    """cProfile of the GUI thread, restarted at every heartbeat; the profile of each
    gap in which the GUI thread worked longer than the budget is kept with the edit it
    followed."""

    def __init__(self) -> None:
        self.profile = self._new()
        self.kept: list[tuple[float, float, str, pstats.Stats]] = []

    def start(self) -> None:
        self.profile.enable()

    def beat(self, gap_ms: float, work_ms: float, edit: str) -> None:
        self.profile.disable()
        if work_ms > BUDGET_MS:
            self.kept.append((work_ms, gap_ms, edit, pstats.Stats(self.profile)))
        self.profile = self._new()
        self.profile.enable()

    @staticmethod
    def _new() -> cProfile.Profile:
        # timed in the GUI thread's CPU time: on a shared machine, wall time charges
        # whichever call was running (often a system call) when the thread was
        # descheduled with the time other processes ran
        return cProfile.Profile(time.thread_time)

    def stop(self) -> None:
        self.profile.disable()

    def report(self, top: int = 24) -> None:
        """Print the worst gaps' most expensive functions (cumulative CPU time)."""
        for work_ms, gap_ms, edit, stats in sorted(self.kept, key=lambda k: -k[0])[:8]:
            out = io.StringIO()
            stats.stream = out  # type: ignore[attr-defined]
            stats.sort_stats("cumulative").print_stats(top)
            lines = [line for line in out.getvalue().splitlines() if "/" in line
                     or "{" in line]
            print(f"--- gap {gap_ms:.0f} ms wall, {work_ms:.0f} ms CPU after '{edit}'")
            print("\n".join(lines))


class SliceClock:
    """GUI-thread CPU time by kind of slice of work, exclusive (a slice called inside
    another is taken out of the outer one), gathered between two heartbeats: for
    ``--slices``."""

    def __init__(self) -> None:
        self.spent: dict[str, float] = {}
        self._stack: list[tuple[str, float, list[float]]] = []
        """The slices under way: kind, when it started, time of the slices inside."""
        self.kept: list[tuple[float, str, dict[str, float]]] = []
        self._undo: list[tuple[object, str, object]] = []

    def wrap(self, owner: object, name: str, kind: str) -> None:
        """Time ``owner.name`` (a class's method) as ``kind`` from now on."""
        original = getattr(owner, name)
        clock = self

        def timed(*args: object, **kwargs: object) -> object:
            clock.enter(kind)
            try:
                return original(*args, **kwargs)
            finally:
                clock.leave()

        setattr(owner, name, timed)
        self._undo.append((owner, name, original))

    def enter(self, kind: str) -> None:
        self._stack.append((kind, time.thread_time(), [0.0]))

    def leave(self) -> None:
        kind, started, inner = self._stack.pop()
        took = time.thread_time() - started
        self.spent[kind] = self.spent.get(kind, 0.0) + took - inner[0]
        if self._stack:
            self._stack[-1][2][0] += took

    def beat(self, work_ms: float, edit: str) -> None:
        """A heartbeat: keep the breakdown of the gap just ended if it was long."""
        if work_ms > SLICE_REPORT_MS:
            shares = {k: v * 1000 for k, v in self.spent.items()}
            shares["other"] = work_ms - sum(shares.values())
            self.kept.append((work_ms, edit, shares))
        self.spent = {}

    def stop(self) -> None:
        for owner, name, original in reversed(self._undo):
            setattr(owner, name, original)
        self._undo.clear()

    def report(self) -> None:
        """Print the long gaps' breakdowns, longest first."""
        for work_ms, edit, shares in sorted(self.kept, key=lambda k: -k[0])[:8]:
            parts = ", ".join(f"{k} {v:.1f}" for k, v in
                              sorted(shares.items(), key=lambda kv: -kv[1]) if v >= 0.5)
            print(f"--- {work_ms:.1f} ms CPU after '{edit}': {parts}")


def timed_slices() -> SliceClock:
    """A :class:`SliceClock` timing each kind of slice in :data:`SLICES`."""
    import pyqtgraph

    from gui.canvas.bundle_labels import BundleLabels
    from gui.canvas.bundle_routing import BundleRouting
    from gui.canvas.items.building import BuildingItem
    from gui.canvas.items.island import IslandItem
    from gui.canvas.items.labels import BundleLabels as LabelLayer
    from gui.canvas.items.rack_group import RackGroupItem
    from gui.canvas.items.tier import TierItem
    from gui.canvas.items.wires import WireLayer
    from gui.canvas.staging import PaintBudget
    from gui.canvas.view import CanvasView
    from gui.main_window import MainWindow
    from gui.metrics_dock import MetricsDock
    from gui.problems_panel import ProblemsPanel

    clock = SliceClock()
    for owner, name, kind in (
            (CanvasView, "paintEvent", "canvas paint"),
            (BundleRouting, "_route_some", "routing slice"),
            (BundleRouting, "obstacles", "routing: obstacles"),
            (BundleRouting, "_edge_groups", "routing: edges"),
            (BundleRouting, "_order_by_rank", "routing: rank order"),
            (BundleLabels, "label_groups", "routing: label groups"),
            (BundleRouting, "_queue_relabels", "routing: relabel all"),
            (WireLayer, "take_in", "routing: wires merged"),
            (WireLayer, "paint", "paint: wires"),
            (BuildingItem, "paint", "paint: buildings"),
            (IslandItem, "paint", "paint: islands"),
            (RackGroupItem, "paint", "paint: rack groups"),
            (TierItem, "paint", "paint: tiers"),
            (LabelLayer, "paint", "paint: labels"),
            (PaintBudget, "_new_turn", "staged repaint asked"),
            (MainWindow, "_show_metrics", "figures arrive"),
            (MainWindow, "_show_metrics_on_canvas", "figures: canvas"),
            (MainWindow, "_show_metrics_in_docks", "figures: docks"),
            (MetricsDock, "show_metrics", "docks: headlines"),
            (ProblemsPanel, "set_problems", "docks: problems"),
            (MetricsDock, "_draw_current_chart", "docks: chart drawn"),
            (pyqtgraph.GraphicsView, "paintEvent", "chart paint")):
        clock.wrap(owner, name, kind)
    return clock


SLICES = ("edit", "canvas paint", "routing slice", "routing: obstacles", "routing: edges",
          "routing: rank order", "routing: label groups", "routing: relabel all",
          "routing: wires merged", "paint: wires", "paint: buildings", "paint: islands",
          "paint: rack groups", "paint: tiers", "paint: labels", "staged repaint asked",
          "figures arrive", "figures: canvas", "figures: docks", "docks: headlines",
          "docks: problems", "docks: chart drawn", "chart paint")
"""The kinds of slice ``--slices`` tells apart ("other": the rest of a gap)."""


def measure_stalls(window, app: QApplication, rounds: int = 1,  # type: ignore[no-untyped-def]
                   profiler: GapProfiler | None = None, slices: SliceClock | None = None
                   ) -> tuple[list[float], list[float], dict[str, tuple[float, float]]]:
    """Run the edits under the heartbeat; returns every gap (wall ms), the GUI thread's
    CPU ms in each gap, and the worst (wall, CPU) gap seen around each kind of edit."""
    clock = QElapsedTimer()
    clock.start()
    gaps: list[float] = []
    busy: list[float] = []
    last = [clock.nsecsElapsed(), time.thread_time_ns()]
    current = ["start"]
    worst: dict[str, tuple[float, float]] = {}

    def beat() -> None:
        now, cpu = clock.nsecsElapsed(), time.thread_time_ns()
        gap = max((now - last[0]) / 1e6 - HEARTBEAT_MS, 0.0)
        work = (cpu - last[1]) / 1e6
        last[0], last[1] = now, cpu
        gaps.append(gap)
        busy.append(work)
        was = worst.get(current[0], (0.0, 0.0))
        worst[current[0]] = (max(was[0], gap), max(was[1], work))
        if profiler is not None:
            profiler.beat(gap, work, current[0])
        if slices is not None:
            slices.beat(work, current[0])

    edits = scripted_edits(window) * rounds
    heartbeat = QTimer()
    heartbeat.setInterval(HEARTBEAT_MS)
    heartbeat.timeout.connect(beat)
    editor = QTimer()
    editor.setInterval(EDIT_EVERY_MS)
    remaining = list(edits)

    def next_edit() -> None:
        if not remaining:
            editor.stop()
            return
        name, action = remaining.pop(0)
        current[0] = name
        if slices is not None:
            slices.enter("edit")
        try:
            action()
        finally:
            if slices is not None:
                slices.leave()

    editor.timeout.connect(next_edit)
    heartbeat.start()
    editor.start()
    if profiler is not None:
        profiler.start()
    deadline = time.monotonic() + 300
    while (remaining or not window.runner.is_current()) and time.monotonic() < deadline:
        app.processEvents()
        time.sleep(0.0005)
    heartbeat.stop()
    if profiler is not None:
        profiler.stop()
    return gaps, busy, worst


def measure_render(design) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    """Median ms to draw the whole of ``design`` into a PNG of at most 1920×1080 as the
    exports draw it (``main.py export --png`` at the widest ``--width`` whose picture is
    at most 1080 tall: :func:`benchmarks.bench_render.export_1080`): wall time and the
    thread's CPU time (the machine is shared). Every export draws a picture scene
    (:mod:`gui.canvas.picture_scene`; File › Export the same, in steps), not the
    editor's, which this once timed built headlessly. The previous run's scene is
    collected first, untimed (see :mod:`benchmarks.bench_render`)."""
    from benchmarks.bench_render import export_1080, fitted_width
    from model.metrics import compute_all

    metrics = compute_all(design.copy(), plane=None)
    width = fitted_width(design, metrics)
    times, cpu = [], []
    with tempfile.TemporaryDirectory() as folder:
        for _ in range(7):
            gc.collect()
            start, start_cpu = time.perf_counter(), time.thread_time()
            export_1080(design, metrics, width, Path(folder) / "render.png")
            times.append((time.perf_counter() - start) * 1000)
            cpu.append((time.thread_time() - start_cpu) * 1000)
    return statistics.median(times), statistics.median(cpu)


def heterogeneous_campus():  # type: ignore[no-untyped-def]
    """Eight islands over four buildings that differ in size, chip and oversubscription:
    the islands template's campus with islands re-equipped through model operations
    (``tests/reference/campuses.py``)."""
    from tests.reference.campuses import reequipped_islands_campus

    return reequipped_islands_campus()


def designs() -> dict[str, Callable[[], object]]:
    """The designs measured, by name: the example, every template large, a
    heterogeneous campus."""
    from gui.example import example_design
    from model.templates import TEMPLATES

    def template(name: str, **params: object) -> Callable[[], object]:
        return lambda: TEMPLATES[name].build(**params)

    return {
        "example": lambda: example_design()[0],
        "fat-tree-k128": template("fat-tree", k=128),
        "leaf-spine-512": template("leaf-spine", leaves=512, down=256, up=255, spines=255),
        "superpod-144-nvl72": template("superpod", sus=144, system="gb200-nvl72"),
        "ai-zones-900k": template("ai-zones", pods=8, racks_per_pod=1760, gpus_per_rack=64),
        "ai-zones-128-pods": template("ai-zones", pods=128, racks_per_pod=110,
                                      gpus_per_rack=64, buildings=64),
        "islands-1m": template("islands", islands=84, buildings=21,
                               building_capacity_mw=100),
        "dragonfly-plus-k64": template("dragonfly-plus", k=64),
        "dragonfly-plus-k128": template("dragonfly-plus", k=128),
        "heterogeneous-campus": heterogeneous_campus,
    }


def measure_design(name: str, design, app: QApplication, rounds: int,  # type: ignore[no-untyped-def]
                   profiler: GapProfiler | None = None, slices: bool = False
                   ) -> tuple[float, float, float, tuple[float, float],
                              dict[str, tuple[float, float]]]:
    """Open a window on ``design``, wait for its figures, run the edits; returns the
    longest gap (wall ms), the most GUI-thread CPU ms in one gap, the 99th percentile
    gap, the render time (wall, CPU ms) and the worst gap per edit."""
    from gui.main_window import open_window
    from model.catalog import load_builtin_catalog

    clock = timed_slices() if slices else None  # before the window's classes are used
    with tempfile.TemporaryDirectory() as folder:
        settings = QSettings(str(Path(folder) / "s.ini"), QSettings.Format.IniFormat)
        window = open_window(design, None, load_builtin_catalog(), settings)
        window.resize(1600, 1000)
        window.settle_layout()
        deadline = time.monotonic() + 300
        while not window.runner.is_current() and time.monotonic() < deadline:
            app.processEvents()
            time.sleep(0.001)
        try:
            gaps, busy, worst = measure_stalls(window, app, rounds, profiler, clock)
        finally:
            if clock is not None:
                clock.stop()
                clock.report()
        render_ms = measure_render(window.document.design)
        window.document.undo_stack.setClean()
        window.close()
    gaps.sort()
    busy.sort()
    return gaps[-1], busy[-1], gaps[int(len(gaps) * 0.99)], render_ms, worst


def main(argv: list[str]) -> int:
    """Run the benchmark over the designs named in ``argv`` (all when none); exit
    status 1 when a budget is exceeded."""
    rounds = 1
    if "--rounds" in argv:
        at = argv.index("--rounds")
        rounds = int(argv[at + 1])
        argv = argv[:at] + argv[at + 2:]
    profiling = "--profile" in argv
    slicing = "--slices" in argv
    argv = [a for a in argv if a not in ("--profile", "--slices")]
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    known = designs()
    names = argv or list(known)
    unknown = [n for n in names if n not in known]
    if unknown:
        print(f"unknown design {', '.join(unknown)}; designs are {', '.join(known)}")
        return 2
    ok = True
    table: list[str] = []
    for name in names:
        design = known[name]()
        print(f"\n== {name}: {design!r}", flush=True)
        profiler = GapProfiler() if profiling else None
        longest, longest_busy, p99, render_ms, worst = measure_design(name, design, app,
                                                                      rounds, profiler,
                                                                      slicing)
        if profiler is not None:
            profiler.report()
        print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
        print("worst gap after each kind of edit (wall ms / GUI-thread CPU ms):")
        for edit, (wall, cpu) in sorted(worst.items(), key=lambda kv: -kv[1][1])[:6]:
            print(f"  {wall:7.1f} / {cpu:5.1f}  {edit}")
        render_wall, render_cpu = render_ms
        print(f"longest stall {longest:.1f} ms wall, {longest_busy:.1f} ms GUI-thread work;"
              f" 99th percentile {p99:.1f} ms; render {render_wall:.0f} ms wall,"
              f" {render_cpu:.0f} ms CPU", flush=True)
        table.append(f"{name:22} {longest:8.1f} {longest_busy:8.1f} {p99:6.1f}"
                     f" {render_wall:8.0f} {render_cpu:8.0f}")
        ok = ok and longest_busy <= BUDGET_MS and render_cpu <= RENDER_BUDGET_MS
    print(f"\nworst stall per design (budget {BUDGET_MS:.0f} ms of GUI-thread work;"
          f" render budget {RENDER_BUDGET_MS:.0f} ms)")
    print(f"{'design':22} {'wall ms':>8} {'CPU ms':>8} {'p99':>6} {'render':>8}"
          f" {'rnd CPU':>8}")
    print("\n".join(table))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
