"""The exact bisection of a Dragonfly+ network, in closed form.

**The network** (checked on the member-level wiring by
:func:`~model.metrics.representation.dragonfly_shape.dragonfly_shape`, else
no answer): G ≥ 2 groups (islands); a group's *spines* are its switches with a link to
another group, its *leaves* the others. Every link between switches joins a leaf and a
spine of one group, or spines of two groups. Every accelerator is attached (all its
links) to one leaf of its group, by capacity c; a leaf holds h accelerators or none.
Every group has P spines; every leaf is joined to every spine of its group by w links
of speed s₁; every spine has g links to each other group (each spine of i g links to
group k, each spine of k g links to group i), by any wiring; the global links between
groups i and k are all of one speed s_ik (which may differ from pair to pair).
(Where links of one kind differ in speed, the shape is still read, with the least
speed of each kind: that network's cuts are lower bounds on the real one's.)

**The minimum.** Let T = ⌊N/2⌋ accelerators stand on side A (the other balanced size
gives the same minimum, by exchanging the sides), T = Q·h + r with 0 ≤ r < h. Call a
leaf *full*, *empty* or *partial* by whether all, none or some of its accelerators
stand on A. The bisection is the least, over the set S of groups whose spines all
stand on A (the other groups' spines on B) and over which leaves are the Q full ones
and the partial one (holding r, when r > 0), of

    g·P·Σ_{i∈S, k∉S} s_ik + Σ over leaves of ℓ_p(j),
    ℓ_p(j) = min((h_l − j)·c + w·s₁·(P − p),  j·c + w·s₁·p),

where a leaf holding h_l accelerators (h or 0), j of them on A, in a group with p
spines on A, costs ℓ_p(j): its accelerators' links across plus its uplinks across, the
leaf standing on A (first term) or on B (second). Every choice is a real balanced cut
crossing exactly that (each leaf on its cheaper side), so this is an upper bound. It is
also a lower bound:

Take any balanced cut; let group i have pᵢ spines and leaf l have j_l accelerators on
A. (a) It crosses at least R(p, j) = Σ_l ℓ_{p(l)}(j_l) + g·Σ_{i<k} s_ik·|pᵢ − p_k|: each
leaf's links cross as one of ℓ's two terms counts, and of the g·pᵢ global links
leaving the A-spines of i for group k at most g·p_k reach A-spines of k (each spine of
k receives g from i), so at least g·(pᵢ − p_k) cross, and symmetrically. (b) Hold j
fixed and let p range over the reals in [0, P]^G. Where the order of the pᵢ is fixed,
Σ s_ik·|pᵢ − p_k| is linear and every ℓ_p(j) is concave in p (a minimum of two affine
functions), so R is concave on that region, the polytope {P ≥ p_σ(1) ≥ … ≥ p_σ(G) ≥ 0};
a concave function is least at a vertex, and every vertex has each pᵢ ∈ {0, P}. So
R(p, j) ≥ R(P·1_S, j) for some S. (c) Hold S fixed: each ℓ is concave in j_l, so the
least Σ ℓ over the polytope {0 ≤ j_l ≤ h_l, Σ j_l = T} is at a vertex, where every leaf
is full or empty but at most one. So every balanced cut crosses at least the least of
the expression above, which is therefore the bisection.

**Leaves holding different numbers** (a group cut to fewer racks than leaves, whose
racks each take two leaves: h_l differs from leaf to leaf). The argument above never
used h_l = h: (a) and (b) hold as written, and (c) still leaves every leaf full or
empty but one. When moreover no leaf's accelerators' links exceed its uplinks,
h_l·c ≤ w·s₁·P for every leaf, both terms of ℓ compare the same way at the ends:
ℓ_P(j) = (h_l − j)·c, since (h_l − j)·c ≤ h_l·c ≤ j·c + w·s₁·P, and ℓ₀(j) = j·c,
since j·c ≤ h_l·c ≤ (h_l − j)·c + w·s₁·P. With H_S the accelerators of S's groups and
J_S those of them on A, Σ ℓ = c·(H_S − J_S) + c·(T − J_S), least at J_S = min(H_S, T):
c·|H_S − T|, reached by any cut putting S's accelerators on A first. So the bisection
is the least over S of g·P·Σ s_ik + c·|H_S − T|, computed over the same classes (now
of groups with the same leaves, accelerators and Σ ℓ₀(h_l)). When some leaf's links
exceed its uplinks, no answer is given (the integer program or the bound takes over).

**Computing it.** Groups fall in classes (:func:`uniform_classes`) with the same number
of leaves holding accelerators and speeds s_ik that depend only on the classes of i and
k; then a choice of S is only how many groups of each class it takes, and the leaves'
part depends only on how many leaves holding accelerators are in S's groups. Given
that, the cost is affine in the number x of full leaves in S's groups, so only the two
ends of x's range are tried (and the partial leaf in S's groups or not). Leaves holding
none cost nothing (they stand with their spines). The cut is laid out member by member
and recounted link by link (:func:`model.metrics.bisection.report_cut.report_cut`).

(Without such classes, each group is a class of its own: 2^G choices.) When the
choices are too many (:data:`MAX_CHOICES`), :func:`dragonfly_bound`
gives a proven lower bound instead: the same least with every s_ik at the slowest
pair's speed (lowering capacities lowers every cut), over every number m of groups in
S and every count of leaves in S's groups that m groups can hold.

The default template (k = 64, 33 groups, all links alike): 16 or 17 groups in S give
g·P·16·17 = 8,704 global links and 16 leaves of 32 links: 9,216 links of 200 Gb/s,
1,843.2 Tb/s.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from model.metrics.representation.dragonfly_shape import DragonflyShape
from model.metrics.representation.endpoints import Endpoints
from model.metrics.representation.topology import IntArray


@dataclass(frozen=True)
class DragonflyCut:
    """The minimum's value (Gb/s) and the choice that reaches it: the groups with
    their spines on A (S), ``x`` full leaves in those groups, ``partial_on_a`` whether
    the partial leaf is in one of them."""

    gbps: float
    groups_a: np.ndarray
    x: int
    partial_on_a: bool


MAX_CHOICES = 50_000
"""Choices of how many groups of each class to put in S beyond which
:func:`dragonfly_minimum` gives up (groups that all differ: 2^G choices)."""


def leaf_part(shape: DragonflyShape, target: int, slots_a: int) -> tuple[float, int, bool]:
    """The least crossing of the leaves' links (accelerators' and uplinks) when
    ``slots_a`` of the leaves holding accelerators are in S's groups: its value, the
    number x of full leaves among those, and whether the partial leaf is there. The
    cost is affine in x, so the two ends of its range are tried (module doc)."""
    return _LeafCosts(shape, target).part(slots_a)


class _LeafCosts:
    """What :func:`leaf_part` reads of the shape for one ``target``, read once for
    every number of leaves in S's groups."""

    def __init__(self, shape: DragonflyShape, target: int) -> None:
        h = shape.per_leaf
        self.q, self.r = divmod(target, h)
        self.slots = int(shape.leaves.sum())
        self.full = (shape.leaf_cost(shape.spines, h), shape.leaf_cost(0, h))  # (in S, not)
        self.empty = (shape.leaf_cost(shape.spines, 0), shape.leaf_cost(0, 0))
        self.partial = (shape.leaf_cost(shape.spines, self.r), shape.leaf_cost(0, self.r))

    def part(self, slots_a: int) -> tuple[float, int, bool]:
        """:func:`leaf_part` with ``slots_a`` leaves in S's groups."""
        q, r, full, empty, part = self.q, self.r, self.full, self.empty, self.partial
        slots_b = self.slots - slots_a
        best = (float("inf"), 0, False)
        for on_a in ((True, False) if r else (False,)):
            in_a = 1 if r and on_a else 0
            in_b = 1 if r and not on_a else 0
            lo = max(0, q - (slots_b - in_b))
            hi = min(q, slots_a - in_a)
            for x in ((lo, hi) if lo <= hi else ()):
                value = (x * full[0] + (slots_a - x - in_a) * empty[0] + in_a * part[0]
                         + (q - x) * full[1] + (slots_b - (q - x) - in_b) * empty[1]
                         + in_b * part[1])
                if value < best[0]:
                    best = (value, x, bool(in_a))
        return best


def uniform_classes(speeds: np.ndarray, start: IntArray) -> IntArray | None:
    """Classes of groups, each within a class of ``start``, such that the global speed
    between two groups depends only on their classes; None when refining by the speeds
    each group sees to each class does not reach such classes."""
    g_count = speeds.shape[0]
    label = np.unique(start, return_inverse=True)[1].reshape(-1).astype(np.int64)
    rows = speeds.tolist()  # read as numbers: a group's signature is a few small sets
    while True:
        classes = int(label.max()) + 1
        of = label.tolist()
        seen: dict[tuple[object, ...], int] = {}
        new = []
        for i in range(g_count):
            sees: list[set[float]] = [set() for _ in range(classes)]
            for k, speed in enumerate(rows[i]):
                if k != i:
                    sees[of[k]].add(speed)
            new.append(seen.setdefault((of[i], *(tuple(sorted(s)) for s in sees)),
                                       len(seen)))
        if len(seen) == classes:
            break
        label = np.array(new, dtype=np.int64)
    for a in range(classes):
        for b in range(a, classes):
            block = speeds[np.ix_(label == a, label == b)]
            if a == b:
                block = block[~np.eye(block.shape[0], dtype=bool)]
            if np.unique(block).size > 1:
                return None
    return label


def dragonfly_minimum(shape: DragonflyShape, target: int) -> DragonflyCut | None:
    """The least crossing of a cut with ``target`` accelerators on A (module doc), over
    how many groups of each class of :func:`uniform_classes` (or of each group, when
    it finds none) stand in S; None when that is too many choices, or when the leaves
    hold different numbers of accelerators and some leaf's accelerators' links exceed
    its uplinks (:func:`linear_leaves`)."""
    if not shape.even and not linear_leaves(shape):
        return None
    label = shape.classes
    if label is None:  # every group a class of its own is always right
        label = np.arange(shape.groups, dtype=np.int64)
    chosen = _choices(shape, label)
    if chosen is None:
        return None
    in_s, global_part, sizes, first = chosen
    if shape.even:
        slots = in_s @ shape.leaves[first]
        costs = _LeafCosts(shape, target)
        parts = {n: costs.part(n) for n in np.unique(slots).tolist()}
        total = global_part + np.array([parts[int(n)][0] for n in slots])
    else:  # the leaves' part is c·|H_S − T| (module doc)
        held = np.bincount(shape.group, weights=shape.held * shape.leaf,
                           minlength=shape.groups)
        total = global_part + shape.host_gbps * np.abs(in_s @ held[first] - target)
    best = int(np.argmin(total))
    groups_a = np.zeros(shape.groups, dtype=bool)
    for c in range(sizes.size):
        groups_a[np.flatnonzero(label == c)[:int(in_s[best, c])]] = True
    if not shape.even:
        return DragonflyCut(float(total[best]), groups_a, -1, False)
    _, x, partial_on_a = parts[int(slots[best])]
    return DragonflyCut(float(total[best]), groups_a, x, partial_on_a)


def linear_leaves(shape: DragonflyShape) -> bool:
    """True when no leaf's accelerators' links exceed its uplinks, h_l·c ≤ w·s₁·P for
    every leaf: then every ℓ is linear at p = 0 and p = P (module doc)."""
    return (float(shape.held.max(initial=0)) * shape.host_gbps
            <= shape.links_per_pair * shape.up_gbps * shape.spines)


def dragonfly_bound(shape: DragonflyShape, target: int) -> float:
    """A lower bound on every cut with ``target`` accelerators on A, whatever the global
    speeds (module doc): with every global link at the slowest pair's speed, the least
    over m groups in S and every count of leaves holding accelerators that m groups can
    hold. Leaves holding different numbers: :func:`dragonfly_minimum` or nothing (0)."""
    if not shape.even:
        found = dragonfly_minimum(shape, target)
        return found.gbps if found is not None else 0.0
    g_count = shape.groups
    slowest = float(shape.global_gbps[~np.eye(g_count, dtype=bool)].min())
    per_pair = shape.global_links * shape.spines * slowest
    ordered = np.sort(shape.leaves)
    fewest = np.r_[0, np.cumsum(ordered)]
    most = np.r_[0, np.cumsum(ordered[::-1])]
    costs = _LeafCosts(shape, target)
    part = [costs.part(n)[0] for n in range(int(shape.leaves.sum()) + 1)]
    return min(per_pair * m * (g_count - m) + min(part[int(fewest[m]):int(most[m]) + 1])
               for m in range(g_count + 1))


def dragonfly_sides(shape: DragonflyShape, ep: Endpoints, cut: DragonflyCut, target: int
                    ) -> tuple[np.ndarray, np.ndarray]:
    """The sides (1 = A) of every switch and accelerator of ``cut``: S's spines on A;
    the full and partial leaves dealt in switch order (the first ``x`` full leaves, then
    the partial one, in S's groups; the rest in the others); each leaf on the side
    where it crosses least; a leaf's first j accelerators on A. Leaves holding
    different numbers (``cut.x`` −1): S's accelerators on A first, then the others'
    (any such choice reaches c·|H_S − T|, the module doc)."""
    if not shape.even:
        return _uneven_sides(shape, ep, cut, target)
    h = shape.per_leaf
    q, r = divmod(target, h)
    in_s = cut.groups_a[shape.group]
    switch = (~shape.leaf & in_s).astype(np.int8)
    holding = np.flatnonzero(shape.leaf & (shape.held > 0))
    j = np.zeros(shape.group.size, dtype=np.int64)
    a_leaves, b_leaves = holding[in_s[holding]], holding[~in_s[holding]]
    j[a_leaves[:cut.x]] = h
    j[b_leaves[:q - cut.x]] = h
    if r:
        rest = a_leaves[cut.x:] if cut.partial_on_a else b_leaves[q - cut.x:]
        j[rest[0]] = r
    _place_leaves(shape, switch, in_s, j)
    order = np.argsort(shape.home, kind="stable")
    sorted_home = shape.home[order]
    starts = np.flatnonzero(np.r_[True, sorted_home[1:] != sorted_home[:-1]])
    rank = np.arange(order.size) - np.repeat(starts, np.diff(np.r_[starts, order.size]))
    accelerator = np.zeros(ep.count, dtype=np.int8)
    accelerator[order] = (rank < j[sorted_home]).astype(np.int8)
    return switch, accelerator


def _place_leaves(shape: DragonflyShape, switch: np.ndarray, in_s: np.ndarray,
                  j: np.ndarray) -> None:
    """Each leaf of ``switch`` on the side where it crosses least, with ``j``
    accelerators on A and its group's spines on A when ``in_s``."""
    up = shape.links_per_pair * shape.up_gbps
    p_all = shape.spines
    p = np.where(in_s, p_all, 0)
    leaf_on_a = ((shape.held - j) * shape.host_gbps + up * (p_all - p)
                 <= j * shape.host_gbps + up * p)
    switch[shape.leaf] = leaf_on_a[shape.leaf].astype(np.int8)


def _uneven_sides(shape: DragonflyShape, ep: Endpoints, cut: DragonflyCut, target: int
                  ) -> tuple[np.ndarray, np.ndarray]:
    """:func:`dragonfly_sides` for leaves holding different numbers: the first
    min(H_S, T) accelerators of S's groups on A, then the first T − H_S of the others
    when S's hold fewer than T."""
    in_s = cut.groups_a[shape.group]
    switch = (~shape.leaf & in_s).astype(np.int8)
    acc_in_s = in_s[shape.home]
    accelerator = np.zeros(ep.count, dtype=np.int8)
    ours = np.flatnonzero(acc_in_s)
    accelerator[ours[:target]] = 1
    accelerator[np.flatnonzero(~acc_in_s)[:max(0, target - ours.size)]] = 1
    j = np.bincount(shape.home, weights=accelerator, minlength=shape.group.size)
    _place_leaves(shape, switch, in_s, j)
    return switch, accelerator


def dragonfly_separations(shape: DragonflyShape, sides: list[tuple[list[int], list[int]]]
                          ) -> list[float] | None:
    """For each (X, Y) of ``sides`` (two disjoint sets of groups), the least capacity
    of a cut with every accelerator of X's groups on one side and of Y's on the other
    (every other switch and accelerator free), for a shape whose speeds are alike; None
    when a pair has too many choices.

    By the module doc's argument without the balance — (a) holds for any cut, (b)
    brings every pᵢ to 0 or P, and (c) every free leaf to full or empty — a least cut
    has each group's spines on one side (S: the groups with them on X's side), and a
    free leaf then stands with its spines at no cost. A group of X whose spines stand
    on the other side costs its L leaves ℓ₀(h) = min(h·c, w·s₁·P) each, likewise a
    group of Y with its spines in S. The least over S is found over how many groups of
    each class (:func:`uniform_classes`, split further by X, Y or neither) S takes.
    Leaves may hold different numbers h_l: each costs its own ℓ₀(h_l).
    """
    lone = np.bincount(shape.group, weights=shape.leaf * shape.alone(shape.held),
                       minlength=shape.groups)
    label = shape.classes
    if label is None:
        label = np.arange(shape.groups, dtype=np.int64)
    out = []
    for x, y in sides:
        role = np.zeros(shape.groups, dtype=np.int64)
        role[x], role[y] = 1, 2
        split = np.unique(label * 3 + role, return_inverse=True)[1].reshape(-1)
        chosen = _choices(shape, split)
        if chosen is None:
            return None
        in_s, global_part, sizes, first = chosen
        leaves = lone[first]
        kind = role[first]
        cost = (global_part + ((sizes - in_s) * leaves * (kind == 1)).sum(axis=1)
                + (in_s * leaves * (kind == 2)).sum(axis=1))
        out.append(float(cost.min()))
    return out


def _choices(shape: DragonflyShape, label: IntArray
             ) -> tuple[np.ndarray, np.ndarray, IntArray, IntArray] | None:
    """Every choice of how many groups of each class (``label``: speeds depend only on
    classes) stand in S: the counts (choices × classes), the global links' crossing of
    each, the classes' sizes and a group of each; None beyond :data:`MAX_CHOICES`."""
    sizes = np.bincount(label)
    if float(np.prod(sizes + 1.0)) > MAX_CHOICES:
        return None
    members = [np.flatnonzero(label == c) for c in range(sizes.size)]
    first = np.array([int(m[0]) for m in members], dtype=np.int64)
    between = shape.global_gbps[np.ix_(first, first)].copy()
    for c, m in enumerate(members):  # the speed within a class (none for one group)
        between[c, c] = shape.global_gbps[m[0], m[1]] if m.size > 1 else 0.0
    grids = np.meshgrid(*(np.arange(n + 1) for n in sizes), indexing="ij")
    in_s = np.stack([grid.reshape(-1) for grid in grids], axis=1)
    per_pair = shape.global_links * shape.spines
    global_part = per_pair * np.sum((in_s @ between) * (sizes - in_s), axis=1)
    return in_s, global_part, sizes, first
