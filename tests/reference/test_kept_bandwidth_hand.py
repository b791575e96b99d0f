"""Accelerators at low bandwidth (:mod:`model.metrics.kept_bandwidth`), counted by hand.

Leaf-spine of :func:`_leaf_spine`: 4 racks × 4 single-GPU servers, one 400G link each to
its rack's leaf (1,600 Gb/s arriving at a leaf), each leaf one 100G uplink to each of 4
spines (400 Gb/s up): a GPU's share of its leaf's uplinks is 400/1,600 × 400 = 100 Gb/s.

- 2 of 4 spines down: every leaf keeps 200 Gb/s of uplinks, every GPU a 50 Gb/s share:
  all 16 keep exactly 50 %, none stranded. At the default threshold (at most 50 %) all
  16 are at low bandwidth; at 49 % none.
- 1 spine down: 75 % each; not at low bandwidth at 50 %, all 16 at 80 %.
- leaf 2 down: its 4 GPUs are stranded (counted there, not here); the 12 others keep
  everything.
- dual-homed (each server 2 × 400G to the 2 leaves of its rack), leaf 0 down: rack 0's
  4 GPUs keep one link of two (injection 50 %) and leaf 1's uplinks, shared by the same
  4 servers' 1,600 Gb/s: 100 Gb/s of 200, 50 %. The other 12 keep all.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from model.design import Design
from model.failures import Failure
from tests.reference import builders


def _leaf_spine(links_per_server: int = 1, leaves: int = 4) -> Design:
    """4 racks × 4 single-GPU servers under ``leaves`` leaves, 4 spines, 4 uplinks a
    leaf (one to each spine)."""
    return builders.small_leaf_spine(racks=4, leaves=leaves, spines=4, uplinks=4,
                                     links_per_server=links_per_server)


def test_two_of_four_spines_down_halves_every_leafs_uplinks(
        compute_all: Callable[..., Any]) -> None:
    f = compute_all(_leaf_spine(), failures=[Failure(element="spine", count=2)]).failures
    assert f.bandwidth_kept == {"g": ((0.5, 16),)}
    assert f.accelerators_low_bandwidth() == 16  # default: at most 50 %
    assert f.low_bandwidth_by_group(0.5) == {"g": 16}
    assert f.accelerators_low_bandwidth(0.49) == 0
    assert f.accelerators_stranded == 0


def test_one_spine_down_keeps_three_quarters(compute_all: Callable[..., Any]) -> None:
    f = compute_all(_leaf_spine(), failures=[Failure(element="spine", count=1)]).failures
    assert f.bandwidth_kept == {"g": ((0.75, 16),)}
    assert f.accelerators_low_bandwidth(0.5) == 0
    assert f.accelerators_low_bandwidth(0.8) == 16


def test_a_leaf_down_strands_not_lowers(compute_all: Callable[..., Any]) -> None:
    f = compute_all(_leaf_spine(), failures=[Failure(element="leaf", members=(2,))]).failures
    assert f.accelerators_stranded == 4
    assert f.bandwidth_kept == {}
    assert f.accelerators_low_bandwidth(0.99) == 0


def test_dual_homed_servers_keep_half_with_one_leaf_down(
        compute_all: Callable[..., Any]) -> None:
    d = _leaf_spine(links_per_server=2, leaves=8)
    f = compute_all(d, failures=[Failure(element="leaf", members=(0,))]).failures
    assert f.accelerators_stranded == 0
    assert f.bandwidth_kept == {"g": ((0.5, 4),)}
    assert f.accelerators_low_bandwidth() == 4


def test_healthy_design_has_no_failure_figures(compute_all: Callable[..., Any]) -> None:
    assert compute_all(_leaf_spine()).failures is None
