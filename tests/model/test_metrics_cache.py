"""The engine's caches never serve stale figures: a speed edit keeps the hop histogram
(which does not depend on speeds) and changes the bisection; a structural edit changes
both. Figures are checked against the fat-tree closed forms (REFERENCE.md R1, R2)."""

from __future__ import annotations

from model.metrics import clear_caches, compute_all
from model.templates import TEMPLATES


def fat_tree_hops(k: int) -> dict[int, int]:
    """Closed-form hop histogram of a k-ary fat-tree (unordered host pairs)."""
    hosts = k**3 // 4
    per_host = {1: k // 2 - 1, 3: (k // 2 - 1) * (k // 2), 5: (k - 1) * k * k // 4}
    return {h: hosts * n // 2 for h, n in per_host.items()}


def test_speed_edit_keeps_hops_and_rescales_bisection() -> None:
    clear_caches()
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
    clear_caches()
    small = TEMPLATES["fat-tree"].build(k=4, speed_gbps=10)
    assert compute_all(small).hops.histogram == fat_tree_hops(4)
    bigger = TEMPLATES["fat-tree"].build(k=6, speed_gbps=10)
    got = compute_all(bigger)
    assert got.hops.histogram == fat_tree_hops(6)
    assert got.bisection.gbps == 6**3 / 8 * 10
