"""Minimum s–t cuts on the member-level network, for networks without a pod tree.

The switch-to-switch links are aggregated once per design into a sparse capacity matrix
(the capacity between two switches is the sum of their links). Each query attaches a
source and a sink to the switches, with the capacity of the accelerators on each side,
and runs one max-flow (scipy's, in C). The bisection heuristic (switch placement for
fixed accelerator sides) and the island/building pair capacities both use it.

An accelerator whose links reach two or more switches is a node of its own: in a cut
between two places, the accelerators of neither place may stand on either side, so such
an accelerator carries flow between its switches like any other node. (Dropping it, as
a plain source or sink attachment would, undercounts the cut.) Accelerators that reach
one switch only are folded into the source and sink edges.

Capacities are integers in Mb/s for the max-flow (link speeds are whole Gb/s and shared
NICs split them into small fractions, so Mb/s keeps them to a part in a million); a
network whose total capacity would overflow 32-bit integers is cut in whole Gb/s.
"""

from __future__ import annotations

import numpy as np
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import breadth_first_order, maximum_flow

from model.metrics.budget import check as check_budget
from model.metrics.representation.endpoints import Endpoints
from model.metrics.representation.topology import TierNet, Topology

SCALE = 1000.0
"""Max-flow capacities are Mb/s integers."""


class MemberNetwork:
    """The switch graph of one plane (with a node for each accelerator that reaches two
    or more switches), ready for repeated s–t cuts. The capacity matrix is laid out
    once, with an edge from the source to every node and from every node to the sink; a
    query only fills in those edges' capacities."""

    def __init__(self, topo: Topology, ep: Endpoints):
        self.ep = ep
        self.switches = n = topo.switches
        lows, highs, caps = [], [], []
        for b in topo.bundles:
            if isinstance(b.lower, TierNet):
                lows.append(b.lower_member + b.lower.offset)
                highs.append(b.upper_member + b.upper.offset)
                caps.append(np.full(b.links, b.speed_gbps))
        empty = np.zeros(0, np.int64)
        lo = np.concatenate(lows) if lows else empty
        hi = np.concatenate(highs) if highs else empty
        cap = np.concatenate(caps) if caps else np.zeros(0)
        # accelerators reaching two or more switches become nodes n … n + m − 1
        self._multi = _multi_homed(ep)
        node = np.full(max(ep.count, 1), -1, dtype=np.int64)
        node[self._multi] = n + np.arange(self._multi.size)
        m = self._multi.size
        joined = node[ep.inc_acc] >= 0 if ep.inc_acc.size else np.zeros(0, bool)
        self._single = ~joined
        a_node, a_member, a_cap = node[ep.inc_acc[joined]], ep.inc_member[joined], \
            ep.inc_gbps[joined]
        size = n + m + 2
        source, sink = n + m, n + m + 1
        every = np.arange(n + m, dtype=np.int64)
        rows = np.concatenate([lo, hi, a_node, a_member, np.full(n + m, source), every])
        cols = np.concatenate([hi, lo, a_member, a_node, every, np.full(n + m, sink)])
        # links weigh their capacity; the source and sink edges are tagged by the node
        # they serve (−1 … −(n+m) from the source, −(n+m)−1 … to the sink)
        tag = np.concatenate([cap, cap, a_cap, a_cap, -1.0 - every, -1.0 - (n + m) - every])
        # entries sorted by (row, column), as compressed rows store them
        key, position = np.unique(rows * size + cols, return_inverse=True)
        position = position.reshape(-1)
        counts = np.bincount(key // size, minlength=size)
        matrix = csr_matrix((np.zeros(key.size), (key % size).astype(np.int32),
                             np.r_[0, np.cumsum(counts)].astype(np.int32)),
                            shape=(size, size))
        self._links = np.bincount(position[tag >= 0], weights=tag[tag >= 0],
                                  minlength=key.size)
        start = 2 * (lo.size + a_node.size)
        self._from_source = position[start:start + n + m]
        self._to_sink = position[start + n + m:]
        self._source = source
        self._acc_capacity = np.bincount(ep.inc_acc, weights=ep.inc_gbps,
                                         minlength=ep.count)[self._multi] \
            if ep.inc_acc.size else np.zeros(0)
        self._matrix = matrix
        # every capacity a query can use, counted once (the two sides never share an
        # accelerator)
        self._scale = SCALE if (2 * cap.sum() + 3 * ep.inc_gbps.sum()) * SCALE < 2**31 - 1 \
            else 1.0

    def _attach(self, mask: np.ndarray) -> np.ndarray:
        """Capacity to each node from the accelerators in ``mask``: to the switch for
        those reaching one, to their own node for the others."""
        ep = self.ep
        chosen = mask[ep.inc_acc] & self._single
        out: np.ndarray = np.concatenate((
            np.bincount(ep.inc_member[chosen], weights=ep.inc_gbps[chosen],
                        minlength=self.switches),
            np.where(mask[self._multi], self._acc_capacity, 0.0)))
        return out

    def cut(self, side_a: np.ndarray, side_b: np.ndarray, *, sides: bool = True
            ) -> tuple[float, set[int]]:
        """Least capacity separating the accelerators of ``side_a`` from those of
        ``side_b`` (boolean masks over accelerators), and the switches on A's side
        (left empty when ``sides`` is false, which saves a search). Stops when the run
        is past its deadline (:mod:`model.metrics.budget`)."""
        check_budget()
        source = self._source
        total = self._links.copy()
        total[self._from_source] = self._attach(side_a)
        total[self._to_sink] = self._attach(side_b)
        capacity = self._matrix.copy()
        capacity.data = np.rint(total * self._scale).astype(np.int32)
        result = maximum_flow(capacity, source, source + 1)
        if not sides:
            return result.flow_value / self._scale, set()
        residual = capacity - result.flow
        residual.data = np.maximum(residual.data, 0)
        residual.eliminate_zeros()
        reach = breadth_first_order(residual, source, directed=True,
                                    return_predecessors=False)
        on_a = {int(m) for m in reach if m < self.switches}
        return result.flow_value / self._scale, on_a


def _multi_homed(ep: Endpoints) -> np.ndarray:
    """Accelerators whose links reach two or more distinct switches."""
    if ep.inc_acc.size == 0:
        return np.zeros(0, np.int64)
    first = np.full(ep.count, -1, dtype=np.int64)
    first[ep.inc_acc] = ep.inc_member  # any one of its switches
    other = ep.inc_member != first[ep.inc_acc]
    return np.flatnonzero(np.bincount(ep.inc_acc[other], minlength=ep.count))
