"""The pod tree of a hierarchical network: the structure bisection and pair capacities
are computed on.

Levels: rack groups are level 0 and a tier is one above the highest group it has links
from. A *level-ℓ pod* is a connected component of the network restricted to the
accelerators and the switches of level ≤ ℓ that contains switches of level ℓ (its *own*
switches). Each pod's children are the level-(ℓ−1) pods and bare units inside it, so pods
form a tree whose leaves are *units* (accelerators attached to exactly the same switch
members). The tree is *closed* when every link joins a node to the own switches of the
pod just above it — true of every drawing where tiers stack (a leaf wired straight to a
core two levels up breaks it, and so do peer links such as Dragonfly+ global links).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import numpy as np

from model.metrics.algorithms.arrays import Deferred, stable_order
from model.metrics.bisection.pod_levels import LevelCheck, level_check, level_pods, switch_level
from model.metrics.memory import remembered
from model.metrics.representation.endpoints import Endpoints
from model.metrics.representation.topology import IntArray, TierNet, Topology
from model.metrics.representation.wiring import spread_runs


@dataclass
class PodTree:
    """The pod tree as arrays. Nodes ``0 … units−1`` are the units (in unit order);
    pods follow, level by level, so every child has a smaller index than its parent.
    ``roots`` are the top nodes (several when the network is split)."""

    roots: list[int]
    units_of_acc: Deferred
    """Unit of every accelerator (see :attr:`unit_of_acc`)."""
    unit_size: IntArray
    uniform: bool
    """True when, in every pod, each child has the same capacity to every own switch
    and the own switches have the same uplink capacity (the condition under which a
    pod's own switches are interchangeable)."""
    member_level: IntArray
    switch_edges: tuple[IntArray, IntArray, np.ndarray]
    """Aggregated switch-to-switch links: (lower member, upper member, capacity)."""
    unit_edges: tuple[IntArray, IntArray, np.ndarray]
    """Aggregated unit-to-switch attachments: (unit, member, capacity of the unit)."""
    parent: IntArray
    """Parent node of every node (-1 for a root)."""
    level: IntArray
    """Level of every node (0 for units)."""
    accelerators: IntArray
    up: np.ndarray
    """Capacity from each node to its parent's own switches (Gb/s)."""
    signature: IntArray
    """Nodes with equal signatures are interchangeable (isomorphic subtrees)."""
    own_ptr: IntArray
    own_members: IntArray
    """Own switches of node i are own_members[own_ptr[i]:own_ptr[i+1]]."""
    child_ptr: IntArray
    child_idx: IntArray
    """Children of node i are child_idx[child_ptr[i]:child_ptr[i+1]]."""
    level_edges: tuple[slice, ...] = ()
    """Per level from 1: where that level's links are in ``switch_edges`` (the links up
    from units to a level are those whose member stands at it)."""
    level_alike: tuple[bool, ...] = ()
    """Per level from 1: whether every child of each pod of that level has the same
    capacity to every own switch of its pod (the first half of ``uniform``)."""
    derived: dict[str, object] = field(default_factory=dict, repr=False)
    """What solvers derive from this tree and share (the classes of its switches)."""
    signature_hash: np.ndarray = field(default_factory=lambda: np.zeros(0, np.uint64))
    """The 64-bit hash behind each signature (stable from one tree to the next, so
    results per signature can be remembered across edits)."""
    structure: object = None
    """What the tree's structure is kept by (its skeleton's key: switch structure,
    units, which switch each unit reaches); trees with equal keys have the same nodes,
    own switches and links, and differ in capacities and units' sizes only."""
    capacities: object = None
    """What the capacities of its switch links (``switch_edges[2]``) are kept by in
    ``Memory.switch_capacities`` (switch structure and the bundles' speeds; None: not
    kept): with :attr:`structure`, what the switch links' part of its classes is kept
    by (:mod:`model.metrics.bisection.pod_classes`)."""

    @property
    def unit_of_acc(self) -> IntArray:
        """Unit of every accelerator."""
        return self.units_of_acc.get()

    @property
    def units(self) -> int:
        """Number of units (the first nodes)."""
        return int(self.unit_size.size)

    @property
    def size(self) -> int:
        """Number of nodes."""
        return int(self.parent.size)

    def children(self, node: int) -> IntArray:
        """Children of ``node``."""
        return self.child_idx[self.child_ptr[node]:self.child_ptr[node + 1]]

    def own(self, node: int) -> IntArray:
        """Own switches (global members) of ``node``."""
        return self.own_members[self.own_ptr[node]:self.own_ptr[node + 1]]


def _csr(owner: IntArray, item: IntArray, n: int) -> tuple[IntArray, IntArray]:
    order = stable_order(owner)
    ptr = np.r_[0, np.cumsum(np.bincount(owner, minlength=n))].astype(np.int64)
    return ptr, item[order]


def _unit_edges(ep: Endpoints, unit_of_acc: Deferred, representative: IntArray | None,
                width: int) -> tuple[IntArray, IntArray, IntArray, IntArray]:
    """Each unit's attachments to switches: (unit, member, incidences used, their
    aggregation index). Accelerators of a unit have the same capacity to every switch,
    so one representative's incidences × the unit's size give the unit's capacity."""
    if representative is None:
        chosen = np.arange(ep.incidences, dtype=np.int64)
    elif ep.one_attachment_each:
        # an accelerator's one link is its incidence, so its unit is known
        order = np.argsort(representative)
        chosen = representative[order]
        key = order * width + ep.at("inc_member", chosen)
        uniq, inv = np.unique(key, return_inverse=True)
        return uniq // width, uniq % width, chosen, inv.reshape(-1)
    else:
        is_rep = np.zeros(ep.count, dtype=bool)
        is_rep[representative] = True
        chosen = np.flatnonzero(is_rep[ep.inc_acc])
    key = unit_of_acc.get()[ep.inc_acc[chosen]] * width + ep.inc_member[chosen]
    uniq, inv = np.unique(key, return_inverse=True)
    return uniq // width, uniq % width, chosen, inv.reshape(-1)


_SwitchLinks = tuple[IntArray, IntArray, IntArray, IntArray, dict[int, slice]]
SwitchPart = tuple[_SwitchLinks, dict[int, tuple[IntArray, ...]]]
"""The switch links and their reach (:func:`_switch_edges`, :func:`_reach`)."""


def _switch_part(topo: Topology) -> SwitchPart:
    """:func:`_switch_edges` and :func:`_reach` of ``topo``, kept by its switch
    structure (:attr:`Topology.switch_structure`): an edit of rack groups leaves them
    unchanged."""
    parts = remembered().switch_parts
    found = parts.get(topo.switch_structure)
    if found is None:
        found = (_switch_edges(topo), _reach(topo))
        for array in (*found[0][:4], *(a for arrays in found[1].values() for a in arrays)):
            array.flags.writeable = False  # shared by every tree until the next change
        parts.put(topo.switch_structure, found)
    return found


def _switch_edges(topo: Topology) -> _SwitchLinks:
    """Switch-to-switch links, each joined pair once: (lower member, upper member,
    bundle index, links joining the pair), ordered by the upper tier's level, and where
    each level's links are. A spread bundle with no more links per member than upper
    switches joins each pair at most once, and with a multiple of them exactly ``L/n``
    times; no two bundles join the same two tiers. Other bundles are counted link by
    link."""
    lows: list[IntArray] = []
    highs: list[IntArray] = []
    mult: list[IntArray] = []
    which: list[IntArray] = []
    where: dict[int, slice] = {}
    done = 0
    chosen = sorted((bundle.upper.level, index) for index, bundle in enumerate(topo.bundles)
                    if isinstance(bundle.lower, TierNet))
    # consecutive bundles of one level wired alike (their arrays shared: the SUs'
    # bundles of a SuperPOD) are one run, their pairs found once and moved to each
    # bundle's tiers at once
    runs: list[tuple[int, tuple[object, ...], list[int], list[int], list[int]]] = []
    for lv, index in chosen:
        bundle = topo.bundles[index]
        assert isinstance(bundle.lower, TierNet)
        key = (id(bundle.lower_member), id(bundle.upper_member), bundle.links_per_member,
               bundle.upper.count, bundle.masked)
        if not (runs and runs[-1][0] == lv and runs[-1][1] == key):
            runs.append((lv, key, [], [], []))
        runs[-1][2].append(index)
        runs[-1][3].append(bundle.lower.offset)
        runs[-1][4].append(bundle.upper.offset)
    for lv, _, indices, lower_offsets, upper_offsets in runs:
        bundle = topo.bundles[indices[0]]
        lo, hi = bundle.lower_member, bundle.upper_member
        links, n = bundle.links_per_member, bundle.upper.count
        times: IntArray | int = 1
        if links > n and links % n == 0 and not bundle.masked:
            keep = np.arange(lo.size) % links < n
            lo, hi, times = lo[keep], hi[keep], links // n
        elif links > n:
            # pairs of one bundle, distinct by (lower, upper) member: found on the
            # members' own numbers, whose order the offsets keep
            local = max(int(n), 1)
            uniq, counts = np.unique(lo * local + hi, return_counts=True)
            lo, hi, times = uniq // local, uniq % local, counts.astype(np.int64)
        lower_at = np.array(lower_offsets, dtype=np.int64)
        upper_at = np.array(upper_offsets, dtype=np.int64)
        lows.append((lo[None, :] + lower_at[:, None]).reshape(-1))
        highs.append((hi[None, :] + upper_at[:, None]).reshape(-1))
        size = lo.size
        which.append(np.repeat(np.array(indices, dtype=np.int64), size))
        mult.append(np.tile(np.broadcast_to(np.asarray(times, dtype=np.int64), (size,)),
                            len(indices)))
        first = where[lv].start if lv in where else done
        done += size * len(indices)
        where[lv] = slice(first, done)
    if not lows:
        empty = np.zeros(0, np.int64)
        return empty, empty, empty, empty, where
    return (np.concatenate(lows), np.concatenate(highs), np.concatenate(which),
            np.concatenate(mult), where)


def _reach(topo: Topology) -> dict[int, tuple[IntArray, ...]]:
    """Per level, a small edge set joining the same switches as that level's switch
    links (:func:`model.metrics.representation.wiring.spread_runs`): (lower member, the first upper
    member it reaches, and pairs of upper members joined through some lower member) —
    ``lower + n`` edges per bundle instead of ``lower · L``."""
    # per level, in bundle order: segments of consecutive bundles of one shape (the
    # SUs' bundles share a few), each made once and moved to every bundle's tiers; a
    # bundle with links down is a segment of its own links
    segments: dict[int, list[_ReachSegment]] = {}
    for bundle in topo.bundles:
        lower = bundle.lower
        if not isinstance(lower, TierNet) or not bundle.links:
            continue
        n, offset = bundle.upper.count, bundle.upper.offset
        level = segments.setdefault(bundle.upper.level, [])
        if bundle.masked:  # links are down: the links themselves, not the runs
            level.append(_ReachSegment(None, [], [], (bundle.lower_member + lower.offset,
                                                      bundle.upper_member + offset)))
            continue
        shape = (lower.count, bundle.links_per_member, n)
        if level and level[-1].shape == shape:
            level[-1].lower_at.append(lower.offset)
            level[-1].upper_at.append(offset)
        else:
            level.append(_ReachSegment(shape, [lower.offset], [offset]))
    runs: dict[tuple[int, int, int], tuple[IntArray, IntArray]] = {}
    out: dict[int, tuple[IntArray, ...]] = {}
    empty = np.zeros(0, np.int64)
    for lv, parts in segments.items():
        lows, firsts, froms, tos = [], [], [], []
        for part in parts:
            if part.shape is None:
                assert part.links is not None
                lows.append(part.links[0])
                firsts.append(part.links[1])
                froms.append(empty)
                tos.append(empty)
                continue
            count, _, n = part.shape
            if part.shape not in runs:
                runs[part.shape] = spread_runs(*part.shape)
            start, joined = runs[part.shape]
            lo_at = np.array(part.lower_at, dtype=np.int64)[:, None]
            up_at = np.array(part.upper_at, dtype=np.int64)[:, None]
            lows.append((np.arange(count, dtype=np.int64)[None, :] + lo_at).reshape(-1))
            firsts.append((start[None, :] + up_at).reshape(-1))
            froms.append((joined[None, :] + up_at).reshape(-1))
            tos.append((((joined + 1) % n)[None, :] + up_at).reshape(-1))
        out[lv] = (np.concatenate(lows), np.concatenate(firsts), np.concatenate(froms),
                   np.concatenate(tos))
    return out


@dataclass
class _ReachSegment:
    """Consecutive bundles of one level and one ``shape`` (lower members, links per
    member, upper members) in :func:`_reach`, by the offsets of their two tiers; or
    (``shape`` None) one bundle with links down, by its ``links`` (global members)."""

    shape: tuple[int, int, int] | None
    lower_at: list[int]
    upper_at: list[int]
    links: tuple[IntArray, IntArray] | None = None


@dataclass
class PodSkeleton:
    """The pod tree of a plane without its capacities: everything that depends only on
    which links exist and on the units, so an edit of a link speed rebuilds the tree
    with :meth:`tree` instead of from scratch."""

    units_of_acc: Deferred
    unit_size: IntArray
    member_level: IntArray
    roots: list[int]
    parent: IntArray
    level: IntArray
    own_ptr: IntArray
    own_members: IntArray
    child_ptr: IntArray
    child_idx: IntArray
    unit_lo: IntArray
    unit_hi: IntArray
    unit_incidences: IntArray
    unit_group: IntArray
    unit_scale: IntArray
    """Accelerators each unit edge's incidences stand for (the unit's size when they
    are one representative's, else 1)."""
    switch_lo: IntArray
    switch_hi: IntArray
    switch_bundle: IntArray
    switch_links: IntArray
    checks: list[LevelCheck]
    structure: object = None
    """The key this skeleton is kept by (see :attr:`PodTree.structure`)."""

    def tree(self, topo: Topology, ep: Endpoints) -> PodTree:
        """The pod tree with capacities from the current speeds of ``topo``/``ep``."""
        speeds = np.array([b.speed_gbps for b in topo.bundles] or [0.0])
        u_cap = np.bincount(self.unit_group, weights=ep.at("inc_gbps", self.unit_incidences),
                            minlength=self.unit_lo.size) * self.unit_scale
        key = (topo.switch_structure, speeds.tobytes())
        capacities = remembered().switch_capacities  # by structure and speeds
        known = capacities.get(key)
        if known is None:
            s_cap = speeds[self.switch_bundle] * self.switch_links
            n_sw = self.member_level.size
            known = (s_cap, np.bincount(self.switch_lo, weights=s_cap, minlength=n_sw)
                     if n_sw else np.zeros(0))
            for array in known:
                array.flags.writeable = False  # shared by every tree of these speeds
            capacities.put(key, known, known)
        s_cap, switch_up = known
        alike: list[bool] = []
        for check in self.checks:
            if not check.complete:
                alike.append(False)
            elif check.unit_edges.size:
                alike.append(_same_capacity(check, np.concatenate(
                    [u_cap[check.unit_edges], s_cap[check.switch_edges]])))
            else:
                same = check.by_speeds.get(key[1])
                if same is None:
                    same = check.by_speeds[key[1]] = _same_capacity(
                        check, s_cap[check.switch_edges])
                alike.append(same)
        uniform = all(alike) and _equal_uplinks(self.own_ptr, self.own_members, switch_up)
        count = self.parent.size
        tree = PodTree(self.roots, self.units_of_acc, self.unit_size, uniform,
                       self.member_level, (self.switch_lo, self.switch_hi, s_cap),
                       (self.unit_lo, self.unit_hi, u_cap), self.parent, self.level,
                       np.zeros(count, np.int64), np.zeros(count), np.zeros(count, np.int64),
                       self.own_ptr, self.own_members, self.child_ptr, self.child_idx,
                       level_edges=tuple(_span(c.switch_edges) for c in self.checks),
                       level_alike=tuple(alike), structure=self.structure,
                       capacities=key)
        _fill(tree, switch_up)
        return tree


def _span(edges: IntArray) -> slice:
    """The consecutive indices ``edges`` as a slice."""
    return slice(int(edges[0]), int(edges[-1]) + 1) if edges.size else slice(0, 0)


def build_pod_tree(topo: Topology, ep: Endpoints, unit_of_acc: IntArray,
                   units: int, representative: IntArray | None = None) -> PodTree | None:
    """The pod tree of a hierarchical plane, or None when the network is not one
    (peer links, or links that skip the pod above). ``representative`` may give one
    accelerator of each unit (their capacities to each switch are equal)."""
    skeleton = pod_skeleton(topo, ep, Deferred.of(unit_of_acc), units, representative)
    return skeleton.tree(topo, ep) if skeleton is not None else None


def pod_skeleton(topo: Topology, ep: Endpoints, unit_of_acc: Deferred,
                 units: int, representative: IntArray | None = None,
                 unit_size: IntArray | None = None) -> PodSkeleton | None:
    """The pod tree's structure (see :func:`build_pod_tree`); ``unit_size`` may give
    the accelerators of each unit, when already known."""
    if not topo.hierarchical:
        return None
    n_sw = topo.switches
    # tiers are numbered one after another (each from the last one's end)
    tiers = list(topo.tiers.values())
    level = np.repeat(np.array([t.level for t in tiers], dtype=np.int64),
                      np.array([t.count for t in tiers], dtype=np.int64))
    assert level.size == n_sw
    if unit_size is None:
        unit_size = np.bincount(unit_of_acc.get(), minlength=units).astype(np.int64)
    u_lo, u_hi, u_inc, u_group = _unit_edges(ep, unit_of_acc, representative, max(n_sw, 1))
    (s_lo, s_hi, s_bundle, s_links, where), reach = _switch_part(topo)
    unit_scale = unit_size[u_lo] if representative is not None else np.ones_like(u_lo)
    structure = (topo.switch_structure, units, u_lo.tobytes(), u_hi.tobytes())
    # an edit of a rack group's count changes how many accelerators units hold, not
    # which switches they reach (unless a unit empties), so the pods, their own switches
    # and the uniformity checks carry over; only the units' sizes and members are new
    skeletons = remembered().skeletons
    known = skeletons.get(structure)
    if known is not None:
        # the same units reach the same switches: only their sizes and members differ
        return replace(known, units_of_acc=unit_of_acc, unit_size=unit_size,
                       unit_incidences=u_inc, unit_group=u_group, unit_scale=unit_scale)
    # closed: a switch's uplinks go one level up, a unit's links all to one level
    if any(b.upper.level != b.lower.level + 1 for b in topo.bundles
           if isinstance(b.lower, TierNet) and b.links):
        return None
    if u_lo.size:
        lowest = np.full(units, np.iinfo(np.int64).max, dtype=np.int64)
        highest = np.full(units, -1, dtype=np.int64)
        np.minimum.at(lowest, u_lo, level[u_hi])
        np.maximum.at(highest, u_lo, level[u_hi])
        linked = highest >= 0
        if not np.array_equal(lowest[linked], highest[linked]):
            return None
    # the node each unit (0 … units−1) and switch (units + member) stands in so far,
    # and the smallest of those numbers inside each node (it orders a level's pods)
    top_of = np.full(units + n_sw, -1, dtype=np.int64)
    top_of[:units] = np.arange(units)
    first = np.zeros(units + n_sw, dtype=np.int64)
    first[:units] = np.arange(units)
    count = units
    owners, kids, own_owner, own_items, node_level = [], [], [], [], [np.zeros(units, np.int64)]
    checks: list[LevelCheck] = []
    below: tuple[IntArray, IntArray, IntArray] | None = None  # switches, pods, slots
    below_base = 0  # the node number of the first pod below
    for lv in range(1, (int(level.max()) if n_sw else 0) + 1):
        own = np.flatnonzero(level == lv)
        mask_u = np.flatnonzero(level[u_hi] == lv)
        span = where.get(lv, slice(0, 0))
        slot = np.full(n_sw, -1, dtype=np.int64)
        slot[own] = np.arange(own.size)
        empty = np.zeros(0, np.int64)
        r_lo, r_hi, r_a, r_b = reach.get(lv, (empty, empty, empty, empty))
        edges = np.arange(span.start, span.stop)
        if mask_u.size == 0 and below is not None and below[0].size and own.size:
            # switches only, all one level up from the pods below (closed): components
            # and check kept by the partition below (see pod_levels)
            pod_of_own, pods_first, check, below_kids, kid_pod = switch_level(
                topo.switch_structure, lv, own, slot, *below,
                (s_lo[span], s_hi[span], edges), (r_lo, r_hi, r_a, r_b),
                (top_of, first, units))
            pods = pods_first.size
            level_kids, kid_owner = below_kids + below_base, kid_pod + count
        else:
            lower = np.concatenate([u_lo[mask_u], s_lo[span] + units])
            upper = np.concatenate([u_hi[mask_u], s_hi[span]])
            child_node = top_of[lower]
            if (child_node < 0).any():
                return None
            pod_of_own, pods_first = level_pods(
                np.concatenate([top_of[u_lo[mask_u]], top_of[r_lo + units]]),
                slot[np.concatenate([u_hi[mask_u], r_hi])], slot[r_a], slot[r_b], own,
                first[:count], units)
            pods = pods_first.size
            # each child lies in one pod: its children are the distinct child nodes
            pod_of_child = np.full(count, -1, dtype=np.int64)
            pod_of_child[child_node] = pod_of_own[slot[upper]] + count
            level_kids = np.flatnonzero(pod_of_child >= 0)
            kid_owner = pod_of_child[level_kids]
            check = level_check(child_node, lower, upper, pod_of_child - count,
                                np.bincount(pod_of_own, minlength=pods), mask_u, edges)
        owners.append(kid_owner)
        kids.append(level_kids)
        own_owner.append(pod_of_own + count)
        own_items.append(own)
        node_level.append(np.full(pods, lv, dtype=np.int64))
        checks.append(check)
        below, below_base = (own, pod_of_own, slot), count
        top_of[own + units] = pod_of_own + count
        first[count:count + pods] = pods_first
        count += pods
    empty = np.zeros(0, np.int64)
    owner = np.concatenate(owners) if owners else empty
    child = np.concatenate(kids) if kids else empty
    child_ptr, child_idx = _csr(owner, child, count)
    own_ptr, own_members = _csr(np.concatenate(own_owner) if own_owner else empty,
                                np.concatenate(own_items) if own_items else empty, count)
    node_parent = np.full(count, -1, dtype=np.int64)
    node_parent[child] = owner
    skeleton = PodSkeleton(unit_of_acc, unit_size, level,
                           np.flatnonzero(node_parent < 0).tolist(), node_parent,
                           np.concatenate(node_level), own_ptr, own_members, child_ptr,
                           child_idx, u_lo, u_hi, u_inc, u_group, unit_scale,
                           s_lo, s_hi, s_bundle, s_links, checks, structure)
    skeletons.put(structure, skeleton)
    return skeleton


def _same_capacity(check: LevelCheck, cap: np.ndarray) -> bool:
    """The speed half of the uniformity test: every child has the same capacity to
    each own switch of its pod (each group's total equals its child's reference
    group's, to a part in 10⁹)."""
    if check.reference.size == 0:
        return True
    total = cap if check.group is None else np.bincount(
        check.group, weights=cap, minlength=check.reference.size)
    return _equal(total, total[check.reference])


def _equal_uplinks(own_ptr: IntArray, own_members: IntArray, switch_up: np.ndarray) -> bool:
    """The other half of interchangeable own switches: in every pod they have the same
    uplink capacity (to a parent's own switches, which stand together). The level
    checks see each child's capacity to each own switch, and the parent's check sees a
    pod's total to each of its switches, but neither sees two tiers of one pod with
    different uplinks (1:1 spines beside 4:1 ones), whose switches a cut may part."""
    if own_members.size == 0:
        return True
    counts = np.diff(own_ptr)
    owners = np.flatnonzero(counts)
    ups = switch_up[own_members]
    return _equal(ups, np.repeat(ups[own_ptr[owners]], counts[owners]))


def _equal(values: np.ndarray, reference: np.ndarray) -> bool:
    """Every value equals its reference, to a part in 10⁹ (capacities summed in
    different orders)."""
    if np.array_equal(values, reference):
        return True
    return bool(np.all(np.abs(values - reference)
                       <= 1e-9 * np.maximum(np.abs(reference), 1.0)))


def _fill(tree: PodTree, switch_up: np.ndarray) -> None:
    """Uplinks, accelerators and signatures of every node, bottom-up (``switch_up``:
    each switch's uplink capacity)."""
    n, units = tree.size, tree.units
    u_lo, _, u_cap = tree.unit_edges
    up = np.zeros(n)
    up[:units] = np.bincount(u_lo, weights=u_cap, minlength=units)[:units]
    own_counts = np.diff(tree.own_ptr)
    own_owner = np.repeat(np.arange(n, dtype=np.int64), own_counts)
    if tree.own_members.size:
        up += np.bincount(own_owner, weights=switch_up[tree.own_members], minlength=n)
    tree.up = up
    owner = np.repeat(np.arange(n, dtype=np.int64), np.diff(tree.child_ptr))
    kids = tree.child_idx
    acc = np.zeros(n, dtype=np.int64)
    acc[:units] = tree.unit_size
    key_of = np.round(up * 1e3).astype(np.int64).astype(np.uint64)
    sig_hash = np.zeros(n, dtype=np.uint64)
    sig_hash[:units] = _mix(acc[:units].astype(np.uint64), key_of[:units],
                            np.zeros(units, np.uint64))
    for lv in range(1, int(tree.level.max()) + 1 if n else 1):
        at = tree.level[owner] == lv
        o, c = owner[at], kids[at]
        idx = np.flatnonzero(tree.level == lv)
        acc[idx] = np.bincount(o, weights=acc[c], minlength=n)[idx].astype(np.int64)
        child_sum = np.zeros(n, dtype=np.uint64)
        with np.errstate(over="ignore"):
            np.add.at(child_sum, o, _mix(sig_hash[c], np.zeros(c.size, np.uint64),
                                         np.full(c.size, 7, np.uint64)))
        sig_hash[idx] = _mix(own_counts[idx].astype(np.uint64) + np.uint64(1 << 40),
                             key_of[idx], child_sum[idx])
    tree.accelerators = acc
    tree.signature_hash = sig_hash
    _, dense = np.unique(sig_hash, return_inverse=True)
    tree.signature = dense.reshape(-1).astype(np.int64)


def _mix(a: np.ndarray, b: np.ndarray, c: np.ndarray) -> np.ndarray:
    """A 64-bit hash of three arrays (wrapping arithmetic)."""
    with np.errstate(over="ignore"):
        h = a * np.uint64(0x9E3779B97F4A7C15) + np.uint64(0x632BE59BD9B4E019)
        h ^= h >> np.uint64(31)
        h = (h + b) * np.uint64(0xBF58476D1CE4E5B9)
        h ^= h >> np.uint64(27)
        h = (h + c) * np.uint64(0x94D049BB133111EB)
        h ^= h >> np.uint64(31)
    out: np.ndarray = h
    return out
