"""The Qt bridge between a :class:`~model.design.Design` and the GUI.

A :class:`DesignDocument` owns the current design, its undo stack and its file path. It
subscribes to the design's pure-Python notifications (:mod:`model.events`) and re-emits
each as a Qt signal, so the canvas, inspector and metrics follow the model and never the
commands. Every edit goes through :meth:`DesignDocument.execute`, which applies a command
once to check that the model accepts it and only then puts it on the undo stack: a refused
edit leaves neither a change nor an undo step behind.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from gui.i18n import current_language, translate
from model.design import Design
from model.events import (
    CatalogChanged,
    DesignEvent,
    DesignReset,
    ElementAdded,
    ElementChanged,
    ElementRemoved,
    ElementsMoved,
    SettingsChanged,
)
from model.names import untitled


class DesignDocument(QObject):
    """The open design: its content, undo history, file path and "modified" state."""

    element_added = Signal(str, str)
    """kind, element id."""
    element_removed = Signal(str, str)
    """kind, element id."""
    element_changed = Signal(str, str, object)
    """kind, element id, frozenset of changed field names."""
    elements_moved = Signal(object)
    """Several elements moved in one gesture: a tuple of (kind, element id)."""
    catalog_changed = Signal()
    settings_changed = Signal(object)
    """frozenset of changed setting names."""
    reset = Signal()
    """The whole design was replaced (a file was loaded)."""
    changed = Signal()
    """Anything in the design changed (after the specific signal)."""
    path_changed = Signal(object)
    """The file path (``pathlib.Path`` or None)."""
    modified_changed = Signal(bool)

    def __init__(self, design: Design | None = None, path: str | Path | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._design = design if design is not None else Design(
            name=untitled(current_language()))
        self._path: Path | None = Path(path) if path is not None else None
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self._clean_changed)
        self._design.subscribe(self._on_event)

    def _clean_changed(self, clean: bool) -> None:
        self.modified_changed.emit(not clean)

    # ----------------------------------------------------------------- access
    @property
    def design(self) -> Design:
        """The design being edited (the same object for the document's whole life)."""
        return self._design

    @property
    def path(self) -> Path | None:
        """The file the design was loaded from or last saved to, or None."""
        return self._path

    def is_modified(self) -> bool:
        """True when there are edits since the last load or save."""
        return not self.undo_stack.isClean()

    def display_name(self) -> str:
        """The file name, or the design's own name for a design never saved."""
        if self._path is not None:
            return self._path.name
        return translate("DesignDocument", "{name} (not saved)").format(name=self.design.name)

    # ------------------------------------------------------------------ edits
    def execute(self, command: object) -> None:
        """Apply ``command`` (a :class:`gui.commands.DesignCommand`) and record it for
        undo. Raises :class:`~model.errors.DesignError` when the model refuses; the
        design is then exactly as before and nothing is recorded."""
        from gui.commands import DesignCommand

        if not isinstance(command, DesignCommand):
            raise TypeError("execute() takes a DesignCommand")
        command.apply_first()
        self.undo_stack.push(command)

    # ------------------------------------------------------------ files hooks
    def load(self, design: Design, path: str | Path | None = None) -> None:
        """Replace the content with ``design`` (e.g. a file just opened), forget the
        undo history and mark the document clean."""
        self.undo_stack.clear()
        self._design.replace_content(design)
        self._set_path(path)
        self.undo_stack.setClean()
        self.modified_changed.emit(False)

    def mark_saved(self, path: str | Path) -> None:
        """Record that the design was saved to ``path``: it becomes the document's path
        and the current state the clean one."""
        self._set_path(path)
        self.undo_stack.setClean()

    def _set_path(self, path: str | Path | None) -> None:
        new = Path(path) if path is not None else None
        if new != self._path:
            self._path = new
            self.path_changed.emit(new)

    def close(self) -> None:
        """Stop following the design (call when the window closes)."""
        self._design.unsubscribe(self._on_event)

    # ---------------------------------------------------------- notifications
    def _on_event(self, event: DesignEvent) -> None:
        if isinstance(event, ElementAdded):
            self.element_added.emit(event.kind, event.element_id)
        elif isinstance(event, ElementRemoved):
            self.element_removed.emit(event.kind, event.element_id)
        elif isinstance(event, ElementChanged):
            self.element_changed.emit(event.kind, event.element_id, event.fields)
        elif isinstance(event, ElementsMoved):
            self.elements_moved.emit(event.moved)
        elif isinstance(event, CatalogChanged):
            self.catalog_changed.emit()
        elif isinstance(event, SettingsChanged):
            self.settings_changed.emit(event.fields)
        elif isinstance(event, DesignReset):
            self.reset.emit()
        self.changed.emit()
