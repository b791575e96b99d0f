"""Start the Qt application: the main window on a design file or the built-in example."""

from __future__ import annotations

import logging
import sys
from typing import TYPE_CHECKING

from model.design import Design

if TYPE_CHECKING:
    from PySide6.QtCore import QSettings, QTimer
    from PySide6.QtWidgets import QApplication

    from gui.main_window import MainWindow

TIME_LIMIT_KEY = "metrics/time_limit_s"
"""The setting that bounds one computation of the figures (seconds)."""


def initial_design(path: str | None, lang: str | None = None) -> tuple[Design, str | None]:
    """The design the window opens with and the file it is tied to.

    Without a path, the built-in example opens as an unsaved copy: Save then asks where,
    so the shipped file in resources/ is never overwritten. Being a new copy, it is
    named and described in the interface language ``lang`` (``1 号楼``, ``计算岛 1 Leaf``
    in Chinese), as a design made from its template in that language is; a file opens
    as written.
    """
    from gui.example import example_design, localized_example

    if path is None:
        design, _ = example_design()
        return localized_example(design, lang), None
    from model.fileformat import load_design

    return load_design(path), path


def start_window(path: str | None, settings: QSettings | None = None) -> MainWindow:
    """Everything the application does before its event loop runs: error reporting
    (message boxes and the log file), the theme, the design (``path`` or the example),
    the main window with its real engine process, and the offer to recover unsaved work
    once the loop runs. Tests build their real-wiring window with it too. Raises the
    loader's :class:`~model.errors.ArchipelagoError` when the file cannot be opened."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from gui.errors import install_error_reporting
    from gui.i18n import current_language, install_language
    from gui.main_window import default_settings, open_window
    from gui.metrics_runner import DEFAULT_TIME_LIMIT_S
    from gui.theme import THEMES, apply_theme
    from model.catalog import load_builtin_catalog

    app = QApplication.instance()
    assert isinstance(app, QApplication), "start_window needs the QApplication"
    app.setApplicationName("Archipelago")
    app.setOrganizationName("Archipelago")
    install_error_reporting()
    settings = settings if settings is not None else default_settings()
    install_language(app, settings)  # before any window text is made
    apply_theme(app, THEMES.get(str(settings.value("theme", "light")), THEMES["light"]))
    catalog = load_builtin_catalog()
    design, shown = initial_design(path, current_language(app))
    window = open_window(design, shown, catalog, settings)
    try:
        limit_s = float(settings.value(TIME_LIMIT_KEY, DEFAULT_TIME_LIMIT_S))  # type: ignore[arg-type]
    except (TypeError, ValueError):
        limit_s = DEFAULT_TIME_LIMIT_S
    window.runner.time_limit_s = limit_s if limit_s > 0 else DEFAULT_TIME_LIMIT_S
    window.raise_()
    QTimer.singleShot(0, window.file_actions.offer_recovery)
    return window


def stop_on_interrupt(app: QApplication) -> QTimer:
    """Ctrl+C in the terminal closes the windows (asking about unsaved changes) instead
    of being ignored while Qt's event loop runs: Python handles signals only when it
    runs, so a timer lets it run a few times a second. Returns the timer (keep it)."""
    import signal

    from PySide6.QtCore import QTimer

    tick = QTimer(app)

    def interrupted(_signum: int, _frame: object) -> None:
        tick.setProperty("interrupted", True)  # for a window still being opened
        app.closeAllWindows()

    signal.signal(signal.SIGINT, interrupted)
    tick.timeout.connect(lambda: None)
    tick.start(250)
    return tick


def run_gui(path: str | None) -> int:
    """Open the main window (on ``path``, or the example campus) and run the event loop;
    returns the exit status (1 when the file cannot be opened)."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QMessageBox

    from gui.clipboard import release_process_clipboard
    from gui.metrics_runner import stop_engine
    from model.errors import ArchipelagoError

    app = QApplication.instance() or QApplication(sys.argv)
    assert isinstance(app, QApplication)
    interrupt = stop_on_interrupt(app)  # before the window: Ctrl+C while it opens counts
    try:
        window = start_window(path)
    except ArchipelagoError as error:
        from gui.i18n import translate

        QMessageBox.critical(None, "Archipelago", translate(
            "App", "Cannot open the design:\n{error}").format(error=error))
        return 1
    logging.getLogger("archipelago").info("window open on %s", path or "the example campus")
    if interrupt.property("interrupted"):
        QTimer.singleShot(0, app.closeAllWindows)
    status = int(app.exec())
    del window
    release_process_clipboard()
    stop_engine()  # the idle engine process ends now, not at interpreter exit
    return status
