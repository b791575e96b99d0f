"""A card's summed bundle label stands inside the card's own frame (its island, else its
building), off the frame's border and off every connector; where the frame has no such
place the label is left out and the card's tooltip gives the sum. A walk of a
Dragonfly+ k=16 (issue #15) found groups 5–8's labels on the bottom borders of groups
1–4 (read there as theirs), groups 1–4 with none, and group 9's on a global link."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF

from gui.canvas.items.base import ElementItem
from gui.canvas.picture import build_scene
from gui.canvas.scene import DesignScene
from model.design import Design
from model.metrics import compute_all
from model.templates import TEMPLATES
from tests.gui.test_canvas_reading import runs_through, segments


def routed(design: Design) -> DesignScene:
    scene = build_scene(design, compute_all(design.copy(), None))
    scene.set_detail(True)
    scene.set_view_scale(1.0)
    scene.finish_routing()
    return scene


def inner_frame(card: ElementItem) -> QRectF:
    parent = card.parentItem()
    assert isinstance(parent, ElementItem), f"{card.element_id} stands in no frame"
    return parent.mapRectToScene(parent.rect())


def check_summed_labels(scene: DesignScene) -> list[str]:
    """Each summed group's label: placed inside its card's frame (off the border) and
    off every connector but those it sums, or else given by the card's tooltip. The
    faults found."""
    faults: list[str] = []
    bundles = list(scene.bundle_items())
    pieces = {b.element_id: segments(b) for b in bundles if b.points}
    for key, members in scene.label_groups().items():
        card = scene.item_for(key.rsplit(":", 1)[0])
        assert card is not None
        carrier = scene.item_for(scene._carrier[key])  # the member that carries the sum
        assert scene._carrier[key] in members
        text = carrier.summary  # type: ignore[union-attr]
        box = carrier.label_box  # type: ignore[union-attr]
        if box is None:
            if text not in card.tooltip_text():
                faults.append(f"{key}: no label and no sum in the tooltip")
            continue
        rect = QRectF(box[0], box[1], box[2] - box[0], box[3] - box[1])
        frame = inner_frame(card)
        if not frame.adjusted(1, 1, -1, -1).contains(rect):
            faults.append(f"{key}: label {box} not inside its frame {frame.getCoords()}")
        inside = rect.adjusted(0.5, 0.5, -0.5, -0.5)
        # on the lines it sums it may be, as a bundle's own label is on its line
        crossed = [bid for bid, p in pieces.items()
                   if bid not in members and runs_through(p, inside)]
        if crossed:
            faults.append(f"{key}: label {box} on the connectors {crossed[:3]}")
    return faults


def test_dragonfly_plus_k16_groups_summed_labels_in_their_frames(qapp) -> None:
    scene = routed(TEMPLATES["dragonfly-plus"].build(k=16))
    groups = {k: v for k, v in scene.label_groups().items() if k.endswith("-spine:side")}
    # hand count: k=16 gives k/2 + 1 = 9 groups, each joined to the 8 others by global
    # links; each of a group's 8 spines has k/2 = 8 global ports: 64 links a group
    assert sorted(groups) == sorted(f"group-{g}-spine:side" for g in range(1, 10))
    assert all(len(members) == 8 for members in groups.values())
    assert check_summed_labels(scene) == []
    for key in groups:
        tooltip = scene.item_for(key.rsplit(":", 1)[0]).tooltip_text()  # type: ignore[union-attr]
        assert "8 bundles · 64 × 200G" in tooltip, tooltip


@pytest.mark.parametrize("name", ["example", "superpod"])
def test_summed_labels_in_their_frames(qapp, name: str) -> None:
    if name == "example":
        from gui.example import example_design

        design = example_design()[0]
    else:
        design = TEMPLATES["superpod"].build(sus=16, system="gb200-nvl72")
    scene = routed(design)
    assert scene.label_groups(), "the design has summed labels"
    assert check_summed_labels(scene) == []
