"""Plain result records of the metrics engine.

Every figure a user sees is a field here, with its unit in its name. The GUI, the command
line (``report --json``) and the exports read these records; none of them computes a
figure of its own. Bandwidth is one direction of a link, in Gb/s.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from model.problems import Problem

if TYPE_CHECKING:
    from collections.abc import Iterable

    from model.metrics.cost import Cost
    from model.metrics.failed import FailureFigures
    from model.metrics.reliability import Reliability


@dataclass(frozen=True)
class PortUse:
    """Ports of one switch tier: used (a 400G link on an 800G port uses half a port)
    and available, summed over the tier's switches; ``worst_switch_used`` is the most
    used on any single switch of the tier."""

    used: float
    available: int
    worst_switch_used: float
    per_switch: int


@dataclass(frozen=True)
class Inventory:
    """Counts of everything in the design (all planes unless a field says otherwise)."""

    buildings: int
    islands: int
    racks: int
    servers: int
    accelerators: int
    accelerators_by_type: dict[str, int]
    switches_by_tier: dict[str, int]
    """Tier id → switch count."""
    switches_by_model: dict[str, int]
    links_by_bundle: dict[str, int]
    """Bundle id → number of links (= cables)."""
    transceivers_by_medium: dict[str, int]
    """Medium id → pluggable modules (two per optical link, none for DAC)."""
    ports_by_tier: dict[str, PortUse]
    installed: Inventory | None = None
    """With failures in force (:mod:`model.metrics.failed`) the counts above are what
    works, and this is what is installed; None when nothing is down."""


@dataclass(frozen=True)
class TierOversubscription:
    """Capacity into a tier from below against capacity out of it upward.

    ``ratio`` is down : up (None for a top tier, which has no uplinks);
    ``worst_switch_ratio`` is the largest ratio on any one switch of the tier.
    """

    tier_id: str
    down_gbps: float
    up_gbps: float
    ratio: float | None
    worst_switch_ratio: float | None


@dataclass(frozen=True)
class BisectionCut:
    """The two sides of a minimum balanced cut.

    ``side_a`` maps each rack group id to how many of its *accelerators* stand on side A
    (rail wiring can put the accelerators of one server on both sides) and each tier id
    to how many of its *switches* do; the rest stand on side B. ``accelerators_a``
    counts accelerators on side A; ``crossing_gbps`` maps bundle id → capacity of its
    links that cross.
    """

    side_a: dict[str, int]
    accelerators_a: int
    crossing_gbps: dict[str, float]


@dataclass(frozen=True)
class Bisection:
    """Minimum balanced bisection of the accelerators (DESIGN §3)."""

    gbps: float
    per_accelerator_gbps: float
    fraction_of_full: float
    exact: bool
    cut: BisectionCut
    full_gbps: float
    """N/2 × injection bandwidth: the bisection of an ideal non-blocking network."""
    lower_bound_gbps: float | None = None
    """When the figure is not exact (the best cut found): a proven lower bound on the
    minimum balanced cut (:mod:`model.metrics.bisection.bound`), or None when none is
    known. None when the figure is exact (it is then its own bound)."""


@dataclass(frozen=True)
class PairCapacity:
    """Capacity of the minimum cut separating two islands (or two buildings)."""

    a: str
    b: str
    gbps: float

    @classmethod
    def many(cls, a: Iterable[str], b: Iterable[str], gbps: Iterable[float]
             ) -> list[PairCapacity]:
        """One record per (a, b, gbps) of the three in step: equal to calling the
        class on each, made without the frozen class's ``__init__`` (three
        ``object.__setattr__`` calls a record: a campus of 144 islands has 10,296
        pairs, and making them that way took ~12 ms of a SuperPOD run from scratch)."""
        made = object.__new__
        out: list[PairCapacity] = []
        append = out.append
        for x, y, value in zip(a, b, gbps, strict=True):
            record = made(cls)
            fields = record.__dict__
            fields["a"] = x
            fields["b"] = y
            fields["gbps"] = value
            append(record)
        return out


@dataclass(frozen=True)
class Hops:
    """Switch hops between accelerators, over every unordered pair.

    ``histogram`` maps hops → pairs for pairs that use the scale-out network;
    ``scale_up_pairs`` are pairs inside one scale-up domain (0 scale-out hops);
    ``by_scope`` gives the same histogram split by the pair's closest common place
    (``server``, ``rack``, ``island``, ``building``, ``campus``), and
    ``scale_up_by_scope`` the scale-up pairs likewise. ``mean`` and ``max`` are over the
    scale-out pairs; ``unreachable_pairs`` have no path at all.
    """

    histogram: dict[int, int]
    by_scope: dict[str, dict[int, int]]
    scale_up_pairs: int
    scale_up_by_scope: dict[str, int]
    unreachable_pairs: int
    mean: float
    max: int


@dataclass(frozen=True)
class BuildingPower:
    """Power of one building, kW. IT = servers + switches + transceivers + allowance;
    facility = IT × PUE; ``utilization`` = IT ÷ capacity."""

    building_id: str
    servers_kw: float
    switches_kw: float
    transceivers_kw: float
    allowance_kw: float
    it_kw: float
    facility_kw: float
    capacity_kw: float
    utilization: float
    headroom_kw: float


@dataclass(frozen=True)
class RackPower:
    """One rack of a rack group against its rack type's budget, kW."""

    rack_group_id: str
    per_rack_kw: float
    budget_kw: float
    utilization: float


@dataclass(frozen=True)
class Power:
    """Power per building, per rack group, and campus totals (kW)."""

    buildings: dict[str, BuildingPower]
    racks: dict[str, RackPower]
    it_kw: float
    facility_kw: float
    capacity_kw: float


@dataclass(frozen=True)
class Compute:
    """Peak dense BF16 PFLOPS."""

    by_accelerator_type: dict[str, float]
    by_island: dict[str, float]
    by_building: dict[str, float]
    campus_pflops: float
    by_vendor: dict[str, float] = field(default_factory=dict)
    """PFLOPS by accelerator vendor (the part's ``vendor``: NVIDIA, Huawei, Cambricon …)."""


@dataclass(frozen=True)
class DesignMetrics:
    """Every metric of a design on one plane, and its problems."""

    plane: str
    inventory: Inventory
    injection_gbps_per_accelerator: float
    oversubscription: dict[str, TierOversubscription]
    bisection: Bisection
    island_pairs: list[PairCapacity]
    building_pairs: list[PairCapacity]
    hops: Hops
    power: Power
    compute: Compute
    problems: list[Problem] = field(default_factory=list)
    not_computed: dict[str, str] = field(default_factory=dict)
    """Figures the run's budget left out (:mod:`model.metrics.budget`): ``hops``,
    ``bisection``, ``island_pairs``, ``building_pairs`` → why (``not computed: too large
    for the 60 s budget``). Such a figure holds a placeholder — no hops, no pairs, or a
    bisection that is its upper bound ``full_gbps`` flagged ``exact: false`` — and must
    be shown as not computed. Empty when every figure is computed."""
    reliability: Reliability | None = None
    """Expected interruptions, MTBI and goodput (:mod:`model.metrics.reliability`)."""
    cost: Cost | None = None
    """What the design costs (see :mod:`model.metrics.cost`)."""
    failures: FailureFigures | None = None
    """What the failures in force take down (:mod:`model.metrics.failed`); None for
    the healthy design. Every other figure is then of what remains."""


def not_counted_hops() -> Hops:
    """The hops record of a run whose budget left the hop counts out (no pairs
    counted; ``DesignMetrics.not_computed`` says why)."""
    return Hops(histogram={}, by_scope={}, scale_up_pairs=0, scale_up_by_scope={},
                unreachable_pairs=0, mean=0.0, max=0)


def bisection_upper_bound(accelerators: int, injection_gbps: float) -> Bisection:
    """The bisection record of a run whose budget left the bisection out: its upper
    bound N/2 × injection (the cut that puts every switch on one side and half the
    accelerators on the other crosses exactly their own links), flagged
    ``exact: false``, with no cut."""
    full = accelerators / 2 * injection_gbps
    return Bisection(gbps=full, per_accelerator_gbps=injection_gbps if accelerators >= 2
                     else 0.0, fraction_of_full=1.0 if full > 0 else 0.0, exact=False,
                     cut=BisectionCut(side_a={}, accelerators_a=0, crossing_gbps={}),
                     full_gbps=full)
