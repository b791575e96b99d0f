"""The engine against the slow reference on random hierarchical designs (task 4a, 4e).

Hops must agree exactly (histogram, by scope, scale-up pairs, unreachable pairs, mean,
max). Bisection must agree exactly when the engine says ``exact``; otherwise the engine's
figure must be an upper bound (it is a real cut, so never below the true minimum). On
hierarchical designs (no peer links) the engine must also say ``exact``: the pod-tree
DPs and, for what they do not cover, the integer program solve every design this small.
Power must agree to 1e-9 relative. Island and building pair capacities must equal the
minimum cut separating the two places' accelerators on the expanded graph. The engine's
reported cut must be balanced and reachable with its group counts (see
``compare.cut_constraints``).
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any
from unittest.mock import patch

import pytest
from hypothesis import HealthCheck, Phase, given, settings

from model.design import Design
from model.elements import Plane
from model.metrics import Engine
from model.metrics.algorithms import min_plus
from tests.reference.compare import (
    REL,
    close,
    cut_mismatches,
    hops_mismatches,
    pair_mismatches,
    power_mismatches,
)
from tests.reference.expand import expand
from tests.reference.random_designs import hierarchical_designs
from tests.reference.slow_metrics import bisection_milp, hops

# the modules themselves (the package exports functions of the same names)
switch_classes = import_module("model.metrics.representation.switch_classes")
hop_pairs = import_module("model.metrics.hop_pairs")

# The engine takes up to ~2 s on some of these small designs, so the quick tests stop
# at the first failing example instead of shrinking it (shrinking costs minutes); the
# slow 200-example tests shrink, for a minimal example to report.
NO_SHRINK = (Phase.explicit, Phase.reuse, Phase.generate)
QUICK = settings(
    max_examples=12, deadline=None, suppress_health_check=list(HealthCheck), phases=NO_SHRINK
)
FULL = settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))


def mismatches(
    compute_all: Callable[..., Any],
    design: Design,
    *,
    check_cut: bool,
    check_figures: bool = True,
    plane: Plane | None = None,
    require_exact: bool = False,
) -> list[str]:
    """Every disagreement between the engine and the reference on one design
    (``require_exact``: a bisection not proven exact is one)."""
    m = compute_all(design, plane)
    ex = expand(design, plane)
    problems: list[str] = []
    if check_cut:
        problems += cut_mismatches(ex, design, m.bisection)
    if not check_figures:
        return problems
    problems += hops_mismatches(m.hops, hops(ex))
    ref = bisection_milp(ex).gbps
    got = m.bisection
    if got.exact and not close(got.gbps, ref):
        problems.append(f"bisection (exact): expected {ref}, got {got.gbps}")
    if require_exact and not got.exact:
        problems.append(f"bisection not proven exact: {got.gbps} (minimum {ref})")
    if not got.exact and got.gbps < ref * (1 - REL) - 1e-6:
        problems.append(f"bisection (upper bound) {got.gbps} below the true minimum {ref}")
    problems += power_mismatches(design, m.power)
    problems += pair_mismatches(ex, m.island_pairs, "island")
    problems += pair_mismatches(ex, m.building_pairs, "building")
    return problems


def _compare(
    compute_all: Callable[..., Any],
    design: Design,
    *,
    check_cut: bool = False,
    check_figures: bool = True,
    plane: Plane | None = None,
    require_exact: bool = False,
) -> None:
    problems = mismatches(
        compute_all, design, check_cut=check_cut, check_figures=check_figures, plane=plane,
        require_exact=require_exact,
    )
    assert not problems, "\n".join(problems)


@QUICK
@given(hierarchical_designs())
def test_engine_matches_reference_quick(compute_all: Callable[..., Any], design: Design) -> None:
    _compare(compute_all, design, require_exact=True)


@pytest.mark.slow
@FULL
@given(hierarchical_designs())
def test_engine_matches_reference_200(compute_all: Callable[..., Any], design: Design) -> None:
    _compare(compute_all, design, require_exact=True)


@QUICK
@given(hierarchical_designs())
def test_engine_matches_reference_convolving_by_pieces(design: Design) -> None:
    """The bisection DP with every convolution taken piece by piece (on designs this
    small it would otherwise take shifted copies of one table; on large uneven ones it
    goes piece by piece, and this is where that way is checked against the reference)."""
    with patch.object(min_plus, "_PIECE_COST", 0):
        _compare(Engine().compute_all, design)


@QUICK
@given(hierarchical_designs())
def test_engine_hops_in_batches_and_bands(design: Design) -> None:
    """Hop distances searched from three classes at a time and counted a few rows of the
    signature matrices at a time (large uneven designs are, to bound their memory):
    the same figures as the reference."""
    with patch.object(switch_classes, "BATCH", 3), patch.object(hop_pairs, "ROWS_AT_ONCE", 11):
        _compare(Engine().compute_all, design)


@QUICK
@given(hierarchical_designs(shared_nics=False))
def test_engine_matches_reference_dedicated_nics(
    compute_all: Callable[..., Any], design: Design
) -> None:
    """Servers with at least one NIC per accelerator only: keeps the shared-NIC hop
    question (see test_engine_hand_cases.py) from hiding other disagreements."""
    _compare(compute_all, design, require_exact=True)


@QUICK
@given(hierarchical_designs(allow_global=True))
def test_engine_with_global_links(compute_all: Callable[..., Any], design: Design) -> None:
    """Designs with a global (peer) bundle: hops exact, bisection exact or an upper bound."""
    _compare(compute_all, design)


@QUICK
@given(hierarchical_designs(max_accelerators=10, max_switches=6))
def test_engine_matches_reference_tiny(compute_all: Callable[..., Any], design: Design) -> None:
    """Tiny designs, where every corner (one server, one switch, no link) is likely."""
    _compare(compute_all, design, require_exact=True)


@QUICK
@given(hierarchical_designs(frontend=True))
def test_engine_planes(compute_all: Callable[..., Any], design: Design) -> None:
    """Designs with frontend tiers: the backend figures ignore them, the frontend
    figures use the servers' frontend NICs; power counts every plane."""
    _compare(compute_all, design)
    _compare(compute_all, design, plane=Plane.FRONTEND)


@QUICK
@given(hierarchical_designs(allow_global=True))
def test_engine_cut_is_consistent(compute_all: Callable[..., Any], design: Design) -> None:
    """The reported cut is balanced, its bundles sum to the figure, and its group
    counts admit a placement crossing exactly the figure (task 4e)."""
    _compare(compute_all, design, check_cut=True, check_figures=False)


@pytest.mark.slow
@FULL
@given(hierarchical_designs(allow_global=True))
def test_engine_cut_is_consistent_200(compute_all: Callable[..., Any], design: Design) -> None:
    _compare(compute_all, design, check_cut=True, check_figures=False)
