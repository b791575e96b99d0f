"""Staged drawing: how much of one turn of the event loop the canvas may spend drawing
items whose pictures are cached (zoomed-out island blocks and buildings, rack-group and
tier cards), so that a zoom or a fit to view that shows a hundred blocks at a new size
does not draw them all in one paint.

Such an item is painted only to make its cached picture (a repaint of a picture it has
copies pixels and does not call it). It asks :meth:`PaintBudget.allows` first: within
the turn's allowance it draws; past it, it draws nothing now and is repainted in the
next turn, which has an allowance of its own. A turn is counted from the moment the
event loop woke up for it (the event dispatcher's ``awake``), so what ran before the
paint in the same turn (a slice of bundle routing, the edit itself) is counted too.
Pictures made with :meth:`DesignScene.render` (exports) are never staged.

Qt paints in the turn *after* the one in which the scene changed (the repaint is a
posted event, handled before the timers of the next turn, and no input is handled
between them), so the scene's own work since its last paint counts too: the scene says
when it starts work (:meth:`PaintBudget.work_began`: an edit it follows, a change of
zoom, a slice of routing), the view says when it has painted (:meth:`PaintBudget.painted`),
and a paint's allowance is what is left after both. A slice of routing that comes after
an edit or a paint in the same turn counts what they took (:meth:`PaintBudget.turn_spent`),
so an edit, a slice and the paint that shows them stay together inside the budget.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import QAbstractEventDispatcher, QObject, QTimer
from PySide6.QtWidgets import QGraphicsItem
from shiboken6 import isValid

STAGE_S = 0.008
"""From the start of a turn of the event loop (or of the scene's work the paint shows),
how long (CPU seconds of the GUI thread) items may go on laying out text; the stand-ins
of the items put off and the rest of the paint come on top (10–17 ms on a fit to view of
SuperPOD 144 or the 1M campus at load 5), so that the turn stays well inside the 50 ms
budget of DESIGN §4 (12 ms left fits to view at 38–42 ms under that load)."""

CONFIRM_MS = 20
"""After asking the items put off to repaint, how long until the budget looks whether
any was put off again (:meth:`PaintBudget.pending` stays true meanwhile)."""


class PaintBudget(QObject):
    """The text-layout allowance of one scene's paints, turn by turn of the event
    loop, and the items waiting for the next turn."""

    def __init__(self, parent: QObject | None = None, allowance_s: float = STAGE_S,
                 clock: Callable[[], float] = time.thread_time) -> None:
        super().__init__(parent)
        self.allowance_s = allowance_s
        self.clock = clock
        """Measures the allowance (the GUI thread's CPU time: the machine's other
        processes do not eat into it). A parameter so a test can choose it."""
        self.enabled = True
        self.deferred = 0
        """Items put off to a later turn so far (for tests and the benchmark)."""
        self._turn_start: float | None = None
        self._allowed = 0
        self._turns = 0
        """Turns of the event loop seen (to tell whether the scene's work is recent)."""
        self._work: dict[int, float] = {}
        """When the scene began work that no paint has shown yet, by turn (the first
        work of each turn; emptied by a paint)."""
        dispatcher = QAbstractEventDispatcher.instance(self.thread())
        if dispatcher is not None:
            dispatcher.awake.connect(self._woke)
        self._waiting: dict[int, QGraphicsItem] = {}
        self._next_turn = QTimer(self)
        self._next_turn.setSingleShot(True)
        self._next_turn.timeout.connect(self._new_turn)

    def allows(self, item: QGraphicsItem) -> bool:
        """True when ``item`` may draw itself now; otherwise it is repainted in a later
        turn of the event loop (and should draw nothing now: its picture is made then)."""
        if not self.enabled:
            return True
        now = self.clock()
        if self._turn_start is None:  # no event loop has run yet
            self._turn_start = now
        if self._spent(now) < self.allowance_s or not self._allowed:
            self._allowed += 1  # at least one item a turn: every item is drawn in the end
            return True
        self.deferred += 1
        self._waiting[id(item)] = item
        self._next_turn.start(0)
        return False

    def _spent(self, now: float) -> float:
        """Seconds of the clock the paint under way follows: since the turn started or
        since the scene began the work it shows in the turn before, whichever is
        earlier."""
        start = self._turn_start if self._turn_start is not None else now
        for turn, began in self._work.items():
            if turn >= self._turns - 1:
                start = min(start, began)
        return now - start

    def work_began(self) -> None:
        """The scene starts work that its next paint shows (an edit it follows, a new
        zoom, a slice of routing): that paint's allowance counts from here (unless work
        began earlier in the same turn and no paint came between)."""
        if self._turns not in self._work:
            self._work = {turn: began for turn, began in self._work.items()
                          if turn >= self._turns - 1}
            self._work[self._turns] = self.clock()

    def turn_spent(self) -> float:
        """Seconds of the clock since this turn of the event loop started (what ran
        before in it: a paint, an edit)."""
        now = self.clock()
        return 0.0 if self._turn_start is None else now - self._turn_start

    def painted(self) -> None:
        """The view has painted: the scene's work so far is on show."""
        self._work = {}

    def _woke(self) -> None:
        """The event loop woke up: a new turn starts now."""
        self._turn_start = self.clock()
        self._allowed = 0
        self._turns += 1

    def pending(self) -> bool:
        """True while some item waits to be drawn whole (until a turn after the last
        items put off were asked to repaint has found nothing more to put off)."""
        return bool(self._waiting) or self._next_turn.isActive()

    def _new_turn(self) -> None:
        waiting, self._waiting = list(self._waiting.values()), {}
        for item in waiting:
            if isValid(item) and item.scene() is not None:
                item.update()
        if waiting:  # look again once they have been repainted
            self._next_turn.start(CONFIRM_MS)
