"""The minimum bisection cut shown on the canvas: each rack group and tier tinted by the
share of its members on side A, each island block by its accelerators on side A, and
the bundles that cross the cut drawn wider in the cut colour with their share of it.

:class:`CutView` is a part of :class:`gui.canvas.scene.DesignScene` (it reads the
scene's items, bundles and figures); the restyled items take in their new look in the
routing queue's slices (:meth:`BundleRouting._refresh_soon`), not all in one turn.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable

from gui.canvas.items.base import CutSide, ElementItem
from gui.canvas.items.bundle import BundleItem
from model.design import Design
from model.elements import RackGroup, SwitchTier
from model.metrics.results import DesignMetrics


class CutView:
    """Shows (or hides) the sides of the minimum bisection on the scene's items."""

    design: Design
    metrics: DesignMetrics | None
    cut_visible: bool
    _items: dict[str, ElementItem]
    _bundles: dict[str, BundleItem]
    _refresh_soon: Callable[[list[str]], None]
    """Has items take in their look in the routing queue's slices (BundleRouting)."""

    def set_cut_visible(self, visible: bool) -> None:
        """Highlight (or stop highlighting) the two sides of the minimum bisection."""
        self.cut_visible = visible
        self._apply_cut()

    def _apply_cut(self) -> None:
        cut = self.metrics.bisection.cut if (self.cut_visible and self.metrics) else None
        inventory = self.metrics.inventory if self.metrics else None
        islands: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        sides: dict[str, CutSide | None] = {}
        for eid in self._items:
            if cut is None or inventory is None or eid not in cut.side_a:
                sides[eid] = None
                continue
            side = sides[eid] = CutSide(cut.side_a[eid], self._members(eid))
            element = self.design.element(eid)
            if isinstance(element, RackGroup):
                islands[element.island][0] += side.on_a
                islands[element.island][1] += side.total
        # Zoomed out, an island block shows where its accelerators stand.
        for island_id, (on_a, total) in islands.items():
            if island_id in self._items and total:
                sides[island_id] = CutSide(on_a, total)
        # Every group's tint and a Dragonfly+'s thousand crossing bundles (label, width,
        # colour) take in their new look in the work queue's slices, not all in this
        # turn of the event loop.
        restyled = [eid for eid, side in sides.items() if self._items[eid].mark_cut(side)]
        restyled += [bid for bid, bundle in self._bundles.items()
                     if bundle.mark_crossing(cut.crossing_gbps.get(bid) if cut else None)]
        self._refresh_soon(restyled)

    def _members(self, element_id: str) -> int:
        """What the cut counts for a group: accelerators of a rack group (rail wiring can
        split a server between the sides), switches of a tier."""
        element = self.design.element(element_id)
        if isinstance(element, SwitchTier):
            return element.count
        if isinstance(element, RackGroup):
            rack = self.design.catalog.rack_type(element.rack_type)
            server = self.design.catalog.server(rack.server) if rack else None
            per_rack = (rack.servers_per_rack * server.accelerators_per_server
                        if rack and server else 1)
            return element.count * per_rack
        return 1
