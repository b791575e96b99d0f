"""Attachment units: accelerators attached to exactly the same switch members.

Hop counts and the bisection both work on units rather than accelerators: two
accelerators of one unit are interchangeable in every path and every cut. When each
accelerator has one link (every rail-optimized island), a unit is one switch member, and
the units are found from the rack groups' bundles without a pass over the accelerators;
the per-accelerator array is made only when something reads it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from model.metrics.algorithms.arrays import Deferred
from model.metrics.representation.endpoints import Endpoints
from model.metrics.representation.topology import IntArray


@dataclass
class AttachmentUnits:
    """Accelerators attached to exactly the same switch members, grouped into units."""

    deferred: Deferred
    """Unit of every accelerator (see :attr:`unit`)."""
    single: IntArray | None
    """The one switch member of each unit, when every unit is exactly one member (every
    rail-optimized design): then nothing needs a Python tuple per unit."""
    listed: list[tuple[int, ...]] | None = None
    of_member: IntArray | None = None
    """With ``single``: the unit of each switch member (-1 for a member no accelerator
    reaches)."""

    endpoints: Endpoints | None = None
    """With ``of_member``: the endpoints, each accelerator's one incidence in order."""

    @property
    def unit(self) -> IntArray:
        """Unit of every accelerator."""
        return self.deferred.get()

    def between(self, start: int, stop: int) -> IntArray:
        """Units of accelerators ``start`` to ``stop`` (without the whole array)."""
        if self.endpoints is not None and self.of_member is not None \
                and not self.deferred.made:
            return self.of_member[self.endpoints.numbers("inc_member", start, stop)]
        return self.unit[start:stop]

    @property
    def count(self) -> int:
        """Number of units."""
        if self.single is not None:
            return int(self.single.size)
        assert self.listed is not None
        return len(self.listed)

    @cached_property
    def members(self) -> list[tuple[int, ...]]:
        """Each unit's switch members (accelerators with no attachment get a singleton
        unit with the tuple ``(-1 - accelerator,)``)."""
        if self.listed is not None:
            return self.listed
        assert self.single is not None
        return [(m,) for m in self.single.tolist()]


def attachment_units(ep: Endpoints) -> AttachmentUnits:
    """Unit of every accelerator, and the switch members of each unit."""
    n = ep.count
    if ep.one_attachment_each:
        # units are the members reached
        reached = [(block.reach, block.member_offset) for block in ep.inc_blocks]
        if all(reach is not None for reach, _ in reached):
            present = np.zeros(max(offset + reach.members[-1] + 1
                                   for reach, offset in reached if reach and reach.members.size),
                               dtype=np.int64)
            for reach, offset in reached:
                assert reach is not None
                present[reach.members + offset] = 1
        else:
            present = np.zeros(int(ep.inc_member.max()) + 1, dtype=np.int64)
            present[ep.inc_member] = 1
        ids = np.cumsum(present) - 1
        ids[present == 0] = -1
        return AttachmentUnits(Deferred(lambda: np.take(ids, ep.inc_member)),
                               np.flatnonzero(present), of_member=ids, endpoints=ep)
    inc_acc = ep.inc_acc
    if inc_acc.size and bool(np.all(inc_acc[1:] > inc_acc[:-1])):
        # at most one each, in accelerator order (failures took some accelerators'
        # links): a unit per member reached, one of its own for each accelerator with
        # none, without sorting
        mem = ep.inc_member
        present = np.zeros(int(mem.max()) + 1, dtype=np.int64)
        present[mem] = 1
        ids = np.cumsum(present) - 1
        alone = np.ones(n, dtype=bool)
        alone[inc_acc] = False
        loners = np.flatnonzero(alone)
        unit = np.empty(n, dtype=np.int64)
        unit[inc_acc] = ids[mem]
        members_reached = np.flatnonzero(present)
        unit[loners] = members_reached.size + np.arange(loners.size, dtype=np.int64)
        return AttachmentUnits(Deferred.of(unit), None,
                               _one_each(members_reached.tolist(), loners.tolist()))
    order = np.lexsort((ep.inc_member, ep.inc_acc))
    acc = ep.inc_acc[order]
    mem = ep.inc_member[order]
    if acc.size:
        keep = np.r_[True, (acc[1:] != acc[:-1]) | (mem[1:] != mem[:-1])]
        acc, mem = acc[keep], mem[keep]
    per_acc = np.bincount(acc, minlength=n) if n else np.zeros(0, np.int64)
    if acc.size and int(per_acc.max()) == 1 and int(per_acc.min()) == 1:
        uniq, inv = np.unique(mem[np.argsort(acc)], return_inverse=True)
        return AttachmentUnits(Deferred.of(inv.reshape(-1).astype(np.int64)),
                               uniq.astype(np.int64))
    if acc.size and int(per_acc.max()) == 1:
        # at most one each (failures took some accelerators' links): a unit per member
        # reached, and one of its own for each accelerator with none
        uniq, inv = np.unique(mem, return_inverse=True)
        alone = np.flatnonzero(per_acc == 0)
        unit = np.empty(n, dtype=np.int64)
        unit[acc] = inv.reshape(-1)
        unit[alone] = uniq.size + np.arange(alone.size, dtype=np.int64)
        return AttachmentUnits(Deferred.of(unit), None,
                               _one_each(uniq.tolist(), alone.tolist()))
    sigs: dict[tuple[int, ...], int] = {}
    unit = np.empty(n, dtype=np.int64)
    starts = np.r_[0, np.cumsum(per_acc)]
    members: list[tuple[int, ...]] = []
    for a in range(n):
        key = tuple(int(x) for x in mem[starts[a]:starts[a + 1]])
        if not key:
            key = (-1 - a,)
        if key not in sigs:
            sigs[key] = len(members)
            members.append(key)
        unit[a] = sigs[key]
    return AttachmentUnits(Deferred.of(unit), None, members)


def _one_each(members: list[int], loners: list[int]) -> list[tuple[int, ...]]:
    """Units of one member each, then one for each accelerator with no attachment."""
    units: list[tuple[int, ...]] = [(m,) for m in members]
    return units + [(-1 - a,) for a in loners]


def pooled_stranded(ep: Endpoints, attached: AttachmentUnits) -> AttachmentUnits | None:
    """``attached`` with the accelerators that have no attachment (stranded by a
    failure) pooled into one unit per island, for the bisection; None when there are
    none.

    Such accelerators cross no link wherever they stand, so in a cut they are free:
    any of them may take any side at no cost. Pooling them changes no cut's capacity,
    but keeps the greatest common divisor of the unit sizes (the bisection DP's grid)
    as coarse as the healthy design's instead of one accelerator. A pool keeps to one
    island, as every unit does (the pair capacities rely on it)."""
    listed = attached.listed
    if not listed:
        return None
    loner = np.array([key[0] < 0 for key in listed])
    if not loner.any():
        return None
    unit = attached.unit
    stranded = loner[unit]
    kept = np.flatnonzero(~loner)
    renumber = np.full(loner.size, -1, dtype=np.int64)
    renumber[kept] = np.arange(kept.size, dtype=np.int64)
    islands, pool = np.unique(ep.island[stranded], return_inverse=True)
    new_unit = renumber[unit]
    new_unit[stranded] = kept.size + pool.reshape(-1)
    members: list[tuple[int, ...]] = [listed[i] for i in kept.tolist()]
    first = np.flatnonzero(stranded)[np.unique(pool.reshape(-1), return_index=True)[1]]
    members += [(-1 - int(a),) for a in first.tolist()]
    assert len(members) == kept.size + islands.size
    return AttachmentUnits(Deferred.of(new_unit), None, members)
