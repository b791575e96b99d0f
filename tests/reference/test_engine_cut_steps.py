"""The switch-sides DP's cut rebuilt from the steps of the pods a run made
(``_Solver.pod_steps`` in :mod:`model.metrics.bisection.pod_dp_switches`): no pod made in
the run is combined again to place the cut, and the cut placed crosses exactly the
minimum the reference's integer program finds, with half the accelerators on each side."""

from __future__ import annotations

from typing import Any

import pytest

from model.metrics.bisection import pod_dp_switches
from tests.reference.compare import close
from tests.reference.expand import expand
from tests.reference.rail_campuses import SCALED_DOWN, rail_campus
from tests.reference.slow_metrics import bisection_milp
from tests.reference.test_engine_uneven_switches import without_integer_program


def test_cut_from_kept_steps_is_a_minimum_bisection(monkeypatch: pytest.MonkeyPatch
                                                    ) -> None:
    design = rail_campus(SCALED_DOWN)
    again: list[int] = []
    combine = pod_dp_switches._Solver.combine

    def counted(self: Any, node: int, rows: Any, at_target: bool, keep: bool) -> Any:
        if keep and not at_target and int(self.cl.kind[node]) in self.pod_steps:
            again.append(node)  # a pod made this run, combined again for the cut
        return combine(self, node, rows, at_target, keep)

    monkeypatch.setattr(pod_dp_switches._Solver, "combine", counted)
    for group, count in ((None, 0), ("g1", 4), ("g0", 3)):
        if group is not None:
            design.update(group, count=count)
        m = without_integer_program().compute_all(design)
        got = m.bisection
        reference = bisection_milp(expand(design)).gbps
        assert got.exact and close(got.gbps, reference), (group, got.gbps, reference)
        assert close(sum(got.cut.crossing_gbps.values()), reference), group
        assert got.cut.accelerators_a == m.inventory.accelerators // 2, group
    assert not again
