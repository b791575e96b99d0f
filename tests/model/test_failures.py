"""Failures as values (model/failures.py): validation with messages naming the element,
the failure in words, and what a list of failures takes down — each checked against a
hand-built campus whose answer is counted by hand."""

from __future__ import annotations

import numpy as np
import pytest
from pydantic import ValidationError

from model.design import Design
from model.elements import Building, Island, LinkBundle, Pattern, RackGroup, Scope, SwitchTier
from model.errors import DesignError
from model.failures import (
    NOTHING_DOWN,
    Failure,
    Scenario,
    check_failures,
    describe,
    members_of,
    what_is_down,
)
from tests.reference.builders import plain_catalog


def _campus() -> Design:
    """Two halls. Hall A: island a1 (racks ga: 3 racks × 4 servers, leaf la of 4
    switches) and its building spine bs (2 switches); hall B: island b1 (racks gb, leaf
    lb). A campus core (2 switches) stands in hall B. Bundles: ga→la (rack, 2 links per
    server: 24 links), la→bs, lb→core, bs→core."""
    d = Design(name="two halls")
    d.add_parts(plain_catalog(servers_per_rack=4))
    d.add(Building(id="A", name="Hall A", capacity_kw=1e3))
    d.add(Building(id="B", name="Hall B", capacity_kw=1e3))
    d.add(Island(id="a1", name="A1", building="A"))
    d.add(Island(id="b1", name="B1", building="B"))
    d.add(RackGroup(id="ga", name="racks A", island="a1", rack_type="r", count=3))
    d.add(RackGroup(id="gb", name="racks B", island="b1", rack_type="r", count=1))
    d.add(SwitchTier(id="la", name="leaf A", switch="sw", count=4, island="a1"))
    d.add(SwitchTier(id="lb", name="leaf B", switch="sw", count=1, island="b1"))
    d.add(SwitchTier(id="bs", name="spine A", switch="sw", count=2, scope=Scope.BUILDING,
                     building="A"))
    d.add(SwitchTier(id="core", name="core", switch="sw", count=2, scope=Scope.CAMPUS,
                     building="B"))
    d.add(LinkBundle(id="ga-la", name="racks to leaf", lower="ga", upper="la",
                     links_per_member=2, speed_gbps=400, pattern=Pattern.SPREAD))
    d.add(LinkBundle(id="gb-lb", name="racks to leaf B", lower="gb", upper="lb",
                     links_per_member=1, speed_gbps=400))
    d.add(LinkBundle(id="la-bs", name="leaf to spine", lower="la", upper="bs",
                     links_per_member=2, speed_gbps=400))
    d.add(LinkBundle(id="lb-core", name="leaf B up", lower="lb", upper="core",
                     links_per_member=2, speed_gbps=400))
    d.add(LinkBundle(id="bs-core", name="spine up", lower="bs", upper="core",
                     links_per_member=2, speed_gbps=400))
    return d


def test_members_by_kind() -> None:
    """Switches of a tier, racks of a group, links of a bundle (lower members × links
    per member: 12 servers × 2 = 24), 1 for an island or a building."""
    d = _campus()
    assert [members_of(d, e) for e in ("la", "ga", "ga-la", "la-bs", "a1", "A")] == \
        [4, 3, 24, 8, 1, 1]


@pytest.mark.parametrize(("failure", "message"), [
    (Failure(element="nope"), "names no element of the design: 'nope'"),
    (Failure(element="la", count=5), "5 of 'leaf A' cannot fail: it has 4"),
    (Failure(element="ga-la", members=(24,)),
     "'racks to leaf' has no member 24 (members are numbered 0 to 23)"),
    (Failure(element="a1", count=1), "'A1' fails whole or not at all"),
    (Failure(element="A", members=(0,)), "'Hall A' fails whole or not at all"),
])
def test_failures_that_do_not_fit_are_refused(failure: Failure, message: str) -> None:
    with pytest.raises(DesignError, match=message.replace("(", r"\(").replace(")", r"\)")):
        check_failures(_campus(), [failure])


def test_an_element_failed_twice_is_refused() -> None:
    with pytest.raises(DesignError, match="'leaf A' is failed twice"):
        check_failures(_campus(), [Failure(element="la", count=1),
                                   Failure(element="la", members=(3,))])


def test_count_and_members_together_or_repeated_are_refused() -> None:
    with pytest.raises(ValidationError, match="either count or members"):
        Failure(element="la", count=1, members=(0,))
    with pytest.raises(ValidationError, match="listed twice"):
        Failure(element="la", members=(1, 1))


def test_failures_in_words() -> None:
    d = _campus()
    assert describe(d, Failure(element="la", count=2)) == "2 of 4 switches of 'leaf A'"
    assert describe(d, Failure(element="ga", members=(0, 2))) == "2 of 3 racks of 'racks A'"
    assert describe(d, Failure(element="ga-la", count=3)) == \
        "3 of 24 links of 'racks to leaf'"
    assert describe(d, Failure(element="B")) == "'Hall B' (whole)"
    assert Scenario(name="hall B dark", failures=(Failure(element="B"),)).failures[0].whole


def test_a_dark_building_takes_what_stands_in_it() -> None:
    """Hall B dark: island b1, its racks gb and leaf lb, and the campus core (placed in
    hall B); hall A's building spine stays."""
    down = what_is_down(_campus(), [Failure(element="B")])
    assert down.dark == {"B", "b1", "gb", "lb", "core"}
    assert not down.members


def test_a_dark_island_and_counted_members() -> None:
    """Island a1 dark: ga and la (not the building spine bs). Spine switch 1 and links
    3, 0 of spine-up down: member numbers sorted. Every rack of gb down: dark like the
    whole group."""
    down = what_is_down(_campus(), [Failure(element="a1"),
                                    Failure(element="bs", members=(1,)),
                                    Failure(element="bs-core", members=(3, 0)),
                                    Failure(element="gb", count=1)])
    assert down.dark == {"a1", "ga", "la", "gb"}
    assert {k: v.tolist() for k, v in down.members.items()} == {"bs": [1],
                                                                 "bs-core": [0, 3]}


def test_whole_tier_lists_every_switch_and_keys_are_canonical() -> None:
    """A whole tier down is all its switches down (installed, not dark); "count 2" and
    "members 0, 1" are the same failure, with the same key; nothing down is falsy."""
    d = _campus()
    whole = what_is_down(d, [Failure(element="la")])
    assert not whole.dark and np.array_equal(whole.members["la"], np.arange(4))
    assert what_is_down(d, [Failure(element="la", count=2)]).key == \
        what_is_down(d, [Failure(element="la", members=(1, 0))]).key
    assert what_is_down(d, [Failure(element="la", count=2)]).key != \
        what_is_down(d, [Failure(element="la", count=3)]).key
    assert not what_is_down(d, []) and what_is_down(d, []) is NOTHING_DOWN
