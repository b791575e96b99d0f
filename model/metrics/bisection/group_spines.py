"""The exact bisection of a small uneven Dragonfly+ (the shape of
:mod:`model.metrics.bisection.group_bound`), by every placement of its spines.

**Why it is exact.** Fix the side of every spine: Σ, the spines on A. The global
links then cross exactly C(Σ) = Σ of the capacities of the links between groups whose
two spines stand apart — counted link by link, whatever the wiring between the groups
(the bounds of :mod:`~model.metrics.bisection.group_bound` and
:mod:`~model.metrics.bisection.group_levels` count only c_ik·|uᵢ − u_k|, which does not
see which spines a global link joins). What is left is the leaves and their
accelerators, and no link joins two leaves: by (a) of
:mod:`~model.metrics.bisection.group_bound` leaf l with j_l accelerators on A crosses
at least λ_l(j_l, Σ) — exactly that when its accelerators' links are alike
(the leaf on its cheaper side, any j_l of its accelerators on A) — and the least of
Σ_l λ_l over Σ_l j_l = T is at a vertex: q = ⌊T/h⌋ full leaves, one partial leaf
holding r = T mod h when r > 0, the rest empty. So the least crossing of a balanced cut
is

    min over Σ of  C(Σ) + min over (qᵢ, πᵢ) with Σ qᵢ = q, Σ πᵢ = [r > 0]
                          of  Σᵢ Fᵢ(qᵢ, πᵢ, Σᵢ),

with Fᵢ(q, π, Σᵢ) the least of group i's leaves' λ with q full and π partial leaves
(:func:`~model.metrics.bisection.group_bound.leaf_rows`, a sort of the leaves' rises
from empty). Every cut crosses at least this least (a lower bound even when a leaf's
accelerators' links differ, λ being then a lower bound), and the cut laid out from
its minimiser crosses exactly it when they are alike: the solver
(:func:`~model.metrics.bisection.solvers.uneven_dragonfly`) recounts that cut link by
link and calls it exact only when the recount equals the least.

**Computing it.** A DP over the groups in order, whose state is the placement of the
spines of the groups so far and (Σ q, Σ π); adding group i pairs every state with each
of the 2^Pᵢ placements of its spines and each of its (q, π), and adds the global links
between its spines and the earlier groups' (a matrix product over the placements'
bits). The work is about 2^S·(q + 1)·(leaves + 1)·4 array entries (S the spines in
all), so it runs only while that is at most :data:`MAX_WORK`: 3 groups of 3 spines (k =
8, 6 routers: 3,600 Gb/s, where the bounds of whole spine counts give 3,200) take
about 2 ms, 5 groups of 3 spines 16 ms; 6 groups of 3, or 3 groups of 6, pass the
limit, and the bounds stand.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from model.metrics.bisection.group_bound import Group, Groups, leaf_rows
from model.metrics.representation.endpoints import Endpoints

MAX_WORK = 10_000_000
"""Array entries the DP may touch for it to be tried (about 35 ms on the 2-core
machine, load 1: 4.8 million entries, k = 8, 5 groups of 3 spines, took 16 ms)."""


@dataclass(frozen=True)
class SpineCut:
    """The least of the module doc and a cut reaching it: the side (1 = A) of every
    switch and accelerator."""

    gbps: float
    switch: np.ndarray
    accelerator: np.ndarray


def _bits(n: int) -> np.ndarray:
    """Every placement of n spines as rows of bits (row m: the bits of m)."""
    return ((np.arange(2 ** n)[:, None] >> np.arange(n)) & 1).astype(float)


def spine_work(groups: Groups, target: int) -> int:
    """The array entries :func:`spine_minimum` touches (module doc), or a count
    past :data:`MAX_WORK` as soon as it is one."""
    q_len = target // groups.per_leaf + 1
    parts = 2 if target % groups.per_leaf else 1
    work, placed = 0, 0
    for grp in groups.groups:
        placed += grp.spines.size
        work += 2 ** placed * q_len * (grp.host.size + 1) * parts * parts
        if work > MAX_WORK:
            break  # (enough to say no)
    return work


def spine_minimum(groups: Groups, ep: Endpoints, switches: int, target: int
                  ) -> SpineCut | None:
    """The least crossing of a cut with ``target`` accelerators on A and a cut laid
    out from its minimiser (module doc) over ``switches`` switches; None when the DP
    would touch more than :data:`MAX_WORK` entries or no cut holds ``target``."""
    if spine_work(groups, target) > MAX_WORK:
        return None
    h = groups.per_leaf
    q_all, r = divmod(target, h)
    parts = 2 if r else 1
    q_len = q_all + 1
    bit_of = np.full(switches, -1, dtype=np.int64)
    offset = 0
    for grp in groups.groups:
        bit_of[grp.spines] = offset + np.arange(grp.spines.size)
        offset += grp.spines.size
    a_bit, b_bit = bit_of[groups.far[0]], bit_of[groups.far[1]]
    hi_bit, lo_bit = np.maximum(a_bit, b_bit), np.minimum(a_bit, b_bit)
    cap = groups.far[2]
    state = np.full((1, q_len, parts), np.inf)
    state[0, 0, 0] = 0.0
    steps: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []
    placed = 0
    for grp in groups.groups:
        n = grp.spines.size
        mine = _bits(n)
        rows = leaf_rows(grp, h, r, (mine @ grp.up.T,), 0.0)[:, :q_len, :parts]
        cross = _global(mine, _bits(placed), hi_bit, lo_bit, cap, placed, n)
        new = np.full((2 ** n, state.shape[0], q_len, parts), np.inf)
        for q in range(rows.shape[1]):
            for pb in range(parts):
                cost = rows[:, q, pb][:, None, None, None]
                for pa in range(parts - pb):
                    dst = new[:, :, q:, pa + pb:pa + pb + 1]
                    np.minimum(dst, state[None, :, :q_len - q, pa:pa + 1] + cost, out=dst)
        new += cross[:, :, None, None]
        steps.append((state, rows, cross))
        state = new.reshape(-1, q_len, parts)
        placed += n
    final = state[:, q_all, parts - 1]
    best = int(np.argmin(final))
    value = float(final[best])
    if not np.isfinite(value):
        return None
    return _lay_out(groups, ep, switches, steps, best, value, h, r)


def _global(mine: np.ndarray, before: np.ndarray, hi_bit: np.ndarray, lo_bit: np.ndarray,
            cap: np.ndarray, placed: int, n: int) -> np.ndarray:
    """The global links' crossing between a group's spines (bits ``placed`` to
    ``placed + n``) and the spines before them, for every placement of each:
    (2^n, 2^placed)."""
    links = (hi_bit >= placed) & (hi_bit < placed + n) & (lo_bit < placed)
    x = mine[:, hi_bit[links] - placed]  # (2^n, links)
    y = before[:, lo_bit[links]]  # (2^placed, links)
    c = cap[links]
    out: np.ndarray = (x @ c)[:, None] + (y @ c)[None, :] - 2.0 * (x * c) @ y.T
    return out


def _lay_out(groups: Groups, ep: Endpoints, switches: int,
             steps: list[tuple[np.ndarray, np.ndarray, np.ndarray]], best: int,
             value: float, h: int, r: int) -> SpineCut:
    """The cut of the DP's minimiser ``best``: back through ``steps`` to each group's
    spines, q and π; its full leaves those rising least from empty, its partial leaf
    the one that then costs least; every leaf on its cheaper side; a leaf's first j
    accelerators on A."""
    q_left, pi_left = steps[0][0].shape[1] - 1, (1 if r else 0)
    index, left = best, value
    switch = np.zeros(switches, dtype=np.int8)
    j = np.zeros(switches, dtype=np.int64)
    for grp, (state, rows, cross) in zip(reversed(groups.groups), reversed(steps),
                                         strict=True):
        before = state.shape[0]
        sub, prev = divmod(index, before)
        here = left - float(cross[sub, prev])
        # the (q, π) of this group the least came through (the nearest, against
        # rounding)
        q, pb = min(((q, pb) for q in range(min(rows.shape[1], q_left + 1))
                     for pb in range(pi_left + 1)),
                    key=lambda c: abs(state[prev, q_left - c[0], pi_left - c[1]]
                                      + rows[sub, c[0], c[1]] - here))
        on_a = _bits(grp.spines.size)[sub].astype(bool)
        switch[grp.spines[on_a]] = 1
        _leaves(grp, on_a, q, pb, h, r, switch, j)
        left = float(state[prev, q_left - q, pi_left - pb])
        q_left, pi_left, index = q_left - q, pi_left - pb, prev
    home = np.full(ep.count, -1, dtype=np.int64)
    home[ep.inc_acc] = ep.inc_member
    order = np.argsort(home, kind="stable")
    sorted_home = home[order]
    starts = np.flatnonzero(np.r_[True, sorted_home[1:] != sorted_home[:-1]])
    rank = np.arange(order.size) - np.repeat(starts, np.diff(np.r_[starts, order.size]))
    accelerator = np.zeros(ep.count, dtype=np.int8)
    accelerator[order] = (rank < j[sorted_home]).astype(np.int8)
    return SpineCut(value, switch, accelerator)


def _leaves(grp: Group, on_a: np.ndarray, q: int, partial: int, h: int, r: int,
            switch: np.ndarray, j: np.ndarray) -> None:
    """Group ``grp``'s leaves with its spines ``on_a`` on A: ``q`` full leaves and
    ``partial`` partial ones chosen as :func:`~model.metrics.bisection.group_bound.
    leaf_rows` counts them, their accelerators on A in ``j``, each leaf on its cheaper
    side in ``switch``."""
    nh = grp.host.size
    total = grp.up.sum(axis=1)
    x = grp.up @ on_a.astype(float)
    c = grp.host
    held, x_held = total[:nh], x[:nh]
    full = np.minimum(held - x_held, h * c + x_held)
    empty = np.minimum(h * c + held - x_held, x_held)
    d = full - empty
    count = np.zeros(nh, dtype=np.int64)
    if partial:
        part = np.minimum((h - r) * c + held - x_held, r * c + x_held)
        costs = [part[p] - empty[p] + float(np.sort(np.delete(d, p))[:q].sum())
                 for p in range(nh)]
        p = int(np.argmin(costs))
        others = np.delete(np.arange(nh), p)
        count[others[np.argsort(d[others], kind="stable")[:q]]] = h
        count[p] = r
    else:
        count[np.argsort(d, kind="stable")[:q]] = h
    leaf_a = np.r_[(h - count) * c + held - x_held <= count * c + x_held,
                   total[nh:] - x[nh:] <= x[nh:]]
    switch[grp.leaves] = leaf_a.astype(np.int8)
    j[grp.leaves[:nh]] = count
