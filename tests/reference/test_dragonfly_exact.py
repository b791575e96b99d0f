"""The exact bisection of Dragonfly+ networks in closed form
(:mod:`model.metrics.bisection.dragonfly_cut`) and the proven lower bound of peer-linked networks
(:mod:`model.metrics.bisection.bound`), against hand counts and the integer program on
the expanded graph (``tests/reference``)."""

from __future__ import annotations

from itertools import combinations
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from model.design import Design
from model.elements import Building
from model.metrics import Engine
from model.metrics.bisection.dragonfly_cut import uniform_classes
from model.metrics.bisection.solvers import dragonfly_plus, heuristic, integer_program
from model.metrics.representation.dragonfly_shape import dragonfly_shape
from model.metrics.representation.endpoints import build_endpoints
from model.metrics.representation.topology import resolve
from model.reports.metrics_json import metrics_to_json
from tests.reference.expand import expand
from tests.reference.slow_metrics import bisection_milp, separation_gbps
from tests.reference.test_dragonfly_bound import SPEED, bound_of, dragonfly

CLOSED_FORM = (dragonfly_plus, heuristic)
"""The closed form, and the heuristic (with the bound) where it does not apply."""


def test_default_k64_hand_count() -> None:
    """k = 64, 33 groups of 32 leaves and 32 spines, 32 hosts a leaf, one global link
    per spine per other group, all links 200 Gb/s; N = 33,792, T = 16,896 = 528 leaves.
    16 groups' spines on A: 16·17 pairs of groups × 32 links = 8,704 global links; the
    A groups hold 512 leaves, so 16 full leaves stand in B groups, each with its 32
    uplinks (or its 32 hosts) across: 512 links. 9,216 × 200 Gb/s = 1,843.2 Tb/s —
    the value the heuristic found but could not prove (bound 1,689.7 Tb/s before)."""
    got = Engine().compute_all(dragonfly(64)).bisection
    assert got.exact
    assert got.gbps == pytest.approx(9216 * SPEED)
    assert got.cut.accelerators_a == 33792 // 2


def test_five_groups_hand_count() -> None:
    """k = 8, 5 groups: 4 leaves of 4 hosts and 4 spines a group, N = 80, T = 40 = 10
    leaves. Two groups' spines on A: 2·3 pairs × 4 links = 24 global links, and 2 full
    leaves in B groups with 4 links across each: 32 links — the integer program's
    minimum; the closed form proves it (the heuristic alone could not)."""
    design = dragonfly(8)
    got = Engine(solvers=CLOSED_FORM).compute_all(design).bisection
    assert got.exact and got.gbps == pytest.approx(32 * SPEED)
    section = metrics_to_json(design, Engine(solvers=CLOSED_FORM).compute_all(design))[
        "bisection"]
    assert section["exact"] is True and section["lower_bound_gbps"] == section["gbps"]


@pytest.mark.parametrize(("k", "groups", "routers"), [
    (4, 3, 0), (6, 3, 0), (4, 3, 2), (8, 5, 2), (8, 5, 4), (8, 3, 4), (12, 7, 2),
    (12, 7, 4), (6, 4, 0), (4, 2, 0)])
def test_closed_form_equals_integer_program(k: int, groups: int, routers: int) -> None:
    """Odd numbers of alike groups (3, 5, 7: one group must be split) and even ones:
    the closed form is exact and equals the integer program on the expanded graph."""
    design = dragonfly(k, groups, routers)
    got = Engine(solvers=CLOSED_FORM).compute_all(design).bisection
    assert got.exact
    assert got.gbps == pytest.approx(bisection_milp(expand(design)).gbps, rel=1e-9)


@st.composite
def speed_changed_dragonflies(draw: st.DrawFn) -> Design:
    """A small Dragonfly+ (2 to 5 groups), some global bundles at other speeds,
    maybe one group's leaf–spine links or hosts' links slower."""
    k = draw(st.sampled_from([4, 6, 8]))
    groups = draw(st.integers(2, min(k // 2 + 1, 5)))
    # (k = 8 with 8 routers a group and 4 or 5 groups takes the integer program seconds)
    routers = draw(st.sampled_from([r for r in (0, 2, 4) if r <= k
                                    and not (k == 8 and r == 0 and groups > 3)]))
    design = dragonfly(k, groups, routers)
    for bundle in sorted(b for b in design.bundles if b.startswith("global-")):
        speed = draw(st.sampled_from([None, None, 50.0, 100.0, 400.0]))
        if speed is not None:
            design.update(bundle, speed_gbps=speed)
    if draw(st.booleans()):
        design.update("group-1-leaf-spine", speed_gbps=SPEED / 2)
    if draw(st.booleans()):
        design.update("group-2-hosts-leaf", speed_gbps=SPEED / 2)
    return design


@settings(max_examples=15, deadline=None)
@given(speed_changed_dragonflies())
def test_exact_or_bounded_against_integer_program(design: Design) -> None:
    """Whatever the speeds: a figure claimed exact equals the integer program's
    minimum; otherwise minimum ≤ the cut found, and the proven bound ≤ minimum. With
    only global speeds changed the closed form always applies (a small design's groups
    are few enough to be classes of their own)."""
    reference = bisection_milp(expand(design)).gbps
    got = Engine(solvers=CLOSED_FORM).compute_all(design).bisection
    assert got.gbps >= reference * (1 - 1e-9)
    if got.exact:
        assert got.gbps == pytest.approx(reference, rel=1e-9)
    elif got.lower_bound_gbps is not None:
        assert got.lower_bound_gbps <= reference * (1 + 1e-9)
    bound = bound_of(design)
    assert bound is None or bound <= reference * (1 + 1e-9)
    local_alike = all(design.bundles[b].speed_gbps == SPEED for b in design.bundles
                      if not b.startswith("global-"))
    uneven = dragonfly_uneven(design)
    if local_alike and not uneven:
        assert got.exact


def dragonfly_uneven(design: Design) -> bool:
    """True when a leaf's uplinks do not spread evenly over its group's spines (the
    template's routers parameter below k): no closed form then."""
    spines = design.tiers["group-1-spine"].count
    return design.bundles["group-1-leaf-spine"].links_per_member % spines != 0


def test_a_leaf_without_hosts() -> None:
    """One rack fewer in group 1 of a k = 6, 3-group Dragonfly+ (3 leaves of 3 hosts
    and 3 spines a group; group 1's last leaf then holds no hosts): still of the closed
    form's shape, exact, and equal to the engine's integer program (the reference's
    expansion cannot lay out a rack pattern with fewer racks than leaves). N = 24,
    T = 12 = 4 full leaves; a leaf across costs min(3 hosts, 3 uplinks) = 3 links.
    Group 2's spines on A: 3·2 = 6 global links, its 3 leaves full, one more full leaf
    in group 3: 9 links. Groups 1 and 2: 6 global links and one of their 5 leaves
    empty: 9. No group: 4 leaves across, 12. So 9 links of 200 Gb/s."""
    design = dragonfly(6, 3)
    design.update("group-1-hosts", count=2)
    got = Engine(solvers=CLOSED_FORM).compute_all(design).bisection
    assert got.exact
    want = Engine(solvers=(integer_program,)).compute_all(design).bisection
    assert want.exact and got.gbps == pytest.approx(want.gbps)
    assert got.gbps == pytest.approx(9 * SPEED)


def test_uniform_classes() -> None:
    """Speeds that depend only on classes are found; a ring of speeds (every group sees
    one fast and one slow neighbour, and one that is neither) is not."""
    s = np.full((5, 5), 2.0)
    np.fill_diagonal(s, 0)
    s[3, 4] = s[4, 3] = 1.0
    assert uniform_classes(s, np.zeros(5, np.int64)).tolist() == [0, 0, 0, 1, 1]
    ring = np.array([[0, 1, 2, 3, 3], [1, 0, 1, 2, 3], [2, 1, 0, 1, 2], [3, 2, 1, 0, 1],
                     [3, 3, 2, 1, 0]], dtype=float)
    assert uniform_classes(ring, np.zeros(5, np.int64)) is None


def test_peer_links_outside_the_shape_get_a_bound() -> None:
    """k = 8 with 6 routers a group (3 leaves of 4 uplinks over 3 spines: not even), 3
    groups: no closed form; the bound is that of uneven groups
    (:mod:`model.metrics.bisection.group_levels`, 3,200 Gb/s), below the integer
    program's minimum (3,600) and above the bisection without the global links (one
    group split: its internal cut, 1,200)."""
    design = dragonfly(8, 3, 6)
    got = Engine(solvers=CLOSED_FORM).compute_all(design).bisection
    reference = bisection_milp(expand(design)).gbps
    assert got.lower_bound_gbps is not None
    assert 6 * SPEED < got.lower_bound_gbps <= reference <= got.gbps


def _separations(design: Design, level: str) -> dict[tuple[str, str], float]:
    """Max-flow between the accelerators of every two islands (or buildings) on the
    expanded graph, by the elements' ids."""
    ex = expand(design)
    by: dict[str, list[Any]] = {}
    for acc in ex.accelerators:
        info = ex.info[acc]
        by.setdefault(info.island if level == "island" else info.building, []).append(acc)
    return {(a, b): separation_gbps(ex, by[a], by[b]) for a, b in combinations(sorted(by), 2)}


@st.composite
def two_hall_dragonflies(draw: st.DrawFn) -> Design:
    """A small Dragonfly+ with some global bundles at other speeds and its groups
    dealt over two buildings."""
    k = draw(st.sampled_from([4, 6]))
    groups = draw(st.integers(3, k // 2 + 1))
    design = dragonfly(k, groups)
    for bundle in sorted(b for b in design.bundles if b.startswith("global-")):
        speed = draw(st.sampled_from([None, None, 50.0, 400.0]))
        if speed is not None:
            design.update(bundle, speed_gbps=speed)
    design.add(Building(id="hall-2", name="Hall 2", capacity_kw=1000.0))
    for g in range(1, groups + 1):
        if draw(st.booleans()):
            design.update(f"group-{g}", building="hall-2")
    return design


@settings(max_examples=12, deadline=None)
@given(two_hall_dragonflies())
def test_pair_capacities_closed_form_equal_max_flows(design: Design) -> None:
    """Island and building pair capacities by the closed form
    (:func:`~model.metrics.bisection.dragonfly_cut.dragonfly_separations`) equal a max-flow per
    pair on the expanded graph."""
    topo = resolve(design)
    shape = dragonfly_shape(topo, build_endpoints(topo))
    assert shape is not None and shape.alike  # the closed form is what is tested
    metrics = Engine().compute_all(design)
    names = {i.name: i.id for i in design.islands.values()}
    names.update({b.name: b.id for b in design.buildings.values()})
    for level, got_pairs in (("island", metrics.island_pairs),
                             ("building", metrics.building_pairs)):
        got = {tuple(sorted((names.get(p.a, p.a), names.get(p.b, p.b)))): p.gbps
               for p in got_pairs}
        want = _separations(design, level)
        assert got.keys() == want.keys()
        for key, value in want.items():
            assert got[key] == pytest.approx(value, rel=1e-9), (level, key)
