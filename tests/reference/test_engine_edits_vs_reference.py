"""The engine after edits, against the slow reference, with its caches warm.

A link-speed edit reuses the endpoints, units, pod-tree skeleton and DP tables of the
design before it (see model/metrics/__init__.py); islands that are copies share their
hop counts (model/metrics/representation/symmetry.py). Both shortcuts must give exactly what the
reference computes from scratch on the expanded graph.
"""

from __future__ import annotations

from typing import Any
from unittest.mock import patch

import pytest
from hypothesis import given
from hypothesis import strategies as st

from model.design import Design
from model.errors import DesignError
from model.metrics import Engine
from model.metrics.bisection import pod_dp
from model.metrics.representation.symmetry import island_fingerprints
from model.metrics.representation.topology import resolve
from model.templates import TEMPLATES
from tests.reference.compare import hops_mismatches, pair_mismatches
from tests.reference.expand import ExpansionError, expand
from tests.reference.random_designs import hierarchical_designs
from tests.reference.slow_metrics import hops
from tests.reference.test_engine_vs_reference import QUICK, mismatches

SPEEDS = [25.0, 50.0, 100.0, 200.0, 400.0, 800.0]


@QUICK
@given(hierarchical_designs(), st.data())
def test_speed_edits_with_warm_caches_match_reference(design: Design, data: Any) -> None:
    engine = Engine()
    engine.compute_all(design)
    bundles = list(design.bundles)
    if not bundles:
        return
    for _ in range(3):
        bundle = data.draw(st.sampled_from(bundles))
        design.update(bundle, speed_gbps=data.draw(st.sampled_from(SPEEDS)))
        # the engine's own compute_all, caches kept from the design before the edit
        problems = mismatches(lambda d, plane=None: engine.compute_all(d, plane), design,
                              check_cut=False)
        assert not problems, "\n".join(problems)
        # a stale capacity kept from before the edit would only cost exactness (the cut
        # is recounted link by link), so exactness must match a run from scratch too
        warm = engine.compute_all(design).bisection
        cold = Engine().compute_all(design).bisection
        assert (warm.gbps, warm.exact) == (cold.gbps, cold.exact)


@QUICK
@given(hierarchical_designs(), st.data())
def test_count_edits_with_warm_caches_match_reference(design: Design, data: Any) -> None:
    """Rack counts changed three times in a row, each to a value drawn afresh, with
    the DP's tables and combinations remembered from the runs before. The tables stop
    at a limit that moves in steps (4096 steps in the engine); here the steps are 2, so
    that these small edits move the limit too."""
    groups = [g for g in design.rack_groups.values() if g.count > 1]
    if not groups:
        return
    with patch.object(pod_dp, "_BUCKET", 2):
        engine = Engine()
        engine.compute_all(design)
        for _ in range(3):
            group = data.draw(st.sampled_from(groups))
            before = design.rack_groups[group.id].count
            try:
                design.update(group.id, count=data.draw(st.integers(1, before + 1)))
                expand(design)
            except (DesignError, ExpansionError):
                # a count the design refuses, or wiring the reference cannot lay out
                design.update(group.id, count=before)
                continue
            problems = mismatches(lambda d, plane=None: engine.compute_all(d, plane),
                                  design, check_cut=True)
            assert not problems, "\n".join(problems)
            # and nothing remembered changes the answer, not even whether it is exact
            warm = engine.compute_all(design).bisection
            cold = Engine().compute_all(design).bisection
            assert (warm.gbps, warm.exact) == (cold.gbps, cold.exact)
            engine.compute_all(design)


def islands_campus(asymmetric: bool) -> Design:
    """Four rail-optimized islands of 512 GPUs in two buildings; ``asymmetric``: the
    last island loses a rail block (8 racks of 4 servers and the 8 leaves serving them)."""
    design = TEMPLATES["islands"].build(islands=4, gpus_per_island=512, buildings=2)
    if asymmetric:
        last = list(design.rack_groups.values())[-1]
        leaf = next(t for t in design.tiers.values()
                    if t.island == last.island and t.role.value == "leaf")
        design.update(last.id, count=last.count - 8)
        design.update(leaf.id, count=leaf.count - 8)
    return design


def test_copies_are_found_from_the_design() -> None:
    plain = island_fingerprints(resolve(islands_campus(False)))
    assert len(set(plain)) == 1
    shrunk = island_fingerprints(resolve(islands_campus(True)))
    # the other building's two; the shrunk island's mate (its building differs); itself
    assert shrunk[0] == shrunk[1] != shrunk[2] != shrunk[3] != shrunk[0]


def test_an_island_wired_differently_is_not_a_copy() -> None:
    design = islands_campus(False)
    island = list(design.islands)[2]
    uplink = next(b for b in design.bundles.values()
                  if design.tiers.get(b.lower) is not None
                  and design.tiers[b.lower].island == island and "core" in b.upper)
    design.update(uplink.id, links_per_member=uplink.links_per_member // 2)
    prints = island_fingerprints(resolve(design))
    # islands 0 and 1 stand in the other building; island 3 shares island 2's building
    assert prints[0] == prints[1]
    assert len({prints[1], prints[2], prints[3]}) == 3


@pytest.mark.parametrize("asymmetric", [False, True])
def test_copied_islands_hops_and_pairs_match_reference(asymmetric: bool) -> None:
    design = islands_campus(asymmetric)
    engine = Engine()
    got = engine.compute_all(design)
    ex = expand(design)
    problems = hops_mismatches(got.hops, hops(ex))
    problems += pair_mismatches(ex, got.island_pairs, "island")
    problems += pair_mismatches(ex, got.building_pairs, "building")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("bucket", [2, 64])
@pytest.mark.parametrize("islands", [2, 3, 4])
def test_fresh_rack_counts_on_a_campus_reuse_only_what_still_holds(bucket: int,
                                                                  islands: int) -> None:
    """One island shrunk by five racks, then grown back two racks at a time: the other
    islands' DP tables and their combination are reused while the target moves (with two
    islands, the untouched one holds more than half the campus, so its table is cut at
    the limit). Each result must be what the engine computes with nothing remembered,
    and exact (the campus is hierarchical; uneven unit sizes only make the grid finer)."""
    design = TEMPLATES["islands"].build(islands=islands, gpus_per_island=512, buildings=1)
    group = list(design.rack_groups.values())[-1]
    full = group.count
    with patch.object(pod_dp, "_BUCKET", bucket):
        engine = Engine()
        design.update(group.id, count=full - 5)
        engine.compute_all(design)
        for count in range(full - 3, full + 1):
            design.update(group.id, count=count)
            warm = engine.compute_all(design).bisection
            cold = Engine().compute_all(design).bisection
            assert warm.exact and cold.exact
            assert (warm.gbps, warm.cut.side_a) == (cold.gbps, cold.cut.side_a)
            # warm again, remembering only the design two racks smaller
            engine = Engine()
            design.update(group.id, count=count - 2)
            engine.compute_all(design)
            design.update(group.id, count=count)
