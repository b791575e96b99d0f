"""Wiring edits (one rack fewer or more in one rack group) of small designs of the
families bench_metrics measures (leaf-spine, fat-tree, AI zones), computed by an engine
warm from the design before the edit: the same figures as a fresh ``Engine()`` and as
the reference (expanded graph, BFS, integer program).

Hosts of one accelerator each (leaf-spine, fat-tree) have no pair inside a server or a
scale-up domain; the hop count skips those levels (``model.metrics.hops._singletons``),
and these designs are where that shortcut is checked against the reference.

The pod tree's levels that only switches reach are kept by the partition of the
switches below (``model.metrics.bisection.pod_levels``); a count edit that empties a
unit renumbers every pod above it. The warm skeleton must equal a fresh one array for
array, not only give the same figures.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from unittest.mock import patch

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from model.design import Design
from model.errors import DesignError
from model.metrics import Engine
from model.metrics.bisection import pods
from model.metrics.bisection.pod_levels import level_check, level_pods
from model.metrics.bisection.units import bisection_units
from model.metrics.memory import Memory, remembering
from model.metrics.representation.attachment import attachment_units
from model.metrics.representation.endpoints import build_endpoints
from model.metrics.representation.topology import resolve
from model.templates import TEMPLATES
from tests.reference.expand import ExpansionError, expand
from tests.reference.random_designs import hierarchical_designs
from tests.reference.test_engine_vs_reference import QUICK, mismatches

FAMILIES: dict[str, list[dict[str, Any]]] = {
    "leaf-spine": [{"leaves": 4, "down": 6, "up": 4, "spines": 2},
                   {"leaves": 6, "down": 3, "up": 3, "spines": 3}],
    "fat-tree": [{"k": 4}],
    "ai-zones": [{"pods": 2, "racks_per_pod": 5, "gpus_per_rack": 8}],
}
CASES = [(family, params) for family, sets in FAMILIES.items() for params in sets]


def _same_as_fresh_and_reference(engine: Engine, design: Design) -> bool:
    """The warm engine's figures equal a fresh engine's and, where the reference can
    lay the design out (a rack pattern needs its switches to divide among the racks),
    the reference's. Returns whether the reference was compared."""
    warm = engine.compute_all(design)
    cold = Engine().compute_all(design)
    assert warm.hops == cold.hops
    assert (warm.bisection.gbps, warm.bisection.exact) == (cold.bisection.gbps,
                                                            cold.bisection.exact)
    assert warm.island_pairs == cold.island_pairs
    try:
        expand(design)
    except ExpansionError:
        return False
    problems = mismatches(lambda d, plane=None: engine.compute_all(d, plane), design,
                          check_cut=True)
    assert not problems, "\n".join(problems)
    return True


@pytest.mark.parametrize(("family", "params"), CASES, ids=str)
def test_one_rack_fewer_then_back(family: str, params: dict[str, Any]) -> None:
    """The bench's edit: the first rack group loses a rack, then another, then gets them
    back (undo), each computed warm; then every count down to one rack (the counts the
    reference can lay out are compared with it too, and there is at least one besides
    the full count)."""
    design = TEMPLATES[family].build(**params)
    group = next(iter(design.rack_groups.values()))
    full = group.count
    engine = Engine()
    engine.compute_all(design)
    compared = 0
    for count in [c for c in (full - 1, full - 2, full - 1, full, *range(full - 1, 0, -1))
                  if c >= 1]:
        design.update(group.id, count=count)
        compared += _same_as_fresh_and_reference(engine, design) and count != full
    assert compared


@QUICK
@given(st.sampled_from(CASES), st.data())
def test_random_count_edits_warm_fresh_reference(case: tuple[str, dict[str, Any]],
                                                 data: Any) -> None:
    family, params = case
    design = TEMPLATES[family].build(**params)
    engine = Engine()
    engine.compute_all(design)
    for _ in _count_edits(design, data):
        _same_as_fresh_and_reference(engine, design)


SKELETON_ARRAYS = ("parent", "level", "own_ptr", "own_members", "child_ptr", "child_idx",
                   "unit_size", "unit_lo", "unit_hi")


def _count_edits(design: Design, data: Any, times: int = 3) -> Iterator[str]:
    """Draw a rack group and a new count for it (1 to one more than now) ``times``
    times; yield the group's id after each edit the design accepts (a refused count
    leaves the design as it was)."""
    groups = list(design.rack_groups)
    for _ in range(times):
        group = data.draw(st.sampled_from(groups))
        before = design.rack_groups[group].count
        try:
            design.update(group, count=data.draw(st.integers(1, before + 1)))
        except DesignError:
            continue
        yield group


def _skeleton(design: Design, memory: Memory) -> Any:
    """The pod tree's structure of ``design``, computed with ``memory``."""
    with remembering(memory):
        topo = resolve(design)
        ep = build_endpoints(topo)
        return bisection_units(topo, ep, attachment_units(ep)).skeleton


def _numbered_level(structure: Any, lv: int, own: Any, slot: Any, below: Any,
                    below_pod: Any, below_slot: Any, links: Any, reach: Any,
                    order_by: Any) -> Any:
    """A level only switches reach, computed on the pods' node numbers as every level
    was before ``pod_levels`` (no memory): the reference for the skeleton test."""
    lower_member, upper, edges = links
    r_lo, r_hi, r_a, r_b = reach
    top_of, first, units = order_by
    count = int(top_of.max()) + 1  # the nodes numbered so far
    lower = lower_member + units
    child_node = top_of[lower]
    pod_of_own, pods_first = level_pods(top_of[r_lo + units], slot[r_hi], slot[r_a],
                                        slot[r_b], own, first[:count], units)
    pod_of_child = np.full(count, -1, dtype=np.int64)
    pod_of_child[child_node] = pod_of_own[slot[upper]] + count
    kids = np.flatnonzero(pod_of_child >= 0)
    check = level_check(child_node, lower, upper, pod_of_child - count,
                        np.bincount(pod_of_own, minlength=pods_first.size),
                        np.zeros(0, np.int64), edges)
    base = int(top_of[below + units].min())
    return pod_of_own, pods_first, check, kids - base, pod_of_child[kids] - count


@pytest.mark.parametrize(("family", "params"), CASES, ids=str)
def test_pod_skeleton_after_count_edits_equals_a_fresh_one(family: str,
                                                           params: dict[str, Any]) -> None:
    """Two rack groups in turn lose racks one at a time down to one and get them back,
    the skeleton computed each time with one memory kept throughout: the same pods, in
    the same order, as with nothing remembered and every level numbered as before
    ``pod_levels``; and the levels only switches reach were found in the memory."""
    design = TEMPLATES[family].build(**params)
    memory = Memory()
    _skeleton(design, memory)
    for group in list(design.rack_groups.values())[:2]:
        full = group.count
        for count in [*range(full - 1, 0, -1), full]:
            design.update(group.id, count=count)
            warm = _skeleton(design, memory)
            with patch.object(pods, "switch_level", _numbered_level):
                cold = _skeleton(design, Memory())
            assert warm.roots == cold.roots
            for name in SKELETON_ARRAYS:
                assert np.array_equal(getattr(warm, name), getattr(cold, name)), name
            assert [(c.complete, c.group is None) for c in warm.checks] == \
                [(c.complete, c.group is None) for c in cold.checks]
    assert len(memory.switch_levels) > 0


@QUICK
@given(hierarchical_designs(), st.data())
def test_pod_skeleton_random_designs_count_edits(design: Design, data: Any) -> None:
    """Random hierarchical designs, rack counts drawn afresh three times (a count of one
    may leave a switch without units, so a pod of switches only sorts after pods with
    units): the warm skeleton equals the one numbered as before ``pod_levels``."""
    memory = Memory()
    _skeleton(design, memory)
    for _ in _count_edits(design, data):
        warm = _skeleton(design, memory)
        with patch.object(pods, "switch_level", _numbered_level):
            cold = _skeleton(design, Memory())
        assert (warm is None) == (cold is None)
        if warm is None:
            continue
        assert warm.roots == cold.roots
        for name in SKELETON_ARRAYS:
            assert np.array_equal(getattr(warm, name), getattr(cold, name)), name
