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

from collections.abc import Hashable
from dataclasses import dataclass, field, replace
from functools import cached_property

import numpy as np

from model.metrics.memory import remembered
from model.metrics.representation.topology import BundleNet, IntArray, RackNet, Topology

FloatArray = np.ndarray


@dataclass
class IncidenceBlock:
    """The incidences of one bundle from a rack group: a contiguous run of them. Not
    changed once made (not frozen only because a frozen dataclass takes five times as
    long to make, and a run makes one per bundle from a rack group)."""

    bundle: int
    """Index into ``Topology.bundles``."""
    start: int
    stop: int
    share: FloatArray
    """Each incidence's share of its link (1, or 1/k on a NIC shared by k
    accelerators)."""
    reach: BundleReach | None = None
    """The switch members the block reaches, numbered in the upper tier, with an
    accelerator of the rack group that reaches each …"""
    member_offset: int = 0
    """… offset by these into the plane's numbering."""
    acc_offset: int = 0
    group: int = 0
    """Index (into ``Topology.racks``) of the rack group the block leaves from."""
    acc: IntArray | None = None
    """Each incidence's accelerator and member, numbered in the group and the upper
    tier (what the plane's numbers are made from)."""
    member: IntArray | None = None

    def numbering(self, name: str) -> tuple[IntArray, int]:
        """The block's own numbers of ``inc_acc`` or ``inc_member`` (``name``) and the
        offset that puts them in the plane's numbering."""
        local, offset = ((self.acc, self.acc_offset) if name == "inc_acc"
                         else (self.member, self.member_offset))
        assert local is not None
        return local, offset


@dataclass(frozen=True)
class BundleReach:
    """The switch members one rack-group bundle reaches (numbered in its upper tier),
    with an accelerator (numbered in the group) that reaches each, and the one share all
    its incidences have (None when they differ)."""

    members: IntArray
    accelerator: IntArray
    share: float | None
    incidences: IntArray
    """How many of the bundle's incidences reach each member."""


@dataclass
class GroupSpan:
    """The accelerators of one rack group: a contiguous run of them, in one island and
    one building, with where the group's servers, racks, scale-up domains and shared
    NICs start in the plane's numbering. Not changed once made (not frozen, as
    :class:`IncidenceBlock`: one per rack group each run)."""

    start: int
    stop: int
    island: int
    building: int
    server: int = 0
    rack: int = 0
    domain: int = 0
    nic: int = 0
    part: RackPart | None = None
    """The group's own numbering (from 0) of those places."""


PLACES = ("server", "rack", "domain")
"""Place numbers every accelerator has (see :class:`Endpoints`)."""


@dataclass
class Endpoints:
    """Per-accelerator keys and attachments of one plane.

    Place numbers (``server``, ``rack``, ``domain``, ``shared_nic``, ``island``,
    ``building``) are made from the rack groups' spans when first asked for: an edit's
    metrics need most of them only for the island it changed (:meth:`places`)."""

    count: int
    inc_blocks: list[IncidenceBlock]
    """The incidences (accelerator–switch member attachments) bundle by bundle, each
    bundle's in one contiguous block: see ``inc_acc``, ``inc_member``, ``inc_gbps``."""
    speeds: list[float]
    """Link speed of each bundle (by index into ``Topology.bundles``)."""
    island_names: list[str]
    building_names: list[str]
    spans: list[GroupSpan]
    """Each rack group's accelerators, in order."""
    given: dict[str, IntArray | None] = field(default_factory=dict)
    """Place numbers given outright instead of made from the spans' parts (for small
    hand-made endpoints)."""

    @property
    def incidences(self) -> int:
        """Number of incidences."""
        given = self.given.get("inc_acc")
        if given is not None:
            return int(given.size)
        return self.inc_blocks[-1].stop if self.inc_blocks else 0

    @cached_property
    def inc_acc(self) -> IntArray:
        """Accelerator of each incidence."""
        return self._incidence_numbers("inc_acc")

    @cached_property
    def inc_member(self) -> IntArray:
        """Global switch member each incidence reaches."""
        return self._incidence_numbers("inc_member")

    @cached_property
    def inc_gbps(self) -> FloatArray:
        """Capacity of each incidence: its bundle's speed times its share of the link
        (shared NICs split their links)."""
        given = self.given.get("inc_gbps")
        if given is not None:
            return given
        out = np.empty(self.incidences)
        for block in self.inc_blocks:
            speed = self.speeds[block.bundle]
            if block.reach is not None and block.reach.share is not None:
                out[block.start:block.stop] = block.reach.share * speed
            else:
                np.multiply(block.share, speed, out=out[block.start:block.stop])
        return out

    def _incidence_numbers(self, name: str) -> IntArray:
        given = self.given.get(name)
        if given is not None:
            return given
        return self.numbers(name, 0, self.incidences)

    def numbers(self, name: str, start: int, stop: int) -> IntArray:
        """``inc_acc`` or ``inc_member`` (``name``) of incidences ``start`` to ``stop``,
        made from the blocks they lie in when the whole array is not made."""
        if name in self.__dict__ or name in self.given:
            whole: IntArray = getattr(self, name)
            return whole[start:stop]
        out = np.empty(stop - start, dtype=np.int64)
        for block in self.inc_blocks:
            lo, hi = max(block.start, start), min(block.stop, stop)
            if lo >= hi:
                continue
            local, offset = block.numbering(name)
            np.add(local[lo - block.start:hi - block.start], offset,
                   out=out[lo - start:hi - start])
        return out

    def at(self, name: str, index: IntArray) -> np.ndarray:
        """``inc_acc``, ``inc_member`` or ``inc_gbps`` (``name``) of the incidences
        ``index`` alone, read from the blocks when the whole array is not made."""
        if name in self.__dict__ or name in self.given:
            listed: np.ndarray = getattr(self, name)
            return listed[index]
        gbps = name == "inc_gbps"
        out = np.empty(index.size, dtype=np.float64 if gbps else np.int64)
        blocks = self.inc_blocks
        if not blocks or not index.size:
            return out
        # blocks of rack groups of one shape share their arrays of local numbers (the
        # parts are kept by shape): each array is read once for all its blocks, a block
        # adding its offset (its speed, for capacities) — not a pass per block
        starts = np.empty(len(blocks), dtype=np.int64)
        shift = np.empty(len(blocks), dtype=np.float64 if gbps else np.int64)
        label = np.empty(len(blocks), dtype=np.int64)
        arrays: dict[int, int] = {}
        locals_: list[np.ndarray] = []
        for i, block in enumerate(blocks):
            starts[i] = block.start
            if gbps:
                local: np.ndarray = block.share
                shift[i] = self.speeds[block.bundle]
            else:
                local, shift[i] = block.numbering(name)
            k = arrays.setdefault(id(local), len(locals_))
            if k == len(locals_):
                locals_.append(local)
            label[i] = k
        which = np.searchsorted(starts, index, side="right") - 1
        inside_block = index - starts[which]
        if len(locals_) == 1:
            self._read(out, None, locals_[0], inside_block, shift[which], gbps)
            return out
        by_label = label[which]
        order = np.argsort(by_label, kind="stable")
        bounds = np.searchsorted(by_label[order], np.arange(len(locals_) + 1))
        for k, local in enumerate(locals_):
            chosen = order[bounds[k]:bounds[k + 1]]
            if chosen.size:
                self._read(out, chosen, local, inside_block[chosen], shift[which[chosen]],
                           gbps)
        return out

    @staticmethod
    def _read(out: np.ndarray, chosen: IntArray | None, local: np.ndarray,
              inside_block: IntArray, shift: np.ndarray, gbps: bool) -> None:
        """``out[chosen]`` (all of it when None): the ``local`` values at ``inside_block``
        times the blocks' speeds (capacities) or plus their offsets (numbers)."""
        values = local[inside_block] * shift if gbps else local[inside_block] + shift
        if chosen is None:
            out[:] = values
        else:
            out[chosen] = values

    @cached_property
    def server(self) -> IntArray:
        """Global server number of each accelerator."""
        return self.places("server")

    @cached_property
    def rack(self) -> IntArray:
        """Global rack number of each accelerator."""
        return self.places("rack")

    @cached_property
    def domain(self) -> IntArray:
        """Global scale-up domain number of each accelerator."""
        return self.places("domain")

    @cached_property
    def island(self) -> IntArray:
        """Island (index into ``island_names``) of each accelerator."""
        return self._per_group("island")

    @cached_property
    def building(self) -> IntArray:
        """Building (index into ``building_names``) of each accelerator."""
        return self._per_group("building")

    @cached_property
    def shared_nic(self) -> IntArray | None:
        """Global number of the NIC an accelerator shares with others of its server, or
        -1 when it has NICs of its own (None: no accelerator shares one). Accelerators on
        one NIC are 0 switches apart."""
        if "shared_nic" in self.given:
            return self.given["shared_nic"]
        if all(span.part is None or span.part.shared_nic is None for span in self.spans):
            return None
        out = np.full(self.count, -1, dtype=np.int64)
        for span in self.spans:
            if span.part is not None and span.part.shared_nic is not None:
                np.add(span.part.shared_nic, span.nic, out=out[span.start:span.stop])
        return out

    def places(self, name: str, start: int = 0, stop: int | None = None) -> IntArray:
        """Place numbers ``name`` (one of :data:`PLACES`) of accelerators ``start`` to
        ``stop``, made from the parts of the rack groups they belong to."""
        stop = self.count if stop is None else stop
        given = self.given.get(name)
        if given is not None:
            return given[start:stop]
        if name in self.__dict__:
            made: IntArray = self.__dict__[name]
            return made[start:stop]
        out = np.empty(stop - start, dtype=np.int64)
        for span in self.spans:
            lo, hi = max(span.start, start), min(span.stop, stop)
            if lo < hi:
                assert span.part is not None
                local = getattr(span.part, name)[lo - span.start:hi - span.start]
                np.add(local, getattr(span, name), out=out[lo - start:hi - start])
        return out

    def group_of(self, name: str, accelerators: IntArray) -> IntArray:
        """The island or building (``name``) of each of ``accelerators``, found from the
        rack groups' spans (no array over every accelerator is made for it)."""
        if name in self.__dict__ or name in self.given:
            numbered: IntArray = getattr(self, name)
            return numbered[accelerators]
        starts = np.array([span.start for span in self.spans], dtype=np.int64)
        # empty spans share their start with the next one: the last of equal starts wins
        span = np.searchsorted(starts, accelerators, side="right") - 1
        return np.array([getattr(span_, name) for span_ in self.spans], np.int64)[span]

    def _per_group(self, name: str) -> IntArray:
        given = self.given.get(name)
        if given is not None:
            return given
        return np.repeat(np.array([getattr(span, name) for span in self.spans], np.int64),
                         [span.stop - span.start for span in self.spans])

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
        if "inc_acc" not in self.given:
            # each group's incidences are its accelerators in order, groups one after
            # the other
            return bool(self.count and self.incidences == self.count and all(
                span.part is not None and span.part.one_each for span in self.spans))
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
        out = np.empty(self.incidences, dtype=np.int64)
        for block in self.inc_blocks:
            out[block.start:block.stop] = block.bundle
        return out

    def reached(self) -> tuple[IntArray, IntArray, IntArray]:
        """Every block's reach at once, block by block (each block's reach must be
        known): the switch members reached (in the plane's numbering), how many of the
        block's incidences reach each, and the index of the block of each."""
        reaches = [block.reach for block in self.inc_blocks]
        assert all(r is not None for r in reaches)
        if not reaches:
            empty = np.zeros(0, dtype=np.int64)
            return empty, empty, empty
        lengths = np.array([r.members.size for r in reaches if r is not None], dtype=np.int64)
        block_of = np.repeat(np.arange(lengths.size, dtype=np.int64), lengths)
        offsets = np.array([block.member_offset for block in self.inc_blocks], dtype=np.int64)
        members = np.concatenate([r.members for r in reaches if r is not None])
        incidences = np.concatenate([r.incidences for r in reaches if r is not None])
        return members + offsets[block_of], incidences, block_of

    def with_speeds(self, topo: Topology) -> Endpoints:
        """The same endpoints with attachment capacities from ``topo``'s bundle speeds
        (everything else depends only on which links exist, so an edit of a speed
        reuses it)."""
        return replace(self, speeds=[b.speed_gbps for b in topo.bundles])


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
class RackPart:
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
    """Per bundle from the group (in topology order): its incidences …"""
    reach: list[BundleReach]
    """… and what it reaches."""
    one_each: bool
    """Each accelerator has exactly one incidence, the incidences in accelerator
    order."""
    key: Hashable = None
    """What the part depends on (equal keys, equal parts)."""


def _rack_part(rack: RackNet, bundles: list[BundleNet], topo: Topology) -> RackPart:
    """The part of ``rack`` with its ``bundles`` (see :class:`RackPart`)."""
    nics = rack.nics(topo.plane)
    key = (rack.accelerators, rack.per_server, rack.rack_type.servers_per_rack,
           rack.domain, nics, rack.failed,
           tuple((b.pattern, b.links_per_member, b.upper.count, b.failed) for b in bundles))
    parts = remembered().rack_parts  # by shape, within a byte budget
    found = parts.get(key)
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
    reach = [_reach(a, m, c, b.upper.count)
             for a, m, c, b in zip(inc_a, inc_m, inc_c, bundles, strict=True)]
    listed = np.concatenate(inc_a) if inc_a else np.zeros(0, np.int64)
    domain = acc // rack.domain
    if rack.kept_servers is not None:
        # racks are down: a scale-up domain is numbered as in the whole group (one that
        # spanned a failed rack keeps only its surviving accelerators)
        whole = rack.kept_servers[srv] * per_server + acc % per_server
        domain = np.unique(whole // rack.whole_domain, return_inverse=True)[1].reshape(-1)
    found = RackPart(srv, srv // rack.rack_type.servers_per_rack, domain,
                     int(domain.max(initial=-1)) + 1, shared, rack.servers * nics, inc_a,
                     inc_m, inc_c, reach, listed.size == n_acc and bool(np.all(listed == acc)),
                     key)
    arrays = [srv, found.rack, found.domain, *inc_a, *inc_m, *inc_c,
              *(r.members for r in reach), *(r.accelerator for r in reach),
              *(r.incidences for r in reach)]
    for array in [*arrays, shared]:
        if array is not None:
            array.flags.writeable = False  # shared by every run until the shape changes
    parts.put(key, found, arrays + ([shared] if shared is not None else []))
    return found


def _reach(acc: IntArray, member: IntArray, share: FloatArray, upper_count: int
           ) -> BundleReach:
    """What one bundle of a rack group reaches (see :class:`BundleReach`)."""
    reacher = np.full(upper_count, -1, dtype=np.int64)
    reacher[member] = acc  # where several reach a member, any one of them will do
    members = np.flatnonzero(reacher >= 0)
    uniform = share.size and float(share.min()) == float(share.max())
    return BundleReach(members, reacher[members], float(share[0]) if uniform else None,
                       np.bincount(member, minlength=upper_count)[members])


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
    blocks: list[IncidenceBlock] = []
    spans: list[GroupSpan] = []
    server_off = rack_off = dom_off = nic_off = done = 0
    for rack, part in zip(topo.racks, parts, strict=True):
        spans.append(GroupSpan(rack.acc_offset, rack.acc_offset + rack.accelerators,
                               islands[rack.island], buildings[rack.building], server_off,
                               rack_off, dom_off, nic_off, part))
        for bi, a, m, share, reach in zip(from_rack.get(id(rack), []), part.inc_acc,
                                          part.inc_member, part.inc_share, part.reach,
                                          strict=True):
            blocks.append(IncidenceBlock(bi, done, done + a.size, share, reach,
                                         topo.bundles[bi].upper.offset, rack.acc_offset,
                                         len(spans) - 1, a, m))
            done += a.size
        server_off += rack.servers
        rack_off += rack.racks
        dom_off += part.domains
        nic_off += part.nics if part.shared_nic is not None else 0
    return Endpoints(
        count=n,
        inc_blocks=blocks,
        speeds=[b.speed_gbps for b in topo.bundles],
        island_names=list(islands),
        building_names=list(buildings),
        spans=spans,
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
