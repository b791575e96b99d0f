"""Autosave and crash recovery for the open design (the Qt part; the files themselves
are :mod:`model.recovery`).

While the document has unsaved changes, :class:`Autosaver` writes the design to this
process's recovery file every 30 seconds (atomically, and only when something changed
since the last write), in a thread of its own: the editor takes a copy of the design
(3 ms for a Dragonfly+ k = 128) and goes on while the copy is written (writing its
2,210 bundles as JSON took 40 ms of the editor's time, DESIGN §4 allows 50). A save
(the document turning clean) or a clean exit removes the file. At the next start after a
crash, :func:`offer_recovery` finds recovery files whose process is gone and asks
whether to restore the newest one.

The recovery folder is the platform's application-data folder (``recovery/`` inside
``QStandardPaths.AppDataLocation``), or ``$ARCHIPELAGO_RECOVERY_DIR`` when set.
"""

from __future__ import annotations

import threading
from pathlib import Path

from PySide6.QtCore import QObject, QStandardPaths, QTimer, Signal
from PySide6.QtWidgets import QMessageBox, QWidget

from gui.document import DesignDocument
from gui.i18n import current_language, translate
from model.errors import ArchipelagoError
from model.recovery import (
    RecoveryEntry,
    RecoveryStore,
    discard_entry,
    load_entry,
    orphaned_entries,
    recovery_dir,
)

AUTOSAVE_INTERVAL_MS = 30_000
"""How often unsaved changes are written to the recovery file (30 s)."""


def default_recovery_folder() -> Path:
    """The recovery folder: ``$ARCHIPELAGO_RECOVERY_DIR``, else ``recovery/`` in the
    application-data folder."""
    location = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    base = Path(location) if location else Path.home() / ".archipelago"
    return recovery_dir(base / "recovery")


class Autosaver(QObject):
    """Writes the document's design to a recovery file while it has unsaved changes."""

    failed = Signal(str)
    """A recovery file could not be written; the message says why (for the status bar)."""
    written = Signal(str)
    """A recovery file was written; its path."""
    _wrote = Signal(int, str)
    """From the writing thread: the revision written and the error ("" when none)."""

    def __init__(
        self,
        document: DesignDocument,
        folder: str | Path | None = None,
        interval_ms: int = AUTOSAVE_INTERVAL_MS,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent if parent is not None else document)
        self.document = document
        self.store = RecoveryStore(folder if folder is not None else default_recovery_folder())
        self._written_revision: int | None = None
        self._writing: threading.Thread | None = None
        self._wrote.connect(self._after_write)  # queued: emitted by the writing thread
        self.timer = QTimer(self)
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self.autosave_soon)
        self.timer.start()
        document.modified_changed.connect(self._on_modified_changed)
        document.reset.connect(self._on_reset)

    def _due(self) -> bool:
        """True when there are unsaved changes not yet written."""
        if not self.document.is_modified():
            return False
        return not (self.document.design.revision == self._written_revision
                    and self.store.exists())

    def autosave_soon(self) -> bool:
        """The timer's write: if there are unsaved changes not yet written, a copy of
        the design is written by a thread of its own (``written`` or ``failed`` follow).
        True when a write was started."""
        if self.writing() or not self._due():
            return False
        design = self.document.design.copy()
        source = self.document.path
        revision = self.document.design.revision

        def write() -> None:
            try:
                self.store.write(design, source)
            except (ArchipelagoError, OSError) as error:
                self._wrote.emit(revision, str(error) or type(error).__name__)
                return
            self._wrote.emit(revision, "")

        self._writing = threading.Thread(target=write, name="autosave", daemon=True)
        self._writing.start()
        return True

    def writing(self) -> bool:
        """True while the writing thread runs."""
        return self._writing is not None and self._writing.is_alive()

    def _wait(self) -> None:
        """Let a write under way end (before the files are written or removed here)."""
        if self._writing is not None:
            self._writing.join()

    def _after_write(self, revision: int, error: str) -> None:
        if error:
            self.failed.emit(self.tr("Autosave failed: {error}").format(error=error))
            return
        if self.store.exists():  # not removed meanwhile by a save
            self._written_revision = revision
            self.written.emit(str(self.store.design_path))

    def autosave_now(self) -> bool:
        """Write the recovery file now, in this thread, if there are unsaved changes not
        yet written; returns True when a file was written. A failure is announced, never
        raised."""
        self._wait()
        if not self._due():
            return False
        revision = self.document.design.revision
        try:
            self.store.write(self.document.design, self.document.path)
        except (ArchipelagoError, OSError) as error:
            self.failed.emit(self.tr("Autosave failed: {error}").format(error=error))
            return False
        self._written_revision = revision
        self.written.emit(str(self.store.design_path))
        return True

    def discard(self) -> None:
        """Remove the recovery file (after a save, or on a clean exit; a write under
        way ends first, so it cannot bring the file back)."""
        self._wait()
        self.store.remove()
        self._written_revision = None

    def shutdown(self) -> None:
        """A clean exit: stop the timer and remove the recovery file."""
        self.timer.stop()
        self.discard()

    def _on_modified_changed(self, modified: bool) -> None:
        if not modified:
            self.discard()

    def _on_reset(self) -> None:
        if not self.document.is_modified():
            self.discard()


def restore_entry(
    document: DesignDocument, entry: RecoveryEntry, autosaver: Autosaver | None = None
) -> None:
    """Load a recovery file into ``document`` as unsaved changes to its original file
    (so Save writes them there), then delete the recovery file — after ``autosaver``
    has written the content to this session's own recovery file, so a second crash
    loses nothing. Raises ``ArchipelagoError`` when the file is damaged; the document
    is then unchanged."""
    design = load_entry(entry)
    document.load(design, entry.source_path)
    # The restored content differs from what is on disk: mark it modified.
    document.undo_stack.resetClean()
    document.modified_changed.emit(True)
    if autosaver is not None and not autosaver.autosave_now():
        return  # keep the old recovery file: ours could not be written
    discard_entry(entry)


def set_aside(entry: RecoveryEntry) -> Path:
    """Rename a damaged recovery file to ``….damaged`` so it is no longer offered but is
    kept for the user; returns its new path."""
    target = entry.design_path.with_name(entry.design_path.name + ".damaged")
    try:
        entry.design_path.replace(target)
    except OSError:
        return entry.design_path
    discard_entry(entry)
    return target


def offer_recovery(
    parent: QWidget | None,
    document: DesignDocument,
    autosaver: Autosaver | None = None,
    ask: bool = True,
) -> RecoveryEntry | None:
    """After a crash: offer to restore the newest orphaned recovery file (in the
    ``autosaver``'s folder, else the default one) into ``document``. Returns the
    restored entry, or None. Older orphans are offered one after another; a refused one
    is deleted, a damaged one set aside. ``ask=False`` restores without asking (for
    tests and scripts)."""
    where = autosaver.store.folder if autosaver is not None else default_recovery_folder()
    for entry in orphaned_entries(where):
        if ask:
            answer = QMessageBox.question(
                parent,
                translate("Autosave", "Restore unsaved work?"),
                translate("Autosave", "Archipelago did not close properly last time. Unsaved "
                          "changes were kept:\n\n{entry}\n\nRestore them?").format(
                    entry=entry.describe(current_language())),
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Discard,
                QMessageBox.StandardButton.Yes,
            )
            if answer != QMessageBox.StandardButton.Yes:
                discard_entry(entry)
                continue
        try:
            restore_entry(document, entry, autosaver)
        except ArchipelagoError as error:
            kept = set_aside(entry)
            if ask:
                QMessageBox.warning(
                    parent,
                    translate("Autosave", "Cannot restore"),
                    translate("Autosave", "The recovery file cannot be read:\n{error}\n\nIt "
                              "was kept as {kept}.").format(error=error, kept=kept),
                )
            continue
        return entry
    return None
