"""A card's tooltip gives the summed figures of its many bundles (where their summed
label may have no room on the canvas): they follow the figures also while the zoom is
too small for labels, when no label is placed (the sum the tooltip gave was the one of
the last zoom that showed labels)."""

from __future__ import annotations

from gui.canvas.items.base import thousands
from gui.canvas.items.bundle import LABEL_MIN_SCALE, speed_text
from gui.canvas.picture import build_scene
from model.elements import Pattern
from model.metrics import compute_all
from model.templates import TEMPLATES


def _global_sum(design, metrics, card_id: str) -> str:  # type: ignore[no-untyped-def]
    """The sum a spine card's global bundles make, from the design and the metrics."""
    members = [b for b in design.bundles.values() if b.pattern is Pattern.GLOBAL
               and card_id in (b.lower, b.upper)]
    links = sum(metrics.inventory.links_by_bundle[b.id] for b in members)
    (speed,) = {b.speed_gbps for b in members}
    return f"{len(members)} bundles · {thousands(links)} × {speed_text(speed)}"


def test_a_cards_sum_follows_new_figures_while_zoomed_out(qapp) -> None:  # type: ignore[no-untyped-def]
    design = TEMPLATES["dragonfly-plus"].build(k=8)
    scene = build_scene(design, compute_all(design.copy(), plane=None))
    scene.set_view_scale(1.0)
    scene.set_detail(True)
    scene.finish_routing()
    card_id = next(key.rsplit(":", 1)[0] for key in scene.label_groups()
                   if key.endswith(":side"))
    card = scene.item_for(card_id)
    before = _global_sum(design, scene.metrics, card_id)
    assert before in card.tooltip_text()  # type: ignore[union-attr]

    scene.set_view_scale(LABEL_MIN_SCALE * 0.8)  # cards shown, labels too small
    assert scene.detail and not scene.labels_shown()
    changed = design.copy()
    for bundle in design.bundles.values():
        if bundle.pattern is Pattern.GLOBAL:
            changed.update(bundle.id, links_per_member=bundle.links_per_member * 2)
    metrics = compute_all(changed, plane=None)
    scene.set_metrics(metrics)  # the figures arrive (the bundles keep their records)
    scene.finish_routing()
    after = _global_sum(design, metrics, card_id)
    assert after != before
    tooltip = card.tooltip_text()  # type: ignore[union-attr]
    assert after in tooltip and before not in tooltip
