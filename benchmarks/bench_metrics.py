"""Speed of the metrics engine against the budgets of DESIGN §4.

Builds campuses of ~1K, 10K, 100K and 1M accelerators with the ``islands`` template (and
an asymmetric variant where one island has one rack fewer), then measures, as medians of
several runs:

- all metrics from scratch (caches cleared);
- all metrics after a one-field edit that changes the network's capacities (one island's
  spine-to-core link speed), after one that changes its wiring (one rack fewer in a
  rack group, a new count each run), after undo and redo of that edit, and after one
  that leaves the network alone (a building's capacity);
- opening the design from its file;
- where it finishes within a minute, the naive way (expanded networkx graph, BFS from
  every accelerator) for a side-by-side ratio on hops.

Run: ``.venv/bin/python benchmarks/bench_metrics.py [--quick]``. Prints a table.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import networkx as nx

from model import metrics
from model.design import Design
from model.fileformat import load_design, save_design
from model.metrics.graph import expand_network
from model.templates import TEMPLATES

SIZES = {
    "1K": {"islands": 2, "gpus_per_island": 512, "buildings": 1},
    "10K": {"islands": 4, "gpus_per_island": 2560, "buildings": 2},
    "100K": {},
    "1M": {"islands": 84, "gpus_per_island": 12288, "buildings": 21,
           "building_capacity_mw": 100},
}
BUDGET_MS = {"scratch 100K": 100, "edit 100K": 20, "scratch 1M": 1000, "open 100K": 300}


def median_ms(action: Callable[[], object], runs: int) -> float:
    """Median wall time of ``action`` in milliseconds."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def build(size: str, asymmetric: bool) -> Design:
    """The benchmark campus of this size. ``asymmetric``: the last island is smaller by
    one rail block — the racks of 32 servers and the 8 leaves that served them — the way
    an architect shrinks a rail-optimized island without breaking its wiring."""
    design = TEMPLATES["islands"].build(**SIZES[size])
    if asymmetric:
        last = list(design.rack_groups.values())[-1]
        rack_type = design.catalog.rack_type(last.rack_type)
        assert rack_type is not None
        racks_per_block = 32 // rack_type.servers_per_rack
        leaf = next(t for t in design.tiers.values()
                    if t.island == last.island and t.role.value == "leaf")
        design.update(last.id, count=last.count - racks_per_block)
        design.update(leaf.id, count=leaf.count - 8)
    return design


def scratch(design: Design) -> None:
    """All metrics with every cache cleared."""
    metrics.clear_caches()
    metrics.compute_all(design)


def network_edit(design: Design) -> Callable[[], None]:
    """An edit that changes the network: one island's spine-to-core link speed, set to
    a value it has not had before on every run (so nothing computed for an earlier
    value can be reused), then all metrics. The wiring stays valid, so this is what an
    architect's what-if costs."""
    bundle = next(b for b in design.bundles.values()
                  if design.kind_of(b.lower) == "tier" and "core" in b.upper)
    base = bundle.speed_gbps
    runs = [0]

    def run() -> None:
        runs[0] += 1
        design.update(bundle.id, speed_gbps=base * (0.5 + 0.001 * runs[0]))
        metrics.compute_all(design)

    return run


def wiring_edit(design: Design) -> tuple[Callable[[], None], Callable[[], None]]:
    """An edit that changes which links exist: one rack fewer in the first island's
    rack group, to a count it has not had before on every run (so nothing computed for
    an earlier count can be reused), then all metrics. Hop counts, the pod tree and the
    DP tables of the island's subtree are rebuilt, as after any new count, pattern or
    links per member. The rack groups' units then differ in size (e.g. 31 and 32
    accelerators), so the bisection DP works on a grid of one accelerator. Returns the
    edit and what puts the count back."""
    group = next(iter(design.rack_groups.values()))
    original = group.count
    counts = [original]

    def run() -> None:
        counts.append(counts[-1] - 1)
        design.update(group.id, count=counts[-1])
        metrics.compute_all(design)

    def restore() -> None:
        design.update(group.id, count=original)
        metrics.compute_all(design)

    return run, restore


def wiring_undo(design: Design) -> Callable[[], None]:
    """One rack fewer and back, alternately (what undo and redo of a wiring edit cost:
    both states have been computed before, and what the engine remembers of them is
    reused)."""
    group = next(iter(design.rack_groups.values()))
    values = [group.count - 1, group.count]

    def run() -> None:
        values.reverse()
        design.update(group.id, count=values[0])
        metrics.compute_all(design)

    return run


def power_edit(design: Design) -> Callable[[], None]:
    """An edit that leaves the network alone (a building's capacity), then all metrics."""
    building = next(iter(design.buildings.values()))
    values = [building.capacity_kw * 1.01, building.capacity_kw]

    def run() -> None:
        values.reverse()
        design.update(building.id, capacity_kw=values[0])
        metrics.compute_all(design)

    return run


def naive_hops_s(design: Design, limit_s: float = 60.0) -> float | None:
    """Seconds for the naive hop histogram (BFS from every accelerator on the expanded
    graph), or None when it would exceed ``limit_s`` (estimated from a sample)."""
    graph = expand_network(design)
    accelerators = [n for n, d in graph.nodes(data=True) if d["kind"] == "accelerator"]
    sample = accelerators[: min(20, len(accelerators))]
    start = time.perf_counter()
    for source in sample:
        nx.single_source_shortest_path_length(graph, source)
    per_source = (time.perf_counter() - start) / max(len(sample), 1)
    estimate = per_source * len(accelerators)
    if estimate > limit_s:
        return None
    start = time.perf_counter()
    for source in accelerators:
        nx.single_source_shortest_path_length(graph, source)
    return time.perf_counter() - start


def main() -> int:
    """Run the benchmark and print its table; exit status 1 if a budget is missed."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer runs, skip 1M")
    args = parser.parse_args()
    runs = 3 if args.quick else 7
    sizes = [s for s in SIZES if not (args.quick and s == "1M")]
    header = (f"{'design':<16}{'accel.':>10}{'scratch ms':>12}{'net edit ms':>13}"
              f"{'wiring ms':>11}{'undo ms':>9}{'power edit ms':>15}{'open ms':>9}"
              f"{'naive BFS s':>13}{'ratio':>9}")
    print(header)
    print("-" * len(header))
    missed = []
    for size in sizes:
        for asymmetric in (False, True):
            design = build(size, asymmetric)
            name = f"{size}{' asym' if asymmetric else ''}"
            n = metrics.compute_all(design).inventory.accelerators
            r = 3 if size == "1M" else runs
            t_scratch = median_ms(lambda d=design: scratch(d), r)
            edit, restore = wiring_edit(design)
            t_wiring = median_ms(edit, r)
            restore()
            t_undo = median_ms(wiring_undo(design), r)
            t_edit = median_ms(network_edit(design), r)
            t_power = median_ms(power_edit(design), r)
            with tempfile.TemporaryDirectory() as folder:
                path = Path(folder) / "design.json"
                save_design(design, path)
                t_open = median_ms(lambda p=path: load_design(p), r)
            naive = naive_hops_s(design) if size in ("1K", "10K") and not asymmetric else None
            ratio = f"{naive * 1000 / t_scratch:,.0f}×" if naive else "—"
            naive_text = f"{naive:.1f}" if naive else "—"
            print(f"{name:<16}{n:>10,}{t_scratch:>12.1f}{t_edit:>13.1f}{t_wiring:>11.1f}"
                  f"{t_undo:>9.1f}{t_power:>15.1f}{t_open:>9.1f}{naive_text:>13}{ratio:>9}")
            for label, key, value in (
                    (f"scratch {size}", f"scratch {size}", t_scratch),
                    (f"speed edit {size}", f"edit {size}", t_edit),
                    (f"wiring edit {size}", f"edit {size}", t_wiring),
                    (f"wiring undo {size}", f"edit {size}", t_undo),
                    (f"open {size}", f"open {size}", t_open)):
                budget = BUDGET_MS.get(key)
                if budget is not None and value > budget:
                    missed.append(f"{label}{' asym' if asymmetric else ''}: "
                                  f"{value:.0f} ms > {budget} ms")
    print()
    print("budgets (DESIGN §4): 100K scratch ≤ 100 ms, 100K edit (any kind) ≤ 20 ms, "
          "1M scratch ≤ 1000 ms, open 100K ≤ 300 ms")
    print("missed: " + ("; ".join(missed) if missed else "none"))
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
