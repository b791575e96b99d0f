"""The bisection's proven lower bound (:mod:`model.metrics.bisection.bound`) with the
heuristic alone, and the
pair capacities by classes of interchangeable islands
(:mod:`model.metrics.representation.interchangeable`) on Dragonfly+ designs, against hand counts and
the reference (integer program and max-flows on the expanded graph)."""

from __future__ import annotations

from itertools import combinations
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from model.design import Design
from model.metrics import Engine
from model.metrics.bisection.bound import lower_bound
from model.metrics.bisection.solvers import heuristic
from model.metrics.representation.endpoints import build_endpoints
from model.metrics.representation.interchangeable import island_classes
from model.metrics.representation.topology import resolve
from model.templates import TEMPLATES
from tests.reference.expand import expand
from tests.reference.slow_metrics import bisection_milp, separation_gbps

SPEED = 200.0


def dragonfly(k: int, groups: int = 0, routers: int = 0, speed: float = SPEED) -> Design:
    """A Dragonfly+ from the template."""
    return TEMPLATES["dragonfly-plus"].build(k=k, groups=groups, routers=routers,
                                             speed_gbps=speed)


def bound_of(design: Design) -> float | None:
    """The proven lower bound on the design's balanced cuts (⌊N/2⌋ on side A)."""
    topo = resolve(design)
    ep = build_endpoints(topo)
    return lower_bound(topo, ep, ep.count // 2)


def test_no_bound_for_a_hierarchical_design() -> None:
    """A fat-tree has no peer links: no bound (its DP is exact anyway)."""
    assert bound_of(TEMPLATES["fat-tree"].build(k=4, speed_gbps=10)) is None


@st.composite
def small_dragonflies(draw: st.DrawFn) -> Design:
    """Dragonfly+ with k ≤ 8, any number of groups and routers, and the global links
    possibly at another speed than the rest."""
    k = draw(st.sampled_from([4, 6, 8]))
    groups = draw(st.integers(2, k // 2 + 1 if k < 8 else 3))
    routers = draw(st.sampled_from(list(range(2, k + 1, 2))))
    design = dragonfly(k, groups, routers, speed=draw(st.sampled_from([100.0, 200.0])))
    global_speed = draw(st.sampled_from([None, 50.0, 400.0]))
    if global_speed is not None:
        for bundle in list(design.bundles.values()):
            if bundle.id.startswith("global-"):
                design.update(bundle.id, speed_gbps=global_speed)
    return design


@settings(max_examples=15, deadline=None)
@given(small_dragonflies())
def test_bound_is_at_most_the_reference_bisection(design: Design) -> None:
    """Bound ≤ exact minimum (integer program on the expanded graph) ≤ best cut found by
    the heuristic; the heuristic's cut is claimed exact only when it is the minimum.
    (Routers whose uplinks do not spread evenly over the spines get only the bound of
    the network without its global links.)"""
    reference = bisection_milp(expand(design)).gbps
    bound = bound_of(design)
    if bound is not None:
        assert bound <= reference * (1 + 1e-9)
    got = Engine(solvers=(heuristic,)).compute_all(design).bisection
    assert got.gbps >= reference * (1 - 1e-9)
    if got.exact:
        assert got.gbps == pytest.approx(reference)
    else:
        assert (got.lower_bound_gbps is None) is (bound is None)
        assert got.lower_bound_gbps is None or got.lower_bound_gbps <= reference * (1 + 1e-9)


@pytest.mark.parametrize(("k", "groups"), [(8, 4), (16, 8), (4, 2)])
def test_alike_groups_with_even_count(k: int, groups: int) -> None:
    """With an even number of alike groups the bound (the closed form of
    :mod:`model.metrics.bisection.dragonfly_cut`) proves the heuristic's halving cut:
    (groups/2)² · P·g links, P = k/2 spines with g = (k/2) // (groups − 1) global
    links each — k = 8, 4 groups: 4·4·1 = 16; k = 16, 8 groups: 16·8·1 = 128; k = 4,
    2 groups: 1·2·2 = 4 (the integer program agrees)."""
    design = dragonfly(k, groups=groups)
    got = Engine(solvers=(heuristic,)).compute_all(design).bisection
    assert got.exact
    links = (groups // 2) ** 2 * (k // 2) * ((k // 2) // (groups - 1))
    assert got.gbps == pytest.approx(links * SPEED)
    if k == 4:
        assert got.gbps == pytest.approx(bisection_milp(expand(design)).gbps)


def _reference_pairs(design: Design) -> dict[tuple[str, str], float]:
    ex = expand(design)
    by_island: dict[str, list[Any]] = {}
    for acc in ex.accelerators:
        by_island.setdefault(ex.info[acc].island, []).append(acc)
    return {(a, b): separation_gbps(ex, by_island[a], by_island[b])
            for a, b in combinations(sorted(by_island), 2)}


@st.composite
def perturbed_dragonflies(draw: st.DrawFn) -> Design:
    """A small Dragonfly+, maybe with one group's leaf–spine links slower, or one global
    bundle slower or gone (islands then fall in two classes)."""
    k = draw(st.sampled_from([4, 6]))
    groups = draw(st.integers(3, k // 2 + 1)) if k > 4 else 3
    design = dragonfly(k, groups)
    change = draw(st.sampled_from(["none", "group", "global", "gone"]))
    if change == "group":
        group = draw(st.integers(1, groups))
        design.update(f"group-{group}-leaf-spine", speed_gbps=SPEED / 2)
    elif change == "global":
        design.update("global-1-2", speed_gbps=SPEED / 2)
    elif change == "gone":
        design.remove("global-1-2")
    return design


@settings(max_examples=10, deadline=None)
@given(perturbed_dragonflies())
def test_pair_capacities_by_classes_equal_max_flows(design: Design) -> None:
    """Island pair capacities (one max-flow per pair of classes) equal a max-flow per
    pair on the expanded graph."""
    got = {tuple(sorted((p.a, p.b))): p.gbps
           for p in Engine().compute_all(design).island_pairs}
    names = {i.name: i.id for i in design.islands.values()}
    names.update({i.id: i.id for i in design.islands.values()})
    want = {tuple(sorted((names[a], names[b]))): v
            for (a, b), v in _reference_pairs(design).items()}
    assert got.keys() == want.keys()
    for key, value in want.items():
        assert got[key] == pytest.approx(value, rel=1e-6), key


def test_classes_of_a_dragonfly() -> None:
    """Alike groups form one class; a group a rack short stands alone; the two groups
    of a global bundle at another speed, or without their global bundle, form a class
    of their own (exchanging them, or any two of the others, is an automorphism)."""
    def classes(design: Design) -> list[int]:
        topo = resolve(design)
        return island_classes(topo, build_endpoints(topo)).tolist()

    assert classes(dragonfly(8)) == [0] * 5
    short = dragonfly(8)
    short.update("group-3-hosts", count=short.rack_groups["group-3-hosts"].count - 1)
    got = classes(short)
    assert got[2] != got[0] and len({got[i] for i in (0, 1, 3, 4)}) == 1
    slow = dragonfly(8)
    slow.update("global-1-2", speed_gbps=SPEED / 2)
    assert classes(slow) == [0, 0, 1, 1, 1]
    gone = dragonfly(8)
    gone.remove("global-1-2")
    assert classes(gone) == [0, 0, 1, 1, 1]
