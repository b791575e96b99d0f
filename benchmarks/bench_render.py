"""CPU time to render whole designs to a 1920×1080 picture (DESIGN §4: ≤ 300 ms), and
where it goes: building the scene, laying it out for the picture (level of detail,
routing the connectors, placing their labels), painting. The designs are the example
campus, the families whose connectors are many (a SuperPOD of 144 scalable units,
Dragonfly+ at k = 64 and k = 128) and the campuses of many buildings or islands whose
render :mod:`benchmarks.bench_gui_stall` found slowest (fat-tree k = 128, AI zones of
128 pods in 64 buildings).

"export" is the whole of ``python main.py export FILE --png OUT`` after the metrics:
scene, routing, painting and writing the PNG, at its default size — 1920 pixels wide,
as tall as the design's shape makes it (Dragonfly+ k = 128: 1920 × 1502, 0.68 pixels a
canvas unit, where the canvas shows islands' contents). "export-1080" is the same
export fitted into DESIGN §4's 1920 × 1080 (``--width`` the widest whose picture is at
most 1080 tall: Dragonfly+ k = 128 1360 × 1075, 0.48 a unit, islands drawn as blocks).
Both draw the level of detail the canvas shows at their scale
(:func:`gui.canvas.scene.detail_at`).

"build", "route" and "paint" are the phases of the picture the exports draw
(:func:`gui.canvas.picture.picture_scene`: at block level its bundles are plain wires,
not Qt items); "total" is their sum.

Run: ``QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/bench_render.py [NAME …]``
(``--out DIR`` also writes each picture there, to look at; ``--help`` lists the names).
Figures are medians of 5 runs in CPU time of the thread (the machine is shared); the
load average and the machine's calibration (:mod:`benchmarks.machine`) are printed.
Garbage is collected before each run, untimed: a scene holds reference cycles (its
routing timer's slot), so the previous run's scene is freed by the cycle collector, and
its teardown (about 60 ms for Dragonfly+ k = 128) would otherwise land in whichever
phase of the next run set the collector off.
"""

from __future__ import annotations

import gc
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PySide6.QtWidgets import QApplication

BUDGET_MS = 300.0
RUNS = 5


def designs() -> dict[str, Callable[[], object]]:
    """The designs measured, by name."""
    from gui.example import example_design
    from model.templates import TEMPLATES

    return {
        "example": lambda: example_design()[0],
        "superpod-144": lambda: TEMPLATES["superpod"].build(sus=144, system="gb200-nvl72"),
        "fat-tree-k128": lambda: TEMPLATES["fat-tree"].build(k=128),
        "ai-zones-128-pods": lambda: TEMPLATES["ai-zones"].build(
            pods=128, racks_per_pod=110, gpus_per_rack=64, buildings=64),
        "dragonfly-plus-k64": lambda: TEMPLATES["dragonfly-plus"].build(k=64),
        "dragonfly-plus-k128": lambda: TEMPLATES["dragonfly-plus"].build(k=128),
    }


def fitted_width(design, metrics=None) -> int:  # type: ignore[no-untyped-def]
    """The widest picture of the whole design at most 1920 × 1080 (its area grows a
    little as the zoom falls: zoomed-out buildings carry name plates), measured on the
    scene the exports draw."""
    from gui.canvas.picture import picture_scene
    from gui.export.render import _whole_area, picture_size

    scene = picture_scene(design, metrics)
    width = 1920
    while True:
        _w, height = picture_size(_whole_area(scene, width, None), width)
        if height <= 1080:
            return width
        width = min(width - 1, int(width * 1080 / height))


def export_1080(design, metrics, width: int, path: Path) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    """Write the whole design as the PNG ``main.py export --png PATH --width WIDTH``
    writes (``width`` from :func:`fitted_width`: at most 1920 × 1080); returns its size.
    The render :mod:`benchmarks.bench_gui_stall` times."""
    from gui.export import export_png

    size = export_png(design, path, metrics=metrics, width=width)
    assert size[0] <= 1920 and size[1] <= 1080, size
    return size


def measure(design, out: Path | None, name: str) -> dict[str, float]:  # type: ignore[no-untyped-def]
    """Median CPU ms of each phase of one whole render at 1920×1080."""
    from gui.canvas.picture import picture_scene, prepare_picture, render_image
    from model.metrics import compute_all

    metrics = compute_all(design.copy(), plane=None)
    from gui.export import export_png

    phases: dict[str, list[float]] = {"build": [], "route": [], "paint": [], "total": [],
                                      "export": [], "export-1080": []}
    fitted = fitted_width(design, metrics)
    for run in range(RUNS):
        gc.collect()  # the previous run's scene (freed by the collector) not counted here
        t0 = time.thread_time()
        scene = picture_scene(design, metrics)
        t1 = time.thread_time()
        prepare_picture(scene, 1920, 1080)
        t2 = time.thread_time()
        image = render_image(scene, 1920, 1080)
        t3 = time.thread_time()
        for key, value in (("build", t1 - t0), ("route", t2 - t1), ("paint", t3 - t2),
                           ("total", t3 - t0)):
            phases[key].append(value * 1000)
        if out is not None and run == 0:
            image.save(str(out / f"{name}.png"))
        t4 = time.thread_time()
        export_png(design, (out or Path(tempfile.gettempdir())) / f"{name}-export.png",
                   metrics=metrics)
        phases["export"].append((time.thread_time() - t4) * 1000)
        gc.collect()
        t5 = time.thread_time()
        export_1080(design, metrics, fitted,
                    (out or Path(tempfile.gettempdir())) / f"{name}-1080.png")
        phases["export-1080"].append((time.thread_time() - t5) * 1000)
    return {k: statistics.median(v) for k, v in phases.items()}


def main(argv: list[str]) -> int:
    """Measure the designs named (all when none); exit 1 over budget."""
    if "--help" in argv or "-h" in argv:
        print(__doc__)
        print("designs:", " ".join(designs()))
        return 0
    out = None
    if "--out" in argv:
        at = argv.index("--out")
        out = Path(argv[at + 1])
        out.mkdir(parents=True, exist_ok=True)
        argv = argv[:at] + argv[at + 2:]
    QApplication.instance() or QApplication(sys.argv[:1])
    known = designs()
    names = argv or list(known)
    ok = True
    print(f"{'design':22} {'bundles':>8} {'build':>7} {'route':>7} {'paint':>7} {'total':>7}"
          f" {'export':>7} {'1080':>7}  (CPU ms, median of {RUNS})")
    for name in names:
        design = known[name]()
        ms = measure(design, out, name)
        bundles = len(design.bundles)  # type: ignore[attr-defined]
        print(f"{name:22} {bundles:8} {ms['build']:7.0f} {ms['route']:7.0f}"
              f" {ms['paint']:7.0f} {ms['total']:7.0f} {ms['export']:7.0f}"
              f" {ms['export-1080']:7.0f}", flush=True)
        ok = ok and max(ms["total"], ms["export-1080"]) <= BUDGET_MS
    from benchmarks.machine import machine_line

    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores;"
          f" budget {BUDGET_MS:.0f} ms")
    print(machine_line())
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
