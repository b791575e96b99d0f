"""The canvas as a person reads it: the first view of the example and of every template
is legible at 1280 × 720 and 1920 × 1080 (building titles measured in the pixels of the
view), connectors go around the cards and titles they do not join, labels cover neither
each other nor cards and titles, and a dropped element lands in free space."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QImage, qGray

from gui.canvas.items.base import ElementItem
from gui.canvas.items.building import BuildingItem
from gui.canvas.items.bundle import BundleItem
from gui.canvas.items.container import ContainerItem
from gui.canvas.items.island import IslandItem
from gui.canvas.items.rack_group import RackGroupItem
from gui.canvas.items.tier import TierItem
from gui.canvas.picture import build_scene
from gui.canvas.placement import PaletteEntry
from gui.canvas.scene import DesignScene
from model.design import Design
from model.elements import Pattern
from model.metrics import compute_all
from model.templates import TEMPLATES
from tests.gui.conftest import canvas_drawn, close_window

DESIGNS = ["example", *TEMPLATES]
TITLE_PIXELS = 9
"""Least height on the screen of a building's name (its tallest run of text rows):
about a 12-pixel font, what a person reads without leaning in."""


def make_design(name: str) -> Design:
    """The example campus or a template at its defaults."""
    if name == "example":
        from gui.example import example_design

        return example_design()[0]
    return TEMPLATES[name].build()


def text_height(image: QImage, box: QRectF) -> int:
    """The tallest run of consecutive pixel rows in ``box`` holding dark (text) pixels:
    the height of the largest line of text written there."""
    best = run = 0
    top, bottom = max(0, int(box.top())), min(image.height(), int(box.bottom()))
    left, right = max(0, int(box.left())), min(image.width(), int(box.right()))
    for y in range(top, bottom):
        dark = sum(qGray(image.pixel(x, y)) < 90 for x in range(left, right))
        run = run + 1 if dark >= 2 else 0
        best = max(best, run)
    return best


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("name", DESIGNS)
def test_first_view_shows_everything_with_readable_building_titles(
        qtbot, catalog, settings, name: str, size: tuple[int, int]) -> None:
    from gui.main_window import open_window

    window = open_window(make_design(name), None, catalog, settings,
                         compute=lambda design: compute_all(design, None))
    try:
        window.resize(*size)
        window.settle_layout()
        view, scene = window.view, window.scene
        qtbot.waitUntil(lambda: window.runner.is_current() and not scene.routing_pending(),
                        timeout=20_000)  # a busy machine routes slowly
        canvas_drawn(qtbot, scene)
        # Everything is in sight.
        shown = view.mapToScene(view.viewport().rect()).boundingRect()
        for item in scene.element_items():
            assert shown.contains(item.scene_rect()), f"{item.element.name} is out of view"
        image = view.viewport().grab().toImage()
        ratio = image.width() / view.viewport().width()
        for item in scene.element_items():
            if not isinstance(item, BuildingItem):
                continue
            # The name is written at the top of the building or just above it.
            rect = item.scene_rect()
            corner = view.mapFromScene(rect.topLeft())
            width = rect.width() * view.scale_factor()
            box = QRectF(corner.x() + 2, corner.y() - 60,
                         min(width, 200) - 4, 60 + 30 * view.scale_factor())
            box = QRectF(box.topLeft() * ratio, box.size() * ratio)
            height = text_height(image, box) / ratio
            assert height >= TITLE_PIXELS, (
                f"{item.element.name}: title {height} px high at"
                f" {view.scale_factor():.0%} in a {size[0]}×{size[1]} window")
    finally:
        window.document.undo_stack.setClean()
        close_window(window)


# ------------------------------------------------------------------ routing
def forbidden(scene: DesignScene) -> dict[str, QRectF]:
    """Every visible card and title in scene coordinates, by an id: rack groups, tiers,
    island blocks when zoomed out, the title bars of islands and buildings."""
    found: dict[str, QRectF] = {}
    for item in scene.element_items():
        if not item.isVisible():
            continue
        rect = item.mapRectToScene(item.rect())
        if isinstance(item, RackGroupItem | TierItem) or (
                isinstance(item, IslandItem) and not scene.detail):
            found[item.element_id] = rect
        elif isinstance(item, ContainerItem):
            found[f"title of {item.element_id}"] = QRectF(
                rect.left(), rect.top(), rect.width(), item.header_height)
    return found


def own_cards(scene: DesignScene, bundle: BundleItem) -> set[str]:
    """The cards a bundle joins (its ends, or their islands' blocks when zoomed out)."""
    ends: set[str] = set()
    for end in (bundle.element.lower, bundle.element.upper):
        item = scene.item_for(end)
        assert isinstance(item, ElementItem)
        parent = item.parentItem()
        if not scene.detail and isinstance(parent, IslandItem):
            item = parent
        ends.add(item.element_id)
    return ends


def crossings(scene: DesignScene, bundle: BundleItem) -> set[str]:
    """The cards and titles the bundle's drawn path runs through (sampled every few
    units along it), other than those it joins."""
    path = bundle.mapToScene(bundle._path)
    rects = {k: r.adjusted(1, 1, -1, -1) for k, r in forbidden(scene).items()
             if k not in own_cards(scene, bundle)}
    samples = max(50, int(path.length() / 3))
    hit: set[str] = set()
    for n in range(samples + 1):
        point = path.pointAtPercent(n / samples)
        hit.update(k for k, r in rects.items() if r.contains(point))
    return hit


@pytest.mark.parametrize("detail", [True, False])
@pytest.mark.parametrize("name", DESIGNS)
def test_connectors_go_around_the_cards_they_do_not_join(qapp, name: str,
                                                         detail: bool) -> None:
    design = make_design(name)
    scene = build_scene(design, compute_all(design.copy(), None))
    scene.set_detail(detail)
    scene.finish_routing()
    for bundle in scene.bundle_items():
        if bundle.isVisible():
            assert not crossings(scene, bundle), (
                f"{bundle.element.name} runs through {sorted(crossings(scene, bundle))}")


def read_figures(bundles: list[BundleItem]) -> set[str]:
    """The bundles whose figures a label gives: its own, or a summed one by a card
    ("16 bundles · 512 × 200G") carried by a bundle at that card, whose count is the
    number of bundles on that edge of the card (counted here, from the design); or the
    same sum in the card's tooltip, where the card's frame had no place for the label."""
    read = {b.element_id for b in bundles if not b.label_rect().isEmpty()
            and not b.summary}
    for carrier in bundles:
        if not carrier.summary:
            continue
        if carrier.label_rect().isEmpty():
            scene = carrier.scene()
            ends = [scene.item_for(getattr(carrier.element, e))  # type: ignore[attr-defined]
                    for e in ("lower", "upper")]
            if not any(carrier.summary in end.tooltip_text() for end in ends if end):
                continue
        count = int(carrier.summary.split(" ", 1)[0])
        peers = carrier.element.pattern is Pattern.GLOBAL
        for end in ("lower", "upper"):
            card = getattr(carrier.element, end)
            same = {b.element_id for b in bundles if (b.element.pattern is Pattern.GLOBAL)
                    == peers and (card in (b.element.lower, b.element.upper) if peers
                                  else getattr(b.element, end) == card)}
            if len(same) == count:
                read |= same
    return read


@pytest.mark.parametrize("name", DESIGNS)
def test_labels_cover_no_label_card_or_title(qapp, name: str) -> None:
    design = make_design(name)
    scene = build_scene(design, compute_all(design.copy(), None))
    scene.set_detail(True)
    scene.finish_routing()
    boxes = [(b.element.name, b.mapRectToScene(b._label_rect()))
             for b in scene.bundle_items() if b.isVisible()]
    boxes = [(n, r) for n, r in boxes if not r.isEmpty()]
    shown = [b for b in scene.bundle_items() if b.isVisible()]
    assert len(read_figures(shown)) >= len(shown) // 2, "most bundles' figures are read"
    cards = forbidden(scene)
    for i, (name_a, a) in enumerate(boxes):
        for name_b, b in boxes[i + 1:]:
            assert not a.intersects(b), f"labels of {name_a} and {name_b} overlap"
        covered = [k for k, r in cards.items() if a.intersects(r)]
        assert not covered, f"label of {name_a} covers {covered}"


def test_a_new_link_goes_around_the_cards(window, qtbot) -> None:
    """A link drawn from a rack group to its hall's core tier leaves the island without
    running through the leaf and spine cards standing between them."""
    from gui.commands import link_command

    scene = window.scene
    window.view.set_scale(1.0)
    design = window.document.design
    design.update("hall-a-pod-1-racks", count=8)
    command = link_command(design, "hall-a-pod-1-racks", "hall-a-core")
    window.document.execute(command)
    qtbot.waitUntil(lambda: not scene.routing_pending())
    bundle = scene.item_for(command.element.id)  # type: ignore[attr-defined]
    assert isinstance(bundle, BundleItem) and bundle.isVisible()
    assert not crossings(scene, bundle)


def test_figures_arriving_re_route_nothing(window, qtbot, monkeypatch) -> None:
    """New figures change labels and colours, not geometry: no bundle is re-routed."""
    scene = window.scene
    # the first figures come from a freshly started engine process: slow on a busy machine
    qtbot.waitUntil(lambda: window.runner.is_current() and not scene.routing_pending(),
                    timeout=20_000)
    routed: list[str] = []
    original = BundleItem.update_path

    def counting(item: BundleItem) -> None:
        routed.append(item.element_id)
        original(item)

    monkeypatch.setattr(BundleItem, "update_path", counting)
    scene.set_metrics(compute_all(window.document.design.copy(), None))
    scene.finish_routing()
    assert routed == []


# -------------------------------------------------------------------- drops
def siblings_overlapping(scene: DesignScene, element_id: str) -> list[str]:
    """Names of the elements sharing a container with ``element_id`` that its body
    overlaps."""
    item = scene.item_for(element_id)
    assert isinstance(item, ElementItem)
    rect = item.scene_rect()
    return [other.element.name for other in scene.element_items()
            if other is not item and other.parentItem() is item.parentItem()
            and other.scene_rect().intersects(rect)]


def test_a_drop_on_top_of_another_element_lands_in_free_space(window) -> None:
    view, scene, design = window.view, window.scene, window.document.design
    view.set_scale(1.0)
    racks = scene.item_for("hall-a-pod-1-racks").scene_rect()
    assert view.place_entry(PaletteEntry("tier", "sn5600", "SN5600"), racks.center())
    tier = list(design.tiers.values())[-1]
    assert tier.island == "hall-a-pod-1"
    assert siblings_overlapping(scene, tier.id) == []
    # A building dropped just beside another, where it would overlap it.
    hall_b = scene.item_for("hall-b").scene_rect()
    assert view.place_entry(PaletteEntry("building", "", "Building"),
                            QPointF(hall_b.right() + 60, hall_b.top() + 100))
    building = list(design.buildings.values())[-1]
    assert siblings_overlapping(scene, building.id) == []
    # An island dropped on a building tier.
    core = scene.item_for("hall-a-core").scene_rect()
    assert view.place_entry(PaletteEntry("island", "", "Computing island"), QPointF(
        core.center().x(), core.top() + 2))
    island = list(design.islands.values())[-1]
    assert island.building == "hall-a"
    assert siblings_overlapping(scene, island.id) == []
