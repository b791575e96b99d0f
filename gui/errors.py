"""Unexpected errors reach the user, never silence.

An exception nobody expected — in a menu action, a canvas tool, a dialog, a slot of any
kind — is logged (Python ``logging``: to stderr and to ``archipelago.log`` in the
application's data folder) and shown in a message box with a title, a one-line
explanation and the details (the traceback). :func:`install_error_reporting` makes this
the application's ``sys.excepthook`` and ``threading.excepthook``, so the event loop goes
on after the message; :func:`guarded` wraps a slot so its failure is reported the same
way with the action's name.

The message box goes through :data:`show_message`, which tests replace to collect the
messages instead of showing a modal box.
"""

from __future__ import annotations

import logging
import sys
import threading
import traceback
from collections.abc import Callable
from logging.handlers import RotatingFileHandler
from pathlib import Path
from types import TracebackType
from typing import Any

from PySide6.QtCore import QObject, QStandardPaths, Qt, Signal
from PySide6.QtWidgets import QApplication, QMessageBox

from gui.i18n import translate

LOG_NAME = "archipelago.log"
"""The log file's name, in the application's data folder."""
log = logging.getLogger("archipelago")


def default_log_folder() -> Path:
    """The application's data folder (where the recovery files also live):
    ``$ARCHIPELAGO_LOG_DIR`` when set."""
    import os

    override = os.environ.get("ARCHIPELAGO_LOG_DIR")
    if override:
        return Path(override)
    location = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(location) if location else Path.home() / ".archipelago"


_handlers: list[logging.Handler] = []


def setup_logging(folder: Path | None = None) -> Path | None:
    """Log the application's messages to stderr and to ``archipelago.log`` in
    ``folder`` (the data folder by default); returns the log file's path, or None when
    it cannot be written (then stderr only). Calling it again replaces the handlers."""
    stop_logging()
    log.setLevel(logging.INFO)
    log.propagate = False
    formatter = logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s")
    stream = logging.StreamHandler(sys.stderr)
    _handlers.append(stream)
    path = (folder or default_log_folder()) / LOG_NAME
    problem = ""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        _handlers.append(RotatingFileHandler(path, maxBytes=1_000_000, backupCount=2,
                                             encoding="utf-8"))
    except OSError as error:
        problem = f"cannot write the log file {path}: {error.strerror or error}"
    for handler in _handlers:
        handler.setFormatter(formatter)
        log.addHandler(handler)
    if problem:
        log.warning(problem)
        return None
    return path


def stop_logging() -> None:
    """Remove (and close) the handlers :func:`setup_logging` added."""
    while _handlers:
        handler = _handlers.pop()
        log.removeHandler(handler)
        handler.close()


def _message_box(title: str, text: str, details: str) -> None:
    """A critical message box with the details behind "Show Details…"."""
    app = QApplication.instance()
    parent = app.activeWindow() if isinstance(app, QApplication) else None
    box = QMessageBox(QMessageBox.Icon.Critical, title, text, QMessageBox.StandardButton.Ok,
                      parent)
    box.setDetailedText(details)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.exec()


show_message: Callable[[str, str, str], None] = _message_box
"""Shows (title, one-line text, details); tests replace it to collect the messages."""


def report_unexpected(where: str, error: BaseException,
                      tb: TracebackType | None = None) -> None:
    """Log ``error`` with its traceback and show it: "<where> failed" as the title, the
    error in one line, the traceback as details. Never raises."""
    details = "".join(traceback.format_exception(type(error), error,
                                                 tb or error.__traceback__))
    one_line = str(error).strip().splitlines()[0] if str(error).strip() else ""
    text = f"{type(error).__name__}: {one_line}" if one_line else type(error).__name__
    try:
        log.error("%s failed: %s\n%s", where, text, details.rstrip())
        show_message(translate("Errors", "{where} failed").format(where=where),
                     translate("Errors", "Something went wrong. {error}").format(error=text),
                     details)
    except Exception:
        traceback.print_exc()


def guarded(where: str, slot: Callable[..., Any]) -> Callable[..., Any]:
    """``slot`` wrapped so an unexpected exception is reported (see
    :func:`report_unexpected`) instead of escaping into Qt; it then returns None."""
    def run(*args: Any, **kwargs: Any) -> Any:
        try:
            return slot(*args, **kwargs)
        except Exception as error:
            report_unexpected(where, error)
            return None
    return run


class _ToGuiThread(QObject):
    """Carries an exception raised on another thread to the GUI thread (a message box
    may only be shown there)."""

    raised = Signal(str, object)


_bridge: _ToGuiThread | None = None


def _excepthook(kind: type[BaseException], error: BaseException,
                tb: TracebackType | None) -> None:
    if issubclass(kind, KeyboardInterrupt):
        sys.__excepthook__(kind, error, tb)
        return
    report_unexpected(translate("Errors", "An action"), error, tb)


def _thread_excepthook(args: threading.ExceptHookArgs) -> None:
    if args.exc_value is None or issubclass(args.exc_type, SystemExit):
        return
    name = args.thread.name if args.thread is not None else translate(
        "Errors", "a background thread")
    where = translate("Errors", "Background work ({name})").format(name=name)
    if _bridge is not None and threading.current_thread() is not threading.main_thread():
        _bridge.raised.emit(where, args.exc_value)
    else:
        report_unexpected(where, args.exc_value, args.exc_traceback)


def install_error_reporting(log_folder: Path | None = None) -> Path | None:
    """Log to stderr and the log file, and report every unexpected exception of the
    application (GUI thread and other threads) as a message; returns the log file."""
    global _bridge  # noqa: PLW0603 - one hook per application
    path = setup_logging(log_folder)
    if _bridge is None:
        _bridge = _ToGuiThread()
        _bridge.raised.connect(report_unexpected,
                               Qt.ConnectionType.QueuedConnection)
    sys.excepthook = _excepthook
    threading.excepthook = _thread_excepthook
    log.info("Archipelago started; log file %s", path)
    return path


def excepthook_installed() -> bool:
    """True when unexpected exceptions are reported by this module."""
    return sys.excepthook is _excepthook

