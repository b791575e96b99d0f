"""A shared NIC whose accelerators stand on both sides of a cut is one endpoint on one
side: the crossing counts the cheaper placement of the NIC, not each accelerator's share
of its links (which undercounts when its switches stand apart too)."""

from __future__ import annotations

import numpy as np

from model.metrics.bisection.report_cut import Sides, _split_nics
from model.metrics.representation.endpoints import Endpoints, GroupSpan, IncidenceBlock


def one_server() -> Endpoints:
    """Two accelerators on one NIC with three 100 Gb/s links dealt over two leaves
    (leaf 0 gets two, leaf 1 one); each link is shared 50/50 by the accelerators."""
    acc = np.array([0, 1, 0, 1, 0, 1])
    member = np.array([0, 0, 1, 1, 0, 0])
    zeros = np.zeros(2, dtype=np.int64)
    return Endpoints(count=2, inc_blocks=[IncidenceBlock(0, 0, 6, np.full(6, 0.5))],
                     speeds=[100.0], island_names=["i"], building_names=["b"],
                     spans=[GroupSpan(0, 2, 0, 0)],
                     given={"inc_acc": acc, "inc_member": member, "inc_gbps": np.full(6, 50.0),
                            "server": zeros, "rack": zeros, "domain": np.array([0, 1]),
                            "shared_nic": zeros})


def crossing(accelerators: list[int], switches: list[int]) -> float:
    ep = one_server()
    sides = Sides(np.array(switches, dtype=np.int8), np.array(accelerators, dtype=np.int8))
    apart = sides.accelerator[ep.inc_acc] != sides.switch[ep.inc_member]
    per = np.bincount(ep.inc_bundle[apart], weights=ep.inc_gbps[apart], minlength=1)
    _split_nics(ep, sides, apart, per)
    return float(per[0])


def test_split_nic_with_switches_apart_counts_the_cheaper_nic_side() -> None:
    # accelerator 0 and leaf 0 on A, accelerator 1 and leaf 1 on B. NIC on A: 150 (acc 1
    # to the NIC) + 100 (the link to leaf 1) = 250; on B: 150 + 200 = 350.
    assert crossing([1, 0], [1, 0]) == 250.0


def test_split_nic_with_switches_together_is_the_share_count() -> None:
    # both leaves on B: NIC on B costs acc 0's 150; each share counted gives 150 too
    assert crossing([1, 0], [0, 0]) == 150.0


def test_nic_standing_whole_is_unchanged() -> None:
    # both accelerators on A, leaf 1 on B: the one link to leaf 1 crosses
    assert crossing([1, 1], [1, 0]) == 100.0
