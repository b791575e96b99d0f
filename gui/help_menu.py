"""The Help menu: the user guide (the shipped ``docs/`` rendered from Markdown, links
between them working), a table of keyboard shortcuts read from the window's own actions
(so it cannot go stale), and About: the version, Qt and Python versions, and where the
recovery files and the settings live (asked of the autosave module and QSettings)."""

from __future__ import annotations

import platform
import tomllib
from collections.abc import Callable
from importlib import metadata
from pathlib import Path
from typing import TYPE_CHECKING

import PySide6
from PySide6.QtCore import QSettings, Qt, QUrl, qVersion
from PySide6.QtGui import QAction, QKeySequence, QResizeEvent, QTextCursor, QTextDocument
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QMenu,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from gui.i18n import current_language, translate

if TYPE_CHECKING:
    from gui.main_window import MainWindow

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
"""The shipped documentation."""
USER_GUIDE = DOCS / "user-guide.md"
GUIDES = {"zh_CN": DOCS / "zh" / "README.md"}
"""The user guide in another language than English, by interface language."""


def user_guide() -> Path:
    """The user guide in the interface language (English when there is none)."""
    guide = GUIDES.get(current_language())
    return guide if guide is not None and guide.is_file() else USER_GUIDE


def app_version() -> str:
    """Archipelago's version: the installed package's metadata, else pyproject.toml."""
    try:
        return metadata.version("archipelago")
    except metadata.PackageNotFoundError:
        pass
    try:
        with (ROOT / "pyproject.toml").open("rb") as handle:
            return str(tomllib.load(handle)["project"]["version"])
    except (OSError, KeyError, tomllib.TOMLDecodeError):
        return "unknown"


def recovery_folder(window: MainWindow) -> Path:
    """Where this window's autosave writes its recovery files."""
    files = getattr(window, "file_actions", None)
    autosaver = getattr(files, "autosaver", None)
    if autosaver is not None:
        return Path(autosaver.store.folder)
    from gui.autosave import default_recovery_folder

    return default_recovery_folder()


def settings_location(settings: QSettings) -> str:
    """Where the settings are kept: a file, or (Windows) a registry key."""
    return settings.fileName()


def about_text(window: MainWindow) -> str:
    """The About box's text (HTML)."""
    return (
        f"<h3>Archipelago {app_version()}</h3>"
        + translate("HelpActions", "<p>Draw AI training clusters while bisection bandwidth, "
                    "hop counts and power are computed live.</p>")
        + f"<p>Qt {qVersion()} · PySide6 {PySide6.__version__} · Python"
        f" {platform.python_version()} · {platform.system()}</p>"
        + translate("HelpActions", "<p><b>Recovery files</b> (unsaved work, every 30 s):"
                    "<br><code>{path}</code></p>").format(
            path=_html(str(recovery_folder(window))))
        + translate("HelpActions", "<p><b>Settings</b> (window layout, theme, recent files):"
                    "<br><code>{path}</code></p>").format(
            path=_html(settings_location(window.settings)))
        + translate("HelpActions", "<p><b>Documentation</b>:<br><code>{path}</code></p>"
                    ).format(path=_html(str(DOCS))))


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def shortcut_rows(window: MainWindow) -> list[tuple[str, str, str]]:
    """(menu, command, keys) for every action of the window's menus that has a
    shortcut, in menu order."""
    rows: list[tuple[str, str, str]] = []
    # Undo and Redo carry the step they would take ("Undo Paste rack group …"): the
    # table names the command, not the step.
    plain = {window.undo_action: translate("MainWindow", "&Undo"),
             window.redo_action: translate("MainWindow", "&Redo")}

    def walk(menu: QMenu, path: str) -> None:
        for action in menu.actions():
            sub = action.menu()
            if isinstance(sub, QMenu):
                walk(sub, f"{path} › {action.text().replace('&', '')}")
            elif action.shortcuts():
                keys = ", ".join(k.toString(QKeySequence.SequenceFormat.NativeText)
                                 for k in action.shortcuts())
                text = plain.get(action, action.text())
                rows.append((path, text.replace("&", ""), keys))

    for top in window.menuBar().actions():
        menu = top.menu()
        if isinstance(menu, QMenu):
            walk(menu, top.text().replace("&", ""))
    return rows


class ShortcutsDialog(QDialog):
    """Every keyboard shortcut of the window, as its menus define them."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.setWindowTitle(self.tr("Keyboard Shortcuts"))
        rows = shortcut_rows(window)
        self.table = QTableWidget(len(rows), 3, self)
        self.table.setHorizontalHeaderLabels([self.tr("Menu"), self.tr("Command"),
                                              self.tr("Keys")])
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        for r, row in enumerate(rows):
            for c, text in enumerate(row):
                self.table.setItem(r, c, QTableWidgetItem(text))
        self.table.resizeColumnsToContents()
        self.table.horizontalHeader().setStretchLastSection(True)
        note = QLabel(self.tr("Also: wheel zooms at the mouse; the middle button pans; Esc "
                              "cancels a gesture; arrows nudge only while the canvas has the "
                              "keyboard."))
        note.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table)
        layout.addWidget(note)
        layout.addWidget(buttons)
        self.resize(620, 640)


class AboutDialog(QDialog):
    """Version and where things are kept; the paths can be selected and copied."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.setWindowTitle(self.tr("About Archipelago"))
        self.label = QLabel(about_text(window), self)
        self.label.setTextFormat(Qt.TextFormat.RichText)
        self.label.setWordWrap(True)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok, self)
        buttons.accepted.connect(self.accept)
        layout = QVBoxLayout(self)
        layout.addWidget(self.label)
        layout.addWidget(buttons)
        self.setMinimumWidth(520)


class _Browser(QTextBrowser):
    """A text browser that says when its page's width changes. The guide window's own
    resize comes before its children are laid out (when it is first shown, the page
    is still its default 100 pixels wide), so the pictures are fitted here."""

    resized: Callable[[], None] | None = None

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.resized is not None and event.size().width() != event.oldSize().width():
            self.resized()


GUIDE_SIZE = (900, 760)
"""The guide window's size on a screen with room for it; on a smaller one, nine tenths of
the screen's room each way."""


class GuideWindow(QWidget):
    """The user guide and the other docs, rendered from their Markdown; relative links
    open the linked page, web links the browser."""

    def __init__(self, window: MainWindow, page: Path | None = None) -> None:
        super().__init__(window, Qt.WindowType.Window)
        self.setWindowTitle(self.tr("Archipelago User Guide"))
        self.browser = _Browser(self)
        self.browser.resized = self.fit_images
        self.browser.setOpenExternalLinks(True)
        self.browser.setSearchPaths([str(DOCS)])
        back = QPushButton(self.tr("Back"), self)
        back.clicked.connect(self.browser.backward)
        self.browser.backwardAvailable.connect(back.setEnabled)
        back.setEnabled(False)
        home = QPushButton(self.tr("User Guide"), self)
        home.clicked.connect(lambda: self.open_page(user_guide()))
        row = QHBoxLayout()
        row.addWidget(back)
        row.addWidget(home)
        row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(self.browser)
        self.browser.sourceChanged.connect(lambda _url: self.fit_images())
        from gui.dock_layout import screen_size

        room = screen_size(window)
        width, height = GUIDE_SIZE
        if room is not None:  # a 1280×720 laptop: the window keeps inside the screen
            width, height = min(width, room.width() * 9 // 10), min(height, room.height() * 9 // 10)
        self.resize(width, height)
        self.open_page(page if page is not None else user_guide())

    def fit_images(self) -> None:
        """Show each picture at its own width or the page's, whichever is smaller (the
        docs' screenshots are taken at 1920 pixels), keeping its proportions; called
        again whenever the page's width changes, so a picture fitted to a narrow page
        grows back when the page widens."""
        document = self.browser.document()
        limit = max(200, self.browser.viewport().width() - 40)
        cursor = QTextCursor(document)
        block = document.begin()
        while block.isValid():
            it = block.begin()
            while not it.atEnd():
                fragment = it.fragment()
                image = fragment.charFormat().toImageFormat()
                if fragment.charFormat().isImageFormat():
                    picture = document.resource(
                        QTextDocument.ResourceType.ImageResource.value, QUrl(image.name()))
                    width = float(getattr(picture, "width", lambda: 0)())
                    height = float(getattr(picture, "height", lambda: 0)())
                    shown = min(width, limit)
                    if height and abs(image.width() - shown) > 0.5:
                        image.setWidth(shown)
                        image.setHeight(height * shown / width)
                        cursor.setPosition(fragment.position())
                        cursor.setPosition(fragment.position() + fragment.length(),
                                           QTextCursor.MoveMode.KeepAnchor)
                        cursor.setCharFormat(image)
                it += 1
            block = block.next()

    def open_page(self, page: Path) -> None:
        """Show ``page`` (a Markdown file), or say that the docs are not installed."""
        if not page.is_file():
            self.browser.setHtml(self.tr(
                "<h2>The documentation is not installed</h2><p>Expected <code>{path}</code>. "
                "The guide is also at the project's repository, in <code>docs/</code>.</p>"
            ).format(path=_html(str(page))))
            return
        self.browser.setSource(QUrl.fromLocalFile(str(page)),
                               QTextDocument.ResourceType.MarkdownResource)


class HelpActions:
    """The Help menu of one window."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self.guide: GuideWindow | None = None
        menu = window.menu("Help")
        self.guide_action = window._action("Help", translate("HelpActions", "&User Guide"),
                                           self.show_guide,
                                           shortcut=QKeySequence.StandardKey.HelpContents,
                                           tip=translate("HelpActions", "Open the user guide"))
        self.shortcuts_action = window._action(
            "Help", translate("HelpActions", "&Keyboard Shortcuts"), self.show_shortcuts,
            shortcut="Ctrl+/",
            tip=translate("HelpActions", "Every keyboard shortcut of the window"))
        menu.addSeparator()
        self.about_action = QAction(translate("HelpActions", "&About Archipelago"), window)
        self.about_action.setMenuRole(QAction.MenuRole.AboutRole)
        self.about_action.triggered.connect(self.show_about)
        menu.addAction(self.about_action)

    def show_guide(self) -> GuideWindow:
        """Open (or bring forward) the user guide window."""
        if self.guide is None:
            self.guide = GuideWindow(self.window)
        self.guide.show()
        self.guide.raise_()
        self.guide.activateWindow()
        return self.guide

    def show_shortcuts(self) -> ShortcutsDialog:
        """Show the shortcuts table (not modal)."""
        dialog = ShortcutsDialog(self.window)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.show()
        return dialog

    def show_about(self) -> AboutDialog:
        """Show the About box (not modal)."""
        dialog = AboutDialog(self.window)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.show()
        return dialog
