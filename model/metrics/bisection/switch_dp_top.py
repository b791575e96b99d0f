"""The top pod of the switch-sides DP in loose mode
(:mod:`model.metrics.bisection.switch_dp_loose`): bound and prune
(:mod:`model.metrics.bisection.switch_dp_bounds`, which gives the argument), with what
an edit inside one island leaves alone taken from the engine's memory.

The top pod (a campus core over every island) combines its groups of children in the
loose order: coarse lattices first, the finest last — after an edit that leaves a rail
block partly filled, the edited island's group. What it makes per group (each child's
contribution, its lower convex envelope per assignment, the copies combined) and the
product of the groups before the last with every unit whole are remembered by what
they depend on (:mod:`model.metrics.bisection.switch_dp_kept`), so an edit remakes the
edited island's group only.

First :mod:`model.metrics.bisection.switch_dp_split` tries to prove the minimum from
those without pruning any table (the split unit in the last group, the cuts with it
before the last bounded from below). When it cannot, it gives the cost of the best real
cut it found, and U, the cost entries are pruned against, starts there: as U is the
cost of a cut, the minimum is at most U and one pruned pass finds it. When no such cut
exists, U starts a little above the least bound at the target and doubles its gap until
the pass finds a cut within it.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING

import numpy as np

from model.metrics.bisection.switch_dp_bounds import (
    FIRST_GAP,
    RestBounds,
    gathered,
    least_at,
    least_rows,
    prune,
    row_hulls,
    shifted_unions,
)
from model.metrics.bisection.switch_dp_kept import Hulls, copies, kept, parts_of
from model.metrics.bisection.switch_dp_rows import _Group, _padded, _Step
from model.metrics.bisection.switch_dp_split import split_last
from model.metrics.representation.topology import IntArray

if TYPE_CHECKING:
    from model.metrics.bisection.pod_dp_switches import _Solver

INF = float("inf")
Array = np.ndarray
HULL_COST = 3_000
"""Operations one envelope of a pod's contribution counts besides its points."""


def pruned_top(solver: _Solver, groups: list[_Group], sides: Array, keep: bool
               ) -> tuple[Array, Array, list[_Step]]:
    """:meth:`_with_remainder` at the top pod in loose mode, by bound and prune (module
    doc). Assignments whose bound at the target exceeds U are not combined at all
    (their rows stay INF; the rows combined are left in ``live_rows``)."""
    rows = sides.shape[0]
    envelopes = [kept(solver, "hulls", [(grp, 1)], sides,
                      partial(_envelopes, solver, grp, sides)) for grp in groups]
    hulls = [(h, len(grp.members)) for grp, h in zip(groups, envelopes, strict=True)]
    # the groups before the last (after an edit of one island, the others') gathered
    # once: remembered by their keys, as their product is
    before = kept(solver, "gathered", [(grp, len(grp.members)) for grp in groups[:-1]],
                  sides, partial(gathered, hulls[:-1])) if len(groups) > 1 else None
    floor = least_at(hulls[-1:] if before is not None else hulls, float(solver.q), before)
    solver.add(rows * sum(len(grp.members) for grp in groups))
    least = float(floor.min())
    if not np.isfinite(least):
        solver.live_rows = np.zeros(0, np.int64)
        return np.full((rows, 1), INF), np.full((rows, 1), INF), []
    gap = max(abs(least) * FIRST_GAP, 1.0)
    proof = split_last(solver, groups, envelopes, sides, floor, keep)
    if isinstance(proof, tuple):
        return proof
    ceiling = proof
    while True:
        # a cut's value is a sum in another order than the DP's: a rounding's room
        bound = (ceiling * (1 + 1e-9) + 1e-6 if np.isfinite(ceiling) else least + gap)
        live = np.flatnonzero(floor <= bound)
        parts = parts_of(solver, groups, envelopes, sides, live)
        bounds = RestBounds([(h, m) for _, _, _, m, h in parts])
        made = [copies(solver, grp, c, c1, m, sides[live], keep)
                for grp, c, c1, m, _ in parts]
        total, total1, steps, dropped = _combine_within(solver,
            [grp for grp, _, _, _, _ in parts], made, bounds, bound, keep)
        if (not dropped and live.size == rows) or (
                total1.shape[1] and float(total1[:, 0].min()) <= bound):
            break
        gap = max(gap, bound - least) * 2
        ceiling = INF
    solver.live_rows = live
    whole, split = np.full((rows, 1), INF), np.full((rows, 1), INF)
    whole[live], split[live] = total[:, :1], total1[:, :1]
    return whole, split, steps


def bounded_rows(solver: _Solver, node: int, rows: Array, keep: bool
                 ) -> tuple[Array, Array, list[_Step]]:
    """The top pod's table at the target on a grid of whole units (no remainder, not
    loose), combining only the assignments ``rows`` that can hold the minimum: each
    assignment's envelope bound at the target (:func:`least_at`) is a lower bound on
    its value, so with U at least the least value found, an assignment whose bound
    exceeds U cannot do better. U starts a little above the least bound (on these
    tables the bound is close, so most assignments drop at once); when the
    assignments combined find nothing within U, U becomes the least value they found
    and the ones not yet combined whose bound is within it are combined (which then
    ends). The others stay INF; the rows combined together with the least one are
    left in ``live_rows``, with their steps. Every assignment
    combined is combined as :meth:`~model.metrics.bisection.pod_dp_switches._Solver.combine`
    does it alone, and which are combined depends on the network only, so the figures
    do not depend on what was computed before."""
    sides = solver.bits(int(solver.cl.count[node]))[rows]
    groups = solver.groups(node)
    envelopes = [kept(solver, "hulls", [(grp, 1)], sides,
                      partial(_envelopes, solver, grp, sides)) for grp in groups]
    floor = least_at([(h, len(grp.members)) for grp, h in zip(
        groups, envelopes, strict=True)], float(solver.q))
    solver.add(rows.size * sum(len(grp.members) for grp in groups))
    least = float(floor.min())
    bound = least + max(abs(least) * FIRST_GAP, 1.0) if np.isfinite(least) else INF
    whole = np.full((rows.size, 1), INF)
    combined = np.zeros(rows.size, dtype=bool)
    chunks: list[tuple[IntArray, list[_Step]]] = []
    while True:
        # the bound is a sum in another order than the DP's: a rounding's room
        live = np.flatnonzero((floor <= bound * (1 + 1e-9) + 1e-6) & ~combined)
        if live.size:
            t, _, steps = solver.combine(node, rows[live], True, keep)
            whole[live] = t[:, :1]
            combined[live] = True
            chunks.append((live, steps))
        best = float(whole[:, 0].min())
        if best <= bound or combined.all():
            break
        bound = best
    # the steps of the assignments combined with the least one, to rebuild the cut
    first = int(np.argmin(whole[:, 0]))
    solver.live_rows, steps = next(((live, steps) for live, steps in chunks
                                    if first in live), (np.zeros(0, np.int64), []))
    return whole, np.full((rows.size, 0), INF), steps


def _envelopes(solver: _Solver, grp: _Group, sides: Array) -> Hulls:
    """For each of the pod's assignments ``sides``, the lower convex envelope of
    what one child of ``grp`` contributes (whole units or one split), as vertices:
    for a pod child, the envelope of the least over its own assignments of its
    tables plus the links crossed, made from its tables' envelopes without
    forming the contributions."""
    if grp.child < solver.tree.units:
        c, c1 = solver.contribution(grp, sides)
        return row_hulls(least_rows(c, c1))
    t, t1 = solver.table(grp.child)
    kind = int(solver.cl.kind[grp.child])
    own = solver.own_hulls.get(kind)
    if own is None:  # children of one kind have the same tables
        own = solver.own_hulls[kind] = row_hulls(least_rows(t, t1))
    # each envelope costs a few passes over its points (in Python-called numpy)
    solver.add(sides.shape[0] * (HULL_COST + 2 * sum(h[0].size for h in own)))
    x = solver.crossing(grp, sides)
    return shifted_unions(own, x)


def _combine_within(solver: _Solver, groups: list[_Group],
                    made: Sequence[tuple[Array, Array, object]],
                    bounds: RestBounds, bound: float, keep: bool
                    ) -> tuple[Array, Array, list[_Step], bool]:
    """The top pod's groups combined with every entry that cannot lead to a cut of
    cost at most ``bound`` dropped; also whether any was."""
    rows = made[0][0].shape[0]
    total, total1 = np.zeros((rows, 1)), np.full((rows, 0), INF)
    low = 0  # the count column 0 of total and total1 stands for
    steps: list[_Step] = []
    dropped = False
    for index, (grp, (g, g1, how)) in enumerate(zip(groups, made, strict=True)):
        if keep:
            steps.append(_Step(grp, total, total1, g, g1, how,  # type: ignore[arg-type]
                               offset=low))
        if index == len(groups) - 1:
            new = solver.at_target(total, g, low)
            total1 = np.minimum(solver.at_target(total1, g, low),
                                solver.at_target(total, g1, low))
            total = new
            break
        new = solver.conv(total, g, low)
        total1 = _padded(solver.conv(total1, g, low), solver.conv(total, g1, low))
        total, cut = prune(new, bounds, index, solver.q - low, bound)
        total1, cut1 = prune(total1, bounds, index, solver.q - low, bound)
        solver.add(total.shape[0] * (total.shape[1] + total1.shape[1]) // 8)
        dropped = dropped or cut or cut1
        total, total1, shift = trimmed(total, total1)
        low += shift
    return total, total1, steps, dropped


def trimmed(a: Array, b: Array) -> tuple[Array, Array, int]:
    """Two tables counting from the same count, without the leading and trailing
    columns where both are infinite in every row; and how many leading ones went."""
    finite = np.flatnonzero(np.r_[np.isfinite(a).any(axis=0), np.zeros(max(
        b.shape[1] - a.shape[1], 0), bool)] | np.r_[np.isfinite(b).any(axis=0), np.zeros(
            max(a.shape[1] - b.shape[1], 0), bool)])
    if finite.size == 0:
        return a[:, :0], b[:, :0], 0
    first, last = int(finite[0]), int(finite[-1]) + 1
    return a[:, first:last], b[:, first:last], first
