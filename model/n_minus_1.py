"""The N−1 table: what each single failure takes down, worst first.

For every switch tier one switch down, for every link bundle one link down, and for
every building its power (the whole building) down, the design is computed again on
what remains (``compute_all(design, failures=...)``) and the row says what that failure
costs: the bisection lost, the max hops, the accelerators down, cut off (stranded) or
left at low bandwidth (:mod:`model.metrics.kept_bandwidth`), the worst island-pair and
building-pair capacity, and whether it **partitions** the network (some working
accelerators can no longer reach others they reached healthy: accelerators cut off, or
more pairs with no path). Rows are sorted by impact: accelerators lost first, then a
partition, then bisection lost, then pair capacity lost.

A tier's row is the worst failure of one of its switches: the switches of a tier fall
into classes of interchangeable switches (:mod:`model.metrics.representation.switch_classes`), one
switch of each class is failed (at most :data:`MEMBERS_TRIED`), and the worst of them
is the row (it names the switch). With ``time_budget_s`` the table stops with
:class:`OverBudgetError` once that many seconds have passed. With ``on_row`` each row is
handed over as soon as it is finished (the GUI shows rows while the rest are computed).

Islands that are copies of one another (:mod:`model.metrics.representation.symmetry`: exchanging
them is an automorphism of the network) give their elements the same figures, member for
member, so one of each set of copies is computed and the others reuse its figures (the
row names the element it copies). A building whose loss would leave no accelerator is
listed as such, not computed.
"""

from __future__ import annotations

import bisect
import math
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field, replace

import numpy as np

from model.design import Design
from model.elements import Plane
from model.failures import Failure
from model.metrics.kept_bandwidth import DEFAULT_THRESHOLD
from model.metrics.results import DesignMetrics
from model.whatif import (
    accelerators_down,
    design_accelerators,
    failure_words,
    figure_values,
)

MEMBERS_TRIED = 4
"""Most switches of one tier failed in turn (one per class of interchangeable switches;
a tier with more classes is sampled: classes spread evenly over its switches)."""

Progress = Callable[[int, int], None]
"""Told ``(done, total)`` after each failure is computed."""

RowSink = Callable[["NMinusOneRow", int, int], None]
"""Told ``(row, rows so far, rows in all)`` as each row is finished, in the order the
rows are computed (design order: buildings, tiers, bundles), not yet sorted: sorted by
:func:`impact` (a stable sort, ties in arrival order) they are the table's rows."""


@dataclass(frozen=True)
class NMinusOneRow:
    """What one single failure costs (figures on what remains)."""

    failure: Failure
    kind: str
    name: str
    words: str
    bisection_gbps: float
    bisection_drop_gbps: float
    bisection_ratio: float
    """Failed ÷ healthy bisection (NaN when either was not computed)."""
    accelerators_down: int
    """Accelerators in racks that lost power (a building)."""
    accelerators_cut_off: int
    """Working accelerators left with no scale-out link (the engine's stranded)."""
    unreachable_pairs: int
    """Accelerator pairs of what remains with no path between them."""
    splits: bool
    """True when the failure partitions the network: working accelerators cut off,
    or pairs with no path that had one."""
    worst_island_pair_gbps: float
    worst_building_pair_gbps: float
    same_as: str | None = None
    """The element of a copy island whose figures this row reuses, or None."""
    max_hops: float = math.nan
    """Largest switch-hop count between two accelerators that still reach each other
    (NaN when not computed)."""
    accelerators_low_bandwidth: int = 0
    """Working, not stranded accelerators keeping at most the table's threshold of
    their healthy bandwidth to the rest."""
    members_tried: int = 1
    """Switches of the tier failed in turn to find this, the worst (1 for the rest)."""
    classes: int = 1
    """Classes of interchangeable switches in the tier (1 for the rest): when more
    than ``members_tried``, the worst is of a sample."""

    @property
    def element(self) -> str:
        """The failed element's id."""
        return self.failure.element


@dataclass(frozen=True)
class NMinusOneTable:
    """The N−1 rows (worst first) and the healthy figures they are measured from."""

    healthy: dict[str, float]
    rows: list[NMinusOneRow]
    computed: int
    """Failures actually computed (the others reuse a copy's figures)."""
    skipped: list[tuple[str, str]] = field(default_factory=list)
    """``(element id, why)`` of candidates not computed."""
    threshold: float = DEFAULT_THRESHOLD
    """Accelerators at low bandwidth keep at most this fraction of healthy."""

    @property
    def partitioning(self) -> list[NMinusOneRow]:
        """The rows whose single failure partitions the network."""
        return [r for r in self.rows if r.splits]


class OverBudgetError(Exception):
    """The table took longer than its time budget (the message says how far it got)."""


def tier_members(design: Design,
                 plane: Plane | None = None) -> dict[str, tuple[list[int], int]]:
    """For each tier on ``plane``: the switches to fail in turn — the first switch of
    each of its classes of interchangeable switches, at most :data:`MEMBERS_TRIED`
    (classes spread evenly over the tier) — and how many classes it has; switch 0 alone
    when the classes cannot be taken (a design counted, not listed)."""
    out = {t: ([0], 1) for t in design.tiers}
    try:
        from model.metrics.representation.switch_classes import switch_classes
        from model.metrics.representation.topology import resolve

        topo = resolve(design, plane)
        if topo.counts_only:
            return out
        classes = switch_classes(topo)
    except Exception:  # an engine that cannot class this design: switch 0
        return out
    for tier_id, tier in topo.tiers.items():
        own = classes.member_class[tier.offset:tier.offset + tier.count]
        _, first = np.unique(own, return_index=True)
        firsts = sorted(int(m) for m in first)
        if len(firsts) > MEMBERS_TRIED:
            picks = np.linspace(0, len(firsts) - 1, MEMBERS_TRIED).round().astype(int)
            out[tier_id] = ([firsts[i] for i in picks], len(firsts))
        else:
            out[tier_id] = (firsts, len(firsts))
    return out


def candidates(design: Design) -> list[Failure]:
    """The single failures of the table: one switch of each tier, one link of each
    bundle, each building whole, in design order (tiers and bundles with no member
    are left out)."""
    from model.failures import members_of

    out = [Failure(element=t) for t in design.buildings]
    out += [Failure(element=t, count=1) for t in design.tiers
            if members_of(design, t) > 0]
    out += [Failure(element=b, count=1) for b in design.bundles
            if members_of(design, b) > 0]
    return out


def copy_keys(design: Design, plane: Plane | None = None) -> dict[str, Hashable]:
    """For each tier and bundle inside one island, a key shared by its twins in the
    islands that are copies of that island (equal fingerprints); elements with no twin
    get their own id. Empty when the fingerprints cannot be taken (no sharing then)."""
    try:
        from model.metrics.representation.symmetry import island_fingerprints
        from model.metrics.representation.topology import resolve

        fingerprints = island_fingerprints(resolve(design, plane, counts_only=True))
    except Exception:  # an engine that cannot fingerprint this design: compute all
        return {}
    print_of = dict(zip(design.islands, fingerprints, strict=True))
    position: dict[str, tuple[str, int]] = {}
    seen: dict[tuple[str, str], int] = {}
    for kind in ("rack_group", "tier"):
        for element in design.elements(kind).values():
            island = design.island_of(element.id)
            if island is None:
                continue
            n = seen.get((island, kind), 0)
            seen[(island, kind)] = n + 1
            position[element.id] = (kind, n)
    keys: dict[str, Hashable] = {}
    for tier in design.tiers.values():
        if tier.island is not None and tier.id in position:
            keys[tier.id] = ("tier", print_of[tier.island], position[tier.id])
    for bundle in design.bundles.values():
        low, up = design.island_of(bundle.lower), design.island_of(bundle.upper)
        if low is not None and low == up and bundle.lower in position \
                and bundle.upper in position:
            keys[bundle.id] = ("bundle", print_of[low], position[bundle.lower],
                               position[bundle.upper])
    return keys


def n_minus_1(design: Design, plane: Plane | None = None, budget_s: float | None = None,
              progress: Progress | None = None, share_copies: bool = True,
              compute: Callable[..., DesignMetrics] | None = None,
              threshold: float = DEFAULT_THRESHOLD, time_budget_s: float | None = None,
              healthy_metrics: DesignMetrics | None = None,
              lang: str | None = None, on_row: RowSink | None = None) -> NMinusOneTable:
    """The N−1 table of ``design`` on ``plane`` (default: the design's metrics plane):
    see the module doc. ``budget_s`` is each computation's engine budget; with
    ``share_copies`` false every failure is computed (the tests compare the two).
    ``compute`` is the engine, ``compute(design, plane, budget_s[, failures=...])``
    (default :func:`model.metrics.compute_all`; the GUI's runs in the engine
    process): the healthy figures once (unless given as ``healthy_metrics``), then
    each failure's. Accelerators at low bandwidth keep at most ``threshold`` of their
    healthy bandwidth. Past ``time_budget_s`` seconds (None: no limit) raises
    :class:`OverBudgetError`. Each row's failure is in words of ``lang`` (the reader's;
    English when None, as the JSON has it). ``on_row`` (see :data:`RowSink`) is told
    each row as soon as it is finished; it may raise to end the table there."""
    started = time.monotonic()
    if compute is None:
        from model.metrics import compute_all

        compute = compute_all
    if healthy_metrics is None:
        healthy_metrics = compute(design, plane, budget_s)
    healthy = figure_values(healthy_metrics, design)
    keys = copy_keys(design, plane) if share_copies else {}
    members = tier_members(design, plane)
    total_accelerators = design_accelerators(design)
    done_by_key: dict[Hashable, tuple[str, DesignMetrics]] = {}
    rows: list[NMinusOneRow] = []
    skipped: list[tuple[str, str]] = []
    todo = candidates(design)
    tries = [[f] if design.kind_of(f.element) != "tier" else
             [Failure(element=f.element, members=(m,))
              for m in members.get(f.element, ([0], 1))[0]]
             for f in todo]
    total, done, computed = sum(len(t) for t in tries), 0, 0
    downs = [accelerators_down(design, (failure,)) for failure in todo]
    rows_in_all = sum(1 for down in downs
                      if not (total_accelerators and down >= total_accelerators))
    for failure, attempts, down in zip(todo, tries, downs, strict=True):
        if total_accelerators and down >= total_accelerators:
            skipped.append((failure.element, "every accelerator is in it"))
            done += len(attempts)
            if progress is not None:
                progress(done, total)
            continue
        found: list[NMinusOneRow] = []
        for attempt in attempts:
            if time_budget_s is not None and time.monotonic() - started > time_budget_s:
                raise OverBudgetError(
                    f"not computed: over its {time_budget_s:g} s budget after {done} of"
                    f" {total} single failures")
            key = keys.get(attempt.element)
            same_as = None
            if key is not None:
                key = (key, attempt.members)
            if key is not None and key in done_by_key:
                same_as, failed = done_by_key[key]
            else:
                failed = compute(design, plane, budget_s, failures=(attempt,))
                computed += 1
                if key is not None:
                    done_by_key[key] = (attempt.element, failed)
            found.append(_row(design, attempt, healthy, failed, down, same_as, threshold,
                              lang))
            done += 1
            if progress is not None:
                progress(done, total)
        worst = min(found, key=impact)
        rows.append(replace(worst, members_tried=len(found),
                            classes=members.get(failure.element, ([0], 1))[1]))
        if on_row is not None:
            on_row(rows[-1], len(rows), rows_in_all)
    rows.sort(key=impact)
    return NMinusOneTable(healthy, rows, computed, skipped, threshold)


def _row(design: Design, failure: Failure, healthy: dict[str, float],
         metrics: DesignMetrics, down: int, same_as: str | None,
         threshold: float = DEFAULT_THRESHOLD, lang: str | None = None) -> NMinusOneRow:
    values = figure_values(metrics, design, (failure,), threshold)
    bisection = values["bisection_gbps"]
    ratio = (bisection / healthy["bisection_gbps"]
             if healthy["bisection_gbps"] and math.isfinite(healthy["bisection_gbps"])
             else math.nan)
    unreachable = values["unreachable_pairs"]
    healthy_unreachable = healthy["unreachable_pairs"]
    element = design.element(failure.element)
    cut_off = int(values["accelerators_cut_off"])
    return NMinusOneRow(
        failure=failure, kind=design.kind_of(failure.element) or "",
        name=element.name if element is not None else failure.element,
        words=failure_words(design, failure, lang),
        bisection_gbps=bisection,
        bisection_drop_gbps=healthy["bisection_gbps"] - bisection,
        bisection_ratio=ratio,
        accelerators_down=down,
        accelerators_cut_off=cut_off,
        unreachable_pairs=int(unreachable) if math.isfinite(unreachable) else 0,
        splits=cut_off > 0 or (math.isfinite(unreachable) and unreachable > (
            healthy_unreachable if math.isfinite(healthy_unreachable) else 0)),
        worst_island_pair_gbps=values["worst_island_pair_gbps"],
        worst_building_pair_gbps=values["worst_building_pair_gbps"],
        same_as=same_as,
        max_hops=values["max_hops"],
        accelerators_low_bandwidth=int(values["accelerators_low_bandwidth"]),
    )


def impact(row: NMinusOneRow) -> tuple[float, ...]:
    """Sort key, worst first: accelerators down or cut off, a split network (pairs with no path),
    bisection lost, then the worst pair capacities (lower first)."""
    def low(value: float) -> float:
        return value if math.isfinite(value) else math.inf

    drop = row.bisection_drop_gbps if math.isfinite(row.bisection_drop_gbps) else 0.0
    return (-(row.accelerators_down + row.accelerators_cut_off), -row.unreachable_pairs, -drop,
            -row.accelerators_low_bandwidth, low(row.worst_island_pair_gbps),
            low(row.worst_building_pair_gbps))


def sorted_position(rows: Sequence[NMinusOneRow], row: NMinusOneRow) -> int:
    """Where ``row`` goes among ``rows`` (worst first, by :func:`impact`): after the rows
    it ties with, so rows inserted one by one as :data:`RowSink` hands them over come out
    in the table's order (the stable sort of the same rows)."""
    return bisect.bisect_right(rows, impact(row), key=impact)


def table_rows(table: NMinusOneTable) -> list[dict[str, object]]:
    """The table as plain JSON data (``whatif --n-1 --json``)."""
    def number(value: float) -> float | None:
        return value if math.isfinite(value) else None

    return [{
        "element": r.element, "kind": r.kind, "name": r.name, "failure": r.words,
        "count": r.failure.count,
        "bisection_gbps": number(r.bisection_gbps),
        "bisection_drop_gbps": number(r.bisection_drop_gbps),
        "bisection_ratio": number(r.bisection_ratio),
        "accelerators_down": r.accelerators_down,
        "accelerators_cut_off": r.accelerators_cut_off,
        "unreachable_pairs": r.unreachable_pairs,
        "members": list(r.failure.members) if r.failure.members else None,
        "members_tried": r.members_tried,
        "switch_classes": r.classes,
        "max_hops": number(r.max_hops),
        "accelerators_low_bandwidth": r.accelerators_low_bandwidth,
        "splits_network": r.splits,
        "worst_island_pair_gbps": number(r.worst_island_pair_gbps),
        "worst_building_pair_gbps": number(r.worst_building_pair_gbps),
        "same_as": r.same_as,
    } for r in table.rows]


def table_json(table: NMinusOneTable) -> dict[str, object]:
    """The whole table as plain JSON data: the healthy figures, the rows worst first,
    which single failures partition the network, what was computed and skipped."""
    return {
        "healthy": {k: (v if math.isfinite(v) else None) for k, v in table.healthy.items()},
        "low_bandwidth_threshold": table.threshold,
        "rows": table_rows(table),
        "partitioning": [r.element for r in table.partitioning],
        "computed": table.computed,
        "skipped": [{"element": e, "why": why} for e, why in table.skipped],
    }


REPORT_BUDGET_S = 10.0
"""Seconds ``report --json`` gives the N−1 table at most (the issue's budget for it on
the 100K example)."""


def report_json(design: Design, plane: Plane | None, healthy: DesignMetrics,
                time_budget_s: float = REPORT_BUDGET_S,
                budget_s: float | None = None) -> dict[str, object]:
    """The ``n_minus_1`` entry of ``report --json``: :func:`table_json`, or
    ``{"not_computed": why}`` when the table would take longer than ``time_budget_s``
    (the time is checked before each single failure, so it can overrun by one)."""
    try:
        table = n_minus_1(design, plane, budget_s=budget_s, healthy_metrics=healthy,
                          time_budget_s=time_budget_s)
    except OverBudgetError as error:
        return {"not_computed": str(error)}
    return table_json(table)
