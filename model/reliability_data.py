"""Failure rates by component class (``resources/reliability.json``) and a design's
overrides of them.

Each component class (GPU, HBM, host, NIC, switch, link, …) has an annualised failure
rate per unit (per accelerator, server, backend NIC, switch or link), either derived
from an observation — ``events`` interruptions over ``units`` units in ``days`` days,
rate = events ÷ (units × days) × 365 — or given directly (``afr_per_year`` or
``mtbf_hours``). Every figure names its source and says when it is an estimate. Rates
may also be given for one part (by part id: an accelerator type, server type, switch
model or medium), and a design's settings may override either.

The shipped rates are derived from Table 5 of the Llama 3 paper; the file's ``notes``
state the populations assumed. Kept apart from the parts catalog so that the catalog's
files and loader stay as they are.
"""

from __future__ import annotations

import json
from enum import StrEnum
from functools import lru_cache
from pathlib import Path
from typing import Any

from pydantic import Field, ValidationError, model_validator

from model.errors import ArchipelagoError
from model.i18n import Message, TextValueError, message
from model.parts import Frozen, PartId, Text
from model.strict import Flag, Number, WholeNumber
from model.validation_text import item_reason

RELIABILITY_PATH = Path(__file__).resolve().parent.parent / "resources" / "reliability.json"
"""The shipped failure rates."""

DAYS_PER_YEAR = 365.0
"""Days in the year of an annualised rate (as the Llama 3 derivation uses)."""
HOURS_PER_YEAR = DAYS_PER_YEAR * 24.0
"""Hours in that year: MTBF hours = HOURS_PER_YEAR ÷ failures per year."""

FORMAT_NAME = "archipelago-reliability"


class Component(StrEnum):
    """A component class whose failure interrupts a training job."""

    GPU = "gpu"
    HBM = "hbm"
    SOFTWARE = "software"
    HOST_MAINTENANCE = "host_maintenance"
    HOST = "host"
    POWER_SUPPLY = "power_supply"
    NIC = "nic"
    SWITCH = "switch"
    LINK = "link"


class Unit(StrEnum):
    """What a class's rate is counted per."""

    ACCELERATOR = "accelerator"
    SERVER = "server"
    NIC = "nic"
    SWITCH = "switch"
    LINK = "link"


UNIT_OF: dict[Component, Unit] = {
    Component.GPU: Unit.ACCELERATOR,
    Component.HBM: Unit.ACCELERATOR,
    Component.SOFTWARE: Unit.ACCELERATOR,
    Component.HOST_MAINTENANCE: Unit.SERVER,
    Component.HOST: Unit.SERVER,
    Component.POWER_SUPPLY: Unit.SERVER,
    Component.NIC: Unit.NIC,
    Component.SWITCH: Unit.SWITCH,
    Component.LINK: Unit.LINK,
}
"""The unit each class is counted per; a part override names a part of that kind
(accelerator type, server type, server type for its NICs, switch model, medium)."""


class ClassRate(Frozen):
    """The rate of one component class: from an observation (``events`` over ``units``
    units in the file's ``days``) or given as ``afr_per_year`` / ``mtbf_hours``."""

    component: Component
    unit: Unit
    events: Number | None = Field(default=None, ge=0)
    units: WholeNumber | None = Field(default=None, ge=1)
    rows: dict[str, Number] = Field(default_factory=dict)
    afr_per_year: Number | None = Field(default=None, ge=0, le=1e6)
    mtbf_hours: Number | None = Field(default=None, gt=0)
    source: Text = Field(min_length=1)
    estimate: Flag = False

    @model_validator(mode="after")
    def _one_way(self) -> ClassRate:
        ways = [self.events is not None, self.afr_per_year is not None,
                self.mtbf_hours is not None]
        if sum(ways) != 1:
            raise TextValueError(message(
                "reliability", "give exactly one of 'events' (with 'units'), 'afr_per_year'"
                " or 'mtbf_hours'"))
        if (self.events is None) != (self.units is None):
            raise TextValueError(message("reliability", "'events' and 'units' go together"))
        if self.unit != UNIT_OF[self.component]:
            raise TextValueError(message(
                "reliability", "class {component!r} is counted per {unit}, not {given}",
                component=self.component.value, unit=UNIT_OF[self.component].value,
                given=self.unit.value))
        if self.rows and abs(sum(self.rows.values()) - (self.events or 0)) > 1e-9:
            raise TextValueError(message(
                "reliability", "the rows sum to {total:g}, not the {events:g} events",
                total=sum(self.rows.values()), events=self.events))
        return self


class RateOverride(Frozen):
    """A rate for one class, or for one part of a class (``part``: the id of the
    accelerator type, server type, switch model or medium): failures per unit per year,
    given as ``afr_per_year`` or ``mtbf_hours``."""

    component: Component
    part: PartId | None = None
    afr_per_year: Number | None = Field(default=None, ge=0, le=1e6)
    mtbf_hours: Number | None = Field(default=None, gt=0)
    source: Text = ""
    estimate: Flag = False

    @model_validator(mode="after")
    def _one_way(self) -> RateOverride:
        if (self.afr_per_year is None) == (self.mtbf_hours is None):
            raise TextValueError(message(
                "reliability", "give exactly one of 'afr_per_year' or 'mtbf_hours'"))
        return self

    def per_year(self) -> float:
        """Failures per unit per year."""
        if self.afr_per_year is not None:
            return self.afr_per_year
        assert self.mtbf_hours is not None
        return HOURS_PER_YEAR / self.mtbf_hours


class ReliabilitySettings(Frozen):
    """A design's reliability settings: the job the figures describe, the checkpoint
    and restart times of goodput, and overrides of the shipped failure rates."""

    job_accelerators: WholeNumber | None = Field(
        default=None, ge=1, le=100_000_000,
        description="Accelerators of the training job the figures describe; empty: all.")
    checkpoint_write_s: Number = Field(
        default=30.0, gt=0, le=1e6,
        description="Time training pauses to write one checkpoint, s (assumption).")
    restart_s: Number = Field(
        default=300.0, ge=0, le=1e7,
        description="Time from an interruption to training again, s (assumption).")
    failure_rates: tuple[RateOverride, ...] = Field(
        default=(), description="Rates replacing the shipped ones, per class or part.")


class ReliabilityData(Frozen):
    """The shipped rates file."""

    format: str
    notes: Text = ""
    observation: dict[str, Any] = Field(default_factory=dict)
    classes: tuple[ClassRate, ...]
    parts: tuple[RateOverride, ...] = ()

    @model_validator(mode="after")
    def _every_class_once(self) -> ReliabilityData:
        if self.format != FORMAT_NAME:
            raise TextValueError(message("reliability", "'format' must be {format!r}",
                                         format=FORMAT_NAME))
        seen = [c.component for c in self.classes]
        missing = [c.value for c in Component if c not in seen]
        if missing:
            raise TextValueError(message("reliability", "no rate for class {component!r}",
                                         component=missing[0]))
        if len(set(seen)) != len(seen):
            raise TextValueError(message("reliability", "a class is given twice"))
        if any(c.events is not None and "days" not in self.observation
               for c in self.classes):
            raise TextValueError(message(
                "reliability", "'observation.days' is needed for rates given as events"))
        return self

    def class_rate(self, component: Component) -> ClassRate:
        """The record of one class."""
        return next(c for c in self.classes if c.component == component)

    def per_year(self, component: Component) -> float:
        """Failures per unit per year of a class: events ÷ (units × days) × 365, or
        the given rate."""
        rate = self.class_rate(component)
        if rate.events is not None:
            assert rate.units is not None
            return rate.events / (rate.units * float(self.observation["days"])) * DAYS_PER_YEAR
        if rate.afr_per_year is not None:
            return rate.afr_per_year
        assert rate.mtbf_hours is not None
        return HOURS_PER_YEAR / rate.mtbf_hours


class ReliabilityDataError(ArchipelagoError):
    """The rates file is missing, unreadable or invalid (the message names the field);
    ``text`` reads it in the user's language (:func:`model.i18n.error_text`)."""

    def __init__(self, text: Message) -> None:
        super().__init__(str(text))
        self.text = text


def load_reliability_file(path: Path) -> ReliabilityData:
    """Load and validate a rates file; raises :class:`ReliabilityDataError` naming the
    file and the field of the first problem."""
    try:
        text = path.read_text(encoding="utf-8")
        json.loads(text)
    except OSError as error:
        raise ReliabilityDataError(message(
            "reliability", "{path}: cannot read the file ({why})", path=str(path),
            why=error.strerror)) from None
    except json.JSONDecodeError as error:
        raise ReliabilityDataError(message(
            "reliability", "{path}: not valid JSON: {why} at line {line}", path=str(path),
            why=error.msg, line=error.lineno)) from None
    try:
        # validated from the JSON text, so enum values read as JSON strings in any mode
        return ReliabilityData.model_validate_json(text)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        reason = item_reason(first)
        raise ReliabilityDataError(message(
            "reliability", "{path}: {where}: {reason}", path=str(path), where=where,
            reason=reason) if where else message(
            "reliability", "{path}: {reason}", path=str(path), reason=reason)) from None


@lru_cache(maxsize=1)
def shipped_rates() -> ReliabilityData:
    """The shipped rates (loaded once; immutable)."""
    return load_reliability_file(RELIABILITY_PATH)
