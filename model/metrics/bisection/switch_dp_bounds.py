"""Bound and prune for the top pod of the switch-sides DP
(:mod:`model.metrics.bisection.pod_dp_switches`) when its grid is one accelerator.

At the top pod only the entry at the target is wanted. The groups of children are
combined one after the other, and after each step an entry (a count k held by the groups
combined so far, at some cost) can only lead to a cut of cost at most U when its cost
plus the least the remaining groups can cost holding the target less k stays at most U.
That least is bounded from below by the *lower convex envelopes* of the remaining
groups' tables: the min-plus convolution of convex functions is convex and is found by
merging their slopes, and the envelope of a table lies below it, so the convolution of
the envelopes lies below the convolution of the tables (a Lagrangian bound). An entry
whose cost plus that bound exceeds U is dropped.

Why the result is exact: let an optimal cut cost OPT ≤ U. After each step, the counts
its groups hold so far reach an entry whose (pruned) value is at most what the optimal
cut spends on those groups — by induction, as every entry on its path survived — and
that value plus the bound is at most OPT ≤ U, so the entry survives. The last entry is
then at most OPT and, being the cost of a real cut, equal to it. When the pruned DP
finds nothing at most U, OPT > U: U is raised and the combination repeated. U starts a
little above the bound at the target (the envelope bound is close on these tables, so
most entries, and often whole assignments of the top pod's switches, drop at once).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from scipy.spatial import ConvexHull, QhullError

INF = float("inf")
Array = np.ndarray
_QHULL_FROM = 1_000
"""Points from which an envelope is left to Qhull (below, the monotone chain in Python
is faster: Qhull costs about 0.35 ms a call, the chain about 1 µs a point)."""
FIRST_GAP = 1 / 32
"""U starts at the least bound at the target times 1 + this; the gap doubles."""
FEW_POINTS = 16
"""Distinct x up to which :func:`shifted_unions` finishes each column by the monotone
chain in Python (a walk of all columns at once costs more numpy calls than that)."""
WALK_STEPS = 8
"""Vertices :func:`lower_hulls` finds by walking all rows at once; a row whose envelope
has more is finished alone (:func:`_lower_hull_points`)."""


def lower_hull(f: Array) -> tuple[Array, Array]:
    """The vertices (x, y) of the lower convex envelope of ``f``'s finite entries,
    found among the ends of its linear pieces."""
    return row_hulls(f[None, :])[0]


def _lower_hull_points(x: Array, y: Array) -> tuple[Array, Array]:
    """The vertices of the lower convex envelope of the points (x, y), x ascending and
    distinct: many points by Qhull (the hull's vertices counter-clockwise from the
    leftmost point run along the bottom to the rightmost), else — or when Qhull finds
    the points flat — by Andrew's monotone chain (:func:`_chain`)."""
    if x.size > _QHULL_FROM:
        try:
            ring = ConvexHull(np.column_stack([x, y])).vertices
        except QhullError:
            pass
        else:
            start = int(np.argmin(x[ring]))
            ring = np.roll(ring, -start)
            end = int(np.flatnonzero(ring == int(np.argmax(x)))[0])
            chosen = ring[:end + 1]
            return x[chosen], y[chosen]
    return _chain(x.tolist(), y.tolist())


def _chain(xs: list[float], ys: list[float]) -> tuple[Array, Array]:
    """The lower half of Andrew's monotone chain over points with x ascending and
    distinct: each point drops the last vertex while that vertex does not lie strictly
    below the segment from the one before it to the point (none of those is a vertex;
    points on a segment are left out)."""
    hx: list[float] = []
    hy: list[float] = []
    for px, py in zip(xs, ys, strict=True):
        while len(hx) >= 2 and ((hy[-1] - hy[-2]) * (px - hx[-2])
                                >= (py - hy[-2]) * (hx[-1] - hx[-2])):
            hx.pop()
            hy.pop()
        hx.append(px)
        hy.append(py)
    return np.array(hx, dtype=float), np.array(hy, dtype=float)


def _corners(table: Array) -> np.ndarray:
    """Where each row of ``table`` has an end of one of its linear pieces (the finite
    entries :func:`~model.metrics.algorithms.min_plus.breakpoints_only` keeps), all
    rows at once."""
    finite = np.isfinite(table)
    largest = np.where(finite, np.abs(table), 0.0).max(axis=1, keepdims=True,
                                                         initial=0.0)
    tolerance = 1e-9 * np.maximum(1.0, largest)
    bend = np.zeros(table.shape, dtype=bool)
    if table.shape[1] >= 3:
        inner = finite[:, 2:] & finite[:, 1:-1] & finite[:, :-2]
        with np.errstate(invalid="ignore"):
            d2 = np.abs(table[:, 2:] - 2 * table[:, 1:-1] + table[:, :-2])
        bend[:, 1:-1] = inner & (d2 > tolerance)
    after = np.zeros(table.shape, dtype=bool)
    after[:, :-1] = finite[:, 1:]
    before = np.zeros(table.shape, dtype=bool)
    before[:, 1:] = finite[:, :-1]
    out: np.ndarray = bend | finite & ~(after & before)
    return out


def least_rows(t: Array, t1: Array) -> Array:
    """The least of two row tables, the shorter padded with INF."""
    out = np.full((t.shape[0], max(t.shape[1], t1.shape[1])), INF)
    out[:, :t.shape[1]] = t
    np.minimum(out[:, :t1.shape[1]], t1, out=out[:, :t1.shape[1]])
    return out


def row_hulls(table: Array) -> list[tuple[Array, Array]]:
    """:func:`lower_hull` of every row (the ends of the rows' linear pieces found for
    all rows at once, the envelopes walked all rows at once)."""
    corners = _corners(table)
    rows, columns = np.nonzero(corners)  # by row, then column
    counts = np.bincount(rows, minlength=table.shape[0])
    width = int(counts.max(initial=0))
    at = np.arange(rows.size) - np.repeat(np.cumsum(counts) - counts, counts)
    x = np.zeros((table.shape[0], width))
    y = np.zeros((table.shape[0], width))
    valid = np.zeros((table.shape[0], width), dtype=bool)
    x[rows, at], y[rows, at], valid[rows, at] = columns, table[rows, columns], True
    return lower_hulls(x, y, valid)


def lower_hulls(x: Array, y: Array, valid: Array) -> list[tuple[Array, Array]]:
    """:func:`_lower_hull_points` of each row's ``valid`` points (x ascending and
    distinct within a row, y finite), all rows at once: from the leftmost point, the
    next vertex is the point ahead to which the slope is least (the farthest of those
    on one line: points on a segment are left out, as :func:`_chain` leaves them), until
    the rightmost. A row not done within :data:`WALK_STEPS` vertices is finished alone.

    >>> x = np.array([[0.0, 1.0, 2.0, 3.0], [0.0, 1.0, 2.0, 0.0]])
    >>> y = np.array([[0.0, -1.0, -2.0, 0.0], [5.0, 5.0, 5.0, 0.0]])
    >>> valid = np.array([[True, True, True, True], [True, True, True, False]])
    >>> [(hx.tolist(), hy.tolist()) for hx, hy in lower_hulls(x, y, valid)]
    [([0.0, 2.0, 3.0], [0.0, -2.0, 0.0]), ([0.0, 2.0], [5.0, 5.0])]
    """
    count, width = valid.shape
    if not width:
        return [(np.zeros(0), np.zeros(0)) for _ in range(count)]
    filled = np.asarray(valid.any(axis=1))
    first = np.argmax(valid, axis=1)
    last = width - 1 - np.argmax(valid[:, ::-1], axis=1)
    picks = [[int(first[r])] if filled[r] else [] for r in range(count)]
    current = first.copy()
    active = np.flatnonzero(filled & (first < last))
    places = np.arange(width)
    for _ in range(WALK_STEPS):
        if not active.size:
            break
        here = current[active]
        xa, ya = x[active], y[active]
        line = np.arange(active.size)
        ahead = valid[active] & (places > here[:, None])
        with np.errstate(divide="ignore", invalid="ignore"):
            slope = np.where(ahead, (ya - ya[line, here][:, None])
                             / (xa - xa[line, here][:, None]), INF)
        least = slope.min(axis=1, keepdims=True)
        step = width - 1 - np.argmax((slope == least)[:, ::-1], axis=1)
        current[active] = step
        for r, j in zip(active.tolist(), step.tolist(), strict=True):
            picks[r].append(j)
        active = active[step < last[active]]
    unfinished = set(active.tolist())
    out = []
    for r in range(count):
        if r in unfinished:
            mask = valid[r]
            out.append(_lower_hull_points(x[r, mask], y[r, mask]))
        else:
            out.append((x[r, picks[r]], y[r, picks[r]]))
    return out


def shifted_union(hulls: list[tuple[Array, Array]], shifts: Array) -> tuple[Array, Array]:
    """The envelope of the least of convex functions, function i raised by
    ``shifts[i]`` (a pod's contribution to one assignment of its parent: the least over
    its own assignments of its table plus the links it crosses). Only functions whose
    least value, raised, is below every other's greatest can be least anywhere."""
    return shifted_unions(hulls, shifts[:, None])[0]


def shifted_unions(hulls: list[tuple[Array, Array]], shifts: Array
                   ) -> list[tuple[Array, Array]]:
    """:func:`shifted_union` for each column of ``shifts`` (function i raised by
    ``shifts[i, r]`` in column r), every column at once: the functions' points are
    gathered once, ordered by x, and each column keeps, at each x, the least raised
    point of the functions it uses (the points of one column, in order, with gaps
    where it has none: :func:`lower_hulls` reads the valid ones)."""
    columns = shifts.shape[1]
    sizes = np.array([x.size for x, _ in hulls], dtype=np.int64)
    if not columns or not sizes.sum():
        return [(np.zeros(0), np.zeros(0)) for _ in range(columns)]
    xs = np.concatenate([x for x, _ in hulls])
    ys = np.concatenate([y for _, y in hulls])
    owner = np.repeat(np.arange(len(hulls)), sizes)
    filled = sizes > 0
    first = (np.cumsum(sizes) - sizes)[filled]
    tops, lows = np.full(sizes.size, INF), np.full(sizes.size, INF)
    tops[filled], lows[filled] = np.maximum.reduceat(ys, first), np.minimum.reduceat(ys, first)
    used = filled[:, None] & np.isfinite(shifts)  # functions × columns
    ceiling = np.where(used, tops[:, None] + shifts, INF).min(axis=0)
    used &= lows[:, None] + shifts <= ceiling
    order = np.argsort(xs, kind="stable")
    xs, ys, owner = xs[order], ys[order], owner[order]
    starts = np.flatnonzero(np.r_[True, xs[1:] != xs[:-1]])
    raised = np.where(used[owner], ys[:, None] + shifts[owner], INF)  # points × columns
    least = np.minimum.reduceat(raised, starts, axis=0).T
    valid = least < INF
    if starts.size > FEW_POINTS:
        return lower_hulls(np.broadcast_to(xs[starts], least.shape),
                           np.where(valid, least, 0.0), valid)
    # few points (a pod's envelopes have 2–3 vertices each): the chain, column by column
    at = xs[starts].tolist()
    return [_chain([x for x, ok in zip(at, mine, strict=True) if ok], row[mine].tolist())
            for row, mine in zip(least, valid, strict=True)]


class RestBounds:
    """For every row (assignment of the top pod's switches) and every step j, a lower
    bound on the cost of the groups from step j on holding a given count: the merged
    slopes of their envelopes (module doc). ``parts``: per step, the envelope of what
    one child contributes (per row, as vertices) and how many alike children the step
    combines (the envelope of m copies of a convex function is it stretched m
    times)."""

    def __init__(self, parts: list[tuple[list[tuple[Array, Array]], int]]):
        rows = len(parts[0][0]) if parts else 0
        self.rows_count = rows
        hulls = [[_scaled(h, copies) for h in per_row] for per_row, copies in parts]
        self.suffix: list[list[tuple[Array, Array]]] = []
        """suffix[j][r]: the envelope of steps j, j + 1, … in row r, as vertices."""
        # each suffix merged from the next: the slopes of the next are in order
        after = [_merged([]) for _ in range(rows)]
        self.suffix = [after]
        for per_row in reversed(hulls):
            after = [_merged([h, rest]) for h, rest in zip(per_row, after, strict=True)]
            self.suffix.append(after)
        self.suffix.reverse()

    def at(self, j: int, counts: Array) -> Array:
        """The bound for steps j, j + 1, … holding ``counts`` (rows × counts; INF
        where they cannot)."""
        out = np.full((self.rows_count, counts.shape[-1]), INF)
        for r, (x, y) in enumerate(self.suffix[j]):
            if x.size == 0:
                continue
            inside = (counts >= x[0]) & (counts <= x[-1])
            out[r, inside] = np.interp(counts[inside], x, y)
        return out


class Gathered(NamedTuple):
    """Per row, the merged envelopes of some groups as :func:`least_at` merges them:
    their first points summed (in the groups' order), whether some group has no finite
    entry there, and their segments in order of slope (a stable sort of the groups'
    segments in order)."""

    x0: Array
    y0: Array
    empty: Array
    dx: list[Array]
    dy: list[Array]


def gathered(parts: list[tuple[list[tuple[Array, Array]], int]],
             before: Gathered | None = None) -> Gathered:
    """The :class:`Gathered` of ``parts`` (per part: the envelope of one child per
    row, as vertices, and its copies) after the groups of ``before``, if any: the same
    sums in the same order, and the same order of segments, as gathering them all at
    once (``before``'s segments come first and are in order of slope already, so a
    stable sort keeps their ties as it found them)."""
    rows = len(parts[0][0]) if parts else (before.x0.size if before is not None else 0)
    if before is None:
        x0, y0, empty = np.zeros(rows), np.zeros(rows), np.zeros(rows, dtype=bool)
    else:
        x0, y0, empty = before.x0.copy(), before.y0.copy(), before.empty.copy()
    dxs, dys, owners = [], [], []
    for per_row, copies in parts:
        scaled = [_scaled(hull, copies) for hull in per_row]
        sizes = np.array([x.size for x, _ in scaled])
        empty |= sizes == 0
        for r, (x, y) in enumerate(scaled):
            if x.size:  # summed as sum() sums: in order of parts
                x0[r] += float(x[0])
                y0[r] += float(y[0])
        xs = np.concatenate([x for x, _ in scaled])
        ys = np.concatenate([y for _, y in scaled])
        owner = np.repeat(np.arange(rows), sizes)
        inside = owner[1:] == owner[:-1]  # segments within one row's envelope
        dxs.append(np.diff(xs)[inside])
        dys.append(np.diff(ys)[inside])
        owners.append(owner[1:][inside])
    dx = np.concatenate(dxs) if dxs else np.zeros(0)
    dy = np.concatenate(dys) if dys else np.zeros(0)
    owner = np.concatenate(owners) if owners else np.zeros(0, np.int64)
    # by row, each row's segments in the order of its parts (a stable sort)
    by_row = np.argsort(owner, kind="stable")
    dx, dy = dx[by_row], dy[by_row]
    ends = np.searchsorted(owner[by_row], np.arange(rows + 1))
    out_dx, out_dy = [], []
    for r in range(rows):
        span = slice(int(ends[r]), int(ends[r + 1]))
        rdx, rdy = dx[span], dy[span]
        if before is not None:
            rdx, rdy = np.r_[before.dx[r], rdx], np.r_[before.dy[r], rdy]
        order = np.argsort(rdy / rdx, kind="stable")
        out_dx.append(rdx[order])
        out_dy.append(rdy[order])
    return Gathered(x0, y0, empty, out_dx, out_dy)


def least_at(parts: list[tuple[list[tuple[Array, Array]], int]], count: float,
             before: Gathered | None = None) -> Array:
    """Per row, the bound of :class:`RestBounds` for all the steps holding ``count``
    (without the bounds of the later steps alone): each row's envelopes merged as
    :func:`_merged` merges them (the same sums in the same order), the segments of
    every row gathered at once; ``before``: the steps before ``parts``, gathered
    already (:func:`gathered`; the top pod keeps its groups before the last)."""
    found = gathered(parts, before)
    out = np.full(found.x0.size, INF)
    for r in np.flatnonzero(~found.empty).tolist():
        rdx, rdy = found.dx[r], found.dy[r]
        start_x, start_y = float(found.x0[r]), float(found.y0[r])
        if rdx.size == 0:
            x, y = np.array([start_x]), np.array([start_y])
        else:
            x = np.r_[start_x, start_x + np.cumsum(rdx)]
            y = np.r_[start_y, start_y + np.cumsum(rdy)]
        if x[0] <= count <= x[-1]:
            out[r] = float(np.interp(count, x, y))
    return out


def _scaled(hull: tuple[Array, Array], copies: int) -> tuple[Array, Array]:
    """The envelope of ``copies`` copies of a convex function, each with the
    vertices ``hull`` (the convolution of a convex function with itself stretches it)."""
    x, y = hull
    return (x * copies, y * copies) if copies != 1 else hull


def _merged(hulls: list[tuple[Array, Array]]) -> tuple[Array, Array]:
    """The min-plus convolution of convex piecewise-linear functions given by their
    vertices: start at the sum of their first points, then take every segment in
    order of slope."""
    if not hulls:
        return np.zeros(1), np.zeros(1)
    if any(x.size == 0 for x, _ in hulls):
        return np.zeros(0), np.zeros(0)
    x0 = sum(float(x[0]) for x, _ in hulls)
    y0 = sum(float(y[0]) for _, y in hulls)
    dx = np.concatenate([np.diff(x) for x, _ in hulls])
    dy = np.concatenate([np.diff(y) for _, y in hulls])
    if dx.size == 0:
        return np.array([x0]), np.array([y0])
    order = np.argsort(dy / dx, kind="stable")
    return (np.r_[x0, x0 + np.cumsum(dx[order])], np.r_[y0, y0 + np.cumsum(dy[order])])


def prune(table: Array, bounds: RestBounds, step: int, target: int, bound: float
          ) -> tuple[Array, bool]:
    """``table`` (groups 0 … ``step`` combined) with INF where its value plus the bound of the
    groups after it holding the rest of ``target`` exceeds ``bound``; and whether any
    entry was dropped. Only the columns where some row is finite are looked at."""
    finite = np.isfinite(table)
    columns = np.flatnonzero(finite.any(axis=0))
    if columns.size == 0:
        return table, False
    span = slice(int(columns[0]), int(columns[-1]) + 1)
    counts = target - np.arange(span.start, span.stop, dtype=float)
    part = table[:, span]
    keep = part + bounds.at(step + 1, counts) <= bound
    if keep[finite[:, span]].all():
        return table, False
    out = np.full_like(table, INF)
    out[:, span] = np.where(keep, part, INF)
    return out, True

