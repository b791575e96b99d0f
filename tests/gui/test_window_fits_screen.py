"""The window fits a 1280×720 laptop screen in every language: the status bar (where a
refused drop says why) and the bottom of the docks stay on the screen.

Under a Chinese locale the system's sans-serif font is a CJK one with taller lines; the
main window came out 1280×750 on a 1280×720 screen (seen under Xvfb), because it was
clamped to the screen while its minimum height still counted the problems list under
the right-hand column (the corners were given to the side columns only after it was
shown). The offscreen platform's own screen says nothing of a user's, so the tests name
the screen's available room (:func:`gui.dock_layout.screen_size`)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, QSize
from PySide6.QtGui import QFont, QFontDatabase
from PySide6.QtWidgets import QApplication

LAPTOP = QSize(1280, 720)
CJK_FAMILY = "Noto Sans CJK SC"


@pytest.fixture
def cjk_font(qapp) -> Iterator[QFont]:  # type: ignore[no-untyped-def]
    """The application font a Chinese locale gets from fontconfig (its sans-serif is the
    CJK face), for one test."""
    if CJK_FAMILY not in QFontDatabase.families():
        pytest.skip(f"the {CJK_FAMILY} font is not installed")
    before = QFont(qapp.font())
    font = QFont(before)
    font.setFamilies([CJK_FAMILY])
    qapp.setFont(font)
    yield font
    qapp.setFont(before)


@pytest.fixture
def laptop_screen(monkeypatch: pytest.MonkeyPatch) -> QSize:
    from gui import dock_layout

    monkeypatch.setattr(dock_layout, "screen_size", lambda _window: QSize(LAPTOP))
    return LAPTOP


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_window_as_started_fits_a_1280x720_screen(  # type: ignore[no-untyped-def]
        real_window_factory, laptop_screen, cjk_font, tmp_path: Path, language: str) -> None:
    """Failed before the fix in Chinese: the window was 1280×750."""
    from gui.i18n import LANGUAGE_KEY, current_language, installer

    QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat).setValue(
        LANGUAGE_KEY, language)
    try:
        win = real_window_factory(None)
        assert current_language() == language
        QApplication.processEvents()
        assert win.width() <= laptop_screen.width(), win.size()
        assert win.height() <= laptop_screen.height(), win.size()
        hint = win.minimumSizeHint()
        assert hint.width() <= laptop_screen.width() and hint.height() <= laptop_screen.height()
        bar = win.statusBar()
        assert bar.isVisible()
        assert bar.geometry().bottom() < laptop_screen.height(), bar.geometry()
        for key, dock in win.docks.items():
            if dock.isVisible():
                assert dock.geometry().bottom() < bar.geometry().top(), key
    finally:
        installer(QApplication.instance()).remove()  # type: ignore[arg-type]


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_window_asks_for_no_more_than_a_laptop_screen_before_it_is_shown(  # type: ignore[no-untyped-def]
        qtbot, cjk_font, design, catalog, settings, language: str) -> None:
    """The minimum the window asks for as it is built (the one the screen clamp has to
    respect) fits 1280×720 with the CJK font: the problems list sits under the canvas,
    not under the right-hand column, from the start."""
    from gui.document import DesignDocument
    from gui.i18n import installer
    from gui.main_window import MainWindow
    from tests.gui.conftest import close_window

    assert installer(QApplication.instance()).install(language)  # type: ignore[arg-type]
    document = DesignDocument(design, None)
    win = MainWindow(document, catalog, settings)
    document.setParent(win)
    try:
        hint = win.minimumSizeHint()
    finally:
        close_window(win)
        installer(QApplication.instance()).remove()  # type: ignore[arg-type]
    assert hint.width() <= LAPTOP.width() and hint.height() <= LAPTOP.height(), hint
