"""Wiring edits (one rack fewer or more in one rack group) of small designs of the
families bench_metrics measures (leaf-spine, fat-tree, AI zones), computed by an engine
warm from the design before the edit: the same figures as a fresh ``Engine()`` and as
the reference (expanded graph, BFS, integer program).

Hosts of one accelerator each (leaf-spine, fat-tree) have no pair inside a server or a
scale-up domain; the hop count skips those levels (``model.metrics.hops._singletons``),
and these designs are where that shortcut is checked against the reference.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from model.design import Design
from model.errors import DesignError
from model.metrics import Engine
from model.templates import TEMPLATES
from tests.reference.expand import ExpansionError, expand
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
    groups = list(design.rack_groups.values())
    engine = Engine()
    engine.compute_all(design)
    for _ in range(3):
        group = data.draw(st.sampled_from(groups))
        before = design.rack_groups[group.id].count
        try:
            design.update(group.id, count=data.draw(st.integers(1, before + 1)))
        except DesignError:
            design.update(group.id, count=before)
            continue
        _same_as_fresh_and_reference(engine, design)
