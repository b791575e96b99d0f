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


def test_the_wiring_names_each_field_once() -> None:
    """:class:`DragonflyWiring` holds the switches' part whole and adds only where the
    accelerators stand: no field of :class:`SwitchWiring` is repeated in it, and a
    shape read through it has the switches' groups and leaves and the accelerators'
    leaves (k = 4: 3 groups of 2 leaves and 2 spines, 2 accelerators a leaf)."""
    from dataclasses import fields

    from model.metrics.representation.dragonfly_shape import (
        DragonflyWiring,
        SwitchWiring,
        dragonfly_shape,
        dragonfly_wiring,
    )
    from model.metrics.representation.endpoints import build_endpoints
    from model.metrics.representation.topology import resolve
    from model.templates import TEMPLATES

    own = {f.name for f in fields(DragonflyWiring)}
    assert not own & {f.name for f in fields(SwitchWiring)}
    assert own == {"switches", "held", "home", "leaves", "per_leaf", "even"}
    topo = resolve(TEMPLATES["dragonfly-plus"].build(k=4))
    ep = build_endpoints(topo)
    wiring = dragonfly_wiring(topo, ep)
    shape = dragonfly_shape(topo, ep)
    assert wiring is not None and shape is not None
    assert shape.group.tolist() == wiring.switches.group.tolist() == [0] * 4 + [1] * 4 + [2] * 4
    assert shape.leaf.tolist() == wiring.switches.leaf.tolist() == [True, True, False, False] * 3
    assert shape.home.tolist() == wiring.home.tolist() == [0, 0, 1, 1, 4, 4, 5, 5, 8, 8, 9, 9]
