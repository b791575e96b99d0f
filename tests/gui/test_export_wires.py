"""A zoomed-out picture draws its bundles as plain wires (issue #15: the 1920 × 1080
export of Dragonfly+ k = 128 within DESIGN §4's 300 ms): no Qt item is made for a
bundle, and the wires are still drawn where the bundles run.

The design is laid out by hand so that where its bundles run follows from the model's
positions and the canvas's stated sizes alone: one building, two islands side by side
(each holds a single 200 × 44 leaf tier, so each island is the minimum 240 × 150 block)
and a building-level core tier above them; a global bundle between the two leaves (at
block level it joins the facing sides of the two blocks at their middle height) and a
bundle from the first island's leaf up to the core (it leaves the block's top at its
middle and enters the core's bottom at its middle: a bundle attaches at (n + 1) / (N +
1) of the edge it shares with N - 1 others, and it is the only one on either edge).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage

from gui.canvas.items import bundle as bundle_module
from gui.canvas.picture import build_scene, picture_scene
from gui.canvas.picture_scene import wire_count
from gui.canvas.scene import detail_at
from gui.export import export_png
from gui.export.render import render_png
from model.design import Design
from model.elements import Building, Island, LinkBundle, Pattern, Role, Scope, SwitchTier
from tests.exports.designs import small_catalog

SOURCE = QRectF(0, 0, 1000, 400)
WIDTH = 400
SCALE = WIDTH / SOURCE.width()  # 0.4 pixels a canvas unit: islands drawn as blocks

ISLAND_W, ISLAND_H = 240.0, 150.0  # IslandItem.min_size
TIER_W, TIER_H = 200.0, 44.0  # a tier card
A_X, B_X, ISLANDS_Y = 40.0, 640.0, 120.0
CORE_X, CORE_Y = 340.0, 40.0


def wired_design() -> Design:
    """The design of this module's docstring (positions in canvas units; a building
    at the origin, so its children's positions are scene positions)."""
    d = Design("Wires", catalog=small_catalog())
    d.add(Building(id="hall", name="Hall", capacity_kw=5000, pue=1.25, x=0, y=0))
    for iid, x in (("isle-a", A_X), ("isle-b", B_X)):
        d.add(Island(id=iid, name=iid, building="hall", x=x, y=ISLANDS_Y))
        d.add(SwitchTier(id=f"leaf-{iid}", name=f"Leaf {iid}", switch="sw64", count=2,
                         role=Role.LEAF, island=iid, x=20, y=40))
    d.add(SwitchTier(id="core", name="Core", switch="sw64", count=2, role=Role.SPINE,
                     scope=Scope.BUILDING, building="hall", x=CORE_X, y=CORE_Y))
    # from B to A: a bundle's lower end fans out on its card's top edge, and the
    # core bundle is to be the only one on block A's
    d.add(LinkBundle(id="peers", name="B to A", lower="leaf-isle-b", upper="leaf-isle-a",
                     links_per_member=1, speed_gbps=400, pattern=Pattern.GLOBAL,
                     medium="osfp400"))
    d.add(LinkBundle(id="up", name="A to core", lower="leaf-isle-a", upper="core",
                     links_per_member=1, speed_gbps=400, pattern=Pattern.SPREAD,
                     medium="osfp400"))
    return d


def _pixel(x: float, y: float) -> tuple[int, int]:
    """The pixel a canvas point falls in."""
    return int((x - SOURCE.left()) * SCALE), int((y - SOURCE.top()) * SCALE)


def _wire_at(image: QImage, x: float, y: float) -> bool:
    """True when a wire (the grey bundle colour, much darker than the building's fill
    it runs over) is drawn within a pixel of the canvas point."""
    px, py = _pixel(x, y)
    fill = QColor("#eef2f7").lightness()
    return any(QColor(image.pixel(px + dx, py + dy)).lightness() < fill - 40
               for dx in (-1, 0, 1) for dy in (-1, 0, 1))


def test_the_picture_is_zoomed_out() -> None:
    assert not detail_at(SCALE)


def test_wires_are_drawn_where_the_bundles_run(qtbot, tmp_path: Path) -> None:
    out = tmp_path / "wires.png"
    assert export_png(wired_design(), out, width=WIDTH, source=SOURCE) == (400, 160)
    image = QImage(str(out))
    # the global bundle: across the gap between the blocks, at their middle height
    middle = ISLANDS_Y + ISLAND_H / 2
    gap = [A_X + ISLAND_W + 10 + 10 * i for i in range(33)]  # 290 … 610
    drawn = sum(_wire_at(image, x, middle) for x in gap)
    assert drawn >= 0.6 * len(gap), f"the dashed wire shows at {drawn} of {len(gap)}"
    assert not any(_wire_at(image, x, middle + 40) for x in gap)  # nothing below it
    assert not any(_wire_at(image, x, middle - 40) for x in gap)
    # the bundle up to the core: out of the top of block A at its middle, into the
    # bottom of the core card at its middle
    a_top_middle = A_X + ISLAND_W / 2
    core_bottom = CORE_Y + TIER_H
    assert all(_wire_at(image, a_top_middle, y) for y in (ISLANDS_Y - 4, ISLANDS_Y - 10))
    assert all(_wire_at(image, CORE_X + TIER_W / 2, y)
               for y in (core_bottom + 4, core_bottom + 10))
    # and nowhere on the block's top away from its middle
    assert not _wire_at(image, A_X + 30, ISLANDS_Y - 10)


def test_no_qt_item_is_made_for_a_bundle_of_a_zoomed_out_picture(
        qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[str] = []
    original = bundle_module.BundleItem.__init__

    def counting(self, element):  # type: ignore[no-untyped-def]
        made.append(element.id)
        original(self, element)

    monkeypatch.setattr(bundle_module.BundleItem, "__init__", counting)
    export_png(wired_design(), tmp_path / "blocks.png", width=WIDTH, source=SOURCE)
    assert made == []
    # with the islands' contents (one pixel a unit) the bundles are the editor's items
    export_png(wired_design(), tmp_path / "detail.png", width=1000, source=SOURCE)
    assert sorted(made) == ["peers", "up"]


def test_a_picture_scene_changes_its_bundles_with_the_level_of_detail(qtbot) -> None:
    scene = picture_scene(wired_design())
    scene.set_detail(False)
    scene.finish_routing()
    assert wire_count(scene) == 2 and scene.bundle_items() == []
    scene.set_detail(True)
    scene.finish_routing()
    assert wire_count(scene) == 0
    assert sorted(b.element_id for b in scene.bundle_items()) == ["peers", "up"]
    assert all(b.points for b in scene.bundle_items())


@pytest.mark.parametrize("width", [300, 1920])
def test_the_export_draws_what_the_editors_scene_draws(qtbot, tmp_path: Path,
                                                        width: int) -> None:
    """Dragonfly+ k = 16 (1,204 units wide): at 300 pixels zoomed out (wires), at 1920
    with contents (items); the same pixels as the editor's own scene rendered."""
    from model.templates import TEMPLATES

    design = TEMPLATES["dragonfly-plus"].build(k=16)
    editor, export = tmp_path / "editor.png", tmp_path / "export.png"
    render_png(build_scene(design), editor, width=width)
    export_png(design, export, width=width)
    first, second = QImage(str(editor)), QImage(str(export))
    assert first.size() == second.size()
    assert first == second


def test_a_campus_exported_zoomed_out_with_the_cut_in_the_dark_is_the_editors_drawing(
        qtbot, tmp_path: Path) -> None:
    """An AI-zones campus of 16 pods in 8 buildings (its bundles run between buildings,
    through the streets), with its figures, in the dark theme with the cut shown, drawn
    zoomed out by the exports' picture scene: the same pixels as the editor's own scene
    rendered."""
    from gui.theme import DARK
    from model.metrics import compute_all
    from model.templates import TEMPLATES

    design = TEMPLATES["ai-zones"].build(pods=16, racks_per_pod=20, gpus_per_rack=64,
                                         buildings=8)
    metrics = compute_all(design.copy(), plane=None)
    editor, export = tmp_path / "editor.png", tmp_path / "export.png"
    scene = picture_scene(design, metrics, DARK, cut=True)
    width = 600  # zoomed out: blocks and wires, as a large campus fitted in 1920 × 1080
    size = render_png(scene, export, width=width)
    assert wire_count(scene) == len(design.bundles)  # zoomed out: wires
    render_png(build_scene(design, metrics, DARK, cut=True), editor, width=width)
    first, second = QImage(str(editor)), QImage(str(export))
    assert (first.width(), first.height()) == size == (second.width(), second.height())
    assert first == second


def test_a_pictures_cards_write_no_tooltip(qtbot) -> None:
    """Nothing hovers over a picture: its cards write no tooltip (working them out was
    about a tenth of SuperPOD 144's export), where the editor's scene writes each
    card's."""
    from model.metrics import compute_all

    design = wired_design()
    metrics = compute_all(design.copy(), plane=None)
    editor = build_scene(design, metrics)
    picture = picture_scene(design, metrics)
    assert all(item._tooltip for item in editor.element_items())
    assert len(picture.element_items()) == len(editor.element_items()) == 6
    assert not any(item._tooltip for item in picture.element_items())
