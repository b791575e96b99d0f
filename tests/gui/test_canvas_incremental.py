"""The canvas does only the work an edit calls for: the wire layer merges again only the
lines a changed bundle left or joins (and ends up as a full merge would), labels whose
text changed are placed in the routing queue's slices (not all at once in the edit), the
cut shown or hidden restyles its crossing bundles in those slices too,
and figures that arrive unchanged re-label nothing."""

from __future__ import annotations

from PySide6.QtCore import QLineF

from gui.canvas.items.bundle import BundleItem
from gui.canvas.items.wires import merge_spans, merged_lines
from gui.canvas.picture import build_scene
from model.metrics import compute_all


def normal(lines: dict) -> dict:  # type: ignore[type-arg]
    """Lines by style as sorted coordinate tuples (comparable)."""
    return {style: sorted((ln.x1(), ln.y1(), ln.x2(), ln.y2()) for ln in found)
            for style, found in lines.items() if found}


def test_pieces_on_one_line_merge_where_they_overlap() -> None:
    line = ((2.0, False, "bundle"), True, 50.0)
    got = merge_spans(line, [(30, 40), (0, 10), (5, 20), (20, 25), (41, 45)])
    # by hand: 0–10 and 5–20 overlap, 20–25 touches 20: 0–25; 30–40; 41–45 apart
    assert got == [QLineF(0, 50, 25, 50), QLineF(30, 50, 40, 50), QLineF(41, 50, 45, 50)]
    vertical = ((2.0, False, "bundle"), False, 7.0)
    assert merge_spans(vertical, [(3, 9)]) == [QLineF(7, 3, 7, 9)]
    assert merge_spans(vertical, []) == []


def test_wire_layer_taken_in_bundle_by_bundle_equals_a_full_merge(qapp, design) -> None:
    scene = build_scene(design, compute_all(design.copy(), plane=None))
    scene.finish_routing()
    wires = scene.wires

    def from_scratch() -> dict:  # type: ignore[type-arg]
        return normal(merged_lines(b for b in scene.bundle_items()
                                   if b.isVisible() and b.points and b.plain()))

    assert normal(wires._take_in()) == from_scratch()
    island = design.islands["hall-a-pod-1"]
    steps = [
        lambda: design.move_many({island.id: (island.x + 300, island.y + 120)}),
        lambda: scene.select_ids(["hall-a-pod-1-b1"]),  # drawn by itself, not the layer
        lambda: scene.set_cut_visible(True),  # crossing bundles change look and width
        lambda: scene.select_ids([]),
        lambda: design.move_many({island.id: (island.x, island.y)}),
        lambda: design.remove("hall-b-pod-1-b1"),  # a bundle gone
        lambda: scene.set_detail(False),  # inner bundles hidden, others re-anchored
    ]
    from gui.document import DesignDocument

    document = DesignDocument(design)
    scene.follow(document)
    for step in steps:
        step()
        scene.finish_routing()
        assert wires._all_stale is False, "told bundle by bundle, not all at once"
        assert normal(wires._take_in()) == from_scratch()
    document.close()


def test_the_cut_re_labels_in_the_queue_and_labels_stay_apart(qapp, design) -> None:
    scene = build_scene(design, compute_all(design.copy(), plane=None))
    scene.finish_routing()
    crossing = [b for b in scene.bundle_items()
                if scene.metrics.bisection.cut.crossing_gbps.get(b.element_id)]
    assert crossing
    plain_look = {b.element_id: (b.label_drawn(), b.drawn_width()) for b in crossing}
    cut = scene.metrics.bisection.cut
    # groups tinted by their side, and the islands holding rack groups (their totals)
    tinted = {eid for eid in cut.side_a if scene.item_for(eid) is not None}
    tinted |= {design.rack_groups[eid].island for eid in tinted if eid in design.rack_groups}
    assert tinted
    scene.set_cut_visible(True)
    assert scene.routing_pending() == len(crossing) + len(tinted), \
        "restyled later, not in the edit"
    assert all(scene.item_for(eid).cut is not None for eid in tinted)
    assert all(b.crossing_gbps for b in crossing), "the figure is known at once"
    assert {b.element_id: (b.label_drawn(), b.drawn_width())
            for b in crossing} == {eid: (text, width + 2) for eid, (text, width)
                                   in plain_look.items()}, "only the width so far"
    assert all(" · cut " not in text for text, _width in plain_look.values())
    scene.finish_routing()
    assert all(b.label_drawn().count(" · cut ") == 1 for b in crossing)
    assert scene.routing_pending() == 0
    boxes = [b.label_rect() for b in scene.bundle_items() if not b.label_rect().isEmpty()]
    assert len(boxes) >= len(crossing) // 2
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert not a.intersected(b).isValid() or a.intersected(b).isEmpty()


def test_unchanged_figures_re_label_nothing(qapp, design, monkeypatch) -> None:
    scene = build_scene(design, compute_all(design.copy(), plane=None))
    scene.finish_routing()
    written: list[str] = []
    original = BundleItem.label_text

    def counting(item: BundleItem, *args: object) -> str:
        written.append(item.element_id)
        return original(item, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(BundleItem, "label_text", counting)
    scene.set_metrics(compute_all(design.copy(), plane=None))  # equal figures, new object
    scene.finish_routing()
    assert written == []
    assert scene.routing_pending() == 0
    design.update("hall-a-pod-1-b1", links_per_member=2)
    scene.set_metrics(compute_all(design.copy(), plane=None))
    scene.finish_routing()
    assert "hall-a-pod-1-b1" in written


def test_new_figures_reach_the_items_in_slices(qapp, design) -> None:
    scene = build_scene(design)  # no figures yet
    scene.finish_routing()
    island = scene.item_for("hall-a-pod-1")
    before = island.tooltip_text()
    metrics = compute_all(design.copy(), plane=None)
    scene.set_metrics(metrics)
    waiting = len(scene.element_items()) + len(scene.bundle_items())
    assert scene.routing_pending() == waiting, "taken in later, not in this turn"
    assert island.tooltip_text() == before
    scene.finish_routing()
    pflops = metrics.compute.by_island["hall-a-pod-1"]
    assert f"{pflops:,.0f} PFLOPS" in island.tooltip_text() != before
    scene.set_metrics(metrics)  # the same figures again: nothing to take in
    assert scene.routing_pending() == 0


def test_labels_are_placed_only_where_they_can_be_read(qapp, design) -> None:
    from gui.canvas.items.bundle import LABEL_MIN_SCALE

    metrics = compute_all(design.copy(), plane=None)
    reference = build_scene(design, metrics)  # shown at 100 %
    reference.finish_routing()
    expected = {b.element_id: b.label_box for b in reference.bundle_items()}
    assert sum(box is not None for box in expected.values()) >= len(expected) // 2
    scene = build_scene(design, metrics)
    scene.set_view_scale(LABEL_MIN_SCALE * 0.9)  # detail, but labels too small to read
    scene.finish_routing()
    assert all(b.label_box is None for b in scene.bundle_items())
    scene.set_view_scale(1.0)
    # noted in the zoom, queued by the routing queue's first piece of work
    assert scene.routing_pending() and not scene._pending_labels
    scene._work_one()
    assert scene.routing_pending() == sum(1 for b in scene.bundle_items() if b.points)
    scene.finish_routing()
    assert {b.element_id: b.label_box for b in scene.bundle_items()} == expected


def test_tooltips_reach_qt_when_the_mouse_comes(qapp, design) -> None:
    from PySide6.QtWidgets import QGraphicsSceneHoverEvent

    scene = build_scene(design, compute_all(design.copy(), plane=None))
    item = scene.item_for("hall-a-pod-1-racks")
    group = design.rack_groups["hall-a-pod-1-racks"]
    text = item.tooltip_text()
    assert group.name in text and f"{group.count:,}" in text
    design.update(group.id, count=group.count + 1000)
    item.set_element(design.rack_groups[group.id])
    assert f"{group.count + 1000:,}" not in item.toolTip(), "not handed over yet"
    item.hoverEnterEvent(QGraphicsSceneHoverEvent())
    assert f"{group.count + 1000:,}" in item.toolTip()


def test_groups_take_in_their_side_of_the_cut_in_the_slices(qapp, design,
                                                            monkeypatch) -> None:
    from gui.canvas.items.base import ElementItem

    scene = build_scene(design, compute_all(design.copy(), plane=None))
    scene.finish_routing()
    redrawn: list[str] = []
    original = ElementItem.update

    def counting(item: ElementItem, *args: object) -> None:
        redrawn.append(item.element_id)
        original(item, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(ElementItem, "update", counting)
    cut = scene.metrics.bisection.cut
    tinted = {eid for eid in cut.side_a if scene.item_for(eid) is not None}
    scene.set_cut_visible(True)
    assert redrawn == [], "nothing redrawn in the edit itself"
    scene.finish_routing()
    assert tinted <= set(redrawn), "each tinted group redrawn once its slice comes"
    redrawn.clear()
    scene.set_cut_visible(True)  # shown already: nothing changes
    scene.finish_routing()
    assert redrawn == []
    scene.set_cut_visible(False)
    scene.finish_routing()
    assert tinted <= set(redrawn)
    assert all(scene.item_for(eid).cut is None for eid in tinted)
