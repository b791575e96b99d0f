"""Saved what-if scenarios in the design file (schema version 3): written as the format
says, read back equal, refused with a location when malformed; version 2 files (which
have none) open unchanged; saving scenarios is an operation that undo can reverse."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from model.design import Design
from model.errors import DesignError, DesignFileError
from model.failures import Failure, Scenario
from model.fileformat import CURRENT_VERSION, design_from_dict, design_to_dict, dumps_design
from tests.model.test_design_ops import base_design
from tests.model.test_design_ops_random import apply_random_operations

FEW = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _ids(design: Design) -> list[str]:
    return [e.id for e in design.all_elements()]


def test_scenarios_are_written_as_the_format_says_and_read_back() -> None:
    d = base_design()
    tier, bundle = next(iter(d.tiers)), next(iter(d.bundles))
    building = next(iter(d.buildings))
    d.set_scenarios((
        Scenario(name="one spine", failures=(Failure(element=tier, count=1),)),
        Scenario(name="hall dark", failures=(Failure(element=building),
                                             Failure(element=bundle, members=(0, 2)))),
    ))
    data = json.loads(dumps_design(d))
    assert data["schema_version"] == 3 == CURRENT_VERSION
    # by hand, from docs/file-format.md: absent fields are left out
    assert data["scenarios"] == [
        {"name": "one spine", "failures": [{"element": tier, "count": 1}]},
        {"name": "hall dark", "failures": [{"element": building},
                                           {"element": bundle, "members": [0, 2]}]},
    ]
    loaded = design_from_dict(data)
    assert loaded == d
    assert loaded.scenarios[1].failures[1].members == (0, 2)
    assert loaded.scenarios[1].failures[0].whole


def test_a_design_without_scenarios_writes_no_section() -> None:
    assert "scenarios" not in json.loads(dumps_design(base_design()))


def test_a_version_2_file_opens_unchanged() -> None:
    d = base_design()
    data = design_to_dict(d)
    data["schema_version"] = 2
    old = copy.deepcopy(data)
    loaded = design_from_dict(data)
    assert loaded == d and loaded.scenarios == ()
    assert data == old, "the migration must not change its input"
    assert json.loads(dumps_design(loaded))["schema_version"] == 3


@pytest.mark.parametrize(("scenarios", "where", "words"), [
    ([{"name": "x", "failures": [{"element": "a", "count": 0}]}],
     "scenarios[0].failures[0].count", "greater than or equal to 1"),
    ([{"name": "x", "failures": [{"element": "a", "count": 1, "members": [0]}]}],
     "scenarios[0].failures[0]", "either count or members"),
    ([{"name": "x", "failures": [{"element": "a", "members": [1, 1]}]}],
     "scenarios[0].failures[0]", "listed twice"),
    ([{"name": "x", "failures": [{"element": "a", "switches": 1}]}],
     "scenarios[0].failures[0].switches", "unknown field"),
    ([{"name": "x"}, {"name": "x"}], "scenarios", "two scenarios share the name 'x'"),
])
def test_malformed_scenarios_are_refused_with_their_place(scenarios: list[Any], where: str,
                                                          words: str) -> None:
    data = design_to_dict(base_design())
    data["scenarios"] = scenarios
    with pytest.raises(DesignFileError) as caught:
        design_from_dict(data, "s.json")
    assert caught.value.field_path == where, str(caught.value)
    assert words in str(caught.value)


def test_set_scenarios_refuses_two_with_one_name_and_returns_the_old_ones() -> None:
    d = base_design()
    first = (Scenario(name="a"),)
    assert d.set_scenarios(first) == ()
    revision = d.revision
    with pytest.raises(DesignError, match="share the name 'a'"):
        d.set_scenarios((Scenario(name="a"), Scenario(name="a")))
    assert d.scenarios == first and d.revision == revision
    assert d.set_scenarios(()) == first and d.scenarios == ()
    assert d.copy().scenarios == () and d != _with(first)


def _with(scenarios: tuple[Scenario, ...]) -> Design:
    d = base_design()
    d.set_scenarios(scenarios)
    return d


def test_a_scenario_outlives_the_element_it_fails() -> None:
    """Removing an element a scenario fails is allowed (the scenario is checked when it
    is applied) and the file still saves and opens."""
    d = base_design()
    tier = next(iter(d.tiers))
    d.set_scenarios((Scenario(name="t", failures=(Failure(element=tier),)),))
    d.remove(tier)
    assert design_from_dict(design_to_dict(d)) == d


@st.composite
def scenarios_for(draw: st.DrawFn, ids: list[str]) -> tuple[Scenario, ...]:
    """Random scenarios over ``ids`` (and unknown ids: the file keeps them too)."""
    names = draw(st.lists(st.text(min_size=1, max_size=12).filter(str.strip), max_size=4,
                          unique=True))
    out = []
    for name in names:
        failures = []
        for element in draw(st.lists(st.sampled_from([*ids, "gone-1"]), max_size=4,
                                     unique=True)):
            how = draw(st.sampled_from(["whole", "count", "members"]))
            if how == "count":
                failures.append(Failure(element=element, count=draw(st.integers(1, 10**6))))
            elif how == "members":
                members = draw(st.lists(st.integers(0, 10**6), min_size=1, max_size=5,
                                        unique=True))
                failures.append(Failure(element=element, members=tuple(members)))
            else:
                failures.append(Failure(element=element))
        out.append(Scenario(name=name, failures=tuple(failures)))
    return tuple(out)


@FEW
@given(data=st.data())
def test_random_designs_with_random_scenarios_round_trip(data: st.DataObject) -> None:
    d = base_design()
    apply_random_operations(d, data, data.draw(st.integers(0, 15)))
    d.set_scenarios(data.draw(scenarios_for(_ids(d))))
    text = dumps_design(d)
    loaded = design_from_dict(json.loads(text))
    assert loaded == d and loaded.scenarios == d.scenarios
    assert dumps_design(loaded) == text


@FEW
@given(data=st.data())
def test_random_version_2_files_open_as_the_same_design(data: st.DataObject) -> None:
    """A version 2 file is a version 3 file without scenarios: any design saved as
    version 2 opens equal to itself, and its version 3 text is what a fresh save of the
    design gives."""
    d = base_design()
    apply_random_operations(d, data, data.draw(st.integers(0, 15)))
    old = design_to_dict(d)
    old["schema_version"] = 2
    loaded = design_from_dict(json.loads(json.dumps(old)))
    assert loaded == d and loaded.scenarios == ()
    assert dumps_design(loaded) == dumps_design(d)
