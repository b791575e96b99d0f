"""Min-plus convolution of DP cost tables: c[k] = min_i a[k − i] + b[i].

The pod-tree DP (:mod:`model.metrics.bisection.pod_dp`) combines children by this convolution.
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
_SHORT_WINDOW = 1 << 16
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
    :class:`TooMuchWorkError`, before doing it, when that would exceed ``budget``.

    Two cost tables (the least cut with k accelerators on side A): each entry of the
    result is the best way to share k between them.

    >>> c, split, _ = min_plus(np.array([0.0, 1.0, 2.0]), np.array([0.0, 5.0, 5.0]))
    >>> c.tolist()  # c[3] = min(a[2] + b[1], a[1] + b[2]) = min(7, 6)
    [0.0, 1.0, 2.0, 6.0, 7.0]
    >>> split[3]  # count 3 takes 2 from b (and 1 from a)
    2
    >>> min_plus(np.array([0.0, 1.0]), np.array([0.0, 1.0]), budget=0)
    Traceback (most recent call last):
    ...
    model.metrics.algorithms.min_plus.TooMuchWorkError
    """
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
    """Number of linear pieces of ``f``.

    >>> piece_count(np.array([0.0, 1.0, 2.0, 2.0, 2.0]))  # a rise, then flat
    2
    """
    return len(_pieces(f))


def breakpoints_only(f: Array) -> Array:
    """``f`` at the ends of its linear pieces, INF elsewhere.

    >>> breakpoints_only(np.array([0.0, 1.0, 2.0, 2.0, 2.0])).tolist()
    [0.0, inf, 2.0, inf, 2.0]
    """
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
    """For k = 0 … count − 1, the least of x[k − w + 1 … k] (INF outside x), along the
    last axis (each row of a 2-D ``x`` on its own). Short windows: minima over spans
    doubling up to the largest power of two L ≤ w, then two overlapping spans of L
    cover each window (log w passes). Long windows: van Herk's method, two running
    minima per block of w (linear in the length, but numpy's running minimum costs more
    per block than a pass when blocks are short)."""
    lead = x.shape[:-1]
    n = x.shape[-1]
    if w <= _SHORT_WINDOW:
        padded = np.full((*lead, count + w - 1), INF)
        padded[..., w - 1:w - 1 + min(n, count)] = x[..., :count]
        span = 1
        while span * 2 <= w:
            padded = np.minimum(padded[..., :-span], padded[..., span:])
            span *= 2
        least: Array = np.minimum(padded[..., :count], padded[..., w - span:w - span + count])
        return least
    blocks = -(-(count + w) // w)
    padded = np.full((*lead, blocks * w), INF)
    fill = min(n, padded.shape[-1] - w + 1)
    padded[..., w - 1:w - 1 + fill] = x[..., :fill]
    rows = padded.reshape(*lead, blocks, w)
    prefix = np.minimum.accumulate(rows, axis=-1).reshape(*lead, blocks * w)
    suffix = np.minimum.accumulate(rows[..., ::-1], axis=-1)[..., ::-1].reshape(
        *lead, blocks * w)
    out: Array = np.minimum(suffix[..., :count], prefix[..., w - 1:w - 1 + count])
    return out


def min_plus_rows(a: Array, b: Array, limit: int, budget: float = INF) -> tuple[Array, int]:
    """Row-by-row :func:`min_plus` of two tables with one row per assignment of sides
    (the DP over switch sides), entries 0 … limit − 1; returns the rows and the element
    operations spent. When one table is finite at few counts, its shifted copies are
    added to every row at once; otherwise each row is convolved the cheapest way.
    Tables finite only on a lattice (counts o + j·d: whole units of one size) are
    convolved on it (:func:`_on_lattices`). Raises :class:`TooMuchWorkError` before
    exceeding ``budget``."""
    a, b = a[:, :limit], b[:, :limit]
    lattice_a, lattice_b = lattice(a), lattice(b)
    if lattice_a is None or lattice_b is None:
        size = max(min(a.shape[1] + b.shape[1] - 1, limit), 0)
        return np.full((a.shape[0], size), INF), 0
    if lattice_a[0] + lattice_b[0] > 0:
        # leading counts where a table is infinite everywhere (a pruned table): the
        # convolution of the rest, shifted
        oa, ob = lattice_a[0], lattice_b[0]
        size = max(min(a.shape[1] + b.shape[1] - 1, limit), 0)
        out = np.full((a.shape[0], size), INF)
        if oa + ob >= size:
            return out, 0
        values, work = min_plus_rows(a[:, oa:], b[:, ob:], size - oa - ob, budget)
        out[:, oa + ob:oa + ob + values.shape[1]] = values
        return out, work
    if lattice_a is not None and lattice_b is not None and (
            lattice_a[1] != 1 or lattice_b[1] != 1):
        found = _on_lattices(a, b, lattice_a, lattice_b, limit, budget)
        if found is not None:
            return found
    return _plain_rows(a, b, limit, budget)


def lattice(x: Array) -> tuple[int, int] | None:
    """(offset o, stride d) of the counts at which some row of ``x`` is finite, all
    of the form o + j·d (d = 0 for one count); None when no entry is finite."""
    finite = np.flatnonzero(np.isfinite(x).any(axis=0))
    if finite.size == 0:
        return None
    first = int(finite[0])
    return first, int(np.gcd.reduce(finite - first)) if finite.size > 1 else 0


def _on_lattices(a: Array, b: Array, la: tuple[int, int], lb: tuple[int, int], limit: int,
                 budget: float) -> tuple[Array, int] | None:
    """:func:`min_plus_rows` of tables finite on lattices (o_a + i·d_a, o_b + j·d_b).

    With a common stride d > 1, both are read at their lattice points only, convolved
    there, and the result stands on o_a + o_b + k·d. Otherwise one of them (say a, of
    stride s > 1) is read at its lattice and b is taken by residue ρ modulo s:
    ``c[o_a + ρ + k·s] = min_i a[o_a + i·s] + b[ρ + (k − i)·s]``, one convolution per
    residue, stacked as rows. Exact either way (the same sums, fewer infinite ones).
    None when that would not be cheaper."""
    rows = a.shape[0]
    size = max(min(a.shape[1] + b.shape[1] - 1, limit), 0)
    (oa, da), (ob, db) = la, lb
    d = int(np.gcd(da, db))
    if d == 0:  # one count each
        out = np.full((rows, size), INF)
        if oa + ob < size:
            out[:, oa + ob] = a[:, oa] + b[:, ob]
        return out, rows
    if d > 1:
        inner = -(-(size - oa - ob) // d) if size > oa + ob else 0
        values, work = _plain_rows(a[:, oa::d], b[:, ob::d], inner, budget)
        out = np.full((rows, size), INF)
        out[:, oa + ob::d][:, :values.shape[1]] = values
        return out, work
    if da < 2:
        if db < 2:
            return None  # one table at a single count: shifting it is cheapest
        a, b, (oa, da) = b, a, (ob, db)
    s = da
    compact = a[:, oa::s]
    width = -(-b.shape[1] // s)
    padded = np.full((rows, width * s), INF)
    padded[:, :b.shape[1]] = b
    # row r, residue ρ: b[ρ + j·s] at stacked row r·s + ρ
    stacked = padded.reshape(rows, width, s).transpose(0, 2, 1).reshape(rows * s, width)
    inner = -(-(size - oa) // s) if size > oa else 0
    span = compact.shape[1] + width
    finite_a = int(np.count_nonzero(np.isfinite(compact).any(axis=0)))
    finite_b = int(np.count_nonzero(np.isfinite(stacked).any(axis=0)))
    shifts = min(finite_a * (rows * s * width + _SHIFT_COST),
                 finite_b * (rows * s * compact.shape[1] + _SHIFT_COST))
    # pieces cost at least one piece a row: found only when that could beat shifting
    pieces_a: list[list[tuple[int, int]]] = []
    pieces_b: list[list[tuple[int, int]]] = []
    by_a = by_b = INF
    if shifts > _PIECE_COST * s * span * rows:
        pieces_a = [_pieces(row) for row in compact]
        by_a = _PIECE_COST * s * span * sum(len(p) for p in pieces_a)
    if shifts > _PIECE_COST * (a.shape[1] + b.shape[1]) * rows:
        pieces_b = [_pieces(row) for row in b]
        by_b = _PIECE_COST * (a.shape[1] + b.shape[1]) * sum(len(p) for p in pieces_b)
    cheapest = min(by_a, by_b, shifts)
    if cheapest > budget:
        raise TooMuchWorkError
    if cheapest == by_b:  # b's pieces, each over a (infinite between its lattice points)
        out = np.full((rows, size), INF)
        for row in range(rows):
            values = _by_pieces(a[row], b[row], pieces_b[row], size)
            out[row, :values.size] = values
        return out, int(by_b)
    if cheapest == by_a:
        values = np.full((rows, s, inner), INF)
        for row in range(rows):
            block = stacked[row * s:(row + 1) * s]
            values[row] = _by_pieces_2d(block, compact[row], pieces_a[row], inner)
        work = int(by_a)
    else:
        values, work = _plain_rows(np.repeat(compact, s, axis=0), stacked, inner,
                                   INF, many=True)
        values = values.reshape(rows, s, -1)
    out = np.full((rows, max(size, oa + values.shape[2] * s)), INF)
    out[:, oa:oa + values.shape[2] * s] = values.transpose(0, 2, 1).reshape(rows, -1)
    return out[:, :size], work


def _by_pieces_2d(a: Array, b: Array, pb: list[tuple[int, int]], size: int) -> Array:
    """:func:`_by_pieces` of each row of ``a`` with the one table ``b``."""
    out = np.full((a.shape[0], size), INF)
    positions = np.arange(a.shape[1], dtype=float)
    for sb, eb in pb:
        top = min(a.shape[1] - 1 + eb, size - 1)
        if top < sb:
            continue
        view = out[:, sb:top + 1]
        if eb == sb:
            np.minimum(view, a[:, :view.shape[1]] + b[sb], out=view)
            continue
        slope = (b[eb] - b[sb]) / (eb - sb)
        least = _window_min(a - slope * positions, eb - sb + 1, view.shape[1])
        np.minimum(view, least + (b[sb] + slope * np.arange(view.shape[1], dtype=float)),
                   out=view)
    return out


def _plain_rows(a: Array, b: Array, limit: int, budget: float, many: bool = False
                ) -> tuple[Array, int]:
    """:func:`min_plus_rows` without looking for lattices. ``many``: the rows are many
    short ones (residues stacked), so a shifted copy costs one numpy call for them all
    rather than one per row."""
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
    if many:
        copies_of_b = finite_a.size * (rows * b.shape[1] + _SHIFT_COST)
        copies_of_a = finite_b.size * (rows * a.shape[1] + _SHIFT_COST)
        shifts = min(copies_of_a, copies_of_b)
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
