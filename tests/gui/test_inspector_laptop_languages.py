"""Issue #15 §2: at 1280×720, in English and in Chinese (the CJK font's taller lines),
the inspector shows every field of a switch tier and of a link bundle (with a building,
the element kinds with the most editors: six) without scrolling, and each value is whole
in its editor (a part's long name in a list is elided, its whole name in the tooltip and
the open list); the headline figures stay in sight, and the palette's and legend's words
are whole.

Seen under Xvfb before the fix: in Chinese (the CJK font) the inspector showed four of a
switch tier's six fields; "Serves" and "Plane" were scrolled out of sight."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QComboBox, QLineEdit, QSpinBox, QStyle

from model.elements import LinkBundle, SwitchTier
from tests.gui.conftest import rect_in, settle
from tests.gui.test_window_fits_screen import cjk_font, laptop_screen  # noqa: F401


def text_room(editor) -> tuple[str, int]:  # type: ignore[no-untyped-def]
    """The text an editor shows and the pixels it has for it."""
    if isinstance(editor, QSpinBox):
        line = editor.lineEdit()
        return line.text(), line.width() - 4
    if isinstance(editor, QLineEdit):
        return editor.text(), editor.width() - 8
    assert isinstance(editor, QComboBox)
    from PySide6.QtWidgets import QStyleOptionComboBox

    option = QStyleOptionComboBox()
    editor.initStyleOption(option)
    room = editor.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, option,
                                         QStyle.SubControl.SC_ComboBoxEditField, editor)
    return editor.currentText(), room.width() - 2


def inspector_ids(win) -> list[str]:  # type: ignore[no-untyped-def]
    return list(win.inspector.element_ids)


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_a_tier_and_a_bundle_show_every_field_at_1280_by_720(  # type: ignore[no-untyped-def]
        request, real_window_factory, laptop_screen, tmp_path: Path,  # noqa: F811
        language: str) -> None:
    """English in the default sans-serif font, Chinese in the CJK one a Chinese locale
    gets from fontconfig."""
    from gui.i18n import LANGUAGE_KEY, installer

    if language != "en":
        request.getfixturevalue("cjk_font")

    QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat).setValue(
        LANGUAGE_KEY, language)
    try:
        win = real_window_factory(None)
        settle()
        design = win.document.design
        for kind in (SwitchTier, LinkBundle):
            element = next(e for e in design.all_elements() if isinstance(e, kind))
            win.scene.select_ids([element.id])
            settle()
            if inspector_ids(win) != [element.id]:
                # the wire layer draws the bundles of a zoomed-out campus (their own
                # items are hidden, so not selectable): the selection's path from here
                win.inspector.show_ids([element.id])
                settle()
            inspector = win.inspector
            assert inspector.element_ids == [element.id], kind.__name__
            viewport = inspector.viewport()
            assert viewport.isVisible()
            assert len(inspector.fields) == 6, kind.__name__
            for name, field in inspector.fields.items():
                editor = field.editor
                box = rect_in(editor, viewport)
                assert viewport.rect().contains(box), (
                    f"{language} {kind.__name__}: {name} at {box} is outside the visible"
                    f" {viewport.rect()}")
                text, room = text_room(editor)
                needed = editor.fontMetrics().horizontalAdvance(text)
                if isinstance(editor, QComboBox) and needed > room:
                    # a part's name longer than any panel: elided, whole in its tooltip
                    assert editor.toolTip() == text, name
                    assert room >= 150, f"{language} {name}: {room} px for {text!r}"
                    continue
                assert needed <= room, f"{language} {kind.__name__}: {name} {text!r} " \
                                       f"needs {needed} px, has {room}"
        # the headline figures stay in sight under it; the Jobs table went behind the
        # problems list (reachable, and no tab bar in the right-hand column)
        for key, label in win.metrics_dock.labels.items():
            box = rect_in(label, win)
            assert label.isVisible() and win.rect().contains(box), f"{language} {key} {box}"
            assert box.bottom() < win.statusBar().geometry().top(), key
        assert win.docks["jobs"] in win.tabifiedDockWidgets(win.docks["problems"])
        # the palette's and the legend's words are whole (wrapped, never cut), in either
        # language: the checks of the English window, on this one
        from tests.gui.test_inspector_fit import test_legend_and_palette_show_their_text_whole

        test_legend_and_palette_show_their_text_whole(win)
    finally:
        installer(QApplication.instance()).remove()  # type: ignore[arg-type]
