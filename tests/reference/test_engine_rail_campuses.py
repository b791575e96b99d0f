"""Campuses of rail-optimized islands re-equipped and left partly filled (issue #17):
the bisection is exact and equals the reference's integer program.

A rail block left partly filled gives units of coprime sizes (21 and 37 GPUs beside 32
in the full campus), so the grid of the bisection DP is one accelerator; islands whose
planes reach part of the core make the core's switches unlike. The full campus of
78,848 GPUs is too large for the reference, so the same shape is scaled down
(:mod:`tests.reference.rail_campuses`) and the full one is checked against a value
derived by hand. The engine's own integer program is switched off so that it cannot
stand in for the DP.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from model.design import Design
from tests.reference.campuses import reequipped_islands_campus
from tests.reference.compare import close
from tests.reference.expand import expand
from tests.reference.rail_campuses import SCALED_DOWN, rail_campus, rail_campuses
from tests.reference.slow_metrics import bisection_milp
from tests.reference.test_engine_failures_vs_reference import QUICK, _check, failures_of
from tests.reference.test_engine_uneven_switches import without_integer_program


def _mismatch(design: Design) -> str | None:
    m = without_integer_program().compute_all(design)
    ref = bisection_milp(expand(design)).gbps
    if not m.bisection.exact:
        return f"bisection not proven exact: {m.bisection.gbps} (minimum {ref})"
    if not close(m.bisection.gbps, ref):
        return f"bisection (exact): expected {ref}, got {m.bisection.gbps}"
    if not close(sum(m.bisection.cut.crossing_gbps.values()), ref):
        return f"the cut crosses {sum(m.bisection.cut.crossing_gbps.values())}, not {ref}"
    return None


def test_scaled_down_reequipped_campus_matches_reference() -> None:
    assert _mismatch(rail_campus(SCALED_DOWN)) is None


@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(rail_campuses())
def test_rail_campuses_match_reference(design: Design) -> None:
    problem = _mismatch(design)
    assert problem is None, problem


@QUICK
@given(st.data(), rail_campuses())
def test_rail_campuses_with_failures_match_reference(compute_all: Callable[..., Any],
                                                     data: st.DataObject,
                                                     design: Design) -> None:
    """Racks, switches and links down (counted or listed, a single link of a bundle
    among them): every figure against the reference, the bisection exact."""
    _check(compute_all, design, data.draw(failures_of(design)))


def test_reequipped_campus_bisection_is_exact() -> None:
    """The 78,848-GPU campus: 39,424 GPUs on each side. Every rail plane is a pod of
    its own under the core (1,536 GPUs behind 384 uplinks in islands 1, 3 and 5, 1,024
    in island 2, 768 in island 4, 384 in island 6; 192 uplinks in island 7, 96 in
    island 8). With the core on one side, the other side's GPUs cost their planes'
    uplinks, cheapest per GPU first: all of islands 8 and 7 (768 + 1,536 uplinks for
    24,576 GPUs), then 9 planes of 1,536 GPUs at 384 uplinks each (13,824 GPUs, 3,456
    uplinks), and the last 1,024 GPUs cost at least 384 more — a whole plane of island
    2, where part of a 1,536-GPU plane costs 1,024 leaf links, or its 384 uplinks and
    512 leaf links. That is 6,144 uplinks × 400 Gb/s = 2,457.6 Tb/s; splitting the
    core does not help, as the scaled-down campuses check against the integer
    program."""
    design = reequipped_islands_campus()
    m = without_integer_program().compute_all(design)
    assert m.inventory.accelerators == 78_848
    assert m.bisection.exact
    assert m.bisection.gbps == 6_144 * 400.0
    assert m.bisection.cut.accelerators_a == 39_424
    assert close(sum(m.bisection.cut.crossing_gbps.values()), m.bisection.gbps)
