"""Small designs whose figures are counted by hand, each isolating one rule of the
definitions where the engine and the reference were seen to differ (or could).
The expected figures are hand counts, confirmed by the reference's exact methods."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from model.design import Design
from model.elements import (
    Building,
    Island,
    LinkBundle,
    Pattern,
    RackGroup,
    Role,
    Scope,
    SwitchTier,
)
from tests.reference import builders
from tests.reference.expand import expand
from tests.reference.slow_metrics import (
    bisection_brute_force,
    bisection_milp,
    hops,
    separation_gbps,
)
from tests.reference.test_engine_uneven_switches import without_integer_program
from tests.reference.test_reference_self import _one_group, _with_tier


def test_links_uneven_over_accelerators_bisection(compute_all: Callable[..., Any]) -> None:
    """2 racks × 1 server × 2 GPUs with 4 NICs (2 per GPU); 3 links per server (rack
    pattern, 400G, one leaf per rack), each leaf 3 links to one spine.

    Link l uses NIC l, which serves GPU l·2//4: GPU 0 has 2 links (800G), GPU 1 has
    one (400G). Putting both GPU 1s on side A and everything else on B crosses 800G;
    no balanced cut crosses less (every 2-GPU side A must cut each of its GPUs' links
    or a leaf's 1,200G of uplinks). The bisection is 800 Gb/s.
    """
    d = _with_tier(_one_group(2, 4, 1, 2), 2, Pattern.RACK, 3)
    d.update("l", speed_gbps=400)
    d.add(SwitchTier(id="sp", name="spine", switch="sw", count=1, island="i"))
    d.add(LinkBundle(id="up", name="up", lower="t", upper="sp", links_per_member=3,
                     speed_gbps=400))
    ex = expand(d)
    assert bisection_milp(ex).gbps == 800.0 == bisection_brute_force(ex)
    m = compute_all(d)
    if m.bisection.exact:
        assert m.bisection.gbps == pytest.approx(800.0)
    assert m.bisection.gbps >= 800.0


def test_gpus_without_links_bisection(compute_all: Callable[..., Any]) -> None:
    """1 server of 4 GPUs with 4 NICs and 2 links (NICs 0, 1): GPUs 2 and 3 have no
    scale-out link, so they alone form side A: the bisection is 0."""
    d = _with_tier(_one_group(4, 4, 1, 1), 1, Pattern.SPREAD, 2)
    ex = expand(d)
    assert bisection_milp(ex).gbps == 0.0 == bisection_brute_force(ex)
    m = compute_all(d)
    if m.bisection.exact:
        assert m.bisection.gbps == pytest.approx(0.0, abs=1e-9)
    assert m.bisection.gbps >= 0.0


def test_shared_nic_pairs_are_zero_hops(compute_all: Callable[..., Any]) -> None:
    """4 GPUs on 2 NICs (GPUs 0,1 on NIC 0; 2,3 on NIC 1), no scale-up, one leaf.

    DESIGN §3: hops are the switches on a shortest path between the two accelerators'
    NICs. GPUs 0 and 1 share NIC 0: the path is empty, 0 switches. Histogram: 2 pairs
    at 0 hops, 4 pairs at 1 hop (through the leaf).
    """
    d = _with_tier(_one_group(4, 2, 1, 1), 1, Pattern.SPREAD, 2)
    assert hops(expand(d)).histogram == {0: 2, 1: 4}
    assert dict(compute_all(d).hops.histogram) == {0: 2, 1: 4}


def test_shared_nic_without_link_still_joins_its_gpus(compute_all: Callable[..., Any]) -> None:
    """Same server with 1 link: NIC 1 has no cable. GPUs 2 and 3 still share NIC 1
    (0 hops); GPUs 0,1 share NIC 0 (0 hops); the 4 pairs across NICs are unreachable."""
    d = _with_tier(_one_group(4, 2, 1, 1), 1, Pattern.SPREAD, 1)
    ref = hops(expand(d))
    assert ref.histogram == {0: 2} and ref.unreachable_pairs == 4
    m = compute_all(d)
    assert dict(m.hops.histogram) == {0: 2}
    assert m.hops.unreachable_pairs == 4


def test_cut_counts_rack_group_accelerators(compute_all: Callable[..., Any]) -> None:
    """results.BisectionCut: ``side_a`` maps a rack group to its *accelerators* on side
    A (rail wiring can split a server between the sides). One SU of 32 DGX split in
    half: 128 of its 256 GPUs on side A, and every leaf and spine counted in switches."""
    d = builders.superpod(1)
    cut = compute_all(d).bisection.cut
    assert cut.accelerators_a == 128
    assert cut.side_a["dgx0"] == 128
    tiers = {t.id: t.count for t in d.tiers.values()}
    assert all(0 <= cut.side_a[t] <= n for t, n in tiers.items())


def test_island_pair_capacity_with_uneven_spread(compute_all: Callable[..., Any]) -> None:
    """Two islands X, Y, each: one 1-GPU server with 4 × 400G links to one leaf; the
    leaf spreads 4 × 200G links over 3 spines (loads 400, 200, 200 G); each spine has
    3 × 100G links to one building core.

    The minimum cut between X and Y takes, at each spine of X, the cheaper of its
    downlinks and its 300G uplinks: 300 + 200 + 200 = 700 Gb/s (the leaf's uplinks
    are 800, the server's 1,600, the spines' uplinks 900).
    """
    d = Design()
    d.add_parts(builders.plain_catalog(servers_per_rack=1))
    d.add(Building(id="b", name="b", capacity_kw=100))
    d.add(SwitchTier(id="core", name="core", switch="sw", count=1, role=Role.CORE,
                     scope=Scope.BUILDING, building="b"))
    for x in "XY":
        d.add(Island(id=x, name=x, building="b"))
        d.add(RackGroup(id=f"g{x}", name="g", island=x, rack_type="r", count=1))
        d.add(SwitchTier(id=f"leaf{x}", name="leaf", switch="sw", count=1, island=x))
        d.add(SwitchTier(id=f"spine{x}", name="spine", switch="sw", count=3, role=Role.SPINE,
                         island=x))
        d.add(LinkBundle(id=f"a{x}", name="a", lower=f"g{x}", upper=f"leaf{x}",
                         links_per_member=4, speed_gbps=400))
        d.add(LinkBundle(id=f"b{x}", name="b", lower=f"leaf{x}", upper=f"spine{x}",
                         links_per_member=4, speed_gbps=200))
        d.add(LinkBundle(id=f"c{x}", name="c", lower=f"spine{x}", upper="core",
                         links_per_member=3, speed_gbps=100))
    ex = expand(d)
    x_gpus = [a for a in ex.accelerators if a[1] == "gX"]
    y_gpus = [a for a in ex.accelerators if a[1] == "gY"]
    assert separation_gbps(ex, x_gpus, y_gpus) == 700.0
    assert bisection_milp(ex).gbps == 700.0  # two GPUs: the bisection is that cut
    m = compute_all(d)
    assert [(p.a, p.b, p.gbps) for p in m.island_pairs] == [("X", "Y", 700.0)]
    assert m.bisection.gbps >= 700.0


def test_island_pair_capacity_counts_relays_through_other_islands_gpus(
        compute_all: Callable[..., Any]) -> None:
    """A design the random suite found (kept as a file): islands i1 and i2 meet only at
    the campus core, which each building core joins with 2 × 100G. i1's spine reaches
    one building core, bcore20[0], with 200G. The second 100G into the campus core
    comes from bcore20[1], which i1 reaches only through island i0: down to leaf2[0],
    through i0's GPU (its one NIC has links to both leaf2 switches), up leaf2[1]. i0's
    GPU belongs to neither place, so in a cut between i1 and i2 it may stand on either
    side and carries flow like a switch: the capacity is 200 Gb/s, not 100."""
    from pathlib import Path

    from model.fileformat import load_design

    d = load_design(Path(__file__).parent / "designs" / "relay-through-a-dual-homed-gpu.json")
    pairs = {(p.a, p.b): p.gbps for p in compute_all(d).island_pairs}
    assert pairs[("i1", "i2")] == 200.0
    ex = expand(d)
    i1 = [a for a in ex.accelerators if a[1] in ("g6", "g9")]
    i2 = [a for a in ex.accelerators if a[1] == "g15"]
    assert separation_gbps(ex, i1, i2) == 200.0


def test_split_unit_in_a_group_made_only_to_the_target(
        compute_all: Callable[..., Any]) -> None:
    """A design the random suite found (kept as a file): three accelerators in one
    island — rack group g1's one accelerator with a 200G link to leaf2, rack group g4's
    two accelerators with 100G each to leaf5; both leaves reach both spines.

    The halves hold 1 and 2 accelerators. One of g4's accelerators alone on side A
    crosses its one 100G link, and no side of one accelerator crosses less (g1's
    accelerator has 200G; with its leaf, the leaf's two 100G uplinks): the bisection
    is 100 Gb/s. That cut splits g4's unit of two. The top pod's proof once bounded such
    cuts from the prefix's table of whole cuts made only up to the target (1), reading
    the count the whole unit would hold (2) as 'no such cut', so it proved 200 exact."""
    from pathlib import Path

    from model.fileformat import load_design

    d = load_design(Path(__file__).parent / "designs" / "split-unit-beyond-the-window.json")
    ex = expand(d)
    assert bisection_milp(ex).gbps == 100.0 == bisection_brute_force(ex)
    m = compute_all(d)
    assert m.bisection.exact
    assert m.bisection.gbps == pytest.approx(100.0)


def test_split_unit_whose_whole_count_passes_the_target(
        compute_all: Callable[..., Any]) -> None:
    """A heterogeneous campus the random suite found (kept as a file): 20 accelerators,
    island i0's 12 in units of three under 4 leaves and 8 spines, islands i1, i2 (2
    each) and i3 (4) on thin uplinks, one core of 2 switches.

    The least cut puts the core, i0's switches and 10 of its 12 accelerators on side A:
    the two accelerators left on B cross their 200G rail links (400), and i1, i2, i3
    their spines' 100G uplinks to the two core switches (200 + 200 + 100) — 900 Gb/s,
    equal to the integer program. That cut splits one of i0's units (10 = 9 + 1). The top
    pod's proof bounded it from whole cuts holding 9 and 12 in the groups before the
    last, whose tables are cut at the target (10): the entry for 12 read 'no such cut'
    though all of i0 on A is one, and the proof claimed 1,000 exact."""
    from pathlib import Path

    from model.fileformat import load_design

    d = load_design(Path(__file__).parent / "designs" / "split-unit-above-the-target.json")
    assert bisection_milp(expand(d)).gbps == 900.0
    m = compute_all(d)
    assert m.bisection.exact
    assert m.bisection.gbps == pytest.approx(900.0)
    assert sum(m.bisection.cut.crossing_gbps.values()) == pytest.approx(900.0)


def test_stranded_accelerator_beside_a_pod_of_even_count(
        compute_all: Callable[..., Any]) -> None:
    """A campus the random failure suite found (kept as a file): island i0 holds one
    accelerator under one leaf, island i1 six (three racks of two 1-NIC servers, one 200G
    rail link each) under one leaf. With i0's leaf down its accelerator is stranded but
    working, so 7 accelerators are bisected, 3 against 4.

    By hand: put the stranded accelerator and two of i1's servers on side A, every switch
    on B — the two servers' rail links cross, 2 × 200 = 400 Gb/s; no cut crosses fewer
    (any split of i1's six crosses at least min(a, 6 − a) rail links and a side of 3
    takes at least 2 of them). The switch-sides DP read the remaining pod (6
    accelerators) at 3 and, taking 3 for half of all, kept only assignments with the
    first class on A — the mirror images of cuts of 3 are cuts of 4 here — and claimed
    600 Gb/s exact."""
    from pathlib import Path

    from model.failures import Failure
    from model.fileformat import load_design

    d = load_design(Path(__file__).parent / "designs" / "stranded-accelerator-odd-count.json")
    down = [Failure(element="leaf0", members=(0,))]
    m = compute_all(d, failures=down)
    assert m.failures is not None and m.failures.accelerators_stranded == 1
    assert m.inventory.accelerators == 7
    assert m.bisection.exact
    assert m.bisection.gbps == pytest.approx(400.0)
    assert m.bisection.cut.accelerators_a in (3, 4)
    assert sum(m.bisection.cut.crossing_gbps.values()) == pytest.approx(400.0)


def test_one_child_split_in_the_cores_tree(monkeypatch: pytest.MonkeyPatch) -> None:
    """A heterogeneous campus the random suite found (kept as a file): two islands of one
    2-accelerator server each, rail-wired to 2 leaves, 2 spines and a core of 2
    switches, island i1's links thicker. The minimum (200 Gb/s, the integer program's)
    splits one island's pod between the sides: the core's tree of groups
    (:mod:`model.metrics.bisection.switch_dp_tree`) places it from its state with one
    concave child split, and the cut placed crosses exactly the minimum."""
    from pathlib import Path

    from model.fileformat import load_design
    from model.metrics import Engine
    from model.metrics.bisection import switch_dp_tree

    d = load_design(Path(__file__).parent / "designs" / "one-island-split-at-the-core.json")
    assert bisection_milp(expand(d)).gbps == 200.0
    placed = switch_dp_tree._place
    split_placed = []

    def counted(*args: Any) -> None:
        split_placed.append(args[4])
        placed(*args)

    monkeypatch.setattr(switch_dp_tree, "_place", counted)
    m = without_integer_program().compute_all(d)
    assert True in split_placed
    assert m.bisection.exact
    assert m.bisection.gbps == pytest.approx(200.0)
    assert sum(m.bisection.cut.crossing_gbps.values()) == pytest.approx(200.0)
    assert m.bisection.cut.accelerators_a == 2
    assert Engine().compute_all(d).bisection.gbps == pytest.approx(200.0)
