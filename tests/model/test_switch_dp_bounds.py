"""The lower bounds of the switch-sides DP's bound and prune
(:mod:`model.metrics.bisection.switch_dp_bounds`) against brute force: the envelope lies below
every finite entry and touches the table at its vertices, and the bound of several
groups never exceeds their true min-plus convolution."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from model.metrics.bisection import switch_dp_bounds as sb
from tests.model.test_min_plus import brute

INF = float("inf")


@st.composite
def table(draw: st.DrawFn) -> list[float]:
    values = [float(draw(st.integers(-30, 30))) for _ in range(draw(st.integers(1, 40)))]
    for spot in draw(st.lists(st.integers(0, len(values) - 1), max_size=len(values) - 1)):
        values[spot] = INF
    return values


@settings(max_examples=200, deadline=None)
@given(table(), st.booleans())
def test_lower_hull_is_the_convex_envelope(values: list[float], qhull: bool) -> None:
    f = np.array(values)
    old = sb._QHULL_FROM
    sb._QHULL_FROM = 2 if qhull else 10**9
    try:
        x, y = sb.lower_hull(f)
    finally:
        sb._QHULL_FROM = old
    finite = np.flatnonzero(np.isfinite(f))
    assert x[0] == finite[0] and x[-1] == finite[-1]
    envelope = np.interp(finite, x, y)
    assert np.all(envelope <= f[finite] + 1e-9)
    assert np.allclose(y, f[x.astype(int)])
    slopes = np.diff(y) / np.diff(x)
    assert np.all(np.diff(slopes) >= -1e-9)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(table(), table(), st.integers(1, 3)), min_size=1, max_size=3))
def test_rest_bound_never_exceeds_the_convolution(groups: list[tuple[list[float],
                                                                     list[float], int]]
                                                  ) -> None:
    """Each group: one child's tables (whole units, one unit split) and its copies; the
    groups' true cost at a count is the convolution of every copy with each child at
    the least of its two tables (a relaxation of holding one split unit in all)."""
    parts = []
    total = [0.0]
    for whole, split, copies in groups:
        least = sb.least_rows(np.array([whole]), np.array([split]))
        parts.append((sb.row_hulls(least), copies))
        for _ in range(copies):
            total = brute(total, least[0].tolist(), 10**6)
    bound = sb.RestBounds(parts).at(0, np.arange(len(total), dtype=float))[0]
    finite = np.isfinite(total)
    assert np.all(bound[finite] <= np.array(total)[finite] + 1e-9)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.lists(table(), min_size=2, max_size=2), st.integers(1, 3)),
                min_size=1, max_size=4), st.integers(0, 120))
def test_least_at_is_each_rows_merged_envelopes(groups: list[tuple[list[list[float]], int]],
                                                count: int) -> None:
    """Two rows, each group a table per row and its copies: the bound at ``count`` is,
    row by row, the merged envelopes of the row's tables read at ``count`` (INF where
    they do not reach it or a table has no finite entry), and never above the true
    convolution there."""
    parts = [([sb.lower_hull(np.array(row)) for row in rows], copies)
             for rows, copies in groups]
    got = sb.least_at(parts, float(count))
    for r in range(2):
        x, y = sb._merged([sb._scaled(per_row[r], copies) for per_row, copies in parts])
        want = (float(np.interp(count, x, y)) if x.size and x[0] <= count <= x[-1]
                else INF)
        assert got[r] == want
        total = [0.0]
        for rows, copies in groups:
            for _ in range(copies):
                total = brute(total, rows[r], 10**6)
        if count < len(total) and np.isfinite(total[count]):
            assert got[r] <= total[count] + 1e-9


@settings(max_examples=200, deadline=None)
@given(st.lists(table(), min_size=1, max_size=5), st.integers(1, 9))
def test_rows_walked_at_once_are_each_rows_monotone_chain(rows: list[list[float]],
                                                          steps: int) -> None:
    """The envelopes of several rows walked at once (with few walking steps, so that
    rows with more vertices are finished alone) are, vertex for vertex, Andrew's
    monotone chain over each row's corners (whole values: no rounding)."""
    width = max(len(r) for r in rows)
    t = np.array([r + [INF] * (width - len(r)) for r in rows])
    old = sb.WALK_STEPS
    sb.WALK_STEPS = steps
    try:
        walked = sb.row_hulls(t)
    finally:
        sb.WALK_STEPS = old
    corners = sb._corners(t)
    for row, mask, (x, y) in zip(t, corners, walked, strict=True):
        at = np.flatnonzero(mask)
        cx, cy = sb._chain(at.astype(float).tolist(), row[at].tolist())
        assert x.tolist() == cx.tolist() and y.tolist() == cy.tolist()


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.lists(table(), min_size=2, max_size=2), st.integers(1, 3)),
                min_size=2, max_size=5), st.integers(0, 120), st.data())
def test_least_at_after_gathered_groups_is_least_at_of_all(
        groups: list[tuple[list[list[float]], int]], count: int, data: st.DataObject) -> None:
    """The top pod keeps its groups before the last gathered (``gathered``): the bound
    after them is the bound of every group gathered at once, bit for bit."""
    parts = [([sb.lower_hull(np.array(row)) for row in rows], copies)
             for rows, copies in groups]
    split = data.draw(st.integers(1, len(parts) - 1))
    whole = sb.least_at(parts, float(count))
    after = sb.least_at(parts[split:], float(count), sb.gathered(parts[:split]))
    assert np.array_equal(whole, after)


def _one_column(hulls: list[tuple[np.ndarray, np.ndarray]], column: np.ndarray
                ) -> tuple[np.ndarray, np.ndarray]:
    """The envelope of the least of the functions raised by ``column``, as the module
    doc says it, one column alone: the functions that can be least somewhere (their
    least raised value at most every used one's greatest), their vertices raised, the
    least at each x, and Andrew's monotone chain over them."""
    used = [i for i, (x, _) in enumerate(hulls) if x.size and np.isfinite(column[i])]
    if not used:
        return np.zeros(0), np.zeros(0)
    ceiling = min(float(hulls[i][1].max()) + column[i] for i in used)
    least: dict[float, float] = {}
    for i in used:
        x, y = hulls[i]
        if float(y.min()) + column[i] > ceiling:
            continue
        for px, py in zip(x.tolist(), (y + column[i]).tolist(), strict=True):
            least[px] = min(least.get(px, INF), py)
    xs = sorted(least)
    return sb._chain(xs, [least[x] for x in xs])


@settings(max_examples=200, deadline=None)
@given(st.lists(table(), min_size=1, max_size=6), st.integers(1, 5), st.data())
def test_shifted_unions_are_each_columns_envelope(tables: list[list[float]], columns: int,
                                                  data: st.DataObject) -> None:
    """All columns at once (points gathered once, the least at each x per column) give
    each column's own envelope, vertex for vertex."""
    hulls = [sb.lower_hull(np.array(values)) for values in tables]
    shifts = np.array([[float(data.draw(st.sampled_from([INF, 0, 1, 3, 7, 12])))
                        for _ in range(columns)] for _ in hulls])
    got = sb.shifted_unions(hulls, shifts)
    assert len(got) == columns
    for r, (x, y) in enumerate(got):
        want_x, want_y = _one_column(hulls, shifts[:, r])
        assert x.tolist() == want_x.tolist() and y.tolist() == want_y.tolist()
