"""Wiring patterns as classes: one per pattern, each dealing links as the pattern's
definition says (hand counts from model.elements.Pattern's docstring), and counting
each member's links without listing them exactly as the listed links add up."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from model.elements import Pattern
from model.metrics.representation.wiring import PATTERNS, Rack, Rail, ServerShape, Spread


def test_every_pattern_has_its_class() -> None:
    assert set(PATTERNS) == set(Pattern)
    assert all(PATTERNS[p].pattern is p for p in Pattern)


def test_rail_sends_nic_i_to_member_i() -> None:
    """2 servers of 4 NICs, one link per NIC, 4 rail switches: NIC i of each server
    reaches switch i; 8 servers in 2 blocks over 8 switches: the second block's NIC i
    reaches switch 4 + i."""
    lo, up, nic, even = Rail().from_servers(ServerShape(2, 1, 2, 4), 4, 4)
    assert lo.tolist() == [0, 0, 0, 0, 1, 1, 1, 1]
    assert up.tolist() == nic.tolist() == [0, 1, 2, 3, 0, 1, 2, 3]
    assert even
    lo, up, _, even = Rail().from_servers(ServerShape(8, 1, 8, 4), 8, 4)
    assert up[lo == 0].tolist() == [0, 1, 2, 3]
    assert up[lo == 7].tolist() == [4, 5, 6, 7]
    assert even


def test_rack_keeps_a_racks_links_on_its_own_switches() -> None:
    """2 racks of 2 servers, 2 links each, 4 top-of-rack switches: rack 0's servers
    reach switches 0 and 1 only, rack 1's 2 and 3."""
    lo, up, _, even = Rack().from_servers(ServerShape(4, 2, 2, 2), 4, 2)
    assert sorted(set(up[lo < 2].tolist())) == [0, 1]
    assert sorted(set(up[lo >= 2].tolist())) == [2, 3]
    assert even


def test_spread_deals_on_from_where_the_last_server_stopped() -> None:
    """3 servers of 3 links over 4 switches: 0 1 2 | 3 0 1 | 2 3 0 — switch 0 gets
    three links, the others two: not even. 2 links over 4 (the links divide the
    switches): each server's run is one of two fixed pairs, counted even."""
    _, up, _, even = Spread().from_servers(ServerShape(3, 1, 3, 1), 4, 3)
    assert up.tolist() == [0, 1, 2, 3, 0, 1, 2, 3, 0]
    assert not even
    _, up, _, even = Spread().from_servers(ServerShape(3, 1, 3, 1), 4, 2)
    assert up.tolist() == [0, 1, 2, 3, 0, 1]
    assert even


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(list(Pattern)), st.integers(1, 12), st.integers(1, 6),
       st.integers(1, 8), st.integers(1, 6), st.integers(1, 30))
def test_counted_degrees_are_the_listed_links(pattern: Pattern, racks: int, per_rack: int,
                                              nics: int, links: int, upper: int) -> None:
    wiring = PATTERNS[pattern]
    shape = ServerShape(racks * per_rack, racks, per_rack, nics)
    _, up, _, even = wiring.from_servers(shape, upper, links)
    degrees, counted_even = wiring.server_degrees(shape, upper, links)
    assert np.array_equal(degrees, np.bincount(up, minlength=upper))
    assert counted_even == even
    _, tier_up, tier_even = wiring.between_tiers(racks, upper, links)
    tier_degrees, tier_counted_even = wiring.tier_degrees(racks, upper, links)
    assert np.array_equal(tier_degrees, np.bincount(tier_up, minlength=upper))
    assert tier_counted_even == tier_even
