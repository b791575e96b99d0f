"""Speed of the metrics engine under failures, against the budgets of DESIGN §4.

On the 100K example (the ``islands`` template, 98,304 H100 in 8 islands, 4 buildings)
and on the heterogeneous 100K campus (``tests/reference/campuses.py``), for each kind
of failure — one switch of a tier (an island's spine, a leaf, the campus core), a whole
tier (an island's spines), racks of a rack group, a building's power — it measures as
medians:

- ``scratch``: all metrics with that failure, every cache cleared first (budget
  100 ms);
- ``change``: all metrics after only the failure changed (the previous run had another
  failure of that kind; a new one each run — one more switch or rack down, another
  tier or building — so nothing is served from the cache) (budget 20 ms);
- ``renamed``: the same number of switches down, shifted by one (switches 1…k after
  0…k−1): where they are twins the network figures are remembered
  (:func:`model.metrics.failed.same_figures_key`);
- ``back``: clearing the failures (the healthy figures, remembered).

It also says whether the bisection is exact, and how many accelerators are stranded.

Run: ``.venv/bin/python benchmarks/bench_failures.py [--runs N] [--design NAME]``.
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
from model.failures import Failure, members_of
from model.templates import TEMPLATES
from tests.reference.campuses import heterogeneous_campus

BUDGET_MS = {"scratch": 100, "change": 20}
DESIGNS: dict[str, Callable[[], Design]] = {
    "100K example": TEMPLATES["islands"].build,
    "heterogeneous": heterogeneous_campus,
}


def kinds(design: Design, runs: int) -> dict[str, list[list[Failure]]]:
    """For each kind of failure, ``runs + 1`` distinct failures of that kind (a
    failure of one element each)."""
    tiers = list(design.tiers.values())
    spines = [t for t in tiers if t.role.value == "spine"]
    leaves = [t for t in tiers if t.role.value == "leaf"]
    cores = [t for t in tiers if t.island is None]
    group = next(iter(design.rack_groups.values()))
    buildings = list(design.buildings)
    n = runs + 1
    out = {
        "spine switches": [[Failure(element=spines[0].id, count=k + 1)] for k in range(n)],
        "leaf switches": [[Failure(element=leaves[0].id, count=k + 1)] for k in range(n)],
        "core switches": [[Failure(element=cores[0].id, count=k + 1)] for k in range(n)]
        if cores else [],
        "a spine tier": [[Failure(element=spines[k % len(spines)].id)] for k in range(n)],
        "racks": [[Failure(element=group.id, count=k + 1)] for k in range(n)],
        "a building": [[Failure(element=buildings[k % len(buildings)])] for k in range(n)],
    }
    return {name: cases for name, cases in out.items() if cases}


def timed_ms(action: Callable[[], object]) -> float:
    """Wall time of ``action`` in milliseconds."""
    start = time.perf_counter()
    action()
    return (time.perf_counter() - start) * 1000


def measure(design: Design, cases: list[list[Failure]]) -> dict[str, float]:
    """Medians (ms) of scratch, change, renamed and back over ``cases`` (see module
    doc)."""
    scratch, change, back, renamed = [], [], [], []
    for failures in cases[1:]:
        metrics.default_engine = metrics.Engine()  # from scratch
        scratch.append(timed_ms(lambda f=failures: metrics.compute_all(design, failures=f)))
    metrics.default_engine = metrics.Engine()  # from scratch
    metrics.compute_all(design)
    metrics.compute_all(design, failures=cases[0])
    for failures in cases[1:]:
        change.append(timed_ms(lambda f=failures: metrics.compute_all(design, failures=f)))
        back.append(timed_ms(lambda: metrics.compute_all(design)))
        metrics.compute_all(design, failures=failures)
        (failure,) = failures
        total = members_of(design, failure.element)
        if design.kind_of(failure.element) == "tier" and failure.count is not None \
                and failure.count < total:
            other = [Failure(element=failure.element,
                             members=tuple(range(1, failure.count + 1)))]
            renamed.append(timed_ms(lambda f=other: metrics.compute_all(design, failures=f)))
    return {"scratch": statistics.median(scratch), "change": statistics.median(change),
            "back": statistics.median(back),
            "renamed": statistics.median(renamed) if renamed else float("nan")}


HEADER = (f"{'failure':<20}{'scratch ms':>12}{'change ms':>11}{'renamed ms':>12}"
          f"{'back ms':>9}{'exact':>7}"
          f"{'stranded':>10}{'unreachable pairs':>19}")


def main() -> int:
    """Print a table per design; exit status 1 if a budget is missed."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3, help="runs per figure (median)")
    parser.add_argument("--design", action="append", choices=list(DESIGNS))
    args = parser.parse_args()
    missed: list[str] = []
    for name in args.design or list(DESIGNS):
        design = DESIGNS[name]()
        print(f"\n{name} ({sum(1 for _ in design.rack_groups)} rack groups)")
        print(HEADER)
        print("-" * len(HEADER))
        healthy = []
        for _ in range(args.runs):
            metrics.default_engine = metrics.Engine()  # from scratch
            healthy.append(timed_ms(lambda d=design: metrics.compute_all(d)))
        print(f"{'(nothing down)':<20}{statistics.median(healthy):>12.1f}")
        for kind, cases in kinds(design, args.runs).items():
            t = measure(design, cases)
            m = metrics.compute_all(design, failures=cases[-1])
            assert m.failures is not None
            print(f"{kind:<20}{t['scratch']:>12.1f}{t['change']:>11.1f}"
                  f"{t['renamed']:>12.1f}{t['back']:>9.1f}"
                  f"{'yes' if m.bisection.exact else 'no':>7}"
                  f"{m.failures.accelerators_stranded:>10,}{m.hops.unreachable_pairs:>19,}",
                  flush=True)
            missed += [f"{name} {kind} {label}: {t[label]:.0f} ms > {budget} ms"
                       for label, budget in BUDGET_MS.items() if t[label] > budget]
    print()
    print("budgets (DESIGN §4): ~100K scratch ≤ 100 ms, ~100K change ≤ 20 ms")
    print("missed: " + ("; ".join(missed) if missed else "none"))
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
