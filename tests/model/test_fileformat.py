"""The design file format: round trips, stable bytes, key order, the exact text of a tiny
design (written by hand), migrations, and the shipped JSON Schema."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from model.design import Design, DesignSettings
from model.elements import Building, Island, LinkBundle, RackGroup, Scope, SwitchTier
from model.errors import DesignError, DesignFileError, UnsupportedVersionError
from model.fileformat import (
    CURRENT_VERSION,
    MIGRATIONS,
    design_from_dict,
    design_to_dict,
    dumps_design,
    json_schema,
    load_design,
    migrate,
    register_migration,
    save_design,
)
from model.fileformat import migrations as migrations_module
from model.fileformat.schema import SCHEMA_PATH, json_schema_text
from model.parts import Catalog
from tests.model.test_design_ops import PARTS, base_design

TOP_KEYS = [
    "format", "schema_version", "name", "description", "settings", "catalog",
    "buildings", "islands", "rack_groups", "tiers", "bundles",
]


def campus(buildings: int, islands_per_building: int) -> Design:
    """A multi-building campus: per island 32 racks × 4 DGX H100 (1,024 GPUs), 8 rail
    leaves, 4 spines; per building a core tier. 3 bundles per island."""
    d = Design("Generated campus", catalog=PARTS)
    for b in range(buildings):
        d.add(Building(id=f"b{b}", name=f"Hall {b}", capacity_kw=60_000, x=b * 1000.0))
        d.add(SwitchTier(id=f"core{b}", name=f"Core {b}", switch="qm9700", count=64,
                         role="core", scope=Scope.BUILDING, building=f"b{b}"))
        for i in range(islands_per_building):
            s = f"{b}-{i}"
            d.add(Island(id=f"i{s}", name=f"Pod {s}", building=f"b{b}", x=i * 50.0))
            d.add(RackGroup(id=f"g{s}", name=f"Racks {s}", island=f"i{s}",
                            rack_type="rt-dgx4", count=32))
            d.add(SwitchTier(id=f"leaf{s}", name="Leaf", switch="qm9700", count=8,
                             island=f"i{s}"))
            d.add(SwitchTier(id=f"spine{s}", name="Spine", switch="qm9700", count=4,
                             role="spine", island=f"i{s}"))
            d.add(LinkBundle(id=f"gl{s}", name="GPU-leaf", lower=f"g{s}", upper=f"leaf{s}",
                             links_per_member=8, speed_gbps=400, pattern="rail",
                             medium="osfp-400"))
            d.add(LinkBundle(id=f"ls{s}", name="leaf-spine", lower=f"leaf{s}",
                             upper=f"spine{s}", links_per_member=32, speed_gbps=400))
            d.add(LinkBundle(id=f"sc{s}", name="spine-core", lower=f"spine{s}",
                             upper=f"core{b}", links_per_member=8, speed_gbps=400))
    return d


# ------------------------------------------------------------------ round trips
@pytest.mark.parametrize("make", [base_design, lambda: campus(2, 3), Design])
def test_save_load_round_trip_is_equal_and_bytes_are_stable(
    make: Any, tmp_path: Path
) -> None:
    d = make()
    path = tmp_path / "design.json"
    save_design(d, path)
    first = path.read_bytes()
    loaded = load_design(path)
    assert loaded == d
    assert list(loaded.tiers) == list(d.tiers)  # design order kept
    save_design(loaded, path)
    assert path.read_bytes() == first
    save_design(d, path)
    assert path.read_bytes() == first
    assert first.decode("utf-8") == dumps_design(d)
    assert design_from_dict(design_to_dict(d)) == d


def test_campus_builder_counts_match_a_hand_count() -> None:
    d = campus(4, 25)
    # 4 buildings × 25 islands × 32 racks × 4 servers × 8 GPUs
    gpus = sum(g.count * 4 * 8 for g in d.rack_groups.values())
    assert gpus == 4 * 25 * 32 * 4 * 8 == 102_400
    assert (len(d.buildings), len(d.islands), len(d.tiers), len(d.bundles)) == (4, 100, 204, 300)


def test_file_layout_order_indent_and_trailing_newline() -> None:
    text = dumps_design(base_design())
    data = json.loads(text)
    assert list(data) == TOP_KEYS
    assert list(data["catalog"]) == ["accelerators", "servers", "rack_types", "switches", "media"]
    assert list(data["settings"]) == list(DesignSettings.model_fields)
    assert list(data["tiers"][0]) == list(SwitchTier.model_fields)
    assert list(data["bundles"][0]) == list(LinkBundle.model_fields)
    assert [b["id"] for b in data["bundles"]] == list(base_design().bundles)
    assert text.endswith("}\n")
    assert text.splitlines()[1] == '  "format": "archipelago-design",'
    assert text.splitlines()[2] == '  "schema_version": 3,'


def test_exact_text_of_a_tiny_design() -> None:
    """Written by hand from the format's description, not from the code's output."""
    d = Design("Tiny", "one hall")
    d.add(Building(id="hall", name="Hall A", capacity_kw=1500, pue=1.25, cooling="air", x=10))
    expected = """{
  "format": "archipelago-design",
  "schema_version": 3,
  "name": "Tiny",
  "description": "one hall",
  "settings": {
    "oversubscription_threshold": 8.0,
    "allowance_pct": 0.0,
    "plane": "backend",
    "reliability": {
      "job_accelerators": null,
      "checkpoint_write_s": 30.0,
      "restart_s": 300.0,
      "failure_rates": []
    },
    "currency": "USD",
    "usd_exchange_rate": 1.0,
    "years": 5,
    "building_distance_m": 300.0
  },
  "catalog": {
    "accelerators": [],
    "servers": [],
    "rack_types": [],
    "switches": [],
    "media": []
  },
  "buildings": [
    {
      "id": "hall",
      "name": "Hall A",
      "capacity_kw": 1500.0,
      "pue": 1.25,
      "cooling": "air",
      "electricity_usd_per_kwh": 0.08,
      "notes": "",
      "x": 10.0,
      "y": 0.0
    }
  ],
  "islands": [],
  "rack_groups": [],
  "tiers": [],
  "bundles": []
}
"""
    assert dumps_design(d) == expected
    assert design_from_dict(json.loads(expected)) == d


def test_non_ascii_text_stays_readable(tmp_path: Path) -> None:
    d = Design("Zürich — Halle 1", "東京")
    path = tmp_path / "d.json"
    save_design(d, path)
    assert "Zürich — Halle 1".encode() in path.read_bytes()
    assert load_design(path) == d


def test_text_that_is_not_unicode_is_refused_with_its_path(tmp_path: Path) -> None:
    """A lone surrogate (possible in a Python str) is written as a \\u escape, and the
    loader refuses it by name; rename() refuses it in the first place."""
    odd = Design("odd \udc80 name")
    path = tmp_path / "d.json"
    save_design(odd, path)
    assert b"\\udc80" in path.read_bytes()
    with pytest.raises(DesignFileError, match=r"name: .*unicode") as info:
        load_design(path)
    assert info.value.field_path == "name"
    with pytest.raises(DesignError, match="unicode"):
        Design().rename("odd \udc80 name")


def test_missing_parts_are_kept_not_refused(tmp_path: Path) -> None:
    """A design may name a part its catalog lacks (a problem the checks list); the
    file must open again so the architect can fix it."""
    d = Design("No parts")
    d.add(Building(id="b", name="B", capacity_kw=1))
    d.add(Island(id="i", name="I", building="b"))
    d.add(RackGroup(id="g", name="G", island="i", rack_type="not-in-catalog", count=2))
    path = tmp_path / "d.json"
    save_design(d, path)
    assert load_design(path) == d


def test_sections_may_be_left_out_of_a_hand_written_file() -> None:
    d = design_from_dict({"format": "archipelago-design", "schema_version": 1, "name": "X"})
    assert d == Design("X")


def test_loaded_design_is_independent_of_the_data() -> None:
    data = design_to_dict(base_design())
    d = design_from_dict(data)
    data["buildings"].clear()
    data["name"] = "changed"
    assert d == base_design()


# ------------------------------------------------------------------- migrations
def v0_file() -> dict[str, Any]:
    """A synthetic version 0: ``title`` for name, ``halls`` for buildings, each hall's
    capacity as ``power_kw``."""
    return {
        "format": "archipelago-design",
        "schema_version": 0,
        "title": "Old campus",
        "halls": [{"id": "b1", "name": "Hall 1", "power_kw": 12_000}],
        "islands": [{"id": "i1", "name": "Pod", "building": "b1"}],
    }


def v0_to_v1(data: dict[str, Any]) -> dict[str, Any]:
    new = {k: v for k, v in data.items() if k not in ("title", "halls")}
    new["name"] = data["title"]
    new["buildings"] = [
        {**{k: v for k, v in hall.items() if k != "power_kw"}, "capacity_kw": hall["power_kw"]}
        for hall in data["halls"]
    ]
    return new


def test_an_older_version_is_migrated_step_by_step(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setitem(MIGRATIONS, 0, v0_to_v1)
    path = tmp_path / "old.json"
    path.write_text(json.dumps(v0_file()), encoding="utf-8")
    d = load_design(path)
    expected = Design("Old campus")
    expected.add(Building(id="b1", name="Hall 1", capacity_kw=12_000))
    expected.add(Island(id="i1", name="Pod", building="b1"))
    assert d == expected
    save_design(d, path)  # saved at the current version
    assert json.loads(path.read_text(encoding="utf-8"))["schema_version"] == CURRENT_VERSION


def test_without_its_migration_an_old_version_is_refused() -> None:
    with pytest.raises(UnsupportedVersionError, match="no migration from version 0"):
        design_from_dict(v0_file(), "old.json")


def test_a_failing_migration_step_is_a_file_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(MIGRATIONS, 0, v0_to_v1)
    broken = v0_file()
    del broken["halls"]
    with pytest.raises(DesignFileError, match=r"upgrade the file from schema_version 0 to 1.*"
                       "KeyError"):
        design_from_dict(broken, "old.json")


def test_migrate_runs_each_step_in_order_without_mutating_the_input(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(migrations_module, "CURRENT_VERSION", 4)
    seen: list[int] = []

    def step(n: int) -> Any:
        def run(data: dict[str, Any]) -> dict[str, Any]:
            seen.append(data["schema_version"])
            return {**data, "trail": [*data.get("trail", []), n]}
        return run

    steps = {1: step(1), 2: step(2), 3: step(3)}
    original = {"format": "archipelago-design", "schema_version": 1}
    result = migrate(original, 1, "f.json", steps)
    assert seen == [1, 2, 3]
    assert result["trail"] == [1, 2, 3]
    assert result["schema_version"] == 4
    assert original == {"format": "archipelago-design", "schema_version": 1}
    assert migrate(original, 3, "f.json", steps)["trail"] == [3]
    with pytest.raises(UnsupportedVersionError, match="newer"):
        migrate(original, 5, "f.json", steps)
    with pytest.raises(DesignFileError, match="did not produce a design"):
        migrate(original, 3, "f.json", {3: lambda data: []})  # type: ignore[dict-item]


def test_register_migration_refuses_a_second_step_from_one_version(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(migrations_module, "MIGRATIONS", {})
    register_migration(0)(v0_to_v1)
    assert list(migrations_module.MIGRATIONS) == [0]
    assert migrations_module.MIGRATIONS[0] is v0_to_v1
    with pytest.raises(ValueError, match="already registered"):
        register_migration(0)(v0_to_v1)


# ------------------------------------------------------------------------ schema
def test_shipped_schema_equals_the_generated_one() -> None:
    assert SCHEMA_PATH.read_text(encoding="utf-8") == json_schema_text(), (
        "resources/design.schema.json is stale: run .venv/bin/python -m model.fileformat"
    )


def test_schema_describes_the_sections_and_refuses_unknown_fields() -> None:
    schema = json_schema()
    assert schema["$schema"].endswith("2020-12/schema")
    assert set(schema["required"]) == {"format", "schema_version", "name"}
    # jobs and scenarios: written only when there are some
    assert list(schema["properties"]) == [*TOP_KEYS, "jobs", "scenarios"]
    assert schema["properties"]["format"]["const"] == "archipelago-design"
    assert schema["additionalProperties"] is False
    for record in ("Building", "Island", "RackGroup", "SwitchTier", "LinkBundle", "ServerType"):
        assert schema["$defs"][record]["additionalProperties"] is False


def test_the_schema_check_command(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    from model.fileformat import schema as schema_module

    target = tmp_path / "design.schema.json"
    monkeypatch.setattr(schema_module, "SCHEMA_PATH", target)
    assert schema_module.main(["--check"]) == 1
    assert schema_module.main([]) == 0
    assert target.read_text(encoding="utf-8") == json_schema_text()
    assert schema_module.main(["--check"]) == 0
    assert "up to date" in capsys.readouterr().out


def test_catalog_of_a_loaded_design_is_the_files() -> None:
    d = design_from_dict(design_to_dict(base_design()))
    assert d.catalog == PARTS
    assert isinstance(d.catalog, Catalog)
