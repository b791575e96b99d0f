"""``python main.py compare A.json B.json [--json] [--different]``

Prints every figure of two designs side by side with the difference (B − A) and the
ratio (B ÷ A), then the structural difference: elements, parts and settings added,
removed and changed (matched by id, each changed field old → new). ``--json`` prints
one object (see :func:`model.compare.comparison_to_json`). Exit status 0, or 2 when a
file cannot be loaded. Needs no display.
"""

from __future__ import annotations

import argparse
import json
import sys


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the verb's arguments."""
    parser.add_argument("a", metavar="A.json", help="the first design file")
    parser.add_argument("b", metavar="B.json", help="the second design file")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--different", action="store_true",
                        help="list only the figures that differ")


def run(args: argparse.Namespace) -> int:
    """Load both designs, compare, print."""
    from model.compare import compare_designs, comparison_lines, comparison_to_json
    from model.fileformat import load_design

    a = load_design(args.a)
    b = load_design(args.b)
    comparison = compare_designs(a, b)
    if args.json:
        sys.stdout.write(json.dumps(comparison_to_json(comparison), indent=2,
                                    ensure_ascii=False) + "\n")
    else:
        print("\n".join(comparison_lines(comparison, args.different)))
    return 0
