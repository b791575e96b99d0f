"""Accelerators as endpoints of the scale-out network: what each one attaches to.

For every accelerator (numbered globally, rack group by rack group in topology order) this
gives the switch members its NICs' links reach on the plane, and the place keys that hop
scopes and power need (server, rack, island, building, scale-up domain). All arrays are
numpy, one entry per accelerator (or per accelerator–link incidence).

NIC sharing: NIC *i* of a server with *n* NICs and *A* accelerators serves accelerator
``i·A // n`` when ``n ≥ A``; when ``n < A`` it is shared by the accelerators ``a`` with
``a·n // A == i``, each of which gets an equal share of the NIC's links' capacity.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property

import numpy as np

from model.metrics.topology import IntArray, RackNet, Topology

FloatArray = np.ndarray


@dataclass
class Endpoints:
    """Per-accelerator keys and attachments of one plane."""

    count: int
    server: IntArray
    """Global server number of each accelerator."""
    rack: IntArray
    island: IntArray
    building: IntArray
    domain: IntArray
    """Global scale-up domain number of each accelerator."""
    inc_acc: IntArray
    """Incidences: accelerator of each (accelerator, switch member) attachment …"""
    inc_member: IntArray
    """… the global switch member it reaches …"""
    inc_gbps: FloatArray
    """… and the capacity of that attachment (shared NICs split their links)."""
    inc_bundle: IntArray
    """… and the index (into ``Topology.bundles``) of the bundle it belongs to …"""
    inc_share: FloatArray
    """… and the share of that link's capacity it gets (1, or 1/k on a NIC shared by k
    accelerators): ``inc_gbps`` is the bundle's speed times this."""
    rack_group: IntArray
    """Index (into ``Topology.racks``) of each accelerator's rack group."""
    shared_nic: IntArray
    """Global number of the NIC an accelerator shares with others of its server, or -1
    when it has NICs of its own. Accelerators on one NIC are 0 switches apart."""
    island_names: list[str]
    building_names: list[str]

    @cached_property
    def one_attachment_each(self) -> bool:
        """True when every accelerator has exactly one attachment, listed in accelerator
        order (every rail-optimized island): per-accelerator sums are then the
        attachments themselves, with no sorting."""
        acc = self.inc_acc
        return bool(self.count and acc.size == self.count and acc[0] == 0
                    and acc[-1] == self.count - 1 and np.all(acc[1:] > acc[:-1]))

    def with_speeds(self, topo: Topology) -> Endpoints:
        """The same endpoints with attachment capacities from ``topo``'s bundle speeds
        (everything else depends only on which links exist, so an edit of a speed
        reuses it)."""
        speeds = np.array([b.speed_gbps for b in topo.bundles] or [0.0])
        return replace(self, inc_gbps=speeds[self.inc_bundle] * self.inc_share)


def nic_to_accelerators(nics: int, per_server: int) -> list[list[int]]:
    """For each NIC of a server, the accelerators (local numbers) it serves."""
    table: list[list[int]] = [[] for _ in range(nics)]
    if nics >= per_server:
        for i in range(nics):
            table[i].append(i * per_server // nics)
    else:
        for a in range(per_server):
            table[a * nics // per_server].append(a)
    return table


def build_endpoints(topo: Topology) -> Endpoints:
    """Resolve every accelerator of the plane to its keys and switch attachments."""
    islands = {name: k for k, name in enumerate(topo.design.islands)}
    buildings = {name: k for k, name in enumerate(topo.design.buildings)}
    servers, racks, isl, bld, dom = [], [], [], [], []
    inc_a, inc_m, inc_c, inc_b, groups, shared = [], [], [], [], [], []
    server_off = rack_off = dom_off = nic_off = 0
    from_rack: dict[int, list[int]] = {}
    for bi, b in enumerate(topo.bundles):
        if isinstance(b.lower, RackNet):
            from_rack.setdefault(id(b.lower), []).append(bi)
    for rack in topo.racks:
        n_acc = rack.accelerators
        per_server = rack.per_server
        acc = np.arange(n_acc, dtype=np.int64)
        srv = acc // per_server
        servers.append(srv + server_off)
        racks.append(srv // rack.rack_type.servers_per_rack + rack_off)
        isl.append(np.full(n_acc, islands[rack.island], dtype=np.int64))
        bld.append(np.full(n_acc, buildings[rack.building], dtype=np.int64))
        dom.append(acc // rack.domain + dom_off)
        groups.append(np.full(n_acc, rack.index, dtype=np.int64))
        nics = rack.nics(topo.plane)
        if 0 < nics < per_server:
            shared.append(nic_off + srv * nics + (acc % per_server) * nics // per_server)
            nic_off += rack.servers * nics
        else:
            shared.append(np.full(n_acc, -1, dtype=np.int64))
        for bi in from_rack.get(id(rack), []):
            b = topo.bundles[bi]
            a, m, c = _attachments(rack, b.lower_member, b.nic, b.upper_member,
                                   b.upper.offset, topo)
            inc_a.append(a + rack.acc_offset)
            inc_m.append(m)
            inc_c.append(c)
            inc_b.append(np.full(a.size, bi, dtype=np.int64))
        server_off += rack.servers
        rack_off += rack.racks
        dom_off += -(-n_acc // rack.domain)
    empty = np.zeros(0, dtype=np.int64)
    return Endpoints(
        count=topo.accelerators,
        server=np.concatenate(servers) if servers else empty,
        rack=np.concatenate(racks) if racks else empty,
        island=np.concatenate(isl) if isl else empty,
        building=np.concatenate(bld) if bld else empty,
        domain=np.concatenate(dom) if dom else empty,
        inc_acc=np.concatenate(inc_a) if inc_a else empty,
        inc_member=np.concatenate(inc_m) if inc_m else empty,
        inc_gbps=np.zeros(0),
        inc_bundle=np.concatenate(inc_b) if inc_b else empty,
        inc_share=np.concatenate(inc_c) if inc_c else np.zeros(0),
        rack_group=np.concatenate(groups) if groups else empty,
        shared_nic=np.concatenate(shared) if shared else empty,
        island_names=list(islands),
        building_names=list(buildings),
    ).with_speeds(topo)


def _attachments(rack: RackNet, server: IntArray, nic: IntArray | None, upper: IntArray,
                 upper_offset: int, topo: Topology
                 ) -> tuple[IntArray, IntArray, FloatArray]:
    """Accelerator incidences of one rack-group bundle's links, with each one's share
    of its link."""
    assert nic is not None
    per_server = rack.per_server
    nics = max(rack.nics(topo.plane), 1)
    table = nic_to_accelerators(nics, per_server)
    share = len(table[0]) if table else 1
    if share == 1:
        local = np.array([t[0] for t in table], dtype=np.int64)[nic]
        return server * per_server + local, upper + upper_offset, np.ones(server.size)
    width = max(len(t) for t in table)
    grid = np.array([t + [-1] * (width - len(t)) for t in table], dtype=np.int64)
    locals_ = grid[nic]  # links × width
    keep = locals_ >= 0
    counts = keep.sum(axis=1)
    acc = (server[:, None] * per_server + locals_)[keep]
    member = np.broadcast_to((upper + upper_offset)[:, None], locals_.shape)[keep]
    portion = np.broadcast_to((1.0 / counts)[:, None], locals_.shape)[keep]
    return acc, member, portion
