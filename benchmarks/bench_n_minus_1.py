"""Speed of the what-if and the N−1 table, against the budgets of issue #18 §3: one
what-if (healthy and failed figures) on the 100K example ≤ 1 s, its N−1 table ≤ 10 s.

For each design family — the 100K example (the ``islands`` template: 98,304 H100 in 8
islands and 4 buildings), the heterogeneous 100K campus (``tests/reference/campuses.py``)
and a 2,048-host leaf-spine — it measures, in this process, with the engine's caches
cleared first:

- ``what-if``: :func:`model.whatif.compute_what_if` with one spine switch down (the
  healthy figures and the failed ones), median of ``--runs`` different switches;
- ``N−1``: :func:`model.n_minus_1.n_minus_1`, the whole table once, and how many of its
  failures were computed (the others copy an identical island's figures).

Run: ``.venv/bin/python benchmarks/bench_n_minus_1.py [--runs N] [--design NAME]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from model import metrics
from model.design import Design
from model.failures import Failure
from model.n_minus_1 import n_minus_1
from model.templates import TEMPLATES
from model.whatif import compute_what_if
from tests.reference.campuses import heterogeneous_campus

BUDGET_S = {"what-if": 1.0, "N−1": 10.0}
DESIGNS: dict[str, Callable[[], Design]] = {
    "100K example": TEMPLATES["islands"].build,
    "heterogeneous": heterogeneous_campus,
    "leaf-spine 2,048": lambda: TEMPLATES["leaf-spine"].build(leaves=64, down=32, up=32,
                                                               spines=32),
}


def _spine(design: Design) -> str:
    spines = [t for t in design.tiers.values() if t.role.value == "spine"]
    return (spines or list(design.tiers.values()))[0].id


def measure(name: str, runs: int) -> None:
    """Print the what-if and N−1 times of one design family."""
    design = DESIGNS[name]()
    spine = _spine(design)
    metrics.default_engine = metrics.Engine()  # from scratch
    compute_what_if(design)  # the healthy figures, as the editor has them already
    times = []
    for k in range(runs):
        started = time.perf_counter()
        compute_what_if(design, failures=(Failure(element=spine, members=(k,)),))
        times.append(time.perf_counter() - started)
    what_if = statistics.median(times)
    metrics.default_engine = metrics.Engine()  # from scratch
    started = time.perf_counter()
    table = n_minus_1(design)
    whole = time.perf_counter() - started
    for label, seconds in (("what-if", what_if), ("N−1", whole)):
        over = " OVER BUDGET" if seconds > BUDGET_S[label] else ""
        print(f"{name:<18} {label:<8} {seconds:7.2f} s (budget {BUDGET_S[label]:g} s){over}")
    print(f"{name:<18} N−1 rows {len(table.rows)}, computed {table.computed}")


def main(argv: list[str]) -> int:
    """Measure every family (or ``--design``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--design", choices=list(DESIGNS))
    args = parser.parse_args(argv)
    for name in [args.design] if args.design else list(DESIGNS):
        measure(name, args.runs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
