"""Equitable partitions by colour refinement, against partitions found by hand."""

from __future__ import annotations

import numpy as np

from model.metrics.representation.equitable import refine


def _edges(pairs: list[tuple[int, int, float]]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    a, b, c = zip(*pairs, strict=True)
    return np.array(a), np.array(b), np.array(c, dtype=float)


def _groups(part: np.ndarray) -> set[frozenset[int]]:
    return {frozenset(np.flatnonzero(part == p).tolist()) for p in np.unique(part)}


def test_a_path_splits_ends_from_middle() -> None:
    """A path 0–1–2 of equal links: the ends alike, the middle apart."""
    a, b, c = _edges([(0, 1, 1.0), (1, 2, 1.0)])
    part = refine(3, a, b, c, np.zeros(3, dtype=np.int64))
    assert part is not None
    assert _groups(part) == {frozenset({0, 2}), frozenset({1})}


def test_capacities_count() -> None:
    """A star whose centre 0 reaches 1 and 2 at 1 Gb/s and 3 at 2 Gb/s: 3 stands apart."""
    a, b, c = _edges([(0, 1, 1.0), (0, 2, 1.0), (0, 3, 2.0)])
    part = refine(4, a, b, c, np.array([0, 1, 1, 1]))
    assert part is not None
    assert _groups(part) == {frozenset({0}), frozenset({1, 2}), frozenset({3})}


def test_two_blocks_reached_alike_stay_together() -> None:
    """Switches 2–5 under two fixed children 0 and 1: 0 reaches 2, 3 and 1 reaches 4, 5
    (as two rail planes reach two halves of a core); the halves are told apart, the
    switches inside each are not."""
    a, b, c = _edges([(0, 2, 1.0), (0, 3, 1.0), (1, 4, 1.0), (1, 5, 1.0)])
    colour = np.array([0, 1, 2, 2, 2, 2])
    fixed = np.array([True, True, False, False, False, False])
    part = refine(6, a, b, c, colour, fixed)
    assert part is not None
    assert _groups(part) == {frozenset({0}), frozenset({1}), frozenset({2, 3}),
                             frozenset({4, 5})}


def test_the_result_is_equitable_on_a_random_graph() -> None:
    """On a random graph with parallel capacities, every node of each part has the same
    total to every part (checked here by brute force)."""
    rng = np.random.default_rng(7)
    n = 30
    a, b = rng.integers(0, n, 80), rng.integers(0, n, 80)
    keep = a != b
    a, b = a[keep], b[keep]
    c = rng.choice([1.0, 2.0], a.size)
    part = refine(n, a, b, c, np.zeros(n, dtype=np.int64))
    assert part is not None
    totals = np.zeros((n, int(part.max()) + 1))
    np.add.at(totals, (a, part[b]), c)
    np.add.at(totals, (b, part[a]), c)
    for p in np.unique(part):
        members = np.flatnonzero(part == p)
        assert (totals[members] == totals[members[0]]).all()
