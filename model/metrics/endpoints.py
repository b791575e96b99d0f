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

from model.metrics.remembered import Remembered
from model.metrics.topology import BundleNet, IntArray, RackNet, Topology

FloatArray = np.ndarray


@dataclass(frozen=True)
class IncidenceBlock:
    """The incidences of one bundle from a rack group: a contiguous run of them."""

    bundle: int
    """Index into ``Topology.bundles``."""
    start: int
    stop: int
    share: FloatArray
    """Each incidence's share of its link (1, or 1/k on a NIC shared by k
    accelerators)."""


@dataclass(frozen=True)
class GroupSpan:
    """The accelerators of one rack group: a contiguous run of them, in one island and
    one building."""

    start: int
    stop: int
    island: int
    building: int


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
    inc_blocks: list[IncidenceBlock]
    """The incidences bundle by bundle, each bundle's in one contiguous block."""
    shared_nic: IntArray | None
    """Global number of the NIC an accelerator shares with others of its server, or -1
    when it has NICs of its own (None: no accelerator shares one). Accelerators on one
    NIC are 0 switches apart."""
    island_names: list[str]
    building_names: list[str]
    spans: list[GroupSpan]
    """Each rack group's accelerators, in order."""

    def island_runs(self) -> list[tuple[int, int, int]] | None:
        """(island, start, stop) of each island's accelerators when every island's are
        one contiguous run (as rack groups are listed island by island); else None."""
        runs: list[tuple[int, int, int]] = []
        for span in self.spans:
            if span.start == span.stop:
                continue
            if runs and runs[-1][0] == span.island and runs[-1][2] == span.start:
                runs[-1] = (span.island, runs[-1][1], span.stop)
            else:
                runs.append((span.island, span.start, span.stop))
        if len({island for island, _, _ in runs}) < len(runs):
            return None
        return runs

    @cached_property
    def one_attachment_each(self) -> bool:
        """True when every accelerator has exactly one attachment, listed in accelerator
        order (every rail-optimized island): per-accelerator sums are then the
        attachments themselves, with no sorting."""
        acc = self.inc_acc
        return bool(self.count and acc.size == self.count and acc[0] == 0
                    and acc[-1] == self.count - 1 and np.all(acc[1:] > acc[:-1]))

    @cached_property
    def shares_nics(self) -> bool:
        """True when some accelerators share a NIC."""
        return bool(self.count and self.shared_nic is not None
                    and int(self.shared_nic.max()) >= 0)

    @cached_property
    def inc_bundle(self) -> IntArray:
        """The index (into ``Topology.bundles``) of each incidence's bundle. Made when
        first asked for: the bisection and hops mostly need the blocks alone."""
        out = np.empty(self.inc_acc.size, dtype=np.int64)
        for block in self.inc_blocks:
            out[block.start:block.stop] = block.bundle
        return out

    def with_speeds(self, topo: Topology) -> Endpoints:
        """The same endpoints with attachment capacities from ``topo``'s bundle speeds
        (everything else depends only on which links exist, so an edit of a speed
        reuses it)."""
        gbps = np.empty(self.inc_acc.size)
        for block in self.inc_blocks:
            np.multiply(block.share, topo.bundles[block.bundle].speed_gbps,
                        out=gbps[block.start:block.stop])
        return replace(self, inc_gbps=gbps)


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


@dataclass
class _RackPart:
    """One rack group's endpoints numbered from 0 (its servers, racks, domains, shared
    NICs, accelerators and each bundle's upper members), to be offset into the plane's
    numbering. It depends only on the group's shape and its bundles' wiring, so it is
    kept from one run to the next."""

    server: IntArray
    rack: IntArray
    domain: IntArray
    domains: int
    shared_nic: IntArray | None
    """Local NIC of each accelerator sharing one (None: every accelerator has its own)."""
    nics: int
    inc_acc: list[IntArray]
    inc_member: list[IntArray]
    inc_share: list[FloatArray]
    """Per bundle from the group (in topology order): its incidences."""


_parts: Remembered[_RackPart] = Remembered(64 * 2**20)
"""Rack groups' parts from earlier runs, by shape (bounded by the bytes they hold)."""


def _rack_part(rack: RackNet, bundles: list[BundleNet], topo: Topology) -> _RackPart:
    """The part of ``rack`` with its ``bundles`` (see :class:`_RackPart`)."""
    nics = rack.nics(topo.plane)
    key = (rack.accelerators, rack.per_server, rack.rack_type.servers_per_rack,
           rack.domain, nics,
           tuple((b.pattern, b.links_per_member, b.upper.count) for b in bundles))
    found = _parts.get(key)
    if found is not None:
        return found
    n_acc, per_server = rack.accelerators, rack.per_server
    acc = np.arange(n_acc, dtype=np.int64)
    srv = acc // per_server
    shared = None
    if 0 < nics < per_server:
        shared = srv * nics + (acc % per_server) * nics // per_server
    inc_a, inc_m, inc_c = [], [], []
    for b in bundles:
        a, m, c = _attachments(rack, b.lower_member, b.nic, b.upper_member, 0, topo)
        inc_a.append(a)
        inc_m.append(m)
        inc_c.append(c)
    found = _RackPart(srv, srv // rack.rack_type.servers_per_rack, acc // rack.domain,
                      -(-n_acc // rack.domain), shared, rack.servers * nics, inc_a, inc_m,
                      inc_c)
    arrays = [srv, found.rack, found.domain, *inc_a, *inc_m, *inc_c]
    for array in [*arrays, shared]:
        if array is not None:
            array.flags.writeable = False  # shared by every run until the shape changes
    _parts.put(key, found, arrays + ([shared] if shared is not None else []))
    return found


def build_endpoints(topo: Topology) -> Endpoints:
    """Resolve every accelerator of the plane to its keys and switch attachments: each
    rack group's part (kept across runs), offset into one numbering."""
    islands = {name: k for k, name in enumerate(topo.design.islands)}
    buildings = {name: k for k, name in enumerate(topo.design.buildings)}
    from_rack: dict[int, list[int]] = {}
    for bi, b in enumerate(topo.bundles):
        if isinstance(b.lower, RackNet):
            from_rack.setdefault(id(b.lower), []).append(bi)
    n = topo.accelerators
    parts = [_rack_part(rack, [topo.bundles[bi] for bi in from_rack.get(id(rack), [])], topo)
             for rack in topo.racks]
    sizes = np.array([rack.accelerators for rack in topo.racks], dtype=np.int64)
    server, rack_of, domain = (np.empty(n, dtype=np.int64) for _ in range(3))
    shared = (np.full(n, -1, dtype=np.int64)
              if any(part.shared_nic is not None for part in parts) else None)
    incidences = sum(a.size for part in parts for a in part.inc_acc)
    inc_acc, inc_member = np.empty(incidences, np.int64), np.empty(incidences, np.int64)
    inc_gbps = np.empty(incidences)
    blocks: list[IncidenceBlock] = []
    server_off = rack_off = dom_off = nic_off = at = done = 0
    for rack, part in zip(topo.racks, parts, strict=True):
        span = slice(at, at + rack.accelerators)
        np.add(part.server, server_off, out=server[span])
        np.add(part.rack, rack_off, out=rack_of[span])
        np.add(part.domain, dom_off, out=domain[span])
        if part.shared_nic is not None:
            assert shared is not None
            np.add(part.shared_nic, nic_off, out=shared[span])
            nic_off += part.nics
        for bi, a, m, share in zip(from_rack.get(id(rack), []), part.inc_acc,
                                   part.inc_member, part.inc_share, strict=True):
            links = slice(done, done + a.size)
            np.add(a, rack.acc_offset, out=inc_acc[links])
            np.add(m, topo.bundles[bi].upper.offset, out=inc_member[links])
            np.multiply(share, topo.bundles[bi].speed_gbps, out=inc_gbps[links])
            blocks.append(IncidenceBlock(bi, done, done + a.size, share))
            done += a.size
        server_off += rack.servers
        rack_off += rack.racks
        dom_off += part.domains
        at += rack.accelerators
    return Endpoints(
        count=n,
        server=server,
        rack=rack_of,
        island=np.repeat(np.array([islands[r.island] for r in topo.racks], np.int64), sizes),
        building=np.repeat(np.array([buildings[r.building] for r in topo.racks], np.int64),
                           sizes),
        domain=domain,
        inc_acc=inc_acc,
        inc_member=inc_member,
        inc_gbps=inc_gbps,
        inc_blocks=blocks,
        shared_nic=shared,
        island_names=list(islands),
        building_names=list(buildings),
        spans=[GroupSpan(r.acc_offset, r.acc_offset + r.accelerators, islands[r.island],
                         buildings[r.building]) for r in topo.racks],
    )


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
