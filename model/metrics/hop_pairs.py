"""Pairs of accelerators inside groups, by hops: the counting step of
:mod:`model.metrics.hops`.

For accelerators grouped by one place (server, rack, island, …), each in an attachment
unit whose class signature fixes the switch hops to every other unit
(:mod:`model.metrics.hops` explains why), the pairs inside one group are counted per
pair of signatures with group sums — ``Σ_g M_gP·M_gQ``, where ``M_gP`` counts the
accelerators of signature P in group g — and binned by the hops between P and Q.
Nothing walks pairs. Every count is a function of how many accelerators each (group,
unit) holds, so accelerators in runs of one group and one unit (a rack of hosts on one
leaf) are counted run by run, each weighted by its length (:func:`group_runs`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import numpy as np

from model.metrics.algorithms.arrays import counted, ranked
from model.metrics.representation.switch_classes import UNREACHABLE
from model.metrics.representation.topology import IntArray

Runs = tuple[IntArray, np.ndarray]
"""Where runs of accelerators start and how long they are (floats: weights)."""


def group_runs(group: IntArray, unit: IntArray) -> Runs | None:
    """Accelerators in runs of one group and one unit (a rack of hosts on one leaf):
    each run's first accelerator and length; None when runs would not be much shorter
    than the accelerators. Every pair count of :func:`histogram` is a function of how
    many accelerators each (group, unit) holds, so it may be counted over the runs,
    weighted by their lengths: the same integers, in floats far below 2⁵³. Runs of a
    grouping also serve every coarser grouping it is nested in (a run of one rack lies
    in one island)."""
    if group.size < 2:
        return None
    change = np.flatnonzero((group[1:] != group[:-1]) | (unit[1:] != unit[:-1]))
    if 8 * (change.size + 1) > group.size:
        return None
    starts = np.empty(change.size + 1, dtype=np.int64)
    starts[0] = 0
    starts[1:] = change + 1
    return starts, np.diff(starts, append=group.size).astype(np.float64)


def _pair_matrix(group: IntArray, sig: IntArray, s: int, weight: np.ndarray | None = None
                 ) -> tuple[np.ndarray, np.ndarray]:
    """For accelerators grouped by ``group`` (dense ids): Q[P, P'] = Σ_g M_gP·M_gP' for
    P ≠ P' (pairs with one end of each signature in one group) and, per P, the pairs of
    signature P inside groups (Σ_g C(M_gP, 2)). ``weight``: how many accelerators each
    entry stands for (one each when None)."""
    groups = int(group.max()) + 1 if group.size else 0
    if groups * s <= max(8 * group.size, 4096) and groups * s <= 8_000_000:
        m = np.bincount(group * s + sig, weights=weight,
                        minlength=groups * s).reshape(groups, s)
        mf = m.astype(np.float64)
        q = mf.T @ mf
        same = (np.einsum("gp,gp->p", mf, mf) - mf.sum(axis=0)) / 2
        np.fill_diagonal(q, 0.0)
        return q, same
    key = group * s + sig
    if weight is None:
        uniq, counts = counted(key)
    else:
        uniq, where = ranked(key)
        counts = np.bincount(where, weights=weight)
    g, p = uniq // s, uniq % s
    q = np.zeros((s, s), dtype=np.float64)
    starts = np.flatnonzero(np.r_[True, g[1:] != g[:-1]]) if g.size else np.zeros(0, int)
    sizes = np.diff(np.r_[starts, g.size])
    pos = np.arange(g.size) - np.repeat(starts, sizes)
    group_size = np.repeat(sizes, sizes)
    c = counts.astype(np.float64)
    for d in range(1, int(sizes.max()) if sizes.size else 0):
        i = np.flatnonzero(pos + d < group_size)
        np.add.at(q, (p[i], p[i + d]), c[i] * c[i + d])
    q = q + q.T
    same = np.bincount(p, weights=c * (c - 1) / 2, minlength=s)
    return q, same


def _unit_pairs(group: IntArray, unit: IntArray, unit_sig: IntArray, s: int,
                weight: np.ndarray | None = None) -> np.ndarray:
    """Per signature: pairs of accelerators in one group and one unit (``weight``: as
    in :func:`_pair_matrix`)."""
    units = int(unit.max()) + 1
    groups = int(group.max()) + 1 if group.size else 0
    key = group * units + unit
    if groups * units <= 4 * key.size + 1024:
        counts = np.bincount(key, weights=weight,
                             minlength=groups * units).astype(np.float64)
        pairs = counts * (counts - 1) / 2
        per_unit = pairs.reshape(groups, units).sum(axis=0)
        return np.bincount(unit_sig, weights=per_unit, minlength=s)
    if weight is None:
        uniq, occurs = counted(key)
    else:
        uniq, where = ranked(key)
        occurs = np.bincount(where, weights=weight)
    c = occurs.astype(np.float64)
    return np.bincount(unit_sig[uniq % units], weights=c * (c - 1) / 2, minlength=s)


def histogram(group: IntArray, unit: IntArray, unit_sig: IntArray,
               acc_sig: Callable[[], IntArray], hops: np.ndarray,
               runs: Runs | None = None) -> Counter[int]:
    """Hops → pairs for pairs inside one group (scale-up pairs not yet removed);
    ``acc_sig`` gives each accelerator's signature (``unit_sig[unit]``, made when
    needed), ``runs`` may give runs of accelerators of one group and one unit."""
    s = hops.shape[0]
    weight = None
    if runs is not None:
        starts, weight = runs
        group, unit = group[starts], unit[starts]
        sig = unit_sig[unit]
    else:
        sig = acc_sig()
    q, same = _pair_matrix(group, sig, s, weight)
    # a unit lies inside one signature: when no two accelerators of a group share a
    # signature (a rail-optimized server), none share a unit either
    in_unit = (_unit_pairs(group, unit, unit_sig, s, weight) if same.any()
               else np.zeros(s))
    return binned(lambda r0, r1: q[r0:r1], same, in_unit, hops)


ROWS_AT_ONCE = 4_000_000
"""Entries of the signature matrices handled at once (rows × signatures): a design
with thousands of signatures is counted in bands of rows, never in several full
copies of the matrix."""


QRows = Callable[[int, int], np.ndarray]
"""Rows ``r0:r1`` of the matrix of pairs between two signatures (zero diagonal)."""


def binned(q_rows: QRows, same: np.ndarray, in_unit: np.ndarray, hops: np.ndarray
            ) -> Counter[int]:
    """Hops → pairs from the pairs of each two signatures (``q_rows``), of one
    signature (``same``) and of one unit (``in_unit``, by signature) inside groups.
    Both matrices are symmetric, so every unordered pair of distinct signatures is
    counted once from each end and the sum halved."""
    s = hops.shape[0]
    out: Counter[int] = Counter()
    rows = max(1, ROWS_AT_ONCE // max(s, 1))
    # hop counts are small; every unreachable pair goes to one overflow bin
    overflow = 1
    for r0 in range(0, s, rows):
        band = hops[r0:r0 + rows]
        overflow = max(overflow, int(np.where(band < UNREACHABLE, band, 0).max()) + 1)
    per_hop = np.zeros(overflow + 1)
    for r0 in range(0, s, rows):
        band = hops[r0:r0 + rows]
        binned = np.where(band < UNREACHABLE, band, overflow)
        per_hop += np.bincount(binned.ravel(), weights=q_rows(r0, r0 + band.shape[0]).ravel(),
                               minlength=overflow + 1)
    per_hop /= 2
    diagonal = np.diagonal(hops)
    per_hop += np.bincount(np.where(diagonal < UNREACHABLE, diagonal, overflow),
                           weights=same - in_unit, minlength=overflow + 1)
    for h in np.flatnonzero(per_hop).tolist():
        out[UNREACHABLE if h == overflow else h] += round(float(per_hop[h]))
    total_in_unit = float(in_unit.sum())
    if total_in_unit:
        out[1] += round(total_in_unit)
    return out
