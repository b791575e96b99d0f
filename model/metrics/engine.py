"""The metrics engine: one object that runs the pipeline and owns what it remembers.

The pipeline of one run (:meth:`Engine.compute_all`)::

    design ──resolve──▶ Topology ──network_spec──▶ NetworkSpec
                           │                            │ (cache keys)
                           ▼                            ▼
                    network_figures: hops | bisection | pair capacities
                           │
                           ▼
              design_metrics: inventory, power, cost, problems ──▶ DesignMetrics

An :class:`Engine` owns a :class:`~model.metrics.memory.Memory` (every store of every
stage) and the ordered list of bisection solvers it uses. ``Engine()`` starts from
scratch; :func:`model.metrics.compute_all` is the method of one default engine shared
by the GUI's engine process, the command line, exports and sweeps.
"""

from __future__ import annotations

from collections.abc import Sequence

from model.design import Design
from model.elements import Plane
from model.media_reach import reach_problems
from model.metrics.bisection_solvers import DEFAULT_SOLVERS, Solver
from model.metrics.budget import DEFAULT_SECONDS, Budget, too_many_links, working_to
from model.metrics.checks import group_problems, metric_problems, missing_parts, wiring_problems
from model.metrics.cost import cost
from model.metrics.inventory import inventory, oversubscription, plane_topologies, port_use
from model.metrics.memory import Memory, remembering
from model.metrics.network import NetworkFigures, network_figures
from model.metrics.power import compute, power
from model.metrics.reliability import override_problems, population, reliability
from model.metrics.results import DesignMetrics, bisection_upper_bound, not_counted_hops
from model.metrics.spec import network_spec
from model.metrics.topology import Topology, resolve
from model.problems import Problem


class Engine:
    """Computes every metric of a design, remembering what it computed so that the next
    run after an edit only recomputes what the edit changed. ``solvers``: the bisection
    solvers in the order they are tried (see :mod:`model.metrics.bisection_solvers`)."""

    def __init__(self, solvers: Sequence[Solver] = DEFAULT_SOLVERS) -> None:
        self.solvers: tuple[Solver, ...] = tuple(solvers)
        self.memory = Memory()

    def compute_all(self, design: Design, plane: Plane | None = None,
                    budget: Budget | float | None = None) -> DesignMetrics:
        """Every metric of ``design`` on ``plane`` (default: the design's metrics plane),
        with every problem (structural and from the metrics), within ``budget`` (a
        :class:`~model.metrics.budget.Budget`, or seconds from now; default
        :data:`~model.metrics.budget.DEFAULT_SECONDS`). Figures the budget leaves out are
        named, with the reason, in ``not_computed`` (see :mod:`model.metrics.budget`); a
        plane with more links than the engine lists is resolved for counts only."""
        budget = as_budget(budget)
        with remembering(self.memory):
            topo = resolve_plane(design, plane)
            spec = network_spec(design, topo.plane)
            with working_to(budget):
                network = network_figures(topo, spec, budget, self.memory, self.solvers)
            return design_metrics(topo, network)

    def structural_problems(self, design: Design) -> list[Problem]:
        """Problems visible without computing metrics: missing parts, ports over a
        switch's radix, uneven or impossible links, unconnected elements."""
        with remembering(self.memory):
            topo = resolve_plane(design, None)
            topologies = plane_topologies(topo)
            return (missing_parts(design) + wiring_problems(topologies, port_use(topologies))
                    + group_problems(topo) + reach_problems(design))


def as_budget(budget: Budget | float | None) -> Budget:
    """``budget`` as a :class:`Budget` (seconds from now; None: the default)."""
    if isinstance(budget, Budget):
        return budget
    return Budget(DEFAULT_SECONDS if budget is None else float(budget))


def resolve_plane(design: Design, plane: Plane | None) -> Topology:
    """The resolve stage: ``plane`` (default: the design's metrics plane) at member
    level, or counted only when it has more links than the engine lists."""
    chosen = plane or design.settings.plane
    return resolve(design, chosen, counts_only=too_many_links(design, chosen))


def design_metrics(topo: Topology, network: NetworkFigures) -> DesignMetrics:
    """The results stage: the network figures with the design's inventory, power,
    compute, cost, reliability and every problem. A network figure the budget left out
    is reported as its placeholder (hops not counted, the bisection's upper bound)."""
    design = topo.design
    topologies = plane_topologies(topo)
    inv = inventory(topo, topologies)
    oversub = oversubscription(topo)
    pw = power(topo, topologies)
    injection = topo.injection_gbps()
    per_acc = (sum(i * r.accelerators for i, r in zip(injection, topo.racks, strict=True))
               / topo.accelerators) if topo.accelerators else 0.0
    hops = network.hops if network.hops is not None else not_counted_hops()
    bisection = (network.bisection if network.bisection is not None
                 else bisection_upper_bound(topo.accelerators, per_acc))
    problems = (missing_parts(design) + wiring_problems(topologies, inv.ports_by_tier)
                + group_problems(topo)
                + metric_problems(design, pw, oversub, hops)
                + override_problems(design)
                + reach_problems(design))
    pflops = compute(topo)
    return DesignMetrics(
        plane=topo.plane.value,
        inventory=inv,
        injection_gbps_per_accelerator=per_acc,
        oversubscription=oversub,
        bisection=bisection,
        island_pairs=network.island_pairs or [],
        building_pairs=network.building_pairs or [],
        hops=hops,
        power=pw,
        compute=pflops,
        problems=problems,
        not_computed=dict(network.not_computed),
        reliability=reliability(design, population(topo, inv)),
        cost=cost(topo, topologies, pw, pflops, network.bisection, topo.accelerators),
    )
