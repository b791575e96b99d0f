"""The metrics runner's bounds, through the real engine process with a stand-in engine
that sleeps there: a superseded run is stopped so fresh figures follow the last edit, a
run past the time limit is given up with a message, closing never waits for the
engine; and a live design crosses to the process without its Qt subscribers."""

from __future__ import annotations

import multiprocessing
import pickle
import time

from gui.document import DesignDocument
from gui.metrics_runner import MetricsRunner, engine_compute, too_large_message
from tests.gui.conftest import close_window
from tests.gui.engine_standins import sleepy

DEMO_ACCELERATORS = 2 * 2 * 8 * 4 * 8
"""The demo campus by hand: 2 halls × 2 pods × 8 racks × 4 DGX H100 × 8 GPUs."""


def test_a_live_design_pickles_without_its_subscribers(qtbot, design) -> None:
    """Before the fix: TypeError: cannot pickle 'DesignDocument' object."""
    document = DesignDocument(design)
    copy = pickle.loads(pickle.dumps(document.design))
    assert copy == design
    assert copy._subscribers == []
    assert design._subscribers, "the live design keeps its own"
    document.deleteLater()


def warm_up(qtbot, runner: MetricsRunner) -> None:  # type: ignore[no-untyped-def]
    """Let the engine process start (a spawn takes about a second)."""
    runner.request()
    qtbot.waitUntil(runner.is_current, timeout=30_000)


def test_an_edit_stops_a_long_run_and_fresh_figures_follow(qtbot, design) -> None:
    """The 45 s of #16: a run of 30 s, superseded by an edit back to a quick design,
    must not be waited for."""
    runner = MetricsRunner(design, engine_compute(sleepy), grace_s=0.3)
    warm_up(qtbot, runner)
    design.rename(design.name, "30")  # this one would take 30 s
    runner.request()
    qtbot.waitUntil(lambda: runner._running_revision == design.revision, timeout=5000)
    time.sleep(0.5)  # it is under way, past the grace time
    design.rename(design.name, "")
    design.update("hall-a-pod-1-racks", count=4)
    started = time.monotonic()
    runner.request()
    qtbot.waitUntil(lambda: runner.is_current() and runner.metrics is not None,
                    timeout=15_000)
    assert time.monotonic() - started < 15
    assert runner.cancelled == 1 and runner.discarded == 1
    assert runner.metrics.inventory.accelerators == DEMO_ACCELERATORS - 4 * 4 * 8
    runner.shutdown()


def test_superseding_a_run_never_waits_on_the_gui_thread_for_its_process(
        qtbot, design, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The engine process of a large design took about 220 ms to be gone once killed,
    and the GUI thread waited for it (`_supersede` → `stop_engine` → `join`): here its
    exit is made to take 0.6 s. The event loop must keep beating meanwhile, the join
    happen on another thread, and the newer edit's figures still follow."""
    import threading
    from itertools import pairwise

    from PySide6.QtCore import QTimer

    import gui.metrics_runner as runner_module

    runner = MetricsRunner(design, engine_compute(sleepy), grace_s=0.3)
    warm_up(qtbot, runner)
    design.rename(design.name, "30")
    runner.request()
    qtbot.waitUntil(lambda: runner._running_revision == design.revision, timeout=5000)
    joined_on: list[str] = []
    engine = runner_module._executor
    assert engine is not None
    for process in list(engine._processes.values()):  # type: ignore[attr-defined]
        real_join = process.join

        def slow_join(timeout: float | None = None, real_join=real_join) -> None:  # type: ignore[no-untyped-def]
            joined_on.append(threading.current_thread().name)
            time.sleep(0.6)  # a process with gigabytes to unmap
            real_join(timeout)

        monkeypatch.setattr(process, "join", slow_join)
    time.sleep(0.4)  # under way, past the grace time
    beats: list[float] = []
    heartbeat = QTimer()
    heartbeat.setInterval(5)
    heartbeat.timeout.connect(lambda: beats.append(time.monotonic()))
    heartbeat.start()
    qtbot.wait(50)  # beating before the edit
    design.rename(design.name, "")
    runner.request()  # the grace time is over: the run is stopped at once
    qtbot.waitUntil(lambda: runner.cancelled == 1, timeout=5000)
    qtbot.waitUntil(lambda: runner.is_current() and runner.metrics is not None,
                    timeout=15_000)
    qtbot.waitUntil(lambda: bool(joined_on), timeout=5000)
    heartbeat.stop()
    longest = max(b - a for a, b in pairwise(beats))
    assert longest < 0.45, f"the event loop stood still {longest:.2f} s"
    assert threading.main_thread().name not in joined_on
    assert runner.metrics.inventory.accelerators == DEMO_ACCELERATORS
    runner.shutdown()


def test_a_run_within_the_grace_time_is_let_finish(qtbot, design) -> None:
    """A quick superseded run is not worth a new process: it finishes, is dropped."""
    runner = MetricsRunner(design, engine_compute(sleepy), grace_s=20)
    warm_up(qtbot, runner)
    design.rename(design.name, "0.5")
    runner.request()
    qtbot.waitUntil(lambda: runner._running_revision == design.revision, timeout=5000)
    design.rename(design.name, "")
    runner.request()
    qtbot.waitUntil(lambda: runner.is_current() and runner.metrics is not None,
                    timeout=15_000)
    assert runner.cancelled == 0 and runner.discarded == 1
    runner.shutdown()


def test_a_design_whose_runs_take_long_is_not_restarted_on_every_edit(qtbot,
                                                                      design) -> None:
    """A run is stopped only when it takes far longer than this design's runs do:
    restarting the engine would lose its warm caches and cost a second each edit."""
    runner = MetricsRunner(design, engine_compute(sleepy), grace_s=0.2)
    warm_up(qtbot, runner)
    design.rename(design.name, "1.0")  # this design's runs take a second
    warm_up(qtbot, runner)
    assert runner.cancel_after_s() >= 2.0
    design.rename(design.name, "1.2")
    runner.request()
    qtbot.waitUntil(lambda: runner._running_revision == design.revision, timeout=5000)
    time.sleep(0.4)  # past the grace time, well within this design's usual run
    design.rename(design.name, "")
    runner.request()
    qtbot.waitUntil(lambda: runner.is_current() and runner.metrics is not None,
                    timeout=15_000)
    assert runner.cancelled == 0 and runner.discarded == 1
    runner.shutdown()


def test_a_run_past_the_time_limit_is_given_up_and_said(qtbot, design) -> None:
    # the limit counts a fresh process's start too (about a second, more when busy)
    runner = MetricsRunner(design, engine_compute(sleepy), time_limit_s=4)
    warm_up(qtbot, runner)
    failures: list[str] = []
    runner.failed.connect(failures.append)
    design.rename(design.name, "30")
    started = time.monotonic()
    runner.request()
    qtbot.waitUntil(lambda: bool(failures), timeout=12_000)
    assert 3.5 < time.monotonic() - started < 12  # a coarse timer: ±5 %
    assert failures == [
        "figures not computed: the design is too large to compute within 4 s"]
    qtbot.waitUntil(runner.is_current, timeout=5000)
    assert runner.metrics is None and runner.failure == failures[0]
    runner.time_limit_s = 60  # a fresh process's start alone may take 4 s on a busy machine
    design.rename(design.name, "")  # back to a design that computes
    runner.request()
    qtbot.waitUntil(lambda: runner.is_current() and runner.metrics is not None,
                    timeout=30_000)
    assert runner.metrics.inventory.accelerators == DEMO_ACCELERATORS
    assert failures == [too_large_message(4)], "no second message for the run given up"
    runner.shutdown()


def test_shutdown_during_a_long_run_returns_within_a_second(qtbot, design) -> None:
    runner = MetricsRunner(design, engine_compute(sleepy))
    warm_up(qtbot, runner)
    design.rename(design.name, "30")
    runner.request()
    qtbot.waitUntil(lambda: runner._running_revision == design.revision, timeout=5000)
    time.sleep(0.3)
    started = time.monotonic()
    runner.shutdown()
    assert time.monotonic() - started < 1.5
    assert not [p for p in multiprocessing.active_children() if p.is_alive()]


def test_closing_the_window_never_waits_on_the_engine(qtbot, design, catalog,
                                                      settings) -> None:
    from gui.main_window import open_window

    design.rename(design.name, "30")
    window = open_window(design, None, catalog, settings, engine_compute(sleepy))
    qtbot.waitUntil(lambda: window.runner._running_revision is not None, timeout=5000)
    time.sleep(0.3)
    started = time.monotonic()
    window.close()
    assert time.monotonic() - started < 1.5
    assert not window.isVisible()
    close_window(window)


def test_the_dock_says_when_the_figures_were_not_computed(qtbot, design, catalog,
                                                          settings) -> None:
    from gui.main_window import open_window

    design.rename(design.name, "30")
    window = open_window(design, None, catalog, settings, engine_compute(sleepy))
    window.runner.time_limit_s = 1.0
    window.runner.request()
    qtbot.waitUntil(lambda: "too large" in window.metrics_dock.state.text(), timeout=15_000)
    assert "figures not computed: the design is too large to compute within 1 s" in (
        window.metrics_dock.state.text())
    window.document.undo_stack.setClean()
    close_window(window)


EXIT_SCRIPT = """
import sys, time
from PySide6.QtWidgets import QApplication
from gui.example import demo_campus
from gui.metrics_runner import MetricsRunner, engine_compute
from tests.gui.engine_standins import sleepy

if __name__ == "__main__":
    app = QApplication([])
    design = demo_campus()
    design.rename(design.name, "60")
    runner = MetricsRunner(design, engine_compute(sleepy))
    runner.request()
    until = time.monotonic() + 3
    while time.monotonic() < until:
        app.processEvents()
        time.sleep(0.05)
    print("leaving with a run in flight", flush=True)
    sys.exit(0)
"""


def test_the_interpreter_exits_with_a_run_in_flight(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """No hang at exit: the engine process is killed before Python waits for it."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    script = tmp_path / "leave.py"
    script.write_text(EXIT_SCRIPT, encoding="utf-8")
    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(root))
    started = time.monotonic()
    done = subprocess.run([sys.executable, str(script)], cwd=root, env=env, check=False,
                          capture_output=True, text=True, timeout=50)
    assert "leaving with a run in flight" in done.stdout, done.stderr
    assert time.monotonic() - started < 20, "exit waited for the 60 s run"


ORPHAN_SCRIPT = """
import os, time
from gui.metrics_runner import _engine_process
from tests.gui.engine_standins import sleepy
from gui.example import demo_campus

if __name__ == "__main__":
    engine = _engine_process()
    design = demo_campus()
    design.rename(design.name, "60")
    engine.submit(sleepy, design, None)
    time.sleep(0.5)
    print(*engine._processes, flush=True)
    time.sleep(60)
"""


def _alive(pid: int) -> bool:
    from pathlib import Path

    try:
        status = Path(f"/proc/{pid}/status").read_text(encoding="utf-8")
    except OSError:
        return False
    return "\\nState:\\tZ" not in status


def test_the_engine_process_ends_when_the_editor_is_killed(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """An editor killed outright (SIGKILL, a crash) leaves no engine process behind."""
    import os
    import signal
    import subprocess
    import sys
    from pathlib import Path

    script = tmp_path / "orphan.py"
    script.write_text(ORPHAN_SCRIPT, encoding="utf-8")
    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, PYTHONPATH=str(root))
    with subprocess.Popen([sys.executable, str(script)], cwd=root, env=env,
                          stdout=subprocess.PIPE, text=True) as editor:
        try:
            assert editor.stdout is not None
            engine_pid = int(editor.stdout.readline().split()[0])
            assert _alive(engine_pid)
        finally:
            editor.send_signal(signal.SIGKILL)
            editor.wait(10)
    deadline = time.monotonic() + 10
    while _alive(engine_pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    if _alive(engine_pid):
        os.kill(engine_pid, signal.SIGKILL)
        raise AssertionError("the engine process outlived its editor")


def test_the_engine_gets_most_of_the_time_limit_as_its_budget(design, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from gui import metrics_runner

    seen: list[tuple[float, ...]] = []
    monkeypatch.setattr(metrics_runner, "default_compute",
                        lambda d, *budget: seen.append(budget) or "figures")
    runner = MetricsRunner(design, time_limit_s=10)
    assert runner.compute(design) == "figures"
    assert seen == [(8.0,)], "80 % of the limit, as report --timeout gives the engine"
    runner.time_limit_s = 0  # no limit: the engine's own default budget
    runner.compute(design)
    assert seen[-1] == ()


def test_the_issue_design_gets_figures_through_the_real_engine(qtbot) -> None:  # type: ignore[no-untyped-def]
    """The 100K example with one spine tier's count at 1,000,000 (#16: 287 s and 5 GB
    in report before): figures arrive within the runner's limit — the engine's budget
    names what it left out — then editing back gives the full figures."""
    from gui.example import example_design

    design, _ = example_design()
    tier = next(t for t in design.tiers.values() if t.id.endswith("spine"))
    runner = MetricsRunner(design, time_limit_s=40)
    warm_up(qtbot, runner)
    full = runner.metrics
    assert full is not None and not full.not_computed
    failures: list[str] = []
    runner.failed.connect(failures.append)
    before = tier.count
    design.update(tier.id, count=1_000_000)
    runner.request()
    qtbot.waitUntil(runner.is_current, timeout=45_000)
    assert failures == [] and runner.metrics is not None
    huge = runner.metrics
    assert huge.inventory.switches_by_model != full.inventory.switches_by_model
    design.update(tier.id, count=before)
    runner.request()
    qtbot.waitUntil(lambda: runner.is_current() and runner.metrics is not None,
                    timeout=30_000)
    assert runner.metrics.inventory.accelerators == full.inventory.accelerators
    assert not runner.metrics.not_computed
    runner.shutdown()
