"""The elements an architect draws: buildings, islands, rack groups, switch tiers and
link bundles.

Elements are immutable records with stable string ids; an edit replaces a record with a
changed copy (see :mod:`model.design`). Containment is by id: an island names its
building, a rack group its island, a tier its island (island scope) or building. Canvas
positions ``x``/``y`` are relative to the containing element (campus for buildings).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

from pydantic import BeforeValidator, Field, model_validator

from model.i18n import TextValueError, message
from model.parts import Cooling, Frozen, Name, PartId, Text
from model.strict import Number, WholeNumber, number

ElementId = PartId
Coordinate = Annotated[float, Field(ge=-1e7, le=1e7), BeforeValidator(number)]


class Scope(StrEnum):
    """What a switch tier serves: one island, one building, or the whole campus."""

    ISLAND = "island"
    BUILDING = "building"
    CAMPUS = "campus"


class Plane(StrEnum):
    """Network plane. Metrics are for the backend (scale-out compute) plane unless
    another is chosen."""

    BACKEND = "backend"
    FRONTEND = "frontend"
    STORAGE = "storage"


class Pattern(StrEnum):
    """How the links of a bundle are wired between the members of its two ends.

    - ``spread``: each lower member's links are dealt round-robin over the upper
      members, starting where the previous member stopped (the usual full mesh).
    - ``rail``: NIC *i* of every server goes to upper switch *i mod n* (rail-optimized);
      with more switches than NICs per server, servers are taken in blocks, block *b*
      using switches *b·nics … b·nics+nics−1*; each block takes ⌊servers ÷ blocks⌋
      servers in order and the last one also those left over.
    - ``rack``: every rack has its own upper switches (count ÷ racks of them), and the
      servers of a rack spread their links over those only (top-of-rack switches).
    - ``global``: tier-to-tier links between peers (Dragonfly+ global links), dealt
      round-robin; the two ends are not above one another.
    """

    SPREAD = "spread"
    RAIL = "rail"
    RACK = "rack"
    GLOBAL = "global"


class Role(StrEnum):
    """The job of a switch tier, lowest first."""

    RACK = "rack"
    LEAF = "leaf"
    SPINE = "spine"
    AGGREGATION = "aggregation"
    CORE = "core"
    SUPER_SPINE = "super-spine"


class Element(Frozen):
    """Base of every drawn element: a stable id and a name."""

    id: ElementId
    name: Name


class Building(Element):
    """A building: its IT power capacity, PUE and cooling."""

    capacity_kw: Number = Field(gt=0, le=10_000_000, description="Critical IT capacity, kW.")
    pue: Number = Field(default=1.3, ge=1.0, le=5.0)
    cooling: Cooling = Cooling.LIQUID
    electricity_usd_per_kwh: Number = Field(
        default=0.08, ge=0, le=10, description="Electricity price, US dollars per kWh."
    )
    notes: Text = ""
    x: Coordinate = 0.0
    y: Coordinate = 0.0


class Island(Element):
    """A computing island (pod, AI zone, scalable unit) placed in one building."""

    building: ElementId
    notes: Text = ""
    x: Coordinate = 0.0
    y: Coordinate = 0.0


class RackGroup(Element):
    """``count`` identical racks of one rack type, in one island."""

    island: ElementId
    rack_type: PartId
    count: WholeNumber = Field(ge=1, le=1_000_000)
    x: Coordinate = 0.0
    y: Coordinate = 0.0


class SwitchTier(Element):
    """``count`` switches of one model, with a role and a scope.

    An island-scoped tier names its ``island`` and stands in that island's building; a
    building- or campus-scoped tier names the ``building`` it physically stands in.
    """

    switch: PartId
    count: WholeNumber = Field(ge=1, le=1_000_000)
    role: Role = Role.LEAF
    scope: Scope = Scope.ISLAND
    island: ElementId | None = None
    building: ElementId | None = None
    plane: Plane = Plane.BACKEND
    x: Coordinate = 0.0
    y: Coordinate = 0.0

    @model_validator(mode="after")
    def _scope_names_its_place(self) -> SwitchTier:
        if self.scope is Scope.ISLAND:
            if self.island is None:
                raise TextValueError(message("validation",
                                             "an island-scoped tier must name its island"))
            if self.building is not None:
                raise TextValueError(message(
                    "validation", "an island-scoped tier stands in its island's building:"
                    " leave 'building' empty"))
        else:
            if self.island is not None:
                raise TextValueError(message(
                    "validation", "a {scope}-scoped tier cannot name an island",
                    scope=self.scope.value))
            if self.building is None:
                raise TextValueError(message(
                    "validation", "a {scope}-scoped tier must name the building it stands in",
                    scope=self.scope.value))
        return self


class LinkBundle(Element):
    """Links from every member of a lower group (each server of a rack group, or each
    switch of a tier) to the members of an upper tier.

    ``links_per_member`` links of ``speed_gbps`` leave each lower member; the bundle's
    plane is its upper tier's plane. ``medium`` names the cable or transceiver part.
    """

    lower: ElementId
    upper: ElementId
    links_per_member: WholeNumber = Field(ge=1, le=4096)
    speed_gbps: Number = Field(gt=0, le=100_000)
    pattern: Pattern = Pattern.SPREAD
    medium: PartId | None = None
    length_m: Number | None = Field(
        default=None,
        gt=0,
        le=1_000_000,
        description="Length of each link, m; when empty it is estimated from where the"
        " ends stand (see model.media_reach).",
    )

    @model_validator(mode="after")
    def _two_ends(self) -> LinkBundle:
        if self.lower == self.upper:
            raise ValueError("a bundle must join two different elements")
        return self


AnyElement = Building | Island | RackGroup | SwitchTier | LinkBundle

KIND_OF: dict[type[Element], str] = {
    Building: "building",
    Island: "island",
    RackGroup: "rack_group",
    SwitchTier: "tier",
    LinkBundle: "bundle",
}
"""The kind name of each element class, as used in notifications and file sections."""
