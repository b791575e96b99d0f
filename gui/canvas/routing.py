"""Orthogonal connector routing around cards, and label placement that keeps labels off
each other and off titles.

Routing is cheap on purpose: a bundle tries a short list of candidate routes (straight,
one horizontal jog, out of a side into the channel beside its island or building and
back) in order of simplicity and takes the first that crosses no card or title it does
not connect; when none is free it takes the one crossing the fewest. Cards and titles
are kept in a :class:`RectIndex`, a uniform grid of buckets, so a segment is tested
against the few rectangles near it only.

Coordinates are scene units; a route is a list of (x, y) points joined by horizontal
and vertical segments.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import pairwise

Rect = tuple[float, float, float, float]
"""left, top, right, bottom (scene units)."""
Point = tuple[float, float]

STUB = 14.0
"""How far a connector leaves a card before it turns."""
CELL = 256.0
"""Side of a bucket of :class:`RectIndex`."""


def intersects(a: Rect, b: Rect) -> bool:
    """True when two rectangles overlap (touching edges do not count)."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def segment_rect(p: Point, q: Point, half_width: float = 1.0) -> Rect:
    """The thin rectangle a horizontal or vertical segment covers."""
    return (min(p[0], q[0]) - half_width, min(p[1], q[1]) - half_width,
            max(p[0], q[0]) + half_width, max(p[1], q[1]) + half_width)


Band = tuple[list[float], list[float], list[float], list[str]]
"""The rectangles crossing one horizontal (or vertical) line: their low ends along
the line in order, their high ends, the running largest high end, their keys."""


class RectIndex:
    """Rectangles by key, bucketed so that the ones near a point or segment are found
    without looking at all of them; and, for the lines routes run along, the rectangles
    crossing each line in order, so that a long segment is tested by a binary search
    rather than bucket by bucket."""

    def __init__(self) -> None:
        self._rects: dict[str, Rect] = {}
        self._grid: dict[tuple[int, int], set[str]] | None = None
        """The buckets, made when first asked for (:meth:`_cells`): routes ask the bands
        only, and a building's frame spans thousands of buckets."""
        self._bands: dict[tuple[bool, float], Band] = {}
        self._segments: dict[tuple[Point, Point], tuple[str, ...]] = {}
        """The keys each segment asked of :meth:`segment_hit` overlaps."""
        self._strips: tuple[dict[int, list[str]], dict[int, list[str]]] | None = None
        """The keys whose rectangles reach into each strip :data:`CELL` tall (then each
        strip as wide), made when a band is first asked for (:meth:`_strip_keys`)."""

    @classmethod
    def of(cls, rects: Iterable[tuple[str, Rect]]) -> RectIndex:
        """An index of ``rects`` ((key, rect) pairs; a later pair for a key wins, as
        :meth:`add` again would), built in one go: :meth:`add` clears the bands and the
        remembered segments at each rectangle."""
        index = cls()
        index._rects = dict(rects)
        return index

    def __len__(self) -> int:
        return len(self._rects)

    def __contains__(self, key: str) -> bool:
        return key in self._rects

    @staticmethod
    def _span(rect: Rect) -> Iterable[tuple[int, int]]:
        for i in range(int(rect[0] // CELL), int(rect[2] // CELL) + 1):
            for j in range(int(rect[1] // CELL), int(rect[3] // CELL) + 1):
                yield i, j

    def add(self, key: str, rect: Rect) -> None:
        """Put (or move) ``key`` at ``rect``."""
        self.discard(key)
        self._bands.clear()
        self._segments.clear()
        self._strips = None
        self._rects[key] = rect
        if self._grid is not None:
            for cell in self._span(rect):
                self._grid.setdefault(cell, set()).add(key)

    def discard(self, key: str) -> None:
        """Forget ``key`` (nothing when absent)."""
        rect = self._rects.pop(key, None)
        if rect is None:
            return
        self._bands.clear()
        self._segments.clear()
        self._strips = None
        if self._grid is None:
            return
        for cell in self._span(rect):
            bucket = self._grid.get(cell)
            if bucket is not None:
                bucket.discard(key)
                if not bucket:
                    del self._grid[cell]

    def _cells(self) -> dict[tuple[int, int], set[str]]:
        """The keys in each bucket (made now if not yet)."""
        if self._grid is None:
            grid: dict[tuple[int, int], set[str]] = defaultdict(set)
            for key, rect in self._rects.items():
                for cell in self._span(rect):
                    grid[cell].add(key)
            self._grid = dict(grid)
        return self._grid

    def needs_buckets(self) -> bool:
        """True while the buckets :meth:`hits`, :meth:`any_hit` and :meth:`count_hits`
        look in are not yet made."""
        return self._grid is None

    def buckets(self) -> None:
        """Make the buckets now (they are otherwise made when first looked in)."""
        self._cells()

    def rect(self, key: str) -> Rect | None:
        """Where ``key`` is (None when absent)."""
        return self._rects.get(key)

    def hits(self, rect: Rect, ignore: frozenset[str] | set[str] = frozenset()
             ) -> list[str]:
        """Keys whose rectangles overlap ``rect``, except those in ``ignore``."""
        found: set[str] = set()
        cells = self._cells()
        for cell in self._span(rect):
            for key in cells.get(cell, ()):
                if key not in ignore and key not in found and intersects(
                        self._rects[key], rect):
                    found.add(key)
        return sorted(found)

    def any_hit(self, rect: Rect, ignore: frozenset[str] | set[str]) -> bool:
        """True when a rectangle (other than ``ignore``) overlaps ``rect``. (Written out
        rather than through :meth:`_span` and :func:`intersects`: routing a Dragonfly+
        asks this hundreds of thousands of times.)"""
        left, top, right, bottom = rect
        cells, rects = self._cells(), self._rects
        for i in range(int(left // CELL), int(right // CELL) + 1):
            for j in range(int(top // CELL), int(bottom // CELL) + 1):
                bucket = cells.get((i, j))
                if not bucket:
                    continue
                for key in bucket:
                    r = rects[key]
                    if (r[0] < right and left < r[2] and r[1] < bottom and top < r[3]
                            and key not in ignore):
                        return True
        return False

    def _strip_keys(self, horizontal: bool, lo: float, hi: float) -> Iterable[str]:
        """The keys of the rectangles reaching into the strips (horizontal: rows,
        else columns, :data:`CELL` across) that ``lo``..``hi`` falls in: a band looks at
        those only, not at every rectangle (routing a zoomed-out AI-zones campus of 128
        pods makes some 4,600 bands a picture, each a line of its own)."""
        if self._strips is None:
            rows: dict[int, list[str]] = defaultdict(list)
            columns: dict[int, list[str]] = defaultdict(list)
            for key, (left, top, right, bottom) in self._rects.items():
                for row in range(int(top // CELL), int(bottom // CELL) + 1):
                    rows[row].append(key)
                for column in range(int(left // CELL), int(right // CELL) + 1):
                    columns[column].append(key)
            self._strips = (dict(rows), dict(columns))
        strips = self._strips[0] if horizontal else self._strips[1]
        first, last = int(lo // CELL), int(hi // CELL)
        if first == last:
            return strips.get(first, ())
        found: dict[str, None] = {}
        for strip in range(first, last + 1):
            found.update(dict.fromkeys(strips.get(strip, ())))
        return found

    def _band(self, horizontal: bool, at: float) -> Band:
        """The rectangles a segment 2 units wide along the line ``at`` may cross."""
        key = (horizontal, at)
        band = self._bands.get(key)
        if band is None:
            lo, hi = at - 1.0, at + 1.0
            rects = self._rects
            near = [(k, rects[k]) for k in self._strip_keys(horizontal, lo, hi)]
            spans = sorted(
                ((r[0], r[2], k) if horizontal else (r[1], r[3], k))
                for k, r in near
                if ((r[1] < hi and lo < r[3]) if horizontal else (r[0] < hi and lo < r[2])))
            reach: list[float] = []
            most = float("-inf")
            for _low, high, _k in spans:
                most = max(most, high)
                reach.append(most)
            band = ([a for a, _b, _k in spans], [b for _a, b, _k in spans], reach,
                    [k for _a, _b, k in spans])
            self._bands[key] = band
        return band

    def segment_hit(self, p: Point, q: Point, ignore: frozenset[str] | set[str]) -> bool:
        """True when the horizontal or vertical segment ``p``–``q`` (2 units wide, as
        :func:`segment_rect`) overlaps a rectangle other than ``ignore``: the same answer
        as :meth:`any_hit` of its rectangle, by a binary search in the rectangles along
        its line (the lines of routes are few and shared by many bundles). The
        rectangles a segment overlaps are kept while the index stands: the bundles
        leaving one card by one side share their first and last segments."""
        key = (p, q)
        crossed = self._segments.get(key)
        if crossed is None:
            crossed = self._segment_keys(p, q)
            self._segments[key] = crossed
        return any(k not in ignore for k in crossed)

    def _segment_keys(self, p: Point, q: Point) -> tuple[str, ...]:
        horizontal = abs(p[1] - q[1]) < 1e-9
        if horizontal:
            at, a, b = p[1], min(p[0], q[0]) - 1.0, max(p[0], q[0]) + 1.0
        else:
            at, a, b = p[0], min(p[1], q[1]) - 1.0, max(p[1], q[1]) + 1.0
        lows, highs, reach, keys = self._band(horizontal, at)
        i = bisect_left(lows, b) - 1
        crossed: list[str] = []
        while i >= 0 and reach[i] > a:
            if highs[i] > a:
                crossed.append(keys[i])
            i -= 1
        return tuple(crossed)

    def count_hits(self, rect: Rect, ignore: frozenset[str] | set[str]) -> int:
        """How many rectangles (other than ``ignore``) overlap ``rect``."""
        left, top, right, bottom = rect
        cells, rects = self._cells(), self._rects
        seen: set[str] = set()
        for i in range(int(left // CELL), int(right // CELL) + 1):
            for j in range(int(top // CELL), int(bottom // CELL) + 1):
                for key in cells.get((i, j), ()):
                    r = rects[key]
                    if (r[0] < right and left < r[2] and r[1] < bottom and top < r[3]
                            and key not in ignore):
                        seen.add(key)
        return len(seen)


@dataclass(frozen=True)
class End:
    """One end of a connector: its card and the frames around it, innermost first
    (island, building), whose gaps are the channels a route may run in."""

    rect: Rect
    at: float
    """Where along the card's edge the connector attaches, 0..1 of its width."""
    frames: tuple[Rect, ...] = ()


def _channels(end: End, toward: float) -> list[float]:
    """x of the channels beside an end's card and its frames, nearest ``toward`` first."""
    xs: list[float] = []
    for rect in (end.rect, *end.frames):
        xs.append(rect[0] - STUB)
        xs.append(rect[2] + STUB)
    return sorted(xs, key=lambda x: abs(x - toward))


def _simplify(points: list[Point]) -> list[Point]:
    """Drop repeated and collinear points (coordinates within 1e-6 count as equal;
    written without ``abs``: every route passes here)."""
    out: list[Point] = []
    for p in points:
        if out:
            b = out[-1]
            dx, dy = b[0] - p[0], b[1] - p[1]
            same_x, same_y = -1e-6 < dx < 1e-6, -1e-6 < dy < 1e-6
            if same_x and same_y:
                continue
            if len(out) >= 2:
                a = out[-2]
                if (same_x and -1e-6 < a[0] - b[0] < 1e-6) or (
                        same_y and -1e-6 < a[1] - b[1] < 1e-6):
                    out[-1] = p
                    continue
        out.append(p)
    return out


def _free(points: Sequence[Point], index: RectIndex, ignore: frozenset[str],
          own: tuple[Rect, ...] = ()) -> bool:
    """True when no segment crosses a rectangle of ``index`` but ``ignore``, nor runs
    inside one of ``own`` (the cards the route joins: it leaves and enters them at their
    edges). Zero-length and collinear pieces need no simplifying first: the rectangles
    they cover lie within their neighbours'."""
    known = index._segments  # segment_hit written out: routing asks tens of thousands
    p = points[0]
    for q in points[1:]:
        if p != q:
            crossed = known.get((p, q))
            if crossed is None:
                crossed = known[(p, q)] = index._segment_keys(p, q)
            for key in crossed:
                if key not in ignore:
                    return False
            x1, x2 = (p[0], q[0]) if p[0] <= q[0] else (q[0], p[0])
            y1, y2 = (p[1], q[1]) if p[1] <= q[1] else (q[1], p[1])
            for r in own:
                if x1 < r[2] - 0.5 and r[0] + 0.5 < x2 and y1 < r[3] - 0.5 and r[1] + 0.5 < y2:
                    return False
        p = q
    return True


def _crossings(points: Sequence[Point], index: RectIndex, ignore: frozenset[str]) -> int:
    """How many rectangles (but ``ignore``) each segment crosses, summed: for each
    segment, :meth:`RectIndex.count_hits` of its :func:`segment_rect`, found along its
    line as :meth:`RectIndex.segment_hit` does (each rectangle once per line), so that a
    route needs no buckets (building them for a campus's frames took longer than
    routing a bundle)."""
    known = index._segments
    total = 0
    for p, q in pairwise(points):
        crossed = known.get((p, q))
        if crossed is None:
            crossed = known[(p, q)] = index._segment_keys(p, q)
        total += sum(1 for key in crossed if key not in ignore)
    return total


LANE = 4.0
"""How far under a building a route across the street between rows of buildings runs:
the plate of a zoomed-out building below never reaches that high
(:meth:`gui.canvas.scene.DesignScene.room_above` keeps 8 units free)."""


def _streets(lower: Rect, upper: Rect, frames: RectIndex | None) -> list[float]:
    """y of the streets a route from the building ``lower`` to the building ``upper``
    may cross on: just under the lowest frame standing over ``lower``, and just under
    ``upper``. (Not above a building with none over it: its zoomed-out plate is
    there.)"""
    over = [r[3] for r in (frames._rects.values() if frames is not None else ())
            if r[3] <= lower[1] and r[0] < lower[2] and lower[0] < r[2]]
    return ([max(over) + LANE] if over else []) + [upper[3] + LANE]


def _vertical_candidates(lower: End, upper: End, frames: RectIndex | None = None
                         ) -> Iterable[list[Point]]:
    """Routes from the top of ``lower`` to the bottom of ``upper``, simplest first."""
    la, ua = lower.rect, upper.rect
    p = (la[0] + (la[2] - la[0]) * lower.at, la[1])
    q = (ua[0] + (ua[2] - ua[0]) * upper.at, ua[3])
    left, right = max(la[0], ua[0]) + 8, min(la[2], ua[2]) - 8
    if left <= right:  # the cards overlap in x: straight up
        x = min(max((p[0] + q[0]) / 2, left), right)
        yield [(x, p[1]), (x, q[1])]
    ys = [q[1] + STUB, p[1] - STUB, (p[1] + q[1]) / 2]
    ys += [frame[1] - STUB for frame in lower.frames] + [frame[3] + STUB
                                                         for frame in upper.frames]
    for y in ys:
        yield [p, (p[0], y), (q[0], y), q]
    # Out of the lower card's side, up a channel beside it or its frames, across.
    cy = (la[1] + la[3]) / 2
    for x in _channels(lower, q[0])[:6]:
        side = la[0] if x < la[0] else la[2]
        for y in ys[:2] + ys[3:]:
            yield [(side, cy), (x, cy), (x, y), (q[0], y), q]
    # Between buildings, from a card standing in a building itself (an island's block
    # when zoomed out): along the channel above it, out of the side of its building,
    # across the street, in beside the upper card's building and along the channel
    # under that card (never through a building's title).
    if len(lower.frames) == 1 and upper.frames and lower.frames[-1] != upper.frames[-1]:
        lf, uf = lower.frames[-1], upper.frames[-1]
        below, above = p[1] - STUB, q[1] + STUB
        streets = _streets(lf, uf, frames)
        for x1 in sorted((lf[0] - STUB, lf[2] + STUB), key=lambda x: abs(x - q[0])):
            for x2 in sorted((uf[0] - STUB, uf[2] + STUB), key=lambda x: abs(x - x1)):
                for y in streets:
                    yield [p, (p[0], below), (x1, below), (x1, y), (x2, y), (x2, above),
                           (q[0], above), q]
    if len(lower.frames) >= 2 and upper.frames and lower.frames[-1] != upper.frames[-1]:
        yield from _out_of_island(lower, upper, frames)
    # Into the upper card's side as well.
    ucy = (ua[1] + ua[3]) / 2
    for x in _channels(lower, q[0])[:4]:
        side = la[0] if x < la[0] else la[2]
        for ux in _channels(upper, x)[:4]:
            uside = ua[0] if ux < ua[0] else ua[2]
            for y in ys[:2] + ys[3:]:
                yield [(side, cy), (x, cy), (x, y), (ux, y), (ux, ucy), (uside, ucy)]


def _out_of_island(lower: End, upper: End, frames: RectIndex | None
                   ) -> Iterable[list[Point]]:
    """Between buildings, from a card in an island (the islands' contents shown): out
    of the card's side or top into a channel beside it or its island, along the lane
    above or under the island to the side of its building, across the street, in
    beside the upper card's building and along the channel under that card — so that
    it crosses no island's or building's title on its way (the simpler routes of
    :func:`_vertical_candidates` run straight through the rows of islands between)."""
    la, ua = lower.rect, upper.rect
    island, lf, uf = lower.frames[0], lower.frames[-1], upper.frames[-1]
    p = (la[0] + (la[2] - la[0]) * lower.at, la[1])
    q = (ua[0] + (ua[2] - ua[0]) * upper.at, ua[3])
    cy, above = (la[1] + la[3]) / 2, q[1] + STUB
    streets = _streets(lf, uf, frames)
    lanes = (island[1] - STUB, island[3] + STUB)
    exits = sorted((lf[0] - STUB, lf[2] + STUB), key=lambda x: abs(x - q[0]))
    for x1 in exits:
        channels = sorted((island[0] - STUB, island[2] + STUB, la[0] - STUB, la[2] + STUB),
                          key=lambda x: abs(x - x1))
        for x2 in sorted((uf[0] - STUB, uf[2] + STUB), key=lambda x: abs(x - x1)):
            tail = [(x2, above), (q[0], above), q]
            for y in streets:
                for lane in lanes:
                    yield [p, (p[0], p[1] - STUB), (channels[0], p[1] - STUB),
                           (channels[0], lane), (x1, lane), (x1, y), (x2, y), *tail]
                    for x in channels[:2]:
                        side = la[0] if x < la[0] else la[2]
                        yield [(side, cy), (x, cy), (x, lane), (x1, lane), (x1, y),
                               (x2, y), *tail]


def _side_candidates(a: End, b: End) -> Iterable[list[Point]]:
    """Routes between the facing sides of two peers (global links)."""
    ar, br = a.rect, b.rect
    ay, by = (ar[1] + ar[3]) / 2, (br[1] + br[3]) / 2
    if br[0] >= ar[2]:  # b to the right: facing sides
        s, t, sx, tx = (ar[2], ay), (br[0], by), ar[2] + STUB, br[0] - STUB
    elif br[2] <= ar[0]:  # b to the left
        s, t, sx, tx = (ar[0], ay), (br[2], by), ar[0] - STUB, br[2] + STUB
    else:  # one above the other: out of the same side of both, up or down beside them
        right = (br[0] + br[2]) / 2 >= (ar[0] + ar[2]) / 2
        s, t = ((ar[2], ay), (br[2], by)) if right else ((ar[0], ay), (br[0], by))
        sx = tx = max(ar[2], br[2]) + STUB if right else min(ar[0], br[0]) - STUB
        yield [s, (sx, ay), (sx, by), t]
        sx, tx = s[0] + (STUB if right else -STUB), t[0] + (STUB if right else -STUB)
    if (sx <= tx) == (s[0] <= t[0]) and s[0] != t[0]:
        mid = (s[0] + t[0]) / 2
        yield [s, (mid, ay), (mid, by), t]
    xs_a = [sx, *_channels(a, t[0])[:3]]
    xs_b = [tx, *_channels(b, s[0])[:3]]
    ys = [min(ar[1], br[1]) - STUB, max(ar[3], br[3]) + STUB]
    ys += [f[1] - STUB for f in a.frames[:1]] + [f[3] + STUB for f in a.frames[:1]]
    for x1 in xs_a:
        for x2 in xs_b:
            for y in ys:
                yield [s, (x1, ay), (x1, y), (x2, y), (x2, by), t]


def route(lower: End, upper: End, index: RectIndex, ignore: frozenset[str],
          side_to_side: bool = False, tries: int = 60, counted: int = 8,
          frames: RectIndex | None = None, own_frames: frozenset[str] = frozenset()
          ) -> list[Point]:
    """An orthogonal route between two ends avoiding the rectangles of ``index`` (but
    those in ``ignore``), the ``frames`` (buildings, islands) but ``own_frames`` (those
    holding an end), and not running through its own ends' cards: the first of
    ``tries`` candidates crossing none, else, of the first ``counted``, the one
    crossing the fewest (the simplest among equals). ``side_to_side`` joins the sides
    of peers."""
    raw = (_side_candidates(lower, upper) if side_to_side
           else _vertical_candidates(lower, upper, frames))
    own = (lower.rect, upper.rect)
    tried: list[list[Point]] = []
    for candidate in raw:
        if _free(candidate, index, ignore, own) and (
                frames is None or _free(candidate, frames, own_frames)):
            return _simplify(candidate)
        tried.append(candidate)
        if len(tried) >= tries:
            break

    def cost(points: list[Point]) -> int:
        crossed = _crossings(points, index, ignore)
        if frames is not None:
            crossed += _crossings(points, frames, own_frames)
        return crossed + 100 * (not _free(points, RectIndex(), ignore, own))

    return _simplify(min(tried[:counted], key=cost))


def label_spots(points: Sequence[Point]) -> list[Point]:
    """Where a label may sit on a route, best first: the middles, then the quarters, of
    its segments, longest segment first."""
    segments = sorted(range(len(points) - 1), key=lambda i: -(
        abs(points[i][0] - points[i + 1][0]) + abs(points[i][1] - points[i + 1][1])))
    spots: list[Point] = []
    for share in (0.5, 0.3, 0.7, 0.15, 0.85):
        for i in segments:
            (x1, y1), (x2, y2) = points[i], points[i + 1]
            spots.append((x1 + (x2 - x1) * share, y1 + (y2 - y1) * share))
    return spots


def place_label(points: Sequence[Point], size: tuple[float, float],
                indexes: Sequence[RectIndex], ignore: frozenset[str] = frozenset()
                ) -> Rect | None:
    """A rectangle of ``size`` centred on the route that overlaps nothing in any of
    ``indexes`` (but ``ignore``), or None when there is no such spot."""
    return place_label_at(label_spots(points), size, indexes, ignore)


def place_label_at(spots: Iterable[Point], size: tuple[float, float],
                   indexes: Sequence[RectIndex], ignore: frozenset[str] = frozenset()
                   ) -> Rect | None:
    """A rectangle of ``size`` centred on the first of ``spots`` where it overlaps
    nothing in any of ``indexes`` (but ``ignore``), or None."""
    w, h = size
    for x, y in spots:
        rect = (x - w / 2, y - h / 2, x + w / 2, y + h / 2)
        if not any(index.any_hit(rect, ignore) for index in indexes):
            return rect
    return None


def spots_beside(card: Rect, side: str, size: tuple[float, float]) -> list[Point]:
    """Where the summed label of a card's bundles may sit, best first: just off the
    card's edge the bundles leave by ("up": the top, "down": the bottom, "side": either
    side, then below or above), centred, then shifted along the edge, then a label's
    height further out."""
    w, h = size
    left, top, right, bottom = card
    cx, cy = (left + right) / 2, (top + bottom) / 2
    gap = 4.0
    spots: list[Point] = []
    for out in (0.0, h + gap, 2 * (h + gap)):
        if side in ("up", "down"):
            y = top - gap - h / 2 - out if side == "up" else bottom + gap + h / 2 + out
            for shift in (0.0, -1.0, 1.0, -2.0, 2.0):
                spots.append((cx + shift * (w / 2 + gap), y))
        else:
            for x in (right + gap + w / 2 + out, left - gap - w / 2 - out):
                for shift in (0.0, -1.0, 1.0):
                    spots.append((x, cy + shift * (h + gap)))
            for y in (bottom + gap + h / 2 + out, top - gap - h / 2 - out):
                spots.append((cx, y))
    return spots
