"""Exports from the File menu are written on a worker (gui/export/jobs.py): through the
window as the application builds it, the file is written off the GUI thread, the event
loop keeps running during a large export, a failure reaches the user as a message
naming the file, a second export is refused while one runs, edits made meanwhile do not
reach the file, and closing the window finishes the file. The pictures drawn in steps
match the ones the command line draws in one go."""

from __future__ import annotations

import json
import threading
import time
import xml.etree.ElementTree as ET
from pathlib import Path

from pypdf import PdfReader
from PySide6.QtCore import QElapsedTimer, QTimer
from PySide6.QtGui import QImage

from gui.commands import UpdateElement
from gui.export import export_png, export_svg
from gui.export.dialogs import PngOptions
from gui.export.jobs import export_steps
from model.fileformat import load_design
from tests.exports.designs import small_design
from tests.exports.hand_metrics import hand_metrics
from tests.gui.real_window_drivers import DEMO_ACCELERATORS, exported, wait_for_figures


def test_the_file_is_written_off_the_gui_thread(real_window, qtbot, tmp_path: Path,
                                                monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from gui.export import jobs
    from model.reports import writers

    window = real_window
    wait_for_figures(qtbot, window)
    threads: list[str] = []
    pure, png = writers.write_pure_export, jobs._save_png

    def spy_pure(*args, **kwargs):  # type: ignore[no-untyped-def]
        threads.append(threading.current_thread().name)
        return pure(*args, **kwargs)

    def spy_png(*args, **kwargs):  # type: ignore[no-untyped-def]
        threads.append(threading.current_thread().name)
        return png(*args, **kwargs)

    monkeypatch.setattr(writers, "write_pure_export", spy_pure)
    monkeypatch.setattr(jobs, "_save_png", spy_png)
    window.answers.png_options = PngOptions(False, 400, None)
    for kind in ("json", "png"):
        window.answers.save_path = str(tmp_path / f"out.{kind}")
        window.file_actions.actions[f"export_{kind}"].trigger()
        exported(qtbot, window)
        assert (tmp_path / f"out.{kind}").stat().st_size > 100
    assert len(threads) == 2
    main = threading.main_thread().name
    assert main not in threads, threads
    assert window.answers.errors == [] and window.answers.unexpected == []


def test_the_event_loop_keeps_ticking_while_the_100k_graphml_is_written(
        real_window_factory, qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """The GraphML of the built-in example is about 56 MB, about 5 s of CPU: written on
    the GUI thread, the heartbeat below stopped that long."""
    from gui.example import EXAMPLE_PATH

    window = real_window_factory(str(EXAMPLE_PATH))
    wait_for_figures(qtbot, window)
    clock = QElapsedTimer()
    beats: list[float] = []
    heartbeat = QTimer()
    heartbeat.setInterval(10)
    heartbeat.timeout.connect(lambda: beats.append(clock.elapsed()))
    out = tmp_path / "campus.graphml"
    window.answers.save_path = str(out)
    clock.start()
    heartbeat.start()
    window.file_actions.actions["export_graphml"].trigger()
    started = clock.elapsed()
    exported(qtbot, window)
    heartbeat.stop()
    beats.append(clock.elapsed())
    assert window.answers.errors == [] and window.answers.unexpected == []
    assert out.stat().st_size > 10_000_000
    with open(out, "rb") as stream:
        stream.seek(-30, 2)
        assert stream.read().rstrip().endswith(b"</graphml>")
    assert started < 1000, f"the menu action held the GUI thread {started} ms"
    gaps = [b - a for a, b in zip([0.0, *beats], beats, strict=False)]
    assert len(beats) > 5, "the heartbeat hardly ran"
    # Generous for a loaded machine: written on the GUI thread the heartbeat stopped
    # for the whole write (5–12 s); from the worker, the longest gaps seen with other
    # test suites running beside it (load 5–9 on 2 cores) were 0.4–2 s.
    assert max(gaps) < 3000, f"the event loop stalled {max(gaps)} ms"


def test_a_failure_reaches_the_user_naming_the_file(real_window, qtbot,
                                                    tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    window = real_window
    wait_for_figures(qtbot, window)
    statuses: list[str] = []
    window.file_actions.message.connect(statuses.append)
    window.answers.save_path = str(tmp_path / "gone" / "figures.csv")
    window.file_actions.actions["export_csv"].trigger()
    exported(qtbot, window)
    assert len(window.answers.errors) == 1
    title, text = window.answers.errors[0]
    assert title == "Export failed"
    assert "figures.csv" in text and "does not exist" in text
    assert statuses[-1] == "Export of figures.csv failed"
    assert window.answers.unexpected == []


def test_a_second_export_while_one_runs_is_refused(real_window, qtbot,
                                                   tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    window = real_window
    wait_for_figures(qtbot, window)
    actions = window.file_actions.actions
    window.answers.save_path = str(tmp_path / "first.pdf")
    actions["export_pdf"].trigger()
    assert window.file_actions.exports.busy() == tmp_path / "first.pdf"
    window.answers.save_path = str(tmp_path / "second.json")
    actions["export_json"].trigger()
    # nothing failed: told in an information box, not an error's
    assert window.answers.notices == [(
        "Export in progress",
        "first.pdf is still being written. Export again when it is done.")]
    assert window.answers.errors == []
    exported(qtbot, window)
    assert len(PdfReader(tmp_path / "first.pdf").pages) >= 1
    assert not (tmp_path / "second.json").exists()
    window.answers.errors.clear()
    actions["export_json"].trigger()  # once done, exports go again
    exported(qtbot, window)
    assert (tmp_path / "second.json").is_file()
    assert window.answers.errors == []


def test_edits_made_during_an_export_do_not_reach_the_file(real_window, qtbot,
                                                           tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    window = real_window
    wait_for_figures(qtbot, window)
    doc = window.document
    window.answers.save_path = str(tmp_path / "before-edit.json")
    window.file_actions.actions["export_json"].trigger()
    doc.execute(UpdateElement(doc.design, "hall-a-pod-1-racks", {"count": 4}))
    exported(qtbot, window)
    report = json.loads((tmp_path / "before-edit.json").read_text(encoding="utf-8"))
    assert report["accelerators"] == DEMO_ACCELERATORS, "the design as it was exported"


def test_closing_the_window_finishes_the_file(real_window, qtbot,
                                              tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    window = real_window
    wait_for_figures(qtbot, window)
    out = tmp_path / "closing.pdf"
    window.answers.save_path = str(out)
    window.file_actions.actions["export_pdf"].trigger()
    assert window.file_actions.exports.busy() is not None
    window.close()
    assert window.file_actions.exports.busy() is None
    reader = PdfReader(out)
    assert len(reader.pages) >= 1
    text = " ".join(reader.pages[0].extract_text().split())
    assert load_design(tmp_path / "campus.json").name in text
    assert window.answers.errors == [] and window.answers.unexpected == []
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".closing")], \
        "no temporary file left"


def run_steps(qtbot, steps):  # type: ignore[no-untyped-def]
    """Run export steps as the runner does, the event loop turning between them."""
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            return stop.value
        qtbot.wait(1)


def test_the_png_painted_in_bands_is_the_picture_drawn_in_one_go(qtbot,
                                                                 tmp_path: Path) -> None:
    design, metrics = small_design(), hand_metrics()
    export_png(design, tmp_path / "whole.png", metrics=metrics, width=900)
    write = run_steps(qtbot, export_steps("png", design.copy(), metrics,
                                          tmp_path / "bands.png", lang="en", width=900))
    write()
    whole, bands = QImage(str(tmp_path / "whole.png")), QImage(str(tmp_path / "bands.png"))
    assert whole.size() == bands.size() and whole.height() > 100
    differ = sum(whole.pixel(x, y) != bands.pixel(x, y)
                 for x in range(0, whole.width(), 3) for y in range(0, whole.height(), 3))
    samples = len(range(0, whole.width(), 3)) * len(range(0, whole.height(), 3))
    assert differ / samples < 0.01, f"{differ} of {samples} sampled pixels differ"


def test_the_svg_written_on_the_worker_is_the_command_lines(qtbot,
                                                            tmp_path: Path) -> None:
    design, metrics = small_design(), hand_metrics()
    export_svg(design, tmp_path / "direct.svg", metrics=metrics)
    write = run_steps(qtbot, export_steps("svg", design.copy(), metrics,
                                          tmp_path / "played.svg", lang="en"))
    begun = time.perf_counter()
    write()
    assert time.perf_counter() - begun < 30

    def texts(path: Path) -> list[str]:
        root = ET.parse(path).getroot()
        return sorted(t.strip() for t in root.itertext() if t.strip())

    direct, played = texts(tmp_path / "direct.svg"), texts(tmp_path / "played.svg")
    assert "Hall A" in played
    assert played == direct
    anchored = [(tmp_path / name).read_text(encoding="utf-8").count('text-anchor="middle"')
                for name in ("direct.svg", "played.svg")]
    assert anchored[0] > 0 and anchored[1] == anchored[0], "labels centred as the CLI does"
