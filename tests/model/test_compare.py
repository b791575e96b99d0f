"""Compare on hand-made pairs: one rack group removed (accelerators by a hand count),
one link speed changed (bisection ratio by hand), and the command line's output."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from main import main
from model.compare import compare_designs, structural_difference
from model.design import Design
from model.figures import flatten_report
from model.fileformat import save_design
from model.templates import template

GPUS_PER_RACK = 4 * 8
"""A DGX H100 rack (dgx-h100-x4): 4 servers of 8 H100."""


def small_campus() -> Design:
    """Two islands of 256 H100 (8 racks each) in one building, 4:1 to the core: each
    island's 32 spines have 2 uplinks of 400G, 64 links = 25,600 Gb/s up."""
    return template("islands").build(islands=2, buildings=1, gpus_per_island=256)


def row(comparison, name):  # type: ignore[no-untyped-def]
    return next(r for r in comparison.figures if r.name == name)


def test_one_rack_group_removed() -> None:
    a = small_campus()
    b = a.copy()
    removed = b.rack_groups["island-2-racks"]
    b.remove("island-2-racks")
    comparison = compare_designs(a, b)
    acc = row(comparison, "accelerators")
    assert acc.a == 2 * 8 * GPUS_PER_RACK
    assert acc.difference == -removed.count * GPUS_PER_RACK == -256
    assert acc.ratio == 0.5
    gone = {(p.kind, p.id) for p in comparison.structure.removed}
    # the rails bundle goes with the racks it connects
    assert gone == {("rack_group", "island-2-racks"), ("bundle", "island-2-rails")}
    assert not comparison.structure.added
    assert not [c for c in comparison.structure.changed if c.kind != "part"]


def test_one_speed_changed() -> None:
    a = small_campus()
    b = a.copy()
    b.update("island-2-spine-core", speed_gbps=200.0)
    comparison = compare_designs(a, b)
    bisection = row(comparison, "bisection.gbps")
    # the cut between the two islands: 64 uplinks of island 1 at 400G against 64 of
    # island 2 at 200G
    assert bisection.a == 64 * 400
    assert bisection.b == 64 * 200
    assert bisection.ratio == pytest.approx(200 / 400)
    per_acc = row(comparison, "bisection.per_accelerator_gbps")
    assert per_acc.b == pytest.approx(64 * 200 / (512 / 2))  # per accelerator of a half
    assert row(comparison, "accelerators").difference == 0
    [change] = comparison.structure.changed
    assert (change.kind, change.id) == ("bundle", "island-2-spine-core")
    assert change.fields == {"speed_gbps": (400.0, 200.0)}
    assert structural_difference(a, b).changed_ids() == ["island-2-spine-core"]


def test_same_design_has_no_difference() -> None:
    a = small_campus()
    comparison = compare_designs(a, a.copy())
    assert comparison.structure.is_empty()
    assert not [r for r in comparison.figures if r.differs]


def test_flatten_names_lists_and_problems() -> None:
    report = {"a": {"b": 1, "c": True, "t": "text"},
              "pairs": [{"x": "i1", "gbps": 5.0}, {"x": "i2", "gbps": 2.0}],
              "problems": [{"severity": "error"}, {"severity": "warning"},
                           {"severity": "error"}]}
    flat = flatten_report(report)
    assert flat == {"a.b": 1, "a.c": True, "pairs.count": 2, "pairs.gbps.min": 2.0,
                    "pairs.gbps.max": 5.0, "problems.count": 3, "problems.error": 2,
                    "problems.warning": 1}


def test_new_report_keys_flow_through() -> None:
    """A figure the report gains (cost, say) is compared with no change here."""
    from model.compare import compare_figures

    a = flatten_report({"cost": {"capex_usd": 100.0}})
    b = flatten_report({"cost": {"capex_usd": 150.0}})
    [only] = compare_figures(a, b)
    assert (only.name, only.difference, only.ratio) == ("cost.capex_usd", 50.0, 1.5)


def test_cli_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a = small_campus()
    b = a.copy()
    b.update("island-2-spine-core", speed_gbps=200.0)
    save_design(a, tmp_path / "a.json")
    save_design(b, tmp_path / "b.json")
    assert main(["compare", str(tmp_path / "a.json"), str(tmp_path / "b.json"),
                 "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["figures"]["bisection.gbps"] == {"a": 25600.0, "b": 12800.0,
                                                "difference": -12800.0, "ratio": 0.5}
    assert out["structure"]["changed"][0]["fields"] == {"speed_gbps": {"old": 400.0,
                                                                       "new": 200.0}}
    assert main(["compare", str(tmp_path / "a.json"), str(tmp_path / "b.json")]) == 0
    text = capsys.readouterr().out
    assert "~ bundle island-2-spine-core" in text
    assert "speed_gbps: 400.0 → 200.0" in text


def test_cli_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save_design(small_campus(), tmp_path / "a.json")
    assert main(["compare", str(tmp_path / "a.json"), str(tmp_path / "nope.json")]) == 2
    assert "nope.json" in capsys.readouterr().err
