"""What-if: a design's figures with some of it failed, beside the healthy figures.

A what-if is a view of a design, not an edit: :func:`compute_what_if` computes the
healthy figures and the figures on what remains after ``failures`` (see
:mod:`model.failures`) and returns the failed figures carrying the healthy ones
(:class:`WhatIfMetrics`), so one run of the engine gives both sides of the comparison.
:func:`figure_changes` lines up the headline figures healthy → failed with the
difference. The command line (``main.py whatif``) and the GUI's what-if both read these.

Failures are named on the command line as ``ELEMENT[:COUNT]`` (:func:`parse_failure`):
an element id or name, and how many of its members are down (all when absent). A name
that matches nothing is refused with the closest ids and names.

The N−1 table (what each single failure takes down) is in :mod:`model.n_minus_1`.
"""

from __future__ import annotations

import difflib
import math
from collections.abc import Sequence
from dataclasses import dataclass, fields, replace

from model.design import Design
from model.elements import Plane
from model.errors import DesignError
from model.failures import FAILABLE_KINDS, Failure, check_failures, members_of
from model.i18n import Translator, mark
from model.metrics.budget import Budget
from model.metrics.kept_bandwidth import DEFAULT_THRESHOLD
from model.metrics.results import DesignMetrics

MAX_SUGGESTIONS = 3
"""How many close ids or names an unknown element's message offers."""


# ------------------------------------------------------------------ naming failures
def find_element(design: Design, word: str) -> str:
    """The id of the element ``word`` names: its id, or its name (exactly, else ignoring
    case when that is unambiguous). Raises :class:`DesignError` naming the closest ids
    and names when nothing matches, or the candidates when a name is ambiguous."""
    if design.kind_of(word) is not None:
        return word
    for exact in (True, False):
        found = [e.id for e in design.all_elements()
                 if (e.name == word if exact else e.name.casefold() == word.casefold())]
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            raise DesignError(f"{word!r} names {len(found)} elements ("
                              + ", ".join(found[:5]) + "): give the id", word)
    owner: dict[str, str] = {}
    for element in design.all_elements():
        owner.setdefault(element.id, element.id)
        owner.setdefault(element.name, element.id)
    close = difflib.get_close_matches(word, list(owner), n=3 * MAX_SUGGESTIONS, cutoff=0.5)
    found = list(dict.fromkeys(owner[c] for c in close))[:MAX_SUGGESTIONS]
    hint = "; did you mean " + ", ".join(_id_and_name(design, i) for i in found) + "?" \
        if found else ""
    raise DesignError(f"the design has no element {word!r}{hint}", word)


def _id_and_name(design: Design, element_id: str) -> str:
    """``'spine' (Spine)``: an id, with its element's name when that says more."""
    element = design.element(element_id)
    name = element.name if element is not None else element_id
    return repr(element_id) if name == element_id else f"{element_id!r} ({name})"


def parse_failure(design: Design, text: str) -> Failure:
    """The failure ``ELEMENT[:COUNT]`` names: the element (id or name, see
    :func:`find_element`) and how many of its members are down (all when COUNT is
    absent). Refuses an unknown element, a COUNT that is not a whole number ≥ 1, and a
    kind that cannot fail (checked against the design by :func:`check_what_if`)."""
    word, count_text = text.strip(), ""
    head, sep, tail = word.rpartition(":")
    if sep and design.kind_of(word) is None:
        word, count_text = head.strip(), tail.strip()
    if not word:
        raise DesignError(f"{text!r}: name an element (ELEMENT or ELEMENT:COUNT)")
    element = find_element(design, word)
    kind = design.kind_of(element)
    if kind not in FAILABLE_KINDS:
        raise DesignError(f"{word!r} is a {kind}: it cannot fail", element)
    if not sep or design.kind_of(text.strip()) is not None:
        return Failure(element=element)
    if not count_text.isdigit() or int(count_text) < 1:
        raise DesignError(f"{text!r}: the count after ':' must be a whole number of at"
                          f" least 1, not {count_text!r}", element, "count")
    return Failure(element=element, count=int(count_text))


def accelerators_down(design: Design, failures: Sequence[Failure]) -> int:
    """Accelerators in racks that lost power or failed (a building's or island's racks,
    a rack group's failed racks): counted from the design alone. Switches and links
    that fail take no accelerator down; they may cut accelerators off (the engine's
    figures say)."""
    racks_down: dict[str, int] = {}
    dark_places = {f.element for f in failures
                   if f.whole and design.kind_of(f.element) in ("building", "island")}
    for group in design.rack_groups.values():
        island = design.islands.get(group.island)
        if group.island in dark_places or (island is not None
                                           and island.building in dark_places):
            racks_down[group.id] = group.count
    for failure in failures:
        if design.kind_of(failure.element) != "rack_group":
            continue
        group = design.rack_groups[failure.element]
        down = group.count if failure.whole else (
            failure.count if failure.count is not None else len(failure.members or ()))
        racks_down[group.id] = max(racks_down.get(group.id, 0), min(down, group.count))
    total = 0
    for group_id, racks in racks_down.items():
        total += racks * _accelerators_per_rack(design, group_id)
    return total


def _accelerators_per_rack(design: Design, group_id: str) -> int:
    catalog = design.catalog
    rack = catalog.rack_type(design.rack_groups[group_id].rack_type)
    server = catalog.server(rack.server) if rack is not None else None
    if rack is None or server is None:
        return 0
    return rack.servers_per_rack * server.accelerators_per_server


def design_accelerators(design: Design) -> int:
    """Accelerators of the whole design (every rack group), counted from the design."""
    return sum(g.count * _accelerators_per_rack(design, g.id)
               for g in design.rack_groups.values())


def check_what_if(design: Design, failures: Sequence[Failure]) -> None:
    """Refuse failures that do not fit ``design`` (:func:`model.failures.check_failures`)
    and failures that take down every accelerator: nothing would be left to measure."""
    check_failures(design, failures)
    total = design_accelerators(design)
    if failures and total and accelerators_down(design, failures) >= total:
        raise DesignError("these failures take down every accelerator of the design:"
                          " nothing is left to compute figures on")


# ---------------------------------------------------------------- the computation
@dataclass(frozen=True)
class WhatIfMetrics(DesignMetrics):
    """The figures of a design with ``failures`` down, carrying the healthy figures of
    the same design (``healthy``) for the comparison."""

    healthy: DesignMetrics | None = None
    failed: tuple[Failure, ...] = ()
    """The failures in force (``failures``, inherited, says what they take down)."""


def compute_what_if(design: Design, plane: Plane | None = None,
                    budget: Budget | float | None = None,
                    failures: Sequence[Failure] = ()) -> DesignMetrics:
    """The figures of ``design`` with ``failures`` down, as a :class:`WhatIfMetrics`
    holding the healthy figures too; without failures, the healthy figures alone.
    Runs in the engine process as ``compute_all`` does (a module-level function, so it
    reaches the process by name). Raises :class:`DesignError` for failures that do not
    fit the design (:func:`check_what_if`)."""
    from model.metrics import compute_all

    if not isinstance(budget, Budget) and budget is not None:
        budget = Budget(float(budget))
    healthy = compute_all(design, plane, budget)
    if not failures:
        return healthy
    check_what_if(design, failures)
    failed = compute_all(design, plane, budget, failures=tuple(failures))
    return WhatIfMetrics(**{f.name: getattr(failed, f.name) for f in fields(failed)},
                         healthy=healthy, failed=tuple(failures))


# ----------------------------------------------------------------- the comparison
@dataclass(frozen=True)
class Figure:
    """A headline figure of a what-if: its key, words and unit, and whether more is
    better (for colouring and sorting)."""

    key: str
    words: str
    unit: str
    more_is_better: bool


FIGURES: tuple[Figure, ...] = (
    Figure("accelerators_working", mark("whatif", "Accelerators working"), "", True),
    Figure("accelerators_down", mark("whatif", "Accelerators dark"), "", False),
    Figure("accelerators_cut_off", mark("whatif", "Accelerators cut off"), "", False),
    Figure("accelerators_low_bandwidth", mark("whatif", "Accelerators at low bandwidth"), "",
           False),
    Figure("bisection_gbps", mark("whatif", "Bisection"), "Gb/s", True),
    Figure("per_accelerator_gbps", mark("whatif", "Bisection per accelerator"), "Gb/s", True),
    Figure("fraction_of_full", mark("whatif", "Bisection, of full"), "", True),
    Figure("unreachable_pairs", mark("whatif", "Pairs with no path"), "", False),
    Figure("mean_hops", mark("whatif", "Mean hops"), "", False),
    Figure("max_hops", mark("whatif", "Max hops"), "", False),
    Figure("worst_island_pair_gbps", mark("whatif", "Worst island pair"), "Gb/s", True),
    Figure("worst_building_pair_gbps", mark("whatif", "Worst building pair"), "Gb/s", True),
    Figure("it_kw", mark("whatif", "IT power drawn"), "kW", False),
    Figure("facility_kw", mark("whatif", "Facility power drawn"), "kW", False),
    Figure("pflops", mark("whatif", "Peak dense BF16"), "PFLOPS", True),
)
"""The figures a what-if compares, in the order they are shown."""

FIGURE_BY_KEY = {f.key: f for f in FIGURES}


def low_bandwidth_words(threshold: float = DEFAULT_THRESHOLD) -> str:
    """The low-bandwidth figure's words at ``threshold`` ("Accelerators at ≤ 50 %
    bandwidth")."""
    return f"Accelerators at ≤ {threshold * 100:g} % bandwidth"


def figure_values(metrics: DesignMetrics, design: Design | None = None,
                  failures: Sequence[Failure] = (),
                  threshold: float = DEFAULT_THRESHOLD) -> dict[str, float]:
    """The what-if figures of ``metrics`` (NaN for one the engine left out): unit-free
    readings of its fields, no new computation. Accelerators working, down, cut off
    and at low bandwidth (keeping at most ``threshold`` of their healthy bandwidth to
    the rest, :mod:`model.metrics.kept_bandwidth`) are the engine's
    (``metrics.failures``); figures computed without failures count none down."""
    skipped = metrics.not_computed
    nan = math.nan
    engine = metrics.failures
    if engine is not None:
        working = float(engine.accelerators_working)
        down = float(engine.accelerators_installed - engine.accelerators_working)
        cut_off = float(engine.accelerators_stranded)
        low = float(engine.accelerators_low_bandwidth(threshold))
    else:
        low = 0.0
        down = float(accelerators_down(design, failures)) if design is not None else 0.0
        working = float(metrics.inventory.accelerators) - down
        cut_off = 0.0
    hops_missing = "hops" in skipped
    return {
        "accelerators_working": working,
        "accelerators_down": down,
        "accelerators_cut_off": cut_off,
        "accelerators_low_bandwidth": low,
        "bisection_gbps": nan if "bisection" in skipped else metrics.bisection.gbps,
        "per_accelerator_gbps": nan if "bisection" in skipped
        else metrics.bisection.per_accelerator_gbps,
        "fraction_of_full": nan if "bisection" in skipped
        else metrics.bisection.fraction_of_full,
        "unreachable_pairs": nan if hops_missing else float(metrics.hops.unreachable_pairs),
        "mean_hops": nan if hops_missing else metrics.hops.mean,
        "max_hops": nan if hops_missing else float(metrics.hops.max),
        "worst_island_pair_gbps": _worst(metrics.island_pairs, "island_pairs" in skipped),
        "worst_building_pair_gbps": _worst(metrics.building_pairs,
                                           "building_pairs" in skipped),
        "it_kw": metrics.power.it_kw,
        "facility_kw": metrics.power.facility_kw,
        "pflops": metrics.compute.campus_pflops,
    }


def _worst(pairs: Sequence[object], skipped: bool) -> float:
    if skipped or not pairs:
        return math.nan
    return float(min(p.gbps for p in pairs))  # type: ignore[attr-defined]


@dataclass(frozen=True)
class FigureChange:
    """One figure healthy → failed."""

    figure: Figure
    healthy: float
    failed: float

    @property
    def difference(self) -> float:
        """failed − healthy (NaN when either is unknown)."""
        return self.failed - self.healthy

    @property
    def ratio(self) -> float | None:
        """failed ÷ healthy, or None when the healthy figure is 0 or unknown."""
        if not math.isfinite(self.healthy) or self.healthy == 0 or not math.isfinite(
                self.failed):
            return None
        return self.failed / self.healthy

    @property
    def worse(self) -> bool:
        """True when the failure made this figure worse."""
        d = self.difference
        if not math.isfinite(d) or d == 0:
            return False
        return (d < 0) == self.figure.more_is_better


def figure_changes(design: Design, metrics: DesignMetrics,
                   threshold: float = DEFAULT_THRESHOLD) -> list[FigureChange]:
    """Every what-if figure healthy → failed, for figures from :func:`compute_what_if`
    (healthy on both sides when nothing is failed); accelerators at low bandwidth are
    those keeping at most ``threshold`` of their healthy bandwidth."""
    failures = metrics.failed if isinstance(metrics, WhatIfMetrics) else ()
    healthy_metrics = (metrics.healthy if isinstance(metrics, WhatIfMetrics)
                       and metrics.healthy is not None else metrics)
    healthy = figure_values(healthy_metrics, design)
    failed = figure_values(metrics, design, failures, threshold)
    words = {"accelerators_low_bandwidth": low_bandwidth_words(threshold)}
    return [FigureChange(replace(f, words=words.get(f.key, f.words)), healthy[f.key],
                         failed[f.key]) for f in FIGURES]


def format_figure(key: str, value: float) -> str:
    """A what-if figure as it is printed ("—" for one not computed)."""
    if not math.isfinite(value):
        return "—"
    figure = FIGURE_BY_KEY[key]
    if key == "fraction_of_full":
        return f"{value:.1%}"
    if key == "mean_hops":
        return f"{value:.2f}"
    if figure.unit == "Gb/s":
        return f"{value:,.0f} Gb/s" if abs(value) < 10_000 else f"{value / 1000:,.1f} Tb/s"
    if figure.unit == "kW":
        return f"{value:,.0f} kW" if abs(value) < 10_000 else f"{value / 1000:,.2f} MW"
    if figure.unit == "PFLOPS":
        return f"{value:,.1f} PF"
    return f"{value:,.0f}"


def format_difference(change: FigureChange, lang: str | None = None) -> str:
    """failed − healthy with its sign, and the ratio where it helps ("−200 Gb/s (75.0 %)");
    words in ``lang`` (English when None)."""
    t = Translator(lang)
    d = change.difference
    if not math.isfinite(d):
        return "—"
    if d == 0:
        return t.phrase("whatif", "no change")
    key = change.figure.key
    if key == "fraction_of_full":
        text = t.phrase("whatif", "{points:+.1f} points", points=d * 100).replace("-", "−")
    else:
        text = format_figure(key, abs(d))
        text = ("+" if d > 0 else "−") + text
    ratio = change.ratio
    if ratio is not None and key != "fraction_of_full":
        text += t.phrase("whatif", " ({ratio:.1%} of healthy)", ratio=ratio)
    return text


def failure_words(design: Design, failure: Failure, lang: str | None = None) -> str:
    """The failure in words (:func:`model.failures.describe`), with "the whole" for an
    element of several members failed whole; in ``lang`` (English when None)."""
    from model.failures import describe

    if failure.whole and design.kind_of(failure.element) in ("tier", "bundle", "rack_group"):
        element = design.element(failure.element)
        name = element.name if element is not None else failure.element
        total = members_of(design, failure.element)
        text = {"tier": mark("whatif", "all {total:,} switches of {name!r}"),
                "bundle": mark("whatif", "all {total:,} links of {name!r}"),
                "rack_group": mark("whatif", "all {total:,} racks of {name!r}")}[
            design.kind_of(failure.element) or ""]
        return Translator(lang).translate("whatif", text).format(total=total, name=name)
    return describe(design, failure, lang)
