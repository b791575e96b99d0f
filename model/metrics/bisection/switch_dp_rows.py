"""Row tables of the switch-sides DP, and the record it keeps to rebuild a cut.

:mod:`model.metrics.bisection.pod_dp_switches` keeps, for every pod, one table row per assignment
of sides to the pod's classes of own switches. Here are the pieces it works on: a group
of children that contribute the same (:class:`_Group`), one group's combination kept to
rebuild the cut (:class:`_Step`), and the helpers on row tables: every assignment
(:func:`_bits`), the least of two tables, where a count splits between two tables,
children standing whole (:func:`_ends`), and concavity of every row.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

INF = float("inf")
Array = np.ndarray


@dataclass
class _Group:
    """Children of one pod that contribute the same: ``members``, a representative
    ``child`` and its ``links`` (child classes × the pod's classes)."""

    child: int
    members: list[int]
    links: Array
    keys: dict[tuple[object, ...], tuple[object, ...]] = field(default_factory=dict, compare=False,
                                                repr=False)
    """What ``m`` copies of its child contribute depends on, by m and the grid and
    target (:func:`~model.metrics.bisection.switch_dp_kept.group_key`), made once."""


@dataclass
class _Step:
    """One group combined into a pod's tables, kept to rebuild the cut: the tables
    before it (without a remainder: every concave child whole, and one split; with
    one: T and T1), and what it added: for concave children the running tables with
    all but one copy whole (``table``) and one copy's contribution (``extra``); else
    the group's table and, with a remainder, its T1 (``extra``)."""

    grp: _Group
    whole: Array
    split: Array
    table: Array
    extra: Array
    how: tuple[object, ...]
    concave: bool = False
    offset: int = 0
    """The count that column 0 of ``whole`` and ``split`` stands for (the pruned top
    pod keeps only the columns that can still reach the target)."""


def _one_row(step: _Step, row: int) -> _Step:
    """``step`` for the assignment in position ``row`` of its tables only."""
    def pick(item: object) -> object:
        if isinstance(item, np.ndarray) and item.ndim == 2:
            return item[row:row + 1]
        if isinstance(item, (list, tuple)):
            return type(item)(pick(x) for x in item)
        return item

    how = pick(step.how)
    assert isinstance(how, tuple)
    return _Step(step.grp, step.whole[row:row + 1], step.split[row:row + 1],
                 step.table[row:row + 1], step.extra[row:row + 1], how, step.concave,
                 step.offset)


def _bits(count: int) -> Array:
    """Every assignment of sides to ``count`` classes, one per row (1 = side A; row i
    puts class j on A when bit j of i is set)."""
    return ((np.arange(1 << count)[:, None] >> np.arange(count)) & 1).astype(np.float64)


def _padded(a: Array, b: Array) -> Array:
    """The least of two row tables, the shorter padded with INF."""
    width = max(a.shape[1], b.shape[1])
    out = np.full((a.shape[0], width), INF)
    out[:, :a.shape[1]] = a
    np.minimum(out[:, :b.shape[1]], b, out=out[:, :b.shape[1]])
    return out


def _first(g: Array, g1: Array, limit: int) -> tuple[Array, Array]:
    """The product of no group (0 at count 0, and no cut with the remainder) combined
    with a first group's tables ``g`` and ``g1``, up to ``limit`` entries, without
    convolving: ``g`` itself (0 + g(k) is g(k) exactly), and ``g1`` padded with INF to
    one entry fewer than ``g`` (the empty table's convolution with ``g`` is that many
    INF) — the tables, shapes included, the two convolutions give."""
    g, g1 = g[:, :limit], g1[:, :limit]
    return g, _padded(np.full((g.shape[0], max(g.shape[1] - 1, 0)), INF), g1)


def _split(before: Array, g: Array, k: int) -> tuple[float, int]:
    """The least value of ``before ⊕ g`` at ``k`` and the count ``g`` takes there."""
    low, high = max(0, k - (before.size - 1)), min(k, g.size - 1)
    if high < low:
        return INF, 0
    i = np.arange(low, high + 1)
    values = before[k - i] + g[i]
    best = int(np.argmin(values))
    return float(values[best]), low + best


def _choose(before: Array, before1: Array, g: Array, g1: Array, k: int,
            partial: bool) -> tuple[int, bool]:
    """What the last table added (``g``, with the remainder ``g1``) takes of ``k`` after
    ``before`` (with the remainder ``before1``), and whether it holds the remainder."""
    if not partial:
        return _split(before, g, k)[1], False
    earlier, take_a = _split(before1, g, k)
    here, take_b = _split(before, g1, k)
    return (take_b, True) if here < earlier else (take_a, False)


def _ends(c: Array, m: int) -> Array:
    """m children contributing ``c`` each, all standing whole: j of them on side A
    costs j·c(n) + (m − j)·c(0), at count j·n (INF between)."""
    n = c.shape[1] - 1
    if m == 0:
        return np.zeros((c.shape[0], 1))
    out = np.full((c.shape[0], m * n + 1), INF)
    j = np.arange(m + 1)
    out[:, j * n] = j * c[:, [n]] + (m - j) * c[:, [0]]
    return out


def _whole_value(step: _Step, k: int) -> float:
    """The value at ``k`` of a :meth:`model.metrics.bisection.pod_dp_switches._Solver.combine`
    step's table with every concave child whole (one row)."""
    if not step.concave:
        return _split(step.whole[0], step.table[0], k)[0]
    return _split(step.table[0], _ends(step.extra, 1)[0], k)[0]


def _split_value(step: _Step, k: int) -> float:
    """The same with one concave child split."""
    split = step.split
    if not step.concave:
        return _split(split[0], step.table[0], k)[0] if split.shape[1] else INF
    c, m = step.extra, len(step.grp.members)
    here = _split(step.table[0], c[0], k)[0]
    earlier = _split(split[0], _ends(c, m)[0], k)[0] if split.shape[1] else INF
    return min(here, earlier)


def _concave_rows(f: Array) -> bool:
    """Every row finite and concave (to rounding)."""
    if f.shape[1] < 3:
        return bool(np.isfinite(f).all())
    if not np.isfinite(f).all():
        return False
    d2 = f[:, 2:] - 2 * f[:, 1:-1] + f[:, :-2]
    return bool(np.all(d2 <= 1e-9 * max(1.0, float(np.abs(f).max()))))
