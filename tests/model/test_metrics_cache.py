"""The engine's caches never serve stale figures: a speed edit keeps the hop histogram
(which does not depend on speeds) and changes the bisection; a structural edit changes
both. Figures are checked against the fat-tree closed forms (REFERENCE.md R1, R2)."""

from __future__ import annotations

from model.metrics import Engine
from model.templates import TEMPLATES


def fat_tree_hops(k: int) -> dict[int, int]:
    """Closed-form hop histogram of a k-ary fat-tree (unordered host pairs)."""
    hosts = k**3 // 4
    per_host = {1: k // 2 - 1, 3: (k // 2 - 1) * (k // 2), 5: (k - 1) * k * k // 4}
    return {h: hosts * n // 2 for h, n in per_host.items()}


def test_speed_edit_keeps_hops_and_rescales_bisection() -> None:
    compute_all = Engine().compute_all
    design = TEMPLATES["fat-tree"].build(k=4, speed_gbps=10)
    first = compute_all(design)
    assert first.bisection.gbps == 8 * 10  # (k³/8)·r
    assert first.hops.histogram == fat_tree_hops(4)
    for bundle in list(design.bundles.values()):
        design.update(bundle.id, speed_gbps=20)
    server = design.catalog.servers[0]
    design.set_catalog(design.catalog.model_copy(update={
        "servers": (server.model_copy(update={"nic_speed_gbps": 20.0}),)}))
    second = compute_all(design)
    assert second.bisection.gbps == 8 * 20
    assert second.hops.histogram == fat_tree_hops(4)


def test_structural_edit_recomputes_hops() -> None:
    compute_all = Engine().compute_all
    small = TEMPLATES["fat-tree"].build(k=4, speed_gbps=10)
    assert compute_all(small).hops.histogram == fat_tree_hops(4)
    bigger = TEMPLATES["fat-tree"].build(k=6, speed_gbps=10)
    got = compute_all(bigger)
    assert got.hops.histogram == fat_tree_hops(6)
    assert got.bisection.gbps == 6**3 / 8 * 10


def test_undo_and_redo_return_to_remembered_figures() -> None:
    """Going back and forth between a few networks (undo, redo) serves each one's own
    figures: k = 4 and k = 6 fat-trees and a speed edit, revisited in turn, always give
    their closed forms; a revisited network is served without computing it again."""
    compute_all = Engine().compute_all
    designs = [TEMPLATES["fat-tree"].build(k=k, speed_gbps=speed)
               for k, speed in ((4, 10), (6, 10), (4, 20))]
    expected = [(8 * 10, fat_tree_hops(4)), (6**3 / 8 * 10, fat_tree_hops(6)),
                (8 * 20, fat_tree_hops(4))]
    first = [compute_all(d) for d in designs]
    for _ in range(2):
        for design, before, (bisection, hops) in zip(designs, first, expected, strict=True):
            again = compute_all(design)
            assert again.bisection.gbps == bisection
            assert again.hops.histogram == hops
            assert again.bisection is before.bisection  # remembered, not recomputed
