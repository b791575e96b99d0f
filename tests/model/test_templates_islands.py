"""The ``islands`` template, whose defaults are the shipped example campus: the example
is a fresh build, its power story is realistic, each leaf reaches only its rail plane,
and at any size the campus is one network joined by a core (or building cores under a
super core) sized by hand arithmetic; what cannot be joined is refused."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from scipy.sparse import coo_matrix
from scipy.sparse.csgraph import connected_components

from model.design import Design
from model.elements import Pattern, RackGroup, Role, Scope, SwitchTier
from model.errors import DesignError
from model.fileformat import load_design
from model.templates import EXAMPLE_TEMPLATE, build_example, template
from tests.model.template_counts import (
    accelerators,
    assert_ports_fit,
    bundle_links,
    link_ends,
    servers_of,
    switches_by_role,
)

EXAMPLE = Path(__file__).resolve().parents[2] / "resources" / "examples" / "campus-100k.json"


# ---------------------------------------------------------------- islands / example
def test_islands_defaults_are_the_example_campus() -> None:
    d = template("islands").build()
    assert accelerators(d) == 98_304
    assert len(d.buildings) == 4 and len(d.islands) == 8
    per_building = Counter(i.building for i in d.islands.values())
    assert set(per_building.values()) == {2}
    for i in range(1, 9):
        assert d.rack_groups[f"island-{i}-racks"].count == 384
        assert d.tiers[f"island-{i}-leaf"].count == 384
        assert d.tiers[f"island-{i}-spine"].count == 256
        assert bundle_links(d, f"island-{i}-rails") == 12_288
        assert bundle_links(d, f"island-{i}-leaf-spine") == 12_288
        assert bundle_links(d, f"island-{i}-spine-core") == 3_072  # 4:1 of 12,288
    core = d.tiers["core"]
    assert (core.count, core.scope, core.building) == (384, Scope.CAMPUS, "building-1")
    assert d.settings.allowance_pct == 10
    ends = link_ends(d)
    assert set(ends["core"].values()) == {64}
    assert set(ends["island-1-spine"].values()) == {48 + 12}
    assert set(ends["island-1-leaf"].values()) == {64}
    assert_ports_fit(d)


def test_islands_leaf_reaches_only_its_rail_plane() -> None:
    d = template("islands").build()
    bundle = d.bundles["island-1-leaf-spine"]
    n = d.tiers["island-1-spine"].count
    links = bundle.links_per_member
    for leaf in (0, 7, 8, 383):
        spines = {(leaf * links + link) % n for link in range(links)}
        rail = leaf % 8
        assert spines == set(range(32 * rail, 32 * rail + 32))


# ------------------------------------------- islands: joined campus at any size
def spread_per_switch(lower: int, links: int, n: int) -> np.ndarray:
    """Links a ``spread`` bundle lands on each of its ``n`` switches, by the brief's
    rule (link l of member j → switch (j·links + l) mod n)."""
    targets = (np.repeat(np.arange(lower), links) * links + np.tile(np.arange(links), lower)) % n
    return np.bincount(targets, minlength=n)


def components(d: Design) -> int:
    """Connected pieces of the backend network, wired link by link with the brief's
    rules (scipy's connected components; independent of the metrics engine). Nodes:
    every switch and every (server, NIC) — one H100 per NIC here."""
    offset: dict[str, int] = {}
    nodes = 0
    for element_id in list(d.tiers) + list(d.rack_groups):
        offset[element_id] = nodes
        element = d.element(element_id)
        if isinstance(element, SwitchTier):
            nodes += element.count
        else:
            assert isinstance(element, RackGroup)
            nodes += servers_of(d, element) * 8
    lows, highs = [], []
    for bundle in d.bundles.values():
        n, links = d.tiers[bundle.upper].count, bundle.links_per_member
        lower = d.element(bundle.lower)
        if isinstance(lower, SwitchTier):
            index = np.arange(lower.count * links)
            lo, hi = index // links, index % n
        else:
            assert isinstance(lower, RackGroup) and bundle.pattern is Pattern.RAIL
            servers = servers_of(d, lower)
            s = np.repeat(np.arange(servers), links)
            nic = np.tile(np.arange(links), servers) % 8
            block = s // (servers // (n // 8)) if n > 8 else 0
            lo, hi = s * 8 + nic, block * 8 + nic if n > 8 else nic % n
        lows.append(lo + offset[bundle.lower])
        highs.append(hi + offset[bundle.upper])
    a, b = np.concatenate(lows), np.concatenate(highs)
    graph = coo_matrix((np.ones(a.size), (a, b)), shape=(nodes, nodes))
    count, _ = connected_components(graph, directed=False)
    return int(count)


def check_islands_core(d: Design, gpus: int, oversubscription: float) -> None:
    """Every tier-to-tier bundle deals evenly (each switch the same number of links,
    each member's links the same number of times on each switch it reaches), no switch
    over its 64 ports, the island oversubscription as asked and the core levels
    non-blocking (as many links up as down on every building core switch)."""
    links_at: dict[str, np.ndarray] = {t: np.zeros(d.tiers[t].count, int) for t in d.tiers}
    for bundle in d.bundles.values():
        upper = d.tiers[bundle.upper]
        lower = d.element(bundle.lower)
        links = bundle.links_per_member
        if isinstance(lower, SwitchTier):
            per_switch = spread_per_switch(lower.count, links, upper.count)
            assert per_switch.min() == per_switch.max() > 0, bundle.id
            assert upper.count % links == 0 or links % upper.count == 0, bundle.id
            links_at[lower.id] += links
            links_at[upper.id] += per_switch
        else:
            links_at[upper.id] += servers_of(d, lower) * links // upper.count
    for tier_id, used in links_at.items():
        assert used.max() <= 64, f"{tier_id}: {used.max()} links on 64 ports"
    for i in range(1, len(d.islands) + 1):
        injection = bundle_links(d, f"island-{i}-rails")
        assert injection == gpus
        assert injection / bundle_links(d, f"island-{i}-spine-core") == oversubscription
    for tier in d.tiers.values():
        if tier.role is Role.CORE and tier.scope is Scope.BUILDING:
            down = sum(
                bundle_links(d, b.id) for b in d.bundles.values() if b.upper == tier.id
            )
            up = sum(bundle_links(d, b.id) for b in d.bundles.values() if b.lower == tier.id)
            assert down == up, f"{tier.id} is not non-blocking"


def test_islands_example_is_one_network_on_one_core() -> None:
    d = template("islands").build()
    assert components(d) == 1
    check_islands_core(d, 12_288, 4)
    assert switches_by_role(d)[Role.SUPER_SPINE] == 0


@pytest.mark.parametrize(
    ("islands", "buildings", "per_building", "supers", "super_links"),
    [
        # N islands of U = 3,072 uplinks (u = 12 per spine), g = N/B per building:
        # n₁ = the smallest divisor of U, multiple of 12, with g·U/n₁ ≤ 32;
        # n₂ = the smallest divisor of g·U, multiple of 32, with N·U/n₂ ≤ 64.
        (16, 4, 384, 768, 64),  # g = 4: n₁ = 384; n₂ ≥ 768
        (64, 4, 1_536, 3_072, 64),  # g = 16: n₁ = 1,536; n₂ ≥ 3,072
        (80, 20, 384, 4_096, 60),  # n₂ ≥ 3,840, divides 12,288 → 4,096
        (84, 21, 384, 4_096, 63),  # n₂ ≥ 4,032 → 4,096; 1,032,192 GPUs
    ],
)
def test_islands_beyond_one_core_get_building_cores_under_a_super_core(
    islands: int, buildings: int, per_building: int, supers: int, super_links: int
) -> None:
    d = template("islands").build(islands=islands, buildings=buildings)
    assert accelerators(d) == islands * 12_288
    assert "core" not in d.tiers
    top = d.tiers["super-core"]
    assert (top.count, top.role, top.scope, top.building) == (
        supers, Role.SUPER_SPINE, Scope.CAMPUS, "building-1"
    )
    for n in range(1, buildings + 1):
        core = d.tiers[f"building-{n}-core"]
        assert (core.count, core.role, core.scope, core.building) == (
            per_building, Role.CORE, Scope.BUILDING, f"building-{n}"
        )
        assert d.bundles[f"building-{n}-core-super"].links_per_member == 32
        assert bundle_links(d, f"building-{n}-core-super") == islands // buildings * 3_072
    for i in range(1, islands + 1):
        island = d.islands[f"island-{i}"]
        bundle = d.bundles[f"island-{i}-spine-core"]
        assert d.tiers[bundle.upper].building == island.building
    per_super = spread_per_switch(per_building, 32, supers) * buildings
    assert set(per_super) == {super_links}
    check_islands_core(d, 12_288, 4)
    assert components(d) == 1
    switches = switches_by_role(d)
    assert switches[Role.CORE] == buildings * per_building
    assert switches[Role.LEAF] + switches[Role.SPINE] == islands * (384 + 256)


@pytest.mark.parametrize(
    ("params", "spines", "oversubscription"),
    [
        ({"islands": 64, "gpus_per_island": 2_560}, 64, 4),  # two spine planes
        ({"islands": 48, "gpus_per_island": 4_096, "buildings": 6}, 128, 4),  # four
        ({"islands": 10, "oversubscription": 4}, 256, 4),  # 3, 2, 3, 2 per building
        ({"islands": 10, "gpus_per_island": 8_192, "oversubscription": 1, "buildings": 5},
         256, 1),
        # u = round(12,288 ÷ (64 · 256)) = 1 uplink per spine: 12,288 ÷ 256 = 48:1
        ({"islands": 64, "buildings": 64, "oversubscription": 64}, 256, 48),
        ({"islands": 12, "gpus_per_island": 1_024, "buildings": 2}, 32, 4),  # one plane
    ],
)
def test_islands_small_instances_are_one_network(
    params: dict[str, int], spines: int, oversubscription: float
) -> None:
    d = template("islands").build(**params)
    assert d.tiers["island-1-spine"].count == spines
    check_islands_core(d, params.get("gpus_per_island", 12_288), oversubscription)
    assert components(d) == 1


def test_islands_split_single_core_is_what_the_super_core_fixes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Hand arithmetic of the bug: 16 islands on one core of 768 (the smallest divisor
    of 3,072 holding 16 × 3,072 links at 64 each) — spine j (plane j // 32) reaches
    cores 12·j … 12·j + 11 mod 768, so plane p gets [384·p, 384·p + 384) mod 768 and
    the even planes never meet the odd ones."""
    reached = [
        {(12 * j + link) % 768 for j in range(32 * p, 32 * p + 32) for link in range(12)}
        for p in range(8)
    ]
    assert reached[0] == reached[2] == set(range(384))
    assert not reached[0] & reached[1]
    d = template("islands").build(islands=16)
    assert "super-core" in d.tiers and components(d) == 1
    from model.templates import islands as module

    monkeypatch.setattr(module, "core_plan", lambda *_: module.CorePlan(768))
    split = template("islands").build(islands=16)
    assert split.tiers["core"].count == 768
    assert components(split) == 2, "the independent check sees the old split"


def test_islands_two_level_campus_has_no_engine_problems() -> None:
    from model.metrics import compute_all

    d = template("islands").build(islands=10, building_capacity_mw=80)
    metrics = compute_all(d)
    assert metrics.hops.unreachable_pairs == 0
    codes = {p.code for p in metrics.problems}
    assert not codes & {"disconnected", "uneven-links", "ports-exhausted"}, codes


def test_islands_two_level_layout_puts_core_tiers_above_the_islands() -> None:
    d = template("islands").build(islands=16)
    for tier in d.tiers.values():
        if tier.island is None:
            below = [i.y for i in d.islands.values() if i.building == tier.building]
            assert tier.y + 44 <= min(below)
    assert d.tiers["super-core"].y < d.tiers["building-1-core"].y


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"islands": 82, "buildings": 20}, r"--buildings that work: 41$"),
        ({"islands": 64, "buildings": 1}, r"spine planes.*that work: 2, 4, 8, 16–64$"),
        ({"islands": 257}, "--islands must be at most 256"),
        ({"islands": 65, "buildings": 65}, "--buildings must be at most 64"),
    ],
)
def test_islands_refuses_a_campus_it_cannot_join(
    params: dict[str, int], message: str
) -> None:
    with pytest.raises(DesignError, match=message):
        template("islands").build(**params)


def test_example_power_story_is_realistic() -> None:
    """Hand arithmetic (DGX H100 10.2 kW, QM9700 1.72 kW, 8.5 W per 400G link end):
    building 1 holds two islands and the core and sits just under its 40 MW cap."""
    d = template("islands").build()
    servers_kw = 2 * 384 * 4 * 10.2
    switches_kw = (2 * (384 + 256) + 384) * 1.72
    optics_kw = (2 * (2 * 12_288 * 2 + 3_072) + 24_576) * 8.5 / 1000
    it_kw = (servers_kw + switches_kw + optics_kw) * 1.10
    assert it_kw == pytest.approx(38_822.5, abs=0.1)
    capacity = d.buildings["building-1"].capacity_kw
    assert 0.9 * capacity < it_kw < capacity
    campus_mw = (it_kw + 3 * (servers_kw + 2 * 640 * 1.72 + 2 * 52_224 * 8.5 / 1000) * 1.1) / 1000
    assert campus_mw == pytest.approx(150, rel=0.05)  # SemiAnalysis: ≈ 150 MW for 100K H100


def test_shipped_example_equals_a_fresh_build() -> None:
    assert EXAMPLE_TEMPLATE == "islands"
    assert load_design(EXAMPLE) == build_example()
