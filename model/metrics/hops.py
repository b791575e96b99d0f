"""Hop counts between accelerators: exact histogram over every unordered pair.

Hops between two accelerators are the switches on a shortest path between their NICs.
The count is exact and never samples; it never walks pairs or GPUs one by one either:

1. Switch members fall into classes joined completely or not at all
   (:mod:`model.metrics.representation.switch_classes`), so switch-to-switch distance depends only
   on the two classes (or is 0 for the same member).
2. Accelerators attached to exactly the same switch members form a *unit*
   (:mod:`model.metrics.representation.attachment`; e.g. the
   accelerators on one leaf). When units are disjoint — no switch member belongs to two
   units, true of every evenly wired rail, spread and rack pattern — two accelerators of
   one unit are 1 hop apart, and two of different units are
   ``1 + min dist(c₁, c₂)`` over the classes ``c₁``, ``c₂`` of their members, where two
   different members of one class count 2 edges. That depends only on the units'
   *class signatures* (the set of classes their members belong to).
3. Pairs are counted per class signature with group sums: for a grouping (same server,
   same rack, …) the pairs with signatures (P, Q) inside groups are ``Σ_g M_gP·M_gQ``
   where ``M_gP`` counts accelerators of signature P in group g. Pairs of one unit and
   pairs of one scale-up domain are counted the same way and moved to their buckets
   (:mod:`model.metrics.hop_pairs`; accelerators in runs of one group and one unit are
   counted run by run).

Scopes are nested (server ⊂ rack ⊂ island ⊂ building ⊂ campus), so the pairs whose
closest common place is, say, a rack are the pairs in one rack minus those in one server.
When units overlap (a member shared by two different attachment sets), distances fall
back to comparing units pairwise, which is exact and fine for small designs.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable
from functools import partial
from itertools import pairwise

import numpy as np

from model.metrics.algorithms.arrays import dense, distinct, ranked
from model.metrics.hop_pairs import Runs, binned, group_runs, histogram
from model.metrics.memory import remembered
from model.metrics.representation.attachment import AttachmentUnits, attachment_units
from model.metrics.representation.endpoints import PLACES, Endpoints
from model.metrics.representation.switch_classes import (
    UNREACHABLE,
    SwitchClasses,
    class_distances,
)
from model.metrics.representation.topology import IntArray, Topology
from model.metrics.results import Hops

SCOPES = ("server", "rack", "island", "building", "campus")

LevelCounts = tuple[dict[str, tuple[Counter[int], int]], Counter[int] | None]
"""Per scope: hops → pairs (scale-up pairs removed) and the scale-up pairs; and hops →
pairs inside one scale-up domain, when counted."""


def _signature_distances(
    units: AttachmentUnits, classes: SwitchClasses
) -> tuple[IntArray, np.ndarray, bool]:
    """Class signature of each unit and switch hops between signatures.

    Returns (signature of each unit, hops[P, Q] for accelerators of *different* units
    with signatures P and Q, units_disjoint).
    """
    if units.single is not None:
        return _single_signature_distances(units.single, classes)
    members = units.members
    seen: Counter[int] = Counter(m for unit in members for m in unit if m >= 0)
    disjoint = all(c == 1 for c in seen.values())
    sig_index: dict[tuple[int, ...], int] = {}
    unit_sig = np.empty(len(members), dtype=np.int64)
    sig_classes: list[tuple[int, ...]] = []
    for u, unit in enumerate(members):
        key = tuple(sorted({int(classes.member_class[m]) for m in unit if m >= 0}))
        if key not in sig_index:
            sig_index[key] = len(sig_classes)
            sig_classes.append(key)
        unit_sig[u] = sig_index[key]
    used = sorted({c for key in sig_classes for c in key})
    col = {c: i for i, c in enumerate(used)}
    dist = class_distances(classes, np.array(used, dtype=np.int64))
    neighbour = classes.has_neighbour()
    for i, c in enumerate(used):
        dist[i, i] = 2 if neighbour[c] else UNREACHABLE
    s = len(sig_classes)
    if all(len(key) <= 1 for key in sig_classes):
        # one class each, or none (accelerators whose links are all down reach nothing)
        linked = np.array([len(key) == 1 for key in sig_classes], dtype=bool)
        idx = np.array([col[key[0]] for key in sig_classes if key], dtype=np.int64)
        sub = dist[np.ix_(idx, idx)]
        hops = np.full((s, s), UNREACHABLE, dtype=np.int32)
        hops[np.ix_(linked, linked)] = np.where(sub < UNREACHABLE, sub + 1, UNREACHABLE)
        return unit_sig, hops, disjoint
    hops = np.full((s, s), UNREACHABLE, dtype=np.int32)
    for p, kp in enumerate(sig_classes):
        for q, kq in enumerate(sig_classes):
            if kp and kq:
                rows = [col[c] for c in kp]
                cols = [col[c] for c in kq]
                best = int(dist[np.ix_(rows, cols)].min())
                hops[p, q] = best + 1 if best < UNREACHABLE else UNREACHABLE
    return unit_sig, hops, disjoint


def _single_signature_distances(member: IntArray, classes: SwitchClasses
                                ) -> tuple[IntArray, np.ndarray, bool]:
    """Fast path of :func:`_signature_distances` when every unit is one switch member
    (units are then disjoint by construction)."""
    cls = classes.member_class[member]
    used, unit_sig = ranked(cls)
    dist = class_distances(classes, used)
    neighbour = classes.has_neighbour()[used]
    np.fill_diagonal(dist, np.where(neighbour, 2, UNREACHABLE))
    return unit_sig.reshape(-1).astype(np.int64), np.where(
        dist < UNREACHABLE, dist + 1, UNREACHABLE), True


def _island_indices(ep: Endpoints) -> list[tuple[int, IntArray | slice]]:
    """Each island with its accelerators (a slice when they are one run)."""
    runs = ep.island_runs()
    if runs is not None:
        return [(island, slice(start, stop)) for island, start, stop in runs]
    order = np.argsort(ep.island, kind="stable")
    islands = ep.island[order]
    bounds = np.flatnonzero(np.r_[True, islands[1:] != islands[:-1], True])
    return [(int(islands[start]), order[start:stop])
            for start, stop in pairwise(bounds.tolist())]


def _building_cells(ep: Endpoints, attached: AttachmentUnits, units: int) -> np.ndarray:
    """Accelerators per building and unit (buildings × units)."""
    out = np.zeros((max(len(ep.building_names), 1), units))
    of_member = attached.of_member
    if (ep.one_attachment_each and of_member is not None
            and all(block.reach is not None for block in ep.inc_blocks)):
        # one incidence per accelerator: count them member by member, every block at
        # once (whole numbers, so the order they are added in does not matter)
        members, incidences, block_of = ep.reached()
        buildings = np.array([ep.spans[block.group].building for block in ep.inc_blocks],
                             dtype=np.int64)
        cell = buildings[block_of] * units + of_member[members]
        return np.bincount(cell, weights=incidences, minlength=out.size).reshape(out.shape)
    unit = attached.unit
    for span in ep.spans:
        if span.start == span.stop:
            continue
        counts = np.bincount(unit[span.start:span.stop])
        out[span.building, :counts.size] += counts
    return out


def _wide_counts(per_building: np.ndarray, unit_sig: IntArray, hops: np.ndarray,
                 in_domains: Counter[int]) -> dict[str, tuple[Counter[int], int]]:
    """Building and campus counts (as :func:`_level_counts` gives them) from one count
    of accelerators per building and unit (``per_building``): every pair sum those
    levels need is a sum over units (of a signature), so one pass over the accelerators
    serves both. ``in_domains``: hops → pairs inside one scale-up domain (domains never
    leave a building)."""
    s = hops.shape[0]
    scale_up = sum(in_domains.values())
    out: dict[str, tuple[Counter[int], int]] = {}
    for scope, per_unit in (("building", per_building),
                            ("campus", per_building.sum(axis=0, keepdims=True))):
        if scope == "campus" and per_building.shape[0] == 1:
            # one building: the campus is it (the same row, the same sums)
            building, _ = out["building"]
            out[scope] = (Counter(building), scale_up)
            continue
        m = np.stack([np.bincount(unit_sig, weights=row, minlength=s) for row in per_unit])
        same = (np.einsum("gp,gp->p", m, m) - m.sum(axis=0)) / 2
        in_unit = np.bincount(unit_sig, weights=(per_unit * (per_unit - 1) / 2).sum(axis=0),
                              minlength=s)
        remaining = binned(partial(_pairs_between, m), same, in_unit, hops)
        remaining.subtract(in_domains)
        out[scope] = (remaining, scale_up)
    return out


def _pairs_between(m: np.ndarray, r0: int, r1: int) -> np.ndarray:
    """Rows ``r0:r1`` of Σ_g m_gP·m_gQ (pairs with one end of each signature in one
    group, ``m``: accelerators per group and signature), with a zero diagonal."""
    q: np.ndarray = m[:, r0:r1].T @ m
    q[np.arange(r1 - r0), np.arange(r0, r1)] = 0.0
    return q


def _nested(inner: IntArray, outer: IntArray) -> bool:
    """True when every group of ``inner`` lies inside one group of ``outer``."""
    if inner.size == 0:
        return True
    first = np.full(int(inner.max()) + 1, -1, dtype=np.int64)
    first[inner] = outer
    return bool(np.array_equal(first[inner], outer))


def compute_hops(ep: Endpoints, classes: SwitchClasses,
                 units: AttachmentUnits | None = None,
                 island_keys: list[Hashable] | None = None,
                 shapes: list[Hashable] | None = None) -> Hops:
    """Exact hop histogram over all unordered accelerator pairs (see module doc);
    ``units`` may pass in what :func:`attachment_units` already found,
    ``island_keys`` the islands' fingerprints (:mod:`model.metrics.representation.symmetry`): the
    counts inside an island are made once per fingerprint; and ``shapes`` each island's rack
    groups (:func:`island_shapes`), under which counts inside islands are kept from one
    run to the next."""
    n = ep.count
    if n < 2:
        return Hops({}, {s: {} for s in SCOPES}, 0, dict.fromkeys(SCOPES, 0), 0, 0.0, 0)
    attached = units if units is not None else attachment_units(ep)
    unit_sig, hops, disjoint = _signature_distances(attached, classes)
    if not disjoint:
        hops_units = _unit_hops(attached.members, classes)
        unit_sig = np.arange(len(attached.members), dtype=np.int64)
        hops = hops_units
    cumulative: dict[str, Counter[int]] = {}
    scale_up_cum: dict[str, int] = {}
    # Levels inside one island are summed island by island, each with only its own
    # signatures; building and campus levels are counted over the whole campus.
    # Islands that are copies (equal keys) are counted once and their counts, which are
    # whole numbers, added as many times as there are copies.
    found_of: list[LevelCounts] = []
    copies: list[int] = []
    class_of: dict[Hashable, int] = {}
    for island, idx in _island_indices(ep):
        key = island_keys[island] if island_keys is not None else None
        known = class_of.get(key) if key is not None else None
        if known is not None:
            copies[known] += 1
            continue
        if key is not None:
            class_of[key] = len(found_of)
        found_of.append(_island_counts(ep, idx, attached, unit_sig, hops,
                                       shapes[island] if shapes else None))
        copies.append(1)
    in_domains: Counter[int] | None = Counter()
    for (counts, domain_pairs), times in zip(found_of, copies, strict=True):
        for scope, (in_scope, up) in counts.items():
            cumulative.setdefault(scope, Counter()).update(
                in_scope if times == 1 else {h: c * times for h, c in in_scope.items()})
            scale_up_cum[scope] = scale_up_cum.get(scope, 0) + up * times
        if in_domains is not None and domain_pairs is not None:
            in_domains.update(domain_pairs if times == 1
                              else {h: c * times for h, c in domain_pairs.items()})
        else:
            in_domains = None
    # scale-up domains never leave their island: their pairs are the islands' sum
    if in_domains is not None:
        counts = _wide_counts(_building_cells(ep, attached, unit_sig.size), unit_sig, hops,
                              in_domains)
    else:
        counts, _ = _level_counts(
            {"building": ep.building, "campus": np.zeros(n, dtype=np.int64)}, ep.domain,
            attached.unit, unit_sig, unit_sig[attached.unit], hops, None,
            domains_inside=True)
    for scope, (in_scope, up) in counts.items():
        cumulative[scope] = in_scope
        scale_up_cum[scope] = up
    _same_nic(ep, cumulative)
    by_scope: dict[str, dict[int, int]] = {}
    scale_up_by_scope: dict[str, int] = {}
    previous: Counter[int] = Counter()
    prev_up = 0
    for scope in SCOPES:
        diff = Counter(cumulative[scope])
        diff.subtract(previous)
        by_scope[scope] = {h: c for h, c in sorted(diff.items()) if c and h < UNREACHABLE}
        scale_up_by_scope[scope] = scale_up_cum[scope] - prev_up
        previous, prev_up = cumulative[scope], scale_up_cum[scope]
    total = cumulative["campus"]
    unreachable = sum(c for h, c in total.items() if h >= UNREACHABLE)
    histogram = {h: c for h, c in sorted(total.items()) if c and h < UNREACHABLE}
    pairs = sum(histogram.values())
    mean = sum(h * c for h, c in histogram.items()) / pairs if pairs else 0.0
    return Hops(
        histogram=histogram,
        by_scope=by_scope,
        scale_up_pairs=scale_up_cum["campus"],
        scale_up_by_scope=scale_up_by_scope,
        unreachable_pairs=unreachable,
        mean=mean,
        max=max(histogram) if histogram else 0,
    )


def _island_counts(ep: Endpoints, idx: IntArray | slice, attached: AttachmentUnits,
                   unit_sig: IntArray, hops: np.ndarray, shape: Hashable | None = None
                   ) -> LevelCounts:
    """Server, rack and island counts of the accelerators ``idx`` of one island, with
    only the island's own signatures. ``shape`` may describe the island's rack groups
    (what fixes which of its accelerators share a server, a rack and a scale-up domain);
    the counts are then kept across runs under it, the island's units and signatures
    (numbered locally) and the hops between those signatures: the whole of what they
    depend on."""
    by_blocks = (_island_blocks(ep, attached, idx.start, idx.stop)
                 if shape is not None and isinstance(idx, slice) else None)
    unit_local: IntArray | None = None
    if by_blocks is not None:
        local_units, blocks = by_blocks
    else:
        local_units, unit_local = ranked(attached.between(idx.start, idx.stop)
                                         if isinstance(idx, slice) else attached.unit[idx])
    local_sigs, sig_local = ranked(unit_sig[local_units])
    sub = hops[np.ix_(local_sigs, local_sigs)]
    key = None
    if shape is not None:
        if by_blocks is not None:
            units_key: Hashable = ("blocks", blocks)
        else:
            assert unit_local is not None
            small = np.uint16 if local_units.size <= 1 << 16 else np.int64
            units_key = unit_local.astype(small).tobytes()
        key = (shape, units_key, sig_local.tobytes(), sub.tobytes(), sub.shape)
        found = remembered().islands_seen.get(key)
        if found is not None:
            return found
    if unit_local is None:
        assert isinstance(idx, slice)
        unit_local = _local_units(attached.between(idx.start, idx.stop), local_units)
    if isinstance(idx, slice):
        # a run of whole rack groups numbers its places without gaps
        server, rack, domain = (_run_places(ep, name, idx.start, idx.stop)
                                for name in PLACES)
    else:
        server, rack, domain = dense(ep.server[idx]), dense(ep.rack[idx]), dense(ep.domain[idx])
    counts = _level_counts(
        {"server": server, "rack": rack,
         "island": np.zeros(unit_local.size, dtype=np.int64)},
        domain, unit_local, sig_local, None, sub, ascending=isinstance(idx, slice))
    if key is not None:
        remembered().islands_seen.put(key, counts)
    return counts


def _from_zero(numbers: IntArray) -> IntArray:
    """Place numbers of a run of whole rack groups (ascending, without gaps) from 0."""
    return numbers - numbers[0] if numbers.size else numbers


def _run_places(ep: Endpoints, name: str, start: int, stop: int) -> IntArray:
    """Place numbers ``name`` of accelerators ``start`` to ``stop`` (a run of whole
    rack groups) from 0: a group's own numbers when the run is that one group (they
    start at 0), without a copy."""
    inside = [span for span in ep.spans if span.start < stop and span.stop > start]
    if (name not in ep.given and name not in ep.__dict__ and len(inside) == 1
            and inside[0].start == start and inside[0].stop == stop
            and inside[0].part is not None):
        own: IntArray = getattr(inside[0].part, name)
        if own.size and int(own[0]) == 0:
            return own
    return _from_zero(ep.places(name, start, stop))


def _local_units(units: IntArray, distinct_units: IntArray) -> IntArray:
    """Each of ``units`` ranked among ``distinct_units`` (theirs, sorted): one
    subtraction when those are a range of numbers, else a ranking."""
    if distinct_units.size and int(distinct_units[-1]) - int(distinct_units[0]) + 1 \
            == distinct_units.size:
        shifted: IntArray = units - distinct_units[0]
        return shifted
    return ranked(units)[1]


def _island_blocks(ep: Endpoints, attached: AttachmentUnits, start: int, stop: int
                   ) -> tuple[IntArray, Hashable] | None:
    """The units of accelerators ``start`` to ``stop`` (a run of whole rack groups) and
    what numbers them inside the run, read from the rack groups' bundles: when every
    accelerator has one link, its unit is its member's, ranked among the run's members,
    which its group's part and the bundles' offsets (relative to the run's) fix. None
    when that does not hold."""
    of_member = attached.of_member
    if not ep.one_attachment_each or of_member is None:
        return None
    blocks = [b for b in ep.inc_blocks if start <= b.start < stop]  # incidence = accelerator
    if not blocks or any(b.reach is None for b in blocks):
        return None
    base = min(b.member_offset for b in blocks)
    described = []
    for block in blocks:
        part = ep.spans[block.group].part
        if part is None or part.key is None:
            return None
        described.append((part.key, block.member_offset - base, block.acc_offset - start))
    members = np.concatenate([b.reach.members + b.member_offset  # type: ignore[union-attr]
                              for b in blocks])
    return distinct(of_member[members]), tuple(described)


def island_shapes(topo: Topology) -> list[Hashable]:
    """Per island (in design order): its rack groups in topology order, each as what
    fixes its accelerators' servers, racks and scale-up domains (accelerators, per
    server, servers per rack, domain size). Accelerators are numbered rack group by
    rack group (:mod:`model.metrics.representation.endpoints`), so two islands of equal shape have
    the same server, rack and domain of every accelerator, numbered in the same order."""
    shapes: dict[str, list[tuple[object, ...]]] = {name: [] for name in topo.design.islands}
    for rack in topo.racks:
        shapes[rack.island].append((rack.accelerators, rack.per_server,
                                    rack.rack_type.servers_per_rack, rack.domain,
                                    rack.failed))
    return [tuple(shape) for shape in shapes.values()]


def _same_nic(ep: Endpoints, cumulative: dict[str, Counter[int]]) -> None:
    """Accelerators sharing one NIC share their endpoint: 0 switches apart (unless they
    are in one scale-up domain, already counted apart). They were counted as one unit
    (1 hop) when the NIC has links, or as unreachable when it has none; move them."""
    if not ep.shares_nics:
        return
    assert ep.shared_nic is not None
    shared = ep.shared_nic >= 0
    attached = np.zeros(ep.count, dtype=bool)
    attached[ep.inc_acc] = True
    zero: Counter[int] = Counter()
    for linked, bucket in ((True, 1), (False, UNREACHABLE)):
        mask = shared & (attached == linked)
        if not mask.any():
            continue
        nic = dense(ep.shared_nic[mask])
        with_domain = dense(ep.shared_nic[mask], ep.domain[mask])
        pairs = _pairs_within(nic) - _pairs_within(with_domain)
        if pairs:
            zero[bucket] += pairs
    for counts in cumulative.values():
        for bucket, pairs in zero.items():
            counts[bucket] -= pairs
            counts[0] += pairs


def _pairs_within(group: IntArray) -> int:
    """Unordered pairs of items with the same group."""
    sizes = np.bincount(group).astype(np.int64)
    return int((sizes * (sizes - 1) // 2).sum())


def _level_counts(levels: dict[str, IntArray], domain: IntArray, unit: IntArray,
                  unit_sig: IntArray, acc_sig: IntArray | None, hops: np.ndarray,
                  domain_pairs: Counter[int] | None = None,
                  domains_inside: bool = False, ascending: bool = False) -> LevelCounts:
    """For each grouping (nested, finest first): hops → pairs inside one group, less the
    pairs inside one scale-up domain, and how many such scale-up pairs there are; and
    hops → pairs inside one domain, when they were needed (``domain_pairs`` may give
    them, when already known). ``domain`` numbers domains densely; ``domains_inside``
    says every domain is known to lie inside one group of every level (true of
    buildings and the campus: a domain never leaves its rack group); ``ascending``, that
    every grouping and ``domain`` numbers its groups in ascending order from 0 without
    gaps (places of a run of whole rack groups). ``acc_sig``: ``unit_sig[unit]``, made
    here when None and needed."""
    out: dict[str, tuple[Counter[int], int]] = {}
    domains = int(domain[-1] if ascending else domain.max()) + 1 if domain.size else 0
    made: list[IntArray] = [] if acc_sig is None else [acc_sig]

    def signatures() -> IntArray:
        if not made:
            made.append(unit_sig[unit])
        return made[0]

    singletons = _singletons_ascending if ascending else _singletons
    # every domain holds one accelerator (hosts without scale-up): no pair lies inside
    # a domain, and no level needs to be checked against the domains
    single_domains = singletons(domain)
    if single_domains:
        domain_pairs = Counter()
    found: Runs | None = None
    for scope, key in levels.items():
        if singletons(key):
            # no two accelerators share a group (one accelerator per server): no pairs
            out[scope] = (Counter(), 0)
            continue
        if found is None:  # runs of a finer grouping are runs of this one too
            found = group_runs(key, unit)
        all_pairs = histogram(key, unit, unit_sig, signatures, hops, found)
        if single_domains:
            out[scope] = (Counter(all_pairs), 0)
            continue
        # a group inside one domain each needs at least as many groups as domains
        one_domain_each = key.size > 0 and int(key.max()) + 1 >= domains \
            and _nested(key, domain)
        domain_in_key = domains_inside or _nested(domain, key)
        if one_domain_each:
            in_domain = all_pairs
            if domain_in_key:
                domain_pairs = all_pairs  # the same groups: reuse at coarser levels
        elif domain_in_key:
            if domain_pairs is None:
                domain_pairs = histogram(domain, unit, unit_sig, signatures, hops,
                                          group_runs(domain, unit))
            in_domain = domain_pairs
        else:
            both = dense(key, domain)
            in_domain = histogram(both, unit, unit_sig, signatures, hops,
                                   group_runs(both, unit))
        remaining = Counter(all_pairs)
        remaining.subtract(in_domain)
        out[scope] = (remaining, sum(in_domain.values()))
    return out, domain_pairs


def _singletons(key: IntArray) -> bool:
    """True when no two items share a group of ``key``."""
    if key.size == 0 or int(key.max()) + 1 != key.size:
        return key.size <= 1
    return bool(np.bincount(key).max() <= 1)


def _singletons_ascending(key: IntArray) -> bool:
    """:func:`_singletons` of groups numbered in ascending order from 0 without gaps:
    as many groups as items."""
    return key.size <= 1 or int(key[-1]) + 1 == key.size


def _unit_hops(members: list[tuple[int, ...]], classes: SwitchClasses) -> np.ndarray:
    """Hops between units compared one by one (overlapping attachment sets)."""
    u = len(members)
    used = sorted({int(classes.member_class[m]) for unit in members for m in unit if m >= 0})
    col = {c: i for i, c in enumerate(used)}
    dist = class_distances(classes, np.array(used, dtype=np.int64))
    neighbour = classes.has_neighbour()
    out = np.full((u, u), UNREACHABLE, dtype=np.int32)
    for i, a in enumerate(members):
        for j, b in enumerate(members):
            best = UNREACHABLE
            for x in a:
                for y in b:
                    if x < 0 or y < 0:
                        continue
                    if x == y:
                        best = 0
                        break
                    cx, cy = col[int(classes.member_class[x])], col[int(classes.member_class[y])]
                    d = dist[cx, cy] if cx != cy else (2 if neighbour[used[cx]] else UNREACHABLE)
                    best = min(best, int(d))
                if best == 0:
                    break
            out[i, j] = best + 1 if best < UNREACHABLE else UNREACHABLE
    return out
