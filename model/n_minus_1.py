"""The N−1 table: what each single failure takes down, worst first.

For every switch tier one switch down, for every link bundle one link down, and for
every building its power (the whole building) down, the design is computed again on
what remains (``compute_all(design, failures=...)``) and the row says what that failure
costs: the bisection lost, the accelerators down or left with no path to others, the
worst island-pair and building-pair capacity before and after, and whether the network
splits. Rows are sorted by impact: accelerators lost first, then a split network, then
bisection lost, then pair capacity lost.

Islands that are copies of one another (:mod:`model.metrics.symmetry`: exchanging them
is an automorphism of the network) give their elements the same figures, member for
member, so one of each set of copies is computed and the others reuse its figures (the
row names the element it copies). A building whose loss would leave no accelerator is
listed as such, not computed.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field

from model.design import Design
from model.elements import Plane
from model.failures import Failure
from model.metrics.results import DesignMetrics
from model.whatif import (
    accelerators_down,
    design_accelerators,
    failure_words,
    figure_values,
)

Progress = Callable[[int, int], None]
"""Told ``(done, total)`` after each failure is computed."""


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
    """True when the failure leaves pairs with no path that had one."""
    worst_island_pair_gbps: float
    worst_building_pair_gbps: float
    same_as: str | None = None
    """The element of a copy island whose figures this row reuses, or None."""

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
        from model.metrics.symmetry import island_fingerprints
        from model.metrics.topology import resolve

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
              compute: Callable[..., DesignMetrics] | None = None) -> NMinusOneTable:
    """The N−1 table of ``design`` on ``plane`` (default: the design's metrics plane):
    see the module doc. ``budget_s`` is each computation's engine budget; with
    ``share_copies`` false every failure is computed (the tests compare the two).
    ``compute`` is the engine, ``compute(design, plane, budget_s[, failures=...])``
    (default :func:`model.metrics.compute_all`; the GUI's runs in the engine
    process): the healthy figures once, then each failure's."""
    if compute is None:
        from model.metrics import compute_all

        compute = compute_all
    healthy_metrics = compute(design, plane, budget_s)
    healthy = figure_values(healthy_metrics, design)
    keys = copy_keys(design, plane) if share_copies else {}
    total_accelerators = design_accelerators(design)
    done_by_key: dict[Hashable, tuple[str, DesignMetrics]] = {}
    rows: list[NMinusOneRow] = []
    skipped: list[tuple[str, str]] = []
    todo = candidates(design)
    computed = 0
    for n, failure in enumerate(todo, 1):
        down = accelerators_down(design, (failure,))
        if total_accelerators and down >= total_accelerators:
            skipped.append((failure.element, "every accelerator is in it"))
        else:
            key = keys.get(failure.element)
            same_as = None
            if key is not None and key in done_by_key:
                same_as, failed = done_by_key[key]
            else:
                failed = compute(design, plane, budget_s, failures=(failure,))
                computed += 1
                if key is not None:
                    done_by_key[key] = (failure.element, failed)
            rows.append(_row(design, failure, healthy, failed, down, same_as))
        if progress is not None:
            progress(n, len(todo))
    rows.sort(key=impact)
    return NMinusOneTable(healthy, rows, computed, skipped)


def _row(design: Design, failure: Failure, healthy: dict[str, float],
         metrics: DesignMetrics, down: int, same_as: str | None) -> NMinusOneRow:
    values = figure_values(metrics, design, (failure,))
    bisection = values["bisection_gbps"]
    ratio = (bisection / healthy["bisection_gbps"]
             if healthy["bisection_gbps"] and math.isfinite(healthy["bisection_gbps"])
             else math.nan)
    unreachable = values["unreachable_pairs"]
    healthy_unreachable = healthy["unreachable_pairs"]
    element = design.element(failure.element)
    return NMinusOneRow(
        failure=failure, kind=design.kind_of(failure.element) or "",
        name=element.name if element is not None else failure.element,
        words=failure_words(design, failure),
        bisection_gbps=bisection,
        bisection_drop_gbps=healthy["bisection_gbps"] - bisection,
        bisection_ratio=ratio,
        accelerators_down=down,
        accelerators_cut_off=int(values["accelerators_cut_off"]),
        unreachable_pairs=int(unreachable) if math.isfinite(unreachable) else 0,
        splits=math.isfinite(unreachable) and unreachable > (
            healthy_unreachable if math.isfinite(healthy_unreachable) else 0),
        worst_island_pair_gbps=values["worst_island_pair_gbps"],
        worst_building_pair_gbps=values["worst_building_pair_gbps"],
        same_as=same_as,
    )


def impact(row: NMinusOneRow) -> tuple[float, ...]:
    """Sort key, worst first: accelerators down or cut off, a split network (pairs with no path),
    bisection lost, then the worst pair capacities (lower first)."""
    def low(value: float) -> float:
        return value if math.isfinite(value) else math.inf

    drop = row.bisection_drop_gbps if math.isfinite(row.bisection_drop_gbps) else 0.0
    return (-(row.accelerators_down + row.accelerators_cut_off), -row.unreachable_pairs, -drop,
            low(row.worst_island_pair_gbps), low(row.worst_building_pair_gbps))


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
        "splits_network": r.splits,
        "worst_island_pair_gbps": number(r.worst_island_pair_gbps),
        "worst_building_pair_gbps": number(r.worst_building_pair_gbps),
        "same_as": r.same_as,
    } for r in table.rows]
