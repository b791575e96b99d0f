"""The switch-sides DP (:mod:`model.metrics.bisection.pod_dp_switches`) remembers the tables of
pods below the top across runs of one engine: a failure inside one island of the
heterogeneous campus recomputes that island's tables and the top pod's only, and the
figures are those of a fresh engine."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from model.failures import Failure
from model.metrics import Engine
from model.metrics.bisection import pod_dp_switches as pds
from tests.reference.campuses import heterogeneous_campus


@pytest.fixture
def tables_made(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """The levels of the pods whose tables the DP computes (not found remembered)."""
    levels: list[int] = []
    made = pds._Solver._pod_table

    def counted(self: pds._Solver, node: int) -> object:
        levels.append(int(self.tree.level[node]))
        return made(self, node)

    monkeypatch.setattr(pds._Solver, "_pod_table", counted)
    yield levels


def test_failure_in_one_island_recomputes_that_island_only(tables_made: list[int]) -> None:
    """Campus tree: leaf pods (level 1), island pods (2), the core (3). Healthy: one
    table per kind of pod, at every level. A leaf of island 1 down, then two leaves of
    island 2: each time at most one pod per level — the failed island's leaf pod and
    island pod, and the top — and the bisection and its cut equal a fresh engine's."""
    design = heterogeneous_campus()
    leaves = [t.id for t in design.tiers.values() if t.role.value == "leaf"]
    engine = Engine()
    engine.compute_all(design)
    healthy = list(tables_made)
    assert sorted(set(healthy)) == [1, 2, 3]
    for leaf, count in ((leaves[0], 1), (leaves[1], 2)):
        tables_made.clear()
        failures = [Failure(element=leaf, count=count)]
        reused = engine.compute_all(design, failures=failures).bisection
        assert len(tables_made) < len(healthy)
        assert sorted(tables_made) == sorted(set(tables_made))  # one pod per level
        assert 3 in tables_made  # the top, read at the target, is not remembered
        fresh = Engine().compute_all(design, failures=failures).bisection
        assert reused.exact and fresh.exact
        assert reused.gbps == fresh.gbps
        assert reused.cut == fresh.cut
