"""Where a palette entry may go: a building on the open campus, an island into a
building, a rack group into an island, a switch tier into an island (island scope) or a
building (building scope). A refused drop raises :class:`PlacementError` with the
reason the status bar shows.

A new element never lands on top of another: it goes to the free spot nearest the drop
point among its future siblings (the other buildings on the campus, the islands and
tiers of its building, the rack groups and tiers of its island), found by
:func:`free_spot`. Containers grow around what is put in them, so a spot below or
beside the siblings always exists."""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF

from gui.canvas.items.base import ElementItem
from gui.canvas.items.building import BuildingItem
from gui.canvas.items.island import IslandItem
from gui.canvas.items.rack_group import HEIGHT as RACK_HEIGHT
from gui.canvas.items.rack_group import WIDTH as RACK_WIDTH
from gui.canvas.items.tier import HEIGHT as TIER_HEIGHT
from gui.canvas.items.tier import WIDTH as TIER_WIDTH
from gui.canvas.scene import DesignScene
from gui.commands import (
    DesignCommand,
    MacroCommand,
    add_building_command,
    add_island_command,
    add_rack_group_command,
    add_tier_command,
    move_command,
)
from gui.i18n import translate
from model.design import Design
from model.elements import Role
from model.parts import Catalog

MIME_TYPE = "application/x-archipelago-palette"
BUILDING_SIZE = BuildingItem.min_size
ISLAND_SIZE = IslandItem.min_size
RACK_GROUP_SIZE = (RACK_WIDTH, RACK_HEIGHT)
TIER_SIZE = (TIER_WIDTH, TIER_HEIGHT)
SPACING = 12.0
"""Least space kept between a new element and its neighbours, scene units."""
ROW_GAP = 28.0
"""Room between a new tier and the row of cards under it (as the templates lay tiers
out): enough for a connector to turn in, so that its route need not go round."""
SEARCH_STEP = 16.0
SEARCH_RINGS = 40


class PlacementError(Exception):
    """A palette entry cannot go where it was dropped; the message says why."""


@dataclass(frozen=True)
class PaletteEntry:
    """One thing the palette offers: a kind and, for rack groups and tiers, a part."""

    kind: str
    """"building", "island", "rack_group" or "tier"."""
    part_id: str = ""
    label: str = ""

    def encode(self) -> bytes:
        """The entry as drag-and-drop data."""
        return f"{self.kind}\n{self.part_id}\n{self.label}".encode()

    @staticmethod
    def decode(data: bytes) -> PaletteEntry | None:
        """The entry in drag-and-drop data (None when it is not one)."""
        parts = bytes(data).decode("utf-8", "replace").split("\n")
        if len(parts) != 3 or parts[0] not in ("building", "island", "rack_group", "tier"):
            return None
        return PaletteEntry(parts[0], parts[1], parts[2])


def _overlaps(rect: QRectF, taken: list[QRectF]) -> bool:
    grown = rect.adjusted(-SPACING, -SPACING, SPACING, SPACING)
    return any(grown.intersects(other) for other in taken)


def free_spot(taken: list[QRectF], size: tuple[float, float], wanted: QPointF,
              low: QPointF | None = None) -> QPointF:
    """Top-left corner of a ``size`` box as near ``wanted`` (its wished top-left
    corner) as possible that overlaps none of ``taken`` (kept :data:`SPACING` apart),
    at or right of/below ``low`` when given. Tries rings of positions around the wish;
    failing that, below everything."""
    w, h = size

    def allowed(x: float, y: float) -> QPointF:
        if low is not None:
            x, y = max(x, low.x()), max(y, low.y())
        return QPointF(round(x), round(y))

    start = allowed(wanted.x(), wanted.y())
    if not _overlaps(QRectF(start.x(), start.y(), w, h), taken):
        return start
    for ring in range(1, SEARCH_RINGS + 1):
        r = ring * SEARCH_STEP
        steps = max(8, int(2 * math.pi * ring))
        spots = sorted({(round(math.cos(2 * math.pi * k / steps) * r),
                         round(math.sin(2 * math.pi * k / steps) * r)) for k in range(steps)},
                       key=lambda d: (abs(d[0]) + abs(d[1]), d))
        for dx, dy in spots:
            spot = allowed(wanted.x() + dx, wanted.y() + dy)
            if not _overlaps(QRectF(spot.x(), spot.y(), w, h), taken):
                return spot
    bottom = max((r.bottom() for r in taken), default=wanted.y() - SPACING)
    return allowed(wanted.x(), bottom + SPACING + 1)


def _inside(item: ElementItem, scene_pos: QPointF, size: tuple[float, float]) -> QPointF:
    """Top-left position inside ``item`` (its coordinates) of a new child of ``size``
    centred as near ``scene_pos`` as its other children leave room for."""
    wanted = item.mapFromScene(scene_pos) - QPointF(size[0] / 2, size[1] / 2)
    taken = [child.rect().translated(child.pos()) for child in item.childItems()
             if isinstance(child, ElementItem)]
    return free_spot(taken, size, wanted, item.content_origin())


ROLE_ORDER = list(Role)
"""Tier roles, lowest first (:class:`~model.elements.Role` is declared in that order)."""


def _is_below(design: Design, eid: str, role: Role) -> bool:
    """True when the card ``eid`` stands lower in the network than a tier of ``role``
    (a rack group or an island; a tier of a lower role), so is drawn under it."""
    tier = design.tiers.get(eid)
    if tier is None:
        return eid in design.rack_groups or eid in design.islands
    return ROLE_ORDER.index(tier.role) < ROLE_ORDER.index(role)


def _tier_spot(design: Design, item: ElementItem, scene_pos: QPointF, role: Role,
               size: tuple[float, float]) -> tuple[QPointF, dict[str, tuple[float, float]]]:
    """Where a new tier of ``role`` goes inside ``item`` (an island or a building, in
    its coordinates), and the cards to move down to make room (new positions by id).

    Higher tiers are drawn above lower ones, so that a connector runs straight up from
    a card to the tier above: a tier of a role the container has already goes beside
    those, in their row (nearest the drop point); else just above the highest of the
    cards below it in the network (rack groups, islands, tiers of lower roles), in
    their columns, as near the drop point as there is room. When the row above them is
    taken, a row is opened: those cards and everything under them move down by the
    tier's height and :data:`ROW_GAP`. With nothing below it, the tier goes to the free
    spot nearest the drop point."""
    w, h = size
    origin = item.content_origin()
    children = [child for child in item.childItems() if isinstance(child, ElementItem)]
    cards = {child.element_id: child.rect().translated(child.pos()) for child in children}
    cards_at = {child.element_id: child.pos() for child in children}
    wished = item.mapFromScene(scene_pos).x() - w / 2
    taken = list(cards.values())
    row = [rect for eid, rect in cards.items()
           if eid in design.tiers and design.tiers[eid].role is role]
    if row:  # beside the tiers of its role, in their row
        y = min(rect.top() for rect in row)
        return QPointF(_free_in_row(taken, size, y, wished, origin.x()), round(y)), {}
    below = [rect for eid, rect in cards.items() if _is_below(design, eid, role)]
    if not below:
        return _inside(item, scene_pos, size), {}
    line = min(rect.top() for rect in below)
    left = max(origin.x(), min(rect.left() for rect in below))
    right = max(left, max(rect.right() for rect in below) - w)
    x0 = min(max(wished, left), right)
    y = line - ROW_GAP - h
    if y >= origin.y():
        steps = int((right - left) / SEARCH_STEP) + 1
        offsets = sorted({k * SEARCH_STEP * sign for k in range(steps + 1) for sign in (1, -1)},
                         key=abs)
        for dx in offsets:
            x = x0 + dx
            if left - 1e-6 <= x <= right + 1e-6 and not _overlaps(QRectF(x, y, w, h), taken):
                return QPointF(round(x), round(y)), {}
    # open a row: the cards from the line down move down
    y = max(line, origin.y())
    shift = h + ROW_GAP
    moves: dict[str, tuple[float, float]] = {}
    for eid, rect in cards.items():
        if rect.top() >= y - 0.5:
            pos = cards_at[eid]
            moves[eid] = (pos.x(), pos.y() + shift)
    spot = QRectF(round(x0), round(y), w, h)
    stay = [rect for eid, rect in cards.items() if eid not in moves]
    if _overlaps(spot, stay):  # a card reaching across the line: no clean row
        return _inside(item, scene_pos, size), {}
    return spot.topLeft(), moves


def _free_in_row(taken: list[QRectF], size: tuple[float, float], y: float, wished: float,
                 least: float) -> float:
    """The left edge nearest ``wished`` (not left of ``least``) of a ``size`` box at
    height ``y`` that overlaps none of ``taken``; right of them all when the row is
    full."""
    w, h = size
    beyond = max((rect.right() for rect in taken), default=least) + SPACING + 1
    start = max(least, wished)
    steps = int(abs(beyond - start) / SEARCH_STEP) + 2
    for dx in sorted({k * SEARCH_STEP * sign for k in range(steps) for sign in (1, -1)},
                     key=abs):
        x = round(start + dx)
        if x >= least and not _overlaps(QRectF(x, y, w, h), taken):
            return x
    return round(max(beyond, least))


def _on_campus(scene: DesignScene, scene_pos: QPointF, size: tuple[float, float]
               ) -> QPointF:
    """Campus position of a new building of ``size`` centred as near ``scene_pos`` as
    the other buildings (and their plates) leave room for."""
    wanted = scene_pos - QPointF(size[0] / 2, size[1] / 2)
    taken = []
    for item in scene.element_items():
        if item.parentItem() is None:
            rect = item.scene_rect()
            if isinstance(item, BuildingItem):
                rect = rect.united(item.mapRectToScene(item.plate_rect()))
            taken.append(rect)
    return free_spot(taken, size, wanted)


def _with_room(scene: DesignScene, command: DesignCommand, container: str,
               pos: QPointF, size: tuple[float, float],
               inside: dict[str, tuple[float, float]] | None = None) -> DesignCommand:
    """``command`` (adding a card of ``size`` at ``pos`` in ``container``), with the
    cards moved aside that the container would cover when it grows around the new card
    (:func:`gui.paste_room.room_moves`, as a paste does), and the container's own cards
    moved to ``inside`` (new positions by id: a row opened for the card), in one undo
    step."""
    from gui.paste_room import room_moves  # paste_room imports the canvas items

    design = scene.design
    grown = [QRectF(pos.x(), pos.y(), size[0], size[1])]
    for eid, (x, y) in (inside or {}).items():
        card = scene.item_for(eid)
        if isinstance(card, ElementItem):
            grown.append(card.rect().translated(x, y))
    added: dict[str | None, list[QRectF]] = {container: grown}
    steps: list[DesignCommand] = []
    for positions in (room_moves(scene, design, added), inside or {}):
        moves = move_command(design, positions)
        if moves is not None:
            steps.append(moves)
    if not steps:
        return command
    return MacroCommand(design, command.text(), [*steps, command])


def placement_command(scene: DesignScene, catalog: Catalog, entry: PaletteEntry,
                      scene_pos: QPointF) -> DesignCommand:
    """The command that puts ``entry`` at ``scene_pos``, or PlacementError. A
    container that grows around the new card pushes the cards right of and below it
    aside, so no card lies over another."""
    design = scene.design
    building = scene.element_at(scene_pos, ("building",))
    island = scene.element_at(scene_pos, ("island",))
    if entry.kind == "building":
        if building is not None:
            raise PlacementError(translate(
                "Placement", "A building goes on the open campus, not inside {name}").format(
                name=repr(building.element.name)))
        pos = _on_campus(scene, scene_pos, BUILDING_SIZE)
        return add_building_command(design, pos.x(), pos.y())
    if entry.kind == "island":
        if island is not None:
            raise PlacementError(translate(
                "Placement", "Islands do not nest: drop the island beside {name}, on its "
                "building").format(name=repr(island.element.name)))
        if building is None:
            raise PlacementError(translate("Placement",
                                           "An island goes into a building: drop it on one"))
        pos = _inside(building, scene_pos, ISLAND_SIZE)
        return _with_room(scene, add_island_command(design, building.element_id, pos.x(),
                                                    pos.y()),
                          building.element_id, pos, ISLAND_SIZE)
    if entry.kind == "rack_group":
        if island is None:
            raise PlacementError(translate(
                "Placement", "A rack group goes into a computing island: drop it on an island "
                "of {name}").format(name=repr(building.element.name)) if building
                else translate("Placement", "A rack group goes into a computing island: drop "
                               "it on an island"))
        pos = _inside(island, scene_pos, RACK_GROUP_SIZE)
        return _with_room(scene, add_rack_group_command(
            design, catalog, entry.part_id, island.element_id, x=pos.x(), y=pos.y(),
            count=16), island.element_id, pos, RACK_GROUP_SIZE)
    if entry.kind == "tier":
        target = island or building
        if target is None:
            raise PlacementError(translate(
                "Placement", "A switch tier goes into an island (serving it) or a building "
                "(serving all its islands): drop it on one"))
        if island is not None:
            has_leaf = any(t.island == island.element_id and t.role is Role.LEAF
                           for t in design.tiers.values())
            role = Role.SPINE if has_leaf else Role.LEAF
        else:
            role = Role.CORE
        pos, opened = _tier_spot(design, target, scene_pos, role, TIER_SIZE)
        return _with_room(scene, add_tier_command(
            design, catalog, entry.part_id, target.element, x=pos.x(), y=pos.y(),
            role=role, count=8), target.element_id, pos, TIER_SIZE, opened)
    raise PlacementError(translate("Placement", "Unknown palette entry {kind}").format(
        kind=repr(entry.kind)))
