"""Wiring patterns: how a bundle deals its links between the members of its two ends.

One class per :class:`~model.elements.Pattern`, each giving, with numpy arithmetic and
no per-link Python:

- the member-level links of a bundle from a rack group (:meth:`WiringPattern.from_servers`:
  lower server, upper member, the server NIC each link leaves from) and whether they
  deal evenly (every upper member gets the same number of links, and the wiring is a
  union of complete bipartite blocks — what switch classes and the wiring checks rely
  on);
- each upper member's link count without listing the links
  (:meth:`WiringPattern.server_degrees`, for designs too large to list);
- for bundles between tiers, which every pattern deals as runs of consecutive upper
  members (:meth:`WiringPattern.between_tiers`, :meth:`WiringPattern.tier_degrees`),
  and the block structure of those runs without listing them (:func:`spread_runs`, what
  the pod tree joins).

Adding a pattern is one class here and one value of ``Pattern``; the resolver
(:mod:`model.metrics.representation.topology`) finds the class in :data:`PATTERNS`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from model.elements import Pattern

IntArray = npt.NDArray[np.int64]


@dataclass(frozen=True)
class ServerShape:
    """The lower end of a bundle from a rack group: its servers, racks, servers per
    rack and NICs per server on the bundle's plane (at least 1)."""

    servers: int
    racks: int
    servers_per_rack: int
    nics: int


def _spread(members: int, links: int, n: int) -> tuple[IntArray, IntArray]:
    """Links dealt as runs: lower member ``j`` reaches upper members ``j·L … j·L+L−1``
    (mod ``n``), a run of consecutive members."""
    lower = np.repeat(np.arange(members, dtype=np.int64), links)
    upper = (np.arange(members * links, dtype=np.int64)) % n
    return lower, upper


def _run_degrees(positions: int, n: int) -> IntArray:
    """How many of the positions ``0 … positions−1`` fall on each residue modulo ``n``."""
    q, r = divmod(positions, n)
    return q + (np.arange(n, dtype=np.int64) < r).astype(np.int64)


def _runs_even(links: int, n: int) -> bool:
    """Runs of ``links`` over ``n`` members deal evenly."""
    return (links % n == 0) or (n % links == 0)


def spread_runs(members: int, links: int, n: int) -> tuple[IntArray, IntArray]:
    """What runs of links join, without listing them: the first upper member of each
    lower member's run, and the upper members ``u`` joined to ``u+1`` (mod ``n``)
    because some run covers both. Joining each lower member to the first of its run and
    each such ``u`` to ``u+1`` connects exactly what the links connect."""
    start = np.arange(members, dtype=np.int64) * links % n
    if links >= n:
        return start, np.arange(max(n - 1, 0), dtype=np.int64)
    # runs cover L−1 steps from ``start``, counted on a doubled, unwrapped line
    cover = np.zeros(2 * n + 1, dtype=np.int64)
    np.add.at(cover, start, 1)
    np.add.at(cover, start + links - 1, -1)
    line = np.cumsum(cover)[:2 * n]
    return start, np.flatnonzero((line[:n] + line[n:]) > 0)


class WiringPattern:
    """A way of dealing links (see module doc). Subclasses say how a server's links go;
    links between tiers are dealt as runs by every pattern."""

    pattern: Pattern

    def between_tiers(self, members: int, n: int, links: int
                      ) -> tuple[IntArray, IntArray, bool]:
        """(lower member, upper member, even) of ``links`` links from each of
        ``members`` switches to ``n`` upper switches."""
        lo, up = _spread(members, links, n)
        return lo, up, _runs_even(links, n)

    def tier_degrees(self, members: int, n: int, links: int) -> tuple[IntArray, bool]:
        """(links reaching each upper switch, even) of :meth:`between_tiers`."""
        return _run_degrees(members * links, n), _runs_even(links, n)

    def from_servers(self, shape: ServerShape, n: int, links: int
                     ) -> tuple[IntArray, IntArray, IntArray, bool]:
        """(lower server, upper member, NIC, even) of ``links`` links from each server
        of ``shape`` to ``n`` upper members; link ``l`` of a server leaves NIC
        ``l mod nics``."""
        lo = np.repeat(np.arange(shape.servers, dtype=np.int64), links)
        link = np.tile(np.arange(links, dtype=np.int64), shape.servers)
        nic = link % shape.nics
        up, even = self._deal(shape, n, links, lo, link, nic)
        return lo, up, nic, even

    def server_degrees(self, shape: ServerShape, n: int, links: int
                       ) -> tuple[IntArray, bool]:
        """(links reaching each upper member, even) of :meth:`from_servers`, in memory
        proportional to the members."""
        per_nic = np.bincount(np.arange(links) % shape.nics, minlength=shape.nics)
        return self._dealt_degrees(shape, n, links, per_nic)

    def _deal(self, shape: ServerShape, n: int, links: int, lo: IntArray, link: IntArray,
              nic: IntArray) -> tuple[IntArray, bool]:
        """(upper member, even) of each server link."""
        raise NotImplementedError

    def _dealt_degrees(self, shape: ServerShape, n: int, links: int, per_nic: IntArray
                       ) -> tuple[IntArray, bool]:
        """(links reaching each upper member, even), ``per_nic`` links leaving each NIC
        of a server."""
        raise NotImplementedError


class Spread(WiringPattern):
    """Each server's links dealt round-robin over the upper members, starting where the
    previous server stopped (the usual full mesh)."""

    pattern = Pattern.SPREAD

    def _deal(self, shape: ServerShape, n: int, links: int, lo: IntArray, link: IntArray,
              nic: IntArray) -> tuple[IntArray, bool]:
        return (lo * links + link) % n, _runs_even(links, n)

    def _dealt_degrees(self, shape: ServerShape, n: int, links: int, per_nic: IntArray
                       ) -> tuple[IntArray, bool]:
        return _run_degrees(shape.servers * links, n), _runs_even(links, n)


class Global(Spread):
    """Peer links between tiers (Dragonfly+ global links), dealt as runs; the two ends
    are not above one another (the resolver does not raise levels over them)."""

    pattern = Pattern.GLOBAL


class Rail(WiringPattern):
    """NIC *i* of every server to upper member *i mod n*; with more members than NICs
    per server, servers are taken in blocks, block *b* using members
    *b·nics … b·nics+nics−1*."""

    pattern = Pattern.RAIL

    def _deal(self, shape: ServerShape, n: int, links: int, lo: IntArray, link: IntArray,
              nic: IntArray) -> tuple[IntArray, bool]:
        nics, servers = shape.nics, shape.servers
        if n <= nics:
            return nic % n, nics % n == 0
        blocks = n // nics
        even = n % nics == 0 and servers % blocks == 0
        per_block = max(servers // max(blocks, 1), 1)
        up = np.minimum(lo // per_block, blocks - 1) * nics + nic
        return up % n, even

    def _dealt_degrees(self, shape: ServerShape, n: int, links: int, per_nic: IntArray
                       ) -> tuple[IntArray, bool]:
        nics, servers = shape.nics, shape.servers
        if n <= nics:
            up_deg = servers * np.bincount(np.arange(nics) % n, weights=per_nic,
                                           minlength=n).astype(np.int64)
            return up_deg, nics % n == 0
        blocks = n // nics
        even = n % nics == 0 and servers % blocks == 0
        per_block = max(servers // max(blocks, 1), 1)
        edges = np.minimum(np.arange(blocks + 1, dtype=np.int64) * per_block, servers)
        edges[-1] = servers
        in_block = np.diff(edges)
        target = (np.arange(blocks, dtype=np.int64)[:, None] * nics
                  + np.arange(nics, dtype=np.int64)[None, :]) % n
        up_deg = np.bincount(target.ravel(), weights=(in_block[:, None]
                                                      * per_nic[None, :]).ravel(),
                             minlength=n).astype(np.int64)
        return up_deg, even


class Rack(WiringPattern):
    """Every rack has its own upper members (n ÷ racks of them), and the servers of a
    rack spread their links over those only (top-of-rack switches)."""

    pattern = Pattern.RACK

    def _deal(self, shape: ServerShape, n: int, links: int, lo: IntArray, link: IntArray,
              nic: IntArray) -> tuple[IntArray, bool]:
        q = max(n // shape.racks, 1)
        spr = shape.servers_per_rack
        up = (lo // spr * q + (lo % spr * links + link) % q) % n
        return up, self._even(shape, n, links, q)

    def _dealt_degrees(self, shape: ServerShape, n: int, links: int, per_nic: IntArray
                       ) -> tuple[IntArray, bool]:
        racks = shape.racks
        q = max(n // racks, 1)
        per_slot = _run_degrees(shape.servers_per_rack * links, q)
        target = (np.arange(racks, dtype=np.int64)[:, None] * q
                  + np.arange(q, dtype=np.int64)[None, :]) % n
        up_deg = np.bincount(target.ravel(), weights=np.tile(per_slot, racks),
                             minlength=n).astype(np.int64)
        return up_deg, self._even(shape, n, links, q)

    @staticmethod
    def _even(shape: ServerShape, n: int, links: int, q: int) -> bool:
        return n % shape.racks == 0 and (
            (shape.servers_per_rack * links) % q == 0 or q % links == 0)


PATTERNS: dict[Pattern, WiringPattern] = {
    cls.pattern: cls() for cls in (Spread, Rail, Rack, Global)}
"""The class of each pattern."""
