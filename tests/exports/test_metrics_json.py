"""The JSON metrics report: the stable keys of DESIGN §7, names instead of ids, values
carried over unchanged, and a file that parses back."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from model.reports.metrics_json import metrics_to_json, write_metrics_json
from tests.exports.designs import small_design
from tests.exports.hand_metrics import hand_metrics

STABLE_KEYS = {"accelerators", "servers", "racks", "switches", "bisection", "hops", "power",
               "problems"}


def test_stable_keys_hold_the_hand_counted_figures() -> None:
    report = metrics_to_json(small_design(), hand_metrics())
    assert set(report) >= STABLE_KEYS
    assert (report["accelerators"], report["servers"], report["racks"]) == (64, 8, 2)
    assert report["switches"] == {"Leaf": 8, "Spine": 4}
    bisection = report["bisection"]
    assert {k: bisection[k] for k in ("gbps", "per_accelerator_gbps", "fraction_of_full",
                                      "exact")} == {
        "gbps": 12_800.0, "per_accelerator_gbps": 400.0, "fraction_of_full": 1.0,
        "exact": True}
    assert bisection["cut"]["side_a"] == {"GPU racks": 4, "Leaf": 8, "Spine": 4}
    hops = report["hops"]
    assert hops["max"] == 3
    assert hops["histogram"] == {"1": 224, "3": 1568}
    assert hops["mean"] == pytest.approx((224 + 3 * 1568) / 1792)
    hall = report["power"]["Hall A"]
    assert (hall["it_kw"], hall["facility_kw"], hall["capacity_kw"]) == (105.536, 131.92, 5000)
    assert report["problems"] == [{"severity": "warning", "code": "test-warning",
                                   "element": "spine", "message": "Spine has no uplinks"}]


def test_every_other_metric_has_a_key() -> None:
    report = metrics_to_json(small_design(), hand_metrics())
    assert report["links"] == {"NIC to leaf": 64, "Leaf to spine": 64}
    assert report["transceivers"] == {"Optics 400G": 128}
    assert report["switches_by_model"] == {"Switch 64×400G": 12}
    assert report["accelerators_by_type"] == {"Test GPU": 64}
    assert report["ports"]["Leaf"]["used"] == 128
    assert report["oversubscription"]["Spine"]["ratio"] is None
    assert report["rack_power"]["GPU racks"]["budget_kw"] == 50
    assert report["compute"]["campus_pflops"] == 64
    assert report["injection_gbps_per_accelerator"] == 400


def test_non_finite_numbers_become_null_so_the_text_is_strict_json(tmp_path: Path) -> None:
    out = tmp_path / "m.json"
    write_metrics_json(small_design(), hand_metrics(), out)
    text = out.read_text(encoding="utf-8")
    parsed = json.loads(text, parse_constant=lambda c: pytest.fail(f"non-JSON {c}"))
    assert parsed["building_pairs"] == [{"a": "Hall A", "b": "Hall A", "gbps": None}]
    assert parsed["hops"]["histogram"] == {"1": 224, "3": 1568}
    assert not any(isinstance(v, float) and math.isnan(v) for v in parsed.values())


def test_shared_names_are_told_apart_by_id() -> None:
    design = small_design()
    design.update("spine", name="Leaf")
    report = metrics_to_json(design, hand_metrics())
    assert report["switches"] == {"Leaf (leaf)": 8, "Leaf (spine)": 4}
