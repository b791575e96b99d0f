"""The scene of one picture of a design (the exports): the editor's scene, whose bundles
are made only once the picture's level of detail is known, and, when the picture shows
islands as blocks, made as plain :class:`Wire` records rather than Qt items.

Zoomed out (:func:`gui.canvas.scene.detail_at` False), a bundle of a picture has no
label, no tooltip, no selection and no hover: all that is drawn of it is its route, in
the wire layer (:class:`gui.canvas.items.wires.WireLayer`), merged with the routes of
the other bundles of its look. A :class:`Wire` holds just what the scene's routing and
the wire layer read of a bundle (its record, route, width and look), so the picture's
bundles are routed by the same code (:class:`gui.canvas.bundle_routing.BundleRouting`),
merged and painted by the same layer, and the picture has the same pixels — without a
``QGraphicsItem`` made, added, flagged and re-bounded for each of Dragonfly+ k = 128's
2,210 bundles (its 1920 × 1080 export: about 360 → 200 ms CPU, measured). With the
islands' contents shown, the bundles are the editor's own items (labels, summed
groups), as before.

The editor's canvas never uses this scene: it keeps one item per bundle at every zoom.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable
from typing import Any, cast

from PySide6.QtCore import QRect, QRectF, Qt
from PySide6.QtGui import QPainter

from gui.canvas.bundle_labels import FIRST_SLICE_DELAY_MS
from gui.canvas.items.base import ElementItem
from gui.canvas.items.bundle import BundleItem, pen_width
from gui.canvas.routing import Point, Rect
from gui.canvas.scene import ITEMS_PER_STEP, DesignScene
from model.elements import LinkBundle


class Wire:
    """A bundle of a zoomed-out picture: what :class:`BundleItem` gives the scene's
    routing and wire layer (record, route, drawn width, look), with no Qt item. Its
    width and look follow the same rules as the item's
    (:func:`~gui.canvas.items.bundle.pen_width` of links × speed, 2 wider crossing the
    cut; "cut", "bad" or "bundle")."""

    label_box: Rect | None = None
    """No label is placed zoomed out (the routing asks)."""
    summary: str | None = None

    def __init__(self, element: LinkBundle, scene: PictureScene) -> None:
        self.element = element
        self._scene = scene
        self.points: list[Point] = []
        self.problems: list[str] = []
        self.crossing_gbps: float | None = None
        self._pen_width = pen_width(None)
        self._pieces: list[Any] | None = None

    @property
    def element_id(self) -> str:
        """The bundle's id."""
        return self.element.id

    # what the scene tells a bundle
    def refresh(self) -> bool:
        """Take in the scene's figures: the width follows the capacity."""
        metrics = self._scene.metrics
        links = None if metrics is None else metrics.inventory.links_by_bundle.get(
            self.element.id)
        width = pen_width(None if links is None else links * self.element.speed_gbps)
        if width != self._pen_width:
            self._pen_width = width
            self._rewire()
        return False

    def set_problems(self, messages: list[str]) -> None:
        """Problems draw the wire in the problem colour."""
        if messages != self.problems:
            self.problems = messages
            self._rewire()

    def mark_crossing(self, gbps: float | None) -> bool:
        """Note the bundle's share of the cut (taken in by :meth:`refresh`)."""
        gbps = gbps or None
        if gbps == self.crossing_gbps:
            return False
        self.crossing_gbps = gbps
        self._rewire()
        return True

    def update_path(self) -> None:
        """Have the scene route the wire."""
        self._scene.route_bundle(cast(BundleItem, self))

    def set_route(self, points: list[Point] | None) -> None:
        """Follow ``points`` (None or empty: not drawn)."""
        self._rewire()
        self.points = points or []
        self._pieces = None
        self._rewire()

    def set_summary(self, text: str | None) -> None:
        """No summed label zoomed out."""

    def set_label_box(self, box: Rect | None) -> None:
        """No label zoomed out."""

    # what the wire layer reads
    def isVisible(self) -> bool:  # the item's name: the wire layer reads it
        """Drawn when routed."""
        return bool(self.points)

    def plain(self) -> bool:
        """Never selected: always drawn by the wire layer."""
        return True

    def scene(self) -> PictureScene:
        """The scene the wire is in."""
        return self._scene

    def drawn_width(self) -> float:
        """Width drawn, scene units (wider when crossing the cut)."""
        return self._pen_width + (2 if self.crossing_gbps else 0)

    def look(self) -> str:
        """The theme colour's name: "cut", "bad" or "bundle"."""
        if self.crossing_gbps:
            return "cut"
        if self.problems:
            return "bad"
        return "bundle"

    def route_pieces(self, split: Callable[[list[Point]], list[Any]]) -> list[Any]:
        """The route split by the wire layer's ``split``, kept until the route changes."""
        if self._pieces is None:
            self._pieces = split(self.points)
        return self._pieces

    def _rewire(self) -> None:
        if self.points:  # not routed yet: nothing drawn to change
            self._scene.wire_changed()


class PictureScene(DesignScene):
    """A :class:`DesignScene` for one picture. Its bundles wait while its cards are
    built (the picture's area, and so its scale and level of detail, depend on the
    cards alone); the first :meth:`set_detail` — or the first routing or painting —
    makes them: :class:`Wire` records at block level, the editor's items otherwise.
    A later change of detail makes them again of the other kind. Not for the editor:
    it follows no document."""

    tooltips = False
    """No item writes its tooltip (:meth:`ElementItem._refresh_tooltip`): nothing hovers
    over a picture."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._waiting: list[LinkBundle] = []
        self._wired: bool | None = None
        """True: the bundles are wires; False: items; None: not yet made."""
        self._anchors: dict[str, ElementItem | None] = {}
        self._wires_moved = False
        """Wires changed since the wire layer was last told (:meth:`_tell_wires`)."""
        super().__init__(*args, **kwargs)

    def _create(self, element: object) -> None:
        if isinstance(element, LinkBundle) and self._rebuilding:
            self._waiting.append(element)
            return
        self._anchors.clear()
        super()._create(element)

    def remove_element(self, kind: str, element_id: str) -> None:
        self._anchors.clear()
        super().remove_element(kind, element_id)

    def change_element(self, kind: str, element_id: str, fields: Iterable[str]) -> None:
        self._anchors.clear()
        super().change_element(kind, element_id, fields)

    def rebuild_steps(self, per_step: int = ITEMS_PER_STEP) -> Generator[None, None, None]:
        for bid in [b for b, bundle in self._bundles.items() if isinstance(bundle, Wire)]:
            self._bundles.pop(bid).set_route(None)  # not Qt items: none to remove
        self._tell_wires()
        self._waiting = []
        self._wired = None
        self._anchors.clear()
        return super().rebuild_steps(per_step)

    def _make_bundles(self, wired: bool, schedule: bool = True) -> None:
        """Make the bundles (wires or items) and (``schedule``) schedule every one to
        be routed, as building the scene with them would have."""
        for _ in self._bundles_made(wired, schedule, 0):
            pass

    def bundles_in_steps(self, detail: bool, per_step: int = ITEMS_PER_STEP
                         ) -> Generator[None, None, None]:
        """Make the bundles for a picture at ``detail`` (before :meth:`set_detail` to
        it), yielding after every ``per_step`` made: the File menu's export makes the
        2,210 items of Dragonfly+ k = 128 (with the islands' contents) in steps, as
        the scene built them before."""
        yield from self._bundles_made(not detail, detail == self.detail, per_step)

    def _bundles_made(self, wired: bool, schedule: bool, per_step: int
                      ) -> Generator[None, None, None]:
        if self._wired is wired:
            return
        if self._wired is not None:  # made of the other kind: make them again
            self._waiting = [bundle.element for bundle in self._bundles.values()]
            for bundle in list(self._bundles.values()):
                if isinstance(bundle, BundleItem):
                    self.wires.changed(bundle.boundingRect())
                    self.removeItem(bundle)
                else:
                    cast(Wire, bundle).set_route(None)
                self.free_label(bundle.element_id)
            self._tell_wires()
            self._bundles.clear()
            self._bundles_at.clear()
        self._wired = wired
        elements, self._waiting = self._waiting, []
        for made, element in enumerate(elements, 1):
            self._rebuilding = True
            try:
                if wired:
                    wire = Wire(element, self)
                    self._bundles[element.id] = cast(BundleItem, wire)
                    self._bundles_at[element.lower].add(element.id)
                    self._bundles_at[element.upper].add(element.id)
                    wire.refresh()
                else:
                    super()._create(element)
            finally:
                self._rebuilding = False
            if per_step and made % per_step == 0:
                yield
        for bid, bundle in self._bundles.items():
            bundle.set_problems(self._problems.get(bid, []))
        self._apply_cut()
        if schedule:
            self._refresh_bundles()

    def set_detail(self, detail: bool) -> None:
        """Show islands' contents (True) or blocks (False), the bundles made to suit."""
        self._anchors.clear()
        # a change of detail schedules every bundle itself
        self._make_bundles(wired=not detail, schedule=detail == self.detail)
        super().set_detail(detail)

    def _refresh_bundles(self) -> None:
        """Route every bundle again (:meth:`BundleRouting._refresh_bundles`). Wires go in
        the design's order: the rank order the items take is for their labels, and a
        wire's route depends on the cards alone (sorting Dragonfly+ k = 128's 2,210 ids
        by rank took about 5 ms)."""
        if not self._wired:
            super()._refresh_bundles()
            return
        self._edges = None
        self._obstacles = None
        self._pending = dict.fromkeys(self._bundles)
        self._pending_labels.clear()
        self._by_rank = False
        if self._pending and not self._route_timer.isActive():
            self._route_timer.start(FIRST_SLICE_DELAY_MS)

    def _anchor(self, element_id: str) -> ElementItem | None:
        """The item a bundle end is drawn at (:meth:`BundleRouting._anchor`), looked up
        once per element while the level of detail stands: a picture's cards do not
        move, and each end is asked for every bundle at it (Dragonfly+ k = 128: 4,420
        asks, each walking up Qt's item tree, about 15 ms)."""
        if element_id in self._anchors:
            return self._anchors[element_id]
        anchor = self._anchors[element_id] = super()._anchor(element_id)
        return anchor

    def _made(self) -> None:
        if self._wired is None:
            self._make_bundles(wired=not self.detail)

    def wire_changed(self) -> None:
        """A wire came, went, moved or changed its look: the wire layer is told once
        routing is done (:meth:`_tell_wires`). Told wire by wire, as an item does, the
        layer would note each of thousands."""
        self._wires_moved = True

    def _tell_wires(self) -> None:
        """Have the wire layer take in every wire again, around them all (a picture's
        layer merges them once, when it is painted)."""
        if not self._wires_moved:
            return
        self._wires_moved = False
        xs = [x for wire in self._bundles.values() for x, _y in wire.points]
        ys = [y for wire in self._bundles.values() for _x, y in wire.points]
        left, right = (min(xs), max(xs)) if xs else (0.0, -1.0)
        top, bottom = (min(ys), max(ys)) if ys else (0.0, -1.0)
        if left <= right:
            margin = 8.0 + 2 + 6  # the widest pen (8), crossing the cut (+2), and room
            self.wires.changed(QRectF(left - margin, top - margin,
                                      right - left + 2 * margin, bottom - top + 2 * margin))
        else:
            self.wires.changed(QRectF())

    def route_bundle(self, bundle: BundleItem) -> None:
        """Route a bundle (:meth:`BundleRouting.route_bundle`); a wire has no label."""
        if isinstance(bundle, Wire):
            bundle.set_route(self.route_points(bundle.element))
        else:
            super().route_bundle(bundle)

    def _route_some(self) -> None:
        super()._route_some()
        if not self.routing_pending():
            self._tell_wires()

    def finish_routing(self) -> None:
        """Route every bundle (made first, for the current detail, if not yet). Wires
        are routed here in one loop, after the items' figures (as the queue orders
        them: a card may change with its figures): a wire's route depends on the
        cards alone, and it has no label to place."""
        self._made()
        if self._wired:
            self._route_timer.stop()
            while self._pending_refresh or self._relabel_wanted:
                self._work_one()
            wires = self._bundles
            for bid in self._pending:
                wire = wires.get(bid)
                if wire is not None:
                    cast(Wire, wire).set_route(self.route_points(wire.element))
                self._pending_labels.pop(bid, None)
            self._pending.clear()
        super().finish_routing()
        self._tell_wires()

    def routing_pending(self) -> int:
        """What is left to route (the bundles made first if not yet)."""
        self._made()
        return super().routing_pending()

    def bundle_items(self) -> list[BundleItem]:
        """Every bundle's item (none while the bundles are wires)."""
        self._made()
        return [b for b in self._bundles.values() if isinstance(b, BundleItem)]

    def render(self, painter: QPainter, target: QRectF | QRect = QRectF(),  # noqa: B008
               source: QRectF | QRect = QRectF(),  # noqa: B008
               mode: Qt.AspectRatioMode = Qt.AspectRatioMode.KeepAspectRatio) -> None:
        """Paint as :meth:`DesignScene.render` does, the bundles made first if not yet."""
        self._made()
        super().render(painter, target, source, mode)


def wire_count(scene: DesignScene) -> int:
    """How many of the scene's bundles are wires (for tests and benchmarks)."""
    return sum(1 for b in scene._bundles.values() if isinstance(b, Wire))

