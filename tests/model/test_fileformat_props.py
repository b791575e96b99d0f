"""Property tests of the file format: any design the operations can make saves and
loads back equal (with stable bytes), and no input whatever makes the loader raise
anything but DesignFileError."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from model.design import Design
from model.errors import DesignFileError
from model.fileformat import design_from_dict, design_to_dict, dumps_design, load_design
from model.fileformat.reader import parse_json_bytes
from tests.model.test_design_ops import PARTS, base_design
from tests.model.test_design_ops_random import apply_random_operations

SLOW = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def load_bytes(raw: bytes) -> Design:
    """What load_design does after reading the file's bytes."""
    return design_from_dict(parse_json_bytes(raw, "fuzz.json"), "fuzz.json")


# -------------------------------------------------------------- valid designs
@SLOW
@given(data=st.data(), start_empty=st.booleans())
def test_random_valid_designs_round_trip(data: st.DataObject, start_empty: bool) -> None:
    d = Design(catalog=PARTS) if start_empty else base_design()
    apply_random_operations(d, data, data.draw(st.integers(1, 40)))
    text = dumps_design(d)
    loaded = load_bytes(text.encode("utf-8"))
    assert loaded == d
    assert dumps_design(loaded) == text
    assert design_from_dict(design_to_dict(d)) == d


def test_round_trip_through_a_real_file(tmp_path: Path) -> None:
    path = tmp_path / "d.json"
    path.write_text(dumps_design(base_design()), encoding="utf-8")
    assert load_design(path) == base_design()


# ------------------------------------------------------------- corrupt inputs
GOOD = dumps_design(base_design()).encode("utf-8")


@st.composite
def mutated(draw: st.DrawFn) -> bytes:
    """The good file with a few random cuts, flips, insertions and deletions."""
    raw = bytearray(GOOD)
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["truncate", "flip", "insert", "delete", "swap"]))
        at = draw(st.integers(0, max(len(raw) - 1, 0)))
        if kind == "truncate":
            del raw[at:]
        elif kind == "flip" and raw:
            raw[at] = draw(st.integers(0, 255))
        elif kind == "insert":
            raw[at:at] = draw(st.binary(min_size=1, max_size=8) | st.sampled_from(
                [b"[", b"{", b'"', b",", b"null", b"-1", b"1e999", b'"x":', b"\\u"]))
        elif kind == "delete":
            del raw[at:at + draw(st.integers(1, 40))]
        else:
            other = draw(st.integers(0, max(len(raw) - 1, 0)))
            if raw:
                raw[at], raw[other] = raw[other], raw[at]
    return bytes(raw)


@SLOW
@given(raw=mutated())
def test_corrupted_files_raise_only_design_file_errors(raw: bytes) -> None:
    try:
        load_bytes(raw)
    except DesignFileError as error:
        assert str(error).startswith("fuzz.json: ")


@SLOW
@given(raw=st.binary(max_size=300))
def test_arbitrary_bytes_raise_only_design_file_errors(raw: bytes) -> None:
    with contextlib.suppress(DesignFileError):
        load_bytes(raw)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
    | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=4),
    max_leaves=20,
)


def leaf_paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside JSON data (containers included)."""
    paths = [prefix]
    if isinstance(value, dict):
        for key, child in value.items():
            paths += leaf_paths(child, (*prefix, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            paths += leaf_paths(child, (*prefix, index))
    return paths


GOOD_DATA = json.loads(GOOD)
GOOD_PATHS = leaf_paths(GOOD_DATA)[1:]


@SLOW
@given(data=st.data())
def test_any_value_anywhere_raises_only_design_file_errors(data: st.DataObject) -> None:
    content = json.loads(GOOD)
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(GOOD_PATHS))
        target: Any = content
        try:
            for key in path[:-1]:
                target = target[key]
            action = data.draw(st.sampled_from(["set", "delete"]))
            if action == "delete":
                del target[path[-1]]
            else:
                target[path[-1]] = data.draw(json_values)
        except (KeyError, IndexError, TypeError):
            continue  # an earlier change removed that place
    try:
        loaded = design_from_dict(content, "fuzz.json")
    except DesignFileError as error:
        assert str(error).startswith("fuzz.json: ")
    else:
        # whatever loads must save and load back the same
        assert design_from_dict(design_to_dict(loaded)) == loaded


@SLOW
@given(value=json_values)
def test_any_json_document_raises_only_design_file_errors(value: Any) -> None:
    with contextlib.suppress(DesignFileError):
        design_from_dict(value, "fuzz.json")
    document = {"format": "archipelago-design", "schema_version": 1, "name": "x",
                "buildings": value}
    with contextlib.suppress(DesignFileError):
        design_from_dict(document, "fuzz.json")
