"""The switch-sides DP combines only the top pod's assignments that can hold the
minimum (:func:`model.metrics.bisection.switch_dp_top.bounded_rows`, on a grid of whole
units): on random heterogeneous campuses, and after random link-speed edits with a warm
engine, its minimum equals the least over every assignment combined, and the figures
are a fresh engine's (the bisection and pair capacities bit for bit)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from model.design import Design
from model.metrics.bisection import pod_dp_switches as pds
from model.metrics.bisection import switch_dp_top
from tests.reference.random_designs import heterogeneous_campuses
from tests.reference.test_engine_uneven_switches import without_integer_program

Record = tuple[float, float, int, int]
"""(bounded minimum, minimum over every assignment, assignments combined, all)."""


@pytest.fixture
def checked(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Record]]:
    """Every bounded top combination, beside the plain one over all its rows."""
    records: list[Record] = []
    bounded = switch_dp_top.bounded_rows

    def both(solver: pds._Solver, node: int, rows: np.ndarray, keep: bool) -> object:
        found = bounded(solver, node, rows, keep)
        live = solver.live_rows
        assert live is not None
        every, _, _ = solver.combine(node, rows, True, keep=False)
        records.append((float(found[0][:, 0].min()), float(every[:, 0].min()),
                        int(live.size), int(rows.size)))
        solver.live_rows = live
        return found

    monkeypatch.setattr(pds, "bounded_rows", both)
    yield records


def _matches(records: list[Record]) -> list[str]:
    return [f"bounded {got} ≠ every assignment {want} ({live} of {rows} rows)"
            for got, want, live, rows in records
            if not (got == want or abs(got - want) <= 1e-9 * max(1.0, abs(want)))]


@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(heterogeneous_campuses())
def test_bounded_top_equals_every_assignment(checked: list[Record], design: Design) -> None:
    checked.clear()
    without_integer_program().compute_all(design)
    assert not _matches(checked), "\n".join(_matches(checked))


def test_bounded_top_drops_assignments_on_the_100k_campus(checked: list[Record]) -> None:
    """The heterogeneous 100K campus: 8 assignments of the core's classes, one
    combined, and it is the minimum."""
    from tests.reference.campuses import heterogeneous_campus

    without_integer_program().compute_all(heterogeneous_campus())
    assert checked and not _matches(checked)
    assert any(live < rows for _, _, live, rows in checked)


@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
@given(heterogeneous_campuses())
def test_speed_edits_with_a_warm_engine_equal_a_fresh_one(design: Design) -> None:
    """Random link-speed edits of bundles between tiers (what the top pod's envelopes
    and bounds are remembered by): after each, the warm engine's bisection and pair
    capacities are a fresh engine's, bit for bit (the witness cut by its size and
    total crossing)."""
    rng = random.Random(len(design.bundles))
    warm = without_integer_program()
    warm.compute_all(design)
    between = sorted(b.id for b in design.bundles.values()
                     if design.kind_of(b.lower) == "tier")
    for _ in range(4):
        bundle = design.bundles[rng.choice(between)]
        design.update(bundle.id, speed_gbps=rng.choice((100.0, 200.0, 400.0, 800.0)))
        got = warm.compute_all(design)
        fresh = without_integer_program().compute_all(design)
        # the witness cut is compared by size and total: a tie between cuts of equal
        # capacity may be broken the other way after an edit (on main too, before
        # the bounded top pod)
        assert (got.bisection.gbps, got.bisection.exact) == (fresh.bisection.gbps,
                                                              fresh.bisection.exact)
        assert got.bisection.cut.accelerators_a == fresh.bisection.cut.accelerators_a
        assert (sum(got.bisection.cut.crossing_gbps.values())
                == sum(fresh.bisection.cut.crossing_gbps.values()))
        assert got.island_pairs == fresh.island_pairs
        assert got.building_pairs == fresh.building_pairs


@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(heterogeneous_campuses(), st.randoms(use_true_random=False))
def test_weaker_bounds_still_find_the_minimum(checked: list[Record], design: Design,
                                              rng: random.Random) -> None:
    """Each assignment's bound lowered by a random factor (still a lower bound, but
    the least bound no longer at the best assignment, so the first pass misses it and
    the assignments within the least value found are combined next): the minimum is
    still every assignment's."""
    checked.clear()
    least_at = switch_dp_top.least_at

    def weaker(parts: object, count: float, before: object = None) -> np.ndarray:
        floor = least_at(parts, count, before)  # type: ignore[arg-type]
        return floor * np.array([rng.uniform(0.3, 1.0) for _ in floor])

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(switch_dp_top, "least_at", weaker)
        without_integer_program().compute_all(design)
    assert not _matches(checked), "\n".join(_matches(checked))


def test_weaker_bounds_on_the_100k_campus(checked: list[Record],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """The 100K campus with the bound of its best assignment lowered the least: the
    bounded top pod still finds the minimum."""
    from tests.reference.campuses import heterogeneous_campus

    least_at = switch_dp_top.least_at

    def weaker(parts: object, count: float, before: object = None) -> np.ndarray:
        floor = least_at(parts, count, before)  # type: ignore[arg-type]
        return floor * np.linspace(0.5, 1.0, floor.size)  # the first assignments lowest

    monkeypatch.setattr(switch_dp_top, "least_at", weaker)
    without_integer_program().compute_all(heterogeneous_campus())
    assert checked and not _matches(checked)
