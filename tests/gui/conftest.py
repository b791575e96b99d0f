"""Fixtures of the GUI tests: an isolated settings file, the demo campus, a main window
that is closed and deleted afterwards, and a guard that fails any test leaving a
top-level widget behind (a leaked window keeps its document, scene and timers alive)."""

from __future__ import annotations

import gc
import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QRect, QSettings, QSize
from PySide6.QtWidgets import QApplication, QWidget

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

IGNORED_TOP_LEVEL = {"QTipLabel", "QComboBoxPrivateContainer"}
"""Qt's own shared top-level helpers (tooltip, combo popup) live as long as the app."""


def _top_level_widgets() -> set[int]:
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        return set()
    return {id(w) for w in app.topLevelWidgets()
            if type(w).__name__ not in IGNORED_TOP_LEVEL and w.metaObject().className()
            not in IGNORED_TOP_LEVEL}


def flush_deletes() -> None:
    """Run pending ``deleteLater`` calls and collect Python cycles that hold widgets."""
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)
    QCoreApplication.processEvents()
    gc.collect()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)


@pytest.fixture(autouse=True)
def no_leaked_widgets(request: pytest.FixtureRequest) -> Iterator[None]:
    """Fail the test if it leaves a new top-level widget alive."""
    if "qapp" not in request.fixturenames and "qtbot" not in request.fixturenames:
        yield
        return
    before = _top_level_widgets()
    yield
    flush_deletes()
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    leaked = [w for w in app.topLevelWidgets()
              if id(w) not in before and id(w) in _top_level_widgets()]
    names = [f"{type(w).__name__}({w.objectName() or w.windowTitle()!r})" for w in leaked]
    for widget in leaked:
        widget.close()
        widget.deleteLater()
    flush_deletes()
    assert not leaked, f"test leaked top-level widgets: {', '.join(names)}"


@pytest.fixture
def settings(tmp_path: Path) -> QSettings:
    """Window settings in a file of the test's own."""
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def catalog():  # type: ignore[no-untyped-def]
    """The shipped parts catalog."""
    from model.catalog import load_builtin_catalog

    return load_builtin_catalog()


@pytest.fixture
def design():  # type: ignore[no-untyped-def]
    """The demo campus: 2 halls × 2 islands, leaf/spine/core/campus core, 14 bundles."""
    from gui.example import demo_campus

    return demo_campus()


@pytest.fixture
def window(qtbot, design, catalog, settings):  # type: ignore[no-untyped-def]
    """A shown main window on the demo campus; closed (unsaved changes discarded) and
    deleted after the test."""
    from gui.main_window import open_window

    win = open_window(design, None, catalog, settings)
    win.resize(1400, 900)
    yield win
    win.document.undo_stack.setClean()
    win.close()
    win.deleteLater()
    flush_deletes()


def close_window(win: QWidget) -> None:
    """Close and delete a window made inside a test."""
    win.close()
    win.deleteLater()
    flush_deletes()


# ------------------------------------------------------------ the real wiring
class Answers:
    """Answers the File actions' dialogs (their ``ask_*`` hooks) for a real window, and
    collects every error message shown: ``errors`` from the File actions' own
    messages, ``unexpected`` from the application's unexpected-error reporting."""

    def __init__(self) -> None:
        from PySide6.QtWidgets import QMessageBox

        self.save_path: str | None = None
        self.open_path: str | None = None
        self.unsaved = QMessageBox.StandardButton.Discard
        self.revert = True
        self.png_options: object | None = None
        self.errors: list[tuple[str, str]] = []
        self.notices: list[tuple[str, str]] = []
        self.unexpected: list[tuple[str, str, str]] = []


@pytest.fixture
def real_window_factory(qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """Builds main windows exactly as the application starts them
    (:func:`gui.app.start_window`: error reporting, theme, the real engine process, no
    injected compute), with the settings, recovery folder and log file in ``tmp_path``.
    Each window gets ``window.answers`` (an :class:`Answers`) wired to its dialogs.
    Windows are closed afterwards; the logging and exception hooks are restored."""
    import sys
    import threading

    from gui import errors
    from gui.app import start_window

    monkeypatch.setenv("ARCHIPELAGO_RECOVERY_DIR", str(tmp_path / "recovery"))
    monkeypatch.setenv("ARCHIPELAGO_LOG_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    monkeypatch.setattr(threading, "excepthook", threading.excepthook)
    unexpected: list[tuple[str, str, str]] = []
    monkeypatch.setattr(errors, "show_message",
                        lambda title, text, details: unexpected.append((title, text, details)))
    windows: list[QWidget] = []

    def build(path: str | None):  # type: ignore[no-untyped-def]
        settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
        win = start_window(path, settings)
        answers = Answers()
        answers.unexpected = unexpected
        files = win.file_actions
        monkeypatch.setattr(files, "ask_save_path", lambda *_a: answers.save_path)
        monkeypatch.setattr(files, "ask_open_path", lambda: answers.open_path)
        monkeypatch.setattr(files, "ask_unsaved", lambda: answers.unsaved)
        monkeypatch.setattr(files, "ask_revert", lambda: answers.revert)
        monkeypatch.setattr(files, "ask_png_options", lambda: answers.png_options)
        monkeypatch.setattr(files, "show_error",
                            lambda title, text: answers.errors.append((title, text)))
        monkeypatch.setattr(files, "show_notice",
                            lambda title, text: answers.notices.append((title, text)))
        win.answers = answers
        windows.append(win)
        return win

    yield build
    from shiboken6 import isValid

    for win in windows:
        if isValid(win):
            win.document.undo_stack.setClean()  # type: ignore[attr-defined]
            win.close()
            win.deleteLater()
    flush_deletes()
    errors.stop_logging()


@pytest.fixture
def real_window(real_window_factory, design, tmp_path: Path):  # type: ignore[no-untyped-def]
    """The application's window (see ``real_window_factory``) on the demo campus, opened
    from a file in ``tmp_path``."""
    from model.fileformat import save_design

    path = tmp_path / "campus.json"
    save_design(design, path)
    win = real_window_factory(str(path))
    win.resize(1400, 900)
    return win


@pytest.fixture(scope="session", autouse=True)
def engine_process_ends() -> Iterator[None]:
    """The engine process the windows started ends with the test session (no leaked
    process, nothing for the interpreter to wait for at exit)."""
    yield
    import multiprocessing

    from gui.clipboard import release_process_clipboard
    from gui.metrics_runner import stop_engine

    release_process_clipboard()  # Qt's offscreen clipboard crashes the exit otherwise
    # A run still on its way to the engine when the first stop comes (a worker thread of
    # the last window's runner) starts a fresh engine process; stop that one too.
    for _ in range(5):
        stop_engine()
        for child in multiprocessing.active_children():
            child.join(1)
        if not multiprocessing.active_children():
            break
        time.sleep(0.2)
    assert not multiprocessing.active_children(), "an engine process outlived the tests"


# ------------------------------------------------------------- a 1280×720 screen
def rect_in(widget: QWidget, ancestor: QWidget) -> QRect:
    """``widget``'s rectangle in ``ancestor``'s coordinates."""
    return QRect(widget.mapTo(ancestor, widget.rect().topLeft()), widget.size())


def settle() -> None:
    """Let queued layout and paint events run."""
    for _ in range(3):
        QApplication.processEvents()


def canvas_drawn(qtbot, scene) -> None:  # type: ignore[no-untyped-def]
    """Wait until the canvas has drawn every item whole: after a zoom, zoomed-out items
    are drawn over a few turns of the event loop (:mod:`gui.canvas.staging`)."""
    qtbot.wait(30)
    qtbot.waitUntil(lambda: not scene.paint_budget.pending(), timeout=10_000)


@pytest.fixture
def laptop(qtbot, design, catalog, settings, monkeypatch):  # type: ignore[no-untyped-def]
    """The main window as the app opens it on a 1280×720 screen."""
    from gui import dock_layout
    from gui.main_window import open_window

    monkeypatch.setattr(dock_layout, "screen_size", lambda _window: QSize(1280, 720))
    win = open_window(design, None, catalog, settings)
    settle()
    yield win
    win.document.undo_stack.setClean()
    close_window(win)
