"""Command-line verbs. Each verb is a module with ``add_arguments(parser)`` and
``run(args) -> int``; modules load lazily so a verb never pays for another's imports
(and none but ``export`` loads Qt)."""

from __future__ import annotations

import argparse
import importlib
import sys

from model.errors import ArchipelagoError

VERBS: dict[str, str] = {
    "report": "Print the inventory and metrics of a design.",
    "validate": "List a design's problems; exit status 1 if any is an error.",
    "new": "Create a design from a template.",
    "export": "Export a design as PNG, SVG, PDF, CSV, bill of materials or GraphML.",
    "plan": "Plan a training job on a design: step time, days to train, limiting link.",
    "optics": "Choose for each bundle the cheapest medium that reaches at its speed.",
    "compare": "Compare two designs: every figure side by side, and what changed.",
    "sweep": "Compute many variants of a design (on Dask) into CSV and Parquet.",
    "whatif": "Fail switches, links, racks or buildings: figures healthy vs failed, or N−1.",
}


def run_verb(verb: str, argv: list[str]) -> int:
    """Parse ``argv`` for ``verb`` and run it; errors the model raises on purpose are
    printed as one line on stderr with exit status 2, never as a traceback."""
    module = importlib.import_module(f"cli.{verb}")
    parser = argparse.ArgumentParser(prog=f"main.py {verb}", description=VERBS[verb])
    module.add_arguments(parser)
    args = parser.parse_args(argv)
    try:
        status: int = module.run(args)
    except ArchipelagoError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return status
