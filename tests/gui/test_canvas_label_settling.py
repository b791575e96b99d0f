"""A bundle label is drawn where it belongs from the first time it shows: after "fit to
view" of a Dragonfly+ (walk of issue #15), a group's summed label stood for seconds
between the spine and leaf tiers, where a leaf → spine bundle's own label (ranked before
it) took the place later, and only then moved above the spines."""

from __future__ import annotations

import pytest

from gui.canvas.items.bundle import BundleItem
from gui.canvas.routing import Rect
from model.templates import TEMPLATES
from tests.gui.conftest import close_window, settle


def test_labels_land_in_their_place_at_once_after_fit_to_view(
        qtbot, catalog, settings, monkeypatch: pytest.MonkeyPatch) -> None:
    from gui.main_window import open_window

    design = TEMPLATES["dragonfly-plus"].build(k=16)
    win = open_window(design, None, catalog, settings)
    win.resize(1920, 1080)
    win.show()
    settle()
    view, scene = win.view, win.view.design_scene
    try:
        view.set_scale(0.2)  # islands as blocks: no label
        qtbot.waitUntil(lambda: not scene.routing_pending(), timeout=20_000)
        shown: dict[str, list[Rect]] = {}
        original = BundleItem.set_label_box

        def recording(bundle: BundleItem, box: Rect | None) -> None:
            if box is not None:
                shown.setdefault(bundle.element_id, []).append(box)
            original(bundle, box)

        monkeypatch.setattr(BundleItem, "set_label_box", recording)
        view.fit_to_view()
        assert scene.labels_shown(), f"labels are read at the fitted zoom {view.scale_factor()}"
        qtbot.waitUntil(lambda: not scene.routing_pending(), timeout=20_000)
        summed = [b for b in scene.bundle_items() if b.summary]
        # (their groups have no place for them: the spine cards' tooltips give them)
        assert summed, "the spine tiers' global bundles carry summed labels"
        moved = {bid: boxes for bid, boxes in shown.items()
                 if any(box != scene.item_for(bid).label_box for box in boxes)}  # type: ignore[union-attr]
        assert not moved, f"labels shown first elsewhere: {sorted(moved)[:5]}"
    finally:
        win.document.undo_stack.setClean()
        close_window(win)
