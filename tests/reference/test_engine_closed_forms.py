"""The engine on k-ary fat-trees against closed forms (REFERENCE.md "General k"):
hosts k³/4, edge and aggregation k²/2 each, core k²/4, links 3k³/4, bisection (k³/8)·r
exact, and the full hop histogram, by hand-built design and by template."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from model.design import Design
from model.elements import Role
from tests.reference import builders
from tests.reference.builders import fat_tree_histogram
from tests.reference.compare import template
from tests.reference.test_engine_reference_cases import switches_by_role

KS = list(range(4, 66, 2))
"""Every even k up to 64 (65,536 hosts): the engine takes well under a second each."""
SPEED = 25.0


def _check(design: Design, m: Any, k: int, *, roles_known: bool) -> None:
    hosts = k**3 // 4
    assert m.inventory.accelerators == hosts
    roles = switches_by_role(design, m)
    if roles_known:
        assert roles[Role.LEAF] == k * k // 2
        assert roles[Role.AGGREGATION] == k * k // 2
        assert roles[Role.CORE] == k * k // 4
    else:
        assert sorted(roles.values()) == sorted([k * k // 2, k * k // 2, k * k // 4])
    assert sum(m.inventory.links_by_bundle.values()) == 3 * k**3 // 4
    assert m.bisection.exact
    assert m.bisection.gbps == pytest.approx(k**3 / 8 * SPEED, rel=1e-12)
    assert m.bisection.fraction_of_full == pytest.approx(1.0, rel=1e-12)
    expected = fat_tree_histogram(k)
    assert dict(m.hops.histogram) == expected
    assert m.hops.scale_up_pairs == 0 and m.hops.unreachable_pairs == 0
    assert m.hops.max == 5
    mean = sum(h * n for h, n in expected.items()) / (hosts * (hosts - 1) / 2)
    assert m.hops.mean == pytest.approx(mean, rel=1e-12)


@pytest.mark.parametrize("k", KS)
def test_fat_tree_by_hand(compute_all: Callable[..., Any], k: int) -> None:
    d = builders.fat_tree(k, speed_gbps=SPEED)
    m = compute_all(d)
    _check(d, m, k, roles_known=True)
    # one pod per island in one building: same edge = rack, same pod = island
    half = k // 2
    hosts = k**3 // 4
    assert {s: dict(h) for s, h in m.hops.by_scope.items() if h} == {
        "rack": {1: hosts * (half - 1) // 2},
        "island": {3: hosts * (half - 1) * half // 2},
        "building": {5: hosts * (k - 1) * k * k // 8},
    }


@pytest.mark.parametrize("k", KS)
def test_fat_tree_template(compute_all: Callable[..., Any], k: int) -> None:
    d = template("fat-tree").build(k=k, speed_gbps=SPEED)
    _check(d, compute_all(d), k, roles_known=False)
