"""At detail zoom (the islands' contents shown), no connector runs over a title: a
building's or an island's header, or the name line of a tier's or a rack group's card
(issue #15: routes between buildings of an ai-zones campus ran straight down through
the rows of islands, over their titles). Measured geometrically: every segment of
every drawn route against every title's rectangle in the scene."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import QRectF

from gui.canvas.items.building import BuildingItem
from gui.canvas.items.island import IslandItem
from gui.canvas.items.rack_group import RackGroupItem
from gui.canvas.items.tier import TierItem
from gui.canvas.scene import DesignScene, detail_at
from gui.example import demo_campus
from model.design import Design
from model.metrics import compute_all
from model.templates import TEMPLATES

CARD_TITLE = (4.0, 20.0)
"""Where a tier's or a rack group's card writes its name: from 4 units under its top,
20 high (``TierItem.paint``, ``RackGroupItem.paint``)."""


def titles(scene: DesignScene) -> dict[str, QRectF]:
    """Every visible title in scene coordinates, a unit in from each side (a route
    may run along a frame's edge)."""
    found: dict[str, QRectF] = {}
    for item in scene.element_items():
        if not item.isVisible():
            continue
        r = item.scene_rect()
        if isinstance(item, BuildingItem | IslandItem):
            box = QRectF(r.left(), r.top(), r.width(), item.header_height)
        elif isinstance(item, TierItem | RackGroupItem):
            box = QRectF(r.left(), r.top() + CARD_TITLE[0], r.width(), CARD_TITLE[1])
        else:
            continue
        found[f"{item.kind} {item.element.name}"] = box.adjusted(1, 1, -1, -1)
    return found


def over_titles(scene: DesignScene) -> list[str]:
    """"bundle over title" for each route segment crossing a title's rectangle."""
    boxes = titles(scene)
    found = []
    for bundle in scene.bundle_items():
        if not bundle.isVisible() or not bundle.points:
            continue
        for (x1, y1), (x2, y2) in zip(bundle.points, bundle.points[1:], strict=False):
            segment = QRectF(min(x1, x2), min(y1, y2), abs(x2 - x1) + 1e-3,
                             abs(y2 - y1) + 1e-3)
            found += [f"{bundle.element.name} over {name}" for name, box in boxes.items()
                      if box.intersects(segment)]
    return found


def detail_scene(design: Design, scale: float) -> DesignScene:
    scene = DesignScene(design, metrics=compute_all(design, None))
    scene.set_view_scale(scale)
    scene.set_detail(detail_at(scale))
    assert scene.detail
    scene.finish_routing()
    return scene


DESIGNS: dict[str, Callable[[], Design]] = {
    "example": demo_campus,
    "ai-zones 24 pods in 4 buildings": lambda: TEMPLATES["ai-zones"].build(
        pods=24, racks_per_pod=16, gpus_per_rack=64, buildings=4),
    "dragonfly-plus k=16": lambda: TEMPLATES["dragonfly-plus"].build(k=16),
    "superpod 8": lambda: TEMPLATES["superpod"].build(sus=8),
}


@pytest.mark.parametrize("name", list(DESIGNS))
@pytest.mark.parametrize("scale", [0.6, 1.0])
def test_no_route_runs_over_a_title_at_detail_zoom(qapp, name: str, scale: float) -> None:  # type: ignore[no-untyped-def]
    scene = detail_scene(DESIGNS[name](), scale)
    assert sum(1 for b in scene.bundle_items() if b.points) > 3
    crossed = over_titles(scene)
    assert not crossed, f"{len(crossed)} crossings: {crossed[:6]}"


def test_the_check_sees_a_route_over_a_title(qapp) -> None:  # type: ignore[no-untyped-def]
    """The check can fail: a route laid by hand across an island's header is seen."""
    scene = detail_scene(demo_campus(), 1.0)
    island = next(i for i in scene.element_items() if isinstance(i, IslandItem))
    bundle = next(b for b in scene.bundle_items() if b.points)
    top = island.scene_rect()
    y = top.top() + island.header_height / 2
    bundle.set_route([(top.left() - 20, y), (top.right() + 20, y)])
    assert any(f"over island {island.element.name}" in c for c in over_titles(scene))
