"""Dragonfly+ designs whose leaves hold different numbers of accelerators — a group cut
to fewer racks than leaves, each rack then taking two or more leaves (the ``rack``
pattern) — against the integer program and BFS on the expanded graph
(``tests/reference``): the closed form of :mod:`model.metrics.bisection.dragonfly_cut`
(section "Leaves holding different numbers") proves the bisection, the island pair
capacities are its separations, the hops its closed form. Before, such a design left
the closed form (the bisection was the heuristic's cut with a bound of 200–800 Gb/s).
"""

from __future__ import annotations

import pytest

from model.design import Design
from model.metrics import Engine
from model.metrics.bisection.dragonfly_cut import dragonfly_minimum
from model.metrics.bisection.solvers import dragonfly_plus, heuristic
from model.metrics.representation.dragonfly_shape import dragonfly_shape
from model.metrics.representation.endpoints import build_endpoints
from model.metrics.representation.topology import resolve
from tests.reference.compare import hops_mismatches
from tests.reference.expand import expand
from tests.reference.slow_metrics import bisection_milp, hops
from tests.reference.test_dragonfly_bound import SPEED, dragonfly
from tests.reference.test_dragonfly_exact import _separations

CLOSED_FORM = (dragonfly_plus, heuristic)


def _cut(k: int, groups: int, routers: int, racks: dict[int, int]) -> Design:
    design = dragonfly(k, groups, routers)
    for group, count in racks.items():
        design.update(f"group-{group}-hosts", count=count)
    return design


CASES = [
    pytest.param(8, 3, 0, {1: 2}, 4000.0, id="k8-g3-first-2-racks"),
    pytest.param(8, 3, 0, {1: 1}, 3600.0, id="k8-g3-first-1-rack"),
    pytest.param(8, 5, 0, {1: 2}, 5600.0, id="k8-g5-first-2-racks"),
    pytest.param(6, 4, 0, {1: 1, 3: 1}, None, id="k6-g4-two-groups-cut"),
    pytest.param(6, 3, 0, {1: 1}, 1400.0, id="k6-g3-first-1-rack"),
    pytest.param(4, 3, 0, {1: 1}, 1000.0, id="k4-g3-first-1-rack"),
    pytest.param(8, 3, 4, {1: 1}, 2000.0, id="k8-g3-r4-first-1-rack"),
]


@pytest.mark.parametrize(("k", "groups", "routers", "racks", "minimum"), CASES)
def test_uneven_leaves_exact_against_integer_program(
        k: int, groups: int, routers: int, racks: dict[int, int],
        minimum: float | None) -> None:
    """The closed form alone (no integer program in the engine) proves the minimum,
    which the integer program on the expanded graph finds; the cut is balanced."""
    design = _cut(k, groups, routers, racks)
    topo = resolve(design)
    shape = dragonfly_shape(topo, build_endpoints(topo))
    assert shape is not None and not shape.even  # leaves hold different numbers
    reference = bisection_milp(expand(design)).gbps
    if minimum is not None:
        assert reference == pytest.approx(minimum)
    got = Engine(solvers=CLOSED_FORM).compute_all(design)
    assert got.bisection.exact
    assert got.bisection.gbps == pytest.approx(reference, rel=1e-9)
    assert sum(got.bisection.cut.crossing_gbps.values()) == pytest.approx(reference)
    assert got.bisection.cut.accelerators_a == got.inventory.accelerators // 2


@pytest.mark.parametrize(("k", "groups", "routers", "racks", "minimum"), CASES[:4])
def test_uneven_leaves_pairs_and_hops(k: int, groups: int, routers: int,
                                      racks: dict[int, int], minimum: float | None) -> None:
    """Island pair capacities equal a max-flow per pair on the expanded graph, and the
    hop histogram a BFS there."""
    design = _cut(k, groups, routers, racks)
    metrics = Engine().compute_all(design)
    names = {i.name: i.id for i in design.islands.values()}
    got = {tuple(sorted((names.get(p.a, p.a), names.get(p.b, p.b)))): p.gbps
           for p in metrics.island_pairs}
    want = _separations(design, "island")
    assert got.keys() == want.keys()
    for key, value in want.items():
        assert got[key] == pytest.approx(value, rel=1e-9), key
    assert not hops_mismatches(metrics.hops, hops(expand(design)))


def test_leaves_beyond_their_uplinks_get_no_closed_form() -> None:
    """k = 8 with 4 routers a group (2 leaves of 4 hosts, 2 spines), each leaf given 2
    uplinks instead of 4, and group 1 cut to one rack (its leaves hold 2 and 2, the
    others 4): a leaf's 4 hosts' links exceed its 2 uplinks, so ℓ is not linear and
    the closed form declines; the figure is never below the integer program's minimum
    and never claimed exact unless it is that minimum."""
    design = _cut(8, 3, 4, {1: 1})
    for group in (1, 2, 3):
        design.update(f"group-{group}-leaf-spine", links_per_member=2)
    topo = resolve(design)
    shape = dragonfly_shape(topo, build_endpoints(topo))
    assert shape is not None and not shape.even
    assert dragonfly_minimum(shape, shape.held.sum() // 2) is None
    reference = bisection_milp(expand(design)).gbps
    got = Engine(solvers=CLOSED_FORM).compute_all(design).bisection
    assert got.gbps >= reference * (1 - 1e-9)
    if got.exact:
        assert got.gbps == pytest.approx(reference, rel=1e-9)


def test_k64_first_group_of_16_racks_hand_count() -> None:
    """The default k = 64 Dragonfly+ (33 groups of 32 leaves of 32 hosts, 32 spines)
    with group 1 cut to 16 racks: each rack takes two leaves, 16 hosts each, N = 33,280,
    T = 16,640. 16 groups in S without group 1: 16·17 × 32 = 8,704 global links, and
    H_S = 16,384, 256 short of T, so 256 hosts' links across: 8,960 links. With group 1
    in S and 15 others: H_S = 15,872 + 512 = 16,384, the same. 8,960 × 200 Gb/s =
    1,792 Tb/s (the heuristic's figure before, then with a bound far below)."""
    design = dragonfly(64)
    design.update("group-1-hosts", count=16)
    got = Engine(solvers=CLOSED_FORM).compute_all(design)
    assert got.inventory.accelerators == 33_280
    assert got.bisection.exact
    assert got.bisection.gbps == pytest.approx(8_960 * SPEED)
