"""Speed of the metrics engine against the budgets of DESIGN §4, per family of design.

Families (one table each):

- ``islands``: campuses of ~1K, 10K, 100K and 1M accelerators from the ``islands``
  template, and an asymmetric variant of each where one island is a rail block smaller;
- ``heterogeneous``: the 100,352-GPU campus of islands that differ in size, chip (DGX H100
  and DGX B200) and oversubscription (1:1 to 13:1) under one core
  (``tests/reference/campuses.py``);
- every other template at its large parameters: ``ai-zones`` (32 pods, 98,304 GPUs),
  ``fat-tree`` (k = 64, 65,536 hosts), ``leaf-spine`` (512 leaves of 256 hosts, 256
  spines, 131,072 hosts), ``superpod`` (144 GB200 NVL72 scalable units, 82,944 GPUs)
  and ``dragonfly-plus`` (k = 64, 33,792 hosts, 33 groups; bisection, pair capacities
  and hops in closed form).

For each design it measures, as medians of several runs:

- all metrics from scratch (a fresh ``Engine()``);
- all metrics after a one-field edit that changes the network's capacities (one island's
  spine-to-core link speed), after one that changes its wiring (one rack fewer in a
  rack group, a new count each run), after undo and redo of that edit, and after one
  that leaves the network alone (a building's capacity);
- opening the design from its file;
- where it finishes within a minute, the naive way (expanded networkx graph, BFS from
  every accelerator) for a side-by-side ratio on hops.

Run: ``.venv/bin/python benchmarks/bench_metrics.py [--quick] [--family NAME ...]``.
Prints a table per family, with the CPU time of the wiring edit (``cpu ms``, every
thread of the process) and the load average of the last minute when the row was
measured (``load``): on a shared machine, compare CPU times.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import networkx as nx

from benchmarks.machine import machine_line
from model import metrics
from model.design import Design
from model.fileformat import load_design, save_design
from model.metrics.representation.graph import expand_network
from model.templates import TEMPLATES
from tests.reference.campuses import heterogeneous_campus

SIZES = {
    "1K": {"islands": 2, "gpus_per_island": 512, "buildings": 1},
    "10K": {"islands": 4, "gpus_per_island": 2560, "buildings": 2},
    "100K": {},
    "1M": {"islands": 84, "gpus_per_island": 12288, "buildings": 21,
           "building_capacity_mw": 100},
}
OTHER_FAMILIES: dict[str, list[tuple[str, Callable[[], Design]]]] = {
    "heterogeneous": [("100K", heterogeneous_campus)],
    "ai-zones": [("32 pods", lambda: TEMPLATES["ai-zones"].build(pods=32))],
    "fat-tree": [("k=64", lambda: TEMPLATES["fat-tree"].build(k=64))],
    "leaf-spine": [("512×256", lambda: TEMPLATES["leaf-spine"].build(
        leaves=512, down=256, up=256, spines=256))],
    "superpod": [("144 GB200 SU", lambda: TEMPLATES["superpod"].build(
        sus=144, system="gb200-nvl72"))],
    "dragonfly-plus": [("k=64", lambda: TEMPLATES["dragonfly-plus"].build(k=64))],
}
SLOW: set[str] = set()
"""Families measured with one run each (seconds per run)."""
BUDGET_MS = {"scratch 100K": 100, "edit 100K": 20, "scratch 1M": 1000, "open 100K": 300}


def median_ms(action: Callable[[], object], runs: int) -> float:
    """Median wall time of ``action`` in milliseconds."""
    return median_ms_cpu(action, runs)[0]


def median_ms_cpu(action: Callable[[], object], runs: int) -> tuple[float, float]:
    """Median wall time and median CPU time of this process (every thread) of
    ``action``, in milliseconds. On a shared machine the CPU time is the steadier
    figure; the hop count runs in a thread beside the bisection, so CPU time may exceed
    wall time on an idle machine with two cores."""
    times, cpu = [], []
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        action()
        times.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    return statistics.median(times), statistics.median(cpu)


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
    """All metrics by a fresh engine, which then stands as the default one (so the edits
    measured next start from what it remembered)."""
    metrics.default_engine = metrics.Engine()
    metrics.compute_all(design)


def network_edit(design: Design) -> Callable[[], None]:
    """An edit that changes the network: one island's spine-to-core link speed (in a
    design without a core, the last bundle between tiers), set to
    a value it has not had before on every run (so nothing computed for an earlier
    value can be reused), then all metrics. The wiring stays valid, so this is what an
    architect's what-if costs."""
    between_tiers = [b for b in design.bundles.values() if design.kind_of(b.lower) == "tier"]
    bundle = next((b for b in between_tiers if "core" in b.upper), between_tiers[-1])
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


def measure(design: Design, runs: int, naive: bool = False) -> dict[str, float | None]:
    """Medians (ms) of each measurement of the module doc on ``design``."""
    out: dict[str, float | None] = {}
    out["scratch"] = median_ms(lambda: scratch(design), runs)
    edit, restore = wiring_edit(design)
    out["wiring"], out["wiring cpu"] = median_ms_cpu(edit, runs)
    restore()
    out["undo"] = median_ms(wiring_undo(design), runs)
    out["speed"] = median_ms(network_edit(design), runs)
    out["power"] = median_ms(power_edit(design), runs)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "design.json"
        save_design(design, path)
        out["open"] = median_ms(lambda: load_design(path), runs)
    out["naive"] = naive_hops_s(design) if naive else None
    return out


HEADER = (f"{'design':<16}{'accel.':>10}{'exact':>7}{'scratch ms':>12}{'speed edit ms':>15}"
          f"{'wiring ms':>11}{'cpu ms':>8}{'undo ms':>9}{'power edit ms':>15}{'open ms':>9}"
          f"{'naive BFS s':>13}{'ratio':>9}{'load':>6}")


def row(name: str, design: Design, t: dict[str, float | None]) -> str:
    """One line of a family's table."""
    m = metrics.compute_all(design)
    naive, scratch_ms = t["naive"], t["scratch"]
    assert scratch_ms is not None
    ratio = f"{naive * 1000 / scratch_ms:,.0f}×" if naive else "—"
    naive_text = f"{naive:.1f}" if naive else "—"
    return (f"{name:<16}{m.inventory.accelerators:>10,}{'yes' if m.bisection.exact else 'no':>7}"
            f"{scratch_ms:>12.1f}{t['speed']:>15.1f}{t['wiring']:>11.1f}"
            f"{t['wiring cpu']:>8.1f}{t['undo']:>9.1f}"
            f"{t['power']:>15.1f}{t['open']:>9.1f}{naive_text:>13}{ratio:>9}"
            f"{os.getloadavg()[0]:>6.1f}")


def budget_misses(family: str, name: str, size: str, t: dict[str, float | None]) -> list[str]:
    """The budgets ``t`` misses (a design of about 100K or 1M accelerators)."""
    missed = []
    for label, key, value in (
            ("scratch", f"scratch {size}", t["scratch"]),
            ("speed edit", f"edit {size}", t["speed"]),
            ("wiring edit", f"edit {size}", t["wiring"]),
            ("wiring undo", f"edit {size}", t["undo"]),
            ("open", f"open {size}", t["open"])):
        budget = BUDGET_MS.get(key)
        if budget is not None and value is not None and value > budget:
            missed.append(f"{family} {name} {label}: {value:.0f} ms > {budget} ms")
    return missed


def main() -> int:
    """Run the benchmark and print a table per family; exit status 1 if a budget is
    missed."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer runs, skip 1M")
    parser.add_argument("--family", action="append",
                        choices=["islands", *OTHER_FAMILIES],
                        help="measure only this family (repeatable)")
    args = parser.parse_args()
    runs = 3 if args.quick else 7
    chosen = args.family or ["islands", *OTHER_FAMILIES]
    print(machine_line())
    missed: list[str] = []
    for family in chosen:
        print(f"\n{family}")
        print(HEADER)
        print("-" * len(HEADER))
        if family == "islands":
            for size in [s for s in SIZES if not (args.quick and s == "1M")]:
                for asymmetric in (False, True):
                    design = build(size, asymmetric)
                    name = f"{size}{' asym' if asymmetric else ''}"
                    t = measure(design, 3 if size == "1M" else runs,
                                naive=size in ("1K", "10K") and not asymmetric)
                    print(row(name, design, t), flush=True)
                    missed += budget_misses(family, name, size, t)
            continue
        for name, make in OTHER_FAMILIES[family]:
            design = make()
            t = measure(design, 1 if family in SLOW else runs)
            print(row(name, design, t), flush=True)
            missed += budget_misses(family, name, "100K", t)
    print()
    print("budgets (DESIGN §4): ~100K scratch ≤ 100 ms, ~100K edit (any kind) ≤ 20 ms, "
          "1M scratch ≤ 1000 ms, open 100K ≤ 300 ms")
    print("missed: " + ("; ".join(missed) if missed else "none"))
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
