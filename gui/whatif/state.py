"""The failures of the window's what-if: part of the view, not of the design.

:class:`FailureState` holds what is failed now. Changing it never edits the design, so
it neither dirties the file nor enters the undo stack; the window's metrics runner is
told (:meth:`gui.metrics_runner.MetricsRunner.set_failures`) and computes the figures on
what remains in the engine process. When an edit removes or shrinks a failed element,
the failures that no longer fit are dropped (and said so), rather than failing every
run after it; opening another design clears them.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QObject, Signal

from gui.document import DesignDocument
from gui.i18n import error_message
from gui.metrics_runner import MetricsRunner
from model.errors import DesignError
from model.failures import Failure, check_failures
from model.whatif import check_what_if


class FailureState(QObject):
    """What is failed in the window's what-if."""

    changed = Signal()
    """The failures changed (set, added, cleared or pruned)."""
    dropped = Signal(str)
    """A failure was dropped because the design no longer fits it: why, in words."""

    def __init__(self, document: DesignDocument, runner: MetricsRunner,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.runner = runner
        self.failures: tuple[Failure, ...] = ()
        document.changed.connect(self._prune)
        document.reset.connect(self.clear)

    def is_active(self) -> bool:
        """True while something is failed."""
        return bool(self.failures)

    def set_failures(self, failures: Sequence[Failure]) -> None:
        """Fail exactly ``failures`` (checked against the design first: a
        :class:`~model.errors.DesignError` leaves the state as it was)."""
        failures = tuple(failures)
        if failures:
            check_what_if(self.document.design, failures)
        if failures == self.failures:
            return
        self.failures = failures
        self.runner.set_failures(failures)
        self.changed.emit()

    def add(self, failure: Failure) -> None:
        """Fail ``failure`` too (replacing an earlier failure of the same element)."""
        kept = [f for f in self.failures if f.element != failure.element]
        self.set_failures((*kept, failure))

    def remove(self, element_id: str) -> None:
        """Bring ``element_id`` back (no failure of it any more)."""
        self.set_failures([f for f in self.failures if f.element != element_id])

    def clear(self) -> None:
        """The healthy view again."""
        self.set_failures(())

    def failure_of(self, element_id: str) -> Failure | None:
        """The failure of ``element_id`` now, if any."""
        return next((f for f in self.failures if f.element == element_id), None)

    def _prune(self) -> None:
        """After an edit: drop the failures the design no longer fits."""
        if not self.failures:
            return
        design = self.document.design
        kept: list[Failure] = []
        why: list[str] = []
        for failure in self.failures:
            try:
                check_failures(design, (*kept, failure))
            except DesignError as error:
                why.append(error_message(error))
            else:
                kept.append(failure)
        if why:
            try:
                check_what_if(design, kept)
            except DesignError as error:
                why.append(error_message(error))
                kept = []
            self.failures = tuple(kept)
            self.runner.set_failures(self.failures)
            self.changed.emit()
            self.dropped.emit("; ".join(why))
