"""``python main.py report DESIGN.json [--json] [--plane PLANE] [--timeout SECONDS]``

Prints a design's inventory and metrics: a readable summary, or with ``--json`` one JSON
object whose keys are documented in docs/metrics.md and stay stable. Figures come from
:func:`model.metrics.compute_all`, the same as the GUI and the exports. Needs no display.
"""

from __future__ import annotations

import argparse
import sys

from cli.timeout import add_timeout_argument, engine_budget, report_budget_overrun, run_within
from model.design import Design
from model.elements import Plane
from model.metrics.results import DesignMetrics
from model.reports.reliability_text import reliability_lines


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the verb's arguments."""
    parser.add_argument("design", help="the design file (.json)")
    parser.add_argument("--json", action="store_true",
                        help="print one JSON object (with the N−1 table, within its budget)")
    parser.add_argument("--plane", choices=[p.value for p in Plane],
                        help="network plane (default: the design's own setting)")
    parser.add_argument("--job-accelerators", type=int, metavar="N",
                        help="accelerators of the job the reliability figures describe"
                             " (default: the design's setting, else all)")
    add_timeout_argument(parser)


def _tbps(gbps: float) -> str:
    return f"{gbps / 1000:,.1f} Tb/s"


def summary_lines(design: Design, m: DesignMetrics) -> list[str]:
    """The readable report, line by line."""
    inv = m.inventory
    lines = [
        f"{design.name} — {m.plane} plane",
        "",
        "Inventory",
        f"  buildings {inv.buildings}, islands {inv.islands}, racks {inv.racks:,},"
        f" servers {inv.servers:,}, accelerators {inv.accelerators:,}",
    ]
    for acc, count in inv.accelerators_by_type.items():
        lines.append(f"    {acc}: {count:,}")
    lines.append("  switches per tier")
    for tier_id, count in inv.switches_by_tier.items():
        tier = design.tiers[tier_id]
        ports = inv.ports_by_tier.get(tier_id)
        port_text = (f"  ports {ports.used:,.0f}/{ports.available:,}"
                     if ports and ports.available else "")
        ratio = m.oversubscription.get(tier_id)
        over = f"  down:up {ratio.ratio:.2f}:1" if ratio and ratio.ratio else ""
        lines.append(f"    {tier.name} ({tier_id}): {count:,} × {tier.switch}{port_text}{over}")
    lines.append(f"  links: {sum(inv.links_by_bundle.values()):,} in"
                 f" {len(inv.links_by_bundle)} bundles;"
                 f" optical modules: {sum(inv.transceivers_by_medium.values()):,}")
    b = m.bisection
    skipped = m.not_computed
    lines += [
        "",
        "Bandwidth",
        f"  injection per accelerator: {m.injection_gbps_per_accelerator:,.0f} Gb/s",
        f"  bisection: at most {_tbps(b.gbps)} — {skipped['bisection']}"
        if "bisection" in skipped else
        f"  bisection: {_tbps(b.gbps)} ({b.per_accelerator_gbps:,.1f} Gb/s per accelerator,"
        f" {b.fraction_of_full:.3f} of full {_tbps(b.full_gbps)})"
        f"{'' if b.exact else ' — upper bound (not a hierarchical network)'}",
    ]
    for label, pairs, key in (("islands", m.island_pairs, "island_pairs"),
                              ("buildings", m.building_pairs, "building_pairs")):
        if key in skipped:
            lines.append(f"  between {label}: {skipped[key]}")
        elif pairs:
            low = min(p.gbps for p in pairs)
            high = max(p.gbps for p in pairs)
            lines.append(f"  between {label}: {_tbps(low)} to {_tbps(high)}"
                         f" over {len(pairs)} pairs")
    h = m.hops
    if "hops" in skipped:
        lines += ["", "Hops (switches between accelerators)", f"  {skipped['hops']}"]
    else:
        lines += ["", "Hops (switches between accelerators)",
                  f"  mean {h.mean:.3f}, max {h.max};"
                  f" scale-up pairs {h.scale_up_pairs:,}"
                  + (f"; UNREACHABLE pairs {h.unreachable_pairs:,}"
                     if h.unreachable_pairs else "")]
    for hops, count in h.histogram.items():
        lines.append(f"    {hops} hops: {count:,} pairs")
    lines += ["", "Power"]
    for bid, bp in m.power.buildings.items():
        lines.append(
            f"  {design.buildings[bid].name}: IT {bp.it_kw / 1000:,.2f} MW of"
            f" {bp.capacity_kw / 1000:,.2f} MW ({bp.utilization:.0%}), facility"
            f" {bp.facility_kw / 1000:,.2f} MW")
    lines.append(f"  campus: IT {m.power.it_kw / 1000:,.2f} MW, facility"
                 f" {m.power.facility_kw / 1000:,.2f} MW")
    lines += ["", f"Compute: {m.compute.campus_pflops:,.1f} PFLOPS peak dense BF16"]
    if len(m.compute.by_vendor) > 1:  # a mixed campus: what each vendor brings
        lines += [f"  {vendor}: {pf:,.1f} PFLOPS" for vendor, pf in
                  sorted(m.compute.by_vendor.items(), key=lambda item: -item[1])]
    if m.reliability is not None:
        lines += ["", "Reliability (expected interruptions; docs/metrics.md)",
                  *reliability_lines(m.reliability)]
    if m.cost is not None:
        from model.reports.cost_json import cost_summary_rows

        lines += ["", f"Cost ({m.cost.currency})"]
        lines += [f"  {figure}: {value}" for figure, value in cost_summary_rows(m.cost)]
    lines += ["", f"Problems: {len(m.problems)}"]
    for p in m.problems:
        lines.append(f"  {p.severity.value:<7} {p.element_id or '-'}: {p.message}")
    return lines


def run(args: argparse.Namespace) -> int:
    """Load, compute and print within ``--timeout``; exit 2 when the file cannot be
    loaded, 3 when the timeout was reached (see :mod:`cli.timeout`)."""
    return run_within(args.timeout, _report, args)


def _report(args: argparse.Namespace) -> int:
    from model.errors import DesignFileError
    from model.fileformat import load_design
    from model.metrics import compute_all

    try:
        design = load_design(args.design)
    except DesignFileError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if args.job_accelerators is not None:
        if args.job_accelerators < 1:
            print("error: --job-accelerators must be at least 1", file=sys.stderr)
            return 2
        design.update_settings(reliability=design.settings.reliability.model_copy(
            update={"job_accelerators": args.job_accelerators}))
    metrics = compute_all(design, Plane(args.plane) if args.plane else None,
                          budget=engine_budget(args))
    if args.json:
        from model.reports.n_minus_1_json import n_minus_1_seconds, with_n_minus_1

        sys.stdout.write(with_n_minus_1(design, metrics, Plane(args.plane) if args.plane
                                        else None, n_minus_1_seconds(args)))
    else:
        print("\n".join(summary_lines(design, metrics)))
    return report_budget_overrun(metrics.not_computed, args.timeout)
