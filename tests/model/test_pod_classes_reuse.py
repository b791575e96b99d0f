"""The classes of each pod's switches (:mod:`model.metrics.bisection.pod_classes`) are
kept in the engine's memory by the tree's structure and its links' capacities relative
to each pod's largest uplink: an edit of a rack group's count, or of one island's
uplink speed, finds them without a refinement, and they are those a fresh computation
gives. Scaling one pod's uplinks by one factor keeps the classes (the argument in
``_numbered``); changing one of them only does not, and is refined anew."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import numpy as np
import pytest

from model.metrics import Engine
from model.metrics.bisection import pod_classes as pcm
from model.metrics.bisection.pods import PodTree
from model.metrics.memory import Memory, remembering
from tests.reference.campuses import heterogeneous_campus


@pytest.fixture
def seen(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, list[object]]]:
    """The refinements run, and the trees and classes made (the last run's last)."""
    out: dict[str, list[object]] = {"refined": [], "trees": [], "classes": []}
    refine, made = pcm.refine, pcm._pod_classes

    def counted_refine(*args: object, **kwargs: object) -> object:
        out["refined"].append(1)
        return refine(*args, **kwargs)  # type: ignore[arg-type]

    def recorded(tree: PodTree, most: int) -> object:
        found = made(tree, most)
        out["trees"].append(tree)
        out["classes"].append(found)
        return found

    monkeypatch.setattr(pcm, "refine", counted_refine)
    monkeypatch.setattr(pcm, "_pod_classes", recorded)
    yield out


def _same(a: object, b: object) -> None:
    assert isinstance(a, pcm.PodClasses) and isinstance(b, pcm.PodClasses)
    for name in ("node_of_member", "class_of_member", "count", "child", "child_class",
                 "parent_class", "ptr", "kind", "placed"):
        assert np.array_equal(getattr(a, name), getattr(b, name)), name
    assert np.allclose(a.capacity, b.capacity, rtol=1e-12, atol=0.0)


def test_rack_and_speed_edits_of_the_campus_find_the_classes(
        seen: dict[str, list[object]]) -> None:
    """Heterogeneous 100K campus: one rack fewer in island 1, then island 1's
    spine-to-core speed halved: no refinement, and the classes and the bisection are
    a fresh engine's."""
    design = heterogeneous_campus()
    group = next(iter(design.rack_groups.values()))
    uplink = next(b for b in design.bundles.values()
                  if design.kind_of(b.lower) == "tier" and "core" in b.upper)
    warm = Engine()
    warm.compute_all(design)
    assert seen["refined"]
    edits = ((group.id, {"count": group.count - 1}),
             (uplink.id, {"speed_gbps": uplink.speed_gbps / 2}))
    for element, change in edits:
        design.update(element, **change)
        seen["refined"].clear()
        got = warm.compute_all(design).bisection
        assert seen["refined"] == []
        kept = seen["classes"][-1]
        fresh = Engine().compute_all(design).bisection
        assert seen["refined"]  # the fresh engine refines
        _same(kept, seen["classes"][-1])
        assert got.exact and fresh.exact
        assert got.gbps == fresh.gbps
        assert got.cut == fresh.cut



def test_speed_edits_sum_the_kept_grouping_bit_for_bit(
        seen: dict[str, list[object]]) -> None:
    """Heterogeneous 100K campus, random spine-to-core and leaf-to-spine speeds, each
    edit twice (from the second time the classes come, how the links are summed is
    kept and only the capacities are summed anew): every array of the classes,
    capacities included, is a fresh engine's, bit for bit; and the kept grouping was
    used."""
    design = heterogeneous_campus()
    bundles = sorted(b.id for b in design.bundles.values() if design.kind_of(b.lower) == "tier")
    rng = np.random.default_rng(7)
    warm = Engine()
    warm.compute_all(design)
    used = 0
    for _ in range(4):
        bundle = design.bundles[str(rng.choice(bundles))]
        for factor in (0.5, 0.25):
            design.update(bundle.id, speed_gbps=float(bundle.speed_gbps * factor
                                                      + rng.integers(1, 9)))
            warm.compute_all(design)
            kept = seen["classes"][-1]
            used += any(isinstance(v, pcm._Grouping)
                        for v, _ in warm.memory.class_links._entries.values())
            Engine().compute_all(design)
            fresh = seen["classes"][-1]
            _same(kept, fresh)
            assert isinstance(kept, pcm.PodClasses) and isinstance(fresh, pcm.PodClasses)
            assert np.array_equal(kept.capacity, fresh.capacity)
    assert used


def _with_uplinks(tree: PodTree, factor: float, only_first: bool) -> PodTree:
    """``tree`` with the uplinks of the first pod that has several own switches and a
    parent multiplied by ``factor`` (all of them, or the first only)."""
    counts = np.diff(tree.own_ptr)
    pod = next(int(p) for p in np.flatnonzero(counts > 1) if tree.parent[p] >= 0)
    s_lo, s_hi, s_cap = tree.switch_edges
    mine = np.isin(s_lo, tree.own(pod))
    if only_first:
        mine &= np.arange(s_lo.size) == int(np.flatnonzero(mine)[0])
    return replace(tree, switch_edges=(s_lo, s_hi, np.where(mine, s_cap * factor, s_cap)),
                   derived={})


def test_one_pods_uplinks_scaled_alike_keep_the_classes_one_alone_does_not(
        seen: dict[str, list[object]]) -> None:
    """On the campus's tree, in one memory: every uplink of an island pod × 1.7 finds
    the classes kept; one of them alone × 1.7 is refined anew, parts that switch from
    its fellows, and both equal a computation with nothing kept."""
    Engine().compute_all(heterogeneous_campus())
    tree = seen["trees"][-1]
    assert isinstance(tree, PodTree) and tree.structure is not None
    memory = Memory()
    with remembering(memory):
        first = pcm.pod_classes(replace(tree, derived={}))
        assert len(seen["refined"]) > 0
        seen["refined"].clear()
        scaled = _with_uplinks(tree, 1.7, only_first=False)
        alike = pcm.pod_classes(scaled)
        assert seen["refined"] == []
        alone_tree = _with_uplinks(tree, 1.7, only_first=True)
        alone = pcm.pod_classes(alone_tree)
        assert len(seen["refined"]) == 1
    assert first is not None and alike is not None and alone is not None
    _same(alike, pcm._pod_classes(replace(scaled, derived={}), pcm.MAX_OWN))
    _same(alone, pcm._pod_classes(replace(alone_tree, derived={}), pcm.MAX_OWN))
    assert int(alone.count.sum()) > int(first.count.sum())


def test_links_read_are_kept_across_count_edits_and_are_a_fresh_engines(
        seen: dict[str, list[object]], monkeypatch: pytest.MonkeyPatch) -> None:
    """What the classes read of the switch links (``_links_read``) is kept by the
    tree's structure, its switch capacities' key and which levels are alike: through
    rack-count edits, speed edits of links between tiers and back, every array of the
    warm engine's classes is a fresh engine's, bit for bit, and a count edit reads the
    switch links no more."""
    made: list[int] = []
    original = pcm._LinksRead

    def counted(*args: object) -> object:
        made.append(1)
        return original(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(pcm, "_LinksRead", counted)
    design = heterogeneous_campus()
    group = next(iter(design.rack_groups.values()))
    between = sorted((b for b in design.bundles.values() if design.kind_of(b.lower) == "tier"),
                     key=lambda b: b.id)
    uplink = next(b for b in between if "core" in b.upper)
    inside = next(b for b in between if "core" not in b.upper)
    warm = Engine()
    warm.compute_all(design)
    edits = ((group.id, "count", group.count - 1), (uplink.id, "speed_gbps", 200.0),
             (group.id, "count", group.count - 2), (inside.id, "speed_gbps", 100.0),
             (uplink.id, "speed_gbps", uplink.speed_gbps), (group.id, "count", group.count))
    for element, name, value in edits:
        design.update(element, **{name: value})
        made.clear()
        got = warm.compute_all(design).bisection
        if name == "count":
            assert made == []  # the switch links were not read
        kept = seen["classes"][-1]
        fresh = Engine().compute_all(design).bisection
        assert made  # the fresh engine reads them
        assert isinstance(kept, pcm.PodClasses)
        _same(kept, seen["classes"][-1])
        assert np.array_equal(kept.capacity, seen["classes"][-1].capacity)  # type: ignore[union-attr]
        assert (got.gbps, got.exact, got.cut.accelerators_a) == (
            fresh.gbps, fresh.exact, fresh.cut.accelerators_a)


def test_links_between_classes_are_the_entries_summed(seen: dict[str, list[object]]) -> None:
    """``PodClasses.links`` places each (child class, parent class) entry: on the
    campus's tree every node's matrix equals the entries added one by one."""
    Engine().compute_all(heterogeneous_campus())
    tree, cl = seen["trees"][-1], seen["classes"][-1]
    assert isinstance(tree, PodTree) and isinstance(cl, pcm.PodClasses)
    for node in np.flatnonzero(tree.parent >= 0).tolist():
        rows, columns = int(cl.count[node]), int(cl.count[tree.parent[node]])
        expected = np.zeros((max(rows, 1), columns))
        span = slice(int(cl.ptr[node]), int(cl.ptr[node + 1]))
        np.add.at(expected, (cl.child_class[span], cl.parent_class[span]), cl.capacity[span])
        assert np.array_equal(cl.links(node, rows, columns), expected), node
