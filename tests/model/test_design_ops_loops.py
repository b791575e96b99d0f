"""The loop check of a new bundle stays cheap: a file of thousands of tiers stacked one
on another opens in seconds whichever order its bundles come in (searching only
downward cost n²/2 steps), and the two-sided search agrees with a plain depth-first
search on random hierarchies."""

from __future__ import annotations

import time
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from model.design import Design
from model.errors import DesignError
from model.fileformat import design_from_dict, dumps_design
from model.reach import Links, reaches
from tests.model.test_design_ops import base_design, bundle


def stacked_tiers(n: int, reverse: bool) -> dict[str, Any]:
    """The base design's file with ``n`` island tiers, each linked to the next up."""
    import json

    data: dict[str, Any] = json.loads(dumps_design(base_design()))
    data["tiers"] += [{"id": f"s{i}", "name": f"S{i}", "switch": "qm9700", "count": 1,
                       "island": "i2"} for i in range(n)]
    links = [{"id": f"y{i}", "name": f"Y{i}", "lower": f"s{i}", "upper": f"s{i + 1}",
              "links_per_member": 1, "speed_gbps": 400} for i in range(n - 1)]
    data["bundles"] += links[::-1] if reverse else links
    return data


@pytest.mark.parametrize("reverse", [False, True])
def test_a_tall_stack_of_tiers_opens_in_seconds(reverse: bool) -> None:
    n = 6000
    start = time.perf_counter()
    d = design_from_dict(stacked_tiers(n, reverse))
    assert time.perf_counter() - start < 5  # searching downward only: about 10 s
    assert len(d.bundles) == 5 + n - 1
    # and a bundle from the top back down to the bottom is still a loop
    with pytest.raises(DesignError, match="loop"):
        d.add(bundle("back", f"s{n - 1}", "s0"))


def plain_reaches(start: str, target: str, down: Links, skip: str) -> bool:
    stack, seen = [start], {start}
    while stack:
        node = stack.pop()
        if node == target:
            return True
        for bundle_id, nxt in down.get(node, {}).items():
            if bundle_id != skip and nxt not in seen:
                seen.add(nxt)
                stack.append(nxt)
    return False


@settings(max_examples=200, deadline=None)
@given(edges=st.lists(st.tuples(st.integers(0, 9), st.integers(0, 9)), max_size=30),
       start=st.integers(0, 9), target=st.integers(0, 9), skip=st.integers(0, 30))
def test_the_two_sided_search_agrees_with_a_plain_one(
    edges: list[tuple[int, int]], start: int, target: int, skip: int
) -> None:
    down: Links = {}
    up: Links = {}
    for i, (a, b) in enumerate(edges):
        down.setdefault(f"n{a}", {})[f"e{i}"] = f"n{b}"
        up.setdefault(f"n{b}", {})[f"e{i}"] = f"n{a}"
    args = (f"n{start}", f"n{target}")
    assert reaches(*args, down, up, f"e{skip}") == plain_reaches(*args, down, f"e{skip}")


def test_an_empty_design_has_no_links() -> None:
    assert not Design()._is_below("a", "b", "x")
