"""How the application starts from the command line (run as a separate process, as
``./run.sh`` runs it): a mistyped verb is an error listing the verbs, and without a
display the editor says so in one line instead of Qt's abort."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from cli import VERBS

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "resources" / "examples" / "campus-100k.json"


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], check=False, cwd=ROOT,
                          capture_output=True, text=True, timeout=60,
                          env=env if env is not None else dict(os.environ))


def without_display() -> dict[str, str]:
    env = dict(os.environ)
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        env.pop(name, None)
    return env


def test_a_mistyped_verb_is_an_error_that_lists_the_verbs() -> None:
    """Before the fix, 'reprot FILE' tried to open the editor on a file named 'reprot'."""
    done = run("reprot", str(EXAMPLE), env=without_display())
    assert done.returncode == 2
    assert "'reprot' is neither a command nor a design file" in done.stderr
    assert "Did you mean 'report'?" in done.stderr
    for verb in VERBS:
        assert f"  {verb} " in done.stderr
    assert done.stdout == ""


def test_a_design_file_that_does_not_exist_is_named() -> None:
    done = run("no-such-campus.json", env=without_display())
    assert done.returncode == 2
    assert done.stderr.strip() == "main.py: no-such-campus.json: no such design file"


def test_without_a_display_the_editor_says_so_in_one_line() -> None:
    """Before the fix Qt aborted (signal 6) with a message about the xcb plugin."""
    done = run(str(EXAMPLE), env=without_display())
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "there is no display" in lines[0], done.stderr


def test_verbs_still_run_without_a_display() -> None:
    done = run("validate", str(EXAMPLE), env=without_display())
    assert done.returncode in (0, 1), done.stderr
    assert "neither a command" not in done.stderr


def test_the_editor_starts_logs_and_ends_on_ctrl_c(tmp_path: Path) -> None:
    """The application as ./run.sh starts it (offscreen): it writes its log file in the
    data folder, and Ctrl+C in the terminal closes it (it was ignored while Qt's event
    loop ran: the process had to be killed)."""
    import signal
    import time

    env = dict(os.environ, QT_QPA_PLATFORM="offscreen",
               ARCHIPELAGO_LOG_DIR=str(tmp_path / "data"),
               ARCHIPELAGO_RECOVERY_DIR=str(tmp_path / "recovery"),
               XDG_CONFIG_HOME=str(tmp_path / "config"))
    log = tmp_path / "data" / "archipelago.log"
    with subprocess.Popen([sys.executable, str(ROOT / "main.py"), str(EXAMPLE)], cwd=ROOT,
                          env=env, stderr=subprocess.DEVNULL) as editor:
        try:
            deadline = time.monotonic() + 60
            while not log.exists() and time.monotonic() < deadline:
                time.sleep(0.1)
            assert log.exists(), "no log file in the data folder"
            # the window is open (on a busy machine that takes seconds, and a fixed
            # wait raced it) and its first run under way
            while ("window open" not in log.read_text(encoding="utf-8")
                   and time.monotonic() < deadline):
                time.sleep(0.1)
            time.sleep(0.5)
            editor.send_signal(signal.SIGINT)
            status = editor.wait(15)
        finally:
            if editor.poll() is None:
                editor.kill()
    assert status == 0
    assert "Archipelago started" in log.read_text(encoding="utf-8")
