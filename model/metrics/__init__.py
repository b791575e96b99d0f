"""The metrics engine: every figure of DESIGN §3 as pure functions of a design.

``compute_all(design)`` is the one entry point the GUI, the command line, the exports and
the tests share. Results are cached by the parts of the design each metric depends on,
so an edit that changes a building's capacity does not recompute hops or bisection.
"""

from __future__ import annotations

import contextvars
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, replace
from functools import cache
from typing import TypeVar

import numpy as np

from model.design import Design
from model.elements import Plane
from model.failures import Failure, check_failures
from model.media_reach import reach_problems
from model.metrics.arrays import Deferred
from model.metrics.attachment import AttachmentUnits, attachment_units
from model.metrics.bisection import MemberUnits, compute_bisection
from model.metrics.budget import (
    DEFAULT_SECONDS,
    Budget,
    OverBudgetError,
    stage_estimate_s,
    too_large_network,
    too_large_reason,
    too_many_links,
    working_to,
)
from model.metrics.checks import group_problems, metric_problems, missing_parts, wiring_problems
from model.metrics.cost import cost
from model.metrics.endpoints import Endpoints, build_endpoints
from model.metrics.failed import (
    drawn_link_ends,
    failure_figures,
    same_figures_key,
    stranded_problems,
    working_inventory,
)
from model.metrics.hops import compute_hops, island_shapes
from model.metrics.inventory import inventory, oversubscription, plane_topologies, port_use
from model.metrics.pairs import pair_capacities
from model.metrics.pods import PodSkeleton, _mix, pod_skeleton
from model.metrics.power import compute, power
from model.metrics.reliability import override_problems, population, reliability
from model.metrics.remembered import Remembered, forget_everything
from model.metrics.results import (
    DesignMetrics,
    Hops,
    bisection_upper_bound,
    not_counted_hops,
)
from model.metrics.switch_classes import switch_classes
from model.metrics.symmetry import island_fingerprints
from model.metrics.topology import IntArray, RackNet, TierNet, Topology, resolve
from model.problems import Problem

__all__ = ["Budget", "DesignMetrics", "clear_caches", "compute_all", "structural_problems"]


def _network_key(design: Design, plane: Plane, speeds: bool = True) -> tuple[object, ...]:
    """What the network metrics (hops, bisection, pairs) depend on: everything except
    names, positions, power figures and building capacities. Without ``speeds``: what
    hops depend on (which links exist, not how fast they are)."""
    cat = design.catalog
    racks = []
    for g in design.rack_groups.values():
        rt = cat.rack_type(g.rack_type)
        sv = cat.server(rt.server) if rt else None
        racks.append((g.id, g.island, g.count, rt.servers_per_rack if rt else None,
                      (sv.accelerators_per_server, sv.nic_count, sv.frontend_nic_count,
                       sv.scale_up_domain, sv.accelerator,
                       (sv.nic_speed_gbps, sv.frontend_nic_speed_gbps) if speeds else None)
                      if sv else None))
    return (
        plane,
        tuple((i.id, i.building) for i in design.islands.values()),
        tuple(design.buildings),
        tuple(racks),
        tuple((t.id, t.count, t.plane, t.island, t.building, t.scope)
              for t in design.tiers.values()),
        tuple((b.id, b.lower, b.upper, b.links_per_member, b.pattern,
               b.speed_gbps if speeds else None) for b in design.bundles.values()),
    )


_RESULTS_KEPT = 8
_cache: Remembered[tuple[object, ...]] = Remembered(float("inf"), entries=_RESULTS_KEPT)
"""The network results (hops, bisection, pair capacities) of the last few distinct
networks: small, and what undo and redo of an edit return to."""


@dataclass
class _Structure:
    """What the network metrics share while only link speeds change: the endpoints
    (their capacities are refreshed from the speeds), attachment units and hops."""

    endpoints: Endpoints
    attached: AttachmentUnits
    hops: Hops


@dataclass
class _Units:
    """Bisection units and the pod tree's structure, which change only when the
    wiring or the capacities of accelerators' own links change."""

    skeleton: PodSkeleton | None
    representative: IntArray | None = None
    """An accelerator of each unit, when known."""
    by_members: MemberUnits | None = None
    """The units as switch members, when they were found from the bundles alone."""


_structure_cache: Remembered[_Structure] = Remembered(float("inf"), entries=1)
_units_cache: Remembered[_Units] = Remembered(float("inf"), entries=1)


def _attachment_profile(ep: Endpoints) -> np.ndarray:
    """An order-free 64-bit fingerprint of each accelerator's capacity to each switch
    it reaches: accelerators with equal fingerprints are interchangeable in a cut."""
    n = max(ep.count, 1)
    if ep.one_attachment_each:
        # nothing to sum
        return _mix(ep.inc_member.astype(np.uint64),
                    np.round(ep.inc_gbps * 1e3).astype(np.uint64),
                    np.zeros(ep.count, np.uint64))
    width = int(ep.inc_member.max()) + 1 if ep.inc_member.size else 1
    key, inv = np.unique(ep.inc_acc * width + ep.inc_member, return_inverse=True)
    capacity = np.bincount(inv.reshape(-1), weights=ep.inc_gbps)
    acc, member = key // width, key % width
    term = _mix(member.astype(np.uint64), np.round(capacity * 1e3).astype(np.uint64),
                np.zeros(member.size, np.uint64))
    profile = np.zeros(n, dtype=np.uint64)
    with np.errstate(over="ignore"):
        np.add.at(profile, acc, term)
    return profile[: ep.count]


def clear_caches() -> None:
    """Forget cached network metrics and everything kept to compute them (for
    measuring work from scratch)."""
    forget_everything()


NETWORK_STAGES = ("hops", "bisection", "island_pairs", "building_pairs")
"""The figures a run's budget may leave out (keys of ``DesignMetrics.not_computed``)."""


def _network_metrics(topo: Topology, budget: Budget) -> tuple[object, ...]:
    """(hops, bisection, island pairs, building pairs, not computed): each figure None
    when the budget left it out, and why in the last item (see
    :mod:`model.metrics.budget`). Only complete results are remembered."""
    key = (*_network_key(topo.design, topo.plane), topo.figures_key)
    hit = _cache.get(key)
    if hit is not None:
        return (*hit, {})
    skipped: dict[str, str] = {}
    links = sum(b.links for b in topo.bundles)
    reason = too_large_network(links, topo.switches, topo.accelerators)
    if reason is not None:
        return (None, None, None, None, dict.fromkeys(NETWORK_STAGES, reason))
    estimate = stage_estimate_s(links, topo.switches, topo.accelerators)
    structure = (*_network_key(topo.design, topo.plane, speeds=False), topo.down.key)
    known = _structure_cache.get(structure)
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
        ep = known.endpoints.with_speeds(topo)
        attached = known.attached
        hops = known.hops
    units_key = (structure, tuple(b.speed_gbps for b in topo.bundles
                                  if not isinstance(b.lower, TierNet)))
    units = _units_cache.get(units_key)
    new_units = units is None
    bisection = island_pairs = building_pairs = None
    try:
        if units is None:
            reason = budget.too_large(estimate)
            if reason is not None:
                raise _SkippedError(reason)
            units = _bisection_units(topo, ep, attached)
        tree = units.skeleton.tree(topo, ep) if units.skeleton is not None else None
        by_members, representative = units.by_members, units.representative
        reason = budget.too_large(estimate)
        bisection = None if reason else _within(
            budget, lambda: compute_bisection(topo, ep, tree, by_members))
        if bisection is None:
            skipped["bisection"] = reason or too_large_reason(budget.seconds)
        reason = budget.too_large(estimate)
        pairs = None if reason else _within(
            budget, lambda: pair_capacities(topo, ep, tree, representative))
        if pairs is None:
            skipped["island_pairs"] = skipped["building_pairs"] = (
                reason or too_large_reason(budget.seconds))
        else:
            island_pairs, building_pairs = pairs
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
        known = _Structure(ep, attached, hops)
        _structure_cache.put(structure, known)
    if new_units and units is not None:
        _units_cache.put(units_key, units)
    result = (hops, bisection, island_pairs, building_pairs)
    if not skipped:
        _cache.put(key, result)
    return (*result, skipped)


class _SkippedError(Exception):
    """A stage the budget's estimate left out (the message says why)."""


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
    """The engine's one helper thread, made on first use."""
    return ThreadPoolExecutor(max_workers=1, thread_name_prefix="hops")


def _hops_beside(topo: Topology, ep: Endpoints,
                 attached: AttachmentUnits) -> Future[Hops]:
    """Hop counts of the plane, started on the second thread when the design is large
    (already done, when it is small)."""
    def count() -> Hops:
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


def _bisection_units(topo: Topology, ep: Endpoints, attached: AttachmentUnits) -> _Units:
    """Bisection units: accelerators of one island with the same capacity to each
    switch; and the pod tree's structure over them."""
    if not ep.count:
        return _Units(pod_skeleton(topo, ep, attached.deferred, 0, None))
    units = attached.count
    # any accelerator of a unit stands for it when the unit keeps to one island and its
    # accelerators have one capacity profile (true of every design whose NICs and
    # links are alike within a unit): then the attachment units are the answer
    by_members = _alike_by_blocks(topo, ep, attached)
    if by_members is not None:
        return _Units(pod_skeleton(topo, ep, attached.deferred, units,
                                   by_members.representative, by_members.size),
                      by_members.representative, by_members)
    unit = attached.unit
    representative = np.full(units, -1, dtype=np.int64)
    representative[unit] = np.arange(ep.count)
    profile: np.ndarray | None = None
    if (not np.any(representative < 0)
            and np.array_equal(ep.island[representative][unit], ep.island)):
        if ep.one_attachment_each:
            # one link each, to the unit's one switch: the profile is its capacity
            alike = np.array_equal(ep.inc_gbps[representative][unit], ep.inc_gbps)
        else:
            profile = _attachment_profile(ep)
            alike = np.array_equal(profile[representative][unit], profile)
        if alike:
            return _Units(pod_skeleton(topo, ep, attached.deferred, units, representative),
                          representative)
    if profile is None:
        profile = _attachment_profile(ep)
    profile_class = np.unique(profile, return_inverse=True)[1].reshape(-1)
    _, representative, pod_unit = np.unique(
        (unit * (len(ep.island_names) + 1) + ep.island) * (int(profile_class.max()) + 1)
        + profile_class, return_index=True, return_inverse=True)
    pod_unit = pod_unit.reshape(-1)
    return _Units(pod_skeleton(topo, ep, Deferred.of(pod_unit), int(pod_unit.max()) + 1,
                               representative), representative)


def _alike_by_blocks(topo: Topology, ep: Endpoints, attached: AttachmentUnits
                     ) -> MemberUnits | None:
    """The units as switch members with an accelerator and the size of each, when it
    is known from the rack groups' bundles alone that every unit keeps to one island and
    its accelerators are alike; else None (and the accelerators are compared one by
    one).

    That is known when every accelerator has one link, to a tier of its own island
    (a unit is then one switch member, which only its island's groups reach), and all
    links reaching a member carry one capacity (each bundle's links one share of one
    speed). It costs a few operations per bundle and member, not per accelerator."""
    of_member = attached.of_member
    if not ep.one_attachment_each or of_member is None:
        return None
    if any(isinstance(b.lower, RackNet) and b.upper.island is None for b in topo.bundles):
        return None
    representative = np.full(attached.count, -1, dtype=np.int64)
    size = np.zeros(attached.count, dtype=np.int64)
    capacity = np.full(attached.count, np.nan)
    for block in ep.inc_blocks:
        reach = block.reach
        if reach is None or reach.share is None:
            return None
        units = of_member[reach.members + block.member_offset]
        gbps = reach.share * topo.bundles[block.bundle].speed_gbps
        seen = capacity[units]
        if np.any(~np.isnan(seen) & (seen != gbps)):
            return None
        capacity[units] = gbps
        representative[units] = reach.accelerator + block.acc_offset
        size[units] += reach.incidences  # a member appears once per block
    if np.any(representative < 0):
        return None
    return MemberUnits(of_member, representative, size)


def compute_all(design: Design, plane: Plane | None = None,
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
    if not isinstance(budget, Budget):
        budget = Budget(DEFAULT_SECONDS if budget is None else float(budget))
    failures = tuple(failures)
    check_failures(design, failures)
    chosen = plane or design.settings.plane
    counts_only = too_many_links(design, chosen)
    topo = resolve(design, chosen, counts_only=counts_only, failures=failures)
    healthy = resolve(design, chosen, counts_only=counts_only) if failures else topo
    if failures and not counts_only:
        topo = replace(topo, same_figures_as=same_figures_key(healthy, topo.down))
    topologies = plane_topologies(topo)
    healthy_topologies = plane_topologies(healthy) if failures else topologies
    with working_to(budget):
        hops, bisection, island_pairs, building_pairs, skipped = _network_metrics(topo,
                                                                                  budget)
    inv = inventory(topo, topologies)
    installed = inventory(healthy, healthy_topologies) if failures else inv
    if failures:
        inv = working_inventory(inv, installed, design, topo.down)
    oversub = oversubscription(topo)
    pw = power(topo, topologies,
               drawn_link_ends(healthy_topologies, topo.down) if failures else None)
    injection = topo.injection_gbps()
    per_acc = (sum(i * r.accelerators for i, r in zip(injection, topo.racks, strict=True))
               / topo.accelerators) if topo.accelerators else 0.0
    if hops is None:
        hops = not_counted_hops()
    if bisection is None:
        bisection = bisection_upper_bound(topo.accelerators, per_acc)
    island_pairs = [] if island_pairs is None else island_pairs
    building_pairs = [] if building_pairs is None else building_pairs
    problems = (missing_parts(design)
                + wiring_problems(healthy_topologies, installed.ports_by_tier)
                + group_problems(healthy)
                + metric_problems(design, pw, oversub, hops)  # type: ignore[arg-type]
                + override_problems(design)
                + reach_problems(design))
    down = failure_figures(design, failures, topo, healthy, inv) if failures else None
    if down is not None:
        problems += stranded_problems(down, design, topo.plane.value)
    pflops = compute(topo)
    return DesignMetrics(
        plane=topo.plane.value,
        inventory=inv,
        injection_gbps_per_accelerator=per_acc,
        oversubscription=oversub,
        bisection=bisection,  # type: ignore[arg-type]
        island_pairs=island_pairs,  # type: ignore[arg-type]
        building_pairs=building_pairs,  # type: ignore[arg-type]
        hops=hops,  # type: ignore[arg-type]
        power=pw,
        compute=pflops,
        problems=problems,
        not_computed=skipped,  # type: ignore[arg-type]
        reliability=reliability(design, population(healthy, installed)),
        failures=down,
        cost=cost(healthy, healthy_topologies, pw, pflops,
                  None if "bisection" in skipped  # type: ignore[operator]
                  else bisection,  # type: ignore[arg-type]
                  topo.accelerators),
    )


def structural_problems(design: Design) -> list[Problem]:
    """Problems visible without computing metrics: missing parts, ports over a switch's
    radix, uneven or impossible links, unconnected elements."""
    plane = design.settings.plane
    topo = resolve(design, plane, counts_only=too_many_links(design, plane))
    topologies = plane_topologies(topo)
    return (missing_parts(design) + wiring_problems(topologies, port_use(topologies))
            + group_problems(topo) + reach_problems(design))
