"""How the scene draws its bundles: where each attaches on its ends' edges (fanned out
in the order of the other ends), the routes around the cards and titles it does not join,
and the queue that routes bundles in short slices of the event loop so
that no edit stalls the window.

:class:`BundleRouting` is a part of :class:`gui.canvas.scene.DesignScene` (it reads the
scene's items and level of detail); the geometry itself is :mod:`gui.canvas.routing`,
the labels' places :mod:`gui.canvas.bundle_labels`.
"""

from __future__ import annotations

import time
from collections import defaultdict
from collections.abc import Callable, Iterable

from PySide6.QtCore import QRectF, QTimer

from gui.canvas.bundle_labels import FIRST_SLICE_DELAY_MS, BundleLabels, _id_order, scene_box
from gui.canvas.items.base import ElementItem
from gui.canvas.items.bundle import LABEL_MIN_SCALE, BundleItem
from gui.canvas.items.container import ContainerItem
from gui.canvas.items.island import IslandItem
from gui.canvas.items.wires import WireLayer
from gui.canvas.routing import End, Point, Rect, RectIndex, route
from gui.canvas.staging import PaintBudget
from model.elements import LinkBundle, Pattern

ROUTE_SLICE_S = 0.012
"""Longest time one slice of routing may hold the event loop."""
MERGE_EACH_S = 25e-6
"""Time kept in a slice for the wire layer to take in each bundle changed in it (at the
slice's end, :meth:`WireLayer.take_in`): about 9–11 µs a bundle quiet, twice that under
load (Dragonfly+ k = 64 and 128, the cut shown). Showing the cut of k = 64 changed
~300 bundles' look in one slice, and their merge took 10 ms after the slice's 12 (load 4)."""
MERGES_PER_SLICE = 128
"""Most bundles one slice leaves for the wire layer to take in: fresh figures restyle
every bundle (each a merge), and the per-bundle estimate above is low under load (SuperPOD
144, load 2: a slice's merge took 17.7 ms after its 10.9 ms of work)."""
ROOM_TO_START_S = 0.006
"""Least time a slice needs left of :data:`ROUTE_SLICE_S` after the scene's work earlier
in the same turn (an edit, a paint: :meth:`gui.canvas.staging.PaintBudget.turn_spent`)
to start; with less it waits for the next turn (once: the turn after, it starts whatever
came before it)."""
REFRESH_PER_SLICE = 32
"""Most element items one slice hands new figures: each is repainted after the slice
(an island block lays out and draws its totals), which the slice's clock does not see."""


class BundleRouting(BundleLabels):
    """The scene's bundle layout: anchors, fractions, obstacles, labels, routing queue."""

    _items: dict[str, ElementItem]
    _bundles: dict[str, BundleItem]
    _bundles_at: dict[str, set[str]]
    wires: WireLayer
    paint_budget: PaintBudget
    detail: bool
    view_scale: float

    def _start_routing(self) -> None:
        self._edges: dict[tuple[int, str], list[str]] | None = None
        self._fractions: dict[tuple[str, str], float] = {}
        self._obstacles: RectIndex | None = None
        """Cards and titles connectors go around (None: to build again)."""
        self._frames = RectIndex()
        self._places: dict[str, tuple[Rect, tuple[Rect, ...], frozenset[str]]] = {}
        """Card and frames of each route end, by element id (renewed with
        :attr:`_obstacles`)."""
        self._ends: dict[tuple[str, float], End] = {}
        """Route ends made, by element id and attach point (renewed with :attr:`_places`)."""
        self._start_labels()
        self._pending: dict[str, None] = {}
        """Bundles drawn on their simplest route until routed properly, in order."""
        self._pending_labels: dict[str, None] = {}
        """Bundles whose label waits to be placed again, in order."""
        self._pending_refresh: dict[str, None] = {}
        """Items and bundles waiting to take in new figures, in order."""
        self._relabel_wanted = False
        """Every label to be queued again (:meth:`_relabel_all`)."""
        self._by_rank = False
        """The bundles waiting to be put in rank order (:meth:`_order_by_rank`)."""
        self._route_timer = QTimer(self)  # type: ignore[arg-type]  # a QObject: the scene
        self._route_timer.setSingleShot(True)
        self._route_timer.setInterval(0)
        self._route_timer.timeout.connect(self._route_some)
        self._route_waited = False
        """The last slice waited for a turn of its own (the next one starts anyway)."""

    def bundle_anchors(self, bundle: LinkBundle
                       ) -> tuple[QRectF, QRectF, float, float] | None:
        """Where a bundle is drawn: the scene rectangles of its ends (or of their
        islands' blocks when zoomed out) and, for each end, the fraction of that edge's
        width where it attaches, so that several bundles on one edge fan out in the order
        of their other ends. None when it should not be drawn (both ends in one block)."""
        lower = self._anchor(bundle.lower)
        upper = self._anchor(bundle.upper)
        if lower is None or upper is None or lower is upper:
            return None
        return (lower.scene_rect(), upper.scene_rect(), self._fraction(bundle.id, "upper"),
                self._fraction(bundle.id, "lower"))

    def _edge_groups(self) -> dict[tuple[int, str], list[str]]:
        if self._edges is None:
            self._edges = defaultdict(list)
            self._fractions.clear()
            anchors: dict[str, ElementItem | None] = {}  # an end is looked up once

            def anchor(element_id: str) -> ElementItem | None:
                if element_id not in anchors:
                    anchors[element_id] = self._anchor(element_id)
                return anchors[element_id]

            for bid, item in self._bundles.items():
                b = item.element
                lower, upper = anchor(b.lower), anchor(b.upper)
                if lower is None or upper is None or lower is upper:
                    continue
                self._edges[(id(lower), "top")].append(bid)
                self._edges[(id(upper), "bottom")].append(bid)
        return self._edges

    def _fraction(self, bundle_id: str, other_end: str) -> float:
        """Where along its end's edge a bundle attaches (0..1), ordered by the x of the
        other ends of the bundles on that edge; each edge is sorted once, each end's x
        found once (both kept in :attr:`_fractions`, the x under (end id, ""))."""
        key = (bundle_id, other_end)
        if key in self._fractions:
            return self._fractions[key]
        element = self._bundles[bundle_id].element
        own = self._anchor(element.lower if other_end == "upper" else element.upper)
        edge = "top" if other_end == "upper" else "bottom"
        group = self._edge_groups().get((id(own), edge), []) if own else []

        fractions = self._fractions

        def other_x(bid: str) -> float:
            # kept beside the fractions (which are ordered by it, and renewed with it):
            # the other end of many edges' bundles is the same card
            end = getattr(self._bundles[bid].element, other_end)
            x = fractions.get((end, ""))
            if x is None:
                anchor = self._anchor(end)
                x = fractions[(end, "")] = anchor.scene_rect().center().x() if anchor else 0.0
            return x

        ordered = sorted(group, key=other_x)
        for n, bid in enumerate(ordered):
            self._fractions[(bid, other_end)] = (n + 1) / (len(group) + 1)
        return self._fractions.get(key, 0.5)

    def _refresh_bundles(self) -> None:
        """Re-route every bundle (after the level of detail or many items changed), in
        the order their labels claim places (:func:`label_rank`) when labels are shown:
        each label then lands in its place at once. (Routed in id order, a Dragonfly+
        group's summed label took the place between its spine and leaf tiers first and
        stood there until the queue was empty, seconds later, after the leaf → spine
        bundle's own label, ranked before it, took that place.)"""
        self._edges = None
        self._obstacles = None
        self._labels = RectIndex()
        self._pending.clear()
        self._pending_labels.clear()  # each is placed when its bundle is routed
        self._schedule([self._bundles[bid] for bid in sorted(self._bundles, key=_id_order)])
        self._by_rank = True

    def _order_by_rank(self) -> None:
        """Put the bundles waiting to be routed in rank order if labels are shown when
        they are routed (:meth:`_refresh_bundles`): decided then, not when the scene was
        built or the detail changed, since a picture first sets its own zoom (the
        groups and ranks of Dragonfly+ k = 128's 2,210 bundles took ~12 ms CPU of every
        export, whose labels are too small to show)."""
        self._by_rank = False
        if self.labels_shown():
            self.label_groups()
            self._pending = dict.fromkeys(sorted(self._pending, key=self._rank))

    def _reroute_near(self, *element_ids: str) -> None:
        """Re-route the bundles on the edges of these elements (a bundle came or went,
        so their neighbours fan out anew)."""
        self._edges = None
        self._fractions.clear()
        near: set[str] = set()
        for eid in element_ids:
            anchor = self._anchor(eid)
            ids = [anchor.element_id] if anchor is not None else [eid]
            if anchor is not None and not self.detail and isinstance(anchor, IslandItem):
                ids += [c.element_id for c in anchor.element_children()]
            for aid in ids:
                near.update(self._bundles_at.get(aid, ()))
        self._schedule([self._bundles[bid] for bid in near if bid in self._bundles])

    def _schedule(self, bundles: Iterable[BundleItem]) -> None:
        """Route these bundles once control returns to the event loop: the bundles of
        many notifications in a row (a macro moving many islands) are routed once, and
        in slices, so that no edit stalls the window. A bundle keeps its previous route
        until then."""
        for bundle in bundles:
            self._pending[bundle.element_id] = None
        if self._pending and not self._route_timer.isActive():
            self._route_timer.start(FIRST_SLICE_DELAY_MS)

    def labels_shown(self) -> bool:
        """True when bundle labels are drawn: islands show their contents and the zoom
        is large enough to read them. Otherwise no label is placed (a Dragonfly+ has
        thousands, and placing one costs more than routing it)."""
        return self.detail and self.view_scale >= LABEL_MIN_SCALE

    def _relabel_all(self) -> None:
        """Place every routed bundle's label again (they became readable): noted now,
        queued by the queue (:meth:`_queue_relabels`; the groups and ranks of DF+
        k = 128's bundles took ~20 ms of the zoom), never by a picture's throwaway scene
        going back to its zoom after painting."""
        self._relabel_wanted = True
        if not self._route_timer.isActive():
            self._route_timer.start(FIRST_SLICE_DELAY_MS)

    def _queue_relabels(self) -> None:
        """Queue every routed bundle's label, in rank order (see :meth:`_relabel_all`),
        if they are still readable."""
        self._relabel_wanted = False
        if not self.labels_shown():
            return
        self._labels = RectIndex()
        self.label_groups()
        # in rank order: each label is then placed once (none has to give way)
        for bid in sorted(self._bundles, key=self._rank):
            if self._bundles[bid].points:
                self._pending_labels[bid] = None
        if self._pending_labels and not self._route_timer.isActive():
            self._route_timer.start(FIRST_SLICE_DELAY_MS)

    def schedule_label(self, bundle: BundleItem) -> None:
        """Place this bundle's label again in the queue's next slice (its text changed,
        its route stays): the cut shown or hidden re-labels every crossing bundle."""
        self._pending_labels[bundle.element_id] = None
        for group in self._group_of.get(bundle.element_id, ()):  # its sums change too
            carrier = self._carrier.get(group)
            if carrier is not None:
                self._pending_labels[carrier] = None
        if not self._route_timer.isActive():
            self._route_timer.start(FIRST_SLICE_DELAY_MS)

    def _refresh_soon(self, element_ids: list[str]) -> None:
        """Have these items take in the scene's figures in the queue's next slices."""
        for eid in element_ids:
            self._pending_refresh[eid] = None
        if self._pending_refresh and not self._route_timer.isActive():
            self._route_timer.start(FIRST_SLICE_DELAY_MS)

    def _work_one(self) -> None:
        """Refresh the next item waiting for figures, or else route the next waiting
        bundle (which places its label too), or else place the next waiting label."""
        if self._pending_refresh:
            eid = next(iter(self._pending_refresh))
            del self._pending_refresh[eid]
            item = self._items.get(eid)
            if item is not None:
                item.refresh(always=False)
            else:
                bundle = self._bundles.get(eid)
                if bundle is not None:
                    bundle.refresh()
            return
        if self._relabel_wanted:
            self._queue_relabels()
            return
        if self._pending:
            bid = next(iter(self._pending))
            del self._pending[bid]
            self._pending_labels.pop(bid, None)
            bundle = self._bundles.get(bid)
            if bundle is not None:
                bundle.update_path()
            return
        bid = next(iter(self._pending_labels))
        del self._pending_labels[bid]
        bundle = self._bundles.get(bid)
        if bundle is not None and bundle.points:
            self.place_bundle_label(bundle)

    def _unprepared(self) -> Callable[[], object] | None:
        """What routing or labelling needs built next (None: nothing): the obstacles,
        the bundles by edge, the summed label groups, the cards' buckets — each in a
        slice of its own (built in the first bundle's slice after an edit or a change
        of detail, they took 20–40 ms of it: SuperPOD 144)."""
        if self._pending_refresh or not (self._pending or self._pending_labels
                                         or self._relabel_wanted):
            return None  # items taking in figures come first and need none of them
        if self._obstacles is None:
            return self.obstacles
        if self._edges is None:
            return self._edge_groups
        if self._by_rank:
            return self._order_by_rank
        if self._relabel_wanted:
            return self._queue_relabels
        if self.labels_shown():
            if self._groups_for is not self._edges:
                return self.label_groups
            if self._obstacles.needs_buckets():
                return self._obstacles.buckets
        return None

    def _route_some(self) -> None:
        """One slice of the queue: at most :data:`ROUTE_SLICE_S`, counted with the
        work earlier in the same turn of the event loop (an edit, a paint), and none at
        all, this turn, when too little is left."""
        budget = self.paint_budget
        if (budget.turn_spent() > ROUTE_SLICE_S - ROOM_TO_START_S
                and not self._route_waited):
            self._route_waited = True
            self._route_timer.start(0)
            return
        self._route_waited = False
        budget.work_began()
        deadline = time.perf_counter() + ROUTE_SLICE_S
        refreshed = 0
        worked = False
        wires = self.wires
        while self.routing_pending() and wires.waiting() < MERGES_PER_SLICE and (
                time.perf_counter() + wires.waiting() * MERGE_EACH_S < deadline) and (
                not worked or budget.turn_spent() + wires.waiting() * MERGE_EACH_S
                < ROUTE_SLICE_S):
            build = self._unprepared()
            if build is not None:
                if not worked:  # a slice of its own: the work after it in the next
                    build()
                break
            worked = True
            if self._pending_refresh and next(iter(self._pending_refresh)) in self._items:
                # an item taking in figures is cheap now but repaints after the slice
                refreshed += 1
                if refreshed > REFRESH_PER_SLICE:
                    break
            self._work_one()
        # The connectors routed are merged into the wire layer here, in the slice,
        # rather than in the paint that follows it (which has its own work to do).
        self.wires.take_in()
        if self.routing_pending():
            self._route_timer.start(0)

    def finish_routing(self) -> None:
        """Refresh every item, route every bundle and place every label still waiting
        (before a picture is taken)."""
        self._route_timer.stop()
        if self._by_rank:
            self._order_by_rank()
        with self.wires.hold():
            while self.routing_pending():
                self._work_one()

    def routing_pending(self) -> int:
        """How many bundles wait to be routed properly or to have their label placed,
        and items to take in new figures."""
        return (len(self._pending) + len(self._pending_labels) + len(self._pending_refresh)
                + self._relabel_wanted)

    # --------------------------------------------------------------- routing
    def obstacles(self) -> RectIndex:
        """The cards and titles connectors avoid: rack groups, tiers and island blocks
        by element id, the title bars of islands and buildings as "title:<id>"."""
        if self._obstacles is None:
            cards: list[tuple[str, Rect]] = []
            frames: list[tuple[str, Rect]] = []
            for eid, item in self._items.items():
                if not item.isVisible():
                    continue
                rect = item.scene_rect()
                if isinstance(item, ContainerItem) and not (
                        isinstance(item, IslandItem) and not self.detail):
                    frames.append((eid, scene_box(rect)))
                    rect.setHeight(item.header_height)
                    cards.append((f"title:{eid}", scene_box(rect)))
                else:
                    cards.append((eid, scene_box(rect)))
            self._obstacles = RectIndex.of(cards)
            self._frames = RectIndex.of(frames)
            self._places = {}
            self._ends = {}
        return self._obstacles

    def frames(self) -> RectIndex:
        """The buildings and (showing their contents) islands, by element id: a
        connector enters only those holding one of its ends."""
        self.obstacles()
        return self._frames

    def _end(self, item: ElementItem, at: float) -> End:
        """One end of a route: the item's card and its frames (island, building),
        looked up once per item while the obstacles stand (both change together)."""
        end = self._ends.get((item.element_id, at))
        if end is not None:
            return end
        place = self._places.get(item.element_id)
        if place is None:
            frames: list[Rect] = []
            ids: list[str] = []
            parent = item.parentItem()
            while isinstance(parent, ElementItem):
                frames.append(scene_box(parent.scene_rect()))
                ids.append(parent.element_id)
                parent = parent.parentItem()
            place = (scene_box(item.scene_rect()), tuple(frames), frozenset(ids))
            self._places[item.element_id] = place
        end = self._ends[(item.element_id, at)] = End(place[0], at, place[1])
        return end

    def _frames_of(self, item: ElementItem) -> frozenset[str]:
        """The ids of the island and building around an item (after :meth:`_end`)."""
        return self._places[item.element_id][2]

    def route_bundle(self, bundle: BundleItem) -> None:
        """Route one bundle around the cards and titles it does not join, and place its
        label."""
        points = self.route_points(bundle.element)
        bundle.set_route(points)
        if points is None:
            self.free_label(bundle.element_id)
            bundle.set_label_box(None)
            return
        self.place_bundle_label(bundle)

    def route_points(self, element: LinkBundle) -> list[Point] | None:
        """The route of a bundle between its ends as they are drawn now, around the
        cards and titles it does not join (None: not drawn, both ends in one block)."""
        lower = self._anchor(element.lower)
        upper = self._anchor(element.upper)
        if lower is None or upper is None or lower is upper:
            return None
        obstacles = self.obstacles()  # first: it renews the places of the ends
        side_to_side = element.pattern is Pattern.GLOBAL
        if side_to_side:  # peers join at the middles of their sides
            ends = (self._end(lower, 0.5), self._end(upper, 0.5))
        else:
            ends = (self._end(lower, self._fraction(element.id, "upper")),
                    self._end(upper, self._fraction(element.id, "lower")))
        ignore = frozenset({lower.element_id, upper.element_id})
        return route(*ends, obstacles, ignore, side_to_side=side_to_side,
                     frames=self._frames,
                     own_frames=self._frames_of(lower) | self._frames_of(upper))

    def _anchor(self, element_id: str) -> ElementItem | None:
        item = self._items.get(element_id)
        if item is None:
            return None
        if not self.detail and isinstance(item.parentItem(), IslandItem):
            parent = item.parentItem()
            assert isinstance(parent, ElementItem)
            return parent
        return item
