"""The bisection's proven lower bound (:mod:`model.metrics.bisection_bound`) and the
pair capacities by classes of interchangeable islands
(:mod:`model.metrics.interchangeable`) on Dragonfly+ designs, against hand counts and
the reference (integer program and max-flows on the expanded graph)."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from model.design import Design
from model.metrics import Engine
from model.metrics.bisection_bound import dragonfly_lower_bound
from model.metrics.bisection_solvers import heuristic
from model.metrics.endpoints import build_endpoints
from model.metrics.interchangeable import island_classes
from model.metrics.topology import resolve
from model.reports.metrics_json import metrics_to_json
from model.templates import TEMPLATES
from tests.reference.expand import expand
from tests.reference.slow_metrics import bisection_milp, separation_gbps

SPEED = 200.0


def dragonfly(k: int, groups: int = 0, routers: int = 0, speed: float = SPEED) -> Design:
    """A Dragonfly+ from the template."""
    return TEMPLATES["dragonfly-plus"].build(k=k, groups=groups, routers=routers,
                                             speed_gbps=speed)


def bound_of(design: Design) -> float | None:
    """The lower bound on the design's balanced cuts (⌊N/2⌋ on side A)."""
    topo = resolve(design)
    ep = build_endpoints(topo)
    return dragonfly_lower_bound(topo, ep, ep.count // 2)


def test_four_groups_hand_count() -> None:
    """k = 8, 4 groups: 4 leaves and 4 spines a group, 4 hosts a leaf, H = 16, N = 64,
    u = 4 uplinks a leaf, g = 1 global link per spine per other group, all links s.

    A balanced cut has |A| = 32 = 2·H, so S_min = 0, and the bound is 1024·d₁ for
    any d₂ ≥ d₁. The global links allow d₁·16²/(4·1) ≤ s, i.e. d₁ ≤ s/64; the host
    links 48·d₁ + 15·d₂ ≤ s then leave d₂ up to s/60 ≥ d₁. So the bound is
    1024·s/64 = 16·s — and two groups against two cut 2·2 pairs × 4 links = 16 links:
    the bound proves the best cut, and the engine (heuristic only) reports it exact."""
    design = dragonfly(8, groups=4)
    assert bound_of(design) == pytest.approx(16 * SPEED, rel=1e-12)
    got = Engine(solvers=(heuristic,)).compute_all(design).bisection
    assert got.exact and got.gbps == pytest.approx(16 * SPEED)


def test_five_groups_hand_count() -> None:
    """k = 8, 5 groups (the default): H = 16, N = 80, |A| = 40 = 2.5·H, so
    S_min = 8·8 = 64 (one group halved) and S_max = 5·8·8 = 320 (every group halved);
    |A||B| = 1600. Constraints: hosts 64·d₁ + 15·d₂ ≤ s, leaf uplinks
    4·(64·d₁ + 12·d₂)/4 ≤ s, global links d₁ ≤ s/64. With d₂ ≥ d₁ the bound is
    1536·d₁ + 64·d₂, largest at d₁ = d₂ = s/79 (the host constraint): 1600·s/79;
    with d₂ ≤ d₁ it is 1280·d₁ + 320·d₂, at most 20·s (d₁ = s/64, d₂ = 0) < 1600·s/79.
    So the bound is 1600·s/79 ≈ 20.25·s (below the minimum, 32·s by the integer
    program), and the JSON report shows it beside the heuristic's cut."""
    design = dragonfly(8)
    want = float(Fraction(1600, 79) * Fraction(SPEED))
    assert bound_of(design) == pytest.approx(want, rel=1e-12)
    metrics = Engine(solvers=(heuristic,)).compute_all(design)
    section = metrics_to_json(design, metrics)["bisection"]
    assert section["exact"] is False
    assert section["lower_bound_gbps"] == pytest.approx(want, rel=1e-12)
    assert section["lower_bound_gbps"] <= section["gbps"]


def test_an_exact_figure_is_its_own_bound_in_the_json_report() -> None:
    """The 4-group k = 8 system proven by its bound (16·s, hand count above): the
    report's ``lower_bound_gbps`` is the figure itself."""
    design = dragonfly(8, groups=4)
    section = metrics_to_json(design, Engine(solvers=(heuristic,)).compute_all(design))[
        "bisection"]
    assert section["exact"] is True
    assert section["lower_bound_gbps"] == section["gbps"] == pytest.approx(16 * SPEED)


def test_no_bound_for_a_hierarchical_design() -> None:
    """A fat-tree is not of the checked shape: no bound (its DP is exact anyway)."""
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
    (Routers whose uplinks do not spread evenly over the spines get no bound.)"""
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


@pytest.mark.parametrize(("k", "groups", "exact"), [(8, 4, True), (16, 8, True), (4, 2, False)])
def test_alike_groups_with_even_count(k: int, groups: int, exact: bool) -> None:
    """With an even number of groups and the global links the bottleneck of the flow,
    the bound reaches the halving cut (groups/2)² · P·g links and the engine (heuristic
    only) proves it: k = 8, 4 groups: 4·4 = 16 links; k = 16, 8 groups: 16·8 = 128.
    With k = 4, 2 groups the hosts' own links limit the flow first (d₁ ≤ s/7, bound
    16·s/7 < the 4 global links): not proven, the bound stays below the integer
    program's minimum."""
    design = dragonfly(k, groups=groups)
    got = Engine(solvers=(heuristic,)).compute_all(design).bisection
    assert got.exact is exact
    if exact:
        assert got.gbps == pytest.approx((groups // 2) ** 2 * (k // 2) * SPEED)
    else:
        assert got.lower_bound_gbps == pytest.approx(16 * SPEED / 7)
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
