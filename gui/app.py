"""Start the Qt application: the main window on a design file or the built-in example."""

from __future__ import annotations

import sys

from model.design import Design


def initial_design(path: str | None) -> tuple[Design, str | None]:
    """The design the window opens with and the file it is tied to.

    Without a path, the built-in example opens as an unsaved copy: Save then asks where,
    so the shipped file in resources/ is never overwritten.
    """
    from gui.example import example_design

    if path is None:
        design, _ = example_design()
        return design, None
    from model.fileformat import load_design

    return load_design(path), path


def run_gui(path: str | None) -> int:
    """Open the main window (on ``path``, or the example campus) and run the event loop;
    returns the exit status (1 when the file cannot be opened)."""
    from PySide6.QtWidgets import QApplication, QMessageBox

    from gui.main_window import default_settings, open_window
    from gui.theme import THEMES, apply_theme
    from model.catalog import load_builtin_catalog
    from model.errors import ArchipelagoError

    app = QApplication.instance() or QApplication(sys.argv)
    assert isinstance(app, QApplication)
    app.setApplicationName("Archipelago")
    app.setOrganizationName("Archipelago")
    settings = default_settings()
    apply_theme(app, THEMES.get(str(settings.value("theme", "light")), THEMES["light"]))
    try:
        catalog = load_builtin_catalog()
        design, shown = initial_design(path)
    except ArchipelagoError as error:
        QMessageBox.critical(None, "Archipelago", f"Cannot open the design:\n{error}")
        return 1
    window = open_window(design, shown, catalog, settings)
    window.raise_()
    from PySide6.QtCore import QTimer

    QTimer.singleShot(0, window.file_actions.offer_recovery)  # type: ignore[attr-defined]
    return int(app.exec())
