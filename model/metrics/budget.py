"""The time a run of the metrics engine may take, and what happens past it.

Counts the file format allows (a million switches in a tier, 4,096 links per member)
can describe networks whose exact figures take minutes and gigabytes. A run of
:func:`model.metrics.compute_all` therefore works to a :class:`Budget` of seconds:

- **Before** each expensive stage (hop counts, bisection units and pod tree, bisection,
  capacities between islands and buildings) a cheap estimate of its work, from the
  sizes of the resolved network (links and switches), is compared with the time left.
  A stage that would not fit is skipped: its figures are reported as *not computed*,
  with the reason (:data:`DesignMetrics.not_computed`).
- **During** a stage, its long loops (the convolutions of the bisection's DP, the
  max-flows between places) call :func:`check`, which raises :class:`OverBudgetError` once
  the deadline has passed; the stage's figures are then not computed either.
- Figures done before the limit are exact as usual; the bisection, when not computed,
  is reported as its upper bound ``full_gbps`` (N/2 × injection: a cut exists that
  separates half the accelerators' own links), flagged ``exact: false``.

The budget is wall-clock time, so how far a run gets on an oversized design depends
on how busy the machine is; designs of the sizes DESIGN §4 measures finish far inside
the default budget, and their figures never depend on it.

The budget in force is held in a context variable set by ``compute_all`` (and copied to
the engine's helper thread), so the deep loops need no extra parameter.
"""

from __future__ import annotations

import contextvars
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from model.design import Design
from model.elements import Plane

DEFAULT_SECONDS = 60.0
"""Budget of a run when the caller gives none (the command line's ``--timeout`` default)."""

SECONDS_PER_LINK = 1.5e-7
SECONDS_PER_SWITCH = 8e-6
SECONDS_PER_ACCELERATOR = 3e-7
"""Coefficients of a stage's estimate: measured costs per member-level link, per switch
and per accelerator of the network stages on the 2-core reference machine, rounded up
(the 1M campus — 2.6 million links, 66,000 switches — is estimated at 1.2 s and takes
0.3–0.4 s; the 100K campus with a spine tier of a million switches, which took minutes,
at about ten)."""


class OverBudgetError(Exception):
    """A stage of the engine ran past its run's deadline."""


@dataclass
class Budget:
    """A run's allowance: ``seconds`` of wall-clock time from when it was made."""

    seconds: float = DEFAULT_SECONDS
    start: float = field(default_factory=time.monotonic)

    @property
    def deadline(self) -> float:
        """The :func:`time.monotonic` time past which the run stops."""
        return self.start + self.seconds

    def remaining(self) -> float:
        """Seconds left (negative once past the deadline)."""
        return self.deadline - time.monotonic()

    def expired(self) -> bool:
        """True once the deadline has passed."""
        return time.monotonic() > self.deadline

    def too_large(self, estimate_s: float) -> str | None:
        """The reason a stage estimated at ``estimate_s`` seconds is skipped, or None
        when it fits in the time left."""
        left = self.remaining()
        if estimate_s <= left:
            return None
        return too_large_reason(self.seconds, estimate_s, max(left, 0.0))


def too_large_reason(budget_s: float, estimate_s: float | None = None,
                     left_s: float | None = None) -> str:
    """The words a skipped figure is reported with."""
    estimate = (f" (estimated {estimate_s:,.1f} s, {left_s:,.1f} s left)"
                if estimate_s is not None and left_s is not None else "")
    return f"not computed: too large for the {budget_s:g} s budget{estimate}"


def stage_estimate_s(links: int, switches: int, accelerators: int) -> float:
    """Seconds a network stage may take on a plane of ``links`` member-level links,
    ``switches`` switches and ``accelerators`` accelerators (an upper estimate; see the
    coefficients)."""
    return (links * SECONDS_PER_LINK + switches * SECONDS_PER_SWITCH
            + accelerators * SECONDS_PER_ACCELERATOR)


_current: contextvars.ContextVar[Budget | None] = contextvars.ContextVar(
    "metrics_budget", default=None)


def current() -> Budget | None:
    """The budget of the run in progress on this thread (None outside a run)."""
    return _current.get()


@contextmanager
def working_to(budget: Budget) -> Iterator[Budget]:
    """Make ``budget`` the one :func:`check` tests, for the block."""
    token = _current.set(budget)
    try:
        yield budget
    finally:
        _current.reset(token)


def check() -> None:
    """Raise :class:`OverBudgetError` when the run in progress is past its deadline (a
    no-op outside a run). Cheap: call it once per step of a long loop."""
    budget = _current.get()
    if budget is not None and time.monotonic() > budget.start + budget.seconds:
        raise OverBudgetError()


MAX_NETWORK_LINKS = 20_000_000
MAX_NETWORK_SWITCHES = 250_000
MAX_NETWORK_ACCELERATORS = 5_000_000
"""Largest plane whose network figures (hops, bisection, pair capacities) are
attempted at all, whatever the budget: past these the engine's arrays alone would
take several GB. The 1M-accelerator campus has about 2.6 million links and 66,000
switches, and its figures take about 330 MB."""


def too_large_network(links: int, switches: int, accelerators: int,
                      listed: bool = True) -> str | None:
    """Why the network figures of a plane of ``links`` links, ``switches`` switches and
    ``accelerators`` accelerators are not attempted, or None when they are. A plane
    whose links were counted, not listed (``listed`` false: more than the engine's
    ``max_resolved_links``), is never attempted."""
    if (listed and links <= MAX_NETWORK_LINKS and switches <= MAX_NETWORK_SWITCHES
            and accelerators <= MAX_NETWORK_ACCELERATORS):
        return None
    return (f"not computed: too large ({links:,} links, {switches:,} switches,"
            f" {accelerators:,} accelerators; the engine computes planes of up to"
            f" {MAX_NETWORK_LINKS:,} links, {MAX_NETWORK_SWITCHES:,} switches and"
            f" {MAX_NETWORK_ACCELERATORS:,} accelerators)")


MAX_RESOLVED_LINKS = 60_000_000
"""Most member-level links of one plane an engine lists as arrays by default (about 40
bytes each while resolving; ``Engine(max_resolved_links=...)`` sets another). A plane
with more is resolved for counts only: inventory, ports, oversubscription and power are
exact, the network figures not computed."""


def design_links(design: Design, plane: Plane | None = None) -> int:
    """Member-level links (lower members × links per member) of the bundles of
    ``design`` on ``plane`` (every plane when None), from the counts alone."""
    total = 0
    rack_types = {r.id: r for r in design.catalog.rack_types}
    tiers, groups = design.tiers, design.rack_groups
    members_of: dict[str, int] = {}  # each end's members, counted once
    for bundle in design.bundles.values():
        if plane is not None:
            upper = tiers.get(bundle.upper)
            if upper is None or upper.plane != plane:
                continue
        members = members_of.get(bundle.lower)
        if members is None:
            group = groups.get(bundle.lower)
            if group is not None:
                rack_type = rack_types.get(group.rack_type)
                members = group.count * (rack_type.servers_per_rack if rack_type else 0)
            else:
                tier = tiers.get(bundle.lower)
                members = tier.count if tier is not None else 0
            members_of[bundle.lower] = members
        total += members * bundle.links_per_member
    return total


def too_many_links(design: Design, plane: Plane, most: int = MAX_RESOLVED_LINKS) -> bool:
    """True when ``plane`` of ``design`` has more links than the engine lists
    (``most``, an :class:`~model.metrics.engine.Engine`'s ``max_resolved_links``;
    default :data:`MAX_RESOLVED_LINKS`): resolve it for counts only."""
    return design_links(design, plane) > most
