"""Minimum s–t cuts on the member-level network, for networks without a pod tree.

The switch-to-switch links are aggregated once per design into a sparse capacity matrix
(the capacity between two switches is the sum of their links). Each query attaches a
source and a sink to the switches, with the capacity of the accelerators on each side,
and runs one max-flow (scipy's, in C). The bisection heuristic (switch placement for
fixed accelerator sides) and the island/building pair capacities both use it.

Capacities are integers in Mb/s for the max-flow (link speeds are whole Gb/s and shared
NICs split them into small fractions, so Mb/s keeps them to a part in a million); a
network whose total capacity would overflow 32-bit integers is cut in whole Gb/s.
"""

from __future__ import annotations

import numpy as np
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import breadth_first_order, maximum_flow

from model.metrics.endpoints import Endpoints
from model.metrics.topology import TierNet, Topology

SCALE = 1000.0
"""Max-flow capacities are Mb/s integers."""


class MemberNetwork:
    """The switch graph of one plane, ready for repeated s–t cuts."""

    def __init__(self, topo: Topology, ep: Endpoints):
        self.ep = ep
        self.switches = topo.switches
        lows, highs, caps = [], [], []
        for b in topo.bundles:
            if isinstance(b.lower, TierNet):
                lows.append(b.lower_member + b.lower.offset)
                highs.append(b.upper_member + b.upper.offset)
                caps.append(np.full(b.links, b.speed_gbps))
        if lows:
            lo, hi, cap = np.concatenate(lows), np.concatenate(highs), np.concatenate(caps)
            self.rows = np.concatenate([lo, hi])
            self.cols = np.concatenate([hi, lo])
            self.caps = np.concatenate([cap, cap])
        else:
            self.rows = self.cols = np.zeros(0, np.int64)
            self.caps = np.zeros(0)

    def _attach(self, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Switches reached by the accelerators in ``mask``, and the capacity to each."""
        ep = self.ep
        chosen = mask[ep.inc_acc]
        total = np.bincount(ep.inc_member[chosen], weights=ep.inc_gbps[chosen],
                            minlength=self.switches)
        members = np.flatnonzero(total)
        return members, total[members]

    def cut(self, side_a: np.ndarray, side_b: np.ndarray) -> tuple[float, set[int]]:
        """Least capacity separating the accelerators of ``side_a`` from those of
        ``side_b`` (boolean masks over accelerators), and the switches on A's side."""
        source, sink = self.switches, self.switches + 1
        a_members, a_caps = self._attach(side_a)
        b_members, b_caps = self._attach(side_b)
        rows = np.concatenate([self.rows, np.full(a_members.size, source), b_members])
        cols = np.concatenate([self.cols, a_members, np.full(b_members.size, sink)])
        caps = np.concatenate([self.caps, a_caps, b_caps])
        n = self.switches + 2
        scale = SCALE if caps.sum() * SCALE < 2**31 - 1 else 1.0
        capacity = csr_matrix((np.rint(caps * scale).astype(np.int32), (rows, cols)),
                              shape=(n, n))
        capacity.sum_duplicates()
        result = maximum_flow(capacity, source, sink)
        residual = capacity - result.flow
        residual.data = np.maximum(residual.data, 0)
        residual.eliminate_zeros()
        reach = breadth_first_order(residual, source, directed=True,
                                    return_predecessors=False)
        on_a = {int(m) for m in reach if m < self.switches}
        return result.flow_value / scale, on_a
