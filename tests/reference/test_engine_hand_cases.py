"""Small designs whose figures are counted by hand, each isolating one rule of the
definitions where the engine and the reference were seen to differ (or could).
The expected figures are hand counts, confirmed by the reference's exact methods."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from model.elements import LinkBundle, Pattern, SwitchTier
from tests.reference import builders
from tests.reference.expand import expand
from tests.reference.slow_metrics import bisection_brute_force, bisection_milp, hops
from tests.reference.test_reference_self import _one_group, _with_tier


def test_links_uneven_over_accelerators_bisection(compute_all: Callable[..., Any]) -> None:
    """2 racks × 1 server × 2 GPUs with 4 NICs (2 per GPU); 3 links per server (rack
    pattern, 400G, one leaf per rack), each leaf 3 links to one spine.

    Link l uses NIC l, which serves GPU l·2//4: GPU 0 has 2 links (800G), GPU 1 has
    one (400G). Putting both GPU 1s on side A and everything else on B crosses 800G;
    no balanced cut crosses less (every 2-GPU side A must cut each of its GPUs' links
    or a leaf's 1,200G of uplinks). The bisection is 800 Gb/s.
    """
    d = _with_tier(_one_group(2, 4, 1, 2), 2, Pattern.RACK, 3)
    d.update("l", speed_gbps=400)
    d.add(SwitchTier(id="sp", name="spine", switch="sw", count=1, island="i"))
    d.add(LinkBundle(id="up", name="up", lower="t", upper="sp", links_per_member=3,
                     speed_gbps=400))
    ex = expand(d)
    assert bisection_milp(ex).gbps == 800.0 == bisection_brute_force(ex)
    m = compute_all(d)
    if m.bisection.exact:
        assert m.bisection.gbps == pytest.approx(800.0)
    assert m.bisection.gbps >= 800.0


def test_gpus_without_links_bisection(compute_all: Callable[..., Any]) -> None:
    """1 server of 4 GPUs with 4 NICs and 2 links (NICs 0, 1): GPUs 2 and 3 have no
    scale-out link, so they alone form side A: the bisection is 0."""
    d = _with_tier(_one_group(4, 4, 1, 1), 1, Pattern.SPREAD, 2)
    ex = expand(d)
    assert bisection_milp(ex).gbps == 0.0 == bisection_brute_force(ex)
    m = compute_all(d)
    if m.bisection.exact:
        assert m.bisection.gbps == pytest.approx(0.0, abs=1e-9)
    assert m.bisection.gbps >= 0.0


def test_shared_nic_pairs_are_zero_hops(compute_all: Callable[..., Any]) -> None:
    """4 GPUs on 2 NICs (GPUs 0,1 on NIC 0; 2,3 on NIC 1), no scale-up, one leaf.

    DESIGN §3: hops are the switches on a shortest path between the two accelerators'
    NICs. GPUs 0 and 1 share NIC 0: the path is empty, 0 switches. Histogram: 2 pairs
    at 0 hops, 4 pairs at 1 hop (through the leaf).
    """
    d = _with_tier(_one_group(4, 2, 1, 1), 1, Pattern.SPREAD, 2)
    assert hops(expand(d)).histogram == {0: 2, 1: 4}
    assert dict(compute_all(d).hops.histogram) == {0: 2, 1: 4}


def test_shared_nic_without_link_still_joins_its_gpus(compute_all: Callable[..., Any]) -> None:
    """Same server with 1 link: NIC 1 has no cable. GPUs 2 and 3 still share NIC 1
    (0 hops); GPUs 0,1 share NIC 0 (0 hops); the 4 pairs across NICs are unreachable."""
    d = _with_tier(_one_group(4, 2, 1, 1), 1, Pattern.SPREAD, 1)
    ref = hops(expand(d))
    assert ref.histogram == {0: 2} and ref.unreachable_pairs == 4
    m = compute_all(d)
    assert dict(m.hops.histogram) == {0: 2}
    assert m.hops.unreachable_pairs == 4


def test_cut_counts_rack_group_members_as_servers(compute_all: Callable[..., Any]) -> None:
    """results.BisectionCut: ``side_a`` maps each group to how many of its *members*
    stand on side A; the members of a rack group are its servers (brief). One SU of
    32 DGX split in half: 16 servers (128 GPUs) on side A."""
    d = builders.superpod(1)
    cut = compute_all(d).bisection.cut
    assert cut.accelerators_a == 128
    assert cut.side_a["dgx0"] == 16
