"""Reliability: expected interruptions, mean time between them, and goodput.

**Interruptions.** Each component class (:class:`~model.reliability_data.Component`) has
a failure rate per unit per year (per accelerator, server, backend NIC, switch or link;
see :mod:`model.reliability_data`). Failures are taken as independent with constant
rates (a Poisson process), so rates add: expected interruptions per day = Σ over
classes and parts of units × rate ÷ 365, and the mean time between interruptions (MTBI)
is 24 h ÷ that. Every failure of a part the job uses is taken to interrupt it (a
synchronous training job restarts from its last checkpoint, as Llama 3's did).

**A job of N accelerators** out of the campus's A uses the fraction f = N ÷ A of every
part: f of each accelerator type, server type (and their NICs), switch model and link
medium. This is exact for the accelerators and hosts of a uniform campus; for the
network it is an assumption (a job spread evenly over the campus, each network part
shared by jobs in proportion) — a part failing outside the job's share does not
interrupt it, one inside does.

**Goodput** (fraction of wall time doing useful training) for a job with MTBI M,
checkpoint write time δ and restart time R:

- Young's optimal checkpoint interval τ = √(2δM) (J. W. Young, "A first order
  approximation to the optimum checkpoint interval", CACM 17(9), 1974);
- Daly's higher-order interval τ = √(2δM)·[1 + ⅓·√(δ/2M) + ⅑·(δ/2M)] − δ for δ < 2M,
  else M (J. T. Daly, "A higher order estimate of the optimum checkpoint interval for
  restart dumps", FGCS 22(3), 2006);
- lost fraction, to first order, at Young's interval: δ/τ + (τ/2 + R)/M (a checkpoint
  every τ; each failure loses on average half an interval of work and the restart);
  goodput = 1 − lost (at least 0);
- for comparison, Daly's exponential model at Daly's interval: goodput = τ ÷
  (M·e^{R/M}·(e^{(τ+δ)/M} − 1)), the ratio of solve time to expected wall time.

All figures are pure functions of the part counts and the rates: :func:`exposure` takes
any :class:`Population`, so a what-if (failed members left out) or another way of
choosing a job's parts can pass its own counts.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field

from model.design import Design
from model.i18n import Message, mark, message
from model.metrics.representation.topology import Topology
from model.metrics.results import Inventory
from model.problems import Problem, Severity
from model.reliability_data import (
    DAYS_PER_YEAR,
    UNIT_OF,
    Component,
    RateOverride,
    ReliabilityData,
    ReliabilitySettings,
    Unit,
    shipped_rates,
)

NO_MEDIUM = ""
"""Part key of links whose bundle names no medium."""


@dataclass(frozen=True)
class Population:
    """Parts of the campus by unit, then by part id (accelerator type, server type,
    switch model, medium; :data:`NO_MEDIUM` for links without one)."""

    counts: dict[Unit, dict[str, float]]
    accelerators: int

    def scaled(self, fraction: float) -> Population:
        """The share ``fraction`` of every count (a job's parts)."""
        return Population({u: {p: n * fraction for p, n in by.items()}
                           for u, by in self.counts.items()},
                          round(self.accelerators * fraction))


@dataclass(frozen=True)
class ClassFigures:
    """One component class: its units in scope, the rate used per unit and year (the
    mean over parts when parts differ), its expected failures per day and where the
    rate comes from."""

    component: str
    unit: str
    units: float
    afr_per_year: float
    per_day: float
    source: str
    estimate: bool


@dataclass(frozen=True)
class Exposure:
    """Expected interruptions of a scope (the campus, or one job), by class."""

    accelerators: int
    per_day: float
    mtbi_hours: float
    """24 ÷ per_day; infinite when nothing can fail."""
    by_class: dict[str, ClassFigures]


@dataclass(frozen=True)
class Goodput:
    """Checkpoint intervals and goodput of the job (seconds and fractions)."""

    checkpoint_write_s: float
    restart_s: float
    mtbi_s: float
    young_interval_s: float
    daly_interval_s: float
    lost_fraction: float
    """First order, at Young's interval: δ/τ + (τ/2 + R)/M, at most 1."""
    goodput: float
    """1 − lost_fraction."""
    daly_goodput: float
    """Daly's exponential model at Daly's interval."""


@dataclass(frozen=True)
class Reliability:
    """Interruptions of the campus and of the job, and the job's goodput."""

    campus: Exposure
    job: Exposure
    goodput: Goodput
    sources: list[str] = field(default_factory=list)


def population(topo: Topology, inventory: Inventory) -> Population:
    """The campus's parts by unit: accelerators by type, servers and backend NICs by
    server type, switches by model, links by medium (all planes)."""
    servers: Counter[str] = Counter()
    nics: Counter[str] = Counter()
    for rack in topo.racks:
        servers[rack.server.id] += rack.servers
        nics[rack.server.id] += rack.servers * rack.server.nic_count
    links: Counter[str] = Counter()
    for bundle_id, count in inventory.links_by_bundle.items():
        bundle = topo.design.bundles.get(bundle_id)
        links[(bundle.medium or NO_MEDIUM) if bundle else NO_MEDIUM] += count
    return Population(
        {Unit.ACCELERATOR: {k: float(v) for k, v in inventory.accelerators_by_type.items()},
         Unit.SERVER: {k: float(v) for k, v in servers.items()},
         Unit.NIC: {k: float(v) for k, v in nics.items()},
         Unit.SWITCH: {k: float(v) for k, v in inventory.switches_by_model.items()},
         Unit.LINK: {k: float(v) for k, v in links.items()}},
        inventory.accelerators)


def rate_of(component: Component, part: str, data: ReliabilityData,
            overrides: tuple[RateOverride, ...]) -> tuple[float, str, bool]:
    """(failures per unit per year, source, estimate) of one part of a class. First
    match wins: the design's override for the part, the design's override for the
    class, the shipped rate of the part, the shipped rate of the class."""
    for chosen in (
        [o for o in overrides if o.component == component and o.part == part],
        [o for o in overrides if o.component == component and o.part is None],
        [o for o in data.parts if o.component == component and o.part == part],
    ):
        if chosen:
            o = chosen[-1]
            return o.per_year(), o.source or "design setting", o.estimate
    shipped = data.class_rate(component)
    return data.per_year(component), shipped.source, shipped.estimate


def exposure(parts: Population, data: ReliabilityData,
             overrides: tuple[RateOverride, ...] = ()) -> Exposure:
    """Expected interruptions per day and MTBI of ``parts``, by component class."""
    by_class: dict[str, ClassFigures] = {}
    for component in Component:
        unit = UNIT_OF[component]
        units = per_year = 0.0
        sources: list[str] = []
        estimate = False
        for part, count in sorted(parts.counts.get(unit, {}).items()):
            rate, source, guessed = rate_of(component, part, data, overrides)
            units += count
            per_year += count * rate
            estimate |= guessed
            if source not in sources:
                sources.append(source)
        if not sources:  # no such part: show the class's rate anyway
            rate, source, estimate = rate_of(component, NO_MEDIUM, data, overrides)
            sources.append(source)
        by_class[component.value] = ClassFigures(
            component=component.value, unit=unit.value, units=units,
            afr_per_year=per_year / units if units else rate_of(
                component, NO_MEDIUM, data, overrides)[0],
            per_day=per_year / DAYS_PER_YEAR, source=" | ".join(sources), estimate=estimate)
    per_day = sum(c.per_day for c in by_class.values())
    return Exposure(parts.accelerators, per_day,
                    24.0 / per_day if per_day > 0 else math.inf, by_class)


def young_interval_s(checkpoint_write_s: float, mtbi_s: float) -> float:
    """Young's optimal checkpoint interval √(2δM), seconds."""
    return math.sqrt(2.0 * checkpoint_write_s * mtbi_s)


def daly_interval_s(checkpoint_write_s: float, mtbi_s: float) -> float:
    """Daly's higher-order optimal interval of compute between checkpoints, seconds:
    √(2δM)·[1 + ⅓√(δ/2M) + ⅑(δ/2M)] − δ when δ < 2M, else M."""
    delta, m = checkpoint_write_s, mtbi_s
    if delta >= 2.0 * m:
        return m
    x = delta / (2.0 * m)
    return math.sqrt(2.0 * delta * m) * (1.0 + math.sqrt(x) / 3.0 + x / 9.0) - delta


def lost_fraction(interval_s: float, checkpoint_write_s: float, restart_s: float,
                  mtbi_s: float) -> float:
    """Fraction of time lost to checkpoints and failures, first order:
    δ/τ + (τ/2 + R)/M, capped at 1."""
    lost = checkpoint_write_s / interval_s + (interval_s / 2.0 + restart_s) / mtbi_s
    return min(1.0, lost)


def daly_goodput(interval_s: float, checkpoint_write_s: float, restart_s: float,
                 mtbi_s: float) -> float:
    """Daly's exponential model: solve time ÷ expected wall time =
    τ ÷ (M·e^{R/M}·(e^{(τ+δ)/M} − 1))."""
    m = mtbi_s
    try:
        wall = m * math.exp(restart_s / m) * math.expm1((interval_s + checkpoint_write_s) / m)
    except OverflowError:
        return 0.0
    return interval_s / wall if wall > 0 else 0.0


def goodput(settings: ReliabilitySettings, mtbi_hours: float) -> Goodput:
    """Checkpoint intervals and goodput of a job with this MTBI (see the module)."""
    delta, restart = settings.checkpoint_write_s, settings.restart_s
    m = mtbi_hours * 3600.0
    if not math.isfinite(m):
        return Goodput(delta, restart, m, math.inf, math.inf, 0.0, 1.0, 1.0)
    young = young_interval_s(delta, m)
    daly = daly_interval_s(delta, m)
    lost = lost_fraction(young, delta, restart, m)
    return Goodput(delta, restart, m, young, daly, lost, 1.0 - lost,
                   daly_goodput(daly, delta, restart, m))


def reliability(design: Design, parts: Population,
                data: ReliabilityData | None = None) -> Reliability:
    """Interruptions of the campus and of the design's job (its settings'
    ``job_accelerators``, default all, at most all), and the job's goodput."""
    data = data or shipped_rates()
    settings = design.settings.reliability
    overrides = settings.failure_rates
    campus = exposure(parts, data, overrides)
    total = parts.accelerators
    wanted = settings.job_accelerators or total
    share = min(wanted, total) / total if total else 0.0
    job = exposure(parts.scaled(share), data, overrides) if share < 1 else campus
    source = str(data.observation.get("source", ""))
    return Reliability(campus, job, goodput(settings, job.mtbi_hours),
                       [source] if source else [])


_KIND_WORD: dict[Unit, str] = {
    Unit.ACCELERATOR: mark("terms", "accelerator type"),
    Unit.SERVER: mark("terms", "server type"),
    Unit.NIC: mark("terms", "server type"),
    Unit.SWITCH: mark("terms", "switch model"),
    Unit.LINK: mark("terms", "medium"),
}


def override_problems(design: Design) -> list[Problem]:
    """A warning for each of the design's failure-rate overrides whose ``part`` is not a
    part of its class's kind in the design's catalog: such a rate is never used."""
    catalog = design.catalog
    lookup = {
        Unit.ACCELERATOR: catalog.accelerator, Unit.SERVER: catalog.server,
        Unit.NIC: catalog.server, Unit.SWITCH: catalog.switch, Unit.LINK: catalog.medium,
    }
    problems = []
    for override in design.settings.reliability.failure_rates:
        unit = UNIT_OF[override.component]
        if override.part is not None and lookup[unit](override.part) is None:
            problems.append(Problem.of(
                Severity.WARNING, "unused-failure-rate", None, message(
                    "problems", "the failure rate set for {component} names {part!r}, which"
                    " is not a {kind} of the design: it is not used",
                    component=override.component.value, part=override.part,
                    kind=Message("terms", _KIND_WORD[unit]))))
    return problems
