"""The metrics engine: one object that runs the pipeline and owns what it remembers.

The pipeline of one run (:meth:`Engine.compute_all`)::

    design, failures ──resolve──▶ ResolvedPlane ──network_spec──▶ NetworkSpec
                                  (what remains,                │ (cache keys)
                                   and the whole)               ▼
                                        │         network_figures: hops | bisection |
                                        │                          pair capacities
                                        ▼                           │
              design_metrics: inventory, power, cost, problems ◀────┘ ──▶ DesignMetrics

An :class:`Engine` owns a :class:`~model.metrics.memory.Memory` (every store of every
stage) and the ordered list of bisection solvers it uses. ``Engine()`` starts from
scratch; :func:`model.metrics.compute_all` is the method of one default engine shared
by the GUI's engine process, the command line, exports and sweeps.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Sequence
from dataclasses import replace

from model.design import Design
from model.elements import Plane
from model.failures import Failure, check_failures
from model.media_reach import reach_problems
from model.metrics.bisection.solvers import DEFAULT_SOLVERS, Solver
from model.metrics.budget import (
    DEFAULT_SECONDS,
    MAX_RESOLVED_LINKS,
    Budget,
    too_many_links,
    working_to,
)
from model.metrics.checks import group_problems, metric_problems, missing_parts, wiring_problems
from model.metrics.cost import priced_cost
from model.metrics.failed import failure_figures, same_figures_key, stranded_problems
from model.metrics.inventory import plane_topologies, port_use
from model.metrics.layout import Layout, ResolvedPlane, layout_figures
from model.metrics.memory import Memory, remembering
from model.metrics.network import NetworkFigures, network_figures
from model.metrics.power import building_power
from model.metrics.reliability import override_problems, reliability
from model.metrics.representation.topology import resolve
from model.metrics.results import DesignMetrics, bisection_upper_bound, not_counted_hops
from model.metrics.spec import equipment_key, layout_key
from model.problems import Problem

__all__ = ["Engine", "Layout", "ResolvedPlane", "as_budget", "design_metrics",
           "resolve_plane"]


class Engine:
    """Computes every metric of a design, remembering what it computed so that the next
    run after an edit only recomputes what the edit changed. ``solvers``: the bisection
    solvers in the order they are tried (see :mod:`model.metrics.bisection.solvers`);
    ``max_resolved_links``: the most member-level links of a plane it lists as arrays
    (a plane with more is resolved for counts only; default
    :data:`~model.metrics.budget.MAX_RESOLVED_LINKS`). Both are fixed for the engine's
    life, so what it remembers is keyed without them."""

    def __init__(self, solvers: Sequence[Solver] = DEFAULT_SOLVERS,
                 max_resolved_links: int = MAX_RESOLVED_LINKS) -> None:
        self.solvers: tuple[Solver, ...] = tuple(solvers)
        self.max_resolved_links = max_resolved_links
        self.memory = Memory()

    def compute_all(self, design: Design, plane: Plane | None = None,
                    budget: Budget | float | None = None,
                    failures: Sequence[Failure] = ()) -> DesignMetrics:
        """Every metric of ``design`` on ``plane`` (default: the design's metrics plane),
        with every problem (structural and from the metrics), within ``budget`` (a
        :class:`~model.metrics.budget.Budget`, or seconds from now; default
        :data:`~model.metrics.budget.DEFAULT_SECONDS`). Figures the budget leaves out are
        named, with the reason, in ``not_computed`` (see :mod:`model.metrics.budget`); a
        plane with more links than the engine lists is resolved for counts only. With
        ``failures`` (:mod:`model.failures`, checked first: a failure that does not fit
        raises :class:`~model.errors.DesignError`) every figure is of what remains (see
        :mod:`model.metrics.failed`)."""
        budget = as_budget(budget)
        failures = tuple(failures)
        check_failures(design, failures)
        with remembering(self.memory):
            chosen = plane or design.settings.plane
            key = layout_key(design, chosen, failures)
            layout = self.memory.layouts.get(key)
            if layout is None:
                equipment_at = equipment_key(design, chosen, failures)
                layout = layout_figures(
                    resolve_plane(design, chosen, failures, self.max_resolved_links),
                    self.memory.equipment.get(equipment_at), self.max_resolved_links)
                self.memory.layouts.put(key, layout)
                self.memory.equipment.put(equipment_at, layout.equipment)
            else:
                layout = layout.for_design(design)
            with working_to(budget):
                network = network_figures(layout.plane_view.topo, layout.spec, budget,
                                          self.memory, self.solvers)
            figures = design_metrics(layout, network)
        long_lived_frozen()
        return figures

    def structural_problems(self, design: Design) -> list[Problem]:
        """Problems visible without computing metrics: missing parts, ports over a
        switch's radix, uneven or impossible links, unconnected elements."""
        with remembering(self.memory):
            topo = resolve_plane(design, None, (), self.max_resolved_links).topo
            topologies = plane_topologies(topo, self.max_resolved_links)
            return (missing_parts(design) + wiring_problems(topologies, port_use(topologies))
                    + group_problems(topo) + reach_problems(design))


def long_lived_frozen() -> None:
    """Take every object alive after the process's first run out of the cyclic garbage
    collector's passes (:func:`gc.freeze`), once per process.

    Those objects are the imports (numpy, pydantic, the model: ~80,000 tracked objects)
    and the first design and what the engine remembered of it. CPython's full pass walks
    every tracked object, 25–60 ms of CPU on the 2-core machine, and one came every few
    edits, inside an edit's 20 ms budget (a SuperPOD wiring edit of ~22 ms measured
    67–103 ms when it did; after the freeze the full pass walks only what was made
    since, ~8 ms). Frozen objects are still freed when no longer referenced; only a
    reference cycle among them is never collected, and a run makes none that outlives
    it, so at most what is garbage at that one moment is kept. Once, not after every
    run: a cycle of a later design would then never be freed. (Once is told by
    :data:`_HEAP_FROZEN`, not by ``gc.get_freeze_count()``, which walks the frozen
    objects: ~8 ms a run.)"""
    if not _HEAP_FROZEN.is_set():
        _HEAP_FROZEN.set()
        gc.freeze()


_HEAP_FROZEN = threading.Event()
"""Set when :func:`long_lived_frozen` has frozen the process's heap (a fact about the
process, as the collector's own state is; it keeps nothing)."""


def as_budget(budget: Budget | float | None) -> Budget:
    """``budget`` as a :class:`Budget` (seconds from now; None: the default)."""
    if isinstance(budget, Budget):
        return budget
    return Budget(DEFAULT_SECONDS if budget is None else float(budget))


def resolve_plane(design: Design, plane: Plane | None,
                  failures: tuple[Failure, ...] = (),
                  max_links: int = MAX_RESOLVED_LINKS) -> ResolvedPlane:
    """The resolve stage: ``plane`` (default: the design's metrics plane) at member
    level, or counted only when it has more than ``max_links`` links (the engine's
    ``max_resolved_links``); with
    ``failures`` taken out, and failures of switches the network cannot tell apart
    named alike (:func:`model.metrics.failed.same_figures_key`)."""
    chosen = plane or design.settings.plane
    counts_only = too_many_links(design, chosen, max_links)
    topo = resolve(design, chosen, counts_only=counts_only, failures=failures)
    if not failures:
        return ResolvedPlane(topo, topo)
    healthy = resolve(design, chosen, counts_only=counts_only)
    if not counts_only:
        topo = replace(topo, same_figures_as=same_figures_key(healthy, topo.down))
    return ResolvedPlane(topo, healthy, failures)


def design_metrics(layout: Layout, network: NetworkFigures) -> DesignMetrics:
    """The results stage: the network figures with the layout's figures (inventory,
    oversubscription, compute, the bill of materials, the structural problems) and
    what reads the buildings and the settings of power, money and reliability: power,
    cost, reliability and the problems of the metrics. A network figure the budget
    left out is reported as its placeholder (hops not counted, the bisection's upper
    bound). With failures, inventory and power are of what works (power: what still
    draws), cost, reliability and the structural checks of what is installed."""
    topo, healthy, failures = (layout.plane_view.topo, layout.plane_view.healthy,
                               layout.plane_view.failures)
    design = topo.design
    inv, oversub = layout.inventory, layout.oversubscription
    per_acc = layout.injection_gbps_per_accelerator
    equipment = layout.equipment
    pw = building_power(design, equipment.draw)
    hops = network.hops if network.hops is not None else not_counted_hops()
    bisection = (network.bisection if network.bisection is not None
                 else bisection_upper_bound(topo.accelerators, per_acc))
    problems = (layout.problems
                + metric_problems(design, pw, oversub, hops)
                + override_problems(design)
                + equipment.reach)
    down = failure_figures(design, failures, topo, healthy, inv) if failures else None
    if down is not None:
        problems += stranded_problems(down, design, topo.plane.value)
    pflops = equipment.compute
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
        reliability=reliability(design, equipment.population),
        failures=down,
        cost=priced_cost(design, equipment.bill, pw, pflops, network.bisection,
                         topo.accelerators),
    )
