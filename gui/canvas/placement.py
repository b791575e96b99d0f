"""Where a palette entry may go: a building on the open campus, an island into a
building, a rack group into an island, a switch tier into an island (island scope) or a
building (building scope). A refused drop raises :class:`PlacementError` with the
reason the status bar shows."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF

from gui.canvas.items.base import ElementItem
from gui.canvas.scene import DesignScene
from gui.commands import (
    DesignCommand,
    add_building_command,
    add_island_command,
    add_rack_group_command,
    add_tier_command,
)
from model.elements import Role
from model.parts import Catalog

MIME_TYPE = "application/x-archipelago-palette"


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


def _local(item: ElementItem, scene_pos: QPointF, size: tuple[float, float]) -> QPointF:
    """Top-left position inside ``item`` that centres a new element of ``size`` on the
    point, kept inside the item's content area."""
    local = item.mapFromScene(scene_pos) - QPointF(size[0] / 2, size[1] / 2)
    low = item.content_origin()
    return QPointF(round(max(local.x(), low.x())), round(max(local.y(), low.y())))


def placement_command(scene: DesignScene, catalog: Catalog, entry: PaletteEntry,
                      scene_pos: QPointF) -> DesignCommand:
    """The command that puts ``entry`` at ``scene_pos``, or PlacementError."""
    design = scene.design
    building = scene.element_at(scene_pos, ("building",))
    island = scene.element_at(scene_pos, ("island",))
    if entry.kind == "building":
        if building is not None:
            raise PlacementError(
                f"A building goes on the open campus, not inside {building.element.name!r}")
        return add_building_command(design, round(scene_pos.x() - 210),
                                    round(scene_pos.y() - 130))
    if entry.kind == "island":
        if island is not None:
            raise PlacementError(
                f"Islands do not nest: drop the island beside {island.element.name!r},"
                " on its building")
        if building is None:
            raise PlacementError("An island goes into a building: drop it on one")
        pos = _local(building, scene_pos, (260, 150))
        return add_island_command(design, building.element_id, pos.x(), pos.y())
    if entry.kind == "rack_group":
        if island is None:
            where = f" of {building.element.name!r}" if building else ""
            raise PlacementError(
                f"A rack group goes into a computing island: drop it on an island{where}")
        pos = _local(island, scene_pos, (184, 66))
        return add_rack_group_command(design, catalog, entry.part_id, island.element_id,
                                      x=pos.x(), y=pos.y(), count=16)
    if entry.kind == "tier":
        target = island or building
        if target is None:
            raise PlacementError(
                "A switch tier goes into an island (serving it) or a building (serving"
                " all its islands): drop it on one")
        if island is not None:
            has_leaf = any(t.island == island.element_id and t.role is Role.LEAF
                           for t in design.tiers.values())
            role = Role.SPINE if has_leaf else Role.LEAF
        else:
            role = Role.CORE
        pos = _local(target, scene_pos, (224, 40))
        return add_tier_command(design, catalog, entry.part_id, target.element,
                                x=pos.x(), y=pos.y(), role=role, count=8)
    raise PlacementError(f"Unknown palette entry {entry.kind!r}")
