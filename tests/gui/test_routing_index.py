"""The rectangle index routing and label placement ask (gui.canvas.routing.RectIndex),
against a plain loop over every rectangle: its buckets are made lazily and the
rectangles each segment overlaps are remembered, so rectangles added, moved and removed
between questions must still be seen."""

from __future__ import annotations

import random
from itertools import pairwise

from gui.canvas.routing import Rect, RectIndex, intersects, segment_rect


def _overlapping(rects: dict[str, Rect], box: Rect, ignore: set[str]) -> list[str]:
    return sorted(k for k, r in rects.items()
                  if k not in ignore and r[0] < box[2] and box[0] < r[2]
                  and r[1] < box[3] and box[1] < r[3])


def _random_rect(rng: random.Random) -> Rect:
    left, top = rng.uniform(-300, 2000), rng.uniform(-300, 2000)
    # some as large as a building, most the size of a card
    w, h = (rng.uniform(600, 2500), rng.uniform(600, 2500)) if rng.random() < 0.1 else (
        rng.uniform(20, 200), rng.uniform(20, 120))
    return left, top, left + w, top + h


def test_answers_follow_every_change_between_questions() -> None:
    rng = random.Random(7)
    index = RectIndex()
    plain: dict[str, Rect] = {}
    lines = [rng.uniform(-300, 2500) for _ in range(6)]  # segments share a few lines
    spans = [sorted((rng.uniform(-300, 2500), rng.uniform(-300, 2500))) for _ in range(8)]
    asked = 0
    for step in range(400):
        change = rng.random()
        key = f"r{rng.randrange(40)}"
        if change < 0.5:
            rect = _random_rect(rng)
            index.add(key, rect)
            plain[key] = rect
        elif change < 0.7:
            index.discard(key)
            plain.pop(key, None)
        ignore = set(rng.sample(sorted(plain), min(2, len(plain)))) if plain else set()
        for _ in range(5):
            at = rng.choice(lines)
            a, b = rng.choice(spans)  # and are asked again, as routes' are
            p, q = ((a, at), (b, at)) if rng.random() < 0.5 else ((at, a), (at, b))
            expected = _overlapping(plain, segment_rect(p, q), ignore)
            assert index.segment_hit(p, q, ignore) == bool(expected), (step, p, q)
            asked += 1
        if step % 3 == 0:  # the buckets, made at some point between changes
            box = _random_rect(rng)
            expected = _overlapping(plain, box, ignore)
            assert index.hits(box, ignore) == expected
            assert index.any_hit(box, ignore) == bool(expected)
            assert index.count_hits(box, ignore) == len(expected)
    assert asked == 2000 and len(plain) > 10


def test_a_segment_asked_again_after_a_card_moved_onto_it() -> None:
    index = RectIndex()
    index.add("a", (0.0, 0.0, 50.0, 50.0))
    p, q = (100.0, 25.0), (400.0, 25.0)
    assert not index.segment_hit(p, q, set())
    index.add("a", (200.0, 0.0, 250.0, 50.0))  # moved onto the segment
    assert index.segment_hit(p, q, set())
    assert not index.segment_hit(p, q, {"a"})
    index.discard("a")
    assert not index.segment_hit(p, q, set())
    assert intersects((200.0, 0.0, 250.0, 50.0), segment_rect(p, q))


def test_crossings_of_a_route_count_as_a_plain_loop_does() -> None:
    """A route's crossings (the fallback's cost) are counted along the segments' lines,
    without buckets: each segment's overlapped rectangles but ``ignore``, summed."""
    from gui.canvas.routing import _crossings

    rng = random.Random(11)
    plain = {f"r{i}": _random_rect(rng) for i in range(60)}
    index = RectIndex.of(plain.items())
    assert index.needs_buckets()
    for _ in range(300):
        points = [(rng.uniform(-300, 2500), rng.uniform(-300, 2500))]
        for _ in range(rng.randrange(1, 6)):  # orthogonal, as routes are
            x, y = points[-1]
            points.append((x, rng.uniform(-300, 2500)) if rng.random() < 0.5
                          else (rng.uniform(-300, 2500), y))
        ignore = frozenset(rng.sample(sorted(plain), 3))
        expected = sum(len(_overlapping(plain, segment_rect(p, q), set(ignore)))
                       for p, q in pairwise(points))
        assert _crossings(points, index, ignore) == expected
    assert index.needs_buckets(), "routes made no buckets"
    index.buckets()
    assert not index.needs_buckets()
    box = _random_rect(rng)
    assert index.hits(box) == _overlapping(plain, box, set())


def test_segments_on_the_edges_of_the_strips_a_band_looks_in() -> None:
    """A band looks only at the rectangles reaching into the strips (CELL across) its
    line runs in: lines on and about a strip's edge, against rectangles ending on,
    just short of and just past strip edges, find what a loop over all of them does."""
    from gui.canvas.routing import CELL

    rng = random.Random(11)
    edges = [k * CELL + d for k in range(-1, 5) for d in (-1.5, -1.0, -0.5, 0.0, 0.5, 1.0)]
    index = RectIndex()
    plain: dict[str, Rect] = {}
    for n in range(60):
        a, b = sorted(rng.sample(edges, 2))
        c = rng.uniform(-300, 1200)
        rect = (a, c, b, c + rng.uniform(5, 900)) if n % 2 else (c, a, c + rng.uniform(5, 900), b)
        plain[f"r{n}"] = rect
        index.add(f"r{n}", rect)
    asked, answers = 0, set()
    for at in edges:
        for a, b in ((-400.0, 1400.0), (100.0, 300.0), (500.0, 520.0)):
            for p, q in (((a, at), (b, at)), ((at, a), (at, b))):
                expected = _overlapping(plain, segment_rect(p, q), set())
                assert sorted(index._segment_keys(p, q)) == expected, (p, q)
                assert index.segment_hit(p, q, set()) == bool(expected)
                asked += 1
                answers.add(tuple(expected))
    moved = plain["r3"] = (0.5, 0.5, CELL * 3 - 0.5, CELL * 3 - 0.5)  # after bands were made
    index.add("r3", moved)
    for at in edges:
        p, q = (-400.0, at), (1400.0, at)
        assert sorted(index._segment_keys(p, q)) == _overlapping(plain, segment_rect(p, q),
                                                                 set())
    assert asked == len(edges) * 6 and len(answers) > 50
