"""The network stage: hops, bisection and pair capacities of one resolved plane.

Stage by stage (each a typed function), within the run's budget:

1. the **endpoints** (every accelerator's links, :mod:`model.metrics.representation.endpoints`) and
   their **attachment units**, kept while only speeds change;
2. **hops** (:mod:`model.metrics.hops`; a Dragonfly+ in closed form,
   :mod:`model.metrics.dragonfly_hops`), on a second thread for the largest designs;
3. the **bisection units** and the pod tree over them
   (:mod:`model.metrics.bisection.units`), kept while the wiring and the accelerators'
   own link speeds stay;
4. the **bisection** by the engine's solvers (:mod:`model.metrics.bisection.solvers`);
5. the **capacities** between islands and between buildings (:mod:`model.metrics.pairs`).

What is kept from run to run lives in the running engine's
:class:`~model.metrics.memory.Memory`, keyed by projections of the
:class:`~model.metrics.spec.NetworkSpec`. A figure the budget leaves out is None, with
the reason in :attr:`NetworkFigures.not_computed`; only complete figures are kept.
"""

from __future__ import annotations

import contextvars
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import cache
from typing import TypeVar

from model.metrics.bisection.solvers import Solver, compute_bisection
from model.metrics.bisection.units import BisectionUnits, bisection_units
from model.metrics.budget import (
    Budget,
    OverBudgetError,
    stage_estimate_s,
    too_large_network,
    too_large_reason,
)
from model.metrics.dragonfly_hops import dragonfly_hops
from model.metrics.hops import compute_hops, island_shapes
from model.metrics.memory import Memory
from model.metrics.pairs import pair_capacities
from model.metrics.representation.attachment import AttachmentUnits, attachment_units
from model.metrics.representation.dragonfly_shape import dragonfly_wiring
from model.metrics.representation.endpoints import Endpoints, build_endpoints
from model.metrics.representation.switch_classes import switch_classes
from model.metrics.representation.symmetry import island_fingerprints
from model.metrics.representation.topology import Topology
from model.metrics.results import Bisection, Hops, PairCapacity
from model.metrics.spec import NetworkSpec

NETWORK_STAGES = ("hops", "bisection", "island_pairs", "building_pairs")
"""The figures a run's budget may leave out (keys of ``DesignMetrics.not_computed``)."""


@dataclass(frozen=True)
class NetworkFigures:
    """The network stage's figures; each None when the budget left it out, and why in
    ``not_computed`` (by the names of :data:`NETWORK_STAGES`)."""

    hops: Hops | None
    bisection: Bisection | None
    island_pairs: list[PairCapacity] | None
    building_pairs: list[PairCapacity] | None
    not_computed: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Structure:
    """What the network figures share while only link speeds change: the endpoints
    (their capacities are refreshed from the speeds), attachment units and hops."""

    endpoints: Endpoints
    attached: AttachmentUnits
    hops: Hops


class _SkippedError(Exception):
    """A stage the budget's estimate left out (the message says why)."""


def network_figures(topo: Topology, spec: NetworkSpec, budget: Budget, memory: Memory,
                    solvers: Sequence[Solver]) -> NetworkFigures:
    """Hops, bisection (by ``solvers``) and pair capacities of ``topo``, whose spec is
    ``spec``, within ``budget``; found in ``memory`` when this network was computed
    before, and kept there when complete."""
    figures_key = spec.figures_key()
    hit = memory.figures.get(figures_key)
    if hit is not None:
        return hit
    links = sum(b.links for b in topo.bundles)
    reason = too_large_network(links, topo.switches, topo.accelerators,
                               listed=not topo.counts_only)
    if reason is not None:
        return NetworkFigures(None, None, None, None, dict.fromkeys(NETWORK_STAGES, reason))
    estimate = stage_estimate_s(links, topo.switches, topo.accelerators)
    skipped: dict[str, str] = {}
    structure_key = spec.without_speeds()
    known = memory.structures.get(structure_key)
    pending: Future[Hops] | None = None
    hops: Hops | None = None
    if known is None:
        ep = build_endpoints(topo)
        attached = attachment_units(ep)
        reason = budget.too_large(estimate)
        if reason is None:
            pending = _hops_beside(topo, ep, attached)
        else:
            skipped["hops"] = reason
    else:
        ep, attached, hops = known.endpoints.with_speeds(topo), known.attached, known.hops
    units_key = spec.units_key()
    units = memory.units.get(units_key)
    new_units = units is None
    bisection: Bisection | None = None
    pairs: tuple[list[PairCapacity], list[PairCapacity]] | None = None
    try:
        if units is None:
            units = _bisection_units_within(topo, ep, attached, budget, estimate)
        bisection, pairs = _cuts(topo, ep, units, budget, estimate, solvers, skipped)
    except (_SkippedError, OverBudgetError) as why:
        units = None
        said = str(why) if isinstance(why, _SkippedError) else too_large_reason(budget.seconds)
        for stage in NETWORK_STAGES[1:]:
            skipped.setdefault(stage, said)
    finally:
        if pending is not None:
            hops = _within(budget, pending.result)
            if hops is None:
                skipped["hops"] = too_large_reason(budget.seconds)
    if known is None and hops is not None:
        memory.structures.put(structure_key, Structure(ep, attached, hops))
    if new_units and units is not None:
        memory.units.put(units_key, units)
    island_pairs, building_pairs = pairs if pairs is not None else (None, None)
    figures = NetworkFigures(hops, bisection, island_pairs, building_pairs, skipped)
    if not skipped:
        memory.figures.put(figures_key, figures)
    return figures


def _bisection_units_within(topo: Topology, ep: Endpoints, attached: AttachmentUnits,
                            budget: Budget, estimate: float) -> BisectionUnits:
    """The bisection units, unless the budget's estimate leaves them out."""
    reason = budget.too_large(estimate)
    if reason is not None:
        raise _SkippedError(reason)
    return bisection_units(topo, ep, attached)


def _cuts(topo: Topology, ep: Endpoints, units: BisectionUnits, budget: Budget,
          estimate: float, solvers: Sequence[Solver], skipped: dict[str, str]
          ) -> tuple[Bisection | None, tuple[list[PairCapacity], list[PairCapacity]] | None]:
    """The bisection and the (island, building) pair capacities over ``units``, each
    None when the budget left it out (the reason is added to ``skipped``)."""
    tree = units.skeleton.tree(topo, ep) if units.skeleton is not None else None
    by_members, representative = units.by_members, units.representative
    reason = budget.too_large(estimate)
    bisection = None if reason else _within(
        budget, lambda: compute_bisection(topo, ep, tree, by_members, solvers))
    if bisection is None:
        skipped["bisection"] = reason or too_large_reason(budget.seconds)
    reason = budget.too_large(estimate)
    pairs = None if reason else _within(
        budget, lambda: pair_capacities(topo, ep, tree, representative))
    if pairs is None:
        skipped["island_pairs"] = skipped["building_pairs"] = (
            reason or too_large_reason(budget.seconds))
    return bisection, pairs


_Result = TypeVar("_Result")


def _within(budget: Budget, stage: Callable[[], _Result]) -> _Result | None:
    """``stage()``, or None when it ran past the budget's deadline."""
    try:
        return stage()
    except OverBudgetError:
        return None


_BESIDE_FROM = 400_000
"""Accelerators from which hops are counted on a second thread while the bisection
runs. The two share nothing but their inputs and numpy releases the interpreter lock in
most of their array work, so at 1M this saves about a quarter of the time. Below this
size the saving is a few milliseconds, and the second busy core slowed the editor's own
work on this 2-core machine (longest event-loop stall while editing the 100K campus:
42–57 ms with it, 31–42 ms without), so smaller designs stay on one thread."""


@cache
def _second_thread() -> ThreadPoolExecutor:
    """The process's one helper thread for hop counts, made on first use (a thread, not
    a store: it keeps nothing between runs)."""
    return ThreadPoolExecutor(max_workers=1, thread_name_prefix="hops")


def _hops_beside(topo: Topology, ep: Endpoints,
                 attached: AttachmentUnits) -> Future[Hops]:
    """Hop counts of the plane, started on the second thread when the design is large
    (already done, when it is small). The thread runs in a copy of this run's context,
    so it works to the same budget and memory."""
    def count() -> Hops:
        wiring = dragonfly_wiring(topo, ep)
        if wiring is not None:  # a Dragonfly+: hops in closed form
            return dragonfly_hops(wiring, ep)
        return compute_hops(ep, switch_classes(topo), attached, island_fingerprints(topo),
                            island_shapes(topo))

    if ep.count < _BESIDE_FROM:
        done: Future[Hops] = Future()
        try:
            done.set_result(count())
        except OverBudgetError as error:
            done.set_exception(error)
        return done
    return _second_thread().submit(contextvars.copy_context().run, count)
