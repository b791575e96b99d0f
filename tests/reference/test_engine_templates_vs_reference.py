"""Small instances of every shipped template: the engine against the slow reference
(hops exact, bisection exact or an upper bound, power, pair capacities)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.reference.compare import template
from tests.reference.test_engine_vs_reference import _compare

SMALL = [
    ("fat-tree", {"k": 4}),
    ("fat-tree", {"k": 6, "speed_gbps": 400.0}),
    ("leaf-spine", {"leaves": 4, "down": 8, "up": 4, "spines": 2}),
    ("leaf-spine", {"leaves": 3, "down": 6, "up": 2, "spines": 2}),
    ("ai-zones", {"pods": 2, "racks_per_pod": 2, "gpus_per_rack": 8}),
    ("ai-zones", {"pods": 3, "racks_per_pod": 2, "gpus_per_rack": 8, "buildings": 2}),
    ("dragonfly-plus", {"k": 4}),
    ("superpod", {"sus": 1}),
    ("superpod", {"sus": 1, "system": "gb200-nvl72"}),  # NVL72 domains, 4 rails per tray
]


@pytest.mark.parametrize(("name", "params"), SMALL, ids=[f"{n}-{p}" for n, p in SMALL])
def test_template_instance_matches_reference(
    compute_all: Callable[..., Any], name: str, params: dict[str, Any]
) -> None:
    design = template(name).build(**params)
    _compare(compute_all, design)


@pytest.mark.parametrize(("name", "params"), SMALL, ids=[f"{n}-{p}" for n, p in SMALL])
def test_template_instance_cut_is_consistent(
    compute_all: Callable[..., Any], name: str, params: dict[str, Any]
) -> None:
    design = template(name).build(**params)
    _compare(compute_all, design, check_cut=True, check_figures=False)
