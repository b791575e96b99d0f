"""Exact bisection of small networks of any shape, as an integer program.

The pod-tree DPs are exact for hierarchical networks (:mod:`model.metrics.bisection.pod_dp`,
:mod:`model.metrics.bisection.pod_dp_switches`). What they do not cover — accelerators sharing a
NIC with uneven wiring, links that skip a level, peer links — is solved exactly here
while the network is small, and otherwise left to the structured upper bound.

Every accelerator, switch and shared NIC is a 0/1 variable (1 = side A); each link a
continuous variable at least the difference of its ends' sides, weighted by its
capacity; the accelerators on A sum to the target. A shared NIC is a node of its own,
reached by each of its k accelerators at 1/k of its links' capacity T, so a NIC whose
accelerators stand on both sides crosses min(b·T/k + T_B, a·T/k + T_A): the definition
the bisection's recount uses (``bisection._split_nics``). The solver is HiGHS through
``scipy.optimize.milp``; its answer counts as exact only when it proves optimality
within :data:`NODE_LIMIT` branch-and-bound nodes.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy.optimize import Bounds, LinearConstraint, milp
from scipy.sparse import coo_matrix

from model.metrics.representation.endpoints import Endpoints
from model.metrics.representation.topology import TierNet, Topology

MAX_NODES = 160
"""Accelerators, switches and shared NICs above which no integer program is tried."""
NODE_LIMIT = 4_000
"""Branch-and-bound nodes after which the program is abandoned (the upper bound
stands). A count, not a time, so that the answer never depends on how busy the machine
is; random small designs need a few hundred at most."""
TIME_LIMIT_S = 30.0
"""A safety net only: the node limit ends the search long before."""


@dataclass
class Solved:
    """A minimum bisection: its value, the side of each switch and each accelerator
    (1 = side A)."""

    value: float
    switch: np.ndarray
    accelerator: np.ndarray


def solve(topo: Topology, ep: Endpoints, target: int) -> Solved | None:
    """The minimum bisection with ``target`` accelerators on side A, or None when the
    network is too large or the solver does not prove optimality in time."""
    n_acc, n_sw = ep.count, topo.switches
    shared = ep.shared_nic if ep.shares_nics else None
    nics = int(shared.max()) + 1 if shared is not None else 0
    nodes = n_acc + n_sw + nics
    if nodes > MAX_NODES:
        return None
    lo, hi, cap = [], [], []
    for b in topo.bundles:
        if isinstance(b.lower, TierNet):
            lo.append(b.lower_member + b.lower.offset + n_acc)
            hi.append(b.upper_member + b.upper.offset + n_acc)
            cap.append(np.full(b.links, b.speed_gbps))
    acc, member, gbps = ep.inc_acc, ep.inc_member + n_acc, ep.inc_gbps
    if shared is not None:
        nic = shared[acc]
        on_nic = nic >= 0
        # the NIC's links leave the NIC; its accelerators reach it at their shares
        k = np.bincount(shared[shared >= 0], minlength=nics).astype(float)
        total = np.bincount(nic[on_nic], weights=gbps[on_nic], minlength=nics)
        nic_node = n_acc + n_sw + nic[on_nic]
        link_key = np.unique(nic_node * nodes + member[on_nic], return_inverse=True)
        link_cap = np.bincount(link_key[1].reshape(-1), weights=gbps[on_nic])
        lo += [link_key[0] // nodes]
        hi += [link_key[0] % nodes]
        cap += [link_cap]
        members = np.flatnonzero(shared >= 0)
        lo += [members]
        hi += [n_acc + n_sw + shared[members]]
        cap += [(total / np.maximum(k, 1))[shared[members]]]
        acc, member, gbps = acc[~on_nic], member[~on_nic], gbps[~on_nic]
    lo.append(acc)
    hi.append(member)
    cap.append(gbps)
    u = np.concatenate(lo).astype(np.int64)
    v = np.concatenate(hi).astype(np.int64)
    c = np.concatenate(cap).astype(float)
    keep = (c > 0) & (u != v)
    u, v, c = u[keep], v[keep], c[keep]
    edges = u.size
    # variables: node sides (binary), then one crossing per link (continuous)
    objective = np.r_[np.zeros(nodes), c]
    rows = np.arange(edges)
    # y_e - x_u + x_v >= 0 and y_e + x_u - x_v >= 0
    data, r, col = [], [], []
    for sign, row_offset in ((1.0, 0), (-1.0, edges)):
        r += [rows + row_offset] * 3
        col += [nodes + rows, u, v]
        data += [np.ones(edges), np.full(edges, -sign), np.full(edges, sign)]
    matrix = coo_matrix((np.concatenate(data), (np.concatenate(r), np.concatenate(col))),
                        shape=(2 * edges, nodes + edges))
    balance = np.r_[np.ones(n_acc), np.zeros(nodes - n_acc + edges)]
    constraints = [LinearConstraint(matrix, 0, np.inf),
                   LinearConstraint(balance[None, :], target, target)]
    integrality = np.r_[np.ones(nodes), np.zeros(edges)]
    lower = np.zeros(nodes + edges)
    if n_acc == 2 * target and n_acc:
        # halves of equal size: a cut and its mirror cost the same, so accelerator 0
        # may be put on side A, which halves the search
        lower[0] = 1
    result = milp(objective, constraints=constraints, integrality=integrality,
                  bounds=Bounds(lower, 1),
                  options={"node_limit": NODE_LIMIT, "time_limit": TIME_LIMIT_S,
                           "mip_rel_gap": 0.0})
    if result.status != 0 or result.x is None:
        return None
    x = np.rint(result.x[:nodes]).astype(np.int8)
    return Solved(float(result.fun), x[n_acc:n_acc + n_sw], x[:n_acc])
