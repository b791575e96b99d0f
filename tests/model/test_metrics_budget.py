"""The metrics engine works to a time budget: designs the format allows but whose
figures would take minutes get their figures within the budget, exact where done and
flagged where not (issue #16 §3).

The two pathological designs are those the issue measured: the 100K example with one
spine tier of a million switches (287 s and 5 GB in ``report`` before), and a
leaf-spine with 100,000 spines (15 s). The budgets here are small so the tests run in
seconds; the expected figures are hand counts, not the engine's own output.
"""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from model.design import Design
from model.elements import Pattern
from model.fileformat import load_design
from model.metrics import Engine, compute_all
from model.metrics.budget import (
    MAX_RESOLVED_LINKS,
    Budget,
    check,
    design_links,
    working_to,
)
from model.metrics.budget import OverBudgetError as OverBudget
from model.metrics.representation.topology import resolve
from model.templates import TEMPLATES
from tests.exports.designs import small_design

EXAMPLE = Path(__file__).resolve().parents[2] / "resources" / "examples" / "campus-100k.json"
NETWORK = ("hops", "bisection", "island_pairs", "building_pairs")


def huge_spine_campus() -> Design:
    """The 100K example with island 1's spine tier at 1,000,000 switches."""
    design = load_design(EXAMPLE)
    design.update("island-1-spine", count=1_000_000)
    return design


def wide_leaf_spine() -> Design:
    """The default leaf-spine (16 leaves × 48 hosts, 16 uplinks each) with 100,000
    spines."""
    design = TEMPLATES["leaf-spine"].build()
    design.update("spine", count=100_000)
    return design


def test_a_million_spines_reports_counts_and_flags_the_network_figures() -> None:
    design = huge_spine_campus()
    compute_all = Engine().compute_all  # a complete result kept would not be cut short
    start = time.perf_counter()
    metrics = compute_all(design, budget=2.0)
    elapsed = time.perf_counter() - start
    assert elapsed < 15  # before: 287 s
    assert set(metrics.not_computed) == set(NETWORK)
    assert all("too large" in why for why in metrics.not_computed.values())
    # the counts are exact: 1,000,000 spines replace 256, and the example's 8 islands
    # of 12,288 accelerators stay as they were
    inv = metrics.inventory
    assert inv.switches_by_tier["island-1-spine"] == 1_000_000
    assert inv.accelerators == 8 * 12_288
    # spine-core links: 12 per spine
    assert inv.links_by_bundle["island-1-spine-core"] == 12 * 1_000_000
    # the bisection is its flagged upper bound: N/2 × 400 Gb/s (one 400G link each)
    assert not metrics.bisection.exact
    assert metrics.bisection.gbps == pytest.approx(8 * 12_288 / 2 * 400)
    assert metrics.hops.histogram == {}


def test_a_hundred_thousand_spines_stop_at_the_deadline() -> None:
    design = wide_leaf_spine()
    compute_all = Engine().compute_all  # a complete result kept would not be cut short
    start = time.perf_counter()
    metrics = compute_all(design, budget=1.0)
    elapsed = time.perf_counter() - start
    assert elapsed < 4  # budget 1 s, plus resolving and the counts; before: 15 s
    assert "bisection" in metrics.not_computed
    assert "1 s budget" in metrics.not_computed["bisection"]
    # 768 hosts, 100 Gb/s each: the flagged bound is 384 × 100 Gb/s
    assert metrics.bisection.gbps == pytest.approx(384 * 100)
    assert not metrics.bisection.exact
    assert metrics.inventory.switches_by_tier["spine"] == 100_000


def test_figures_done_within_the_budget_are_kept_exact() -> None:
    """Hops finish before the bisection runs out: they are reported, and equal what
    an unhurried run gives (every leaf reaches 16 of the spines, so two hosts are 1
    switch apart under one leaf and 3 apart otherwise)."""
    design = wide_leaf_spine()
    compute_all = Engine().compute_all  # a complete result kept would not be cut short
    metrics = compute_all(design, budget=3.0)
    assert "bisection" in metrics.not_computed  # its DP takes 8-21 s here
    assert "hops" not in metrics.not_computed
    # 48 hosts per leaf: 16 × C(48, 2) pairs under one leaf, at 1 hop
    assert metrics.hops.histogram.get(1) == 16 * 48 * 47 // 2


def test_normal_designs_are_not_affected_by_a_budget() -> None:
    design = small_design()
    compute_all = Engine().compute_all  # a complete result kept would not be cut short
    metrics = compute_all(design, budget=30.0)
    assert metrics.not_computed == {}
    assert metrics.bisection.exact
    assert metrics.bisection.gbps == pytest.approx(12_800)  # hand count (designs.py)


def test_an_over_budget_result_is_not_remembered() -> None:
    """A run cut short must not stand in for the complete figures of a later run
    with time enough."""
    design = wide_leaf_spine()
    compute_all = Engine().compute_all  # a complete result kept would not be cut short
    assert "bisection" in compute_all(design, budget=0.2).not_computed
    small = small_design()
    assert compute_all(small, budget=0.0).not_computed  # nothing fits in no time
    assert compute_all(small, budget=30.0).not_computed == {}


def test_check_raises_only_past_the_deadline() -> None:
    check()  # outside a run: never raises
    with working_to(Budget(60.0)):
        check()
    with working_to(Budget(0.0, start=time.monotonic() - 1)), pytest.raises(OverBudget):
        check()


def test_a_design_too_large_to_list_gets_exact_counts_in_bounded_memory() -> None:
    """4 billion leaf-spine links: counted per switch from the pattern's arithmetic,
    never listed; the network figures are named as not computed."""
    design = small_design()
    # 2 racks × 4 servers × 8 links of the NIC bundle, and 8 leaves × 8 uplinks
    assert design_links(design) == 64 + 64
    design.update("leaf", count=1_000_000)
    design.update("leaf-spine", links_per_member=4096)
    links = 1_000_000 * 4096
    assert design_links(design) == links + 64 > MAX_RESOLVED_LINKS
    start = time.perf_counter()
    metrics = compute_all(design, budget=5.0)
    assert time.perf_counter() - start < 10
    assert set(metrics.not_computed) == set(NETWORK)
    assert "4,096,000,064 links" in metrics.not_computed["bisection"]
    inv = metrics.inventory
    assert inv.links_by_bundle["leaf-spine"] == links
    assert inv.transceivers_by_medium["osfp400"] == 2 * links
    # every spine receives an equal share of the 4.096e9 links: 1.024e9 ports of 400G
    spine = inv.ports_by_tier["spine"]
    assert spine.used == links and spine.worst_switch_used == links // 4
    # the leaves' ports: rail wiring over a million leaves gives each of the 8 servers
    # a block of its own 8 leaves, one NIC link each; every leaf has 4096 uplinks
    leaf = inv.ports_by_tier["leaf"]
    assert leaf.used == 64 + links and leaf.worst_switch_used == 1 + 4096


@settings(max_examples=80, deadline=None)
@given(pattern=st.sampled_from([Pattern.SPREAD, Pattern.RAIL, Pattern.RACK]),
       racks=st.integers(1, 9),
       per_rack=st.integers(1, 5), nics=st.integers(0, 9), links=st.integers(1, 12),
       upper=st.integers(1, 40), from_tier=st.booleans())
def test_counted_degrees_equal_the_listed_links(pattern: Pattern, racks: int,
                                                per_rack: int, nics: int, links: int,
                                                upper: int, from_tier: bool) -> None:
    """The closed forms of ``degrees_only`` against counting the links the wiring
    lists, for every pattern, from rack groups and from tiers."""
    design = small_design()
    catalog = design.catalog
    # as many accelerators as NICs (at least one), so the server stays one a design
    # may hold (NICs and accelerators must divide one another)
    servers = tuple(s.model_copy(update={"nic_count": nics,
                                         "accelerators_per_server": max(nics, 1)})
                    for s in catalog.servers)
    rack_types = tuple(r.model_copy(update={"servers_per_rack": per_rack})
                       for r in catalog.rack_types)
    design.set_catalog(catalog.model_copy(update={"servers": servers,
                                                  "rack_types": rack_types}))
    design.update("racks", count=racks)
    design.update("spine", count=upper)
    bundle = "leaf-spine" if from_tier else "nic-leaf"
    if not from_tier:
        design.update("leaf", count=upper)
    design.update(bundle, links_per_member=links,
                  pattern=Pattern.SPREAD if from_tier else pattern)
    listed = {b.bundle_id: b for b in resolve(design).bundles}
    counted = {b.bundle_id: b for b in resolve(design, counts_only=True).bundles}
    assert listed.keys() == counted.keys()
    for key, b in listed.items():
        c = counted[key]
        assert c.links == b.links == b.lower_member.size
        assert np.array_equal(c.upper_degree, np.bincount(b.upper_member,
                                                          minlength=b.upper.count))
        assert np.array_equal(c.lower_degree, b.lower_degree)
        assert c.even == b.even
