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
    """The switch graph of one plane, ready for repeated s–t cuts. The capacity matrix
    is laid out once, with an edge from the source to every switch and from every
    switch to the sink; a query only fills in those edges' capacities."""

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
        source, sink, every = n, n + 1, np.arange(n, dtype=np.int64)
        rows = np.concatenate([lo, hi, np.full(n, source), every])
        cols = np.concatenate([hi, lo, every, np.full(n, sink)])
        # switch links weigh their capacity; the source and sink edges are tagged by
        # the switch they serve (−1 … −n from the source, −n−1 … −2n to the sink)
        tag = np.concatenate([cap, cap, -1.0 - every, -1.0 - n - every])
        # entries sorted by (row, column), as compressed rows store them
        key, position = np.unique(rows * (n + 2) + cols, return_inverse=True)
        position = position.reshape(-1)
        counts = np.bincount(key // (n + 2), minlength=n + 2)
        matrix = csr_matrix((np.zeros(key.size), (key % (n + 2)).astype(np.int32),
                             np.r_[0, np.cumsum(counts)].astype(np.int32)),
                            shape=(n + 2, n + 2))
        self._links = np.bincount(position[tag >= 0], weights=tag[tag >= 0],
                                  minlength=key.size)
        self._from_source = position[2 * lo.size:2 * lo.size + n]
        self._to_sink = position[2 * lo.size + n:]
        self._matrix = matrix
        # every capacity a query can use, counted once (the two sides never share an
        # accelerator)
        self._scale = SCALE if (2 * cap.sum() + ep.inc_gbps.sum()) * SCALE < 2**31 - 1 \
            else 1.0

    def _attach(self, mask: np.ndarray) -> np.ndarray:
        """Capacity from the accelerators in ``mask`` to each switch."""
        ep = self.ep
        chosen = mask[ep.inc_acc]
        out: np.ndarray = np.bincount(ep.inc_member[chosen], weights=ep.inc_gbps[chosen],
                                      minlength=self.switches)
        return out

    def cut(self, side_a: np.ndarray, side_b: np.ndarray, *, sides: bool = True
            ) -> tuple[float, set[int]]:
        """Least capacity separating the accelerators of ``side_a`` from those of
        ``side_b`` (boolean masks over accelerators), and the switches on A's side
        (left empty when ``sides`` is false, which saves a search)."""
        source = self.switches
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
