"""The guard on what the engine remembers: every field of every element, part and of
the design's settings is either read into the network's spec (and then changing it
changes the spec, so no figure computed before is served) or listed as not affecting
the network (and then changing it leaves the spec alone). A field in neither list, a
listed field that does not exist, or a list that does not match what the spec really
reads fails here."""

from __future__ import annotations

import inspect
from enum import Enum
from types import SimpleNamespace
from typing import Any, cast, get_args

import pytest
from pydantic import BaseModel

from model import elements, parts
from model.design import Design, DesignSettings
from model.elements import Pattern, Plane, RackGroup, SwitchTier
from model.failures import Failure, what_is_down
from model.metrics.spec import NETWORK_FIELDS, NOT_NETWORK, NetworkSpec, network_spec
from model.templates import TEMPLATES

ABSTRACT = {elements.Element, parts.Frozen}
"""Bases whose fields are checked through their concrete classes."""
CONTAINERS = {parts.Catalog}
"""Classes whose fields are sections of parts (each part class is checked itself)."""


def guarded_classes() -> list[type[BaseModel]]:
    """Every record class of the elements and parts modules, and the settings."""
    found: list[type[BaseModel]] = [DesignSettings]
    for module in (elements, parts):
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if (issubclass(cls, BaseModel) and cls.__module__ == module.__name__
                    and cls not in ABSTRACT | CONTAINERS):
                found.append(cls)
    return found


def unclassified(cls: type[BaseModel]) -> list[str]:
    """What is wrong with the lists for ``cls``: fields in neither list, in both, or
    listed but absent."""
    fields = set(cls.model_fields)
    read = NETWORK_FIELDS.get(cls)
    not_read = NOT_NETWORK.get(cls)
    if read is None or not_read is None:
        return [f"{cls.__name__}: class in neither list"]
    return ([f"{cls.__name__}.{f}: in neither list" for f in sorted(fields - read - not_read)]
            + [f"{cls.__name__}.{f}: in both lists" for f in sorted(read & not_read)]
            + [f"{cls.__name__}.{f}: listed but no such field"
               for f in sorted((read | not_read) - fields)])


def test_every_field_is_read_into_the_spec_or_listed_as_not_affecting_the_network() -> None:
    problems = [p for cls in guarded_classes() for p in unclassified(cls)]
    assert not problems, "\n".join(problems)


def test_the_guard_finds_every_class() -> None:
    names = {cls.__name__ for cls in guarded_classes()}
    assert {"Building", "Island", "RackGroup", "SwitchTier", "LinkBundle", "ServerType",
            "RackType", "AcceleratorType", "SwitchModel", "Medium", "Price",
            "DesignSettings"} <= names
    # a catalog section is a tuple of one of the guarded part classes
    for name, field in parts.Catalog.model_fields.items():
        assert get_args(field.annotation)[0] in guarded_classes(), name


def test_a_new_field_fails_the_guard() -> None:
    """A field added to an element (here by a subclass) and placed in neither list is
    named; so is a field listed that the class no longer has."""

    class TierWithRailGroup(SwitchTier):
        rail_group: int = 0

    NETWORK_FIELDS[TierWithRailGroup] = NETWORK_FIELDS[SwitchTier]
    NOT_NETWORK[TierWithRailGroup] = NOT_NETWORK[SwitchTier]
    try:
        assert unclassified(TierWithRailGroup) == [
            "TierWithRailGroup.rail_group: in neither list"]
    finally:
        del NETWORK_FIELDS[TierWithRailGroup], NOT_NETWORK[TierWithRailGroup]

    class Cable(parts.Frozen):
        id: str

    assert unclassified(Cable) == ["Cable: class in neither list"]


# ---------------------------------------------------------------- the lists are true


def sample() -> Design:
    """A design holding every kind of element and part: two islands under a core."""
    design = TEMPLATES["islands"].build(islands=2, gpus_per_island=512, buildings=2)
    assert design.catalog.media and design.catalog.switches
    return design


def changed(value: Any) -> Any:
    """A value unequal to ``value`` of a plausible kind (the spec only reads it)."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, Enum):
        return next(m for m in type(value) if m != value)
    if isinstance(value, int):
        return value + 1
    if isinstance(value, float):
        return value * 2 + 1
    if isinstance(value, str):
        return value + "-changed"
    return "changed"  # None, a price, a nested record


class _View(SimpleNamespace):
    """A design as :func:`network_spec` reads it, with one record replaced without
    validation (so that any field can be changed to any value)."""


def view(design: Design) -> _View:
    return _View(buildings=dict(design.buildings), islands=dict(design.islands),
                 rack_groups=dict(design.rack_groups), tiers=dict(design.tiers),
                 bundles=dict(design.bundles), catalog=design.catalog,
                 settings=design.settings)


def spec_of(design: _View) -> NetworkSpec:
    """The spec as the engine builds it for the design's own plane."""
    return network_spec(cast(Design, design), design.settings.plane)


def with_change(design: Design, cls: type[BaseModel], field: str) -> _View | None:
    """``design`` with ``field`` of one ``cls`` record changed (for a part: the one the
    first rack group uses, when it uses one), or None when the design has none."""
    out = view(design)
    for table in ("buildings", "islands", "rack_groups", "tiers", "bundles"):
        records = getattr(out, table)
        for key, record in records.items():
            if type(record) is cls:
                records[key] = record.model_copy(update={field: changed(getattr(record,
                                                                               field))})
                return out
    if cls is DesignSettings:
        out.settings = design.settings.model_copy(
            update={field: changed(getattr(design.settings, field))})
        return out
    cat = design.catalog
    rack_type = cat.rack_type(next(iter(design.rack_groups.values())).rack_type)
    assert rack_type is not None
    server = cat.server(rack_type.server)
    assert server is not None
    used = {parts.RackType: rack_type, parts.ServerType: server,
            parts.AcceleratorType: cat.accelerator(server.accelerator)}
    for section in parts.Catalog.model_fields:
        items = getattr(cat, section)
        if items and type(items[0]) is cls:
            target = used.get(cls, items[0])
            new = target.model_copy(update={field: changed(getattr(target, field))})
            out.catalog = cat.model_copy(update={section: tuple(
                new if item is target else item for item in items)})
            return out
    return None


def lists_that_lie(design: Design) -> list[str]:
    """Fields read into the spec whose change leaves it alone, and fields listed as
    not affecting the network whose change changes it."""
    before = spec_of(view(design))
    problems = []
    for cls in guarded_classes():
        if cls is parts.Price:
            continue  # a nested record: changing a part's price is checked as a field
        for field in sorted(cls.model_fields):
            after = with_change(design, cls, field)
            assert after is not None, f"the sample has no {cls.__name__}"
            moved = spec_of(after) != before
            if field in NETWORK_FIELDS[cls] and not moved:
                problems.append(f"{cls.__name__}.{field} is listed as read but the spec "
                                "does not change with it")
            if field in NOT_NETWORK[cls] and moved:
                problems.append(f"{cls.__name__}.{field} is listed as not affecting the "
                                "network but the spec changes with it")
    return problems


def test_the_lists_say_what_the_spec_reads() -> None:
    problems = lists_that_lie(sample())
    assert not problems, "\n".join(problems)


def test_a_field_listed_wrongly_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Moving a rack group's count to the 'does not affect' list (a lie: the spec reads
    it) and a tier's switch model to the 'read' list (also a lie) are both named."""
    monkeypatch.setitem(NETWORK_FIELDS, RackGroup, NETWORK_FIELDS[RackGroup] - {"count"})
    monkeypatch.setitem(NOT_NETWORK, RackGroup, NOT_NETWORK[RackGroup] | {"count"})
    monkeypatch.setitem(NETWORK_FIELDS, SwitchTier, NETWORK_FIELDS[SwitchTier] | {"switch"})
    monkeypatch.setitem(NOT_NETWORK, SwitchTier, NOT_NETWORK[SwitchTier] - {"switch"})
    assert lists_that_lie(sample()) == [
        "RackGroup.count is listed as not affecting the network but the spec changes "
        "with it",
        "SwitchTier.switch is listed as read but the spec does not change with it",
    ]


# ---------------------------------------------------------------- projections


def test_projections_keep_what_each_stage_depends_on() -> None:
    """A speed edit keeps the projection without speeds (hops are kept) and changes the
    full spec; a speed edit of a rack group's links also changes the units' key, one of
    a switch-to-switch bundle does not; a count edit changes all three."""
    design = sample()
    base = network_spec(design, Plane.BACKEND)
    racks = next(b for b in design.bundles.values() if b.lower in design.rack_groups)
    between = next(b for b in design.bundles.values() if b.lower in design.tiers)

    design.update(between.id, speed_gbps=between.speed_gbps * 2)
    spine = network_spec(design, Plane.BACKEND)
    assert spine != base
    assert spine.without_speeds() == base.without_speeds()
    assert spine.units_key() == base.units_key()

    design.update(racks.id, speed_gbps=racks.speed_gbps * 2)
    nic = network_spec(design, Plane.BACKEND)
    assert nic.without_speeds() == base.without_speeds()
    assert nic.units_key() != spine.units_key()

    group = next(iter(design.rack_groups.values()))
    design.update(group.id, count=group.count - 1)
    fewer = network_spec(design, Plane.BACKEND)
    assert fewer.without_speeds() != nic.without_speeds()
    assert fewer.units_key() != nic.units_key()


def test_failed_members_and_the_plane_are_part_of_the_spec() -> None:
    """A switch down changes the structure (hops, units and figures are not shared with
    the healthy network); failing a second spine instead of the first names the same
    figures when the engine finds the two are twins, and other figures otherwise."""
    design = TEMPLATES["leaf-spine"].build(leaves=4, down=8, up=8, spines=4)
    spine = next(t for t in design.tiers.values() if t.role.value == "spine")
    whole = network_spec(design, Plane.BACKEND)
    first = what_is_down(design, [Failure(element=spine.id, members=(0,))])
    down = network_spec(design, Plane.BACKEND, first.key)
    assert down != whole and down.without_speeds() != whole.without_speeds()
    assert down.units_key() != whole.units_key()
    assert down.figures_key() != whole.figures_key()
    second = what_is_down(design, [Failure(element=spine.id, members=(1,))])
    assert network_spec(design, Plane.BACKEND, second.key) != down
    twins = network_spec(design, Plane.BACKEND, second.key, same_figures_as="spine-0")
    assert twins.figures_key() == network_spec(
        design, Plane.BACKEND, first.key, same_figures_as="spine-0").figures_key()
    assert twins.without_speeds() != down.without_speeds()
    assert network_spec(design, Plane.FRONTEND) != whole
    assert whole.structure.bundles[0].pattern in set(Pattern)
