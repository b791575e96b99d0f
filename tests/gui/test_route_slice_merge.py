"""A routing slice keeps time for the wire layer's merge at its end: the bundles changed
in a slice are taken into the layer within the slice's time (showing the cut on
Dragonfly+ k = 64 changed ~300 bundles' look in one 12 ms slice, and merging them took
10 ms more, load 4)."""

from __future__ import annotations

import pytest

from gui.canvas import bundle_routing
from gui.canvas.items.wires import WireLayer
from gui.canvas.picture import build_scene
from model.metrics import compute_all
from model.templates import TEMPLATES


def test_a_slice_stops_while_its_merge_still_fits(qapp, monkeypatch: pytest.MonkeyPatch  # type: ignore[no-untyped-def]
                                                  ) -> None:
    design = TEMPLATES["dragonfly-plus"].build(k=16)
    scene = build_scene(design, compute_all(design.copy(), plane=None))
    scene.set_view_scale(0.9)
    scene.finish_routing()
    scene.wires.take_in()
    merged: list[int] = []
    original = WireLayer.take_in

    def counting(layer: WireLayer) -> None:
        merged.append(layer.waiting())
        original(layer)

    monkeypatch.setattr(WireLayer, "take_in", counting)
    # a merge said to cost 1 ms a bundle: a 12 ms slice changes at most 12
    monkeypatch.setattr(bundle_routing, "MERGE_EACH_S", 0.001)
    monkeypatch.setattr(bundle_routing, "ROUTE_SLICE_S", 0.012)
    scene.set_cut_visible(True)  # restyles every crossing bundle, in the queue's slices
    assert scene.routing_pending()
    while scene.routing_pending():
        scene._route_some()
    assert max(merged) <= 12
    assert sum(merged) >= 20, "the cut changed many bundles, over several slices"
    assert sum(1 for b in scene.bundle_items() if b.crossing_gbps) >= 20
