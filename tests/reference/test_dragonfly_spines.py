"""The exact bisection of small uneven Dragonfly+ designs by every placement of their
spines (:mod:`model.metrics.bisection.group_spines`, the solver
:func:`~model.metrics.bisection.solvers.uneven_dragonfly`), against the integer program
on the expanded graph (``tests/reference``), or the engine's own integer program where
the expansion cannot lay the design out."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from model.design import Design
from model.metrics import Engine
from model.metrics.bisection import group_bound, group_spines
from model.metrics.bisection.solvers import integer_program, uneven_dragonfly
from model.metrics.representation.endpoints import build_endpoints
from model.metrics.representation.topology import resolve
from tests.reference.expand import expand
from tests.reference.slow_metrics import bisection_milp
from tests.reference.test_dragonfly_bound import SPEED, dragonfly
from tests.reference.test_dragonfly_uneven import uneven_dragonflies


def _reference(design: Design, engine_reference: bool) -> float:
    """The integer program's minimum (module doc)."""
    if engine_reference:
        solved = Engine(solvers=(integer_program,)).compute_all(design).bisection
        assert solved.exact
        return solved.gbps
    return bisection_milp(expand(design)).gbps


def test_eight_three_six_is_exact() -> None:
    """k = 8, 3 groups of 3 leaves (4 hosts, 4 uplinks over 3 spines) and 3 spines:
    the bounds of whole spine counts give 3,200 Gb/s, the integer program 3,600; the
    default engine now proves 3,600 (18 links of 200 Gb/s) and shows no bound."""
    design = dragonfly(8, 3, 6)
    assert bisection_milp(expand(design)).gbps == pytest.approx(18 * SPEED)
    got = Engine().compute_all(design).bisection
    assert got.exact and got.lower_bound_gbps is None
    assert got.gbps == pytest.approx(18 * SPEED)
    assert got.cut.accelerators_a == 18


@settings(max_examples=30, deadline=None)
@given(uneven_dragonflies())
def test_least_equals_the_integer_program(case: tuple[Design, bool]) -> None:
    """The least over the spines' placements equals the minimum wherever it runs (a
    leaf's accelerators' links alike in every drawn design), the cut laid out recounts
    to it, and the solver alone calls it exact; the engine's figure is never below the
    minimum and exact only at it."""
    design, engine_reference = case
    reference = _reference(design, engine_reference)
    topo = resolve(design)
    ep = build_endpoints(topo)
    target = ep.count // 2
    groups = group_bound.read_groups(topo, ep)
    if groups is not None:
        solved = group_spines.spine_minimum(groups, ep, topo.switches, target)
        assert solved is not None  # small designs: always within the limit
        assert solved.gbps == pytest.approx(reference, rel=1e-9)
        alone = Engine(solvers=(uneven_dragonfly,)).compute_all(design).bisection
        assert alone.exact and alone.gbps == pytest.approx(reference, rel=1e-9)
    got = Engine().compute_all(design).bisection
    assert got.gbps >= reference * (1 - 1e-9)
    if got.exact:
        assert got.gbps == pytest.approx(reference, rel=1e-9)
    else:
        assert got.lower_bound_gbps is not None
        assert got.lower_bound_gbps <= reference * (1 + 1e-9)


def test_beyond_the_limit_no_answer() -> None:
    """k = 8, 5 groups of 3 spines and 3 leaves of 4 hosts: T = 30, q = 7, r = 2, so
    the DP touches Σᵢ 2^(3i)·8·(3 + 1)·2·2 = 128·37,448 = 4,793,344 entries: solved
    under the limit (4,800 Gb/s, the integer program's in
    ``test_dragonfly_uneven.py``), None with the limit just below."""
    design = dragonfly(8, 5, 6)
    topo = resolve(design)
    ep = build_endpoints(topo)
    groups = group_bound.read_groups(topo, ep)
    assert groups is not None
    work = group_spines.spine_work(groups, ep.count // 2)
    assert work == 4_793_344
    solved = group_spines.spine_minimum(groups, ep, topo.switches, ep.count // 2)
    assert solved is not None and solved.gbps == pytest.approx(24 * SPEED)
    saved = group_spines.MAX_WORK
    group_spines.MAX_WORK = work - 1
    try:
        assert group_spines.spine_minimum(groups, ep, topo.switches, ep.count // 2) is None
    finally:
        group_spines.MAX_WORK = saved
