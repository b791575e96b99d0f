"""Types are what the schema says: a string, or true/false, where the file format wants
a number (or a string where it wants true/false) is refused with the field's path and
what was found, instead of being converted and silently rewritten on save. A JSON
number with no fractional part (8.0) is the integer 8, as JSON Schema's ``integer``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from model.errors import DesignFileError
from model.fileformat import design_from_dict, dumps_design, load_design, save_design
from tests.model.test_design_ops import base_design

SCHEMA = Path(__file__).resolve().parents[2] / "resources" / "design.schema.json"


def base_data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(dumps_design(base_design()))
    return data


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (("rack_groups", 0, "count"), "8", 'expected a whole number, found the string "8"'),
        (("rack_groups", 0, "count"), " 8 ", 'expected a whole number, found the string " 8 "'),
        (("rack_groups", 0, "count"), "8.0",
         'expected a whole number, found the string "8.0"'),
        (("rack_groups", 0, "count"), True, "expected a whole number, found true"),
        (("rack_groups", 0, "count"), None, "expected a whole number, found null"),
        (("rack_groups", 0, "count"), 8.5, "expected a whole number, found 8.5"),
        (("bundles", 0, "speed_gbps"), "4e2", 'expected a number, found the string "4e2"'),
        (("bundles", 0, "speed_gbps"), False, "expected a number, found false"),
        (("buildings", 1, "x"), "500", 'expected a number, found the string "500"'),
        (("settings", "allowance_pct"), "10", 'expected a number, found the string "10"'),
        (("catalog", "accelerators", 0, "estimate"), "yes",
         'expected true or false, found the string "yes"'),
        (("catalog", "accelerators", 0, "estimate"), 1, "expected true or false, found 1"),
        (("catalog", "servers", 0, "nic_count"), "8",
         'expected a whole number, found the string "8"'),
        (("catalog", "switches", 0, "radix"), [64], "expected a whole number, found a list"),
    ],
)
def test_a_value_of_the_wrong_type_is_refused_with_its_path(
    path: tuple[str | int, ...], value: Any, message: str
) -> None:
    data = base_data()
    target: Any = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    with pytest.raises(DesignFileError) as info:
        design_from_dict(data, "typo.json")
    where = "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in path).lstrip(".")
    assert info.value.field_path == where
    assert str(info.value).startswith(f"typo.json: {where}: {message}")


def test_a_whole_json_number_is_an_integer_and_is_saved_as_one(tmp_path: Path) -> None:
    data = base_data()
    data["rack_groups"][0]["count"] = 8.0
    data["catalog"]["switches"][0]["radix"] = 64.0
    d = design_from_dict(data)
    assert d.rack_groups["g1"].count == 8
    assert type(d.rack_groups["g1"].count) is int
    save_design(d, tmp_path / "d.json")
    saved = json.loads((tmp_path / "d.json").read_text(encoding="utf-8"))
    assert saved["rack_groups"][0]["count"] == 8
    assert '"count": 8,' in (tmp_path / "d.json").read_text(encoding="utf-8")
    assert load_design(tmp_path / "d.json") == base_design()


def test_an_integer_for_a_number_field_is_accepted() -> None:
    data = base_data()
    data["bundles"][0]["speed_gbps"] = 400
    assert design_from_dict(data) == base_design()


def test_the_schema_says_the_same_types() -> None:
    """The shipped schema types the fields the loader now holds strictly."""
    defs = json.loads(SCHEMA.read_text(encoding="utf-8"))["$defs"]
    assert defs["RackGroup"]["properties"]["count"]["type"] == "integer"
    assert defs["LinkBundle"]["properties"]["speed_gbps"]["type"] == "number"
    assert defs["AcceleratorType"]["properties"]["estimate"]["type"] == "boolean"
    assert defs["DesignSettings"]["properties"]["allowance_pct"]["type"] == "number"
