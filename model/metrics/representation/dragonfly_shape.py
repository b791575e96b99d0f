"""Reading a network as a Dragonfly+ (the shape :mod:`model.metrics.bisection.dragonfly_cut`
solves): groups of leaves and spines, spines joined to every other group.

What does not depend on link speeds — which switch is a leaf or a spine, each
accelerator's leaf, the links' ends and the counts the shape requires — is kept in the
running engine's memory (:mod:`model.metrics.memory`) by the switch structure, the
tiers' islands and the accelerators' attachments, so an edit of speeds reads only the
speeds again.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from model.metrics.memory import remembered
from model.metrics.representation.endpoints import Endpoints
from model.metrics.representation.topology import IntArray, TierNet, Topology


@dataclass(frozen=True)
class DragonflyShape:
    """A network of the shape of :mod:`model.metrics.bisection.dragonfly_cut`, and where its
    members stand."""

    groups: int
    leaves: IntArray
    """Leaves holding accelerators, in each group."""
    per_leaf: int
    """Accelerators on each leaf that holds any (h); the most on one leaf when they
    differ (``even`` False)."""
    host_gbps: float
    """Capacity of each accelerator's links to its leaf (c)."""
    links_per_pair: int
    """Links between each leaf and each spine of its group (w)."""
    up_gbps: float
    """Speed of a leaf–spine link (s₁)."""
    spines: int
    """Spines of each group (P)."""
    global_links: int
    """Links from each spine to each other group (g)."""
    global_gbps: np.ndarray
    """Speed of the global links between each two groups (G × G, symmetric, 0 on the
    diagonal)."""
    group: IntArray
    """The group of each switch."""
    leaf: np.ndarray
    """True for each switch that is a leaf."""
    held: IntArray
    """Accelerators on each switch."""
    home: IntArray
    """The leaf of each accelerator."""
    even: bool = True
    """True when every leaf that holds accelerators holds as many (``per_leaf``); the
    leaves' holdings are ``held`` either way."""
    alike: bool = True
    """False when the speeds above are the least of several (accelerators' links of
    different capacities, leaf–spine links or the global links of one pair of groups at
    different speeds): the shape is then of a network with every link at most as fast
    as the real one, whose cuts are lower bounds on the real ones."""

    @cached_property
    def classes(self) -> IntArray | None:
        """:func:`~model.metrics.bisection.dragonfly_cut.uniform_classes` of the groups, started
        from their numbers of leaves holding accelerators."""
        from model.metrics.bisection.dragonfly_cut import uniform_classes  # (a cycle)

        return uniform_classes(self.global_gbps, self.group_kinds)

    @cached_property
    def group_kinds(self) -> IntArray:
        """Groups numbered by what their leaves hold: the number of leaves holding
        accelerators, the accelerators and :meth:`alone` summed over the group's leaves
        (all three follow from the first when the leaves are ``even``)."""
        leaves = np.flatnonzero(self.leaf)
        held = self.held[leaves]
        of = self.group[leaves]
        rows = np.stack([np.bincount(of, weights=held > 0, minlength=self.groups),
                         np.bincount(of, weights=held, minlength=self.groups),
                         np.bincount(of, weights=self.alone(held), minlength=self.groups)],
                        axis=1)
        return np.unique(rows, axis=0, return_inverse=True)[1].reshape(-1).astype(np.int64)

    def alone(self, held: np.ndarray) -> np.ndarray:
        """What a leaf holding ``held`` accelerators, all on one side, crosses with its
        group's spines all on the other: the least of its accelerators' links and its
        uplinks, ℓ₀(h) = min(h·c, w·s₁·P)."""
        return np.minimum(held * self.host_gbps,
                          self.links_per_pair * self.up_gbps * self.spines)

    def leaf_cost(self, p: int, j: int, held: int | None = None) -> float:
        """ℓ_p(j): the least crossing of a leaf holding ``held`` accelerators (h when
        None), j of them on A, in a group with p spines on A."""
        up = self.links_per_pair * self.up_gbps
        held = self.per_leaf if held is None else held
        return min((held - j) * self.host_gbps + up * (self.spines - p),
                   j * self.host_gbps + up * p)


@dataclass(frozen=True)
class DragonflyWiring:
    """What a :class:`DragonflyShape` takes from the wiring, without speeds: the
    switches' part (:class:`SwitchWiring`, shared by every set of accelerators on the
    same switches) and where the accelerators stand."""

    switches: SwitchWiring
    held: IntArray
    """Accelerators on each switch."""
    home: IntArray
    """The leaf of each accelerator."""
    leaves: IntArray
    """Leaves holding accelerators, in each group."""
    per_leaf: int
    """The most accelerators on one leaf."""
    even: bool
    """True when every leaf that holds accelerators holds ``per_leaf``."""


def dragonfly_shape(topo: Topology, ep: Endpoints) -> DragonflyShape | None:
    """The network as a :class:`DragonflyShape` when it is of the shape of
    :mod:`model.metrics.bisection.dragonfly_cut`, else None; where links of a kind differ in
    speed, each kind at its least speed (``alike`` False)."""
    wiring = dragonfly_wiring(topo, ep)
    if wiring is None:
        return None
    # the accelerators' capacities are those of the endpoints' blocks at their speeds:
    # the blocks themselves (held in the entry) stand for them, unless given outright
    capacities: object = (ep.inc_gbps.tobytes() if "inc_gbps" in ep.given
                          else (id(ep.inc_blocks), tuple(ep.speeds)))
    key = (id(wiring), tuple(b.speed_gbps for b in topo.bundles), capacities)
    store = remembered().dragonfly_shapes  # the solver and the pair capacities share it
    found = store.get(key)
    if found is None or found[0] is not wiring or found[1] is not ep.inc_blocks:
        found = (wiring, ep.inc_blocks, _with_speeds(wiring, topo, ep))
        store.put(key, found)
    return found[2]


def _with_speeds(wiring: DragonflyWiring, topo: Topology, ep: Endpoints) -> DragonflyShape:
    """The shape of ``wiring`` at the speeds of ``topo`` and ``ep``."""
    capacity = np.bincount(ep.inc_acc, weights=ep.inc_gbps, minlength=ep.count)
    switches = wiring.switches
    speeds = np.array([b.speed_gbps for b in topo.bundles])[switches.bundle]
    up_speed, far_speed = speeds[switches.local], speeds[~switches.local]
    groups = switches.groups
    slowest = np.full(groups * groups, np.inf)
    fastest = np.zeros(groups * groups)
    order, starts, present = switches.pair_runs
    by_pair = far_speed[order]
    slowest[present] = np.minimum.reduceat(by_pair, starts)
    fastest[present] = np.maximum.reduceat(by_pair, starts)
    alike = (bool(np.all(capacity == capacity[0])) and bool(np.all(up_speed == up_speed[0]))
             and bool(np.all(slowest[present] == fastest[present])))
    square = slowest.reshape(groups, groups)
    square = np.minimum(square, square.T)
    np.fill_diagonal(square, 0.0)
    return DragonflyShape(
        groups=groups, leaves=wiring.leaves, per_leaf=wiring.per_leaf,
        host_gbps=float(capacity.min()), links_per_pair=switches.links_per_pair,
        up_gbps=float(up_speed.min()), spines=switches.spines,
        global_links=switches.global_links, global_gbps=square, group=switches.group,
        leaf=switches.leaf, held=wiring.held, home=wiring.home, even=wiring.even,
        alike=alike)


def dragonfly_wiring(topo: Topology, ep: Endpoints) -> DragonflyWiring | None:
    """The speed-free part of :func:`dragonfly_shape` (None when the wiring is not of
    the shape), kept in the running engine's memory (module doc): the switches' part
    by the switch structure, the tiers' islands and the islands' numbering (an edit of
    a rack group leaves it standing), the accelerators' part by the endpoints'
    incidence blocks and spans themselves (which a speed edit shares)."""
    if ep.count == 0 or ep.shares_nics or topo.counts_only or topo.hierarchical:
        return None
    key = (topo.switch_structure, tuple((t.id, t.island) for t in topo.tiers.values()),
           tuple(ep.island_names))
    memory = remembered()
    found = memory.dragonfly_switches.get(key)
    if found is None:
        found = (_switch_wiring(topo, ep.island_names),)
        memory.dragonfly_switches.put(key, found)
    switches = found[0]
    if switches is None:
        return None
    if ep.given:  # hand-made endpoints: nothing identifies them but their arrays
        return _wiring(switches, ep)
    at = (id(switches), id(ep.inc_blocks), id(ep.spans))
    kept = memory.dragonfly_wirings.get(at)
    if kept is None or kept[0] is not switches or kept[1] is not ep.inc_blocks \
            or kept[2] is not ep.spans:
        kept = (switches, ep.inc_blocks, ep.spans, _wiring(switches, ep))
        memory.dragonfly_wirings.put(at, kept)
    return kept[3]


@dataclass(frozen=True)
class SwitchWiring:
    """What :class:`DragonflyWiring` takes from the links between switches alone."""

    groups: int
    group: IntArray
    """The group of each switch."""
    leaf: np.ndarray
    """True for each switch that is a leaf."""
    links_per_pair: int
    """Links between each leaf and each spine of its group (w)."""
    spines: int
    """Spines of each group (P)."""
    global_links: int
    """Links from each spine to each other group (g)."""
    bundle: IntArray
    """The bundle (index into ``Topology.bundles``) of each switch-to-switch link."""
    local: np.ndarray
    """True for each such link inside a group."""
    pair: IntArray
    """For each global link, the two groups it joins (i·G + k with i < k)."""
    pair_runs: tuple[IntArray, IntArray, IntArray]
    """The global links ordered by ``pair`` (stable), where each pair's run starts in
    that order, and the pair of each run: the least speed of each pair is one
    ``minimum.reduceat``."""


def _switch_wiring(topo: Topology, island_names: list[str]) -> SwitchWiring | None:
    """The part of :func:`dragonfly_shape`'s wiring the links between switches give,
    with the islands numbered as in ``island_names``, or None when those links are not
    of the shape."""
    number = {name: i for i, name in enumerate(island_names)}
    group = np.full(topo.switches, -1, dtype=np.int64)
    for tier in topo.tiers.values():
        if tier.island is None or tier.island not in number:
            return None
        group[tier.offset:tier.offset + tier.count] = number[tier.island]
    groups = len(island_names)
    if groups < 2 or np.any(group < 0):
        return None
    index, los, his = [], [], []
    for i, b in enumerate(topo.bundles):
        if isinstance(b.lower, TierNet):
            index.append(i)
            los.append(b.lower_member + b.lower.offset)
            his.append(b.upper_member + b.upper.offset)
    if not index:
        return None
    lo, hi = np.concatenate(los), np.concatenate(his)
    bundle = np.repeat(np.array(index, dtype=np.int64), [a.size for a in los])
    far = group[lo] != group[hi]
    spine = np.zeros(topo.switches, dtype=bool)
    spine[lo[far]] = spine[hi[far]] = True
    leaf = ~spine
    # orient the links of a group leaf first; every one must join a leaf and a spine
    flip = spine[lo] & ~far
    lo, hi = np.where(flip, hi, lo), np.where(flip, lo, hi)
    local = ~far
    if not far.any() or not local.any() or np.any(spine[lo[local]]) \
            or not np.all(spine[hi[local]]):
        return None
    spines_per = np.bincount(group[spine], minlength=groups)
    if np.any(spines_per != spines_per[0]):
        return None
    p = int(spines_per[0])
    # every leaf–spine pair of a group: the same number of links
    spine_ids = np.flatnonzero(spine)
    order = spine_ids[np.argsort(group[spine_ids], kind="stable")]
    spine_rank = np.zeros(topo.switches, dtype=np.int64)
    spine_rank[order] = np.arange(order.size) % p
    pairs = np.bincount(lo[local] * p + spine_rank[hi[local]],
                        minlength=topo.switches * p).reshape(topo.switches, p)[leaf]
    if pairs.size == 0 or np.any(pairs != pairs.flat[0]) or pairs.flat[0] == 0:
        return None
    # every spine: g links to every other group (both ends counted)
    ends = np.concatenate([lo[far], hi[far]])
    to = np.concatenate([group[hi[far]], group[lo[far]]])
    per = np.bincount(ends * groups + to, minlength=topo.switches * groups).reshape(
        topo.switches, groups)[spine]
    own = group[spine]
    per[np.arange(own.size), own] = -1
    others = per[per >= 0]
    if others.size == 0 or np.any(others != others[0]) or others[0] == 0:
        return None
    a, b = group[lo[far]], group[hi[far]]
    pair = np.minimum(a, b) * groups + np.maximum(a, b)
    order = np.argsort(pair, kind="stable")
    ordered = pair[order]
    starts = np.flatnonzero(np.r_[True, ordered[1:] != ordered[:-1]])
    switches = SwitchWiring(
        groups=groups, group=group, leaf=leaf, links_per_pair=int(pairs.flat[0]),
        spines=p, global_links=int(others[0]), bundle=bundle, local=local, pair=pair,
        pair_runs=(order, starts, ordered[starts]))
    for array in (switches.group, switches.leaf, switches.bundle, switches.local,
                  switches.pair, order, starts, switches.pair_runs[2]):
        array.flags.writeable = False  # shared by every run until the wiring changes
    return switches


def _wiring(switches: SwitchWiring, ep: Endpoints) -> DragonflyWiring | None:
    """The speed-free part of :func:`dragonfly_shape` from the switches' part and the
    accelerators' attachments, or None when they are not of the shape: every
    accelerator on one leaf of its own group (leaves may hold different numbers:
    ``even`` says whether they do not)."""
    group, leaf = switches.group, switches.leaf
    acc, member = ep.inc_acc, ep.inc_member
    home = np.full(ep.count, -1, dtype=np.int64)
    home[acc] = member
    if (np.any(home < 0) or np.any(home[acc] != member)
            or np.any(group[home] != ep.island) or not np.all(leaf[home])):
        return None
    held = np.bincount(home, minlength=group.size)
    holding = held > 0
    wiring = DragonflyWiring(
        switches=switches, held=held, home=home,
        leaves=np.bincount(group[holding], minlength=switches.groups),
        per_leaf=int(held.max()), even=bool(np.all(held[holding] == held.max())))
    for array in (wiring.held, wiring.home, wiring.leaves):
        array.flags.writeable = False  # shared by every run until the wiring changes
    return wiring
