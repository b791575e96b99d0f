"""A proven lower bound on the bisection of a Dragonfly+-shaped network, from a
multicommodity flow that fits within the link capacities.

**The argument.** If a flow of d(u, v) from every accelerator u to every other v can be
routed at once within the capacities (one direction of each link), then every cut
(A, B) carries at least the demand from A to B: capacity(A → B) ≥ Σ_{u∈A, v∈B} d(u, v),
since each unit of that demand crosses from A to B. Take d = d₁ between accelerators of
different groups (islands) and d₂ within a group. With aᵢ accelerators of group i on A
and S = Σᵢ aᵢ(H − aᵢ) (pairs of one group split by the cut), the demand across is
d₁(|A|·|B| − S) + d₂·S. S is a sum of concave terms with Σ aᵢ = |A| fixed, so it lies
between S_min = r(H − r) (every group whole but one holding r = |A| mod H) and S_max
(the |A| accelerators spread as evenly as can be). So every balanced cut carries at least
``d₁|A||B| + min((d₂ − d₁)·S_min, (d₂ − d₁)·S_max)``, maximised over the (d₁, d₂) that fit.

**The network it applies to** (checked on the member-level wiring, else no bound): G ≥ 2
groups of H accelerators each; every accelerator attached to one switch of its group
(a *leaf*) by capacity c, h on every leaf; the other switches of a group are its P
*spines*; every leaf joined to every spine of its group by the same number w of links of
speed s₁ (u = w·P uplinks a leaf); every spine joined to each other group's spines by g
links of speed s₂, and every spine receiving g from each other group; no other links.

**The routing** (symmetric, so every link of a kind carries the same): a leaf sends each
destination's traffic evenly over its u uplinks; a spine forwards traffic for its own
group down to the destination leaf (every spine reaches every leaf), and traffic for
group j over its g links to j, whence the receiving spine (which got 1/P of the traffic
from i) sends it down. Per direction:

- an accelerator's link: d₁(N − H) + d₂(H − 1) ≤ c;
- a leaf–spine link: h·(d₁(N − H) + d₂(H − h)) / u ≤ s₁;
- a global link: d₁·H² / (P·g) ≤ s₂.

The bound is the largest value of a concave piecewise-linear function over that polygon,
found at one of its vertices (split by the line d₁ = d₂), in exact rational arithmetic.
When G is even and the global links (not the accelerators' own links) limit d₁, it
equals the cut that separates the groups in halves, so the best cut found is then proven
minimal; with G odd a group must be split and the bound is lower.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import numpy as np

from model.metrics.endpoints import Endpoints
from model.metrics.topology import TierNet, Topology

Q = Fraction


def dragonfly_lower_bound(topo: Topology, ep: Endpoints, accelerators_a: int
                          ) -> float | None:
    """A lower bound (Gb/s) on every cut with ``accelerators_a`` accelerators on one
    side, by the module doc's flow; None when the network is not of the checked shape."""
    shape = _shape(topo, ep)
    if shape is None:
        return None
    groups, per_group, per_leaf, host, uplinks, up_speed, spines, global_links, \
        global_speed = shape
    n, size = groups * per_group, per_group
    a = Q(accelerators_a)
    b = n - a
    r = accelerators_a % size
    s_min = Q(r * (size - r))
    q, extra = divmod(accelerators_a, groups)
    s_max = Q(extra * (q + 1) * (size - q - 1) + (groups - extra) * q * (size - q))
    # constraints α d₁ + β d₂ ≤ γ
    rows = [
        (Q(n - size), Q(size - 1), host),
        (Q(per_leaf * (n - size)), Q(per_leaf * (size - per_leaf)), uplinks * up_speed),
        (Q(size * size), Q(0), Q(spines * global_links) * global_speed),
    ]
    lines = [*rows, (Q(1), Q(0), Q(0)), (Q(0), Q(1), Q(0)), (Q(1), Q(-1), Q(0))]

    def value(d1: Q, d2: Q) -> Q:
        return d1 * a * b + min((d2 - d1) * s_min, (d2 - d1) * s_max)

    best = Q(0)
    for (a1, b1, c1), (a2, b2, c2) in combinations(lines, 2):
        det = a1 * b2 - a2 * b1
        if det == 0:
            continue
        d1, d2 = (c1 * b2 - c2 * b1) / det, (a1 * c2 - a2 * c1) / det
        if d1 < 0 or d2 < 0 or any(x * d1 + y * d2 > g for x, y, g in rows):
            continue
        best = max(best, value(d1, d2))
    return float(best)


_Shape = tuple[int, int, int, Q, int, Q, int, int, Q]


def _shape(topo: Topology, ep: Endpoints) -> _Shape | None:
    """(groups, accelerators per group, per leaf, accelerator capacity, uplinks per
    leaf, their speed, spines per group, global links per spine per other group, their
    speed) when the network is of the module doc's shape, else None."""
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
    return (groups, int(sizes[0]), int(on_leaf[leaf][0]), Q(float(capacity[0])),
            int(pairs.flat[0]) * p, Q(float(up_speed[0])), p, int(others[0]),
            Q(float(global_speed[0])))
