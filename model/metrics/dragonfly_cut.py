"""The exact bisection of a Dragonfly+ of alike groups, in closed form.

**The network** (checked on the member-level wiring by :func:`dragonfly_shape`, else
no answer): G ≥ 2 groups (islands); every accelerator attached to one switch of its
group (a *leaf*) by capacity c, h accelerators on every leaf, L leaves a group; the
other switches of a group are its P *spines*; every leaf joined to every spine of its
group by w links of speed s₁; every spine joined to each other group by g links of
speed s₂ (counting both ends: each spine of i has g links to group j and each spine of
j has g links to group i); no other links. The wiring of the global links between two
groups may be any such g-regular pattern.

**The minimum.** Call a leaf *full*, *empty* or *partial* by whether all, none or some
of its accelerators stand on side A, and let T = ⌊N/2⌋ accelerators stand on A (the
other balanced size gives the same minimum, by exchanging the sides), T = Q·h + r with
0 ≤ r < h. The bisection is the least, over m ∈ {0…G} groups with every spine on A (the
rest with every spine on B) and over where the Q full leaves and the partial leaf (when
r > 0) stand, of

    g·s₂·P·m(G − m) + Σ over leaves of ℓ_p(j),   ℓ_p(j) = min((h − j)c + w·s₁(P − p),
                                                           j·c + w·s₁·p),

where a leaf with j accelerators on A in a group with p spines on A costs ℓ_p(j): its
accelerators' links across plus its uplinks across, with the leaf on A (first term) or
on B (second). Such a cut exists for every choice, so this is an upper bound; it is
also a lower bound, as follows.

Take any balanced cut; let group i have pᵢ spines and leaf l have j_l accelerators on
A. (a) Its crossing is at least R(p, j) = Σ_l ℓ_{p(l)}(j_l) + g·s₂·Σ_{i<k} |pᵢ − p_k|:
each leaf's links cross as counted in one of ℓ's two terms, and of the g·pᵢ global
links leaving the A-spines of i for group k at most g·p_k reach A-spines of k, so at
least g·(pᵢ − p_k) cross (and symmetrically). (b) For fixed p, ℓ_p is concave in j, so
the least Σ ℓ over {0 ≤ j_l ≤ h, Σ j_l = T} is at a vertex of that polytope: every leaf
full or empty but at most one, holding r. (c) Relabel the groups (they are alike; R is
symmetric) so that p₁ ≥ p₂ ≥ … ≥ p_G. δ_p = ℓ_p(h) − ℓ_p(0) = clamp(w·s₁(P − 2p), −hc,
hc) does not increase with p, so exchanging a full leaf of a later group with an empty
leaf of an earlier one does not increase R: the full leaves fill the groups in order,
and the kind of every leaf is fixed by the position π of the partial leaf's group alone.
(d) For that fixed assignment, with Σ_{i<k} |pᵢ − p_k| = Σ_k (G + 1 − 2k)·p_k on sorted
p, R is a sum over k of concave functions of p_k alone (each ℓ_p(j) is a minimum of two
affine functions of p), minimised over the order polytope P ≥ p₁ ≥ … ≥ p_G ≥ 0 (whose
minimum over the reals bounds the one over the integers). A concave function takes its
minimum over a polytope at a vertex, and the vertices of this one are (P, …, P, 0, …,
0): every group's spines on one side. So every balanced cut crosses at least the least
of the expression above, which is the minimum.

With m fixed, the cost is affine in the number x of full leaves in groups whose spines
are on A, so only the two ends of x's range need be tried (and y ∈ {A, B} for the
partial leaf): O(G) candidates. The cut is then laid out member by member and recounted
link by link (:func:`model.metrics.bisection.report_cut`).

The default template (k = 64, 33 groups, all links alike): m = 16 or 17 gives
g·P·16·17 = 8,704 global links and 16 leaves of 32 links: 9,216 links of 200 Gb/s,
1,843.2 Tb/s.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from model.metrics.endpoints import Endpoints
from model.metrics.topology import IntArray, TierNet, Topology


@dataclass(frozen=True)
class DragonflyShape:
    """A network of the module doc's shape, and where its members stand."""

    groups: int
    leaves: int
    """Leaves of each group (L)."""
    per_leaf: int
    """Accelerators on each leaf (h)."""
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
    global_gbps: float
    """Speed of a global link (s₂)."""
    group: IntArray
    """The group of each switch."""
    leaf: np.ndarray
    """True for each switch that is a leaf."""
    home: IntArray
    """The leaf of each accelerator."""

    @property
    def accelerators(self) -> int:
        """Accelerators in all (N)."""
        return self.groups * self.leaves * self.per_leaf

    def leaf_cost(self, p: int, j: int) -> float:
        """ℓ_p(j): the least crossing of a leaf with j accelerators on A in a group with
        p spines on A (its accelerators' links and its uplinks)."""
        up = self.links_per_pair * self.up_gbps
        return min((self.per_leaf - j) * self.host_gbps + up * (self.spines - p),
                   j * self.host_gbps + up * p)


@dataclass(frozen=True)
class DragonflyCut:
    """The minimum's value (Gb/s) and the choice that reaches it: ``m`` groups with
    their spines on A (the first ones), ``x`` full leaves among those groups,
    ``partial_on_a`` whether the partial leaf is in one of them."""

    gbps: float
    m: int
    x: int
    partial_on_a: bool


def dragonfly_minimum(shape: DragonflyShape, target: int) -> DragonflyCut:
    """The least crossing of a cut with ``target`` accelerators on A (module doc)."""
    g_count, lv, h = shape.groups, shape.leaves, shape.per_leaf
    q, r = divmod(target, h)
    full = (shape.leaf_cost(shape.spines, h), shape.leaf_cost(0, h))  # (A group, B group)
    empty = (shape.leaf_cost(shape.spines, 0), shape.leaf_cost(0, 0))
    part = (shape.leaf_cost(shape.spines, r), shape.leaf_cost(0, r))
    per_pair = shape.global_links * shape.global_gbps * shape.spines
    best: DragonflyCut | None = None
    for m in range(g_count + 1):
        slots_a, slots_b = m * lv, (g_count - m) * lv
        for on_a in ((True, False) if r else (False,)):
            in_a = 1 if r and on_a else 0
            in_b = 1 if r and not on_a else 0
            lo = max(0, q - (slots_b - in_b))
            hi = min(q, slots_a - in_a)
            if lo > hi:
                continue
            for x in {lo, hi}:
                value = (per_pair * m * (g_count - m)
                         + x * full[0] + (slots_a - x - in_a) * empty[0] + in_a * part[0]
                         + (q - x) * full[1] + (slots_b - (q - x) - in_b) * empty[1]
                         + in_b * part[1])
                if best is None or value < best.gbps:
                    best = DragonflyCut(value, m, x, bool(in_a))
    assert best is not None  # m = 0 or G always fits: q + 1 ≤ G·L leaves
    return best


def dragonfly_sides(shape: DragonflyShape, ep: Endpoints, cut: DragonflyCut, target: int
                    ) -> tuple[np.ndarray, np.ndarray]:
    """The sides (1 = A) of every switch and accelerator of ``cut``: the first ``m``
    groups' spines on A; the full, partial and empty leaves dealt in group order (the
    first ``x`` full leaves, then the partial one, in the A groups; the rest in the
    others); each leaf on the side where it crosses least; a leaf's first j
    accelerators on A."""
    h, p_all = shape.per_leaf, shape.spines
    q, r = divmod(target, h)
    on_a_group = shape.group < cut.m
    switch = (~shape.leaf & on_a_group).astype(np.int8)
    leaves = np.flatnonzero(shape.leaf)
    leaves = leaves[np.argsort(~on_a_group[leaves], kind="stable")]  # A groups first
    j = np.zeros(shape.group.size, dtype=np.int64)
    a_leaves, b_leaves = leaves[on_a_group[leaves]], leaves[~on_a_group[leaves]]
    j[a_leaves[:cut.x]] = h
    j[b_leaves[:q - cut.x]] = h
    if r:
        rest = (a_leaves[cut.x:] if cut.partial_on_a else b_leaves[q - cut.x:])
        j[rest[0]] = r
    up = shape.links_per_pair * shape.up_gbps
    p = np.where(on_a_group, p_all, 0)
    leaf_on_a = ((h - j) * shape.host_gbps + up * (p_all - p)
                 <= j * shape.host_gbps + up * p)
    switch[leaves] = leaf_on_a[leaves].astype(np.int8)
    order = np.argsort(shape.home, kind="stable")
    sorted_home = shape.home[order]
    rank = np.arange(order.size) - np.searchsorted(sorted_home, sorted_home, side="left")
    accelerator = np.zeros(ep.count, dtype=np.int8)
    accelerator[order] = (rank < j[sorted_home]).astype(np.int8)
    return switch, accelerator


def dragonfly_shape(topo: Topology, ep: Endpoints) -> DragonflyShape | None:
    """The network as a :class:`DragonflyShape` when it is of the module doc's shape,
    else None."""
    if ep.count == 0 or ep.shares_nics or topo.counts_only:
        return None
    number = {name: i for i, name in enumerate(ep.island_names)}
    group = np.full(topo.switches, -1, dtype=np.int64)
    for tier in topo.tiers.values():
        if tier.island is None or tier.island not in number:
            return None
        group[tier.offset:tier.offset + tier.count] = number[tier.island]
    groups = len(ep.island_names)
    if groups < 2 or np.any(group < 0):
        return None
    # accelerators: one switch each, in their own group, one capacity
    acc, member, gbps = ep.inc_acc, ep.inc_member, ep.inc_gbps
    home = np.full(ep.count, -1, dtype=np.int64)
    home[acc] = member
    capacity = np.bincount(acc, weights=gbps, minlength=ep.count)
    if (np.any(home < 0) or np.any(home[acc] != member) or np.any(capacity != capacity[0])
            or np.any(group[home] != ep.island)):
        return None
    sizes = np.bincount(ep.island, minlength=groups)
    on_leaf = np.bincount(home, minlength=topo.switches)
    leaf = on_leaf > 0
    if np.any(sizes != sizes[0]) or np.any(on_leaf[leaf] != on_leaf[leaf][0]):
        return None
    los, his, caps = [], [], []
    for bundle in topo.bundles:
        if isinstance(bundle.lower, TierNet):
            los.append(bundle.lower_member + bundle.lower.offset)
            his.append(bundle.upper_member + bundle.upper.offset)
            caps.append(np.full(bundle.lower_member.size, bundle.speed_gbps))
    if not los:
        return None
    lo, hi, cap = np.concatenate(los), np.concatenate(his), np.concatenate(caps)
    # orient every link: a leaf first, or the lower-numbered spine
    flip = leaf[hi] & ~leaf[lo]
    lo, hi = np.where(flip, hi, lo), np.where(flip, lo, hi)
    local = leaf[lo] & ~leaf[hi] & (group[lo] == group[hi])
    far = ~leaf[lo] & ~leaf[hi] & (group[lo] != group[hi])
    if not np.all(local | far) or not local.any() or not far.any():
        return None
    spine = ~leaf
    leaves_per = np.bincount(group[leaf], minlength=groups)
    spines_per = np.bincount(group[spine], minlength=groups)
    if np.any(leaves_per != leaves_per[0]) or np.any(spines_per != spines_per[0]):
        return None
    p = int(spines_per[0])
    up_speed, global_speed = cap[local], cap[far]
    if np.any(up_speed != up_speed[0]) or np.any(global_speed != global_speed[0]):
        return None
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
    return DragonflyShape(
        groups=groups, leaves=int(leaves_per[0]), per_leaf=int(on_leaf[leaf][0]),
        host_gbps=float(capacity[0]), links_per_pair=int(pairs.flat[0]),
        up_gbps=float(up_speed[0]), spines=p, global_links=int(others[0]),
        global_gbps=float(global_speed[0]), group=group, leaf=leaf, home=home)
