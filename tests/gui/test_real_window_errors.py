"""No silent failures: an unexpected exception in a menu action, a slot or another
thread of the application reaches the user as a message (title, one line, details) and
a line in the log file in the application's data folder; the window goes on working."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer

from gui import errors


def log_text(tmp_path: Path) -> str:
    for handler in errors.log.handlers:
        handler.flush()
    return (tmp_path / "data" / errors.LOG_NAME).read_text(encoding="utf-8")


def test_an_unexpected_failure_in_a_file_action_is_shown_and_logged(
        real_window, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Before the fix such a failure vanished into Qt's event loop: nothing shown."""
    window = real_window
    files = window.file_actions

    def broken(path: object) -> bool:
        raise RuntimeError("the disk caught fire\nsecond line of detail")

    monkeypatch.setattr(files, "save_to", broken)
    files.actions["save"].trigger()
    assert len(window.answers.unexpected) == 1
    title, text, details = window.answers.unexpected[0]
    assert title == "Save failed"
    assert text == "Something went wrong. RuntimeError: the disk caught fire"
    assert "Traceback" in details and "second line of detail" in details
    assert "Save failed: RuntimeError: the disk caught fire" in log_text(tmp_path)
    assert window.isVisible()


@pytest.mark.qt_no_exception_capture
def test_an_exception_in_any_slot_is_shown_and_the_loop_goes_on(real_window, qtbot,
                                                                tmp_path: Path) -> None:
    """The application's excepthook: a failure anywhere in the event loop (a tool, a
    dialog) is reported, not lost, and the next event is handled as usual."""
    window = real_window

    def tool_that_fails() -> None:
        raise KeyError("no-such-element")

    QTimer.singleShot(0, tool_that_fails)
    qtbot.waitUntil(lambda: bool(window.answers.unexpected), timeout=5000)
    title, text, _details = window.answers.unexpected[0]
    assert title == "An action failed"
    assert "KeyError: 'no-such-element'" in text
    later: list[int] = []
    QTimer.singleShot(0, lambda: later.append(1))
    qtbot.waitUntil(lambda: later == [1])
    assert "KeyError" in log_text(tmp_path)


def test_an_exception_in_a_background_thread_is_shown_on_the_gui_thread(
        real_window, qtbot, monkeypatch: pytest.MonkeyPatch) -> None:
    window = real_window
    shown_on: list[threading.Thread] = []
    collect = errors.show_message

    def on_which_thread(title: str, text: str, details: str) -> None:
        shown_on.append(threading.current_thread())
        collect(title, text, details)

    monkeypatch.setattr(errors, "show_message", on_which_thread)

    def work() -> None:
        raise ValueError("background work broke")

    assert threading.excepthook is errors._thread_excepthook  # type: ignore[comparison-overlap]
    worker = threading.Thread(target=work, name="worker")
    worker.start()
    worker.join(5)
    qtbot.waitUntil(lambda: bool(window.answers.unexpected), timeout=5000)
    assert shown_on == [threading.main_thread()]
    assert "ValueError: background work broke" in window.answers.unexpected[0][1]


def test_reporting_never_raises_in_turn(monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    def broken_box(title: str, text: str, details: str) -> None:
        raise RuntimeError("no screen")

    monkeypatch.setattr(errors, "show_message", broken_box)
    errors.report_unexpected("Export", OSError("gone"))
    assert "no screen" in capsys.readouterr().err
