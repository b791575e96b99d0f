"""Start the Qt application: the main window on a design file or the built-in example."""

from __future__ import annotations

import sys


def run_gui(path: str | None) -> int:
    """Open the main window (on ``path``, or the example campus) and run the event loop;
    returns the exit status."""
    from PySide6.QtWidgets import QApplication, QMainWindow

    app = QApplication.instance() or QApplication(sys.argv)
    window = QMainWindow()
    window.setWindowTitle(f"Archipelago — {path or 'example campus'}")
    window.resize(1400, 900)
    window.show()
    return int(app.exec())
