"""The Chinese reference designs as templates (issue #21 §3): Alibaba HPN 7.0 and the
Huawei CloudMatrix384 cascade. Counts are taken from the design's own elements and
checked against the published figures and closed forms worked out by hand; the engine's
oversubscription and bisection are checked against the closed forms (and must be
exact)."""

from __future__ import annotations

import pytest

from model.design import Design
from model.elements import Role
from model.errors import DesignError
from model.metrics import compute_all
from model.templates import template


def accelerators(d: Design) -> int:
    total = 0
    for group in d.rack_groups.values():
        rack = d.catalog.rack_type(group.rack_type)
        assert rack is not None
        server = d.catalog.server(rack.server)
        assert server is not None
        total += group.count * rack.servers_per_rack * server.accelerators_per_server
    return total


def switches_by_role(d: Design) -> dict[Role, int]:
    out: dict[Role, int] = {}
    for tier in d.tiers.values():
        out[tier.role] = out.get(tier.role, 0) + tier.count
    return out


# ---------------------------------------------------------------- Alibaba HPN
def test_hpn_defaults_are_two_pods_of_the_papers_15k_gpus() -> None:
    d = template("alibaba-hpn").build()
    assert len(d.buildings) == 2  # one pod per building
    assert accelerators(d) == 2 * 15 * 1024 == 30_720
    pod = [g for g in d.rack_groups.values() if g.id.startswith("pod-1-")]
    assert len(pod) == 15  # segments
    assert sum(g.count * 4 * 8 for g in pod) == 15_360  # "15K GPUs per pod"
    roles = switches_by_role(d)
    assert roles[Role.LEAF] == 2 * 15 * 16  # 16 ToRs per segment: 8 rails × 2 planes
    assert roles[Role.AGGREGATION] == 2 * 120  # 60 per plane
    assert roles[Role.CORE] == 16  # smallest multiple of 8 dividing 960 with 16 × 128 ≥ 1,920
    for bundle in d.bundles.values():
        if bundle.id.endswith("-ports"):
            assert (bundle.links_per_member, bundle.speed_gbps) == (16, 200)  # 2 × 200G × 8
        elif bundle.id.endswith("-up"):
            assert (bundle.links_per_member, bundle.speed_gbps) == (60, 400)
        else:
            assert (bundle.links_per_member, bundle.speed_gbps) == (8, 400)


def test_hpn_engine_gives_the_papers_ratios_and_the_closed_form_bisection() -> None:
    d = template("alibaba-hpn").build()
    m = compute_all(d)
    tor = m.oversubscription["pod-1-seg-1-tor"]
    assert tor.ratio == pytest.approx((128 * 200) / (60 * 400))  # 1.067 : 1
    agg = m.oversubscription["pod-1-agg"]
    assert agg.ratio == pytest.approx(15.0)  # 120 × 400G down : 8 × 400G up
    # ports: ToR 128 × 200G + 60 × 400G on 64 × 800G = 32 + 30 ports
    assert m.inventory.ports_by_tier["pod-1-seg-1-tor"].worst_switch_used == 62
    # bisection: one pod's side keeps its 15,360 GPUs; the cut is its core uplinks,
    # 120 aggregation switches × 8 × 400G = 384 Tb/s (1/16 of 15,360 × 400G × 2 / 2)
    assert m.bisection.exact
    assert m.bisection.gbps == pytest.approx(120 * 8 * 400)
    assert m.bisection.fraction_of_full == pytest.approx(1 / 16)
    assert m.hops.max == 5


@pytest.mark.parametrize(("pods", "cores"), [(1, 8), (3, 24), (4, 32), (16, 120)])
def test_hpn_core_count_closed_form(pods: int, cores: int) -> None:
    d = template("alibaba-hpn").build(pods=pods, segments_per_pod=1)
    assert switches_by_role(d)[Role.CORE] == cores
    assert 960 % cores == 0 and cores % 8 == 0 and cores * 128 >= pods * 960
    assert accelerators(d) == pods * 1024


def test_hpn_refuses_a_sixteenth_segment() -> None:
    with pytest.raises(DesignError, match="segments-per-pod"):
        template("alibaba-hpn").build(segments_per_pod=16)


# ---------------------------------------------------------------- CloudMatrix384
def test_cloudmatrix_cascade_of_432_is_165888_npus() -> None:
    d = template("cloudmatrix").build(super_nodes=432, super_nodes_per_building=54)
    assert accelerators(d) == 432 * 384 == 165_888
    assert len(d.islands) == 432 and len(d.buildings) == 8
    roles = switches_by_role(d)
    assert roles[Role.LEAF] == 432 * 8
    assert roles[Role.SPINE] == 8 * 384
    # core: smallest multiple of 54 dividing 384 × 54 = 20,736 and ≥ 165,888 ÷ 128 = 1,296;
    # 1,296 = 54 × 24 divides it: each core takes 16 links from each of 8 buildings = 128
    assert roles[Role.CORE] == 1296 and 20_736 % 1296 == 0
    # with 48 per building: 1,296 ≤ 48·m for m | 384 gives m = 32, 1,536 cores
    d48 = template("cloudmatrix").build(super_nodes=432, super_nodes_per_building=48)
    assert switches_by_role(d48)[Role.CORE] == 1536 and len(d48.buildings) == 9
    server = d.catalog.server("cloudmatrix-910c")
    assert server is not None and server.scale_up_domain == 384
    groups = list(d.rack_groups.values())
    assert all(g.count == 12 for g in groups)  # 12 compute racks of 32 NPUs


def test_cloudmatrix_defaults_are_non_blocking_and_exact() -> None:
    d = template("cloudmatrix").build()
    m = compute_all(d)
    assert m.inventory.accelerators == 16 * 384
    for tier_id, over in m.oversubscription.items():
        if over.ratio is not None:
            assert over.ratio == pytest.approx(1.0), tier_id
    assert m.bisection.exact
    assert m.bisection.gbps == pytest.approx(16 * 384 / 2 * 400)  # N/2 × 400G
    assert m.hops.max == 5
    assert not [p for p in m.problems if p.severity.value == "error"]


def test_cloudmatrix_refuses_what_it_cannot_build() -> None:
    with pytest.raises(DesignError, match="super-nodes"):
        template("cloudmatrix").build(super_nodes=433)
    with pytest.raises(DesignError, match="multiple"):
        template("cloudmatrix").build(super_nodes=10, super_nodes_per_building=4)
    with pytest.raises(DesignError, match="per-building"):
        template("cloudmatrix").build(super_nodes_per_building=65)


# ---------------------------------------------------------------- MegaScale
def test_megascale_defaults_are_the_papers_12288_gpus_at_1_to_1() -> None:
    d = template("megascale").build()
    assert accelerators(d) == 12_288
    roles = switches_by_role(d)
    assert roles[Role.LEAF] == 6 * 32 and roles[Role.SPINE] == 6 * 32
    assert roles[Role.CORE] == 128  # power of two ≥ 6 × 1,024 ÷ 64 = 96
    m = compute_all(d)
    for tier_id, over in m.oversubscription.items():
        if over.ratio is not None:
            assert over.ratio == pytest.approx(1.0), tier_id  # 1:1 at every layer
    # ToR: 64 × 200G on 32 split 400G ports + 32 × 400G up = all 64 ports
    assert m.inventory.ports_by_tier["pod-1-tor"].worst_switch_used == 64
    assert m.bisection.exact
    assert m.bisection.gbps == pytest.approx(12_288 / 2 * 200)  # N/2 × 200G
    assert m.hops.max == 5


@pytest.mark.parametrize(("pods", "cores"), [(1, 16), (5, 128), (64, 1024)])
def test_megascale_core_closed_form(pods: int, cores: int) -> None:
    d = template("megascale").build(pods=pods)
    assert switches_by_role(d)[Role.CORE] == cores
    assert accelerators(d) == pods * 2048
