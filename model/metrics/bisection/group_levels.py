"""A second lower bound for an uneven Dragonfly+ of alike groups, from the tables of
:mod:`model.metrics.bisection.group_bound` without lowering them to lines.

:mod:`~model.metrics.bisection.group_bound` shows that every balanced cut crosses at
least Σᵢ Fᵢ(qᵢ, πᵢ, pᵢ) + Σ_{i<k} c_ik·|uᵢ − u_k| (its (a)–(c)), with pᵢ the spines of
group i on A, uᵢ = pᵢ/Pᵢ, qᵢ and πᵢ its full and partial leaves (Σ qᵢ = Q, Σ πᵢ =
[r > 0]). It then lowers each Fᵢ to a line in uᵢ so that the least over u is at a
vertex of [0, 1]^G. But no line is needed: in a real cut every pᵢ is a whole number
of spines, so the least of that expression over whole pᵢ ∈ {0, …, P} (and the qᵢ, πᵢ)
is already a lower bound on every cut — and no lower than the lines' least, which is
the least of a smaller function over a larger set.

**Computing it** (alike groups only: one table F, one P, one capacity c between every
two groups). Then Σ_{i<k} c·|pᵢ − p_k|/P = (c/P)·Σ_{t=1..P} m_t·(G − m_t), with m_t
the groups whose pᵢ ≥ t: the global part depends only on how many groups stand at
each p. A DP over the levels t = P, P − 1, …, 0 whose state is (groups placed, Σ q,
Σ π) adds at level t any number n of groups standing at p = t, each with its own
(q, π), then adds m_t·(G − m_t)·c/P.
Groups are added one at a time (the same table each), so a level costs G steps of
at most (leaves + 1)·4 array operations. It runs while it touches at most
:data:`MAX_WORK` entries; otherwise no bound.

On the template's uneven sizes (radix, groups, routers; Gb/s): 8, 5, 6 — 4,800 (the
lines 4,533.3), the minimum; 10, 3, 8 — 4,800 (4,600), the minimum; 8, 3, 6 — 3,200
(3,066.7) against the minimum 3,600: there every group splitting its spines one of
three on A is cheap inside the groups, and the count of global links does not see
that the wiring makes more of them cross.
"""

from __future__ import annotations

import numpy as np

from model.metrics.bisection.group_bound import Groups, group_table

MAX_WORK = 3_000_000
"""Array entries the DP may touch for it to be tried (about 50 ms on the 2-core
machine, loaded: k = 32, 17 groups of 24 routers touches 5.3 million in 84 ms)."""


def level_bound(groups: Groups, target: int) -> float | None:
    """The module doc's bound with ``target`` accelerators on A, or None when the groups
    are not alike or the DP would touch more than :data:`MAX_WORK` entries."""
    members = groups.groups
    g_count = len(members)
    if g_count < 2:
        return None
    first = members[0]
    for grp in members[1:]:
        if grp.up.shape != first.up.shape or not np.array_equal(grp.up, first.up) \
                or not np.array_equal(grp.host, first.host):
            return None
    pair = groups.pair_gbps[~np.eye(g_count, dtype=bool)]
    if pair.size == 0 or not np.all(pair == pair[0]):
        return None
    h = groups.per_leaf
    q_all, r = divmod(target, h)
    table = group_table(first, h, r)  # (P + 1, leaves + 1, 2)
    n_spines = table.shape[0] - 1
    leaves = table.shape[1] - 1
    if q_all > g_count * leaves or n_spines == 0:
        return None
    parts = 2 if r else 1
    q_len = q_all + 1
    work = (n_spines + 1) * g_count * (leaves + 1) * parts * parts * (g_count + 1) * q_len
    if work > MAX_WORK:
        return None
    per_step = float(pair[0]) / n_spines
    # state[m, q, π]: least Σ F over m groups placed (at the levels above), q full and
    # π partial leaves among them
    state = np.full((g_count + 1, q_len, parts), np.inf)
    state[0, 0, 0] = 0.0
    m_t = np.arange(g_count + 1, dtype=float)
    for t in range(n_spines, -1, -1):
        one = table[t, :min(leaves, q_all) + 1, :parts]
        # any number of groups more at p = t: one at a time
        more, level = state, state.copy()
        for _ in range(g_count):
            more = _one_more(more, one, q_len, parts)
            level = np.minimum(level, more)
        if t >= 1:  # the groups at p ≥ t against the others
            level = level + (per_step * m_t * (g_count - m_t))[:, None, None]
        state = level
    value = float(state[g_count, q_all, parts - 1])
    return value if np.isfinite(value) else None


def _one_more(state: np.ndarray, one: np.ndarray, q_len: int, parts: int) -> np.ndarray:
    """Every state with one group more whose (q, π) costs ``one``: m + 1 groups, q and
    π added (cut at ``q_len`` and π < ``parts``)."""
    out = np.full_like(state, np.inf)
    for q in range(one.shape[0]):
        for pb in range(parts):
            cost = float(one[q, pb])
            if not np.isfinite(cost) or q >= q_len:
                continue
            for pa in range(parts - pb):
                out[1:, q:, pa + pb] = np.minimum(out[1:, q:, pa + pb],
                                                  state[:-1, :q_len - q, pa] + cost)
    return out
