"""How long an export from the File menu holds the GUI thread (DESIGN §4: no stall of
the event loop over 50 ms while editing), for each kind, on the example campus and on
Dragonfly+ k = 128.

"sync" is the export written in one go on the calling thread, as ``python main.py
export`` does and as the menu did before exports moved to a worker: all of it is a
stall (CPU ms of the thread). The menu's export (:mod:`gui.export.jobs`) is measured
through :class:`gui.files.FileActions` with the figures given: "step" is the longest
of its steps on the GUI thread and "gui" their sum (CPU ms of the GUI thread), "gap" the
longest wait of a 5 ms heartbeat timer on the GUI thread while the export ran (wall ms:
it also counts the worker holding Python's interpreter lock, and the machine's load),
"all" the wall time until the file was written.

Run: ``QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/bench_export_stall.py
[DESIGN …] [--kinds png,svg,…]``. Medians of 3 runs (one for GraphML, whose 100K file
takes seconds); the load average is printed.
"""

from __future__ import annotations

import gc
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PySide6.QtCore import QElapsedTimer, QTimer
from PySide6.QtWidgets import QApplication, QMainWindow

KINDS = ("png", "svg", "pdf", "json", "csv", "bom", "graphml", "xlsx")
NAMES = ("example", "dragonfly-plus-k128")


def sync_ms(kind: str, design, metrics, out: Path) -> float:  # type: ignore[no-untyped-def]
    """CPU ms of the export written in one go on this thread."""
    from gui.export import export_pdf, export_png, export_svg
    from model.reports.writers import write_pure_export

    gc.collect()
    begun = time.thread_time()
    if kind == "png":
        export_png(design, out, metrics=metrics)
    elif kind == "svg":
        export_svg(design, out, metrics=metrics)
    elif kind == "pdf":
        export_pdf(design, metrics, out)
    else:
        write_pure_export(kind, design, metrics, out)
    return (time.thread_time() - begun) * 1000


def menu_ms(app: QApplication, files, kind: str, out: Path) -> tuple[float, ...]:  # type: ignore[no-untyped-def]
    """The menu's export: longest GUI step, GUI CPU, longest heartbeat gap, wall ms."""
    from gui.export.dialogs import PngOptions

    gc.collect()
    clock = QElapsedTimer()
    gaps = [0.0]
    last = [0.0]

    def beat() -> None:
        now = clock.nsecsElapsed() / 1e6
        gaps.append(now - last[0])
        last[0] = now

    timer = QTimer()
    timer.setInterval(5)
    timer.timeout.connect(beat)
    clock.start()
    timer.start()
    options = PngOptions(False, None, None) if kind == "png" else None
    assert files.export(kind, out, options)
    while files.exports.busy() is not None:
        app.processEvents()
        time.sleep(0.001)
    beat()
    timer.stop()
    wall = clock.nsecsElapsed() / 1e6
    runner = files.exports
    return (runner.longest_step_s * 1000, runner.gui_thread_s * 1000, max(gaps), wall)


def main(argv: list[str]) -> int:
    kinds: tuple[str, ...] = KINDS
    if "--kinds" in argv:
        at = argv.index("--kinds")
        kinds = tuple(argv[at + 1].split(","))
        argv = argv[:at] + argv[at + 2:]
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    from benchmarks.bench_render import designs
    from gui.document import DesignDocument
    from gui.files import EXPORTS, FileActions
    from model.metrics import compute_all

    folder = Path(tempfile.mkdtemp())
    print(f"{'design':20} {'kind':8} {'sync':>7} {'step':>7} {'gui':>7} {'gap':>7}"
          f" {'all':>7}  (ms; sync/step/gui CPU, gap/all wall)")
    for name in argv or NAMES:
        design: Any = designs()[name]()
        metrics = compute_all(design.copy(), plane=None)
        window = QMainWindow()
        files = FileActions(window, DesignDocument(design, parent=window),
                            compute=lambda _d, m=metrics: m, autosave=False)  # type: ignore[misc]
        errors: list[tuple[str, str]] = []

        def record(title: str, text: str, found: list[tuple[str, str]] = errors) -> None:
            found.append((title, text))

        files.show_error = record  # type: ignore[method-assign]
        for kind in kinds:
            out = folder / f"{name}{EXPORTS[kind][2]}"
            runs = 1 if kind == "graphml" else 3
            before = statistics.median(sync_ms(kind, design, metrics, out) for _ in range(runs))
            after = [menu_ms(app, files, kind, out) for _ in range(runs)]
            assert not errors, errors
            step, gui, gap, wall = (statistics.median(column) for column in zip(*after,
                                                                                strict=True))
            print(f"{name:20} {kind:8} {before:7.0f} {step:7.0f} {gui:7.0f} {gap:7.0f}"
                  f" {wall:7.0f}", flush=True)
        window.deleteLater()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
