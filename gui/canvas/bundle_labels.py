"""The labels of the scene's bundles: each bundle's label beside its route, or one
summed label by a card for the card's many bundles on one edge, placed where they cover
no card, title or label ranked before them (:func:`label_rank`), so that the labels
shown depend on the design only, not on the order of the edits.

:class:`BundleLabels` is a part of :class:`gui.canvas.bundle_routing.BundleRouting`
(the labels are placed as bundles are routed, in the routing queue's slices).
"""

from __future__ import annotations

import re
from collections import defaultdict
from functools import lru_cache
from itertools import pairwise
from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF, QTimer

from gui.canvas.items.base import ElementItem, thousands
from gui.canvas.items.bundle import BundleItem, capacity_text, speed_text
from gui.canvas.routing import End, Rect, RectIndex, label_spots, spots_beside
from gui.i18n import translate
from model.elements import Pattern

FIRST_SLICE_DELAY_MS = 5
"""How long the first slice after an edit waits: the edit's own repaint and the user's
next input go first, instead of the slice running in the same turn of the event loop."""
FRAME_GAP = 4.0
"""How far a summed label keeps inside its card's frame (off the frame's border)."""
SUMMARY_MIN = 4
"""From this many bundles on one edge of a card (or on its sides, for peers' links),
they carry one summed label by the card ("8 bundles · 24,576 × 400G") instead of a
label each: their labels crowded around the card. Each bundle's own figures are in its
tooltip."""


def scene_box(rect: QRectF) -> Rect:
    return rect.left(), rect.top(), rect.right(), rect.bottom()


Rank = tuple[int, tuple[tuple[int, int | str], ...]]


def label_rank(bundle_id: str, carries_sum: bool = False) -> Rank:
    """The order in which bundles' labels claim their places: a bundle's own label
    before the summed labels by the cards (those have other places to go), then by id,
    numbers by value ("b2" before "b10"). It depends on nothing but the design, so a
    design shows the same labels however it came to be (after an edit and its undo as
    when first opened)."""
    return int(carries_sum), _id_order(bundle_id)


@lru_cache(maxsize=1 << 16)
def _id_order(bundle_id: str) -> tuple[tuple[int, int | str], ...]:
    return tuple((0, int(part)) if part.isdigit() else (1, part)
                 for part in re.split(r"(\d+)", bundle_id) if part)


def _meets(a: Rect, b: Rect) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _area(spots: list[tuple[float, float]], size: tuple[float, float]) -> Rect:
    """The rectangle around labels of ``size`` at all of ``spots``."""
    w, h = size
    return (min(x for x, _ in spots) - w / 2, min(y for _, y in spots) - h / 2,
            max(x for x, _ in spots) + w / 2, max(y for _, y in spots) + h / 2)


def _bounds(points: list[tuple[float, float]]) -> Rect:
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return min(xs), min(ys), max(xs), max(ys)


def _crosses(rect: Rect, points: list[tuple[float, float]]) -> bool:
    """Whether the polyline through ``points`` enters ``rect`` (its inside, not only
    its border): the segments are clipped to it (Liang–Barsky)."""
    left, top, right, bottom = rect
    for (x1, y1), (x2, y2) in pairwise(points):
        dx, dy = x2 - x1, y2 - y1
        t0, t1 = 0.0, 1.0
        for p, q in ((-dx, x1 - left), (dx, right - x1), (-dy, y1 - top), (dy, bottom - y1)):
            if p == 0:
                if q <= 0:
                    break
            else:
                t = q / p
                if p < 0:
                    t0 = max(t0, t)
                else:
                    t1 = min(t1, t)
        else:
            if t0 < t1:
                return True
    return False


class BundleLabels:
    """The scene's bundle labels: summed groups, ranks and places."""

    _items: dict[str, ElementItem]
    _bundles: dict[str, BundleItem]
    _bundles_at: dict[str, set[str]]
    _pending_labels: dict[str, None]
    _route_timer: QTimer

    if TYPE_CHECKING:  # the routing's, which this is a part of
        def labels_shown(self) -> bool: ...
        def obstacles(self) -> RectIndex: ...
        def _edge_groups(self) -> dict[tuple[int, str], list[str]]: ...
        def _end(self, item: ElementItem, at: float) -> End: ...
        def _anchor(self, element_id: str) -> ElementItem | None: ...

    def _start_labels(self) -> None:
        self._labels = RectIndex()
        """Placed bundle labels, by bundle id."""
        self._label_areas: dict[str, Rect] = {}
        """Where each bundle's label may go (around all its spots), by bundle id: a
        label leaving a place lets the later-ranked labels that may go there try again."""
        self._ranks: dict[str, Rank] = {}
        """Each bundle's :func:`label_rank` (worked out with the summed groups)."""
        self._groups: dict[str, list[str]] = {}
        """Bundles on one edge of a card, by "card id:edge", where they are
        :data:`SUMMARY_MIN` or more (worked out with :attr:`_edges`)."""
        self._group_of: dict[str, list[str]] = {}
        """The summed groups each bundle belongs to, by bundle id."""
        self._carrier: dict[str, str] = {}
        """Which bundle carries each group's summed label, by group."""
        self._route_bounds: dict[str, tuple[list[tuple[float, float]], Rect]] = {}
        """Each route's bounds, by bundle id, with the route they are of."""
        self._carried: dict[str, str] = {}
        """The group whose summed label each carrier carries, by bundle id."""
        self._groups_for: object = None
        """The :attr:`_edges` the groups were worked out with."""

    def place_bundle_label(self, bundle: BundleItem) -> None:
        """Put a bundle's label where it covers no card, title or other label (or
        leave it out when there is no such place). A bundle among a card's many carries
        no label of its own: one of them carries the group's summed label by the card,
        inside the card's innermost frame (its island, else its building), off the
        frame's border and off every connector; the card's tooltip gives the sum
        also when there is no such place."""
        bid = bundle.element_id
        if not bundle.points or not self.labels_shown():
            self.free_label(bid)
            bundle.set_summary(None)
            bundle.set_label_box(None)  # zoomed out, labels are too small to read
            return
        self._clear_crossed(bundle)
        self.label_groups()
        groups = self._group_of.get(bid, [])
        carried = [g for g in groups if self._carrier.get(g) == bid]
        card: ElementItem | None = None
        side, text = "", ""
        if carried:
            card_id, side = carried[0].rsplit(":", 1)
            card = self._items.get(card_id)
            text = self.summary_text(self._groups[carried[0]])
            if card is not None:
                card.set_bundle_sum(side, text)
        if groups and not carried:
            self.free_label(bid)
            bundle.set_summary(None)
            bundle.set_label_box(None)
            return
        lines: list[list[tuple[float, float]]] = []
        if carried:
            bundle.set_summary(text)
            spots: list[tuple[float, float]] = []
            if card is not None:
                w, h = bundle.label_size()
                spots = spots_beside(scene_box(card.scene_rect()), side, (w, h))
                frames = self._end(card, 0.5).frames
                if frames:  # inside the card's island (or building), off its border
                    f = frames[0]
                    spots = [(x, y) for x, y in spots
                             if f[0] + FRAME_GAP <= x - w / 2 and x + w / 2 <= f[2] - FRAME_GAP
                             and f[1] + FRAME_GAP <= y - h / 2 and y + h / 2 <= f[3] - FRAME_GAP]
                if spots:  # on the lines it sums, as a bundle's label is on its own
                    lines = self._routes_near(_area(spots, (w, h)),
                                              set(self._groups[carried[0]]))
        else:
            bundle.set_summary(None)
            spots = label_spots(bundle.points)
        box = self._claim(bid, spots, bundle.label_size(), lines)
        bundle.set_label_box(box)

    def _routes_near(self, area: Rect, but: set[str]) -> list[list[tuple[float, float]]]:
        """The routes of the bundles (but those in ``but``) that reach into ``area``."""
        found = []
        cache = self._route_bounds
        for bid, other in self._bundles.items():
            points = other.points
            if not points or bid in but:
                continue
            known = cache.get(bid)
            if known is None or known[0] is not points:  # a new route is a new list
                known = cache[bid] = (points, _bounds(points))
            if _meets(area, known[1]):
                found.append(list(points))
        return found

    def _clear_crossed(self, bundle: BundleItem) -> None:
        """A summed label that the bundle's (new) route crosses finds a place again."""
        points = bundle.points
        if not points or not self._labels:
            return
        for other in self._labels.hits(_bounds(points), {bundle.element_id}):
            key = self._carried.get(other)
            if key is None or bundle.element_id in self._groups[key]:
                continue
            box = self._labels.rect(other)
            if box is not None and _crosses(box, points):
                self._pending_labels[other] = None

    def _rank(self, bid: str) -> Rank:
        rank = self._ranks.get(bid)
        if rank is None:
            rank = self._ranks[bid] = label_rank(bid, bid in self._carrier.values())
        return rank

    def _claim(self, bid: str, spots: list[tuple[float, float]],
               size: tuple[float, float],
               lines: list[list[tuple[float, float]]] | None = None) -> Rect | None:
        """The first of ``spots`` where a label of ``size`` covers no card or title and
        no label ranked before this one (:func:`label_rank`) and crosses none of
        ``lines`` (routes); None when there is none.
        Labels are so placed as if one after another in rank order, whatever order they
        come in: a later-ranked label in the way gives way (it is placed again), and one
        that may go where this label was tries again. Without it, which labels showed
        depended on the order of the edits (a label hidden after an edit and its undo)."""
        w, h = size
        rank = self._rank(bid)
        obstacles = self.obstacles()
        box: Rect | None = None
        for x, y in spots:
            rect = (x - w / 2, y - h / 2, x + w / 2, y + h / 2)
            if obstacles.any_hit(rect, frozenset()):
                continue
            if any(self._rank(other) < rank for other in self._labels.hits(rect, {bid})):
                continue
            if lines and any(_crosses(rect, points) for points in lines):
                continue
            box = rect
            break
        if spots:
            self._label_areas[bid] = _area(spots, size)
        else:
            self._label_areas.pop(bid, None)
        old = self._labels.rect(bid)
        if box is None:
            self._labels.discard(bid)
        else:
            self._labels.add(bid, box)
            for other in self._labels.hits(box, {bid}):  # later ones give way
                self._pending_labels[other] = None
        if old is not None and old != box:
            self._retry_near(old, rank)
        if self._pending_labels and not self._route_timer.isActive():
            self._route_timer.start(FIRST_SLICE_DELAY_MS)
        return box

    def _retry_near(self, freed: Rect, rank: Rank | None) -> None:
        """Place again the labels ranked after ``rank`` (all, for None) that may go
        where ``freed`` was."""
        for other, area in self._label_areas.items():
            if _meets(area, freed) and (rank is None or self._rank(other) > rank) \
                    and other in self._bundles:
                self._pending_labels[other] = None

    def free_label(self, bid: str) -> None:
        """Take a bundle's label away (its bundle went, or shows no label): the labels
        that may go where it was try again."""
        old = self._labels.rect(bid)
        self._labels.discard(bid)
        self._label_areas.pop(bid, None)
        self._route_bounds.pop(bid, None)
        if old is not None:
            self._retry_near(old, self._rank(bid))
            if self._pending_labels and not self._route_timer.isActive():
                self._route_timer.start(FIRST_SLICE_DELAY_MS)

    def label_groups(self) -> dict[str, list[str]]:
        """The bundles summed into one label, by "card id:edge" ("up", "down" or
        "side"): a card's bundles on one edge when they are :data:`SUMMARY_MIN` or more
        (ends drawn as they are at the level of detail)."""
        edges = self._edge_groups()
        if self._groups_for is edges:
            return self._groups
        self._groups_for = edges
        found: dict[str, list[str]] = defaultdict(list)
        # in rank order, so that the carrier of a group does not depend on the order
        # the bundles came in (an undone removal puts a bundle back last)
        for bid in sorted(self._bundles, key=_id_order):
            b = self._bundles[bid].element
            lower, upper = self._anchor(b.lower), self._anchor(b.upper)
            if lower is None or upper is None or lower is upper:
                continue
            if b.pattern is Pattern.GLOBAL:
                found[f"{lower.element_id}:side"].append(bid)
                found[f"{upper.element_id}:side"].append(bid)
            else:
                found[f"{lower.element_id}:up"].append(bid)
                found[f"{upper.element_id}:down"].append(bid)
        gone = set(self._groups)
        self._groups = {k: v for k, v in found.items() if len(v) >= SUMMARY_MIN}
        for key in gone - set(self._groups):  # no longer summed: out of the tooltip
            card_id, side = key.rsplit(":", 1)
            item = self._items.get(card_id)
            if item is not None:
                item.set_bundle_sum(side, None)
        self._group_of = defaultdict(list)
        before = set(self._carrier.values())
        self._carrier = {}
        carriers: set[str] = set()
        for key, members in self._groups.items():
            for bid in members:
                self._group_of[bid].append(key)
            free = next((bid for bid in members if bid not in carriers), None)
            if free is not None:
                carriers.add(free)
                self._carrier[key] = free
        self._carried = {bid: key for key, bid in self._carrier.items()}
        for bid in before ^ carriers:  # their rank changes: placed again in it
            self._ranks.pop(bid, None)
            if bid in self._bundles:
                self._pending_labels[bid] = None
        return self._groups

    def card_sums(self, item: ElementItem) -> dict[str, str]:
        """The summed figures of ``item``'s bundles on each edge ("up", "down", "side")
        where they are :data:`SUMMARY_MIN` or more, grouped as :meth:`label_groups`
        groups them, with the figures shown now: for the card's tooltip, at any zoom
        (no label is placed while they are too small to read, and the sum the tooltip
        gave was the one of the last zoom that showed labels). Worked out from the
        bundles at the item and its children alone, nothing kept."""
        ids = [item.element_id] + [c.element_id for c in item.childItems()
                                   if isinstance(c, ElementItem)]
        found: dict[str, list[str]] = defaultdict(list)
        for bid in {bid for eid in ids for bid in self._bundles_at.get(eid, ())}:
            bundle = self._bundles.get(bid)
            if bundle is None:
                continue
            b = bundle.element
            lower, upper = self._anchor(b.lower), self._anchor(b.upper)
            if lower is None or upper is None or lower is upper:
                continue
            if b.pattern is Pattern.GLOBAL:
                if item in (lower, upper):
                    found["side"].append(bid)
            elif lower is item:
                found["up"].append(bid)
            elif upper is item:
                found["down"].append(bid)
        return {edge: self.summary_text(sorted(members, key=_id_order))
                for edge, members in found.items() if len(members) >= SUMMARY_MIN}

    def summary_text(self, members: list[str]) -> str:
        """"8 bundles · 24,576 × 400G": the count, the links summed and their speed (or
        the capacity summed, when the speeds differ); "· cut …" with the share of the
        bisection cut the bundles carry."""
        bundles = [self._bundles[bid] for bid in members]
        links = [b.links() for b in bundles]
        speeds = {b.element.speed_gbps for b in bundles}
        if None in links:  # before the first figures: the speeds
            figures = "/".join(speed_text(v) for v in sorted(speeds))
        elif len(speeds) == 1:
            figures = f"{thousands(sum(n or 0 for n in links))} × {speed_text(speeds.pop())}"
        else:
            figures = capacity_text(sum(b.capacity_gbps() or 0.0 for b in bundles))
        text = translate("BundleItem", "{count} bundles · {figures}").format(
            count=len(bundles), figures=figures)
        cut = sum(b.crossing_gbps or 0.0 for b in bundles)
        if cut:
            text += translate("BundleItem", " · cut {capacity}").format(
                capacity=capacity_text(cut))
        return text
