"""A proven lower bound on the bisection of a Dragonfly+ whose groups are uneven: leaves
that spread their uplinks unevenly over their group's spines, groups of different sizes
or spine counts, links of one kind at different speeds.

**The network** (read by :func:`read_groups`, else no bound): G ≥ 2 groups (islands);
a group's *spines* are its switches with a link to another group (at least one a
group), its *leaves* the others. Every link between switches joins a leaf and a spine
of one group, or spines of two groups. Every accelerator is attached (all its links)
to one leaf of its group; a leaf holds h accelerators or none. Leaf l reaches the
spines of its group with any capacities W[l, s] (uneven, or none at all); its
accelerators' links have capacity at least c_l each. Every spine of group i has the
same number of links to group k (g_ik; spines of different groups may differ), so
the L_ik links between i and k, at least s_ik fast each, give c_ik = s_ik·L_ik.

**The bound.** Let T = Q·h + r (0 ≤ r < h) accelerators stand on side A. Take any
balanced cut; let Σᵢ be the spines of group i on A, pᵢ = |Σᵢ|, uᵢ = pᵢ/Pᵢ.

(a) *One partial leaf.* With the switches' sides fixed, leaf l with j of its
accelerators on A crosses at least λ_l(j, Σ) = min((h − j)·c_l + W_l(Σᶜ), j·c_l +
W_l(Σ)) (its accelerators' links across and its uplinks across, the leaf on A or on
B), concave in j. Over the polytope {0 ≤ j_l ≤ h, Σ j_l = T} the least sum of concave
functions is at a vertex, where every leaf is full (j = h) or empty but at most one,
the *partial* one, holding r. So every cut crosses at least the least, over such j,
of Σ_l λ_l + the global links' crossing. A leaf without accelerators crosses
min(W_l(Σ), W_l(Σᶜ)).

(b) *The global links.* Of the g_ik·pᵢ = L_ik·uᵢ links leaving the A-spines of i for k,
at most L_ik·u_k reach A-spines of k, so at least L_ik·(uᵢ − u_k) cross, and
symmetrically: at least c_ik·|uᵢ − u_k|.

(c) *Each group's table.* F_i(q, π, p): the least Σ_l λ_l over group i's leaves with q
full leaves, π ∈ {0, 1} partial ones and the rest empty, over every Σ of p spines
(given the leaves' costs, the q full ones are those whose cost rises least from
empty: a sort). Every Σ is tried while 2^Pᵢ is small (:data:`MAX_SUBSETS`). Beyond
that, a relaxation: x_l = W_l(Σ) lies between the least and the largest sum of p
entries of row l, and Σ_l x_l = the capacity of Σ's spines down, between the least
and the largest sum of p column sums, K⁻ and K⁺. For any μ, μ·(Σ_l x_l − K) ≤ 0 with
K = K⁺ when μ ≥ 0 and K⁻ when μ < 0, so Σ_l λ_l ≥ Σ_l (λ_l(x_l) + μ·x_l) − μ·K, whose
least over the box of the x_l is leaf by leaf, at an end of each interval (λ_l + μ·x_l
is concave in x_l); each μ of :data:`MULTIPLIERS` gives a lower bound on F_i and the
largest is kept. (μ = 0 alone lets every leaf see its own cheapest Σ; the multiplier
charges for the leaves all doing so, which the spines' capacities forbid.) For each
(q, π), the line Φ(u) through α = F_i(q, π, 0) and β = F_i(q, π, Pᵢ) is lowered by
t/2 at each end, with t the least that puts it under F_i(q, π, p) at every u = p/Pᵢ:
Φ ≤ F_i at every u = p/Pᵢ. (Lowering one end only, :func:`group_lines` with ``lean``
0 or 1, never gave a higher bound on 280 random small designs, and 7 to 35 % lower
ones on the template's uneven sizes.)

(d) *The vertices.* So every cut crosses at least R(u) = Σᵢ Φᵢ(uᵢ) + Σ_{i<k} c_ik·|uᵢ −
u_k| for some q, π and u ∈ [0, 1]^G. Where the order of the uᵢ is fixed R is linear;
each such region is a simplex whose vertices have every uᵢ ∈ {0, 1}, so R(u) ≥ R(1_S)
for a set S of groups: R(1_S) = Σ_{i∈S} Φᵢ(1) + Σ_{i∉S} Φᵢ(0) + Σ_{i∈S, k∉S} c_ik.

**Computing it.** The bound is the least R(1_S) over S, the qᵢ summing to Q and the πᵢ
to [r > 0]. Groups fall in classes: the same table, and c_ik that depends only on the
classes of i and k (:func:`~model.metrics.bisection.dragonfly_cut.uniform_classes`,
started from the tables; where it finds none, or too many classes, every c_ik is
lowered to the least, c, and the classes are the tables'). The global part of R(1_S)
then depends only on how many groups of each class S takes. For each such count
(:data:`MAX_CHOICES` choices at most), the groups without the partial
leaf take the greatest convex minorants of their Φ(0) and Φ(1) in q (lower, so still
a bound), whose least sum for a given Σ q is taken greedily, cheapest increments
first; the partial leaf's group is tried in each class, on each side and at each q.
Where the classes are too many, a DP over the groups whose state is (m, Σ q, Σ π),
every c_ik lowered to c (the global part c·m·(G − m)), while it touches at most
:data:`MAX_WORK` entries (on 300 random small designs the
two gave the same bound every time; the tests compare them). At 25,344 accelerators
(k = 64, 48 routers a group) this takes about 6 ms (14 ms with one group a rack
short, 40 ms with that and one pair of groups joined more slowly: four classes);
reading the wiring, 8 to 10 ms.

**How tight.** Where every leaf reaches every spine of its group alike (W_l(Σ) = w·p),
each F_i is concave in p (a least of sums of leaves' costs, each the least of two
affine functions of p), t = 0, the tables are convex in q at p ∈ {0, P}, and with one
speed for all global pairs the bound is the closed form of
:mod:`model.metrics.bisection.dragonfly_cut`. Where leaves are uneven it can fall short
of the minimum where splitting every group's spines is cheap inside the groups: the
count of (b) charges nothing between groups split alike, though their wiring makes
some of those global links cross (it does not see which spines they join). On the
template with 6 routers of radix 8 and 3 groups (one spine of three on A in every
group) that relaxation reaches 3,200 Gb/s, the lines 3,066.7, against 3,600; with
radix 6, 4 routers, 3 groups, it is exact (1,200 Gb/s). The solvers call the cut found
exact when the bound reaches it.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

import numpy as np

from model.metrics.bisection.dragonfly_cut import uniform_classes
from model.metrics.representation.endpoints import Endpoints
from model.metrics.representation.topology import TierNet, Topology

MAX_SUBSETS = 4_096
"""Spine subsets of one group tried one by one (2^P); beyond, the relaxation of (c)."""
MAX_WORK = 20_000_000
"""Array entries the DP over the groups may touch (about 50 ms) for it to be tried."""
MAX_CHOICES = 2_000
"""Choices of how many groups of each class stand in S beyond which the greedy way of
computing the bound is not tried."""


@dataclass(frozen=True)
class Group:
    """One group as (c) needs it: the capacities from its leaves to its spines (rows:
    the leaves holding accelerators first, then the others), the least accelerator
    link capacity of each leaf holding accelerators."""

    up: np.ndarray
    host: np.ndarray
    leaves: np.ndarray
    """The switches of ``up``'s rows."""
    spines: np.ndarray
    """The switches of ``up``'s columns."""


@dataclass(frozen=True)
class Groups:
    """A network of the module doc's shape: its groups, h, and the c_ik (G × G,
    symmetric, 0 on the diagonal)."""

    groups: list[Group]
    per_leaf: int
    pair_gbps: np.ndarray
    far: tuple[np.ndarray, np.ndarray, np.ndarray]
    """Every link between groups: its two switches (spines) and its capacity."""

    @property
    def global_gbps(self) -> float:
        """The least c_ik."""
        return float(self.pair_gbps[~np.eye(len(self.groups), dtype=bool)].min())


def read_groups(topo: Topology, ep: Endpoints) -> Groups | None:
    """The network as :class:`Groups` when it is of the module doc's shape, else None."""
    if ep.count < 2 or ep.shares_nics or topo.counts_only or topo.hierarchical:
        return None
    number = {name: i for i, name in enumerate(ep.island_names)}
    n_groups = len(ep.island_names)
    group = np.full(topo.switches, -1, dtype=np.int64)
    for tier in topo.tiers.values():
        if tier.island is None or tier.island not in number:
            return None
        group[tier.offset:tier.offset + tier.count] = number[tier.island]
    if n_groups < 2 or np.any(group < 0):
        return None
    los, his, caps = [], [], []
    for b in topo.bundles:
        if isinstance(b.lower, TierNet):
            los.append(b.lower_member + b.lower.offset)
            his.append(b.upper_member + b.upper.offset)
            caps.append(np.full(los[-1].size, float(b.speed_gbps)))
    if not los:
        return None
    lo, hi, cap = np.concatenate(los), np.concatenate(his), np.concatenate(caps)
    far = group[lo] != group[hi]
    spine = np.zeros(topo.switches, dtype=bool)
    spine[lo[far]] = spine[hi[far]] = True
    home = np.full(ep.count, -1, dtype=np.int64)
    home[ep.inc_acc] = ep.inc_member
    if (np.any(home < 0) or np.any(home[ep.inc_acc] != ep.inc_member)
            or np.any(group[home] != ep.island) or np.any(spine[home])):
        return None
    held = np.bincount(home, minlength=topo.switches)
    h = int(held[held > 0][0])
    if np.any(held[held > 0] != h):
        return None
    capacity = np.bincount(ep.inc_acc, weights=ep.inc_gbps, minlength=ep.count)
    host = np.full(topo.switches, np.inf)
    np.minimum.at(host, home, capacity)
    local = ~far
    flip = spine[lo] & local
    lo, hi = np.where(flip, hi, lo), np.where(flip, lo, hi)
    if np.any(spine[lo[local]]) or not np.all(spine[hi[local]]):
        return None  # a link between two leaves, or two spines of one group
    spines_of = [np.flatnonzero(spine & (group == i)) for i in range(n_groups)]
    if any(s.size == 0 for s in spines_of):
        return None
    # every spine of group i: the same number of links to each other group
    ends = np.concatenate([lo[far], hi[far]])
    to = np.concatenate([group[hi[far]], group[lo[far]]])
    per = np.bincount(ends * n_groups + to,
                      minlength=topo.switches * n_groups).reshape(topo.switches, n_groups)
    for s in spines_of:
        if np.any(per[s] != per[s[0]]):
            return None
    slowest = np.full(n_groups * n_groups, np.inf)
    a, b = group[lo[far]], group[hi[far]]
    np.minimum.at(slowest, np.minimum(a, b) * n_groups + np.maximum(a, b), cap[far])
    links = np.bincount(np.minimum(a, b) * n_groups + np.maximum(a, b),
                        minlength=n_groups * n_groups)
    pair = np.where(links > 0, links * np.where(links > 0, slowest, 0.0), 0.0).reshape(
        n_groups, n_groups)
    pair = pair + pair.T
    rank = np.zeros(topo.switches, dtype=np.int64)
    for s in spines_of:
        rank[s] = np.arange(s.size)
    out = []
    for i in range(n_groups):
        mine = np.flatnonzero(~spine & (group == i))
        holding = mine[held[mine] > 0]
        rows = np.r_[holding, mine[held[mine] == 0]]
        row_of = np.full(topo.switches, -1, dtype=np.int64)
        row_of[rows] = np.arange(rows.size)
        inside = local & (group[lo] == i)
        up = np.zeros((rows.size, spines_of[i].size))
        np.add.at(up, (row_of[lo[inside]], rank[hi[inside]]), cap[inside])
        out.append(Group(up, host[holding], rows, spines_of[i]))
    return Groups(out, h, pair, (lo[far], hi[far], cap[far]))


MULTIPLIERS = np.linspace(-1.0, 1.0, 17)
"""The multipliers μ of the relaxation of (c) (a leaf's cost changes by ±1 per unit of
its capacity to side A, so no other μ can do better than these ends)."""


def group_table(grp: Group, h: int, r: int) -> np.ndarray:
    """F(q, π, p) of (c) for one group: shape (P + 1, leaves + 1, 2), infinite where no
    leaves are left for q full and π partial ones."""
    n_spines = grp.up.shape[1]
    total = grp.up.sum(axis=1)
    if 2 ** n_spines <= MAX_SUBSETS:
        masks = (np.arange(2 ** n_spines)[:, None] >> np.arange(n_spines)) & 1
        size = masks.sum(axis=1)
        up_a = masks @ grp.up.T
        rows = leaf_rows(grp, h, r, (up_a,), 0.0)
        by_size = np.argsort(size, kind="stable")
        starts = np.searchsorted(size[by_size], np.arange(n_spines + 1))
        return np.minimum.reduceat(rows[by_size], starts, axis=0)
    # x_l = W_l(Σ) lies between the least and the largest sum of p entries of row l,
    # and Σ_l x_l between the least and the largest sum of p column sums
    least = np.concatenate([np.zeros((grp.up.shape[0], 1)),
                            np.cumsum(np.sort(grp.up, axis=1), axis=1)], axis=1)
    ends = (least.T, total[None, :] - least[:, ::-1].T)
    columns = np.r_[0.0, np.cumsum(np.sort(grp.up.sum(axis=0)))]
    fewest, most = columns, columns[-1] - columns[::-1]
    table = np.full((n_spines + 1, grp.host.size + 1, 2), -np.inf)
    for mu in MULTIPLIERS:
        spent = mu * (most if mu > 0 else fewest)[:, None, None]
        bound = leaf_rows(grp, h, r, ends, float(mu)) - spent
        table = np.maximum(table, bound)
    return table


def leaf_rows(grp: Group, h: int, r: int, choices: tuple[np.ndarray, ...], mu: float
          ) -> np.ndarray:
    """For each row of the arrays ``choices`` (each: candidate capacities x from every
    leaf to side A's spines), the least Σ_l λ_l + μ·x_l with q full leaves and π partial
    ones (the least over the candidates of each leaf): shape (rows, leaves + 1, 2)."""
    nh = grp.host.size
    total = grp.up.sum(axis=1)[None, :]
    c = grp.host[None, :]
    held, spare = total[:, :nh], total[:, nh:]
    full, empty, part, free = (np.full((choices[0].shape[0], n), np.inf)
                               for n in (nh, nh, nh, total.shape[1] - nh))
    for x in choices:
        x_held, x_free = x[:, :nh], x[:, nh:]
        full = np.minimum(full, np.minimum(held - x_held, h * c + x_held) + mu * x_held)
        empty = np.minimum(empty, np.minimum(h * c + held - x_held, x_held) + mu * x_held)
        part = np.minimum(part, np.minimum((h - r) * c + held - x_held, r * c + x_held)
                          + mu * x_held)
        free = np.minimum(free, np.minimum(x_free, spare - x_free) + mu * x_free)
    base = empty.sum(axis=1) + free.sum(axis=1)
    d = full - empty
    order = np.argsort(d, axis=1, kind="stable")
    pre = np.concatenate([np.zeros((d.shape[0], 1)),
                          np.cumsum(np.take_along_axis(d, order, axis=1), axis=1)], axis=1)
    rank = np.empty_like(order)
    np.put_along_axis(rank, order, np.arange(nh)[None, :].repeat(d.shape[0], axis=0), axis=1)
    rows = np.full((d.shape[0], nh + 1, 2), np.inf)
    rows[:, :, 0] = base[:, None] + pre
    q = np.arange(nh)
    others = np.where(rank[:, :, None] >= q, pre[:, None, :-1], pre[:, None, 1:] - d[:, :, None])
    if nh:
        rows[:, :-1, 1] = base[:, None] + ((part - empty)[:, :, None] + others).min(axis=1)
    return rows


def group_lines(table: np.ndarray, lean: float = 0.5) -> np.ndarray:
    """(Φ(0), Φ(1)) of (c) for each (q, π): shape (2, leaves + 1, 2). The line is
    lowered by ``lean``·t at u = 0 and (1 − ``lean``)·t at u = 1, t the least that puts
    it under the table."""
    n_spines = table.shape[0] - 1
    alpha, beta = table[0], table[-1]
    u = (np.arange(n_spines + 1) / n_spines)[:, None, None]
    weight = lean * (1 - u) + (1 - lean) * u
    with np.errstate(invalid="ignore", divide="ignore"):
        over = (alpha[None] + (beta - alpha)[None] * u - table) / weight
    over = np.where(np.isfinite(over), over, 0.0)[1:-1]
    t = np.maximum(over.max(axis=0), 0.0) if over.size else np.zeros_like(alpha)
    return np.stack([alpha - lean * t, beta - (1 - lean) * t])


def group_bound(groups: Groups, target: int) -> float | None:
    """The least R(1_S) of the module doc for ``target`` accelerators on A: by classes
    of groups (those the global capacities depend on, else by tables alone with every
    c_ik at the least), else by the DP; None when none is affordable."""
    h = groups.per_leaf
    q_all, r = divmod(target, h)
    keys = [g.up.tobytes() + g.host.tobytes() + bytes(str(g.up.shape), "ascii")
            for g in groups.groups]
    tables: dict[bytes, np.ndarray] = {}
    for key, g in zip(keys, groups.groups, strict=True):
        if key not in tables:
            tables[key] = group_table(g, h, r)
    start = np.array([list(tables).index(key) for key in keys], dtype=np.int64)
    lowest = (start, np.full((len(tables),) * 2, groups.global_gbps))
    choices = [lowest]  # classes by table alone, every c_ik at the least
    label = uniform_classes(groups.pair_gbps, start)
    if label is not None:  # classes the capacities c_ik depend on: tried first
        first = np.array([int(np.flatnonzero(label == k)[0]) for k in range(label.max() + 1)])
        between = groups.pair_gbps[np.ix_(first, first)].copy()
        for k, i in enumerate(first):  # the capacity within a class (none for one group)
            mates = np.flatnonzero((label == k) & (np.arange(label.size) != i))
            between[k, k] = groups.pair_gbps[i, mates[0]] if mates.size else 0.0
        choices.insert(0, (label, between))
    lines = {key: group_lines(table) for key, table in tables.items()}
    for label, between in choices:
        sizes = np.bincount(label).tolist()
        if float(np.prod(np.array(sizes) + 1.0)) <= MAX_CHOICES:
            found = _classes_least(
                [lines[keys[int(np.flatnonzero(label == k)[0])]] for k in range(len(sizes))],
                sizes, q_all, r, between)
            return found if np.isfinite(found) else None
    n_groups = len(groups.groups)
    work = (sum(4 * (g.host.size + 1) for g in groups.groups) * (n_groups + 1) * (q_all + 1)
            * (2 if r else 1))
    found = (_least([lines[key] for key in keys], q_all, r, groups.global_gbps)
             if work <= MAX_WORK else np.inf)
    return found if np.isfinite(found) else None


def _least(lines: list[np.ndarray], q_all: int, r: int, c: float) -> float:
    """The least R(1_S) by a DP over the groups, state (m, Σ q, Σ π)."""
    n_groups = len(lines)
    partials = 2 if r else 1
    best = np.full((n_groups + 1, q_all + 1, partials), np.inf)
    best[0, 0, 0] = 0.0
    for i, line in enumerate(lines):
        new = np.full_like(best, np.inf)
        for side in (0, 1):
            for pi in range(partials):
                for q in range(min(line.shape[1] - 1, q_all) + 1):
                    value = line[side, q, pi]
                    if not np.isfinite(value):
                        continue
                    src = best[:i + 1, :q_all + 1 - q, :partials - pi]
                    dst = new[side:i + 1 + side, q:, pi:]
                    np.minimum(dst, src + value, out=dst)
        best = new
    m = np.arange(n_groups + 1)
    return float((best[:, q_all, partials - 1] + c * m * (n_groups - m)).min())


def convex_minorant(values: np.ndarray) -> np.ndarray:
    """The greatest convex sequence at most ``values`` (finite, at 0, 1, 2, …).

    >>> convex_minorant(np.array([0.0, 4.0, 2.0, 6.0])).tolist()
    [0.0, 1.0, 2.0, 6.0]
    """
    hull: list[int] = []
    for x in range(values.size):
        while len(hull) >= 2:
            a, b = hull[-2], hull[-1]
            if (values[b] - values[a]) * (x - a) >= (values[x] - values[a]) * (b - a):
                hull.pop()
            else:
                break
        hull.append(x)
    out: np.ndarray = np.interp(np.arange(values.size), hull, values[hull])
    return out


def _classes_least(lines: list[np.ndarray], sizes: list[int], q_all: int, r: int,
                   between: np.ndarray) -> float:
    """The least R(1_S) over groups in classes (``sizes`` groups with the lines
    ``lines`` each): for each count of each class's groups in S, the groups without the
    partial leaf take the convex minorants of their lines in q (lower, so still a
    bound), whose least sum for Σ q given is taken greedily, the cheapest increments
    first (each group's increments rise); the partial leaf's group is tried in each
    class, on each side and at each q."""
    base = [convex_minorant(line[side, :, 0]) for line in lines for side in (0, 1)]
    # every class's increments on each side (label 2k + side), sorted once; a choice
    # weighs each by how many groups take it
    values = np.concatenate([np.diff(b) for b in base])
    labels = np.repeat(np.arange(len(base)), [b.size - 1 for b in base])
    order = np.argsort(values, kind="stable")
    values, labels = values[order], labels[order]
    first = np.array([b[0] for b in base])
    partials: list[tuple[int, int] | None] = (
        [(k, side) for k in range(len(sizes)) for side in (0, 1)] if r else [None])
    best = np.inf
    for counts in product(*(range(n + 1) for n in sizes)):
        inside = np.array(counts, dtype=float)
        crossing = float(inside @ between @ (np.array(sizes) - inside))
        for partial in partials:
            taken = np.array([(n - k, k) for n, k in zip(sizes, counts, strict=True)]
                             ).reshape(-1)
            need = np.array([q_all])
            extra = np.zeros(1)
            if partial is not None:
                k, side = partial
                taken[2 * k + side] -= 1
                if taken[2 * k + side] < 0:
                    continue
                q = np.arange(min(lines[k].shape[1] - 1, q_all + 1))
                need, extra = q_all - q, lines[k][side, q, 1]
            value = extra + _greedy(values, taken[labels], need) + float(taken @ first)
            best = min(best, float(value.min()) + crossing)
    return best


def _greedy(values: np.ndarray, weight: np.ndarray, need: np.ndarray) -> np.ndarray:
    """The least sum of ``need`` increments (each count of ``need``) taken from
    ``values`` (sorted), value i available ``weight[i]`` times; infinite beyond them.

    >>> _greedy(np.array([1.0, 2.0, 5.0]), np.array([2, 0, 3]), np.array([0, 3, 6])).tolist()
    [0.0, 7.0, inf]
    """
    count = np.cumsum(weight)
    total = np.cumsum(weight * values)
    if count.size == 0:
        return np.where(need == 0, 0.0, np.inf)
    i = np.minimum(np.searchsorted(count, need, side="left"), count.size - 1)
    before = np.where(i > 0, count[i - 1], 0)
    got = np.where(i > 0, total[i - 1], 0.0) + (need - before) * values[i]
    return np.where(need <= count[-1], got, np.inf)


def uneven_dragonfly_bound(topo: Topology, ep: Endpoints, target: int,
                           read: tuple[Groups | None] | None = None) -> float | None:
    """The module doc's bound for ``target`` accelerators on A, or None when the
    network is not of its shape or the bound is too costly to compute; for alike
    groups, the larger of it and :func:`~model.metrics.bisection.group_levels.
    level_bound` (the same tables, whole numbers of spines instead of lines).
    ``read``: :func:`read_groups`'s answer when a solver has it already."""
    from model.metrics.bisection.group_levels import level_bound  # (a cycle)

    groups = read_groups(topo, ep) if read is None else read[0]
    if groups is None:
        return None
    found = [b for b in (group_bound(groups, target), level_bound(groups, target))
             if b is not None]
    return max(found) if found else None
