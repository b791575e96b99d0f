"""View › Language: choose the interface language (remembered in the settings).

Every text of the window is translated when it is built, so a switch builds the window
again in the new language on the same design: the design object itself, its file, its
"modified" state, the window's layout and the figures go over; only the undo history
starts afresh (the dialog says so). The user may also keep the window as it is; the
language is then used from the next start.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QApplication, QMessageBox

from gui.i18n import LANGUAGE_KEY, LANGUAGES, current_language, installer

if TYPE_CHECKING:
    from gui.main_window import MainWindow

REOPENED: list[MainWindow] = []
"""Windows built by a language switch: the Python reference that keeps each alive (the
application's start-up holds the first window's), dropped when the window is destroyed."""


class LanguageMenu(QObject):
    """The Language submenu of one window's View menu."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        window.menu("View").addSeparator()
        self.menu = window.menu("View").addMenu(self.tr("&Language"))
        self.menu.setObjectName("menu-language")
        self.group = QActionGroup(self)
        self.actions: dict[str, QAction] = {}
        now = current_language()
        for code, name in LANGUAGES.items():
            action = QAction(name, window)  # each language named in its own words
            action.setObjectName(f"language-{code}")
            action.setCheckable(True)
            action.setChecked(code == now)
            action.setStatusTip(self.tr("Show the interface in {language}").format(
                language=name))
            action.triggered.connect(lambda _checked=False, c=code: self.choose(c))
            self.group.addAction(action)
            self.menu.addAction(action)
            self.actions[code] = action

    def ask_reopen(self, code: str) -> bool:
        """Ask whether to rebuild the window in ``code`` now (True) or at the next
        start (False)."""
        buttons = QMessageBox.StandardButton
        answer = QMessageBox.question(
            self.window, self.tr("Language"),
            self.tr("Show the interface in {language} now? The window opens again on the "
                    "same design (unsaved changes are kept); the undo history starts "
                    "afresh. Otherwise the language is used from the next start.").format(
                language=LANGUAGES[code]),
            buttons.Yes | buttons.No, buttons.Yes)
        return answer == buttons.Yes

    def choose(self, code: str) -> MainWindow | None:
        """Remember ``code`` as the interface language and, if the user agrees, reopen
        the window in it; returns the new window, or None when the window stays."""
        self.window.settings.setValue(LANGUAGE_KEY, code)
        if code == current_language():
            return None
        if not self.ask_reopen(code):
            self.actions[current_language()].setChecked(True)
            self.window.show_status(self.tr(
                "The interface will be in {language} from the next start").format(
                language=LANGUAGES[code]))
            return None
        return reopen_in_language(self.window, code)


def reopen_in_language(window: MainWindow, code: str) -> MainWindow:
    """Install ``code``'s translators and build the window again on the same design:
    same file, same modified state, same layout and time limit; the old window closes
    without asking (its unsaved changes live on in the new one) and is deleted."""
    from gui.main_window import open_window

    app = QApplication.instance()
    assert isinstance(app, QApplication), "a language switch needs the QApplication"
    installer(app).install(code)
    old = window
    settings = old.settings
    old.remember_geometry()  # the new window is built where the old one is
    settings.setValue("state", old.saveState())
    document = old.document
    modified = document.is_modified()
    compute = old.runner.compute
    if getattr(compute, "__self__", None) is old.runner:  # the runner's own engine
        compute = None  # type: ignore[assignment]
    new = open_window(document.design, str(document.path) if document.path else None,
                      old.catalog, settings, compute)
    keep_geometry(old, new)
    new.runner.time_limit_s = old.runner.time_limit_s
    if modified:
        new.document.undo_stack.resetClean()
        new.document.modified_changed.emit(True)
    REOPENED.append(new)
    new.destroyed.connect(lambda *_a, w=new: _forget(w))
    document.undo_stack.clear()  # nothing left to ask about: the new window has it
    document.undo_stack.setClean()  # (clear() keeps an empty stack's "never clean")
    old.close()
    old.deleteLater()
    if modified:
        autosaver = getattr(getattr(new, "file_actions", None), "autosaver", None)
        if autosaver is not None:
            autosaver.autosave_now()
    new.raise_()
    new.activateWindow()
    return new


def keep_geometry(old: MainWindow, new: MainWindow) -> None:
    """Give ``new`` the place and size of ``old`` (maximized if it was), within the
    screen. Restoring the saved geometry guessed the frame: without a window manager the
    window came back moved and resized (1280×750 on a 1280×720 screen)."""
    from gui.dock_layout import fit_to_screen

    if old.isMaximized() or old.isFullScreen():
        new.showMaximized()
    else:
        new.setGeometry(old.geometry())
    fit_to_screen(new)
    layout = new.layout()
    if layout is not None:
        layout.activate()
    new.view.fit_to_view()


def _forget(window: MainWindow) -> None:
    """Drop the reference to a window that was destroyed."""
    REOPENED[:] = [w for w in REOPENED if w is not window]


def install_language_menu(window: MainWindow) -> LanguageMenu:
    """Give ``window`` its View › Language submenu (kept as ``window.language_menu``)."""
    menu = LanguageMenu(window)
    window.language_menu = menu  # type: ignore[attr-defined]
    return menu
