"""The canvas leaves out work that changes nothing on screen (DESIGN §4, no stall over
50 ms): Qt does not visit plain bundles in a repaint (the wire layer draws them), a
connector routed again the same way merges no line of the wire layer, the routing
queue merges its connectors into the wire layer within its own slice (the paint after
it only draws), and a duplicated island routes only its own bundles. Each is checked by
a count, not a timing."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QGraphicsItem

from gui.canvas.items.wires import WireLayer
from gui.canvas.picture import build_scene, render_image
from gui.canvas.scene import DesignScene
from gui.commands import UpdateElement, duplicate_command
from gui.document import DesignDocument

NO_CONTENTS = QGraphicsItem.GraphicsItemFlag.ItemHasNoContents


def _record_routes(scene: DesignScene) -> list[str]:
    """The ids of the bundles ``scene`` routes from now on, in the order it routes them."""
    routed: list[str] = []
    real = scene.route_bundle

    def recording(bundle):  # type: ignore[no-untyped-def]
        routed.append(bundle.element_id)
        real(bundle)

    scene.route_bundle = recording  # type: ignore[method-assign]
    return routed


def _pixels_of(image, colour: QColor) -> int:  # type: ignore[no-untyped-def]
    """Pixels of exactly ``colour`` in ``image``."""
    wanted = colour.rgb()
    return sum(1 for y in range(image.height()) for x in range(image.width())
               if image.pixel(x, y) == wanted)


def test_plain_bundles_are_skipped_by_repaints_and_a_selected_one_draws_itself(
        qapp, design) -> None:
    scene = build_scene(design)
    scene.finish_routing()
    bundles = scene.bundle_items()
    assert bundles and all(b.flags() & NO_CONTENTS for b in bundles)

    def campus_tier(element_id: str) -> bool:
        return element_id in design.tiers and design.tiers[element_id].island is None

    between = next(b for b in bundles
                   if campus_tier(b.element.lower) or campus_tier(b.element.upper))
    # still found under the mouse (hover, tooltip, a click selects it)
    (x1, y1), (x2, y2) = between.points[0], between.points[1]
    assert between in scene.items(QPointF((x1 + x2) / 2, (y1 + y2) / 2))
    selection = QColor(scene.theme.selection)
    assert _pixels_of(render_image(scene, 480, 270, detail=True), selection) == 0
    scene.select_ids([between.element_id])
    assert not between.flags() & NO_CONTENTS, "selected: drawn by itself, on top"
    assert all(b.flags() & NO_CONTENTS for b in bundles if b is not between)
    drawn = _pixels_of(render_image(scene, 480, 270, detail=True), selection)
    assert drawn > 20, "the selected connector is drawn in the selection colour"
    scene.select_ids([])
    assert between.flags() & NO_CONTENTS
    assert _pixels_of(render_image(scene, 480, 270, detail=True), selection) == 0


def test_connectors_routed_again_the_same_way_merge_no_line(qapp, design,
                                                            monkeypatch) -> None:
    scene = build_scene(design)
    scene.finish_routing()
    scene.wires.take_in()
    merged: list[object] = []
    real = WireLayer._merge

    def counting(layer, line):  # type: ignore[no-untyped-def]
        merged.append(line)
        real(layer, line)

    monkeypatch.setattr(WireLayer, "_merge", counting)
    scene._schedule(scene.bundle_items())  # every bundle, routed to the same places
    scene.finish_routing()
    scene.wires.take_in()
    assert merged == []
    # A bundle that moves does merge the lines it left and joined, and only those.
    wires = scene.wires
    pieces_before = dict(wires._pieces)
    spans_before = {line: set(spans) for line, spans in wires._spans.items()}
    island = design.islands["hall-a-pod-1"]
    design.move_many({island.id: (island.x + 300, island.y + 120)})
    scene.move_elements([("island", island.id)])
    scene.finish_routing()
    wires.take_in()
    spans_after = {line: set(spans) for line, spans in wires._spans.items()}
    changed = {line for line in spans_before.keys() | spans_after.keys()
               if spans_before.get(line) != spans_after.get(line)}
    moved = {line for bid, pieces in wires._pieces.items()
             if pieces != pieces_before.get(bid)
             for line, _span in [*pieces, *pieces_before.get(bid, [])]}
    assert changed and changed <= set(merged) <= moved
    assert len(moved) < len(spans_after), "not every line"


def test_a_routing_slice_leaves_the_paint_nothing_to_merge(qapp, design) -> None:
    scene = build_scene(design)
    scene.finish_routing()
    scene.wires.take_in()
    scene._schedule(scene.bundle_items()[:3])
    scene.set_detail(False)  # every bundle re-anchored to the island blocks
    scene.set_detail(True)
    assert scene.routing_pending()
    scene._route_some()
    assert scene.wires._stale == {}, "merged in the slice, not left to the paint"
    assert scene.wires._lines is not None


def test_a_duplicated_island_routes_its_own_bundles_only(qapp, design) -> None:
    document = DesignDocument(design)
    scene = DesignScene(design)
    scene.follow(document)
    scene.finish_routing()
    routed = _record_routes(scene)
    before = set(design.bundles)
    island = design.islands["hall-a-pod-1"]
    inside = [b for b in design.bundles.values()
              if {b.lower, b.upper} <= {e.id for e in [*design.rack_groups.values(),
                                                         *design.tiers.values()]
                                        if getattr(e, "island", None) == island.id}]
    command = duplicate_command(design, [island.id], (300.0, 0.0))
    assert command is not None
    document.execute(command)
    scene.finish_routing()
    copies = set(design.bundles) - before
    # by hand: the demo island's bundles run between its own groups and tiers
    assert len(copies) == len(inside) > 0
    assert sorted(routed) == sorted(copies), "only the copy's bundles, each once"


def test_an_island_header_is_fitted_once_per_change(qapp, design, monkeypatch) -> None:
    import gui.canvas.items.island as island_module

    document = DesignDocument(design)
    scene = DesignScene(design)
    scene.follow(document)
    scene.finish_routing()
    island = scene.item_for("hall-a-pod-1")
    assert island is not None
    fitted: list[str] = []
    real = island_module.header_texts

    def counting(name, summary, *rest):  # type: ignore[no-untyped-def]
        if name == island.element.name:  # (a neighbour may stand in the picture too)
            fitted.append(summary)
        return real(name, summary, *rest)

    monkeypatch.setattr(island_module, "header_texts", counting)

    def paint() -> None:  # the island at full size (its header's long form)
        area = island.scene_rect()
        image = QImage(int(area.width()), int(area.height()), QImage.Format.Format_RGB32)
        painter = QPainter(image)
        scene.render(painter, QRectF(image.rect()), area)
        painter.end()

    paint()
    paint()
    racks = sum(g.count for g in design.rack_groups.values() if g.island == island.element_id)
    assert fitted == [f"{racks} racks"], "fitted at the first paint only"
    group = next(g for g in design.rack_groups.values() if g.island == island.element_id)
    document.execute(UpdateElement(design, group.id, {"count": group.count + 1}))
    paint()
    assert fitted[-1] == f"{racks + 1} racks", "an edit fits the header again"


def test_the_routing_layout_is_built_in_slices_of_its_own(qapp, design, monkeypatch) -> None:
    """After the level of detail changes, the cards connectors avoid and the bundles by
    edge are built each in a slice of the queue that routes no bundle, and the routes
    then are those of a scene routed in one go."""
    scene = build_scene(design)
    scene.set_detail(True)
    scene.finish_routing()
    expected = {b.element_id: list(b.points) for b in scene.bundle_items()}
    scene.set_detail(False)
    scene.finish_routing()
    routed = _record_routes(scene)
    scene.set_detail(True)  # every bundle re-anchored: obstacles and edges made anew
    while scene._pending_refresh:
        scene._route_some()
    assert scene._obstacles is None and scene._edges is None
    scene._route_some()
    assert routed == [] and scene._obstacles is not None and scene._edges is None
    scene._route_some()
    assert routed == [] and scene._edges is not None
    slices = 0
    while scene.routing_pending():
        scene._route_some()
        slices += 1
        assert slices < 10_000
    assert sorted(routed) == sorted(expected)
    assert {b.element_id: b.points for b in scene.bundle_items()} == expected


def test_a_picture_leaves_its_scene_no_labels_to_place(qapp, design, monkeypatch) -> None:
    """Painted at a zoom where labels cannot be read, a scene goes back to its own zoom
    (where they can) without working out the labels' groups and ranks then: that waits
    for the routing queue, which a picture's scene never runs again. Zoomed in, the
    labels come in the queue's slices, as many as when placed in one go."""
    from gui.canvas.items.bundle import LABEL_MIN_SCALE

    reference = build_scene(design)
    reference.set_detail(True)
    reference.finish_routing()
    expected = {b.element_id: b.label_box for b in reference.bundle_items()}
    assert any(box is not None for box in expected.values())
    scene = build_scene(design)
    scene.set_detail(True)
    grouped: list[int] = []
    real = type(scene).label_groups

    def counting(self):  # type: ignore[no-untyped-def]
        grouped.append(1)
        return real(self)

    monkeypatch.setattr(type(scene), "label_groups", counting)
    scene.set_view_scale(LABEL_MIN_SCALE * 0.5)
    image = QImage(200, 120, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    scene.render(painter, QRectF(0, 0, 200, 120), scene.content_rect())
    painter.end()
    before = len(grouped)
    scene.set_view_scale(1.0)  # labels readable again
    assert len(grouped) == before and not scene._pending_labels
    while scene.routing_pending():
        scene._route_some()
    assert {b.element_id: b.label_box for b in scene.bundle_items()} == expected


def test_a_picture_too_small_for_labels_works_out_no_label_groups(
        qapp, design, monkeypatch) -> None:
    """A scene built at a zoom where labels can be read but painted where they cannot
    (every export of a large design) never works out the labels' groups and ranks: the
    order in which bundles are routed is decided when they are routed (Dragonfly+
    k = 128: ~10 ms CPU of each export). Where labels can be read, bundles are still
    routed in their labels' rank order."""
    from gui.canvas.bundle_labels import BundleLabels, label_rank

    grouped: list[int] = []
    real = BundleLabels.label_groups

    def counting(self):  # type: ignore[no-untyped-def]
        grouped.append(1)
        return real(self)

    monkeypatch.setattr(BundleLabels, "label_groups", counting)
    scene = build_scene(design)
    assert scene.labels_shown()  # built at the zoom of the window
    render_image(scene, 200, 120)
    assert not scene.labels_shown() and any(b.points for b in scene.bundle_items())
    assert grouped == []

    from model.templates import TEMPLATES

    scene = build_scene(TEMPLATES["dragonfly-plus"].build(k=8))  # summed labels
    assert scene.labels_shown()
    routed = _record_routes(scene)
    scene.finish_routing()
    assert grouped
    carriers = set(scene._carrier.values())
    assert len(routed) == len(scene.bundle_items()) and carriers
    in_rank_order = sorted(routed, key=lambda bid: label_rank(bid, bid in carriers))
    assert routed == in_rank_order != sorted(routed, key=label_rank)


def _fan_out_by_geometry(scene) -> dict[tuple[str, str], float]:  # type: ignore[no-untyped-def]
    """Each bundle's place along its ends' edges, found from the cards' places now:
    the bundles on one edge in the order of the x of their other ends."""
    expected: dict[tuple[str, str], float] = {}
    for (_card, edge), members in scene._edge_groups().items():
        other_end = "upper" if edge == "top" else "lower"

        def x(bid: str, other_end: str = other_end) -> float:
            end = getattr(scene.item_for(bid).element, other_end)
            return scene._anchor(end).scene_rect().center().x()

        for n, bid in enumerate(sorted(members, key=x)):
            expected[(bid, other_end)] = (n + 1) / (len(members) + 1)
    return expected


def test_bundles_fan_out_by_where_their_other_ends_are_after_a_move(qapp, design) -> None:
    """Where bundles attach along a card's edge follows the x of their other ends,
    worked out once per edge and end (kept until something moves): moving an island
    across the campus re-orders them as the cards now stand."""
    scene = build_scene(design)
    scene.set_detail(True)
    scene.finish_routing()
    before = _fan_out_by_geometry(scene)
    assert {key: scene._fraction(*key) for key in before} == before
    island = design.islands["hall-a-pod-1"]
    design.move_many({island.id: (island.x + 5000, island.y)})
    scene.move_elements([("island", island.id)])
    scene.finish_routing()
    after = _fan_out_by_geometry(scene)
    assert after != before  # the move re-orders some edge
    assert {key: scene._fraction(*key) for key in after} == after
