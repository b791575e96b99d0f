"""A Dragonfly+ edit reuses what the engine kept of the wiring only where it still
holds: the switches' reading survives a rack group's count edit, the accelerators'
reading and the shape at the run's speeds do not, and every figure equals a fresh
engine's."""

from __future__ import annotations

from model.metrics import Engine
from model.templates import TEMPLATES


def figures(metrics: object) -> tuple[str, str, str, str]:
    return (repr(metrics.hops), repr(metrics.bisection),  # type: ignore[attr-defined]
            repr(metrics.island_pairs), repr(metrics.oversubscription))  # type: ignore[attr-defined]


def test_count_and_speed_edits_match_a_fresh_engine() -> None:
    design = TEMPLATES["dragonfly-plus"].build(k=16)
    group = next(iter(design.rack_groups.values()))
    peer = [b for b in design.bundles.values() if b.pattern.value == "global"][-1]
    warm = Engine()
    warm.compute_all(design)
    switches = dict(warm.memory.dragonfly_switches._entries)
    edits = [(group.id, {"count": group.count - 1}), (group.id, {"count": group.count - 3}),
             (peer.id, {"speed_gbps": peer.speed_gbps / 2}),
             (group.id, {"count": group.count - 2})]
    for element, change in edits:
        design.update(element, **change)
        assert figures(warm.compute_all(design)) == figures(Engine().compute_all(design))
    # the links between switches never changed: their reading was made once
    assert warm.memory.dragonfly_switches._entries.keys() == switches.keys()
