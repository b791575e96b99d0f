"""Catalog parts: accelerators, servers, rack types, switch models and link media.

Parts are immutable records. A design carries copies of the parts it uses (see
:class:`Catalog`), so a design file opens on any machine. Every figure carries the
``source`` it was taken from; figures that are estimates say so with ``estimate``.

Units are in the field names: ``_w`` watts, ``_kw`` kilowatts, ``_gbps`` gigabits per
second in one direction of a link.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, TypeVar

from pydantic import BaseModel, ConfigDict, Field, model_validator

from model.i18n import TextValueError, message
from model.strict import Flag, Number, WholeNumber

PartId = Annotated[
    str,
    Field(
        min_length=1,
        max_length=80,
        pattern=r"^[A-Za-z0-9][A-Za-z0-9_.\-]*$",
        description="Stable identifier: letters, digits, '_', '.', '-'.",
    ),
]
Name = Annotated[str, Field(min_length=1, max_length=200)]
Text = Annotated[str, Field(max_length=2000)]


class Frozen(BaseModel):
    """Base of every record: immutable, unknown fields rejected, validated on change."""

    model_config = ConfigDict(frozen=True, extra="forbid", validate_assignment=True)


class Cooling(StrEnum):
    """How heat leaves a rack or a building."""

    AIR = "air"
    LIQUID = "liquid"


class MediumKind(StrEnum):
    """Physical kind of a link: passive copper, active copper, active optical cable,
    or a pair of pluggable optical transceivers joined by fibre."""

    DAC = "dac"
    AEC = "aec"
    AOC = "aoc"
    OPTICAL = "optical"


class Price(Frozen):
    """A part's price in US dollars, with where the figure comes from and when.

    ``usd`` is per unit: per server, rack, switch, per transceiver (one link end) for
    optical media, per cable for copper and active optical cables. ``usd_per_m`` adds a
    price per metre of the link's length: the fibre of an optical link, or how a cable's
    price grows with its length. ``estimate`` marks a figure that is not a published
    list price.
    """

    usd: Number = Field(ge=0, le=1e9, description="Price per unit, US dollars.")
    usd_per_m: Number = Field(
        default=0.0, ge=0, le=1e6, description="Price per metre of link length, US dollars."
    )
    source: Text = Field(min_length=1)
    date: str = Field(
        pattern=r"^(19|20)\d{2}-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?$",
        description="When the price held: YYYY-MM or YYYY-MM-DD.",
    )
    estimate: Flag = False


class AcceleratorType(Frozen):
    """One accelerator (GPU/NPU): its power and peak dense BF16 throughput."""

    id: PartId
    name: Name
    vendor: Name
    tdp_w: Number = Field(gt=0, le=10_000, description="Thermal design power, W.")
    bf16_dense_tflops: Number = Field(
        gt=0, le=100_000, description="Peak dense (non-sparse) BF16 TFLOPS."
    )
    source: Text = Field(min_length=1)
    estimate: Flag = False


class ServerType(Frozen):
    """A server (or compute tray): accelerators, scale-out NICs, scale-up domain, power.

    ``nic_count`` scale-out NICs of ``nic_speed_gbps`` serve the backend plane; on the
    usual rail design there is one per accelerator. ``scale_up_domain`` is the number of
    accelerators joined by the scale-up fabric (NVLink, UB): 8 for an HGX board, 72 for
    an NVL72 rack, 384 for a CloudMatrix384 super-node; a domain larger than one server
    spans consecutive servers of a rack group.
    """

    id: PartId
    name: Name
    vendor: Name
    accelerator: PartId
    accelerators_per_server: WholeNumber = Field(ge=1, le=1024)
    nic_count: WholeNumber = Field(ge=0, le=1024, description="Backend scale-out NICs.")
    nic_speed_gbps: Number = Field(gt=0, le=100_000)
    frontend_nic_count: WholeNumber = Field(default=0, ge=0, le=64)
    frontend_nic_speed_gbps: Number = Field(default=100.0, gt=0, le=100_000)
    scale_up_domain: WholeNumber = Field(ge=1, le=100_000)
    scale_up_bandwidth_gbps: Number = Field(
        ge=0, le=1_000_000, description="Per accelerator, one direction."
    )
    max_power_w: Number = Field(gt=0, le=1_000_000)
    source: Text = Field(min_length=1)
    estimate: Flag = False
    price: Price | None = Field(default=None, description="List price (USD).")

    @model_validator(mode="after")
    def _nics_match_accelerators(self) -> ServerType:
        a, n = self.accelerators_per_server, self.nic_count
        if n and a % n and n % a:
            raise TextValueError(message(
                "validation", "{nics} NICs cannot be shared evenly by {accelerators}"
                " accelerators: one must divide the other", nics=n, accelerators=a))
        return self


class RackType(Frozen):
    """A rack: ``servers_per_rack`` servers of one type under one power budget.

    ``overhead_w`` is power in the rack that is not a server (NVLink switch trays,
    power shelves, management switch).
    """

    id: PartId
    name: Name
    server: PartId
    servers_per_rack: WholeNumber = Field(ge=1, le=1024)
    power_budget_kw: Number = Field(gt=0, le=10_000)
    overhead_w: Number = Field(default=0.0, ge=0, le=1_000_000)
    cooling: Cooling = Cooling.AIR
    source: Text = Field(min_length=1)
    price: Price | None = Field(default=None, description="List price (USD).")


class SwitchModel(Frozen):
    """A switch: ``radix`` ports of ``port_speed_gbps``; a port may be split into
    slower links (an 800G port as two 400G links)."""

    id: PartId
    name: Name
    vendor: Name
    radix: WholeNumber = Field(ge=1, le=4096)
    port_speed_gbps: Number = Field(gt=0, le=100_000)
    typical_power_w: Number = Field(gt=0, le=1_000_000)
    max_power_w: Number = Field(gt=0, le=1_000_000)
    source: Text = Field(min_length=1)
    estimate: Flag = False
    price: Price | None = Field(default=None, description="List price (USD).")

    @model_validator(mode="after")
    def _typical_below_max(self) -> SwitchModel:
        if self.typical_power_w > self.max_power_w:
            raise TextValueError(message("validation", "typical power exceeds maximum power"))
        return self


class Medium(Frozen):
    """A link medium. Optical links carry one transceiver at each end, each drawing
    ``power_w_per_end``; copper DAC draws nothing."""

    id: PartId
    name: Name
    kind: MediumKind
    speed_gbps: Number = Field(gt=0, le=100_000)
    power_w_per_end: Number = Field(ge=0, le=1_000)
    reach_m: Number = Field(gt=0, le=1_000_000)
    source: Text = Field(min_length=1)
    estimate: Flag = False
    price: Price | None = Field(default=None, description="List price (USD).")


_P = TypeVar("_P", AcceleratorType, ServerType, RackType, SwitchModel, Medium)


class Catalog(Frozen):
    """The parts a design uses, or the shipped parts library. Lookups are by id."""

    accelerators: tuple[AcceleratorType, ...] = ()
    servers: tuple[ServerType, ...] = ()
    rack_types: tuple[RackType, ...] = ()
    switches: tuple[SwitchModel, ...] = ()
    media: tuple[Medium, ...] = ()

    def accelerator(self, part_id: str) -> AcceleratorType | None:
        """The accelerator type with this id, or None."""
        return next((p for p in self.accelerators if p.id == part_id), None)

    def server(self, part_id: str) -> ServerType | None:
        """The server type with this id, or None."""
        return next((p for p in self.servers if p.id == part_id), None)

    def rack_type(self, part_id: str) -> RackType | None:
        """The rack type with this id, or None."""
        return next((p for p in self.rack_types if p.id == part_id), None)

    def switch(self, part_id: str) -> SwitchModel | None:
        """The switch model with this id, or None."""
        return next((p for p in self.switches if p.id == part_id), None)

    def medium(self, part_id: str) -> Medium | None:
        """The link medium with this id, or None."""
        return next((p for p in self.media if p.id == part_id), None)

    def all_ids(self) -> list[str]:
        """Every part id in the catalog, in section order."""
        return [
            p.id
            for section in (
                self.accelerators,
                self.servers,
                self.rack_types,
                self.switches,
                self.media,
            )
            for p in section
        ]

    def merged(self, other: Catalog) -> Catalog:
        """This catalog plus the parts of ``other`` whose ids it lacks."""

        def merge(mine: tuple[_P, ...], theirs: tuple[_P, ...]) -> tuple[_P, ...]:
            have = {p.id for p in mine}
            return mine + tuple(p for p in theirs if p.id not in have)

        return Catalog(
            accelerators=merge(self.accelerators, other.accelerators),
            servers=merge(self.servers, other.servers),
            rack_types=merge(self.rack_types, other.rack_types),
            switches=merge(self.switches, other.switches),
            media=merge(self.media, other.media),
        )

    def closure_of_rack_type(self, rack_type_id: str) -> Catalog:
        """The rack type with its server and accelerator: what a design must copy in to
        use it. Missing parts are simply absent (the design's checks report them)."""
        rack = self.rack_type(rack_type_id)
        server = self.server(rack.server) if rack else None
        acc = self.accelerator(server.accelerator) if server else None
        return Catalog(
            accelerators=(acc,) if acc else (),
            servers=(server,) if server else (),
            rack_types=(rack,) if rack else (),
        )
