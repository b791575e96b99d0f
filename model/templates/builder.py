"""Shared machinery of the templates: adding elements through the design's operations,
copying parts from the built-in catalog, and a tidy canvas layout.

Layout (canvas units, about pixels at 100 %; every ``x``/``y`` is the top-left corner of
an element relative to the top-left corner of its parent): buildings stand in a grid
whose shape is near :data:`SCREEN_ASPECT`, so the whole campus fills a window instead of
a thin strip; inside a building, its building- and campus-scoped tiers are stacked at
the top (highest tier first) and its islands below them in a grid of the same shape;
inside an island, its tiers are stacked highest first and its rack groups sit side by
side at the bottom.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from model.catalog import load_builtin_catalog
from model.design import Design
from model.elements import (
    Building,
    Island,
    LinkBundle,
    Pattern,
    RackGroup,
    Role,
    Scope,
    SwitchTier,
)
from model.errors import DesignError
from model.i18n import message
from model.parts import Catalog, Cooling, Medium, SwitchModel

PAD = 20.0
"""Margin inside an island or building, canvas units."""
TITLE_H = 30.0
"""Room for an island's or building's name at its top."""
BOX_W = 200.0
"""Width of a tier or rack group box."""
TIER_H = 44.0
"""Height of a tier box."""
RACK_H = 64.0
"""Height of a rack group box."""
GAP = 28.0
"""Space between stacked boxes, islands and buildings."""
BUILDING_GAP = 80.0
"""Space between buildings (room for a building's name above it when zoomed out)."""
SCREEN_ASPECT = 1.4
"""Width ÷ height the layout aims at: a design window's canvas (1280 × 720 to
1920 × 1080 screens, less the docks)."""


def grid_columns(count: int, width: float, height: float, gap: float,
                 aspect: float = SCREEN_ASPECT) -> int:
    """How many columns a grid of ``count`` boxes of ``width`` × ``height`` (``gap``
    apart) needs for its overall shape to come nearest ``aspect`` (width ÷ height)."""
    best, best_error = 1, math.inf
    for columns in range(1, max(1, count) + 1):
        rows = math.ceil(count / columns)
        shape = (columns * (width + gap) - gap) / (rows * (height + gap) - gap)
        error = abs(math.log(shape / aspect))
        if error < best_error - 1e-9:
            best, best_error = columns, error
    return best


def building_grid(sizes: Mapping[str, tuple[float, float]],
                  origin: tuple[float, float] = (0.0, 0.0)) -> dict[str, tuple[float, float]]:
    """Top-left corners placing buildings of ``sizes`` (width, height by id, in the
    order given) row by row in a grid whose shape comes nearest the screen's (see
    :func:`grid_columns`): columns as wide as the widest building, each row as high as
    its highest, :data:`BUILDING_GAP` apart, the first at ``origin``."""
    if not sizes:
        return {}
    width = max(w for w, _ in sizes.values())
    height = max(h for _, h in sizes.values())
    columns = grid_columns(len(sizes), width, height, BUILDING_GAP)
    x0, y0 = origin
    y, row_height = 0.0, 0.0
    placed: dict[str, tuple[float, float]] = {}
    for n, (building, (_, h)) in enumerate(sizes.items()):
        column = n % columns
        if column == 0 and n:
            y += row_height + BUILDING_GAP
            row_height = 0.0
        placed[building] = (x0 + column * (width + BUILDING_GAP), y0 + y)
        row_height = max(row_height, h)
    return placed


def island_size(tier_levels: int, rack_groups: int = 1) -> tuple[float, float]:
    """Width and height of an island with ``tier_levels`` stacked tiers and
    ``rack_groups`` rack groups side by side at the bottom."""
    width = 2 * PAD + max(1, rack_groups) * (BOX_W + GAP) - GAP
    height = TITLE_H + tier_levels * (TIER_H + GAP) + RACK_H + PAD
    return width, height


@dataclass(frozen=True)
class BuildingPlan:
    """Where the islands and building-level tiers of one building go."""

    islands: int
    island_w: float
    island_h: float
    tier_levels: int

    @property
    def columns(self) -> int:
        """Islands per row: the grid whose shape comes nearest the screen's."""
        return grid_columns(self.islands, self.island_w, self.island_h, GAP)

    @property
    def rows(self) -> int:
        """Rows of islands."""
        return max(1, math.ceil(self.islands / self.columns))

    @property
    def width(self) -> float:
        """Width of the building."""
        inner = self.columns * (self.island_w + GAP) - GAP
        return 2 * PAD + max(inner, BOX_W)

    @property
    def height(self) -> float:
        """Height of the building."""
        return self._islands_top + self.rows * (self.island_h + GAP) - GAP + PAD

    @property
    def _islands_top(self) -> float:
        return TITLE_H + self.tier_levels * (TIER_H + GAP)

    def island_xy(self, index: int) -> tuple[float, float]:
        """Position of the building's ``index``-th island."""
        row, col = divmod(index, self.columns)
        return (
            PAD + col * (self.island_w + GAP),
            self._islands_top + row * (self.island_h + GAP),
        )

    def tier_xy(self, level: int) -> tuple[float, float]:
        """Position of a building-level tier at ``level`` (0 = lowest), centred."""
        return (
            (self.width - BOX_W) / 2,
            TITLE_H + (self.tier_levels - 1 - level) * (TIER_H + GAP),
        )


class Builder:
    """Adds elements to a new design through :meth:`Design.add` and copies the parts
    they use from the built-in catalog (or from given variants) with
    :meth:`Design.add_parts`."""

    def __init__(self, name: str, description: str) -> None:
        self.design = Design(name=name, description=description)
        self.catalog = load_builtin_catalog()
        self._building_sizes: dict[str, tuple[float, float]] = {}
        self._levels: dict[str, int] = {}

    # ------------------------------------------------------------------ parts
    def use_parts(self, parts: Catalog) -> None:
        """Copy ``parts`` into the design's catalog."""
        self.design.add_parts(parts)

    def use_rack_type(self, rack_type_id: str) -> None:
        """Copy a built-in rack type with its server and accelerator."""
        parts = self.catalog.closure_of_rack_type(rack_type_id)
        if not parts.rack_types or not parts.servers or not parts.accelerators:
            raise DesignError(message("templates", "the built-in catalog lacks rack type {part!r}",
                                       part=rack_type_id))
        self.use_parts(parts)

    def use_switch(self, switch: SwitchModel | str) -> SwitchModel:
        """Copy a switch model (a built-in id or a variant) into the design."""
        model = self.catalog.switch(switch) if isinstance(switch, str) else switch
        if model is None:
            raise DesignError(message("templates", "the built-in catalog lacks switch {part!r}",
                                       part=switch))
        self.use_parts(Catalog(switches=(model,)))
        return model

    def use_medium(self, medium: Medium | str) -> Medium:
        """Copy a link medium (a built-in id or a variant) into the design."""
        part = self.catalog.medium(medium) if isinstance(medium, str) else medium
        if part is None:
            raise DesignError(message("templates", "the built-in catalog lacks medium {part!r}",
                                       part=medium))
        self.use_parts(Catalog(media=(part,)))
        return part

    # --------------------------------------------------------------- elements
    def building(
        self,
        element_id: str,
        name: str,
        *,
        capacity_kw: float,
        plan: BuildingPlan,
        pue: float = 1.3,
        cooling: Cooling = Cooling.LIQUID,
        notes: str = "",
    ) -> str:
        """Add a building; the buildings so far are laid out again in a grid whose
        shape comes nearest the screen's (see :func:`grid_columns`)."""
        self.design.add(
            Building(
                id=element_id,
                name=name,
                capacity_kw=capacity_kw,
                pue=pue,
                cooling=cooling,
                notes=notes,
            )
        )
        self._building_sizes[element_id] = (plan.width, plan.height)
        self._arrange_buildings()
        return element_id

    def _arrange_buildings(self) -> None:
        """Place the buildings row by row, in the order they were added."""
        for building, (x, y) in building_grid(self._building_sizes).items():
            element = self.design.buildings[building]
            if (element.x, element.y) != (x, y):
                self.design.update(building, x=x, y=y)

    def island(
        self,
        element_id: str,
        name: str,
        building: str,
        xy: tuple[float, float],
        notes: str = "",
    ) -> str:
        """Add an island at ``xy`` in its building."""
        self.design.add(
            Island(
                id=element_id, name=name, building=building, notes=notes, x=xy[0], y=xy[1]
            )
        )
        return element_id

    def rack_group(
        self, element_id: str, name: str, island: str, rack_type: str, count: int, *, slot: int = 0
    ) -> str:
        """Add a rack group at the bottom of its island (``slot`` counts from the left;
        the island's tier count is set by :meth:`set_island_levels`)."""
        levels = self._levels.get(island, 0)
        self.design.add(
            RackGroup(
                id=element_id,
                name=name,
                island=island,
                rack_type=rack_type,
                count=count,
                x=PAD + slot * (BOX_W + GAP),
                y=TITLE_H + levels * (TIER_H + GAP),
            )
        )
        return element_id

    def set_island_levels(self, island: str, levels: int) -> None:
        """Declare how many tiers are stacked in ``island`` (before adding its parts)."""
        self._levels[island] = levels

    def island_tier(
        self,
        element_id: str,
        name: str,
        island: str,
        *,
        switch: str,
        count: int,
        role: Role,
        level: int,
    ) -> str:
        """Add an island-scoped tier at ``level`` (0 = just above the racks)."""
        levels = self._levels.get(island, level + 1)
        self.design.add(
            SwitchTier(
                id=element_id,
                name=name,
                switch=switch,
                count=count,
                role=role,
                scope=Scope.ISLAND,
                island=island,
                x=PAD,
                y=TITLE_H + (levels - 1 - level) * (TIER_H + GAP),
            )
        )
        return element_id

    def wide_tier(
        self,
        element_id: str,
        name: str,
        building: str,
        *,
        plan: BuildingPlan,
        switch: str,
        count: int,
        role: Role,
        level: int,
        scope: Scope = Scope.BUILDING,
    ) -> str:
        """Add a building- or campus-scoped tier standing in ``building``."""
        x, y = plan.tier_xy(level)
        self.design.add(
            SwitchTier(
                id=element_id,
                name=name,
                switch=switch,
                count=count,
                role=role,
                scope=scope,
                building=building,
                x=x,
                y=y,
            )
        )
        return element_id

    def bundle(
        self,
        element_id: str,
        name: str,
        lower: str,
        upper: str,
        *,
        links: int,
        speed_gbps: float,
        pattern: Pattern,
        medium: str | None,
    ) -> str:
        """Add a link bundle: ``links`` links from every member of ``lower`` to
        ``upper``."""
        self.design.add(
            LinkBundle(
                id=element_id,
                name=name,
                lower=lower,
                upper=upper,
                links_per_member=links,
                speed_gbps=speed_gbps,
                pattern=pattern,
                medium=medium,
            )
        )
        return element_id


def smallest_divisor_at_least(number: int, floor: int) -> int:
    """The smallest divisor of ``number`` that is ≥ ``floor`` (``number`` itself at
    worst). Used to size an upper tier so every lower group's links spread evenly."""
    for candidate in range(max(1, floor), number + 1):
        if number % candidate == 0:
            return candidate
    return number


def provisioned_capacity_kw(design: Design, building: str, margin: float = 1.25) -> float:
    """A capacity for a building of a template that sizes its own buildings: the rack
    budgets plus the switches' maximum power standing in ``building``, times ``margin``
    (room for optics and storage), rounded up to two significant digits. This is a
    provisioning choice made when the design is drawn, not a metric (those come from
    :mod:`model.metrics`)."""
    catalog = design.catalog
    total_kw = 0.0
    for group in design.rack_groups.values():
        rack = catalog.rack_type(group.rack_type)
        if rack is not None and design.building_of(group.id) == building:
            total_kw += group.count * rack.power_budget_kw
    for tier in design.tiers.values():
        switch = catalog.switch(tier.switch)
        if switch is not None and design.building_of(tier.id) == building:
            total_kw += tier.count * switch.max_power_w / 1000
    wanted = max(total_kw * margin, 1.0)
    step = 10 ** (math.floor(math.log10(wanted)) - 1)
    return float(math.ceil(round(wanted / step, 9)) * step)


def size_buildings(design: Design, margin: float = 1.25) -> None:
    """Set every building's capacity with :func:`provisioned_capacity_kw`."""
    for building in list(design.buildings):
        design.update(building, capacity_kw=provisioned_capacity_kw(design, building, margin))
