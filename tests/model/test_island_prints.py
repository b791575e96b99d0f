"""The islands' fingerprints with their count-free prints kept across edits
(:mod:`model.metrics.representation.symmetry`): a warm memory gives what a fresh one
does, and the classes follow counts by hand."""

from __future__ import annotations

from model.metrics.memory import Memory, remembering
from model.metrics.representation.symmetry import island_fingerprints
from model.metrics.representation.topology import resolve
from model.templates import TEMPLATES


def _campus():  # type: ignore[no-untyped-def]
    return TEMPLATES["islands"].build(islands=4, gpus_per_island=512, buildings=2)


def test_kept_prints_follow_count_and_wiring_edits() -> None:
    design = _campus()
    memory = Memory()
    groups = list(design.rack_groups.values())
    tiers = [t for t in design.tiers.values() if t.island == groups[2].island]
    leaf = next(t for t in tiers if t.role.value == "leaf")
    bundle = next(b for b in design.bundles.values() if b.lower == leaf.id)
    edits = [
        (groups[2].id, {"count": groups[2].count - 1}),  # island 2 alone
        (groups[2].id, {"count": groups[2].count}),      # back: all copies
        (leaf.id, {"count": leaf.count - 1}),            # a tier's count
        (leaf.id, {"count": leaf.count}),
        (groups[0].id, {"count": groups[0].count - 2}),  # island 0, other building
        (groups[2].id, {"count": groups[2].count - 2}),  # island 2 like island 0
        (bundle.id, {"links_per_member": bundle.links_per_member * 2}),  # not a count
    ]
    seen = []
    for element, change in edits:
        design.update(element, **change)
        with remembering(memory):
            warm = island_fingerprints(resolve(design))
        fresh = island_fingerprints(resolve(design))  # outside a run: a fresh memory
        assert warm == fresh, (element, change)
        seen.append(warm)
    # by hand: islands 0, 1 in one building, 2, 3 in the other
    assert seen[0][2] != seen[0][3] and seen[0][0] == seen[0][1]
    assert len(set(seen[1])) == 1
    assert seen[2][2] != seen[2][3]
    assert len(set(seen[3])) == 1
    assert seen[4][0] != seen[4][1] and seen[4][2] == seen[4][3]
    # first in their buildings, alike: buildings alike, so copies
    assert seen[5][0] == seen[5][2] != seen[5][1] == seen[5][3]
    assert seen[6][2] != seen[6][3]
