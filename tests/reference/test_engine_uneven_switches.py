"""Bisections of hierarchical networks whose switches are not interchangeable (links
dealt unevenly over a tier), counted by hand and confirmed by the reference: the engine
finds them exactly, by the DP over switch sides or, with shared NICs, by the integer
program."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from model.design import Design
from model.elements import Building, Island, LinkBundle, Pattern, RackGroup, Role, SwitchTier
from model.metrics import Engine
from model.metrics.bisection.solvers import heuristic, pod_tree_dp, switch_sides_dp
from tests.reference import builders
from tests.reference.compare import template
from tests.reference.expand import expand
from tests.reference.slow_metrics import bisection_brute_force, bisection_milp


def without_integer_program() -> Engine:
    """A fresh engine whose bisection solvers leave out the integer program, so the DPs
    are what is tested."""
    return Engine(solvers=(switch_sides_dp, pod_tree_dp, heuristic))


def _uneven(accelerators_per_server: int, nics: int, spines: int = 2, up_links: int = 3,
            down_links: int = 1) -> Design:
    """One island: 2 racks of 2 servers, each server one 400G link from its NIC(s) to
    its rack's leaf; each leaf deals 3 links of 100G over 2 spines (leaf 0: spine 0
    twice, spine 1 once; leaf 1 the other way round), so neither spine reaches both
    leaves equally."""
    d = Design()
    d.add_parts(builders.plain_catalog(2, accelerators_per_server, nics))
    d.add(Building(id="b", name="b", capacity_kw=100))
    d.add(Island(id="i", name="i", building="b"))
    d.add(RackGroup(id="g", name="g", island="i", rack_type="r", count=2))
    d.add(SwitchTier(id="leaf", name="leaf", switch="sw", count=2, island="i"))
    d.add(SwitchTier(id="spine", name="spine", switch="sw", count=spines, role=Role.SPINE,
                     island="i"))
    d.add(LinkBundle(id="down", name="down", lower="g", upper="leaf",
                     links_per_member=down_links, speed_gbps=400, pattern=Pattern.RACK))
    d.add(LinkBundle(id="up", name="up", lower="leaf", upper="spine",
                     links_per_member=up_links, speed_gbps=100))
    return d


def test_uneven_spines_one_gpu_per_server() -> None:
    """4 GPUs, 2 per leaf. Each leaf's GPUs on one side, spine 0 with leaf 0 and spine 1
    with leaf 1: the cut crosses one 100G link of each leaf, 200 Gb/s. Splitting a leaf's
    GPUs instead crosses a 400G GPU link at least. Counting only how many spines stand on
    each side cannot see that the spines differ. (The integer program is switched off:
    this is the DP over switch sides.)"""
    compute_all = without_integer_program().compute_all
    d = _uneven(1, 1)
    ex = expand(d)
    assert bisection_milp(ex).gbps == 200.0 == bisection_brute_force(ex)
    b = compute_all(d).bisection
    assert b.exact
    assert b.gbps == pytest.approx(200.0)


def test_uneven_spines_with_shared_nics(compute_all: Callable[..., Any]) -> None:
    """The same with 2 GPUs per server sharing one NIC (8 GPUs, 4 per leaf): each leaf's
    GPUs on one side, 200 Gb/s as before."""
    d = _uneven(2, 1)
    ex = expand(d)
    assert bisection_milp(ex).gbps == 200.0
    b = compute_all(d).bisection
    assert b.exact
    assert b.gbps == pytest.approx(200.0)


def test_uneven_spines_in_two_classes() -> None:
    """16 spines; each leaf deals 24 links of 100G over them: leaf 0 reaches spines 0–7
    twice and 8–15 once, leaf 1 the other way round. Each GPU has 4 × 400G links.

    Each leaf's GPUs on one side, spines 0–7 with leaf 0 and 8–15 with leaf 1: the cut
    crosses 8 single links of each leaf, 1,600 Gb/s. All spines on one side would cross
    one leaf's 2,400G; splitting a leaf's GPUs, 3,200G. The 16 spines are two classes of
    8 wired alike, so the DP over switch sides sees two switches, not 2^16 assignments
    (the integer program is switched off)."""
    compute_all = without_integer_program().compute_all
    d = _uneven(1, 1, spines=16, up_links=24, down_links=4)
    assert bisection_milp(expand(d)).gbps == 1600.0
    b = compute_all(d).bisection
    assert b.exact
    assert b.gbps == pytest.approx(1600.0)


def test_campus_with_one_island_of_half_uplinks_is_exact(
        compute_all: Callable[..., Any]) -> None:
    """The 98,304-GPU example with island 1's spine-to-core links halved (6 instead of
    12 per spine): each of its spines reaches 6 of the 384 cores, each core only some of
    its spines, so no two cores are wired alike, yet colour refinement finds two classes
    of cores (the halves island 1's planes reach) and the DP over switch sides solves it.

    By hand, in links of 400G: a plane (1,536 GPUs) of a full island has one link to
    each core, a plane of island 1 one link to each core of its half (192). With m cores
    on side A, a full plane on B crosses m of its links and one on A 384 − m; a plane of
    island 1 at least max(0, m − 192) on B and max(0, 192 − m) on A. Halves of whole
    planes take 32 of the 64 (splitting a plane crosses its full-bisection leaf-spine
    links, far more); with a of island 1's 8 planes on A the cut is at least
    (32 − a)(384 − m) + (24 + a)m + a·max(0, 192 − m) + (8 − a)·max(0, m − 192), whose
    least over a and m is 10,752 links (m = 384, a = 0: islands 1 and three full ones
    away from the core), 4,300.8 Tb/s = 614.4 + 3 × 1,228.8."""
    d = template("islands").build()
    d.update("island-1-spine-core", links_per_member=6)
    b = compute_all(d).bisection
    assert b.exact
    assert b.gbps == pytest.approx(10_752 * 400.0)
    lower = min((32 - a) * (384 - m) + (24 + a) * m + a * max(0, 192 - m)
                + (8 - a) * max(0, m - 192) for a in range(9) for m in range(385))
    assert lower == 10_752


def _leaf_spine_over_16(leaves: int, down: int) -> Design:
    """A leaf-spine whose 12 uplinks per leaf are re-dealt over 16 spines: leaf j's run
    starts at spine 12j mod 16, so leaves come in four kinds, each missing one block of
    four spines (kind 0 spines 12–15, kind 1 8–11, kind 2 4–7, kind 3 0–3)."""
    d = template("leaf-spine").build(leaves=leaves, down=down, up=12, spines=12,
                                     speed_gbps=100)
    d.update("spine", count=16)
    return d


def test_uneven_leaf_spine_matches_the_reference() -> None:
    """8 leaves of 16 hosts (128 GPUs). By hand: kinds 0 and 1 on side A, 2 and 3 on B;
    each block of spines stands with the side holding two of the three kinds that reach
    it, and the third kind's 2 leaves cross 4 links each to it: 4 blocks × 8 = 32
    links, 3.2 Tb/s, where spines standing together cost 4 leaves × 12 = 48. The
    reference's integer program agrees; the engine's is switched off, so this is the DP
    over switch sides."""
    compute_all = without_integer_program().compute_all
    d = _leaf_spine_over_16(8, 16)
    assert bisection_milp(expand(d)).gbps == 3200.0
    b = compute_all(d).bisection
    assert b.exact
    assert b.gbps == pytest.approx(3200.0)


def test_uneven_leaf_spine_at_24k_is_exact(compute_all: Callable[..., Any]) -> None:
    """The same wiring with 512 leaves of 48 hosts: the same cut by hand crosses
    128 leaves × 4 links per block, 2,048 links, 204.8 Tb/s, a third below the 307.2 of
    spines standing together. (The DP's estimate of its own work once counted each
    child's assignments at the size of its parent's table, and refused this tree.)"""
    b = compute_all(_leaf_spine_over_16(512, 48)).bisection
    assert b.exact
    assert b.gbps == pytest.approx(2048 * 100.0)
