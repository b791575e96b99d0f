"""Hop counts of a Dragonfly+ in closed form, by counting pairs that share a place.

On the shape of :mod:`model.metrics.bisection.dragonfly_cut` (checked by
:func:`~model.metrics.representation.dragonfly_shape.dragonfly_wiring`) every accelerator's links
go to one leaf of its group, every leaf is joined to every spine of its group, every spine to
every other group, and no NIC is shared. So the switches on a shortest path between two
accelerators are:

- 1 when they hang on the same leaf (the leaf itself);
- 3 when they hang on different leaves of one group: leaves are never joined to each
  other, so a path needs a switch between them, and leaf–spine–leaf is one;
- 4 when they are in different groups: a path leaves the first group through one of
  its spines (leaves have no other links) and enters the second through one of its
  spines, then reaches the leaf, and leaf–spine–spine–leaf exists because every spine
  is joined to every other group and every leaf to every spine.

No pair is unreachable. Pairs in one scale-up domain are counted apart (0 scale-out
hops), as in :mod:`model.metrics.hops`, and so is the scope: the pair's closest common
place of server ⊂ rack ⊂ island ⊂ building ⊂ campus. With E(keys) the pairs of
accelerators equal in all of ``keys`` (Σ n·(n − 1)/2 over the groups of equal keys),
the pairs inside one place P of a scope that use the scale-out network are:

- 1 hop: E(P, leaf) − E(P, leaf, domain);
- 3 hops: E(P, group) − E(P, domain) − (1-hop pairs) (a domain never leaves its
  island, so domain pairs are group pairs);
- 4 hops: E(P) − E(P, group);

and the scale-up pairs E(P, domain). A place of a finer scope lies inside one of each
coarser scope (servers and racks inside a rack group's island, a group is its island),
so E(P, group) is E(P) for a server, rack or island and E(group) above; likewise for
leaves and domains. The pairs whose closest common place is of a scope are that scope's
pairs less those of the scope below, as in :mod:`model.metrics.hops`.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from model.metrics.hops import SCOPES
from model.metrics.representation.dragonfly_shape import DragonflyWiring
from model.metrics.representation.endpoints import Endpoints
from model.metrics.representation.topology import IntArray
from model.metrics.results import Hops


def _pairs(n: int, keys: Sequence[IntArray]) -> int:
    """E(keys): unordered pairs of the ``n`` accelerators equal in every key."""
    if not keys:
        return n * (n - 1) // 2
    combined = np.zeros(n, dtype=np.int64)
    for key in keys:
        combined = combined * (int(key.max()) + 1) + key
    if n > 1 and not np.all(combined[1:] >= combined[:-1]):
        combined = np.sort(combined)
    # equal keys stand in runs (accelerators are numbered rack group by rack group, so
    # the keys are mostly in order already and the sort is skipped)
    starts = np.flatnonzero(np.r_[True, combined[1:] != combined[:-1]])
    counts = np.diff(np.r_[starts, n])
    return int((counts * (counts - 1) // 2).sum())


def _pairs_in_runs(n: int, changes: Sequence[np.ndarray]) -> int:
    """E(keys) of keys that never decrease from one accelerator to the next, given
    where each changes (``key[1:] != key[:-1]``): accelerators equal in every key then
    stand in runs, which end wherever one of the keys changes."""
    if n < 2:
        return 0
    changed = changes[0]
    for more in changes[1:]:
        changed = changed | more
    bounds = np.empty(int(np.count_nonzero(changed)) + 2, dtype=np.int64)
    bounds[0], bounds[-1] = 0, n
    bounds[1:-1] = np.flatnonzero(changed)
    bounds[1:-1] += 1
    counts = bounds[1:] - bounds[:-1]
    return int((counts * (counts - 1)).sum()) // 2


class _Counted:
    """E(keys) of one run, each set of keys counted once: a set that holds a key no two
    accelerators share (servers of one accelerator, domains without scale-up) has no
    pairs, with no pass over the accelerators. Keys that never decrease (accelerators
    are numbered rack group by rack group, so most do) are counted by their runs."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.known: dict[tuple[int, ...], int] = {}
        self.alone: set[int] = set()
        self.changes: dict[int, np.ndarray | None] = {}

    def _changes(self, key: IntArray) -> np.ndarray | None:
        """Where ``key`` changes from one accelerator to the next, or None when it
        decreases somewhere."""
        if id(key) not in self.changes:
            self.changes[id(key)] = (None if np.any(key[1:] < key[:-1])
                                     else key[1:] != key[:-1])
        return self.changes[id(key)]

    def __call__(self, keys: Sequence[IntArray]) -> int:
        ids = tuple(id(key) for key in keys)
        if any(i in self.alone for i in ids):
            return 0
        found = self.known.get(ids)
        if found is None:
            changes = [c for c in (self._changes(key) for key in keys) if c is not None]
            found = self.known[ids] = (
                _pairs_in_runs(self.n, changes) if keys and len(changes) == len(keys)
                else _pairs(self.n, keys))
            if len(keys) == 1 and found == 0:
                self.alone.add(ids[0])
        return found


def dragonfly_hops(wiring: DragonflyWiring, ep: Endpoints) -> Hops:
    """The hop counts of a Dragonfly+ (module doc)."""
    n = ep.count
    leaf, domain, island = wiring.home, ep.domain, ep.island
    pairs_of = _Counted(n)
    for key in (ep.server, domain):  # most often one accelerator each: found first
        pairs_of([key])
    places: dict[str, list[IntArray]] = {
        "server": [ep.server], "rack": [ep.rack], "island": [island],
        "building": [ep.building], "campus": []}
    inside_island = {"server": True, "rack": True, "island": True, "building": False,
                     "campus": False}
    everywhere = (pairs_of([leaf]), pairs_of([domain]), pairs_of([leaf, domain]),
                  pairs_of([island]))
    cumulative: dict[str, dict[int, int]] = {}
    scale_up: dict[str, int] = {}
    for scope in SCOPES:
        place = places[scope]
        every = pairs_of(place)
        if inside_island[scope]:
            same_leaf, same_domain = pairs_of([*place, leaf]), pairs_of([*place, domain])
            leaf_domain, same_group = pairs_of([*place, leaf, domain]), every
        else:
            same_leaf, same_domain, leaf_domain, same_group = everywhere
        one = same_leaf - leaf_domain
        cumulative[scope] = {1: one, 3: same_group - same_domain - one,
                             4: every - same_group}
        scale_up[scope] = same_domain
    by_scope: dict[str, dict[int, int]] = {}
    scale_up_by_scope: dict[str, int] = {}
    previous: dict[int, int] = {}
    prev_up = 0
    for scope in SCOPES:
        by_scope[scope] = {h: c - previous.get(h, 0) for h, c in cumulative[scope].items()
                           if c - previous.get(h, 0)}
        scale_up_by_scope[scope] = scale_up[scope] - prev_up
        previous, prev_up = cumulative[scope], scale_up[scope]
    histogram = {h: c for h, c in cumulative["campus"].items() if c}
    pairs = sum(histogram.values())
    return Hops(
        histogram=histogram,
        by_scope=by_scope,
        scale_up_pairs=scale_up["campus"],
        scale_up_by_scope=scale_up_by_scope,
        unreachable_pairs=0,
        mean=sum(h * c for h, c in histogram.items()) / pairs if pairs else 0.0,
        max=max(histogram) if histogram else 0,
    )
