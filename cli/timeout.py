"""``--timeout SECONDS`` for the verbs that compute metrics (``report``, ``export``).

Two limits work together. The metrics engine is given most of the time as its budget
(:mod:`model.metrics.budget`): past it, figures it could not finish are reported as
*not computed* and the verb exits with status 3 after printing or writing what it has.
As a backstop for work the engine cannot interrupt (laying out a picture, a PDF), the
verb itself runs in a child process that is killed when the timeout passes; the verb
then exits with status 3 and says so.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from model.metrics.budget import Budget

DEFAULT_TIMEOUT_S = 60.0
TIMED_OUT = 3
"""Exit status when the timeout was reached."""

ENGINE_SHARE = 0.8
"""Part of the timeout given to the metrics engine; the rest (at least a second, while
that leaves the engine half) is for starting, loading the design and writing the
results."""


def add_timeout_argument(parser: argparse.ArgumentParser) -> None:
    """Declare ``--timeout SECONDS``."""
    parser.add_argument(
        "--timeout", type=_seconds, default=DEFAULT_TIMEOUT_S, metavar="SECONDS",
        help=f"stop after this many seconds (default {DEFAULT_TIMEOUT_S:g}); figures not"
             f" computed by then are reported as such and the exit status is {TIMED_OUT}")


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 < value <= 86_400:
        raise argparse.ArgumentTypeError("choose between 0 and 86400 seconds")
    return value


def engine_budget(args: argparse.Namespace) -> Budget:
    """The metrics engine's budget in this run: its share of the timeout, counted from
    when the verb started (loading the design comes out of it)."""
    from model.metrics.budget import Budget

    started = getattr(args, "started_at", None)
    timeout = float(args.timeout)
    seconds = max(timeout / 2, min(timeout * ENGINE_SHARE, timeout - 1.0))
    return Budget(seconds, start=time.monotonic() if started is None else started)


def report_budget_overrun(not_computed: dict[str, str], seconds: float) -> int:
    """Print on stderr which figures the time budget left out; returns the exit status
    (:data:`TIMED_OUT` when some were, 0 otherwise). Figures left out for size alone,
    not time, are reported in the output but do not change the status."""
    timed_out = {k: v for k, v in not_computed.items() if "budget" in v}
    if not timed_out:
        return 0
    print(f"error: the --timeout of {seconds:g} s was reached; not computed:"
          f" {', '.join(sorted(timed_out))}", file=sys.stderr)
    return TIMED_OUT


def run_within(seconds: float, run: Callable[[argparse.Namespace], int],
               args: argparse.Namespace) -> int:
    """``run(args)`` in a child process, killed after ``seconds``: its exit status, or
    :data:`TIMED_OUT` after a message on stderr when it was killed."""
    methods = multiprocessing.get_all_start_methods()
    context: Any = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    sys.stdout.flush()
    sys.stderr.flush()
    args.started_at = time.monotonic()  # one clock for every process of the machine
    child = context.Process(target=_child, args=(run, args), daemon=True)
    child.start()
    child.join(seconds)
    if child.is_alive():
        child.kill()
        child.join()
        print(f"error: stopped after the --timeout of {seconds:g} s; the results were not"
              f" all written (raise --timeout to wait longer)", file=sys.stderr)
        return TIMED_OUT
    code = child.exitcode
    return code if code is not None and code >= 0 else 1


def _child(run: Callable[[argparse.Namespace], int], args: argparse.Namespace) -> None:
    from model.errors import ArchipelagoError

    try:
        status = run(args)
    except ArchipelagoError as error:
        print(f"error: {error}", file=sys.stderr)
        status = 2
    sys.stdout.flush()
    sys.stderr.flush()
    sys.exit(status)
