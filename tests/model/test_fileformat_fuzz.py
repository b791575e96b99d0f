"""The loader probe kept as a test: real designs (the shipped examples and every
template's default design) mutated at random, as bytes and as JSON values. Every outcome
is a loaded design or the project's typed error saying where the problem is (a field
path, or a line and column); nothing else escapes, nothing hangs."""

from __future__ import annotations

import copy
import functools
import json
import re
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from model.design import Design
from model.errors import DesignFileError
from model.fileformat import design_from_dict, dumps_design
from model.fileformat.reader import parse_json_bytes
from model.templates import TEMPLATES

EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "resources" / "examples").glob("*.json"))

WHOLE_FILE = (
    "a design file holds one JSON object",  # the top level is not an object at all
    "the file holds",  # too many values in all, with the longest list named
)
"""The refusals about the file as a whole, which have no one place to point at."""

FUZZ = settings(max_examples=200, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@functools.cache
def seeds() -> tuple[str, ...]:
    """The texts mutated: the shipped examples and each template's default design."""
    texts = [path.read_text(encoding="utf-8") for path in EXAMPLES]
    texts += [dumps_design(t.build()) for t in TEMPLATES.values()]
    return tuple(texts)


def outcome(raw: bytes) -> Design | DesignFileError:
    """What opening ``raw`` gives: a design, or the typed error (anything else fails)."""
    try:
        return design_from_dict(parse_json_bytes(raw, "fuzz.json"), "fuzz.json")
    except DesignFileError as error:
        return error


def assert_located(result: Design | DesignFileError) -> None:
    if isinstance(result, Design):
        return
    text = str(result)
    located = (
        result.field_path is not None
        or re.search(r"line \d+, column \d+", text) is not None
        or any(phrase in text for phrase in WHOLE_FILE)
    )
    assert located, f"no location in: {text}"


HOSTILE_TOKENS = [
    "NaN", "Infinity", "-Infinity", "1e400", "-1e400", "9" * 5000, '"8"', "true", "null",
    "[", "]", "{", "}", ",", ":", '"name": "x",', '"count": 3,', '"\\ud800"', '"\\u0000"',
    "8.0", "-0", "1e-400", "0x10", "'x'", "\u00e9", "\ufeff", "/*", '"', "\\",
]

HOSTILE_VALUES: list[Any] = [
    "8", " 8 ", "8.0", "4e2", "yes", "", "x" * 201, "\x00", True, False, None, 0, -1, 8.5,
    1e308, 10**30, float("nan"), float("inf"), [], {}, [0] * 20_000, {"a": {"b": [1]}},
    json.loads("[" * 70 + "]" * 70),  # deeper than the format allows
    "leaf", "campus", "i1", "b1", "g1",
]


@FUZZ
@given(data=st.data())
def test_mutated_bytes_load_or_are_refused_with_a_location(data: st.DataObject) -> None:
    raw = bytearray(data.draw(st.sampled_from(seeds())).encode("utf-8"))
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(raw)))
        action = data.draw(st.sampled_from(["insert", "delete", "replace", "byte", "repeat"]))
        if action == "insert":
            raw[at:at] = data.draw(st.sampled_from(HOSTILE_TOKENS)).encode("utf-8")
        elif action == "delete":
            del raw[at:at + data.draw(st.integers(1, 40))]
        elif action == "replace":
            token = data.draw(st.sampled_from(HOSTILE_TOKENS)).encode("utf-8")
            raw[at:at + len(token)] = token
        elif action == "byte" and at < len(raw):
            raw[at] = data.draw(st.integers(0, 255))
        else:
            span = raw[at:at + data.draw(st.integers(1, 200))]
            raw[at:at] = span * data.draw(st.integers(1, 3))
    assert_located(outcome(bytes(raw)))


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside ``value`` (object keys and list indexes)."""
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths(item, (*prefix, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found += paths(item, (*prefix, i))
    return found


@FUZZ
@given(data=st.data())
def test_mutated_values_load_or_are_refused_with_a_location(data: st.DataObject) -> None:
    content = json.loads(data.draw(st.sampled_from(seeds())))
    places = paths(content)[1:]  # the seed's own places, not inside inserted values
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(places))
        parent = content
        try:
            for key in path[:-1]:
                parent = parent[key]
            parent[path[-1]]
        except (KeyError, IndexError, TypeError):
            continue  # an earlier mutation removed or replaced this place
        action = data.draw(st.sampled_from(["set", "set", "delete", "extra"]))
        if action == "set":  # a fresh copy: the next mutation may reach into it
            parent[path[-1]] = copy.deepcopy(data.draw(st.sampled_from(HOSTILE_VALUES)))
        elif action == "delete":
            del parent[path[-1]]
        elif isinstance(parent, dict):
            parent[data.draw(st.sampled_from(["x", "nmae", "count", "id"]))] = 1
        else:
            parent.append(copy.deepcopy(data.draw(st.sampled_from(HOSTILE_VALUES))))
        if not isinstance(content, dict):
            break
    raw = json.dumps(content, ensure_ascii=data.draw(st.booleans())).encode("utf-8")
    assert_located(outcome(raw))
