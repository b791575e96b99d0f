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

A table finite at only a few counts (the breakpoints the DP draws identical children
from) goes another way: the result is the least of that many shifted copies of the
other table, which costs (finite counts) × (length). :func:`min_plus` takes whichever way
costs least; trying every split of every count is the shifted copies of a dense table.

Only the values are computed for every count. Which split reaches a count is wanted
only when a cut is rebuilt, at a few counts, so it is found then by trying every split
of that one count (:class:`Split`). Pieces are found from second differences within a
relative tolerance of 1e-9, and a piece's values are taken from its line, so on tables
whose values carry rounding a result can differ from the exact least value by about
that much; the bisection recounts the cut it reports link by link.
"""

from __future__ import annotations

import numpy as np

INF = float("inf")
Array = np.ndarray
_PIECE_COST = 20
"""Element operations per entry of one piece's sliding-window pass, for choosing between
the two ways."""
_SHIFT_COST = 100
"""Element operations one shifted copy costs beyond its length (a numpy call's own
time), so that a long table is not shifted by every count of a short one."""
_SHORT_WINDOW = 256
"""Longest window whose minima are taken by doubling spans (see :func:`_window_min`)."""


class TooMuchWorkError(Exception):
    """A convolution would cost more than the caller's budget."""


class Split:
    """Which i a convolution's count k takes from b, found when asked: a cut is
    rebuilt at a few counts, so nothing is spent on the others."""

    def __init__(self, a: Array, b: Array):
        self.a, self.b = a, b

    def __getitem__(self, k: int) -> int:
        low, high = max(0, k - (self.a.size - 1)), min(k, self.b.size - 1)
        i = np.arange(low, high + 1)
        return int(low + np.argmin(self.a[k - i] + self.b[i]))


def min_plus(a: Array, b: Array, limit: int | None = None, budget: float = INF
             ) -> tuple[Array, Split, int]:
    """Min-plus convolution of ``a`` and ``b``, entries 0 … limit − 1 (all by default);
    returns (c, the i each count takes from b, element operations spent). Raises
    :class:`TooMuchWorkError`, before doing it, when that would exceed ``budget``."""
    size = a.size + b.size - 1
    if limit is not None:
        a, b, size = a[:limit], b[:limit], min(size, limit)
    split = Split(a, b)
    if a.size == 0 or b.size == 0:
        return np.full(max(size, 0), INF), split, 0
    # a table finite at few counts (the breakpoints of identical children being folded)
    # is cheapest as that many shifted copies of the other table
    nnz_a, nnz_b = int(np.count_nonzero(a < INF)), int(np.count_nonzero(b < INF))
    copies_of_b, copies_of_a = nnz_a * (b.size + _SHIFT_COST), nnz_b * (a.size + _SHIFT_COST)
    shift_b = copies_of_b < copies_of_a
    shifts = cheapest = min(copies_of_a, copies_of_b)
    if shifts > _PIECE_COST * (a.size + b.size):
        # pieces may be cheaper (one piece of each costs that much): find them
        pa, pb = _pieces(a), _pieces(b)
        cost_a, cost_b = (_PIECE_COST * len(p) * (a.size + b.size) for p in (pa, pb))
        cheapest = min(shifts, cost_a, cost_b)
    if cheapest > budget:
        raise TooMuchWorkError
    if cheapest == shifts:
        return _by_shifts(a, b, size, shift_b), split, shifts
    if cheapest == cost_b:
        return _by_pieces(a, b, pb, size), split, cost_b
    return _by_pieces(b, a, pa, size), split, cost_a


def convolution_cost(a_size: int, a_pieces: int, b_size: int, b_pieces: int) -> int:
    """Work of convolving tables of these sizes and linear pieces, the cheaper way (in
    the units :func:`min_plus` reports)."""
    shifts = min(a_size, b_size) * (max(a_size, b_size) + _SHIFT_COST)
    return min(shifts, _PIECE_COST * min(a_pieces, b_pieces) * (a_size + b_size))


def _by_shifts(a: Array, b: Array, size: int, shift_b: bool) -> Array:
    """Convolution as the least of copies of one table shifted by each count at which
    the other is finite (``shift_b``: copies of ``b``, shifted by ``a``'s counts)."""
    if shift_b:
        a, b = b, a
    out = np.full(size, INF)
    for i in np.flatnonzero(b < INF).tolist():
        if i >= size:
            break
        view = out[i:i + a.size]
        np.minimum(view, a[:view.size] + b[i], out=view)
    return out


def piece_count(f: Array) -> int:
    """Number of linear pieces of ``f``."""
    return len(_pieces(f))


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


def _by_pieces(a: Array, b: Array, pb: list[tuple[int, int]], size: int) -> Array:
    """Convolution with ``b`` taken piece by piece. On a piece [sb, eb] of slope σ,
    b[i] = b[sb] + σ·(i − sb), so the best split of each count k is the least of
    a[s] − σ·s over the window s ∈ [k − eb, k − sb]: a sliding-window minimum."""
    out = np.full(size, INF)
    positions = np.arange(a.size, dtype=float)
    for sb, eb in pb:
        top = min(a.size - 1 + eb, size - 1)
        if top < sb:
            continue
        view = out[sb:top + 1]
        if eb == sb:
            # a single entry of b: a shifted
            np.minimum(view, a[:view.size] + b[sb], out=view)
            continue
        slope = (b[eb] - b[sb]) / (eb - sb)
        w = eb - sb + 1
        tilted = a - slope * positions
        least = _window_min(tilted, w, view.size)
        value = least + (b[sb] + slope * np.arange(view.size, dtype=float))
        np.minimum(view, value, out=view)
    return out


def _window_min(x: Array, w: int, count: int) -> Array:
    """For k = 0 … count − 1, the least of x[k − w + 1 … k] (INF outside x). Short
    windows: minima over spans doubling up to the largest power of two L ≤ w, then
    two overlapping spans of L cover each window (log w passes). Long windows: van
    Herk's method, two running minima per block of w (linear in the length, but numpy's
    running minimum costs more per block than a pass when blocks are short)."""
    if w <= _SHORT_WINDOW:
        padded = np.full(count + w - 1, INF)
        padded[w - 1:w - 1 + min(x.size, count)] = x[:count]
        span = 1
        while span * 2 <= w:
            padded = np.minimum(padded[:-span], padded[span:])
            span *= 2
        least: Array = np.minimum(padded[:count], padded[w - span:w - span + count])
        return least
    blocks = -(-(count + w) // w)
    padded = np.full(blocks * w, INF)
    padded[w - 1:w - 1 + min(x.size, padded.size - w + 1)] = x[:padded.size - w + 1]
    rows = padded.reshape(blocks, w)
    prefix = np.minimum.accumulate(rows, axis=1).ravel()
    suffix = np.minimum.accumulate(rows[:, ::-1], axis=1)[:, ::-1].ravel()
    return np.minimum(suffix[:count], prefix[w - 1:w - 1 + count])


def min_plus_rows(a: Array, b: Array, limit: int, budget: float = INF) -> tuple[Array, int]:
    """Row-by-row :func:`min_plus` of two tables with one row per assignment of sides
    (the DP over switch sides), entries 0 … limit − 1; returns the rows and the element
    operations spent. When one table is finite at few counts, its shifted copies are
    added to every row at once; otherwise each row is convolved the cheapest way.
    Raises :class:`TooMuchWorkError` before exceeding ``budget``."""
    rows = a.shape[0]
    size = max(min(a.shape[1] + b.shape[1] - 1, limit), 0)
    a, b = a[:, :limit], b[:, :limit]
    if a.shape[1] == 0 or b.shape[1] == 0:
        return np.full((rows, size), INF), 0
    finite_a = np.flatnonzero(np.isfinite(a).any(axis=0))
    finite_b = np.flatnonzero(np.isfinite(b).any(axis=0))
    copies_of_b = finite_a.size * (b.shape[1] + _SHIFT_COST)
    copies_of_a = finite_b.size * (a.shape[1] + _SHIFT_COST)
    shifts = rows * min(copies_of_a, copies_of_b)
    if shifts <= rows * 4 * _PIECE_COST * (a.shape[1] + b.shape[1]):
        if shifts > budget:
            raise TooMuchWorkError
        if copies_of_b < copies_of_a:
            a, b, finite_b = b, a, finite_a
        out = np.full((rows, size), INF)
        for i in finite_b.tolist():
            if i >= size:
                break
            view = out[:, i:i + a.shape[1]]
            np.minimum(view, a[:, :view.shape[1]] + b[:, i:i + 1], out=view)
        return out, shifts
    out = np.full((rows, size), INF)
    spent = 0
    for row in range(rows):
        values, _, work = min_plus(a[row], b[row], size, budget - spent)
        out[row, :values.size] = values
        spent += work
    return out, spent
