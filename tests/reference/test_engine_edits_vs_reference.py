"""The engine after edits, against the slow reference, with its caches warm.

A link-speed edit reuses the endpoints, units, pod-tree skeleton and DP tables of the
design before it (see model/metrics/__init__.py); islands that are copies share their
hop counts (model/metrics/symmetry.py). Both shortcuts must give exactly what the
reference computes from scratch on the expanded graph.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from model import metrics
from model.design import Design
from model.metrics.symmetry import island_fingerprints
from model.metrics.topology import resolve
from model.templates import TEMPLATES
from tests.reference.compare import hops_mismatches, pair_mismatches
from tests.reference.expand import expand
from tests.reference.random_designs import hierarchical_designs
from tests.reference.slow_metrics import hops
from tests.reference.test_engine_vs_reference import QUICK, mismatches

SPEEDS = [25.0, 50.0, 100.0, 200.0, 400.0, 800.0]


@QUICK
@given(hierarchical_designs(), st.data())
def test_speed_edits_with_warm_caches_match_reference(design: Design, data: Any) -> None:
    metrics.clear_caches()
    metrics.compute_all(design)
    bundles = list(design.bundles)
    if not bundles:
        return
    for _ in range(3):
        bundle = data.draw(st.sampled_from(bundles))
        design.update(bundle, speed_gbps=data.draw(st.sampled_from(SPEEDS)))
        # the engine's own compute_all, caches kept from the design before the edit
        problems = mismatches(lambda d, plane=None: metrics.compute_all(d, plane), design,
                              check_cut=False)
        assert not problems, "\n".join(problems)


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
    metrics.clear_caches()
    got = metrics.compute_all(design)
    ex = expand(design)
    problems = hops_mismatches(got.hops, hops(ex))
    problems += pair_mismatches(ex, got.island_pairs, "island")
    problems += pair_mismatches(ex, got.building_pairs, "building")
    assert not problems, "\n".join(problems)
