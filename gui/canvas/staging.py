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
"""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import QAbstractEventDispatcher, QObject, QTimer
from PySide6.QtWidgets import QGraphicsItem
from shiboken6 import isValid

STAGE_S = 0.012
"""From the start of a turn of the event loop, how long (CPU seconds of the GUI thread)
items may go on laying out text; the frames of the items put off and the rest of the
paint come on top, so that the turn stays inside the 50 ms budget of DESIGN §4."""

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
        if now - self._turn_start < self.allowance_s or not self._allowed:
            self._allowed += 1  # at least one item a turn: every item is drawn in the end
            return True
        self.deferred += 1
        self._waiting[id(item)] = item
        self._next_turn.start(0)
        return False

    def _woke(self) -> None:
        """The event loop woke up: a new turn starts now."""
        self._turn_start = self.clock()
        self._allowed = 0

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
