"""Min-plus convolution of DP cost tables: c[k] = min_i a[k − i] + b[i].

The pod-tree DP (:mod:`model.metrics.pod_dp`) combines children by this convolution.
The plain way tries every split of every count: the product of the tables' lengths.
The tables are piecewise linear with few pieces, however (a unit's cost is linear in
its accelerators on side A, and a pod's is the least of a few sums of its children's),
and two linear pieces convolve in closed form: along a split of k between a piece of
``a`` and a piece of ``b`` the sum is linear, so its least value lies at one end of the
feasible range. Convolving piece by piece costs about (pieces of a) × (length of b) +
(pieces of b) × (length of a), which is what keeps the DP fast when the grid is one
accelerator (unit sizes without a common divisor) and tables have tens of thousands of
entries.

Every value returned is a real split's cost, a[k − i] + b[i] for the i returned; pieces
are found from second differences within a relative tolerance of 1e-9, so on tables
whose values carry rounding the result can exceed the true least value by that much.
"""

from __future__ import annotations

import numpy as np

INF = float("inf")
Array = np.ndarray
_PIECE_COST = 20
"""Element operations per entry of one piece's sliding-window pass, for choosing between
the two ways."""


class TooMuchWorkError(Exception):
    """A convolution would cost more than the caller's budget."""


def min_plus(a: Array, b: Array, limit: int | None = None, budget: float = INF
             ) -> tuple[Array, Array, int]:
    """Min-plus convolution of ``a`` and ``b``, entries 0 … limit − 1 (all by default);
    returns (c, i chosen from b, element operations spent). Raises
    :class:`TooMuchWorkError`, before doing it, when that would exceed ``budget``."""
    size = a.size + b.size - 1
    if limit is not None:
        a, b, size = a[:limit], b[:limit], min(size, limit)
    if a.size == 0 or b.size == 0:
        return np.full(max(size, 0), INF), np.zeros(max(size, 0), np.int64), 0
    plain = a.size * b.size
    pa, pb = _pieces(a), _pieces(b)
    cost_a, cost_b = (_PIECE_COST * len(p) * (a.size + b.size) for p in (pa, pb))
    if min(cost_a, cost_b, plain) > budget:
        raise TooMuchWorkError
    if cost_b <= min(cost_a, plain):
        out, arg = _by_pieces(a, b, pb, size)
        return out, arg, cost_b
    if cost_a < plain:
        out, arg = _by_pieces(b, a, pa, size)
        return out, np.arange(size) - arg, cost_a
    out, arg = _every_split(a, b)
    return out[:size], arg[:size], plain


def _every_split(a: Array, b: Array) -> tuple[Array, Array]:
    out = np.full(a.size + b.size - 1, INF)
    arg = np.zeros(out.size, dtype=np.int64)
    if a.size >= b.size:
        for i in range(b.size):
            if b[i] == INF:
                continue
            cand = a + b[i]
            view = out[i:i + a.size]
            better = cand < view
            view[better] = cand[better]
            arg[i:i + a.size][better] = i
    else:
        for j in range(a.size):
            if a[j] == INF:
                continue
            cand = b + a[j]
            view = out[j:j + b.size]
            better = cand < view
            view[better] = cand[better]
            arg[j:j + b.size][better] = np.arange(b.size)[better]
    return out, arg


def breakpoints_only(f: Array) -> Array:
    """``f`` at the ends of its linear pieces, INF elsewhere."""
    out = np.full(f.size, INF)
    for start, end in _pieces(f):
        out[start], out[end] = f[start], f[end]
    return out


def _pieces(f: Array) -> list[tuple[int, int]]:
    """Index ranges [start, end] on which ``f`` is finite and linear, in order."""
    finite = np.isfinite(f)
    if not finite.any():
        return []
    values = f[finite]
    tolerance = 1e-9 * max(1.0, float(np.abs(values).max()))
    bend = np.zeros(f.size, dtype=bool)
    if f.size >= 3:
        inner = finite[2:] & finite[1:-1] & finite[:-2]
        with np.errstate(invalid="ignore"):
            d2 = np.abs(f[2:] - 2 * f[1:-1] + f[:-2])
        bend[1:-1] = inner & (d2 > tolerance)
    # a piece ends at a bend, before a gap (INF) and at the end of the table
    ends = bend | finite & ~np.r_[finite[1:], False]
    starts = bend | finite & ~np.r_[False, finite[:-1]]
    return list(zip(np.flatnonzero(starts).tolist(), np.flatnonzero(ends).tolist(),
                    strict=True))


def _by_pieces(a: Array, b: Array, pb: list[tuple[int, int]], size: int
               ) -> tuple[Array, Array]:
    """Convolution with ``b`` taken piece by piece. On a piece [sb, eb] of slope σ,
    b[i] = b[sb] + σ·(i − sb), so for each k the best split is the least of
    a[s] − σ·s over the window s ∈ [k − eb, k − sb]: a sliding-window minimum."""
    out = np.full(size, INF)
    arg = np.zeros(size, dtype=np.int64)
    positions = np.arange(a.size, dtype=float)
    for sb, eb in pb:
        top = min(a.size - 1 + eb, size - 1)
        if top < sb:
            continue
        w = eb - sb + 1
        if w == 1:
            # a single entry of b: a shifted
            value = a[:top - sb + 1] + b[sb]
            view = out[sb:top + 1]
            better = value < view
            view[better] = value[better]
            arg[sb:top + 1][better] = sb
            continue
        slope = (b[eb] - b[sb]) / (eb - sb)
        shifted = np.concatenate((np.full(w - 1, INF), a - slope * positions))
        best = _window_argmin(shifted, w, top - sb + 1)
        k = np.arange(sb, top + 1)
        s = best - (w - 1)
        found = (s >= 0) & (s < a.size)
        s = np.clip(s, 0, a.size - 1)
        value = np.where(found, a[s] + b[np.clip(k - s, sb, eb)], INF)
        view = out[sb:top + 1]
        better = value < view
        view[better] = value[better]
        arg[sb:top + 1][better] = (k - s)[better]
    return out, arg


def _window_argmin(x: Array, w: int, count: int) -> Array:
    """For j = 0 … count − 1, the first index of the least value of x[j : j + w] (INF
    past the end of x); van Herk's method, linear in the length."""
    blocks = -(-(count + w) // w)
    padded = np.full(blocks * w, INF)
    padded[:min(x.size, padded.size)] = x[:padded.size]
    rows = padded.reshape(blocks, w)
    column = np.arange(w)
    prefix = np.minimum.accumulate(rows, axis=1)
    improves = np.ones_like(rows, dtype=bool)
    improves[:, 1:] = rows[:, 1:] < prefix[:, :-1]
    prefix_at = np.maximum.accumulate(np.where(improves, column, 0), axis=1)
    backwards = rows[:, ::-1]
    suffix = np.minimum.accumulate(backwards, axis=1)
    improves[:, 0] = True
    improves[:, 1:] = backwards[:, 1:] <= suffix[:, :-1]
    suffix_at = (w - 1) - np.maximum.accumulate(np.where(improves, column, 0), axis=1)
    base = (np.arange(blocks) * w)[:, None]
    prefix_flat, prefix_idx = prefix.ravel(), (prefix_at + base).ravel()
    suffix_flat = suffix[:, ::-1].ravel()
    suffix_idx = (suffix_at[:, ::-1] + base).ravel()
    j = np.arange(count)
    end = j + w - 1
    take_suffix = suffix_flat[j] <= prefix_flat[end]
    return np.where(take_suffix, suffix_idx[j], prefix_idx[end])
