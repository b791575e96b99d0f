"""The reference checked against hand counts, closed forms and itself, so that the
comparisons with the engine rest on something verified."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest
from hypothesis import HealthCheck, given, settings

from model.design import Design
from model.elements import Building, Island, LinkBundle, Pattern, RackGroup, SwitchTier
from model.parts import Catalog, RackType, ServerType
from tests.reference import builders
from tests.reference.builders import fat_tree_histogram
from tests.reference.expand import expand, injection_gbps
from tests.reference.random_designs import hierarchical_designs
from tests.reference.slow_metrics import (
    bisection_brute_force,
    bisection_enumerate,
    bisection_milp,
    crossing_gbps,
    hops,
    power,
)


# ------------------------------------------------------------------ hand counts
def test_fat_tree_k4_hand_counts() -> None:
    ex = expand(builders.fat_tree(4, speed_gbps=10))
    assert len(ex.accelerators) == 16 and len(ex.switches) == 20
    assert ex.graph.number_of_edges() == 48
    h = hops(ex)
    assert h.histogram == {1: 8, 3: 16, 5: 96}
    assert Fraction(sum(k * v for k, v in h.histogram.items()), 120) == Fraction(67, 15)
    assert h.max == 5 and h.scale_up_pairs == 0 and h.unreachable_pairs == 0
    # same edge switch = same rack; same pod = island; one building
    assert h.by_scope == {"rack": {1: 8}, "island": {3: 16}, "building": {5: 96}}
    assert bisection_milp(ex).gbps == pytest.approx(8 * 10)


@pytest.mark.parametrize("k", [6, 8, 12])
def test_fat_tree_hops_closed_form(k: int) -> None:
    h = hops(expand(builders.fat_tree(k)))
    assert h.histogram == fat_tree_histogram(k)
    assert sum(h.histogram.values()) == comb(k**3 // 4, 2)


def test_fat_tree_k6_bisection_closed_form() -> None:
    ex = expand(builders.fat_tree(6, speed_gbps=25))
    assert bisection_milp(ex).gbps == pytest.approx(6**3 / 8 * 25)


def test_superpod_hand_counts() -> None:
    d = builders.superpod(4)
    ex = expand(d)
    h = hops(ex)
    assert len(ex.accelerators) == 1024 and len(ex.switches) == 48
    scale_up = 128 * comb(8, 2)  # the 8 GPUs of a DGX share its NVLink domain
    same_rail = 4 * 8 * comb(32, 2)  # same SU, same rail, different DGX: one leaf
    assert h.scale_up_pairs == scale_up
    assert h.histogram == {1: same_rail, 3: comb(1024, 2) - scale_up - same_rail}
    assert h.max == 3
    # the DGX of a rack share their rack (4 per rack, 8 racks per SU)
    assert h.by_scope["rack"] == {1: 32 * comb(4, 2) * 8, 3: 32 * comb(4, 2) * 56}
    assert h.by_scope["building"] == {3: comb(4, 2) * 256 * 256}
    p = power(d)["dc"]
    assert p.servers_kw == pytest.approx(1305.6)
    assert p.switches_kw == pytest.approx(82.56)
    assert p.facility_kw == pytest.approx((1305.6 + 82.56) * 1.25)


@pytest.mark.parametrize(("sus", "expected_gbps"), [(1, 51_200.0), (2, 102_400.0)])
def test_superpod_bisection(sus: int, expected_gbps: float) -> None:
    assert bisection_milp(expand(builders.superpod(sus))).gbps == pytest.approx(expected_gbps)


@pytest.mark.parametrize(("pods", "racks"), [(2, 3), (3, 2)])
def test_meta_hand_count_formula(pods: int, racks: int) -> None:
    h = hops(expand(builders.meta_24k(pods, racks)))
    scale_up, histogram = builders.meta_histogram(pods, racks)
    assert h.scale_up_pairs == scale_up
    assert h.histogram == histogram


def test_superpod_optics_power_by_hand() -> None:
    d = builders.superpod(4, optics=True)
    links = 1024 + 32 * 32  # GPU–leaf and leaf–spine
    assert power(d)["dc"].transceivers_kw == pytest.approx(links * 2 * 10 / 1000)


# ------------------------------------------------------- wiring, edge by edge
def _one_group(accs: int, nics: int, per_rack: int, racks: int, domain: int = 1) -> Design:
    d = Design()
    d.add_parts(
        Catalog(
            accelerators=(builders.accelerator(),),
            servers=(ServerType(id="s", name="s", vendor="t", accelerator="acc",
                                accelerators_per_server=accs, nic_count=nics,
                                nic_speed_gbps=400, scale_up_domain=domain,
                                scale_up_bandwidth_gbps=0, max_power_w=1000,
                                source="t"),),
            rack_types=(RackType(id="r", name="r", server="s", servers_per_rack=per_rack,
                                 power_budget_kw=99, source="t"),),
            switches=(builders.switch_model("sw", 64, 400, 100),),
        )
    )
    d.add(Building(id="b", name="b", capacity_kw=100))
    d.add(Island(id="i", name="i", building="b"))
    d.add(RackGroup(id="g", name="g", island="i", rack_type="r", count=racks))
    return d


def _edges(d: Design) -> dict[tuple[object, ...], float]:
    ex = expand(d)
    out = {}
    for u, v, data in ex.graph.edges(data=True):
        a, b = sorted([u, v])  # "acc" < "nic" < "sw"
        out[(a, b)] = data["capacity_gbps"]
    return out


def _with_tier(d: Design, count: int, pattern: Pattern, links: int) -> Design:
    d.add(SwitchTier(id="t", name="t", switch="sw", count=count, island="i"))
    d.add(LinkBundle(id="l", name="l", lower="g", upper="t", links_per_member=links,
                     speed_gbps=100, pattern=pattern))
    return d


def test_rail_blocks_when_more_switches_than_nics() -> None:
    # 4 servers × 2 GPUs × 2 NICs, 4 rail switches: blocks of 2 servers
    d = _with_tier(_one_group(2, 2, 2, 2), 4, Pattern.RAIL, 2)
    assert _edges(d) == {
        (("acc", "g", s, a), ("sw", "t", 2 * (s // 2) + a)): 100.0
        for s in range(4)
        for a in range(2)
    }


def test_rail_fewer_switches_than_nics_and_repeated_links() -> None:
    # 4 NICs, 2 switches: NIC i → switch i mod 2; 8 links: NIC l mod 4 carries 2 each
    d = _with_tier(_one_group(4, 4, 1, 1), 2, Pattern.RAIL, 8)
    assert _edges(d) == {(("acc", "g", 0, a), ("sw", "t", a % 2)): 200.0 for a in range(4)}


def test_rack_pattern_keeps_links_in_the_rack() -> None:
    # 2 racks × 3 servers, 4 switches: q = 2 per rack, slot t → r·2 + t mod 2
    d = _with_tier(_one_group(1, 1, 3, 2), 4, Pattern.RACK, 1)
    assert _edges(d) == {
        (("acc", "g", 3 * r + t, 0), ("sw", "t", 2 * r + t % 2)): 100.0
        for r in range(2)
        for t in range(3)
    }


def test_spread_uneven_deal_and_nic_to_accelerator_mapping() -> None:
    # 1 server, 2 GPUs, 4 NICs (2 per GPU), 3 links dealt over 2 switches
    d = _with_tier(_one_group(2, 4, 1, 1), 2, Pattern.SPREAD, 3)
    # link l: NIC l, GPU l·2//4; switch l mod 2
    assert _edges(d) == {
        (("acc", "g", 0, 0), ("sw", "t", 0)): 100.0,
        (("acc", "g", 0, 0), ("sw", "t", 1)): 100.0,
        (("acc", "g", 0, 1), ("sw", "t", 0)): 100.0,
    }


def test_tier_spread_deals_round_robin_from_where_previous_member_stopped() -> None:
    d = _with_tier(_one_group(1, 1, 1, 1), 3, Pattern.SPREAD, 1)
    d.add(SwitchTier(id="u", name="u", switch="sw", count=2, island="i"))
    d.add(LinkBundle(id="m", name="m", lower="t", upper="u", links_per_member=3,
                     speed_gbps=50))
    edges = {k: v for k, v in _edges(d).items() if k[0][0] == "sw"}
    # member j, link l → (3j + l) mod 2: j=0: 0,1,0  j=1: 1,0,1  j=2: 0,1,0
    assert edges == {
        (("sw", "t", 0), ("sw", "u", 0)): 100.0,
        (("sw", "t", 0), ("sw", "u", 1)): 50.0,
        (("sw", "t", 1), ("sw", "u", 0)): 50.0,
        (("sw", "t", 1), ("sw", "u", 1)): 100.0,
        (("sw", "t", 2), ("sw", "u", 0)): 100.0,
        (("sw", "t", 2), ("sw", "u", 1)): 50.0,
    }


def test_shared_nic_is_a_common_endpoint_with_equal_shares() -> None:
    # 4 GPUs on 2 NICs (GPUs 0,1 on NIC 0), no scale-up: one leaf
    d = _with_tier(_one_group(4, 2, 1, 1), 1, Pattern.SPREAD, 2)
    ex = expand(d)
    assert [injection_gbps(ex, a) for a in ex.accelerators] == [50.0] * 4
    h = hops(ex)
    assert h.histogram == {0: 2, 1: 4}
    assert h.by_scope == {"server": {0: 2, 1: 4}}
    # any 2/2 split cuts 100: {0,1} | {2,3} cuts one NIC's link to the leaf;
    # {0,2} | {1,3} cuts two 50 G shares
    assert bisection_milp(ex).gbps == pytest.approx(100.0)


def test_scale_up_domains_span_consecutive_servers() -> None:
    # 2 racks × 2 servers × 2 GPUs, domain 4 = 2 servers: servers {0,1} and {2,3}
    d = _with_tier(_one_group(2, 2, 2, 2, domain=4), 1, Pattern.SPREAD, 2)
    h = hops(expand(d))
    assert h.scale_up_pairs == 2 * comb(4, 2)
    assert h.scale_up_by_scope == {"server": 4, "rack": 8}
    assert h.histogram == {1: comb(8, 2) - 12}


def test_rail_blocks_that_do_not_divide_take_the_rest_in_the_last() -> None:
    # 3 servers × 2 GPUs × 2 NICs, 4 rail switches: blocks of ⌊3 ÷ 2⌋ = 1 server, the
    # last block also taking the one left over (Pattern.RAIL)
    d = _with_tier(_one_group(2, 2, 3, 1), 4, Pattern.RAIL, 2)
    block = {0: 0, 1: 1, 2: 1}
    assert _edges(d) == {
        (("acc", "g", s, a), ("sw", "t", 2 * block[s] + a)): 100.0
        for s in range(3)
        for a in range(2)
    }


def test_disconnected_islands_are_unreachable() -> None:
    d = _with_tier(_one_group(1, 1, 2, 1), 1, Pattern.SPREAD, 1)
    d.add(Island(id="j", name="j", building="b"))
    d.add(RackGroup(id="g2", name="g2", island="j", rack_type="r", count=1))
    ex = expand(d)
    h = hops(ex)
    assert h.histogram == {1: 1} and h.unreachable_pairs == 5
    assert bisection_milp(ex).gbps == 0.0


# --------------------------------------------------- three exact methods agree
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(hierarchical_designs(max_accelerators=8, max_switches=5, allow_global=True))
def test_milp_agrees_with_enumeration_on_tiny_designs(design: Design) -> None:
    ex = expand(design)
    cut = bisection_milp(ex)
    assert cut.gbps == pytest.approx(bisection_enumerate(ex), abs=1e-6)
    assert crossing_gbps(ex, cut.side_a) == pytest.approx(cut.gbps)
    if ex.graph.number_of_nodes() <= 12:
        assert cut.gbps == pytest.approx(bisection_brute_force(ex), abs=1e-6)



@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(hierarchical_designs(allow_global=True, frontend=True))
def test_reference_invariants(design: Design) -> None:
    """Every pair is counted once; the bisection is at most half the injection; the
    best cut found is a real balanced cut."""
    ex = expand(design)
    n = len(ex.accelerators)
    h = hops(ex)
    assert sum(h.histogram.values()) + h.scale_up_pairs + h.unreachable_pairs == comb(n, 2)
    assert sum(sum(v.values()) for v in h.by_scope.values()) == sum(h.histogram.values())
    cut = bisection_milp(ex)
    total = sum(injection_gbps(ex, a) for a in ex.accelerators)
    assert cut.gbps <= total / 2 + 1e-6
    assert len(cut.side_a & set(ex.accelerators)) in (n // 2, (n + 1) // 2)
    p = power(design)
    assert sum(b.it_kw for b in p.values()) >= sum(b.servers_kw for b in p.values())
