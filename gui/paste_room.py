"""Room for what a paste adds: a spot inside its container that is free, and, when the
container must grow all the same, the neighbours moved aside so no card lies over another.

Containers (buildings, islands) grow around their children (their size is the farthest
child's right and bottom edge plus a margin). A paste that puts islands beside a
building's last island makes the building wider, and without more it then lay over the
building to its right. :func:`room_moves` predicts how much each container grows and
moves every sibling standing wholly right of it by the growth in width and every sibling
wholly below it by the growth in height — the gaps between cards stay what they were,
and no two cards that did not overlap before overlap after (a sibling neither right of,
below, left of nor above the container already overlapped it). The growth of a container
grows its own container in turn, up to the campus.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
from PySide6.QtCore import QPointF, QRectF

from gui.canvas.items.base import ElementItem
from gui.canvas.items.container import ContainerItem
from gui.canvas.scene import DesignScene
from gui.fragment import container_of
from model.design import Design
from model.templates.builder import GAP

SPACING = GAP
"""Least gap kept between a pasted card and the cards already there: the templates' gap
between islands, so a paste lines up with them."""
MAX_SPOTS = 20_000
"""Most spots tried for free room inside a container (nearest first)."""
EPSILON = 0.5


def _children(scene: DesignScene, design: Design, container: str | None) -> dict[str, QRectF]:
    """The cards standing directly in ``container`` (the campus for None), by id, in its
    coordinates."""
    found: dict[str, QRectF] = {}
    for element in design.all_elements():
        if not hasattr(element, "x") or container_of(design, element) != container:
            continue
        item = scene.item_for(element.id)
        if isinstance(item, ElementItem):
            found[element.id] = item.rect().translated(item.pos())
    return found


def free_inside(scene: DesignScene, design: Design, container: str,
                group: list[QRectF], near: QPointF) -> QPointF | None:
    """An offset moving the cards of ``group`` (in ``container``'s coordinates) to where
    they fit inside the container as it is drawn now, clear of its cards, nearest
    ``near`` (where the group's top-left would go by itself); None when there is no such
    room. The spots tried are the corners free room starts at: the container's content
    origin and just right of or below each card (a handful per card, so a building of
    hundreds of islands is searched in milliseconds)."""
    item = scene.item_for(container)
    if not isinstance(item, ContainerItem) or not group:
        return None
    box = QRectF()
    for rect in group:
        box = box.united(rect)
    low = item.content_origin()
    right = item.rect().width() - item.padding - box.width()
    bottom = item.rect().height() - item.padding - box.height()
    cards = list(_children(scene, design, container).values())
    taken = [r.adjusted(-SPACING, -SPACING, SPACING, SPACING) for r in cards]
    xs = sorted({low.x(), *(r.right() + SPACING for r in cards), *(r.left() for r in cards)})
    ys = sorted({low.y(), *(r.bottom() + SPACING for r in cards), *(r.top() for r in cards)})
    spots = [(x, y) for x in xs for y in ys
             if x <= right + EPSILON and y <= bottom + EPSILON]
    if not spots:
        return None
    # every spot against every card at once: the group's bounding box at the spot
    # must meet no card (widened by the spacing)
    at = np.array(spots, dtype=float)
    at = at[np.argsort((at[:, 0] - near.x()) ** 2 + (at[:, 1] - near.y()) ** 2)][:MAX_SPOTS]
    if taken:
        cards_at = np.array([(t.left(), t.top(), t.right(), t.bottom()) for t in taken])
        left, top = at[:, :1], at[:, 1:]
        clear = ((left + box.width() <= cards_at[:, 0]) | (left >= cards_at[:, 2])
                 | (top + box.height() <= cards_at[:, 1]) | (top >= cards_at[:, 3]))
        free = np.flatnonzero(clear.all(axis=1))
    else:
        free = np.arange(len(at))
    if free.size == 0:
        return None
    x, y = at[free[0]]
    return QPointF(float(x) - box.left(), float(y) - box.top())


def _grown_size(item: ContainerItem, boxes: list[QRectF]) -> tuple[float, float]:
    """The size ``item`` takes around children of these rectangles (its own rule,
    :meth:`ContainerItem.update_geometry`)."""
    width, height = item.min_size
    for box in boxes:
        width = max(width, box.right() + item.padding)
        height = max(height, box.bottom() + item.padding)
    return width, height


def _depth(design: Design, element_id: str) -> int:
    depth = 0
    element = design.element(element_id)
    while element is not None:
        parent = container_of(design, element)
        if parent is None:
            break
        depth += 1
        element = design.element(parent)
    return depth


def room_moves(scene: DesignScene, design: Design,
               added: Mapping[str | None, list[QRectF]]) -> dict[str, tuple[float, float]]:
    """New positions of the cards to move so that the cards ``added`` (rectangles in
    their container's coordinates, by container id; None for the campus) fit without
    any card lying over another: the siblings right of and below each container that
    grows, level by level up to the campus."""
    shifts: dict[str, tuple[float, float]] = {}
    pending: dict[str, list[QRectF]] = {c: list(r) for c, r in added.items() if c is not None}

    def shifted(eid: str, rect: QRectF) -> QRectF:
        dx, dy = shifts.get(eid, (0.0, 0.0))
        return rect.translated(dx, dy)

    while pending:
        container = max(pending, key=lambda c: _depth(design, c))
        extra = pending.pop(container)
        item = scene.item_for(container)
        element = design.element(container)
        if not isinstance(item, ContainerItem) or element is None:
            continue
        inside = [shifted(eid, r) for eid, r in _children(scene, design, container).items()]
        width, height = _grown_size(item, inside + extra)
        dx = max(0.0, width - item.rect().width())
        dy = max(0.0, height - item.rect().height())
        if dx < EPSILON and dy < EPSILON:
            continue
        parent = container_of(design, element)
        old = shifted(container, item.rect().translated(item.pos()))
        for sibling, drawn in _children(scene, design, parent).items():
            if sibling == container:
                continue
            rect = shifted(sibling, drawn)
            sx = dx if rect.left() >= old.right() - EPSILON else 0.0
            sy = dy if rect.top() >= old.bottom() - EPSILON else 0.0
            if sx or sy:
                before = shifts.get(sibling, (0.0, 0.0))
                shifts[sibling] = (before[0] + sx, before[1] + sy)
        if parent is not None:
            grown = QRectF(old.x(), old.y(), old.width() + dx, old.height() + dy)
            pending.setdefault(parent, []).append(grown)
    moves: dict[str, tuple[float, float]] = {}
    for eid, (dx, dy) in shifts.items():
        moved = design.element(eid)
        x, y = float(getattr(moved, "x", 0.0)), float(getattr(moved, "y", 0.0))
        moves[eid] = (round(x + dx, 1), round(y + dy, 1))
    return moves
