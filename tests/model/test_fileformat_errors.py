"""Every kind of bad design file is refused with a DesignFileError naming the file, the
place inside it and the problem — never a traceback, never a partial design."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from model.errors import DesignFileError, UnsupportedVersionError
from model.fileformat import design_to_dict, dumps_design, load_design
from model.fileformat import reader as reader_module
from model.fileformat.reader import MAX_DEPTH, MAX_FILE_BYTES, field_path, parse_json_bytes
from tests.model.test_design_ops import base_design


def good() -> dict[str, Any]:
    return design_to_dict(base_design())


def write(tmp_path: Path, content: str | bytes) -> Path:
    path = tmp_path / "design.json"
    if isinstance(content, str):
        content = content.encode("utf-8")
    path.write_bytes(content)
    return path


def refused(path: Path, match: str, where: str | None = None) -> DesignFileError:
    with pytest.raises(DesignFileError, match=match) as info:
        load_design(path)
    error = info.value
    assert str(error).startswith(str(path) + ": ")
    assert error.path == str(path)
    if where is not None:
        assert error.field_path == where
        assert f": {where}: " in str(error)
    return error


def edited(tmp_path: Path, edit: Callable[[dict[str, Any]], object]) -> Path:
    data = good()
    edit(data)
    return write(tmp_path, json.dumps(data, indent=2))


# ------------------------------------------------------------------ the file itself
def test_missing_file(tmp_path: Path) -> None:
    refused(tmp_path / "nope.json", "no such file")


def test_a_folder_instead_of_a_file(tmp_path: Path) -> None:
    folder = tmp_path / "folder.json"
    folder.mkdir()
    refused(folder, "folder, not a design file")


def test_a_path_through_a_file(tmp_path: Path) -> None:
    blocker = write(tmp_path, "{}")
    refused(blocker / "inner.json", "a part of this path is a file")


def test_huge_file_is_refused_before_it_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as handle:  # sparse: costs no disk
        handle.truncate(MAX_FILE_BYTES + 1)

    def no_reading(*args: object, **kwargs: object) -> None:
        raise AssertionError("the loader opened a file it should refuse by its size")

    monkeypatch.setattr(Path, "open", no_reading)
    refused(path, r"52\.4 MB; design files are limited to 50 MB")


def test_empty_file(tmp_path: Path) -> None:
    refused(write(tmp_path, ""),
            r"not valid JSON at line 1, column 1: .* \(the file ends too early")


def test_truncated_file_names_line_and_column(tmp_path: Path) -> None:
    text = dumps_design(base_design())
    cut = text[: len(text) // 2]
    line = cut.count("\n") + 1
    error = refused(write(tmp_path, cut), "ends too early: is it truncated")
    assert f"not valid JSON at line {line}, column" in str(error)
    # cut inside a string, and cut between two values
    refused(write(tmp_path, '{"format": "archipel'), "Unterminated string.*truncated")
    refused(write(tmp_path, '{"format": "archipelago-design",'), "truncated")


def test_corrupt_json_names_line_and_column(tmp_path: Path) -> None:
    lines = dumps_design(base_design()).splitlines()
    lines[7] = lines[7].replace(":", "", 1)  # a key without its colon on line 8
    error = refused(write(tmp_path, "\n".join(lines)), "not valid JSON at line 8, column")
    assert "Expecting ':' delimiter" in str(error)
    assert "truncated" not in str(error)


def test_not_json_at_all(tmp_path: Path) -> None:
    refused(write(tmp_path, "name = campus\n"),
            "not valid JSON at line 1, column 1: Expecting value")


def test_json_that_is_not_an_object(tmp_path: Path) -> None:
    refused(write(tmp_path, "[1, 2]"), r"holds one JSON object \{…\}; this one holds a list")
    refused(write(tmp_path, '"design"'), "this one holds a string")
    refused(write(tmp_path, "null"), "this one holds null")


def test_invalid_utf8_names_byte_line_and_column(tmp_path: Path) -> None:
    raw = dumps_design(base_design()).encode()
    at = raw.index(b"Hall 1")
    bad = raw[:at] + b"\xff\xfe" + raw[at:]
    line = raw.count(b"\n", 0, at) + 1
    column = at - raw.rfind(b"\n", 0, at)
    refused(write(tmp_path, bad), f"not valid UTF-8 text \\(byte {at}, line {line}, column "
            f"{column}\\); save it as UTF-8")


def test_a_utf8_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    path = write(tmp_path, b"\xef\xbb\xbf" + dumps_design(base_design()).encode())
    assert load_design(path) == base_design()


def test_deep_nesting_is_refused(tmp_path: Path) -> None:
    refused(write(tmp_path, "[" * 100_000 + "]" * 100_000), "nested more than 64 levels")
    refused(write(tmp_path, '{"a":' * 100_000), "nested more than 64 levels|not valid JSON")
    just_over = {"format": "archipelago-design", "schema_version": 1, "name": "x",
                 "description": json.loads("[" * MAX_DEPTH + "]" * MAX_DEPTH)}
    refused(write(tmp_path, json.dumps(just_over)), "nested more than 64 levels")
    within = {**just_over, "description": json.loads("[" * 5 + "]" * 5)}
    refused(write(tmp_path, json.dumps(within)), "description: Input should be a valid string",
            "description")


def test_nan_infinity_duplicate_keys_and_absurd_numbers(tmp_path: Path) -> None:
    text = dumps_design(base_design())
    refused(write(tmp_path, text.replace('"capacity_kw": 30000.0', '"capacity_kw": NaN')),
            "NaN is not a number a design may hold")
    refused(write(tmp_path, text.replace('"capacity_kw": 30000.0', '"capacity_kw": Infinity')),
            "Infinity is not a number")
    refused(write(tmp_path, text.replace('"name": "Test campus"',
                                         '"name": "A", "name": "B"')),
            "the key 'name' appears twice")
    refused(write(tmp_path, text.replace('"count": 8', '"count": ' + "9" * 5000, 1)),
            "not valid design JSON")
    refused(write(tmp_path, text.replace('"capacity_kw": 30000.0', '"capacity_kw": 1e999')),
            "the number '1e999' is too large")


# -------------------------------------------------------------- format and version
def test_wrong_or_missing_format_field(tmp_path: Path) -> None:
    refused(edited(tmp_path, lambda d: d.update(format="drawio")),
            "format is 'drawio', not 'archipelago-design': not an Archipelago design", "format")
    refused(edited(tmp_path, lambda d: d.pop("format")), "no 'format' field")


def test_future_version_is_unsupported(tmp_path: Path) -> None:
    error = refused(edited(tmp_path, lambda d: d.update(schema_version=7)),
                    "schema_version 7 was written by a newer Archipelago", "schema_version")
    assert isinstance(error, UnsupportedVersionError)


@pytest.mark.parametrize("version", ["1", 1.0, True, [1]])
def test_version_must_be_an_integer(tmp_path: Path, version: Any) -> None:
    refused(edited(tmp_path, lambda d: d.update(schema_version=version)),
            "schema_version must be a whole number", "schema_version")


def test_missing_version(tmp_path: Path) -> None:
    refused(edited(tmp_path, lambda d: d.pop("schema_version")), "required field is missing",
            "schema_version")


def test_version_below_every_migration(tmp_path: Path) -> None:
    error = refused(edited(tmp_path, lambda d: d.update(schema_version=-3)),
                    "not a version this Archipelago can read", "schema_version")
    assert isinstance(error, UnsupportedVersionError)


# ------------------------------------------------------------------ content checks
def set_in(path: list[Any], value: Any) -> Callable[[dict[str, Any]], None]:
    def edit(data: dict[str, Any]) -> None:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return edit


def drop(path: list[Any]) -> Callable[[dict[str, Any]], None]:
    def edit(data: dict[str, Any]) -> None:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]
    return edit


@pytest.mark.parametrize(
    ("edit", "where", "match"),
    [
        # wrong types
        (set_in(["rack_groups", 1, "count"], "many"), "rack_groups[1].count",
         r'expected a whole number, found the string "many"'),
        (set_in(["buildings", 0, "capacity_kw"], [1]), "buildings[0].capacity_kw",
         r"expected a number, found a list \[\.\.\.\]"),
        (set_in(["tiers", 2, "plane"], "wifi"), "tiers[2].plane",
         r"'backend', 'frontend' or 'storage' \(found \"wifi\"\)"),
        (set_in(["islands", 0], "Pod 1"), "islands[0]",
         r'should be an object \{…\} \(found "Pod 1"\)'),
        (set_in(["bundles"], {"a": 1}), "bundles", r"should be a list \[…\]$"),
        (set_in(["settings"], None), "settings", r"should be an object \{…\} \(found null\)"),
        (set_in(["settings", "allowance_pct"], "lots"), "settings.allowance_pct",
         'expected a number, found the string "lots"'),
        (set_in(["name"], 5), "name", "valid string"),
        # out of range
        (set_in(["rack_groups", 0, "count"], -4), "rack_groups[0].count",
         r"greater than or equal to 1 \(found -4\)"),
        (set_in(["catalog", "servers", 0, "nic_count"], 3), "catalog.servers[0]",
         "3 NICs cannot be shared evenly by 8 accelerators"),
        (set_in(["tiers", 0, "island"], None), "tiers[0]",
         "an island-scoped tier must name its island"),
        (set_in(["bundles", 0, "upper"], "g1"), "bundles[0]", "two different elements"),
        # missing fields
        (drop(["buildings", 0, "capacity_kw"]), "buildings[0].capacity_kw",
         "this required field is missing"),
        (drop(["catalog", "switches", 0, "radix"]), "catalog.switches[0].radix", "missing"),
        (drop(["name"]), "name", "missing"),
        # unknown fields
        (set_in(["islands", 1, "colour"], "red"), "islands[1].colour",
         r"unknown field: not part of the design format \(misspelt\?\)"),
        (set_in(["racks"], []), "racks", "unknown field"),
        (set_in(["catalog", "cables"], []), "catalog.cables", "unknown field"),
    ],
)
def test_content_problems_name_their_field_path(
    tmp_path: Path, edit: Callable[[dict[str, Any]], None], where: str, match: str
) -> None:
    refused(edited(tmp_path, edit), match, where)


def test_several_problems_are_all_listed(tmp_path: Path) -> None:
    def edit(data: dict[str, Any]) -> None:
        for group in data["rack_groups"]:
            group["count"] = 0
        data["buildings"][1]["pue"] = 9
    error = refused(edited(tmp_path, edit), "less than or equal to 5", "buildings[1].pue")
    assert str(error).endswith(
        "\n2 more problems:"
        "\n  rack_groups[0].count: Input should be greater than or equal to 1 (found 0)"
        "\n  rack_groups[1].count: Input should be greater than or equal to 1 (found 0)"
    )


def test_a_long_list_of_problems_is_cut_short(tmp_path: Path) -> None:
    def edit(data: dict[str, Any]) -> None:
        data["buildings"] = [{"id": f"b{i}", "name": "B"} for i in range(30)]
    error = refused(edited(tmp_path, edit), "missing", "buildings[0].capacity_kw")
    assert "29 more problems:" in str(error)
    assert "… and 19 more" in str(error)


@pytest.mark.parametrize(
    ("edit", "where", "match"),
    [
        # duplicate ids
        (set_in(["islands", 1, "id"], "i1"), "islands[1].id",
         "the id 'i1' is already used by islands[0]"),
        (set_in(["tiers", 0, "id"], "g1"), "tiers[0].id",
         "the id 'g1' is already used by rack_groups[0]"),
        (set_in(["buildings", 0, "id"], "qm9700"), "buildings[0].id",
         "already the id of the part catalog.switches[0]"),
        (lambda d: d["catalog"]["switches"].append(d["catalog"]["switches"][0]),
         "catalog.switches[1].id", "the id 'qm9700' is already used by catalog.switches[0]"),
        # dangling references
        (set_in(["islands", 0, "building"], "hall-9"), "islands[0].building",
         "refers to 'hall-9', which is not in the file"),
        (set_in(["rack_groups", 1, "island"], "b1"), "rack_groups[1].island",
         "refers to 'b1', which is a building, not a island"),
        (set_in(["tiers", 4, "building"], "nowhere"), "tiers[4].building", "not in the file"),
        (set_in(["bundles", 2, "lower"], "i1"), "bundles[2].lower",
         "which is a island, not a rack group or tier"),
        (set_in(["bundles", 3, "upper"], "ghost"), "bundles[3].upper", "not in the file"),
    ],
)
def test_duplicate_ids_and_dangling_references(
    tmp_path: Path, edit: Callable[[dict[str, Any]], None], where: str, match: str
) -> None:
    refused(edited(tmp_path, edit), re.escape(match), where)


@pytest.mark.parametrize(
    ("edit", "where", "match"),
    [
        (set_in(["bundles", 0, "upper"], "leaf2"), "bundles[0].upper", "does not serve"),
        (set_in(["bundles", 1, "upper"], "fe1"), "bundles[1].upper", "frontend plane"),
        (set_in(["bundles", 1, "pattern"], "rail"), "bundles[1].pattern", "wires servers"),
        (lambda d: d["bundles"].append({**d["bundles"][0], "id": "again"}),
         "bundles[5].upper", "already joined"),
    ],
)
def test_links_the_design_refuses_name_the_bundle(
    tmp_path: Path, edit: Callable[[dict[str, Any]], None], where: str, match: str
) -> None:
    refused(edited(tmp_path, edit), match, where)


def test_unreadable_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = write(tmp_path, "{}")

    def denied(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Path, "open", denied)
    refused(path, "permission denied: you may not read this file")


def test_other_read_errors_are_reported_plainly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write(tmp_path, "{}")

    def failing(*args: object, **kwargs: object) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(Path, "open", failing)
    refused(path, "could not read the file: Input/output error")


def test_a_file_that_grows_past_the_limit_while_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(reader_module, "MAX_FILE_BYTES", 10)
    big = write(tmp_path, " " * 20)
    refused(big, "limited to")


def test_field_path_spelling() -> None:
    assert field_path(("islands", 3, "building")) == "islands[3].building"
    assert field_path(("catalog", "servers", 0, "nic_count")) == "catalog.servers[0].nic_count"
    assert field_path(()) == ""


def test_parse_json_bytes_names_the_source() -> None:
    with pytest.raises(DesignFileError, match=r"^mem\.json: not valid JSON"):
        parse_json_bytes(b"{", "mem.json")
