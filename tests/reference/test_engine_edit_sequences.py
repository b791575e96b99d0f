"""Random sequences of one-field edits of small SuperPOD, Dragonfly+ and fat-tree
designs, each computed by one engine kept warm through the sequence: every figure
(the whole ``DesignMetrics``) equals a fresh ``Engine()``'s, exactly.

The engine reuses what an edit leaves alone: wiring arrays by bundle shape, the
resolved parts of rack groups, tiers and bundles, the bundles' tier ends, island
fingerprints, endpoints and the pod tree's levels. An edit drawn here changes a rack
count, a tier's switch count, a bundle's speed or links per member, or puts a field
back as it was (so stores met before are read again); a value the design refuses
leaves it as it was.

**The witness cut** is compared whole where the engine makes it a function of the design
alone: Dragonfly+, and the pod-tree DP's pods below the top, whose child groups are
combined in an order the design fixes (:meth:`~model.metrics.bisection.pod_dp.PodDP._order`).
At the top pod the DP combines the groups it remembers first and the edited ones last,
so that an edit costs one pass at the target instead of a full convolution (on the
100K asymmetric islands campus the design-fixed order made the wiring edit ~10 ms
dearer, past the 20 ms budget); of several cuts of equal capacity it may then report
another one than a fresh engine (a SuperPOD of 3 SUs after six edits: 288 + 112
accelerators of SU 1 and 2 on side A warm, 272 + 128 fresh, both 45,200 Gb/s). For
those families every other figure is compared whole, and the warm cut is checked to be
a cut of the same balance crossing exactly the capacity reported. The SuperPOD
six-edit case that shows the difference is kept as a strict expected failure, so the
day the top pod's tie-break is made independent of history it says so.
"""

from __future__ import annotations

import contextlib
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from model.design import Design
from model.errors import DesignError
from model.metrics import Engine
from model.templates import TEMPLATES
from tests.reference.test_engine_vs_reference import QUICK

CASES: list[tuple[str, dict[str, Any]]] = [
    ("superpod", {"sus": 3}),
    ("superpod", {"sus": 2, "system": "gb200-nvl72"}),
    ("dragonfly-plus", {"k": 4}),
    ("dragonfly-plus", {"k": 6}),
    ("dragonfly-plus", {"k": 8, "groups": 3, "routers": 6}),
    ("fat-tree", {"k": 4}),
]


def _edit(design: Design, data: Any) -> None:
    """One edit drawn from ``data`` (see module doc)."""
    kind = data.draw(st.sampled_from(["racks", "tier", "speed", "links", "racks"]))
    if kind == "racks":
        group = data.draw(st.sampled_from(sorted(design.rack_groups)))
        before = design.rack_groups[group].count
        target, change = group, {"count": data.draw(st.integers(1, before + 1))}
    elif kind == "tier":
        tier = data.draw(st.sampled_from(sorted(design.tiers)))
        before = design.tiers[tier].count
        target, change = tier, {"count": data.draw(st.integers(max(1, before - 1),
                                                                before + 1))}
    else:
        bundle = data.draw(st.sampled_from(sorted(design.bundles)))
        found = design.bundles[bundle]
        if kind == "speed":
            change = {"speed_gbps": data.draw(st.sampled_from(
                [found.speed_gbps, found.speed_gbps / 2, 100.0, 400.0]))}
        else:
            change = {"links_per_member": data.draw(st.integers(
                max(1, found.links_per_member - 1), found.links_per_member + 1))}
        target = bundle
    with contextlib.suppress(DesignError):
        design.update(target, **change)


def _same_as_fresh(engine: Engine, design: Design, whole_cut: bool) -> None:
    """Every figure of the warm engine equals a fresh engine's; the witness cut too when
    ``whole_cut`` (Dragonfly+, see module doc), else the warm cut is a cut of the same
    balance that crosses exactly what it reports."""
    warm = engine.compute_all(design)
    cold = Engine().compute_all(design)
    if whole_cut:
        assert warm.bisection == cold.bisection
        assert warm == cold
        return
    assert warm.bisection.cut.accelerators_a == cold.bisection.cut.accelerators_a
    assert sum(warm.bisection.cut.crossing_gbps.values()) == pytest.approx(
        warm.bisection.gbps, rel=1e-9)
    cut = cold.bisection.cut
    assert replace(warm, bisection=replace(warm.bisection, cut=cut)) == cold


@settings(QUICK, max_examples=15)
@given(st.sampled_from(CASES), st.data())
def test_random_edit_sequences_warm_equal_fresh(case: tuple[str, dict[str, Any]],
                                                data: Any) -> None:
    family, params = case
    design = TEMPLATES[family].build(**params)
    engine = Engine()
    engine.compute_all(design)
    for _ in range(6):
        _edit(design, data)
        _same_as_fresh(engine, design, family == "dragonfly-plus")


@pytest.mark.parametrize(("family", "params"), CASES, ids=str)
def test_each_rack_group_edited_and_put_back(family: str, params: dict[str, Any]) -> None:
    """Every rack group in turn loses a rack and gets it back, then the first group's
    uplink bundle doubles its speed and halves it back: warm equals fresh each time."""
    design = TEMPLATES[family].build(**params)
    whole_cut = family != "superpod"
    engine = Engine()
    engine.compute_all(design)
    for group in list(design.rack_groups.values()):
        if group.count > 1:
            design.update(group.id, count=group.count - 1)
            _same_as_fresh(engine, design, whole_cut)
            design.update(group.id, count=group.count)
            _same_as_fresh(engine, design, whole_cut)
    bundle = next(iter(design.bundles.values()))
    for speed in (bundle.speed_gbps * 2, bundle.speed_gbps):
        design.update(bundle.id, speed_gbps=speed)
        _same_as_fresh(engine, design, whole_cut)


@pytest.mark.xfail(strict=True, reason="top-pod ties follow what the engine remembers")
def test_superpod_cut_after_six_edits() -> None:
    """A SuperPOD of 3 SUs after six edits, the last making the leaf-spine links of one
    SU 33 per leaf: the pod-tree DP's cut (inexact, the tree is no longer uniform) is
    the same warm as fresh. When the top pod combined its remembered child groups
    first, the warm engine put 288 + 112 accelerators of SU 1 and 2 on side A where a
    fresh one put 272 + 128, at the same 45,200 Gb/s."""
    design = TEMPLATES["superpod"].build(sus=3)
    engine = Engine()
    engine.compute_all(design)
    edits: list[tuple[str, dict[str, Any]]] = [
        ("su-2-leaf-spine", {"speed_gbps": 100.0}), ("su-3-leaf-spine", {"speed_gbps": 100.0}),
        ("su-1-racks", {"count": 9}), ("su-1-rails", {"links_per_member": 9}),
        ("spine", {"count": 17}), ("su-2-leaf-spine", {"links_per_member": 33})]
    for target, change in edits:
        design.update(target, **change)
        _same_as_fresh(engine, design, whole_cut=True)


@settings(QUICK, max_examples=10)
@given(st.sampled_from([case for case in CASES if case[0] != "dragonfly-plus"]), st.data())
def test_edits_in_any_order_give_one_cut(case: tuple[str, dict[str, Any]],
                                         data: Any) -> None:
    """The same edits, each of another element (so their order does not change the
    design they lead to, unless the design refuses one), applied in two random orders
    by two engines kept warm: each ends with a fresh engine's bisection (capacity,
    exactness, balance), and a cut crossing what it reports (see module doc)."""
    family, params = case
    first = TEMPLATES[family].build(**params)
    elements = sorted({*first.rack_groups, *first.bundles})
    chosen = data.draw(st.lists(st.sampled_from(elements), min_size=2, max_size=5,
                                unique=True))
    edits: list[tuple[str, dict[str, Any]]] = []
    for element in chosen:
        if element in first.rack_groups:
            count = first.rack_groups[element].count
            edits.append((element, {"count": data.draw(st.integers(1, count + 1))}))
        else:
            speed = first.bundles[element].speed_gbps
            edits.append((element, {"speed_gbps": data.draw(st.sampled_from(
                [speed / 2, speed * 2]))}))
    for order in (edits, data.draw(st.permutations(edits))):
        design = TEMPLATES[family].build(**params)
        engine = Engine()
        engine.compute_all(design)
        for target, change in order:
            with contextlib.suppress(DesignError):
                design.update(target, **change)
            engine.compute_all(design)
        warm, cold = engine.compute_all(design).bisection, Engine().compute_all(design).bisection
        assert (warm.gbps, warm.exact, warm.cut.accelerators_a) == (
            cold.gbps, cold.exact, cold.cut.accelerators_a)
        assert sum(warm.cut.crossing_gbps.values()) == pytest.approx(warm.gbps, rel=1e-9)
