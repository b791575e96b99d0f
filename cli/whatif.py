"""``python main.py whatif DESIGN.json --fail ELEMENT[:COUNT] [--fail ...] [--json]``, or
``--n-1`` for the N−1 table.

Fails the named elements (an id or a name; COUNT switches of a tier, links of a bundle
or racks of a rack group, else the whole element: a building or island is failed whole)
and prints every what-if figure healthy → failed with the difference
(:mod:`model.whatif`). ``--n-1`` instead fails, one at a time, one switch of each tier,
one link of each bundle and each building, and prints what each costs, worst first
(:mod:`model.n_minus_1`). An unknown element (with the closest names), a count larger
than the element has, or failures that leave no accelerator are errors with exit
status 2; past ``--timeout`` the exit status is 3 (see :mod:`cli.timeout`).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from typing import Any

from cli.timeout import add_timeout_argument, engine_budget, report_budget_overrun, run_within
from model.design import Design
from model.elements import Plane
from model.errors import DesignError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the verb's arguments."""
    parser.add_argument("design", help="the design file (.json)")
    parser.add_argument("--fail", action="append", default=[], metavar="ELEMENT[:COUNT]",
                        help="fail an element (id or name): COUNT switches of a tier, links"
                             " of a bundle or racks of a rack group, else all of it;"
                             " repeat for several")
    parser.add_argument("--scenario", metavar="NAME",
                        help="fail what a scenario saved in the design fails")
    parser.add_argument("--n-1", "--n-minus-1", dest="n_minus_1", action="store_true",
                        help="the N−1 table: each single failure and what it costs")
    parser.add_argument("--top", type=int, default=0, metavar="N",
                        help="with --n-1: print only the N worst rows (default: all)")
    parser.add_argument("--threshold", type=_percent, default=50.0, metavar="PERCENT",
                        help="count accelerators keeping at most this %% of their healthy"
                             " bandwidth to the rest of the network (default 50)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--plane", choices=[p.value for p in Plane],
                        help="network plane (default: the design's own setting)")
    add_timeout_argument(parser)


def _percent(text: str) -> float:
    try:
        value = float(text.rstrip("%").strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a percentage") from None
    if not 0 <= value <= 100:
        raise argparse.ArgumentTypeError(f"{text!r}: choose a percentage from 0 to 100")
    return value


def run(args: argparse.Namespace) -> int:
    """Load, compute and print within ``--timeout``; exit 2 on bad input."""
    return run_within(args.timeout, _whatif, args)


def _whatif(args: argparse.Namespace) -> int:
    from model.fileformat import load_design

    design = load_design(args.design)
    plane = Plane(args.plane) if args.plane else None
    if args.n_minus_1:
        if args.fail or args.scenario:
            raise DesignError("--n-1 fails one element at a time: leave out --fail and"
                              " --scenario")
        return _table(design, plane, args)
    failures = _failures(design, args)
    if not failures:
        raise DesignError("name what fails: --fail ELEMENT[:COUNT] (or --scenario NAME,"
                          " or --n-1 for the N−1 table)")
    from model.whatif import check_what_if, compute_what_if

    check_what_if(design, failures)
    metrics = compute_what_if(design, plane, engine_budget(args), failures)
    if args.json:
        print(json.dumps(_comparison_json(design, metrics, args.threshold / 100), indent=2,
                         ensure_ascii=False))
    else:
        print("\n".join(comparison_lines(design, metrics, args.threshold / 100)))
    return report_budget_overrun(metrics.not_computed, args.timeout)


def _failures(design: Design, args: argparse.Namespace) -> list[Any]:
    from model.whatif import parse_failure

    failures = [parse_failure(design, text) for text in args.fail]
    if args.scenario:
        found = [s for s in design.scenarios if s.name == args.scenario]
        if not found:
            names = ", ".join(repr(s.name) for s in design.scenarios) or "none"
            raise DesignError(f"the design has no scenario {args.scenario!r} (saved"
                              f" scenarios: {names})")
        failures += list(found[0].failures)
    return failures


def comparison_lines(design: Design, metrics: Any, threshold: float = 0.5) -> list[str]:
    """The readable what-if: what is down, then every figure healthy → failed
    (accelerators at low bandwidth: keeping at most ``threshold`` of their healthy
    bandwidth to the rest)."""
    from model.whatif import figure_changes, format_difference, format_figure

    lines = [f"{design.name} — what if:"]
    lines += [f"  down: {w}" for w in _failure_words(design, metrics)]
    lines.append("")
    changes = figure_changes(design, metrics, threshold)
    width = max(len(c.figure.words) for c in changes)
    lines.append(f"  {'figure':<{width}}  {'healthy':>14}  {'failed':>14}  change")
    for c in changes:
        mark = "  ▼" if c.worse else ""
        lines.append(f"  {c.figure.words:<{width}}  {format_figure(c.figure.key, c.healthy):>14}"
                     f"  {format_figure(c.figure.key, c.failed):>14}  {format_difference(c)}"
                     f"{mark}")
    for key, why in metrics.not_computed.items():
        lines.append(f"  {key}: {why}")
    lines += _everything_cut_off(metrics)
    return lines


def _everything_cut_off(metrics: Any) -> list[str]:
    """A line saying so when the failures leave no working accelerator with a
    scale-out link: every network figure is then zero, not missing."""
    engine = metrics.failures
    if engine is None or engine.accelerators_working == 0 \
            or engine.accelerators_stranded < engine.accelerators_working:
        return []
    return ["", f"  every working accelerator ({engine.accelerators_working:,}) is cut off:"
                " the network carries nothing, so bisection and pair capacities are 0"
                " and no two accelerators outside one scale-up domain reach each other"]


def _failure_words(design: Design, metrics: Any) -> list[str]:
    from model.whatif import failure_words

    return [failure_words(design, f) for f in getattr(metrics, "failed", ())]


def _number(value: float) -> float | None:
    return value if math.isfinite(value) else None


def _comparison_json(design: Design, metrics: Any, threshold: float) -> dict[str, Any]:
    from model.whatif import figure_changes

    engine = metrics.failures
    return {
        "design": design.name,
        "plane": metrics.plane,
        "failures": [{**f.model_dump(mode="json", exclude_none=True),
                      "words": w} for f, w in zip(metrics.failed,
                                                  _failure_words(design, metrics),
                                                  strict=True)],
        "figures": {c.figure.key: {"healthy": _number(c.healthy),
                                   "failed": _number(c.failed),
                                   "difference": _number(c.difference),
                                   "ratio": c.ratio}
                    for c in figure_changes(design, metrics, threshold)},
        "low_bandwidth_threshold": threshold,
        "low_bandwidth_by_group": engine.low_bandwidth_by_group(threshold) if engine else {},
        "cut_off_by_group": dict(engine.stranded_by_group) if engine else {},
        "everything_cut_off": bool(_everything_cut_off(metrics)),
        "not_computed": metrics.not_computed,
    }


def _table(design: Design, plane: Plane | None, args: argparse.Namespace) -> int:
    from model.n_minus_1 import n_minus_1, table_json

    def tell(done: int, total: int) -> None:
        if not args.json and sys.stderr.isatty():
            print(f"\r{done}/{total} failures computed", end="", file=sys.stderr)

    table = n_minus_1(design, plane, progress=tell, threshold=args.threshold / 100)
    if not args.json and sys.stderr.isatty():
        print(file=sys.stderr)
    rows = table.rows[:args.top] if args.top > 0 else table.rows
    if args.json:
        data = {"design": design.name, **table_json(table)}
        data["rows"] = data["rows"][:len(rows)]  # type: ignore[index]
        print(json.dumps(data, indent=2, ensure_ascii=False))
        return 0
    print("\n".join(table_lines(design, table, rows)))
    return 0


def table_lines(design: Design, table: Any, rows: list[Any]) -> list[str]:
    """The readable N−1 table, worst first."""
    from model.whatif import format_figure

    healthy = table.healthy
    low = f"≤{table.threshold * 100:g}% bw"
    hops = healthy["max_hops"]
    lines = [f"{design.name} — N−1: each single failure, worst first"
             f" (healthy bisection {format_figure('bisection_gbps', healthy['bisection_gbps'])},"
             f" max hops {format_figure('max_hops', hops)})",
             "",
             f"  {'failure':<44} {'bisection':>12} {'of healthy':>10} {'max hops':>8}"
             f" {'acc. down':>10} {'cut off':>8} {low:>10} {'no-path pairs':>14}"
             f" {'worst island pair':>18} {'worst building pair':>20}  partitions"]
    for r in rows:
        ratio = f"{r.bisection_ratio:.1%}" if math.isfinite(r.bisection_ratio) else "—"
        words = r.words if len(r.words) <= 44 else r.words[:43] + "…"
        split = "  yes" if r.splits else ""
        lines.append(
            f"  {words:<44} {format_figure('bisection_gbps', r.bisection_gbps):>12}"
            f" {ratio:>10} {format_figure('max_hops', r.max_hops):>8}"
            f" {r.accelerators_down:>10,} {r.accelerators_cut_off:>8,}"
            f" {r.accelerators_low_bandwidth:>10,} {r.unreachable_pairs:>14,}"
            f" {format_figure('worst_island_pair_gbps', r.worst_island_pair_gbps):>18}"
            f" {format_figure('worst_building_pair_gbps', r.worst_building_pair_gbps):>20}"
            f"{split}")
    for element, why in table.skipped:
        lines.append(f"  {element}: not computed ({why})")
    lines.append("")
    lines.append(f"  {len(table.rows)} single failures (a tier's row: the worst of its"
                 f" switches tried, one per class of interchangeable switches);"
                 f" {table.computed} computed, the rest copy an identical island's figures;"
                 f" {len(table.partitioning)} partition the network")
    return lines
