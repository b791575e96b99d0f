"""Collective times by NCCL's bus-bandwidth formulas, and the bus bandwidth a group of
accelerators gets on the design.

NCCL's performance notes (nccl-tests, doc/PERFORMANCE.md) define each collective's
*bus bandwidth* so that it compares to a link's speed: for *n* ranks and *S* bytes,

- all-reduce moves 2(n−1)/n · S through each rank's link (a ring's reduce-scatter then
  all-gather), so it takes 2(n−1)/n · S ÷ B;
- all-gather and reduce-scatter (S the whole gathered buffer) take (n−1)/n · S ÷ B;
- all-to-all (S what one rank sends in all) takes (n−1)/n · S ÷ B;
- a point-to-point send of S bytes takes S ÷ B.

The bus bandwidth B of a group is that of the narrowest boundary its ring crosses
(:func:`group_bandwidth`): the scale-up fabric inside one scale-up domain; the members'
NICs when it spans domains (a ring enters and leaves each domain once per channel, and
NCCL runs one channel per NIC, so a domain's m members bring m NICs); and, when it spans
islands or buildings, its share of the pair capacity the metrics engine computes between
them: a ring crosses the boundary between two places once each way, so the groups
crossing it share its capacity, each in proportion to its members there. A
point-to-point transfer or an all-to-all cannot pool a domain's NICs (NVIDIA's NCCL team:
"Alltoall cannot aggregate the bandwidth of multiple NICs"), so each member brings only
its own; and in an all-to-all every member's traffic crosses, so each member gets an
equal share of the pair capacity. Line rates are scaled by the efficiencies below.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

import numpy as np

from model.jobs.placement import CampusSlots

SCALE_UP_EFFICIENCY = 370.0 / 450.0
"""Share of the scale-up line rate NCCL achieves: 370 GB/s ring bus bandwidth of 450 GB/s
NVLink line rate on 8 H100 (S. Jeaugey, NVIDIA, nccl-tests issue #212, 2024)."""

NETWORK_EFFICIENCY = 48.5 / 50.0
"""Share of a NIC's line rate NCCL achieves: 48–49 GB/s per ConnectX-7 at 400 Gb/s
(NVIDIA's NCCL team, user AddyLaddy, nccl-tests issue #267, 2025)."""


def all_reduce_s(n: int, size_bytes: float, bus_gbps: float) -> float:
    """Seconds for a ring all-reduce of ``size_bytes`` over ``n`` ranks at bus
    bandwidth ``bus_gbps`` (Gb/s): 2(n−1)/n · S ÷ B."""
    return 0.0 if n <= 1 else 2 * (n - 1) / n * size_bytes * 8 / (bus_gbps * 1e9)


def all_gather_s(n: int, size_bytes: float, bus_gbps: float) -> float:
    """Seconds for an all-gather (or reduce-scatter) whose whole buffer is
    ``size_bytes``: (n−1)/n · S ÷ B."""
    return 0.0 if n <= 1 else (n - 1) / n * size_bytes * 8 / (bus_gbps * 1e9)


reduce_scatter_s = all_gather_s
all_to_all_s = all_gather_s


def p2p_s(size_bytes: float, bus_gbps: float) -> float:
    """Seconds to send ``size_bytes`` at ``bus_gbps``."""
    return size_bytes * 8 / (bus_gbps * 1e9)


class Boundary(StrEnum):
    """The boundary that bounds a group's bandwidth, innermost first."""

    SCALE_UP = "scale-up"
    INJECTION = "injection"
    ISLANDS = "islands"
    BUILDINGS = "buildings"


@dataclass(frozen=True)
class GroupBandwidth:
    """The bus bandwidth of an axis's slowest group (Gb/s) and what bounds it.

    ``limit`` is the boundary; ``where`` names it in words ("island-1 ↔ island-2");
    ``domains``, ``islands`` and ``buildings`` are how many of each the slowest group
    spans; ``crossing`` the boundaries any group of the axis crosses."""

    gbps: float
    limit: Boundary
    where: str
    domains: int
    islands: int
    buildings: int
    domain_size: int
    crossing: frozenset[Boundary]
    core: CoreUse | None = None
    """How much of the island-pair or building-pair capacity the axis's groups need, for
    the group whose need is largest against its share; None when no group crosses."""


@dataclass(frozen=True)
class CoreUse:
    """What the tightest crossing of an axis asks of the capacity between two places.

    ``free_gbps`` is the bus bandwidth the group would get if the pair were not there
    (scale-up or NICs); ``pair_gbps`` its share of the pair capacity; ``need`` their
    ratio (above 1 the pair limits it); ``share`` the part of the pair capacity the
    axis's crossing groups are allotted (1 for the only job crossing);
    ``oversubscription`` the pair's present one: the smaller place's accelerators'
    injection ÷ the pair capacity."""

    level: Boundary
    where: str
    free_gbps: float
    pair_gbps: float
    capacity_gbps: float
    share: float
    oversubscription: float

    @property
    def need(self) -> float:
        """The group's bandwidth at full speed ÷ its share of the pair (above 1: the pair
        limits it)."""
        return self.free_gbps / self.pair_gbps if self.pair_gbps > 0 else float("inf")

    @property
    def capacity_used(self) -> float:
        """Share of the pair capacity the axis's traffic uses at its peak (0..1)."""
        return min(self.need, 1.0) * self.share

    def limits_above(self, gbps: float | None = None) -> float:
        """The pair's oversubscription above which its share falls below ``gbps``
        (default: the full-speed bandwidth, where the pair starts to limit). A pair
        capacity scales as 1 ÷ oversubscription, and so does the share."""
        target = self.free_gbps if gbps is None else gbps
        if self.pair_gbps <= 0 or target <= 0:
            return 0.0 if self.pair_gbps <= 0 else float("inf")
        return self.oversubscription * self.pair_gbps / target


def _parts(labels: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For rows of labels: how many distinct labels each row holds, and the fewest
    members any of its labels has."""
    rows, n = labels.shape
    ordered = np.sort(labels, axis=1)
    new = np.ones_like(ordered, dtype=bool)
    new[:, 1:] = ordered[:, 1:] != ordered[:, :-1]
    starts = np.flatnonzero(new.ravel())
    lengths = np.diff(np.append(starts, rows * n))
    fewest = np.full(rows, n, dtype=np.int64)
    np.minimum.at(fewest, starts // n, lengths)
    return new.sum(axis=1), fewest


PairCapacities = dict[frozenset[int], float]
"""Pair of island (or building) labels → capacity of the minimum cut between them, Gb/s."""


PairBound = tuple[float, str, int, int, int, float]
"""A ring's share of a pair: Gb/s, the pair in words, its two labels, the label whose
share binds, and the pair capacity (Gb/s)."""


def _pair_share(row_labels: np.ndarray, pairs: PairCapacities | None, crossing: np.ndarray,
                every_member: bool, names: list[str]) -> PairBound | None:
    """The bandwidth a ring over these members gets between the places they span, and
    the pair that bounds it; None when the engine did not compute the pairs."""
    if pairs is None:
        return None
    labels, members = np.unique(row_labels, return_counts=True)
    best: PairBound | None = None
    ring = list(zip(labels, members, strict=True))
    for i, (a, m_a) in enumerate(ring):
        b, m_b = ring[(i + 1) % len(ring)]
        if a == b:
            continue
        capacity = pairs.get(frozenset((int(a), int(b))))
        if capacity is None:
            return None
        own_a, own_b = (1, 1) if every_member else (int(m_a), int(m_b))
        share_a = own_a / max(int(crossing[a]), own_a)
        share_b = own_b / max(int(crossing[b]), own_b)
        gbps = capacity * min(share_a, share_b) * NETWORK_EFFICIENCY
        if best is None or gbps < best[0]:
            side = int(a) if share_a <= share_b else int(b)
            best = (gbps, f"{names[int(a)]} ↔ {names[int(b)]}", int(a), int(b), side,
                    capacity)
    return best


def _core_use(rows: np.ndarray, labels: np.ndarray, crossing: np.ndarray,
              injection: np.ndarray, level: Boundary, free: float,
              found: PairBound) -> CoreUse:
    """The :class:`CoreUse` of the group bound by ``found``: the axis's members on the
    binding side in groups joining the pair, over that side's crossing accelerators, is
    the share of the pair allotted to the axis."""
    gbps, where, a, b, side, capacity = found
    placed = labels[rows]
    joins = (placed == a).any(axis=1) & (placed == b).any(axis=1)
    members = int((placed[joins] == side).sum())
    share = min(1.0, members / max(int(crossing[side]), 1))
    inj = min(float(injection[labels == a].sum()), float(injection[labels == b].sum()))
    return CoreUse(level=level, where=where, free_gbps=free, pair_gbps=gbps,
                   capacity_gbps=capacity, share=share,
                   oversubscription=inj / capacity if capacity > 0 else float("inf"))


def group_bandwidth(rows: np.ndarray, slots: CampusSlots,
                    island_pairs: PairCapacities | None,
                    building_pairs: PairCapacities | None,
                    island_crossing: np.ndarray, building_crossing: np.ndarray,
                    pool_nics: bool = True, every_member: bool = False) -> GroupBandwidth:
    """The bus bandwidth of the slowest of ``rows`` (groups × members, campus accelerator
    numbers): the least, over the boundaries a group spans, of what that boundary gives
    it. ``*_crossing[x]`` counts accelerators of place *x* (of every job) whose groups
    cross its boundary. ``pool_nics`` is False for point-to-point and all-to-all
    traffic, which cannot pool a domain's NICs; ``every_member`` is True for an
    all-to-all, where every member's traffic crosses (each gets an equal share of a pair
    capacity) rather than one ring's (the group's share is its members' share)."""
    n = rows.shape[1]
    domains, per_domain = _parts(slots.domain[rows])
    islands, _ = _parts(slots.island[rows])
    buildings, _ = _parts(slots.building[rows])
    up = slots.scale_up_gbps[rows].min(axis=1) * SCALE_UP_EFFICIENCY
    nic = slots.injection_gbps[rows].min(axis=1) * NETWORK_EFFICIENCY
    spans = domains > 1
    own = per_domain if pool_nics else np.ones_like(per_domain)
    injection = np.where(spans, own * nic, np.inf)
    inside = np.where(spans & (per_domain == 1), np.inf, up)
    gbps = np.minimum(inside, injection)
    limit = np.where(inside <= injection, 0, 1)
    free = gbps.copy()
    where = [""] * rows.shape[0]
    cache: dict[tuple[int, bytes], PairBound | None] = {}
    tightest: tuple[float, int, int, PairBound] | None = None
    for level, (count, labels, pairs, crossing, names) in enumerate((
            (islands, slots.island, island_pairs, island_crossing, slots.island_ids),
            (buildings, slots.building, building_pairs, building_crossing,
             slots.building_ids)), start=2):
        for r in np.flatnonzero(count > 1):
            row = np.sort(labels[rows[r]])
            key = (level, row.tobytes())
            if key not in cache:
                cache[key] = _pair_share(row, pairs, crossing, every_member, names)
            found = cache[key]
            if found is None:
                continue
            need = float(free[r]) / found[0] if found[0] > 0 else float("inf")
            if tightest is None or need > tightest[0]:
                tightest = (need, level, int(r), found)
            if found[0] < gbps[r]:
                gbps[r], limit[r], where[r] = found[0], level, found[1]
    worst = int(np.argmin(gbps))
    boundary = list(Boundary)[int(limit[worst])]
    crossing_set = {Boundary.SCALE_UP} if bool((domains == 1).any()) and n > 1 else set()
    if spans.any():
        crossing_set.add(Boundary.INJECTION)
    if (islands > 1).any():
        crossing_set.add(Boundary.ISLANDS)
    if (buildings > 1).any():
        crossing_set.add(Boundary.BUILDINGS)
    core = None
    if tightest is not None:
        _, level, tight_row, found = tightest
        on_islands = level == 2
        core = _core_use(rows, slots.island if on_islands else slots.building,
                         island_crossing if on_islands else building_crossing,
                         slots.injection_gbps,
                         Boundary.ISLANDS if on_islands else Boundary.BUILDINGS,
                         float(free[tight_row]), found)
    return GroupBandwidth(
        gbps=float(gbps[worst]), limit=boundary, where=where[worst],
        domains=int(domains[worst]), islands=int(islands[worst]),
        buildings=int(buildings[worst]), domain_size=int(slots.domain_size[rows[worst, 0]]),
        crossing=frozenset(crossing_set), core=core)


def crossing_rows(rows: np.ndarray, labels: np.ndarray) -> np.ndarray:
    """The accelerators of the rows that span more than one label."""
    count, _ = _parts(labels[rows])
    return rows[count > 1].ravel()
