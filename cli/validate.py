"""``python main.py validate DESIGN.json [--json]``

Lists a design's problems, one per line (severity, element id, message), then a summary
line. Exit status: 0 when no problem is an error, 1 when one is, 2 when the file cannot
be loaded (the loader's message says why). Needs no display and never loads Qt, so it
fits scripts and CI of designs.
"""

from __future__ import annotations

import argparse
import json
import sys

from model.design import Design
from model.errors import DesignFileError
from model.problems import Problem, Severity

EXIT_OK = 0
EXIT_ERRORS = 1
EXIT_UNREADABLE = 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the verb's arguments."""
    parser.add_argument("design", help="the design file (.json)")
    parser.add_argument(
        "--json",
        action="store_true",
        help="print one JSON object (file, problems, errors, warnings) instead of lines",
    )


def find_problems(design: Design) -> list[Problem]:
    """The design's problems: structural ones and those the metrics find (a building
    over capacity, a rack over budget, oversubscription over the design's threshold)."""
    from model.metrics import compute_all

    return compute_all(design).problems


def format_problem(problem: Problem, id_width: int) -> str:
    """One line: severity, element id (``-`` for the whole design), message."""
    element = problem.element_id or "-"
    return f"{problem.severity.value:<7}  {element:<{id_width}}  {problem.message}"


def summary(problems: list[Problem], name: str) -> str:
    """``3 problems in NAME: 1 error, 2 warnings`` (or ``no problems in NAME``)."""
    if not problems:
        return f"no problems in {name}"
    errors = sum(p.severity is Severity.ERROR for p in problems)
    warnings = len(problems) - errors

    def counted(n: int, word: str) -> str:
        return f"{n} {word}{'' if n == 1 else 's'}"

    return (
        f"{counted(len(problems), 'problem')} in {name}: {counted(errors, 'error')},"
        f" {counted(warnings, 'warning')}"
    )


def run(args: argparse.Namespace) -> int:
    """Load, check and print; returns the exit status."""
    from model.fileformat import load_design

    try:
        design = load_design(args.design)
    except DesignFileError as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_UNREADABLE
    problems = find_problems(design)
    has_error = any(p.severity is Severity.ERROR for p in problems)
    if args.json:
        report = {
            "file": str(args.design),
            "problems": [p.as_dict() for p in problems],
            "errors": sum(p.severity is Severity.ERROR for p in problems),
            "warnings": sum(p.severity is Severity.WARNING for p in problems),
        }
        print(json.dumps(report, indent=2, ensure_ascii=False))
    else:
        width = max((len(p.element_id or "-") for p in problems), default=1)
        for problem in problems:
            print(format_problem(problem, width))
        print(summary(problems, str(args.design)))
    return EXIT_ERRORS if has_error else EXIT_OK
