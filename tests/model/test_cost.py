"""Cost figures against hand sums on small designs whose prices are set in the file, and
the 4-tier full-bisection fat-tree against islands with a 4:1 core at ~100K GPUs."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from model.catalog import load_builtin_catalog
from model.design import Design
from model.fileformat import design_from_dict, dumps_design
from model.metrics import compute_all
from model.reports.metrics_json import metrics_to_json
from model.templates import template

SRC = "test price"


def priced_file() -> dict[str, Any]:
    """Two buildings. Hall A (PUE 1.5, US$0.10/kWh): one island of 2 racks × 2 servers
    × 2 GPUs (one 400G NIC each), a leaf tier of 2 switches. Hall B (PUE 1.0,
    US$0.20/kWh): a campus-scoped core of 1 switch. Server→leaf: spread, 1 link per
    server, optical (US$5 per end + US$1/m); leaf→core: 2 links per leaf, DAC (US$7 per
    cable + US$0.5/m), length set to 3 m."""
    return {
        "format": "archipelago-design", "schema_version": 1, "name": "Priced",
        "settings": {"years": 3, "currency": "EUR", "usd_exchange_rate": 0.9,
                     "building_distance_m": 100},
        "catalog": {
            "accelerators": [{"id": "g", "name": "G", "vendor": "V", "tdp_w": 100,
                              "bf16_dense_tflops": 1000, "source": SRC}],
            "servers": [{"id": "s", "name": "S", "vendor": "V", "accelerator": "g",
                         "accelerators_per_server": 2, "nic_count": 1,
                         "nic_speed_gbps": 400, "scale_up_domain": 2,
                         "scale_up_bandwidth_gbps": 0, "max_power_w": 1000,
                         "source": SRC,
                         "price": {"usd": 100, "source": SRC, "date": "2025-01"}}],
            "rack_types": [{"id": "r", "name": "R", "server": "s", "servers_per_rack": 2,
                            "power_budget_kw": 5, "source": SRC,
                            "price": {"usd": 10, "source": SRC, "date": "2025-01"}}],
            "switches": [{"id": "w", "name": "W", "vendor": "V", "radix": 8,
                          "port_speed_gbps": 400, "typical_power_w": 400,
                          "max_power_w": 500, "source": SRC,
                          "price": {"usd": 1000, "source": SRC, "date": "2025-01",
                                    "estimate": True}}],
            "media": [
                {"id": "o", "name": "O", "kind": "optical", "speed_gbps": 400,
                 "power_w_per_end": 2, "reach_m": 100, "source": SRC,
                 "price": {"usd": 5, "usd_per_m": 1, "source": SRC, "date": "2025-01"}},
                {"id": "c", "name": "C", "kind": "dac", "speed_gbps": 400,
                 "power_w_per_end": 0, "reach_m": 3, "source": SRC,
                 "price": {"usd": 7, "usd_per_m": 0.5, "source": SRC, "date": "2025-01"}},
            ],
        },
        "buildings": [
            {"id": "a", "name": "Hall A", "capacity_kw": 100, "pue": 1.5,
             "electricity_usd_per_kwh": 0.1},
            {"id": "b", "name": "Hall B", "capacity_kw": 100, "pue": 1.0,
             "electricity_usd_per_kwh": 0.2},
        ],
        "islands": [{"id": "i", "name": "I", "building": "a"}],
        "rack_groups": [{"id": "rg", "name": "RG", "island": "i", "rack_type": "r",
                         "count": 2}],
        "tiers": [
            {"id": "leaf", "name": "Leaf", "switch": "w", "count": 2, "island": "i"},
            {"id": "core", "name": "Core", "switch": "w", "count": 1, "role": "core",
             "scope": "campus", "building": "b"},
        ],
        "bundles": [
            {"id": "up", "name": "Up", "lower": "rg", "upper": "leaf",
             "links_per_member": 1, "speed_gbps": 400, "medium": "o"},
            {"id": "core-links", "name": "Core links", "lower": "leaf", "upper": "core",
             "links_per_member": 2, "speed_gbps": 400, "medium": "c", "length_m": 3},
        ],
    }


def test_capex_energy_and_tco_are_the_hand_sums() -> None:
    design = design_from_dict(priced_file())
    cost = compute_all(design).cost
    assert cost is not None
    # servers 4 × 100; racks 2 × 10; switches 3 × 1000
    # server→leaf: 4 links, 30 m (same island): optics 4 × 2 × 5 = 40, fibre 4 × 30 × 1 = 120
    # leaf→core: 4 links of 3 m (set): cables 4 × (7 + 0.5 × 3) = 34
    assert cost.by_category_usd == pytest.approx(
        {"servers": 400, "racks": 20, "switches": 3000, "optics": 40, "cables": 154})
    assert cost.capex_usd == pytest.approx(3614)
    assert cost.network_usd == pytest.approx(3194)
    assert cost.network_share == pytest.approx(3194 / 3614)
    assert cost.per_accelerator_usd == pytest.approx(3614 / 8)
    assert cost.network_per_accelerator_usd == pytest.approx(3194 / 8)
    assert cost.per_pflops_usd == pytest.approx(3614 / 8)  # 8 GPUs × 1 PFLOPS
    # Hall A: servers 4 kW + leaves 1 kW + optics 8 ends × 2 W; × PUE 1.5
    # Hall B: the core 0.5 kW; × PUE 1.0
    a_kwh = (4 + 1 + 0.016) * 1.5 * 8760
    b_kwh = 0.5 * 8760
    assert cost.buildings["a"].energy_kwh_per_year == pytest.approx(a_kwh)
    assert cost.energy_usd_per_year == pytest.approx(a_kwh * 0.1 + b_kwh * 0.2)
    assert cost.tco_usd == pytest.approx(3614 + 3 * (a_kwh * 0.1 + b_kwh * 0.2))
    # leaf→core links are shared half-and-half by Hall A and Hall B
    assert cost.buildings["b"].by_category_usd["switches"] == pytest.approx(1000)
    assert cost.buildings["b"].by_category_usd["cables"] == pytest.approx(17)
    assert cost.buildings["a"].capex_usd == pytest.approx(3614 - 1017)
    assert cost.any_estimate  # the switch price is marked an estimate
    assert (cost.currency, cost.usd_exchange_rate, cost.years) == ("EUR", 0.9, 3)


def test_bisection_ratio_uses_the_bisection() -> None:
    design = design_from_dict(priced_file())
    metrics = compute_all(design)
    assert metrics.cost is not None
    tbps = metrics.bisection.gbps / 1000
    assert tbps > 0
    assert metrics.cost.per_bisection_tbps_usd == pytest.approx(3614 / tbps)


def test_report_json_carries_the_cost() -> None:
    design = design_from_dict(priced_file())
    data = json.loads(json.dumps(metrics_to_json(design, compute_all(design))))
    cost = data["cost"]
    assert cost["capex_usd"] == pytest.approx(3614)
    assert cost["capex_by_category_usd"]["cables"] == pytest.approx(154)
    assert cost["buildings"]["Hall B"]["capex_usd"] == pytest.approx(1017)
    assert {i["part"] for i in cost["items"]} == {"s", "r", "w", "o", "o-fibre", "c"}


def test_a_part_without_a_price_takes_the_shipped_price_or_counts_as_unpriced() -> None:
    data = priced_file()
    switch = copy.deepcopy(data["catalog"]["switches"][0])
    del switch["price"]
    data["catalog"]["switches"][0] = switch
    cost = compute_all(design_from_dict(data)).cost
    assert cost is not None
    assert cost.unpriced == ["w"] and cost.by_category_usd["switches"] == 0
    # a part with a shipped id but no price of its own is priced from the catalog
    data = priced_file()
    shipped = load_builtin_catalog().switch("qm9700")
    assert shipped is not None and shipped.price is not None
    data["catalog"]["switches"][0]["id"] = "qm9700"
    del data["catalog"]["switches"][0]["price"]
    for tier in data["tiers"]:
        tier["switch"] = "qm9700"
    cost = compute_all(design_from_dict(data)).cost
    assert cost is not None
    assert cost.by_category_usd["switches"] == pytest.approx(3 * shipped.price.usd)


def test_prices_round_trip_through_the_file() -> None:
    design = design_from_dict(priced_file())
    again = design_from_dict(json.loads(dumps_design(design)))
    assert again == design
    price = again.catalog.switches[0].price
    assert price is not None and price.estimate and price.date == "2025-01"


def test_changing_the_core_oversubscription_moves_cost_and_bisection_together() -> None:
    loose = compute_all(template("islands").build(oversubscription=8.0))
    tight = compute_all(template("islands").build(oversubscription=4.0))
    assert loose.cost is not None and tight.cost is not None
    assert tight.bisection.gbps > loose.bisection.gbps
    assert tight.cost.network_usd > loose.cost.network_usd


def _network_usd_by_hand(design: Design) -> float:
    """Switches × price + each bundle's links × (2 ends × optics price + fibre × length),
    the length by where the ends stand (30 m in an island, 150 m in a building, the
    design's building distance between buildings), from the design's elements and the
    shipped prices, without the cost module."""
    catalog = load_builtin_catalog()
    qm = catalog.switch("qm9700")
    assert qm is not None and qm.price is not None
    total = sum(t.count for t in design.tiers.values()) * qm.price.usd
    for b in design.bundles.values():
        if b.lower in design.rack_groups:
            members = design.rack_groups[b.lower].count * 4  # DGX H100, 4 per rack
        else:
            members = design.tiers[b.lower].count
        links = members * b.links_per_member
        assert b.medium is not None
        medium = catalog.medium(b.medium)
        assert medium is not None and medium.price is not None
        island = design.island_of(b.lower)
        if design.building_of(b.lower) != design.building_of(b.upper):
            length = design.settings.building_distance_m
        elif island is not None and island == design.island_of(b.upper):
            length = 30.0
        else:
            length = 150.0
        total += links * (2 * medium.price.usd + medium.price.usd_per_m * length)
    return total


def test_four_tier_fat_tree_against_islands_with_a_4_to_1_core() -> None:
    """98,304 H100 either way: 12 islands of 8,192 under a full-bisection two-level core
    (leaf, spine, core, super-spine: four tiers) against 8 islands of 12,288 under a 4:1
    core (three tiers). With the shipped prices the full fat-tree's network costs about
    US$12,000 per GPU, the islands' about US$5,900: about US$6,100 more per GPU, twice
    the network, for four times the bisection."""
    full = template("islands").build(islands=12, gpus_per_island=8192, oversubscription=1.0,
                                     building_capacity_mw=50)
    islands = template("islands").build(oversubscription=4.0)
    mf, mi = compute_all(full), compute_all(islands)
    assert mf.inventory.accelerators == mi.inventory.accelerators == 98_304
    assert {t.role.value for t in full.tiers.values()} == {"leaf", "spine", "core",
                                                           "super-spine"}
    assert mf.bisection.fraction_of_full == pytest.approx(1.0)
    assert mi.bisection.fraction_of_full == pytest.approx(0.25)
    assert mf.cost is not None and mi.cost is not None
    assert mf.cost.network_usd == pytest.approx(_network_usd_by_hand(full))
    assert mi.cost.network_usd == pytest.approx(_network_usd_by_hand(islands))
    per_gpu_full = mf.cost.network_usd / 98_304
    per_gpu_islands = mi.cost.network_usd / 98_304
    assert per_gpu_full == pytest.approx(11_998.75, rel=0.02)
    assert per_gpu_islands == pytest.approx(5_890.94, rel=0.02)
    assert per_gpu_full - per_gpu_islands == pytest.approx(6_108, rel=0.03)


def test_report_text_shows_the_cost_in_the_display_currency() -> None:
    from cli.report import summary_lines

    design = design_from_dict(priced_file())
    lines = summary_lines(design, compute_all(design))
    start = lines.index("Cost (EUR)")
    assert lines[start + 1] == "  CAPEX: 3,253 EUR"  # 3,614 USD × 0.9
    assert "    switches: 2,700 EUR" in lines
    assert "  Network (switches, optics, cables): 2,875 EUR (88.4%)" in lines


@settings(max_examples=30, deadline=None)
@given(racks=st.integers(1, 6), leaves=st.sampled_from([1, 2, 4]),
       uplinks=st.integers(1, 3), length=st.one_of(st.none(), st.floats(0.5, 2_000)),
       usd=st.floats(0, 1e5), per_m=st.floats(0, 10))
def test_the_parts_add_up(racks: int, leaves: int, uplinks: int, length: float | None,
                          usd: float, per_m: float) -> None:
    """Whatever the counts and prices: the categories sum to the CAPEX, the buildings
    sum to the categories, and the priced items sum to the CAPEX."""
    data = priced_file()
    data["rack_groups"][0]["count"] = racks
    data["tiers"][0]["count"] = leaves
    data["bundles"][1]["links_per_member"] = uplinks
    data["bundles"][0]["length_m"] = length
    data["catalog"]["media"][0]["price"].update(usd=usd, usd_per_m=per_m)
    cost = compute_all(design_from_dict(data)).cost
    assert cost is not None
    assert sum(cost.by_category_usd.values()) == pytest.approx(cost.capex_usd)
    for category, total in cost.by_category_usd.items():
        assert sum(b.by_category_usd[category] for b in cost.buildings.values()) == \
            pytest.approx(total)
    assert sum(i.total_usd for i in cost.items) == pytest.approx(cost.capex_usd)
    # the optical links: 2 ends × racks × 2 servers, each at the per-end price
    assert cost.by_category_usd["optics"] == pytest.approx(2 * racks * 2 * usd)


def test_every_shipped_part_has_a_price_with_source_and_date() -> None:
    catalog = load_builtin_catalog()
    parts = (*catalog.servers, *catalog.rack_types, *catalog.switches, *catalog.media)
    assert len(parts) == 70  # 37 of ours (the 200G AOC the 37th), 33 the Chinese clusters use
    for part in parts:
        assert part.price is not None, part.id
        assert part.price.source.strip() and part.price.date[:2] == "20", part.id
    # the docs list every price
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "catalog.md").read_text("utf-8")
    for part in parts:
        assert part.price is not None
        assert f"| `{part.id}` | {part.price.usd:,.0f} |" in text, part.id


def test_generic_parts_are_priced_by_their_rule() -> None:
    from model.catalog import generic_optics, generic_switch

    switch = generic_switch(64, 400)
    assert switch.price is not None and switch.price.usd == 2000 + 1.5 * 64 * 400
    optics = generic_optics(100)
    assert optics.price is not None and optics.price.usd == 200  # US$2 per Gb/s per end
    assert generic_optics(5).price is not None and generic_optics(5).price.usd == 20


def test_a_bad_price_is_refused_naming_the_field() -> None:
    from model.errors import DesignFileError

    for bad, message in (({"usd": -1}, "usd"), ({"date": "2025-13"}, "date"),
                         ({"source": ""}, "source"), ({"usd": "cheap"}, "usd")):
        data = priced_file()
        data["catalog"]["switches"][0]["price"].update(bad)
        with pytest.raises(DesignFileError, match=rf"catalog\.switches\[0\]\.price\.{message}"):
            design_from_dict(data)


def test_without_a_bisection_there_is_no_cost_per_bisection() -> None:
    """When the time budget leaves the bisection out, its placeholder (the upper bound)
    must not price a Tb/s; the other cost figures stand."""
    from model.metrics import Engine

    metrics = Engine().compute_all(design_from_dict(priced_file()), budget=1e-9)
    assert "bisection" in metrics.not_computed
    assert metrics.cost is not None
    assert metrics.cost.per_bisection_tbps_usd is None
    assert metrics.cost.capex_usd == pytest.approx(3614)
