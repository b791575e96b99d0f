"""Pair capacities after an edit reuse the records of the pairs the edit left alone
(model/metrics/pairs.py, ``pair_records``) and give exactly what a fresh engine gives,
and what the reference's max-flow on the expanded graph gives."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import FrozenInstanceError, asdict

import pytest

from model.design import Design
from model.metrics import Engine
from model.metrics.results import PairCapacity
from model.templates import TEMPLATES
from tests.reference.compare import pair_mismatches
from tests.reference.expand import expand

FAMILIES: dict[str, Callable[[], Design]] = {
    "superpod": lambda: TEMPLATES["superpod"].build(sus=4, system="gb200-nvl72"),
    "ai-zones": lambda: TEMPLATES["ai-zones"].build(pods=3),
    "fat-tree": lambda: TEMPLATES["fat-tree"].build(k=4),
    "islands": lambda: TEMPLATES["islands"].build(islands=3, gpus_per_island=512,
                                                  buildings=1),
}


def _uplink(design: Design) -> str:
    """The first island's bundle between tiers that reaches highest (toward the core)."""
    between = [b for b in design.bundles.values() if design.kind_of(b.lower) == "tier"]
    return next((b for b in between if "core" in b.upper), between[-1]).id


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_a_speed_edit_remakes_only_the_pairs_it_changes(family: str) -> None:
    design = FAMILIES[family]()
    engine = Engine()
    before = engine.compute_all(design).island_pairs
    bundle = _uplink(design)
    design.update(bundle, speed_gbps=design.bundles[bundle].speed_gbps / 4)
    warm = engine.compute_all(design)
    fresh = Engine().compute_all(design)
    assert warm.island_pairs == fresh.island_pairs
    assert warm.building_pairs == fresh.building_pairs
    problems = pair_mismatches(expand(design), warm.island_pairs, "island")
    assert not problems, "\n".join(problems)
    assert [(p.a, p.b) for p in warm.island_pairs] == [(p.a, p.b) for p in before]
    kept = [new is old for new, old in zip(warm.island_pairs, before, strict=True)]
    same = [new.gbps == old.gbps for new, old in zip(warm.island_pairs, before, strict=True)]
    assert kept == same  # a record is reused exactly when its value stands
    if family != "fat-tree":  # a fat-tree pod's uplinks carry every pair's cut
        assert any(kept) and not all(kept)


def test_the_records_handed_out_are_the_engines_own_copy() -> None:
    design = FAMILIES["ai-zones"]()
    engine = Engine()
    first = engine.compute_all(design).island_pairs
    first.clear()  # a reader that changes its list changes nothing the engine keeps
    bundle = _uplink(design)
    design.update(bundle, speed_gbps=design.bundles[bundle].speed_gbps / 2)
    assert engine.compute_all(design).island_pairs == Engine().compute_all(design).island_pairs


def test_records_made_many_at_once_are_the_classs_own() -> None:
    made = PairCapacity.many(["a", "b"], ["c", "d"], [1.5, 2.0])
    by_hand = [PairCapacity("a", "c", 1.5), PairCapacity("b", "d", 2.0)]
    assert made == by_hand
    assert [hash(p) for p in made] == [hash(p) for p in by_hand]
    assert [asdict(p) for p in made] == [{"a": "a", "b": "c", "gbps": 1.5},
                                         {"a": "b", "b": "d", "gbps": 2.0}]
    with pytest.raises(FrozenInstanceError):
        made[0].gbps = 3.0  # type: ignore[misc]
    with pytest.raises(ValueError):  # the three in step, or none
        PairCapacity.many(["a"], ["c", "d"], [1.0])
