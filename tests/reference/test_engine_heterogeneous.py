"""Heterogeneous campuses — islands that differ in chip, size and oversubscription under
one core — against the reference: the bisection is exact and equal to the reference's
integer program, and pair capacities equal the minimum cuts of the expanded graph.

Their pod trees are not uniform (an island's rail plane with few uplinks reaches only
part of the core), so these exercise the DP over classes of switches
(:mod:`model.metrics.bisection.pod_dp_switches`) and the pair DP over classes
(:mod:`model.metrics.pair_classes`); the engine's own integer program is switched off
so that it cannot stand in for them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from model.design import Design
from model.metrics import Engine
from tests.reference.campuses import heterogeneous_campus
from tests.reference.compare import (
    assert_pairs_are_member_max_flows,
    close,
    hops_mismatches,
    pair_mismatches,
)
from tests.reference.expand import expand
from tests.reference.random_designs import heterogeneous_campuses
from tests.reference.slow_metrics import bisection_milp, hops
from tests.reference.test_engine_uneven_switches import without_integer_program


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(heterogeneous_campuses())
def test_heterogeneous_campuses_match_reference(design: Design) -> None:
    m = without_integer_program().compute_all(design)
    ex = expand(design)
    ref = bisection_milp(ex).gbps
    problems = hops_mismatches(m.hops, hops(ex))
    if not m.bisection.exact:
        problems.append(f"bisection not proven exact: {m.bisection.gbps} (minimum {ref})")
    elif not close(m.bisection.gbps, ref):
        problems.append(f"bisection (exact): expected {ref}, got {m.bisection.gbps}")
    problems += pair_mismatches(ex, m.island_pairs, "island")
    problems += pair_mismatches(ex, m.building_pairs, "building")
    assert not problems, "\n".join(problems)


def test_heterogeneous_100k_campus(compute_all: Callable[..., Any]) -> None:
    """The 100,352-GPU campus of tests/reference/campuses.py: the bisection is exact,
    and every island and building pair equals a max-flow on the member-level network."""
    design = heterogeneous_campus()
    m = Engine().compute_all(design)
    assert m.inventory.accelerators == 100_352
    assert m.bisection.exact
    assert m.bisection.cut.accelerators_a == 100_352 // 2
    assert_pairs_are_member_max_flows(design, m)
    assert sum(m.bisection.cut.crossing_gbps.values()) == pytest.approx(m.bisection.gbps)
