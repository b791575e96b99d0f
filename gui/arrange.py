"""Arranging the selection: arrow keys nudge it (one undo step per burst of presses),
Align lines up the edges or centres of two or more elements, Distribute spaces three or
more evenly. Each is one undo step moving the elements through the model.

Geometry is taken from the canvas (each element's rectangle as drawn) and turned back
into positions in the element's container. Align and Distribute work on elements of one
container (rack groups and tiers of one island, islands of one building, buildings on the
campus): lined up across islands, an element would leave its island's frame.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QAction, QKeySequence, QUndoCommand

from gui.canvas.items.base import ElementItem
from gui.commands import DesignCommand, move_command
from gui.fragment import container_of, copied_roots
from gui.i18n import error_message, translate
from model.design import Design
from model.errors import DesignError

if TYPE_CHECKING:
    from gui.main_window import MainWindow

NUDGE_STEP = 10.0
"""Scene units an arrow key moves the selection (a quarter of the background grid)."""
NUDGE_STEP_LARGE = 40.0
"""Scene units Shift+arrow moves the selection (one grid square)."""
NUDGE_BURST_S = 1.5
"""Presses closer together than this merge into the previous nudge's undo step."""
NUDGE_ID = 0x4E55
"""The QUndoCommand id under which consecutive nudges merge."""


class NudgeCommand(DesignCommand):
    """Move elements by an offset; consecutive nudges of the same elements within a
    burst merge into one undo step that goes back to where the burst started."""

    def __init__(self, design: Design, ids: list[str], dx: float, dy: float,
                 clock: Callable[[], float] | None = None) -> None:
        super().__init__(design, "")
        self.start: dict[str, tuple[float, float]] = {}
        self.target: dict[str, tuple[float, float]] = {}
        for eid in ids:
            element = design.element(eid)
            x, y = float(getattr(element, "x", 0.0)), float(getattr(element, "y", 0.0))
            self.start[eid] = (x, y)
            self.target[eid] = (round(x + dx, 1), round(y + dy, 1))
        self.at = (clock or time.monotonic)()
        self._name_it()

    def _name_it(self) -> None:
        if len(self.target) == 1:
            element = self.design.element(next(iter(self.target)))
            self.setText(translate("Arrange", "Nudge {name}").format(
                name=element.name if element else translate("Arrange", "element")))
        else:
            self.setText(translate("Arrange", "Nudge {count} elements").format(
                count=len(self.target)))

    def _apply(self) -> None:
        self.design.move_many(self.target)  # all or nothing, announced once

    def _revert(self) -> None:
        self.design.move_many(self.start)

    def id(self) -> int:
        return NUDGE_ID

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, NudgeCommand) or set(other.target) != set(self.target):
            return False
        if other.at - self.at > NUDGE_BURST_S:
            return False
        self.target = dict(other.target)
        self.at = other.at
        return True


def movable_roots(window: MainWindow) -> list[str]:
    """The selected elements that have a position and whose container is not selected
    too (moving the container moves them)."""
    design = window.document.design
    return [eid for eid in copied_roots(design, window.scene.selected_ids())
            if hasattr(design.element(eid), "x")]


def _rects(window: MainWindow, ids: list[str]) -> dict[str, QRectF]:
    found: dict[str, QRectF] = {}
    for eid in ids:
        item = window.scene.item_for(eid)
        if isinstance(item, ElementItem) and item.isVisible():
            found[eid] = item.scene_rect()
    return found


def align_positions(rects: Mapping[str, QRectF], edge: str) -> dict[str, tuple[float, float]]:
    """Scene offsets (dx, dy) lining up ``edge`` ("left", "right", "hcentre", "top",
    "bottom", "vcentre") of every rectangle with that of the selection's bounding box."""
    box = QRectF()
    for rect in rects.values():
        box = box.united(rect)
    offsets: dict[str, tuple[float, float]] = {}
    for eid, r in rects.items():
        offsets[eid] = {
            "left": (box.left() - r.left(), 0.0),
            "right": (box.right() - r.right(), 0.0),
            "hcentre": (box.center().x() - r.center().x(), 0.0),
            "top": (0.0, box.top() - r.top()),
            "bottom": (0.0, box.bottom() - r.bottom()),
            "vcentre": (0.0, box.center().y() - r.center().y()),
        }[edge]
    return offsets


def distribute_positions(rects: Mapping[str, QRectF], horizontal: bool
                         ) -> dict[str, tuple[float, float]]:
    """Scene offsets making the gaps between neighbours equal, the first and last
    (leftmost/topmost by their near edge) staying where they are."""
    def near(r: QRectF) -> float:
        return r.left() if horizontal else r.top()

    def size(r: QRectF) -> float:
        return r.width() if horizontal else r.height()

    order = sorted(rects, key=lambda e: (near(rects[e]), e))
    first, last = rects[order[0]], rects[order[-1]]
    span = (near(last) + size(last)) - near(first)
    gap = (span - sum(size(rects[e]) for e in order)) / (len(order) - 1)
    offsets: dict[str, tuple[float, float]] = {}
    cursor = near(first)
    for eid in order:
        delta = cursor - near(rects[eid])
        offsets[eid] = (delta, 0.0) if horizontal else (0.0, delta)
        cursor += size(rects[eid]) + gap
    return offsets


class ArrangeActions:
    """Nudge, Align and Distribute for one window."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        menu = window.menu("Edit").addMenu(translate("Arrange", "A&rrange"))
        menu.setObjectName("menu-Arrange")
        self.menu = menu
        self.nudge_actions: list[QAction] = []
        for texts, key, dx, dy in (
                ((translate("Arrange", "Nudge Left"),
                  translate("Arrange", "Nudge Left (large step)")), "Left", -1, 0),
                ((translate("Arrange", "Nudge Right"),
                  translate("Arrange", "Nudge Right (large step)")), "Right", 1, 0),
                ((translate("Arrange", "Nudge Up"),
                  translate("Arrange", "Nudge Up (large step)")), "Up", 0, -1),
                ((translate("Arrange", "Nudge Down"),
                  translate("Arrange", "Nudge Down (large step)")), "Down", 0, 1)):
            for large in (False, True):
                step = NUDGE_STEP_LARGE if large else NUDGE_STEP
                action = QAction(texts[large], window)
                action.setShortcut(QKeySequence(("Shift+" if large else "") + key))
                # only while the canvas has the keyboard: arrows keep working in the
                # inspector's fields and the lists
                action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
                action.triggered.connect(
                    lambda _c=False, x=dx * step, y=dy * step: self.nudge(x, y))
                window.view.addAction(action)
                menu.addAction(action)
                self.nudge_actions.append(action)
        menu.addSeparator()
        self.align_actions: dict[str, QAction] = {}
        for edge, text in (("left", translate("Arrange", "Align &Left Edges")),
                           ("hcentre", translate("Arrange", "Align &Centres")),
                           ("right", translate("Arrange", "Align &Right Edges")),
                           ("top", translate("Arrange", "Align &Top Edges")),
                           ("vcentre", translate("Arrange", "Align &Middles")),
                           ("bottom", translate("Arrange", "Align &Bottom Edges"))):
            action = menu.addAction(text)
            action.triggered.connect(lambda _c=False, e=edge: self.align(e))
            self.align_actions[edge] = action
        menu.addSeparator()
        self.distribute_h = menu.addAction(translate("Arrange", "Distribute &Horizontally"))
        self.distribute_h.triggered.connect(lambda: self.distribute(True))
        self.distribute_v = menu.addAction(translate("Arrange", "Distribute &Vertically"))
        self.distribute_v.triggered.connect(lambda: self.distribute(False))

    def nudge(self, dx: float, dy: float) -> bool:
        """Move the selection by (dx, dy) scene units; True when it moved. With
        nothing selected the arrows scroll the canvas, as they did before."""
        ids = movable_roots(self.window)
        if not ids:
            self.window.view.scroll_by(round(dx * 4), round(dy * 4))
            return False
        document = self.window.document
        text = NudgeCommand(document.design, ids, 0, 0).text()
        try:
            # not view.execute: a nudge merged into the previous one is deleted by the
            # undo stack as soon as it is pushed, so nothing may touch it afterwards
            document.execute(NudgeCommand(document.design, ids, dx, dy))
        except DesignError as error:
            self.window.show_status(error_message(error))
            return False
        self.window.show_status(translate(
            "Arrange", "{step} (arrows move, Shift+arrows move further)").format(step=text))
        return True

    def _in_one_container(self) -> bool:
        """True when the selection stands in one container; else says why not (lined
        up across islands, an element would leave its island's frame)."""
        design = self.window.document.design
        places = {container_of(design, design.element(e))  # type: ignore[arg-type]
                  for e in movable_roots(self.window)}
        if len(places) > 1:
            self.window.show_status(translate(
                "Arrange", "Align and distribute work inside one island or building (or on "
                "buildings on the campus); the selection stands in {count} places").format(
                count=len(places)))
            return False
        return True

    def align(self, edge: str) -> bool:
        """Line up ``edge`` of the selected elements (two or more, in one container);
        True when moved."""
        rects = _rects(self.window, movable_roots(self.window))
        if len(rects) < 2:
            self.window.show_status(translate("Arrange", "Select two or more elements to align"))
            return False
        if not self._in_one_container():
            return False
        words = {"left": translate("Arrange", "Align left edges of {count} elements"),
                 "right": translate("Arrange", "Align right edges of {count} elements"),
                 "hcentre": translate("Arrange", "Align centres of {count} elements"),
                 "top": translate("Arrange", "Align top edges of {count} elements"),
                 "bottom": translate("Arrange", "Align bottom edges of {count} elements"),
                 "vcentre": translate("Arrange", "Align middles of {count} elements")}
        return self._move(align_positions(rects, edge), words[edge].format(count=len(rects)))

    def distribute(self, horizontal: bool) -> bool:
        """Space the selected elements (three or more, in one container) evenly; True
        when moved."""
        rects = _rects(self.window, movable_roots(self.window))
        if len(rects) < 3:
            self.window.show_status(translate("Arrange",
                                              "Select three or more elements to distribute"))
            return False
        if not self._in_one_container():
            return False
        text = (translate("Arrange", "Distribute {count} elements horizontally") if horizontal
                else translate("Arrange", "Distribute {count} elements vertically"))
        return self._move(distribute_positions(rects, horizontal),
                          text.format(count=len(rects)))

    def _move(self, offsets: Mapping[str, tuple[float, float]], text: str) -> bool:
        design = self.window.document.design
        positions: dict[str, tuple[float, float]] = {}
        for eid, (dx, dy) in offsets.items():
            element = design.element(eid)
            x, y = float(getattr(element, "x", 0.0)), float(getattr(element, "y", 0.0))
            positions[eid] = (round(x + dx, 1), round(y + dy, 1))
        command = move_command(design, positions)
        if command is None:
            self.window.show_status(translate("Arrange", "Already in line"))
            return False
        command.setText(text)
        return self.window.view.execute(command)


__all__ = ["ArrangeActions", "NudgeCommand", "align_positions",
           "distribute_positions"]
