"""The canvas as a person reads it, on the large designs (the 100K example campus, a
Dragonfly+ of 33 groups with 528 global links, a SuperPOD of 144 scalable units), both
zoomed in (islands show their cards) and zoomed out (islands are blocks):

- a connector never runs through a card or a title bar, including the cards it joins
  (it leaves and enters them at their edges);
- a connector enters only the buildings and islands holding one of its ends: it
  crosses a building's border where it must, never runs across another building;
- bundle labels overlap neither each other nor cards, titles or building plates, and
  where a card's bundles are many their labels are summed into one;
- a rack group card's figures are read whole in a 1280 × 720 window.

Every check works from the items' rectangles and the corners of the connectors' drawn
paths, not from the router's obstacle index."""

from __future__ import annotations

from itertools import pairwise

import pytest
from PySide6.QtCore import QPointF, QRectF

from gui.canvas.items.base import ElementItem
from gui.canvas.items.building import BuildingItem
from gui.canvas.items.bundle import BundleItem
from gui.canvas.items.island import IslandItem
from gui.canvas.picture import build_scene
from gui.canvas.scene import DesignScene
from model.design import Design
from model.metrics import compute_all
from model.templates import TEMPLATES
from tests.gui.conftest import canvas_drawn
from tests.gui.test_canvas_layout import forbidden, own_cards


def large(name: str) -> Design:
    """The designs of this module, by name."""
    if name == "example":
        from gui.example import example_design

        return example_design()[0]
    if name == "dragonfly-plus":
        return TEMPLATES["dragonfly-plus"].build(k=32)
    return TEMPLATES["superpod"].build(sus=144, system="gb200-nvl72")


NAMES = ["example", "dragonfly-plus", "superpod"]
_SCENES: dict[tuple[str, bool], DesignScene] = {}


def routed(name: str, detail: bool) -> DesignScene:
    """A scene of the design, every bundle routed at the level of detail (labels placed
    at full size); built once per module run."""
    key = (name, detail)
    if key not in _SCENES:
        design = large(name)
        scene = build_scene(design, compute_all(design.copy(), None))
        scene.set_detail(detail)
        scene.set_view_scale(1.0)
        scene.finish_routing()
        _SCENES[key] = scene
    return _SCENES[key]


def segments(bundle: BundleItem) -> list[QRectF]:
    """The pieces of the bundle's drawn path (its path's corners, in scene
    coordinates), each as the thin rectangle it covers; a connector is drawn with
    horizontal and vertical pieces only."""
    path = bundle.mapToScene(bundle._path)
    corners = [QPointF(path.elementAt(i).x, path.elementAt(i).y)
               for i in range(path.elementCount())]
    pieces: list[QRectF] = []
    for a, b in pairwise(corners):
        assert abs(a.x() - b.x()) < 1e-6 or abs(a.y() - b.y()) < 1e-6, (
            f"{bundle.element.name}: a slanting piece {a} – {b}")
        pieces.append(QRectF(a, b).normalized().adjusted(-0.01, -0.01, 0.01, 0.01))
    return pieces


def runs_through(pieces: list[QRectF], rect: QRectF) -> bool:
    """True when a piece passes through the inside of ``rect``."""
    return any(piece.intersects(rect) for piece in pieces)


def ancestors(scene: DesignScene, element_id: str) -> set[str]:
    """The ids of the containers (island, building) around an element."""
    item = scene.item_for(element_id)
    found: set[str] = set()
    parent = item.parentItem() if item is not None else None
    while isinstance(parent, ElementItem):
        found.add(parent.element_id)
        parent = parent.parentItem()
    return found


@pytest.mark.parametrize("detail", [True, False])
@pytest.mark.parametrize("name", NAMES)
def test_connectors_cross_no_card_title_or_own_end(qapp, name: str, detail: bool) -> None:
    scene = routed(name, detail)
    everything = {k: r.adjusted(1.5, 1.5, -1.5, -1.5) for k, r in forbidden(scene).items()}
    bad: list[str] = []
    for bundle in scene.bundle_items():
        if not bundle.isVisible():
            continue
        pieces = segments(bundle)
        ends = own_cards(scene, bundle)
        for key, rect in everything.items():
            # its own cards: only the attaching point on the edge, nothing inside
            if runs_through(pieces, rect):
                bad.append(f"{bundle.element.name} runs through"
                           f" {'its own end ' if key in ends else ''}{key}")
                break
    assert not bad, f"{len(bad)} connectors, e.g. {bad[:5]}"


@pytest.mark.parametrize("detail", [True, False])
@pytest.mark.parametrize("name", NAMES)
def test_connectors_enter_only_the_buildings_and_islands_of_their_ends(
        qapp, name: str, detail: bool) -> None:
    scene = routed(name, detail)
    frames = {item.element_id: item.scene_rect().adjusted(1.5, 1.5, -1.5, -1.5)
              for item in scene.element_items()
              if isinstance(item, BuildingItem) or (isinstance(item, IslandItem)
                                                    and scene.detail)}
    bad: list[str] = []
    for bundle in scene.bundle_items():
        if not bundle.isVisible():
            continue
        allowed = ancestors(scene, bundle.element.lower) | ancestors(
            scene, bundle.element.upper)
        pieces = segments(bundle)
        for key, rect in frames.items():
            if key not in allowed and runs_through(pieces, rect):
                bad.append(f"{bundle.element.name} runs through {key}")
                break
    assert not bad, f"{len(bad)} connectors, e.g. {bad[:5]}"


@pytest.mark.parametrize("name", NAMES)
def test_labels_are_apart_and_off_cards_titles_and_plates(qapp, name: str) -> None:
    scene = routed(name, True)
    boxes = [(b.element.name, b.label_rect()) for b in scene.bundle_items()
             if b.isVisible() and not b.label_rect().isEmpty()]
    assert boxes, "some labels are shown"
    cards = dict(forbidden(scene))
    for item in scene.element_items():
        if isinstance(item, BuildingItem):
            plate = item.mapRectToScene(item.plate_rect())
            if not plate.isEmpty():
                cards[f"plate of {item.element_id}"] = plate
    for i, (name_a, a) in enumerate(boxes):
        for name_b, b in boxes[i + 1:]:
            assert not a.intersects(b), f"labels of {name_a} and {name_b} overlap"
        covered = [k for k, r in cards.items() if a.intersects(r)]
        assert not covered, f"label of {name_a} covers {covered}"


def test_many_bundles_of_one_card_share_one_summed_label(qapp) -> None:
    """The example's campus core has 8 bundles, one from each island's spine tier:
    they are labelled once by the core, "8 bundles · 24,576 × 400G", not eight times
    around it. The sum is counted by hand from the design: each of a spine tier's 256
    switches sends 12 links up, 3,072 a bundle."""
    scene = routed("example", True)
    design = scene.design
    core_bundles = [b for b in design.bundles.values() if b.upper == "core"]
    assert len(core_bundles) == 8
    links = sum(design.tiers[b.lower].count * b.links_per_member for b in core_bundles)
    assert links == 8 * 256 * 12
    labels = [scene.item_for(b.id).label_shown() for b in core_bundles
              if not scene.item_for(b.id).label_rect().isEmpty()]
    assert labels == [f"8 bundles · {links:,} × 400G"]


def test_rack_group_figures_are_read_whole_at_1280_by_720(qtbot, catalog, settings) -> None:
    from gui.example import example_design
    from gui.main_window import open_window

    window = open_window(example_design()[0], None, catalog, settings,
                         compute=lambda design: compute_all(design, None))
    try:
        window.resize(1280, 720)
        window.settle_layout()
        scene, view = window.scene, window.view
        qtbot.waitUntil(lambda: window.runner.is_current() and not scene.routing_pending(),
                        timeout=20_000)
        view.viewport().grab()  # paint: the cards lay their text out for the zoom
        canvas_drawn(qtbot, scene)  # every card drawn whole (staged drawing)
        view.viewport().grab()
        from gui.canvas.items.rack_group import RackGroupItem

        cards = [i for i in scene.element_items() if isinstance(i, RackGroupItem)]
        assert cards
        for card in cards:
            runs = card._layout.runs
            assert len(runs) >= 2, f"{card.element.name}: {[r[2] for r in runs]}"
            shown = runs[1][2]
            power = card.rack_power()
            assert power is not None
            assert "…" not in shown, f"{card.element.name}: figures cut: {shown!r}"
            assert f"×{card.element.count}" in shown and f"{power[0]:.1f}" in shown and (
                f"{power[1]:.0f}" in shown), shown
            # and the text fits the card as drawn on the screen
            font, _start, text, _colour = runs[1]
            from PySide6.QtGui import QFontMetricsF

            width = QFontMetricsF(font).horizontalAdvance(text)
            card_px = view.mapFromScene(card.scene_rect()).boundingRect().width()
            assert width <= card_px - 12, (text, width, card_px)
    finally:
        window.document.undo_stack.setClean()
        from tests.gui.conftest import close_window

        close_window(window)
