"""Zoomed-out summary tiles as a new user first sees large designs (issue #15 §2, the
walk's ai-zones of 56 pods at 24 %, SuperPOD 64 SU, Dragonfly+ k=64): at the first view
at 1920×1080 and 1280×720 every line a tile draws fits inside the tile (measured with
the font it is drawn in against the tile's rectangle on the screen), no card is drawn
over another, and no connector runs through a building's title."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF, QSize
from PySide6.QtGui import QFontMetricsF

from gui.canvas.items.building import BuildingItem
from gui.canvas.items.island import IslandItem
from gui.canvas.items.rack_group import RackGroupItem
from gui.canvas.items.tier import TierItem
from model.design import Design
from model.metrics import compute_all
from model.templates import TEMPLATES
from tests.gui.conftest import canvas_drawn, close_window

LARGE = {
    "ai-zones 56 pods": ("ai-zones", {"pods": 56, "racks_per_pod": 127,
                                      "gpus_per_rack": 64, "buildings": 8}),
    "SuperPOD 64 SU": ("superpod", {"sus": 64}),
    "Dragonfly+ k=64": ("dragonfly-plus", {"k": 64}),
}


def large_design(name: str) -> Design:
    template, values = LARGE[name]
    return TEMPLATES[template].build(**values)


def first_view(qtbot, catalog, settings, monkeypatch, design: Design,  # type: ignore[no-untyped-def]
               size: tuple[int, int]):
    """The main window as the app opens it on a screen of ``size``, fitted and drawn."""
    from gui import dock_layout
    from gui.main_window import open_window

    monkeypatch.setattr(dock_layout, "screen_size", lambda _window: QSize(*size))
    window = open_window(design, None, catalog, settings,
                         compute=lambda d: compute_all(d, None))
    window.resize(*size)
    window.settle_layout()
    scene = window.scene
    qtbot.waitUntil(lambda: window.runner.is_current() and not scene.routing_pending(),
                    timeout=60_000)
    canvas_drawn(qtbot, scene)
    return window


def drawn_lines(item: IslandItem) -> list[tuple[str, float, float]]:
    """(text, width, height) on the screen of each line the tile drew at its last
    paint, measured again with the font it was drawn in."""
    found = []
    for f, _start, shown, _colour in item._layout.runs:
        metrics = QFontMetricsF(f)
        found.append((shown, metrics.horizontalAdvance(shown), metrics.height()))
    return found


def cards(scene) -> dict[str, QRectF]:  # type: ignore[no-untyped-def]
    """Every visible card in scene coordinates: tiers, rack groups, island tiles."""
    found: dict[str, QRectF] = {}
    for item in scene.element_items():
        if not item.isVisible():
            continue
        if isinstance(item, RackGroupItem | TierItem) or (
                isinstance(item, IslandItem) and not scene.detail):
            if isinstance(item.parentItem(), IslandItem) and not scene.detail:
                continue  # inside a tile, not drawn
            found[item.element.name] = item.scene_rect()
    return found


def check_tiles(scene, scale: float) -> None:  # type: ignore[no-untyped-def]
    """Every summary tile's drawn lines fit its rectangle on the screen, whole (no
    "…"), and the name and the accelerator count are among them."""
    tiles = [i for i in scene.element_items() if isinstance(i, IslandItem)]
    assert tiles
    for tile in tiles:
        lines = drawn_lines(tile)
        assert lines, f"{tile.element.name}: nothing drawn at {scale:.0%}"
        room = tile.rect().width() * scale
        tall = tile.rect().height() * scale
        for text, width, _height in lines:
            assert "…" not in text, f"{tile.element.name}: {text!r} cut at {scale:.0%}"
            assert width <= room, (f"{tile.element.name}: {text!r} {width:.0f} px"
                                   f" in a tile {room:.0f} px wide")
        assert sum(h for _t, _w, h in lines) <= tall + 1
        shown = [t for t, _w, _h in lines]
        assert len(shown) >= 2, f"{tile.element.name}: only {shown}"
        assert shown[1].replace(",", "").split(" ")[0].isdigit(), shown
        assert counted_word(shown), f"{tile.element.name}: {shown} says no word for its count"


def counted_word(shown: list[str]) -> str:
    """What a tile's count counts: the rest of its count line ("1,024 hosts",
    "8,128 × H100"), or the line under it when the count stands alone ("8,128" over
    "H100"); "" when neither says a word (a line under it such as "8 racks" counts
    something else)."""
    _number, _, rest = shown[1].partition(" ")
    if rest:
        return rest.lstrip("× ")
    under = shown[2] if len(shown) > 2 else ""
    return under if under and not under[0].isdigit() else ""


def check_building_tiers(scene, scale: float) -> None:  # type: ignore[no-untyped-def]
    """A building's own tier (a campus core) says its name at 9 pixels or more: in
    its bar, or on its building's plate."""
    for item in scene.element_items():
        if not isinstance(item, TierItem) or not isinstance(item.parentItem(), BuildingItem):
            continue
        runs = item._layout.runs if HEIGHT_PX(item, scale) >= 20 else []
        in_bar = [r for r in runs if r[2] == item.element.name and r[0].pixelSize() >= 9]
        plate = item.parentItem()._layout.runs
        on_plate = [r for r in plate if r[2].startswith(item.element.name)
                    and r[0].pixelSize() >= 9]
        assert in_bar or on_plate, f"{item.element.name} unreadable at {scale:.0%}"


def check_plates(scene) -> None:  # type: ignore[no-untyped-def]
    """A building's title and power figures, as its plate drew them, are whole (no
    "…"): a narrow plate says a shorter form, "IT 80.3 / 120.0 MW (67%)" (the walk's
    ai-zones of 56 pods at 1280×720 cut "IT 80.3 MW of 120.0…MW"); and where its tiles
    say only their numbers, its title says what they number (Building 3 of that walk
    said "Building 3" alone over tiles "15" to "21")."""
    for item in scene.element_items():
        if isinstance(item, BuildingItem) and not item.plate_rect().isEmpty():
            runs = [text for _font, _start, text, _colour in item._layout.runs]
            for text in runs:
                assert "…" not in text, f"{item.element.name}'s plate cut: {text!r}"
            tiles = [i for i in item.childItems() if isinstance(i, IslandItem)]
            if any(t._layout.runs and t._layout.runs[0][2].isdigit() for t in tiles):
                # tiles say "15": the plate says what they number ("AI zone 15–21")
                assert runs and runs[0].endswith(str(item.tile_range())), runs


def HEIGHT_PX(item: TierItem, scale: float) -> float:
    return item.rect().height() * scale


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
@pytest.mark.parametrize("name", list(LARGE))
def test_first_view_tiles_say_their_lines_whole(qtbot, catalog, settings, monkeypatch,
                                                 name: str, size: tuple[int, int]) -> None:
    window = first_view(qtbot, catalog, settings, monkeypatch, large_design(name), size)
    try:
        view, scene = window.view, window.scene
        shown = view.mapToScene(view.viewport().rect()).boundingRect()
        for item in scene.element_items():  # the plates above the buildings in sight
            if isinstance(item, BuildingItem) and not item.plate_rect().isEmpty():
                plate = item.mapRectToScene(item.plate_rect())
                assert shown.contains(plate), f"plate of {item.element.name} out of sight"
        scales = [view.scale_factor(), 0.24, 0.30, 0.42]  # the walk's zooms too
        for scale in scales:
            view.set_scale(scale)
            canvas_drawn(qtbot, scene)
            window.repaint()
            view.viewport().grab()  # paint every item in sight
            if not scene.detail:
                check_tiles(scene, view.scale_factor())
            check_plates(scene)
            check_building_tiers(scene, view.scale_factor())
            rects = list(cards(scene).items())
            for i, (a, ra) in enumerate(rects):
                for b, rb in rects[i + 1:]:
                    assert not ra.intersects(rb), f"{a} drawn over {b}"
            view.fit_to_view()
    finally:
        window.document.undo_stack.setClean()
        close_window(window)


@pytest.mark.parametrize("name", list(LARGE))
@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_first_view_connectors_keep_off_building_titles(
        qtbot, catalog, settings, monkeypatch, name: str,  # type: ignore[no-untyped-def]
        size: tuple[int, int]) -> None:
    window = first_view(qtbot, catalog, settings, monkeypatch, large_design(name), size)
    try:
        scene = window.scene
        titles = {}
        for item in scene.element_items():
            if isinstance(item, BuildingItem):
                r = item.scene_rect()
                titles[item.element.name] = QRectF(r.left(), r.top(), r.width(),
                                                   item.header_height)
                plate = item.mapRectToScene(item.plate_rect())
                if not plate.isEmpty():  # the title written above, zoomed out
                    titles[f"plate of {item.element.name}"] = plate
        for bundle in scene.bundle_items():
            if not bundle.isVisible():
                continue
            path = bundle.mapToScene(bundle._path)
            samples = max(50, int(path.length() / 3))
            for n in range(samples + 1):
                point = path.pointAtPercent(n / samples)
                hit = [k for k, r in titles.items()
                       if r.adjusted(1, 1, -1, -1).contains(point)]
                assert not hit, f"{bundle.element.name} runs through the title of {hit}"
    finally:
        window.document.undo_stack.setClean()
        close_window(window)


@pytest.mark.parametrize("k", [64, 128])
def test_dragonfly_tiles_count_their_hosts(qtbot, catalog, settings, monkeypatch,  # type: ignore[no-untyped-def]
                                           k: int) -> None:
    """Zoomed out, a Dragonfly+ group's tile says what its number counts: "1,024
    hosts" (the walk saw a bare "1,024"). A group of the k-port design holds (k/2)²
    hosts (k/2 leaves of k/2 hosts each; model/templates/dragonfly_plus.py after
    Shpiner et al. 2017)."""
    design = TEMPLATES["dragonfly-plus"].build(k=k)
    window = first_view(qtbot, catalog, settings, monkeypatch, design, (1920, 1080))
    try:
        view, scene = window.view, window.scene
        for scale in (0.3, 0.2):
            view.set_scale(scale)
            canvas_drawn(qtbot, scene)
            view.viewport().grab()
            assert not scene.detail
            check_tiles(scene, view.scale_factor())
            for tile in (i for i in scene.element_items() if isinstance(i, IslandItem)):
                shown = [t for t, _w, _h in drawn_lines(tile)]
                if shown[0].endswith(" 1") or shown[0] == "1":  # the first group
                    assert shown[1].split(" ")[0] == f"{(k // 2) ** 2:,}", shown
                assert counted_word(shown) == "hosts", shown
    finally:
        window.document.undo_stack.setClean()
        close_window(window)
