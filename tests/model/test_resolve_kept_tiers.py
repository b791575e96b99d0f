"""The tiers and the bundles between tiers kept from one resolve to the next
(:class:`model.metrics.representation.topology.TierPart`): a topology resolved with a
warm memory is the one a fresh memory resolves, edit after edit, and a topology
resolved before an edit is left as it was."""

from __future__ import annotations

from model.elements import Plane
from model.failures import Failure
from model.metrics.memory import Memory, remembering
from model.metrics.representation.topology import Topology, resolve
from model.templates import TEMPLATES


def _picture(topo: Topology) -> list[object]:
    """Everything a topology says, as plain values."""
    out: list[object] = [topo.plane, topo.counts_only, topo.unresolved, topo.accelerators,
                         topo.switch_structure]
    out += [(r.id, r.racks, r.acc_offset, r.index, r.island, r.building)
            for r in topo.racks]
    out += [(t.id, t.count, t.offset, t.level, t.building, t.island, t.failed)
            for t in topo.tiers.values()]
    out += [(b.bundle_id, b.lower.id, b.upper.id, b.speed_gbps, b.links, b.even,
             b.lower_member.tolist(), b.upper_member.tolist(), b.upper_degree.tolist(),
             b.lower_degree.tolist(), None if b.nic is None else b.nic.tolist())
            for b in topo.bundles]
    return out


def test_warm_resolves_equal_fresh_ones_over_edits() -> None:
    design = TEMPLATES["superpod"].build(sus=3)
    memory = Memory()
    groups = list(design.rack_groups.values())
    tiers = list(design.tiers.values())
    bundle = next(b for b in design.bundles.values() if b.lower in design.tiers)
    first_group = groups[0]
    edits = [
        (groups[0].id, {"count": groups[0].count - 1}),
        (groups[1].id, {"count": groups[1].count - 2}),
        (tiers[0].id, {"count": tiers[0].count + 1}),   # a tier: made anew
        (groups[0].id, {"count": groups[0].count}),
        (bundle.id, {"speed_gbps": bundle.speed_gbps / 2}),
        (bundle.id, {"links_per_member": bundle.links_per_member * 2}),
        (groups[2].id, {"count": 1}),
    ]
    kept: list[tuple[Topology, list[object]]] = []
    for element, change in [(None, {}), *edits]:
        if element is not None:
            design.update(element, **change)
        for plane, counts_only in ((design.settings.plane, False),
                                   (design.settings.plane, True), (Plane.FRONTEND, False)):
            with remembering(memory):
                warm = resolve(design, plane, counts_only=counts_only)
            fresh = resolve(design, plane, counts_only=counts_only)
            assert _picture(warm) == _picture(fresh), (element, change, plane, counts_only)
            kept.append((warm, _picture(warm)))
        with remembering(memory):  # a failure is resolved whole, and leaves the kept alone
            down = resolve(design, failures=[Failure(element=first_group.id, members=[0])])
        assert down.racks[0].racks == design.rack_groups[first_group.id].count - 1
    # earlier topologies (kept for undo) are as they were when made
    for topo, picture in kept:
        assert _picture(topo) == picture
    # the count edits shared the tiers of the run before (the path this test is for)
    shared = [any(a.tiers[t] is b.tiers.get(t) for t in a.tiers)
              for (a, _), (b, _) in zip(kept[:-3], kept[3:], strict=True)]
    assert shared[0] and shared[1] and not shared[2]
    # a speed edit of a bundle between tiers shares them too (its new speed taken in,
    # checked above against a fresh resolve), a links-per-member edit does not
    speed_step, links_step = 3 * 5, 3 * 6
    assert shared[speed_step - 3] and not shared[links_step - 3]
