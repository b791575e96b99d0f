"""Closed forms for identical children with concave costs, used by the pod-tree DP.

:class:`model.metrics.bisection.pod_dp.PodDP` combines m identical children of a pod. When their
cost table is concave, moving accelerators between two partial children never helps, so
an optimum keeps all but one of them whole (:func:`_whole_but_one`); when one of them
holds the odd remainder, the shapes an optimum may take are few
(:func:`_remainder_shapes`). These replace m − 1 min-plus convolutions by one vector.
"""

from __future__ import annotations

import numpy as np

INF = float("inf")
Array = np.ndarray


def _whole_but_one(f: Array, m: int, k: Array) -> Array:
    """m identical children with the concave cost ``f`` (n = its last count), ``k``
    steps on A among them: all but one of them whole (the first ⌊k/n⌋ on A), one
    partial; INF past m·n."""
    n = f.size - 1
    j = np.minimum(k // n, m - 1)
    rest = k - j * n
    out = np.full(k.size, INF)
    ok = (rest >= 0) & (rest <= n)
    out[ok] = j[ok] * f[n] + (m - j[ok] - 1) * f[0] + f[rest[ok]]
    return out


def _remainder_shapes(f: Array, f1: Array, m: int, k: Array) -> Array:
    """m identical children with concave costs ``f`` (whole steps) and ``f1`` (with the
    remainder), one of them holding the remainder, ``k`` steps on A: the cost of each
    shape an optimum may take (rows). Two children inside their ranges trade steps at
    rates that, by concavity, cannot raise the cost both ways, until one reaches an end
    of its range; so at most one child without the remainder is partial, and then the
    one with it stands at an end of its range. Rows: (0) the others whole and the
    remainder's child anywhere, (1) it at its first count and one other partial, (2) it
    at its last count and one other partial."""
    n, last = f.size - 1, f1.size - 1
    out = np.full((3, k.size), INF)
    if last < 0:
        return out
    for j in (k // n, k // n - 1):  # j of the others whole on A: f1 then holds k − j·n
        at = k - j * n
        ok = (at >= 0) & (at <= last) & (j >= 0) & (j <= m - 1)
        value = j[ok] * f[n] + (m - 1 - j[ok]) * f[0] + f1[at[ok]]
        out[0, ok] = np.minimum(out[0, ok], value)
    if m > 1:
        out[1] = f1[0] + _whole_but_one(f, m - 1, k)
        shifted = k - last
        ok = shifted >= 0
        out[2, ok] = f1[last] + _whole_but_one(f, m - 1, shifted[ok])
    return out


def _concave(f: Array) -> bool:
    if f.size < 3 or not np.isfinite(f).all():
        return f.size < 3
    d2 = f[2:] - 2 * f[1:-1] + f[:-2]
    return bool(np.all(d2 <= 1e-9 * max(1.0, float(np.abs(f).max()))))
