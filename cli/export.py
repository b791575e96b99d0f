"""``python main.py export DESIGN.json --png OUT [--width W | --dpi D] | --svg OUT |
--pdf OUT | --csv OUT | --json OUT | --bom OUT | --graphml OUT | --cabling OUT [--per-link]
| --xlsx OUT [--lang zh_CN] [--timeout SECONDS]``

Writes one or more exports of a design in one run, with the same code as the GUI's
export menu. The pictures and the PDF need Qt but no display: when neither ``DISPLAY``
nor ``WAYLAND_DISPLAY`` is set, Qt's offscreen platform is chosen before Qt loads. The
metrics, bill of materials and GraphML exports never load Qt.

``--lang zh_CN`` writes the PDF report and the workbook in Simplified Chinese (the
PDF in a CJK font it embeds); the CSV, JSON and GraphML files are data for scripts and
keep their English keys.
"""

from __future__ import annotations

import argparse
import os
import sys

from cli.timeout import add_timeout_argument, engine_budget, report_budget_overrun, run_within

PICTURE_FORMATS = ("png", "svg", "pdf")
TABLE_FORMATS = ("json", "csv", "bom", "graphml", "cabling", "xlsx")

_HELP = {
    "png": "the canvas as a PNG picture",
    "svg": "the canvas as an SVG drawing",
    "pdf": "a PDF report: canvas, metrics, power, hops, problems, bill of materials",
    "json": "the metrics as JSON (the keys of `report --json`)",
    "csv": "the metrics as CSV (section, item, field, value, unit)",
    "bom": "the bill of materials as CSV (switches, transceivers, cables)",
    "graphml": "the expanded network (switches and NICs) as GraphML",
    "cabling": "the cabling plan as CSV (per bundle; per link with --per-link)",
    "xlsx": "a workbook: summary, power, priced bill of materials, cost, cabling, problems",
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the verb's arguments."""
    parser.add_argument("design", help="the design file (.json)")
    for kind in (*PICTURE_FORMATS, *TABLE_FORMATS):
        parser.add_argument(f"--{kind}", metavar="OUT", help=f"write {_HELP[kind]} to OUT")
    size = parser.add_mutually_exclusive_group()
    size.add_argument(
        "--width", type=int, metavar="W", help="PNG width in pixels (default 1920)"
    )
    size.add_argument(
        "--dpi",
        type=float,
        metavar="D",
        help="PNG resolution: the canvas drawn at D dots per inch (96 = one pixel per"
        " canvas unit)",
    )
    parser.add_argument(
        "--per-link", action="store_true",
        help="with --cabling: one row per link (switch and port on both ends), for designs"
        " of up to 50,000 links",
    )
    parser.add_argument(
        "--plane",
        choices=("backend", "frontend", "storage"),
        help="network plane of the metrics and GraphML (default: the design's own)",
    )
    parser.add_argument(
        "--lang",
        metavar="LANG",
        help="language of the PDF report and the workbook: en (default) or zh_CN"
        " (Simplified Chinese)",
    )
    add_timeout_argument(parser)


def use_offscreen_qt_without_display() -> None:
    """Choose Qt's offscreen platform when there is no display to draw on (and the user
    has not chosen a platform); must run before Qt is imported."""
    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def _check_sizes(args: argparse.Namespace) -> str | None:
    if args.width is not None and not 16 <= args.width <= 30_000:
        return f"--width {args.width}: choose a width between 16 and 30000 pixels"
    if args.dpi is not None and not 10 <= args.dpi <= 2400:
        return f"--dpi {args.dpi:g}: choose a resolution between 10 and 2400 dpi"
    if (args.width is not None or args.dpi is not None) and not args.png:
        return "--width and --dpi set the size of the PNG: add --png OUT"
    return None


def run(args: argparse.Namespace) -> int:
    """Write every export asked for within ``--timeout``; returns 0, 2 after a one-line
    message when the arguments or a file are wrong, 3 when the timeout was reached
    (see :mod:`cli.timeout`)."""
    return run_within(args.timeout, _export, args)


def _export(args: argparse.Namespace) -> int:
    wanted = {
        kind: getattr(args, kind)
        for kind in (*PICTURE_FORMATS, *TABLE_FORMATS)
        if getattr(args, kind)
    }
    if not wanted:
        print(
            "error: say what to export, e.g. --png out.png, --pdf report.pdf or --json"
            " metrics.json (see --help)",
            file=sys.stderr,
        )
        return 2
    problem = _check_sizes(args)
    if problem:
        print(f"error: {problem}", file=sys.stderr)
        return 2

    from model.fileformat import load_design
    from model.i18n import normalize_language
    from model.metrics import compute_all
    from model.reports.writers import write_pure_export

    lang = normalize_language(args.lang)  # a language with no catalog fails here
    design = load_design(args.design)
    plane = args.plane or None
    metrics = compute_all(design, plane, budget=engine_budget(args))
    for kind in TABLE_FORMATS:
        if kind == "cabling" and kind in wanted and args.per_link:
            from model.reports.cabling import write_cabling_csv

            write_cabling_csv(design, wanted[kind], per_link=True)
            print(f"wrote {wanted[kind]}")
        elif kind in wanted:
            write_pure_export(kind, design, metrics, wanted[kind], lang)
            print(f"wrote {wanted[kind]}")

    if any(kind in wanted for kind in PICTURE_FORMATS):
        use_offscreen_qt_without_display()
        from gui.export import export_pdf, export_png, export_svg, qt_application

        app = qt_application()
        if lang:  # the canvas (in the PDF, PNG and SVG) speaks the reports' language
            from gui.i18n import installer

            installer(app).install(lang)
        if "png" in wanted:
            size = export_png(
                design, wanted["png"], metrics=metrics, width=args.width, dpi=args.dpi
            )
            print(f"wrote {wanted['png']} ({size[0]}×{size[1]} pixels)")
        if "svg" in wanted:
            export_svg(design, wanted["svg"], metrics=metrics)
            print(f"wrote {wanted['svg']}")
        if "pdf" in wanted:
            pages = export_pdf(design, metrics, wanted["pdf"], lang)
            print(f"wrote {wanted['pdf']} ({pages} pages)")
    return report_budget_overrun(metrics.not_computed, args.timeout)
