"""The design scene: one item per element (never one per rack or GPU), laid out by the
positions stored in the design, following the document's notifications.

Pictures of a design with no window (the exporters render scenes headlessly) are made
by :mod:`gui.canvas.picture`.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Generator, Iterable

from PySide6.QtCore import QObject, QPointF, QRect, QRectF, Qt
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene

from gui.canvas.background import draw_grid
from gui.canvas.bundle_routing import BundleRouting
from gui.canvas.caching import block_cache, card_cache, collector_paused, drawn_directly
from gui.canvas.cut_view import CutView
from gui.canvas.items.base import ElementItem
from gui.canvas.items.building import BuildingItem
from gui.canvas.items.bundle import BundleItem
from gui.canvas.items.container import ContainerItem
from gui.canvas.items.island import IslandItem
from gui.canvas.items.labels import BundleLabels
from gui.canvas.items.rack_group import RackGroupItem
from gui.canvas.items.tier import TierItem
from gui.canvas.items.wires import WireLayer
from gui.canvas.routing import Rect
from gui.canvas.slicing import PaintSlices
from gui.canvas.staging import PaintBudget
from gui.document import DesignDocument
from gui.i18n import problem_message
from gui.theme import LIGHT, Theme
from model.design import Design
from model.elements import Building, Island, LinkBundle, RackGroup, SwitchTier
from model.metrics.results import DesignMetrics

DETAIL_SCALE = 0.5
"""Below this zoom an island is drawn as a block with its totals (level of detail):
its cards would be too small to hold even their name and count at a readable size.
(Between this and the cards' compact zoom, cards say only those, screen-sized.)"""


def detail_at(scale: float) -> bool:
    """Whether islands are drawn with their contents (True) or as blocks with their
    totals (False) at ``scale`` screen pixels per canvas unit: the one rule of the level
    of detail, followed by the canvas at its zoom and by every picture of it (PNG, SVG,
    the benchmarks) at the picture's scale, so a picture shows what the canvas would."""
    return scale >= DETAIL_SCALE
ITEMS_PER_STEP = 400
"""Elements whose items :meth:`DesignScene.rebuild_steps` makes in one step (the 2,471
of Dragonfly+ k = 128, bundles included, took about 100 ms CPU in one go)."""


def _box(rect: QRectF) -> Rect:
    return rect.left(), rect.top(), rect.right(), rect.bottom()


class DesignScene(BundleRouting, CutView, QGraphicsScene):
    """The canvas content for one design."""

    is_design_scene = True
    """Items ask this to know they stand in a design scene (no import, no isinstance)."""

    def __init__(self, design: Design, theme: Theme = LIGHT, parent: QObject | None = None,
                 metrics: DesignMetrics | None = None, built: bool = True) -> None:
        super().__init__(parent)
        self.design = design
        self.theme = theme
        self.widest_tile_name: tuple[int, float] | None = None
        """(design revision, pixels): the widest zoomed-out tile name a building's
        plate can say the kind of (:meth:`BuildingItem.tiles_by_number`)."""
        self.metrics: DesignMetrics | None = metrics
        """The figures shown (given at once, the items are built with them: a scene
        for a picture writes each label once)."""
        self.detail = True
        self.view_scale = 1.0
        """The zoom the scene is shown at (screen pixels per scene unit): items that
        write at a fixed screen size (building plates) size themselves by it."""
        self.paint_budget = PaintBudget(self)
        """How much text zoomed-out items lay out per turn of the event loop."""
        self.paint_slices = PaintSlices()
        """A picture painted in slices (:mod:`gui.canvas.slicing`) under way."""
        self._rooms: dict[str, float] | None = None
        self._room_rects: dict[str, Rect] = {}
        self.cut_visible = False
        self._items: dict[str, ElementItem] = {}
        self._bundles: dict[str, BundleItem] = {}
        self._bundles_at: dict[str, set[str]] = defaultdict(set)
        self._problems: dict[str, list[str]] = self._problems_by_id()
        self._start_routing()
        self.label_layer = BundleLabels(self._bundles.values, lambda: self.theme)
        self.addItem(self.label_layer)
        self.wires = WireLayer(self._bundles.values, self._wire_colour)
        self.addItem(self.wires)
        self._rebuilding = False
        self._showing: ElementItem | None = None
        self._moving_many = False
        """The item :meth:`change_element` is updating: it re-routes that item's bundles
        once at the end, not also when the item's position changes on the way."""
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        self._selected_bundles: set[str] = set()
        self.selectionChanged.connect(self._selection_changed)
        if built:  # else the caller runs rebuild_steps()
            self.rebuild()

    # ------------------------------------------------------------ following
    def follow(self, document: DesignDocument) -> None:
        """Keep the scene in step with the document's notifications."""
        document.element_added.connect(self.add_element)
        document.element_removed.connect(self.remove_element)
        document.element_changed.connect(self.change_element)
        document.elements_moved.connect(self.move_elements)
        document.catalog_changed.connect(self.refresh_all)
        document.settings_changed.connect(lambda _fields: self.refresh_all())
        document.reset.connect(self.rebuild)

    def rebuild(self) -> None:
        """Drop every item and build them again from the design."""
        for _ in self.rebuild_steps(0):
            pass

    def rebuild_steps(self, per_step: int = ITEMS_PER_STEP) -> Generator[None, None, None]:
        """:meth:`rebuild` in steps: yields after every ``per_step`` elements' items are
        made (0: never) and before the containers are sized and the scene measured."""
        self.clearSelection()
        for bundle in list(self._bundles.values()):
            self.wires.changed(bundle.boundingRect())
            self.removeItem(bundle)
        for item in list(self._items.values()):
            if item.parentItem() is None:
                self.removeItem(item)
        self._items.clear()
        self._bundles.clear()
        self._bundles_at.clear()
        self._edges = None
        self._rebuilding = True
        try:
            for made, element in enumerate(self.design.all_elements(), 1):
                self._create(element)
                if per_step and made % per_step == 0:
                    yield
        finally:
            self._rebuilding = False
        if per_step:
            yield
        # Each container sized once around all its children, innermost first (sizing
        # it per child added went over its children again for each).
        for item in self._items.values():
            if isinstance(item, IslandItem):
                item.update_geometry(None, propagate=False)
        for item in self._items.values():
            if isinstance(item, ContainerItem) and not isinstance(item, IslandItem):
                item.update_geometry(None, propagate=False)
        self._refresh_bundles()
        self.setSceneRect(self.content_rect())

    def add_element(self, kind: str, element_id: str) -> None:
        """An element was added: create its item."""
        self.paint_budget.work_began()
        element = self.design.element(element_id)
        if element is not None:
            self._create(element)
            item = self._items.get(element_id)
            if item is not None:
                self._grow_scene_rect(item)

    def remove_element(self, kind: str, element_id: str) -> None:
        """An element was removed: drop its item (its children went before it)."""
        self.paint_budget.work_began()
        if element_id in self._bundles:
            bundle = self._bundles.pop(element_id)
            for end in (bundle.element.lower, bundle.element.upper):
                self._bundles_at[end].discard(element_id)
            self.removeItem(bundle)
            self.wires.bundle_changed(bundle, bundle.boundingRect())  # out of the scene
            self.free_label(element_id)
            self._reroute_near(bundle.element.lower, bundle.element.upper)
            return
        item = self._items.pop(element_id, None)
        if item is None:
            return
        self._obstacles = None
        self._rooms = None
        parent = item.parentItem()
        for child in item.childItems():
            if isinstance(child, ElementItem):
                self._items.pop(child.element_id, None)
        self.removeItem(item)
        if isinstance(parent, ContainerItem):
            parent.update_geometry()
            self.item_moved(parent)

    def change_element(self, kind: str, element_id: str, fields: Iterable[str]) -> None:
        """Fields of an element changed: show its new version (re-parent if it moved to
        another container)."""
        self.paint_budget.work_began()
        element = self.design.element(element_id)
        if element is None:
            return
        if isinstance(element, LinkBundle):
            bundle = self._bundles.get(element_id)
            if bundle is not None:
                old = bundle.element
                for end in (old.lower, old.upper):
                    self._bundles_at[end].discard(element_id)
                for end in (element.lower, element.upper):
                    self._bundles_at[end].add(element_id)
                bundle.set_element(element)
                if (old.lower, old.upper) != (element.lower, element.upper):
                    self._reroute_near(old.lower, old.upper, element.lower, element.upper)
            return
        item = self._items.get(element_id)
        if item is None:
            return
        parent = self._parent_item(element)
        old_parent = item.parentItem()
        if parent is not old_parent:
            item.setParentItem(parent)  # type: ignore[arg-type]  # None: top level
            self._edges = None
            if isinstance(old_parent, ContainerItem):
                old_parent.update_geometry()
        self._showing = item
        try:
            item.set_element(element)
        finally:
            self._showing = None
        if isinstance(parent, ContainerItem):
            parent.update_geometry(item)
        self.item_moved(item)
        self._grow_scene_rect(item)

    def move_elements(self, moved: Iterable[tuple[str, str]]) -> None:
        """Several elements moved in one gesture (kind, id pairs): each item takes its
        place, each container grows once around its moved children, and the bundles at
        all of them are routed again once, not once per element."""
        self.paint_budget.work_began()
        items: list[ElementItem] = []
        self._moving_many = True
        try:
            for _kind, element_id in moved:
                item = self._items.get(element_id)
                element = self.design.element(element_id)
                if item is not None and element is not None:
                    item.set_place(element)
                    items.append(item)
        finally:
            self._moving_many = False
        if not items:
            return
        moved_in: dict[int, tuple[ContainerItem, list[ElementItem]]] = {}
        for item in items:
            parent = item.parentItem()
            if isinstance(parent, ContainerItem):
                moved_in.setdefault(id(parent), (parent, []))[1].append(item)
        for container, children in moved_in.values():
            container.update_geometry(children[0] if len(children) == 1 else None)
        self._obstacles = None
        self._fractions.clear()
        self._rooms = None
        bundles: set[str] = set()
        tops: dict[int, ElementItem] = {}
        stack: list[QGraphicsItem] = list(items)
        while stack:
            current = stack.pop()
            if isinstance(current, ElementItem):
                bundles.update(self._bundles_at.get(current.element_id, ()))
            stack.extend(current.childItems())
        for item in items:
            top: QGraphicsItem = item
            while top.parentItem() is not None:
                top = top.parentItem()
            tops[id(top)] = top  # type: ignore[assignment]
        for top_item in tops.values():
            self._grow_scene_rect(top_item)
        self._schedule([self._bundles[bundle_id] for bundle_id in bundles])

    def refresh_all(self) -> None:
        """Redraw every item (figures, catalog names or thresholds changed)."""
        self.paint_budget.work_began()
        for item in self._items.values():
            item.refresh()
        for bundle in self._bundles.values():
            bundle.refresh()
        self.wires.changed(QRectF())
        self.update()

    # -------------------------------------------------------------- creating
    def _parent_item(self, element: object) -> QGraphicsItem | None:
        if isinstance(element, Island):
            return self._items.get(element.building)
        if isinstance(element, RackGroup):
            return self._items.get(element.island)
        if isinstance(element, SwitchTier):
            return self._items.get(element.island or element.building or "")
        return None

    def _create(self, element: object) -> None:
        if isinstance(element, LinkBundle):
            bundle = BundleItem(element)
            self._bundles[element.id] = bundle
            self._bundles_at[element.lower].add(element.id)
            self._bundles_at[element.upper].add(element.id)
            self.addItem(bundle)
            bundle.refresh()
            if not self._rebuilding:
                self._reroute_near(element.lower, element.upper)
            return
        item: ElementItem
        if isinstance(element, Building):
            item = BuildingItem(element)
        elif isinstance(element, Island):
            item = IslandItem(element)
        elif isinstance(element, RackGroup):
            item = RackGroupItem(element)
        elif isinstance(element, SwitchTier):
            item = TierItem(element)
        else:
            return
        parent = self._parent_item(element)
        if parent is not None:
            item.setParentItem(parent)
        else:
            self.addItem(item)
        self._items[item.element_id] = item
        if isinstance(item, RackGroupItem | TierItem) and isinstance(parent, IslandItem):
            item.setVisible(self.detail)
        if isinstance(item, ContainerItem):
            item.setCacheMode(block_cache(self.detail))
        else:
            item.setCacheMode(card_cache())
        if isinstance(parent, ContainerItem) and not self._rebuilding:
            parent.update_geometry(item)
        item.refresh()
        self._update_problems_of(item)
        self._obstacles = None
        self._rooms = None

    def _selection_changed(self) -> None:
        """Bundles selected or deselected are drawn by themselves or by the wire layer
        again."""
        selected = {i.element_id for i in self.selectedItems() if isinstance(i, BundleItem)}
        for bid in selected ^ self._selected_bundles:
            bundle = self._bundles.get(bid)
            if bundle is not None:
                bundle.selection_changed()
        self._selected_bundles = selected

    # ---------------------------------------------------------------- access
    def item_for(self, element_id: str) -> ElementItem | BundleItem | None:
        """The item showing an element, or None."""
        return self._items.get(element_id) or self._bundles.get(element_id)

    def element_items(self) -> list[ElementItem]:
        """Every building, island, rack group and tier item."""
        return list(self._items.values())

    def bundle_items(self) -> list[BundleItem]:
        """Every bundle item."""
        return list(self._bundles.values())

    def selected_ids(self) -> list[str]:
        """Ids of the selected elements, in design order."""
        chosen = {getattr(i, "element_id", None) for i in self.selectedItems()}
        return [e.id for e in self.design.all_elements() if e.id in chosen]

    def select_ids(self, ids: Iterable[str]) -> None:
        """Select exactly these elements."""
        wanted = set(ids)
        self.clearSelection()
        for eid in wanted:
            item = self.item_for(eid)
            if item is not None:
                item.setSelected(True)

    def element_at(self, scene_pos: QPointF, kinds: tuple[str, ...] | None = None
                   ) -> ElementItem | None:
        """The top-most visible element item under a point (of the given kinds)."""
        for item in self.items(scene_pos, Qt.ItemSelectionMode.IntersectsItemBoundingRect):
            if isinstance(item, ElementItem) and item.isVisible() and (
                    kinds is None or item.kind in kinds) and item.scene_rect().contains(
                    scene_pos):
                return item
        return None

    def set_view_scale(self, scale: float) -> None:
        """The scene is now shown at ``scale``: buildings resize their plates; bundle
        labels are placed once they can be read."""
        if scale == self.view_scale:
            return
        readable = self.labels_shown()
        self.view_scale = scale
        if self.labels_shown() and not readable:
            self._relabel_all()
        for item in self._items.values():
            if isinstance(item, BuildingItem):
                item.prepareGeometryChange()
                item.update()
        # the plates grow above the buildings as the view zooms out: the view may
        # scroll to them (the area was set at the build, without plates)
        content = self.content_rect()
        if not self.sceneRect().contains(content):
            self.setSceneRect(self.sceneRect().united(content))

    def room_above(self, building: BuildingItem) -> float:
        """Scene units free above a building, up to the nearest building standing over
        it (a zoomed-out building's plate stays within)."""
        if self._rooms is None:
            rooms: dict[str, float] = {}
            self._room_rects = {i.element_id: _box(i.scene_rect())
                                for i in self._items.values()
                                if isinstance(i, BuildingItem) and i.parentItem() is None}
            # every pair, on plain numbers (64 buildings: 4,096 pairs, about a millisecond;
            # asking Qt for each pair's rectangles took tens)
            boxes = list(self._room_rects.items())
            for eid, (left, top, right, _bottom) in boxes:
                room = 1e9
                for other, (o_left, _o_top, o_right, o_bottom) in boxes:
                    if other != eid and o_bottom <= top and o_left < right and left < o_right:
                        room = min(room, top - o_bottom - 8)
                rooms[eid] = max(room, 0.0)
            self._rooms = rooms
        return self._rooms.get(building.element_id, 1e9)

    def content_rect(self) -> QRectF:
        """Bounding rectangle of every item (with the plates of zoomed-out buildings),
        with a margin."""
        rect = QRectF()
        for item in self._items.values():
            # only buildings stand on their own (every other element is in one)
            if isinstance(item, BuildingItem) and item.parentItem() is None:
                rect = rect.united(item.scene_rect())
                if isinstance(item, BuildingItem):
                    plate = item.plate_rect()
                    if not plate.isEmpty():
                        rect = rect.united(item.mapRectToScene(plate))
        if rect.isNull():
            rect = QRectF(0, 0, 800, 600)
        return rect.adjusted(-60, -60, 60, 60)

    def _grow_scene_rect(self, item: ElementItem) -> None:
        """Grow the scene's area to hold ``item``'s top-level container (with room to
        scroll around it)."""
        top: QGraphicsItem = item
        while top.parentItem() is not None:
            top = top.parentItem()
        assert isinstance(top, ElementItem)
        content = top.scene_rect().adjusted(-2000, -2000, 2000, 2000)
        if not self.sceneRect().contains(content):
            self.setSceneRect(self.sceneRect().united(content))

    # --------------------------------------------------------------- moving
    def item_moved(self, item: ElementItem) -> None:
        """An item moved or resized: grow its container, re-route the bundles of it and
        of everything inside it."""
        if item is self._showing or self._moving_many:
            return  # change_element / move_elements call again once items are in place
        self._obstacles = None
        self._fractions.clear()
        parent = item.parentItem()
        if isinstance(parent, ContainerItem):
            parent.update_geometry(item)
        top: QGraphicsItem = item
        while top.parentItem() is not None:
            top = top.parentItem()
        if isinstance(top, BuildingItem) and self._room_rects.get(
                top.element_id) != _box(top.scene_rect()):
            self._rooms = None  # a building moved or changed size
        stack: list[QGraphicsItem] = [item]
        moved: set[str] = set()  # a bundle with both ends inside is re-routed once
        while stack:
            current = stack.pop()
            if isinstance(current, ElementItem):
                moved.update(self._bundles_at.get(current.element_id, ()))
            stack.extend(current.childItems())
        self._schedule([self._bundles[bundle_id] for bundle_id in moved])

    def _wire_colour(self, look: str) -> QColor:
        colour = self.theme.colour(look)
        if look == "bundle":
            colour.setAlpha(200)
        return colour

    def label_moved(self, box: QRectF) -> None:
        """A bundle label moved away from or to ``box``: the label layer redraws."""
        self.label_layer.label_changed(box)

    # ------------------------------------------------------------ appearance
    def set_detail(self, detail: bool) -> None:
        """Show islands' contents (True) or islands as blocks with totals (False)."""
        self.paint_budget.work_began()
        if detail == self.detail:
            return
        self.detail = detail
        for item in self._items.values():
            if isinstance(item, RackGroupItem | TierItem) and isinstance(
                    item.parentItem(), IslandItem):
                item.setVisible(detail)
            elif isinstance(item, ContainerItem):
                item.prepareGeometryChange()
                item.setCacheMode(block_cache(detail))
        self._refresh_bundles()
        self.update()

    def set_theme(self, theme: Theme) -> None:
        """Repaint in another theme."""
        self.theme = theme
        self.refresh_all()

    def set_metrics(self, metrics: DesignMetrics | None) -> None:
        """Show new figures: problem marks and (when on) the cut at once; each item's
        figures (labels, colours, tooltips, the island blocks' totals) in the work
        queue's slices, so that new figures for hundreds of islands do not repaint them
        all in one turn of the event loop (an item keeps its previous picture until
        then)."""
        self.paint_budget.work_began()
        fresh = metrics is not self.metrics
        self.metrics = metrics
        self._problems = self._problems_by_id()
        for item in self._items.values():
            self._update_problems_of(item)
        for bundle in self._bundles.values():
            bundle.set_problems(self._problems.get(bundle.element_id, []))
        if fresh:
            self._refresh_soon([*self._items, *self._bundles])
        self._apply_cut()

    def _problems_by_id(self) -> dict[str, list[str]]:
        found: dict[str, list[str]] = defaultdict(list)
        if self.metrics is not None:
            for problem in self.metrics.problems:
                if problem.element_id:
                    found[problem.element_id].append(problem_message(problem))
        return found

    def _update_problems_of(self, item: ElementItem) -> None:
        item.set_problems(self._problems.get(item.element_id, []))

    def render(self, painter: QPainter, target: QRectF | QRect = QRectF(),  # noqa: B008
               source: QRectF | QRect = QRectF(),  # noqa: B008
               mode: Qt.AspectRatioMode = Qt.AspectRatioMode.KeepAspectRatio) -> None:
        """Paint the scene into a picture, every bundle routed first, building plates
        sized for the picture's scale."""
        area = QRectF(source) if not QRectF(source).isEmpty() else self.sceneRect()
        box = QRectF(target) if not QRectF(target).isEmpty() else QRectF(
            0, 0, painter.device().width(), painter.device().height())
        shown = self.view_scale
        if area.width() > 0 and area.height() > 0:
            self.set_view_scale(min(box.width() / area.width(), box.height() / area.height()))
        with collector_paused():
            self.finish_routing()
            with drawn_directly(self._items.values(), self.paint_budget):
                super().render(painter, target, source, mode)
        self.set_view_scale(shown)

    def drawBackground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        if self.paint_slices.skip_background:
            return
        draw_grid(painter, QRectF(rect), QColor(self.theme.canvas), QColor(self.theme.grid))
