"""Failures that leave parts of a large hierarchical design with nothing to cross: the
bisection stays exact.

- Accelerators stranded by a failure (no scale-out link left) cross nothing wherever
  they stand, so the engine pools them (one unit per island): a grid of single
  accelerators used to exhaust the exact solver and leave ``exact: false``.
- A failed switch has no link left and stands alone, with no accelerator: it crosses
  nothing on either side, so the one pod holding every accelerator is still the top of
  the tree (read at the target alone), not one of several tops combined at every
  count, which used to exhaust the solver on the heterogeneous campus."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest

from model.failures import Failure
from tests.reference import builders
from tests.reference.campuses import heterogeneous_campus
from tests.reference.slow_metrics import balanced_sizes
from tests.reference.test_engine_failures_vs_reference import _check


def _exact_and_within_healthy(healthy: Any, failed: Any) -> None:
    """The failed view's bisection is exact, no more than the healthy one (a failure
    only takes links away), its cut balanced over the working accelerators and crossing
    what it reports."""
    assert failed.bisection.exact
    assert failed.bisection.gbps <= healthy.bisection.gbps * (1 + 1e-9)
    assert failed.bisection.cut.accelerators_a in balanced_sizes(failed.inventory.accelerators)
    assert abs(sum(failed.bisection.cut.crossing_gbps.values()) - failed.bisection.gbps) \
        <= 1e-6 * failed.bisection.gbps


def test_superpod_leaf_and_rack_down_match_reference(
        compute_all: Callable[..., Any]) -> None:
    """One SuperPOD unit (256 GPUs, above the integer program's size in the engine):
    rail leaf 0 down strands GPU 0 of every server, a rack down takes 32 GPUs; every
    figure against the reference graph, the bisection exact."""
    design = builders.superpod(sus=1)
    _check(compute_all, design, [Failure(element="leaf0", count=1),
                                 Failure(element="dgx0", members=(3,))])


def test_heterogeneous_campus_leaf_down_is_exact(compute_all: Callable[..., Any]) -> None:
    """The heterogeneous ~100K campus with a leaf down (its 32 rail links, one GPU
    each: 32 stranded): a hierarchical design, so its bisection is exact; no more than
    the healthy one (a failure only takes links away, so every balanced cut crosses no
    more than before); and its cut is balanced over the working accelerators."""
    design = heterogeneous_campus()
    leaf = next(t for t in design.tiers.values() if t.role.value == "leaf")
    healthy = compute_all(design)
    started = time.perf_counter()
    failed = compute_all(design, failures=[Failure(element=leaf.id, count=1)])
    assert time.perf_counter() - started < 5.0
    assert failed.failures.accelerators_stranded == 32
    _exact_and_within_healthy(healthy, failed)


@pytest.mark.parametrize("tier", ["core", "island-3-spine", "island-9-spine"])
def test_heterogeneous_campus_switch_down_is_exact(compute_all: Callable[..., Any],
                                                   tier: str) -> None:
    """The heterogeneous campus with one switch down: the campus core, or a spine of a
    13:1 island (whose 4 uplinks reached 4 of the 512 cores). Exact; no more than the
    healthy bisection (a failure only takes links away); nothing stranded (every leaf
    keeps its other spines, every spine its other cores); the cut balanced."""
    design = heterogeneous_campus()
    healthy = compute_all(design)
    failed = compute_all(design, failures=[Failure(element=tier, count=1)])
    assert failed.failures.accelerators_stranded == 0
    _exact_and_within_healthy(healthy, failed)


def test_heterogeneous_campus_two_cores_apart_are_exact(
        compute_all: Callable[..., Any]) -> None:
    """Cores 0 and 300 down: their links gone, the spines that reached them lose one
    uplink each, and the coarsest classes left are 12 of cores and 8 of each island's
    spines. The switch-sides DP ran past an edit's allowance and the campus reported
    a best cut, ``exact: false``; a view with failures may spend more
    (``solvers.FAILURE_OPERATIONS``). Exact, and between two bounds that do not come
    from the DP: at most the healthy bisection (a failure only takes links away, and no
    accelerator is lost, so every balanced cut stays balanced), at least the healthy
    one less the two cores' links (each core has 30,720 / 512 = 60 links of 400 Gb/s:
    every island's uplinks deal evenly over the 512 cores)."""
    design = heterogeneous_campus()
    healthy = compute_all(design)
    failed = compute_all(design, failures=[Failure(element="core", members=(0, 300))])
    assert failed.inventory.accelerators == healthy.inventory.accelerators
    assert healthy.bisection.gbps - 2 * 60 * 400.0 <= failed.bisection.gbps
    _exact_and_within_healthy(healthy, failed)


def test_heterogeneous_campus_core_and_leaf_down_are_exact(
        compute_all: Callable[..., Any]) -> None:
    """A core and a leaf of island 1 down (8 classes of cores; 32 GPUs stranded): the
    same DP ran out of its edit's allowance (``exact: false`` before). Exact, no more
    than the healthy bisection, the cut balanced over the working accelerators."""
    design = heterogeneous_campus()
    healthy = compute_all(design)
    failed = compute_all(design, failures=[Failure(element="core", count=1),
                                           Failure(element="island-1-leaf", count=1)])
    assert failed.failures.accelerators_stranded == 32
    _exact_and_within_healthy(healthy, failed)
