"""The bisection's solvers are a parameter: a test chooses which run and in which
order, instead of patching private constants. Figures are checked against the fat-tree
closed form (k³/8 · r, REFERENCE.md R1) and a hand count of the dispatcher's rule (the
first exact cut ends the search; otherwise the lowest, earlier on a tie)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from model.metrics import Engine
from model.metrics.bisection.solvers import (
    DEFAULT_SOLVERS,
    BisectionProblem,
    Found,
    NoSolverError,
    Solver,
    bounded_heuristic,
    compute_bisection,
    dragonfly_plus,
    heuristic,
    integer_program,
    pod_tree_dp,
    switch_sides_dp,
    uneven_dragonfly,
)
from model.metrics.representation.endpoints import build_endpoints
from model.metrics.representation.topology import resolve
from model.metrics.results import Bisection
from model.templates import TEMPLATES

K4_GBPS = 4**3 / 8 * 10




def test_the_default_order() -> None:
    assert (switch_sides_dp, pod_tree_dp, dragonfly_plus, uneven_dragonfly,
            bounded_heuristic, integer_program, heuristic) == DEFAULT_SOLVERS


@pytest.mark.parametrize(("solvers", "exact"), [
    ((pod_tree_dp, heuristic), True),
    ((integer_program,), True),
    ((heuristic,), False),
])
def test_an_engine_uses_the_solvers_it_is_given(solvers: tuple[Solver, ...],
                                                exact: bool) -> None:
    """The DP and the integer program prove the k = 4 fat-tree's bisection; the
    heuristic alone finds a cut no smaller, and does not claim it exact."""
    got = Engine(solvers=solvers).compute_all(
        TEMPLATES["fat-tree"].build(k=4, speed_gbps=10)).bisection
    assert got.exact is exact
    assert got.gbps == K4_GBPS if exact else got.gbps >= K4_GBPS
    assert got.cut.accelerators_a == 16 // 2


def test_no_solver_is_a_clear_error() -> None:
    with pytest.raises(NoSolverError, match="no bisection solver found a cut"):
        Engine(solvers=()).compute_all(TEMPLATES["fat-tree"].build(k=4, speed_gbps=10))


def test_the_first_exact_cut_ends_the_search_else_the_lowest_is_kept() -> None:
    topo = resolve(TEMPLATES["fat-tree"].build(k=4, speed_gbps=10))
    ep = build_endpoints(topo)
    calls: list[str] = []
    real = heuristic(BisectionProblem(topo, ep, None, None, ep.count // 2), None)
    assert real is not None

    def offering(name: str, gbps: float, exact: bool) -> Solver:
        def solver(problem: BisectionProblem, found: Found | None) -> Found | None:
            calls.append(name)
            return Found(replace(real.bisection, gbps=gbps, exact=exact), confirmed=False)
        return solver

    def best(*solvers: Solver) -> Bisection:
        calls.clear()
        return compute_bisection(topo, ep, None, solvers=solvers)

    assert best(offering("a", 90, False), offering("b", 70, True),
                offering("c", 10, True)).gbps == 70
    assert calls == ["a", "b"]
    assert best(offering("a", 90, False), offering("b", 80, False),
                offering("c", 80, False)).gbps == 80
    lowest = best(offering("a", 90, False), offering("b", 80, False))
    assert not lowest.exact


def test_the_heuristic_stands_back_for_a_confirmed_cut() -> None:
    topo = resolve(TEMPLATES["fat-tree"].build(k=4, speed_gbps=10))
    ep = build_endpoints(topo)
    problem = BisectionProblem(topo, ep, None, None, ep.count // 2)
    found = heuristic(problem, None)
    assert found is not None and not found.confirmed
    assert heuristic(problem, Found(found.bisection, confirmed=True)) is None
