"""Bounded loading: a file under the size limit whose lists are absurdly long is refused
early, naming the list and its length, in bounded time and memory; values the parser
refuses (NaN, Infinity, 1e400, a 5,000-digit number, a key given twice) are refused with
their line and column, counted here by hand from the text."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from model.errors import DesignFileError
from model.fileformat import design_from_dict, dumps_design
from model.fileformat.limits import MAX_ITEMS, MAX_VALUES
from model.fileformat.reader import load_design, parse_json_bytes
from tests.model.test_design_ops import base_design

ROOT = Path(__file__).resolve().parents[2]
TEXT = dumps_design(base_design())
BUILDINGS = len(base_design().buildings)


def with_buildings_prefix(items: str) -> bytes:
    """The base design with ``items`` (ending in a comma) put first in 'buildings'."""
    return TEXT.replace('"buildings": [', '"buildings": [' + items, 1).encode()


def refused(raw: bytes) -> DesignFileError:
    with pytest.raises(DesignFileError) as info:
        design_from_dict(parse_json_bytes(raw, "big.json"), "big.json")
    return info.value


# ------------------------------------------------------------------ long lists
def test_a_long_flat_list_is_refused_by_name_and_length_quickly() -> None:
    n = 2_000_000  # over MAX_VALUES: refused before parsing
    start = time.perf_counter()
    error = refused(with_buildings_prefix("0," * n))
    assert time.perf_counter() - start < 5
    assert error.field_path == "buildings"
    assert f"a list of {n + BUILDINGS:,} items" in str(error)
    assert f"at most {MAX_ITEMS:,}" in str(error)


def test_a_list_just_over_the_item_limit_is_refused_after_parsing() -> None:
    n = MAX_ITEMS  # under MAX_VALUES: parsed, then its length checked
    error = refused(with_buildings_prefix("0," * n))
    assert error.field_path == "buildings"
    assert f"a list of {n + BUILDINGS:,} items" in str(error)


@pytest.mark.parametrize("item", ["{}", "[]", '"ab"', '{"a": [1, "x,y"]}'])
def test_long_lists_of_containers_or_strings_are_refused_early(item: str) -> None:
    start = time.perf_counter()
    error = refused(with_buildings_prefix((item + ",") * (MAX_VALUES + 10)))
    assert time.perf_counter() - start < 5
    assert error.field_path == "buildings"
    assert "a list of more than" in str(error)


def test_an_object_with_too_many_members_is_named() -> None:
    members = "".join(f'"k{i}": 0, ' for i in range(MAX_ITEMS + 1))
    raw = TEXT.replace('"settings": {', '"settings": {' + members, 1).encode()
    error = refused(raw)
    assert error.field_path == "settings"
    from model.design import DesignSettings  # + the settings themselves

    assert f"an object of {MAX_ITEMS + 1 + len(DesignSettings.model_fields):,} members" in str(
        error)


def test_deep_nesting_is_refused_with_where() -> None:
    raw = with_buildings_prefix("[" * 100 + "]" * 100 + ",")
    error = refused(raw)
    assert "nested more than 64 levels" in str(error)
    assert error.field_path is not None and error.field_path.startswith("buildings[0][0]")


def test_commas_inside_strings_do_not_count_as_items(tmp_path: Path) -> None:
    """A file whose text has over a million commas, all inside names, still opens."""
    d = base_design()
    d.update("b1", name="," * 200)
    d.update("b2", name="[{" * 100)
    text = dumps_design(d)
    notes = "," * 2000
    data = json.loads(text)
    for building in data["buildings"]:
        building["notes"] = notes
    data["islands"] += [
        {"id": f"n{i}", "name": "," * 200, "building": "b1", "notes": notes} for i in range(600)
    ]
    raw = json.dumps(data).encode()
    assert raw.count(b",") > MAX_VALUES
    path = tmp_path / "commas.json"
    path.write_bytes(raw)
    assert len(load_design(path).islands) == 602


def test_many_bad_records_cost_a_bounded_number_of_problems() -> None:
    data = json.loads(TEXT)
    for section in ("buildings", "islands", "rack_groups", "tiers", "bundles"):
        data[section] = [{}] * MAX_ITEMS
    start = time.perf_counter()
    error = refused(json.dumps(data).encode())
    assert time.perf_counter() - start < 5
    assert error.field_path == "buildings[0].id"
    assert "at least" in str(error) and "counting stopped" in str(error)


def test_24_million_zeros_stay_within_a_few_hundred_mb(tmp_path: Path) -> None:
    """The issue's file: 48 MB, under the size limit; it used to exhaust memory."""
    path = tmp_path / "zeros.json"
    path.write_bytes(with_buildings_prefix("0," * 24_000_000))
    probe = (
        "import sys, time\n"
        "from model.fileformat import load_design\n"
        "from model.errors import DesignFileError\n"
        "t = time.perf_counter()\n"
        "try:\n"
        "    load_design(sys.argv[1])\n"
        "except DesignFileError as e:\n"
        "    peak_kb = next(int(line.split()[1]) for line in open('/proc/self/status')\n"
        "                   if line.startswith('VmHWM:'))\n"
        "    print(e.field_path, time.perf_counter() - t, peak_kb // 1024)\n"
    )
    out = subprocess.run([sys.executable, "-c", probe, str(path)], cwd=ROOT,
                         capture_output=True, text=True, timeout=120, check=True).stdout
    where, seconds, peak_mb = out.split()
    assert where == "buildings"
    assert float(seconds) < 10
    assert int(peak_mb) < 500


# ------------------------------------------------------- refused values located
def place(token: str, line_marker: str = '"count": 8,') -> tuple[bytes, int, int]:
    """The base text with ``token`` as the first value after ``line_marker``; the
    1-based line and column where it stands, counted on the text's lines."""
    lines = TEXT.split("\n")
    row = next(i for i, line in enumerate(lines) if line_marker in line)
    key = line_marker.split(":", maxsplit=1)[0]
    lines[row] = lines[row].replace(line_marker, f"{key}: {token},", 1)
    column = lines[row].index(token) + 1
    return "\n".join(lines).encode(), row + 1, column


@pytest.mark.parametrize(
    ("token", "message"),
    [
        ("NaN", "NaN is not a number a design may hold"),
        ("Infinity", "Infinity is not a number a design may hold"),
        ("-Infinity", "-Infinity is not a number a design may hold"),
        ("1e400", "the number '1e400' is too large"),
        ("9" * 5000, "a number of 5,000 digits is too long"),
    ],
)
def test_a_refused_number_is_located(token: str, message: str) -> None:
    raw, line, column = place(token)
    error = refused(raw)
    assert f"line {line}, column {column}: {message}" in str(error)


def test_a_key_given_twice_is_located_at_its_second_use() -> None:
    lines = TEXT.split("\n")
    row = next(i for i, line in enumerate(lines) if '"id": "g1"' in line)
    lines[row] = lines[row].replace('"id": "g1"', '"id": "g1", "count": 3', 1)
    raw = "\n".join(lines).encode()
    # the first "count" is the one added on this row; the second stands further down
    second = next(i for i in range(row + 1, len(lines)) if '"count"' in lines[i])
    error = refused(raw)
    column = lines[second].index('"count"') + 1
    assert f"line {second + 1}, column {column}: the key 'count' appears twice" in str(error)


def test_lookalikes_inside_strings_are_not_refused() -> None:
    d = base_design()
    d.update("b1", name='NaN Infinity 1e400 "name": "x"')
    assert parse_json_bytes(dumps_design(d).encode())["buildings"][0]["name"].startswith("NaN")
