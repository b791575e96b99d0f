"""Fixtures of the GUI tests: an isolated settings file, the demo campus, a main window
that is closed and deleted afterwards, and a guard that fails any test leaving a
top-level widget behind (a leaked window keeps its document, scene and timers alive)."""

from __future__ import annotations

import gc
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QSettings
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
