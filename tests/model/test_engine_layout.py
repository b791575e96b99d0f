"""The engine's layout stage (model/metrics/layout.py) is kept by what it depends on,
and never serves a stale figure.

The guard: every field of a building and of the settings is either read into
:func:`~model.metrics.spec.layout_key` or listed in ``NOT_LAYOUT``; every other record
is in the key whole. Then every field of every element, part and setting is changed
through the design's own operations, and the engine that computed the design before
the change must give exactly what a fresh ``Engine()`` gives after it — and, after the
change is undone, exactly what it gave before. Power after random edits is checked
against the device-by-device sum of the reference (tests/reference/slow_metrics.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from enum import Enum
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, ValidationError

from model import parts
from model.design import Design, DesignSettings
from model.elements import Building, LinkBundle
from model.errors import DesignError
from model.metrics import DesignMetrics, Engine
from model.metrics.spec import LAYOUT_SETTINGS, NOT_LAYOUT, equipment_key, layout_key
from model.templates import TEMPLATES
from tests.reference.compare import power_mismatches


def figures(metrics: DesignMetrics) -> DesignMetrics:
    """``metrics`` without the bisection's cut: of several cuts of the same least
    capacity, a warm engine and a fresh one may name different ones (the network
    stage's own caches do); the value, exactness and bounds must be equal."""
    return replace(metrics, bisection=replace(metrics.bisection, cut=None))


def sample() -> Design:
    """Two islands in two buildings under a core: every kind of element and part."""
    return TEMPLATES["islands"].build(islands=2, gpus_per_island=512, buildings=2)


def test_every_building_and_settings_field_is_in_the_key_or_listed() -> None:
    assert set(Building.model_fields) == NOT_LAYOUT[Building] | {"id"}
    assert set(DesignSettings.model_fields) == NOT_LAYOUT[DesignSettings] | set(
        LAYOUT_SETTINGS)
    assert not NOT_LAYOUT[DesignSettings] & set(LAYOUT_SETTINGS)


def test_the_fields_left_out_leave_the_key_alone_and_the_others_move_it() -> None:
    design = sample()
    plane = design.settings.plane
    before = layout_key(design, plane)
    building = next(iter(design.buildings.values()))
    for field in sorted(Building.model_fields):
        if field == "id":
            continue
        design.update(building.id, **{field: _new_value(design, building, field)[0]})
        assert layout_key(design, plane) == before, field
    for field in sorted(DesignSettings.model_fields):
        old = design.settings
        value = next(_candidates(getattr(old, field)))
        design.settings = old.model_copy(update={field: value})
        moved = layout_key(design, plane) != before
        assert moved == (field in LAYOUT_SETTINGS), field
        design.settings = old
    island = next(iter(design.islands.values()))
    design.update(island.id, name="renamed")
    assert layout_key(design, plane) != before  # other records are in the key whole


def _candidates(value: Any) -> Iterator[Any]:
    """Plausible new values for a field whose value is ``value``."""
    if isinstance(value, bool):
        yield not value
    elif isinstance(value, Enum):
        yield from (m for m in type(value) if m != value)
    elif isinstance(value, int):
        yield from (value + 1, max(value - 1, 1), value * 2)
    elif isinstance(value, float):
        yield from (value * 0.5, value * 2, value + 1)
    elif isinstance(value, str):
        yield value + "-changed"
        yield from (c for c in ("EUR", "CNY") if c != value)  # a currency
    elif value is None:
        yield from (1.0, 100.0, "note")
    elif isinstance(value, BaseModel):
        for name in type(value).model_fields:
            for new in _candidates(getattr(value, name)):
                try:
                    yield type(value).model_validate({**value.model_dump(), name: new})
                except ValidationError:
                    continue
                break


def _new_value(design: Design, record: BaseModel, field: str) -> tuple[Any, bool]:
    """A value for ``field`` of ``record`` that the design accepts (a reference: another
    element or part it may name), and whether one was found."""
    old = getattr(record, field)
    ids = [*design.catalog.all_ids(), *(e.id for e in design.all_elements())]
    for value in [*_candidates(old), *(i for i in ids if isinstance(old, str) and i != old)]:
        try:
            type(record).model_validate({**record.model_dump(), field: value})
        except ValidationError:
            continue
        return value, True
    return None, False


def _element_edits(design: Design) -> Iterator[tuple[str, Callable[[], Any],
                                                     Callable[[], Any]]]:
    """(what, do, undo) for every field of the first element of each kind."""
    for kind in ("building", "island", "rack_group", "tier", "bundle"):
        for record in list(design.elements(kind).values())[:1]:
            for field in sorted(type(record).model_fields):
                if field == "id":
                    continue
                value, found = _new_value(design, record, field)
                if not found:
                    continue
                yield (f"{kind}.{field}",
                       lambda r=record, f=field, v=value: design.update(r.id, **{f: v}),
                       lambda r=record, f=field: design.update(r.id, **{f: getattr(r, f)}))


def _part_edits(design: Design) -> Iterator[tuple[str, Callable[[], Any],
                                                  Callable[[], Any]]]:
    """(what, do, undo) for every field but the id of the first part of each section."""
    catalog = design.catalog
    for section in parts.Catalog.model_fields:
        items = getattr(catalog, section)
        if not items:
            continue
        part = items[0]
        for field in sorted(type(part).model_fields):
            if field == "id":
                continue
            value, found = _new_value(design, part, field)
            if not found:
                continue
            new = part.model_copy(update={field: value})
            changed = catalog.model_copy(update={section: (new, *items[1:])})
            yield (f"{section}.{field}", lambda c=changed: design.set_catalog(c),
                   lambda c=catalog: design.set_catalog(c))


def _settings_edits(design: Design) -> Iterator[tuple[str, Callable[[], Any],
                                                      Callable[[], Any]]]:
    old = design.settings
    for field in sorted(DesignSettings.model_fields):
        for value in _candidates(getattr(old, field)):
            try:
                DesignSettings.model_validate({**old.model_dump(), field: value})
            except ValidationError:
                continue
            yield (f"settings.{field}", lambda f=field, v=value: design.update_settings(**{f: v}),
                   lambda f=field: design.update_settings(**{f: getattr(old, f)}))
            break


def test_every_field_changed_gives_what_a_fresh_engine_gives() -> None:
    """Change by change, on one warm engine: after the change, the figures of a fresh
    engine; after undoing it, the figures from before."""
    design = sample()
    engine = Engine()
    first = engine.compute_all(design)
    tried = []
    edits = [*_element_edits(design), *_part_edits(design), *_settings_edits(design)]
    for what, do, undo in edits:
        try:
            do()
        except DesignError:
            continue
        tried.append(what)
        assert figures(engine.compute_all(design)) == figures(Engine().compute_all(design)), what
        undo()
        assert figures(engine.compute_all(design)) == figures(first), f"undo of {what}"
    for field in NOT_LAYOUT[Building]:
        assert f"building.{field}" in tried
    for field in DesignSettings.model_fields:
        assert f"settings.{field}" in tried
    assert {"rack_group.count", "bundle.speed_gbps", "bundle.medium", "tier.count",
            "island.name", "servers.max_power_w", "media.power_w_per_end"} <= set(tried)


def test_a_power_edit_reuses_the_layout_and_undo_returns_to_it() -> None:
    design = sample()
    engine = Engine()
    first = engine.compute_all(design)
    building = next(iter(design.buildings.values()))
    design.update(building.id, capacity_kw=building.capacity_kw * 2, pue=1.5)
    second = engine.compute_all(design)
    assert second.inventory is first.inventory  # kept, not recomputed
    assert second.power.buildings[building.id].capacity_kw == building.capacity_kw * 2
    assert second.power.buildings[building.id].facility_kw == (
        second.power.buildings[building.id].it_kw * 1.5)
    group = next(iter(design.rack_groups.values()))
    design.update(group.id, count=group.count - 1)
    third = engine.compute_all(design)
    assert third.inventory is not first.inventory
    assert third.inventory.racks == first.inventory.racks - 1
    design.update(group.id, count=group.count)
    assert engine.compute_all(design).inventory is first.inventory


FAMILIES: list[Callable[[], Design]] = [
    lambda: TEMPLATES["islands"].build(islands=2, gpus_per_island=512, buildings=2),
    lambda: TEMPLATES["fat-tree"].build(k=4),
    lambda: TEMPLATES["leaf-spine"].build(leaves=4, down=8, up=4, spines=4),
    lambda: TEMPLATES["ai-zones"].build(pods=2),
    lambda: TEMPLATES["superpod"].build(sus=2, system="gb200-nvl72"),
]

EDITS = st.sampled_from(["capacity", "pue", "allowance", "count", "speed", "undo"])


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(range(len(FAMILIES))), st.lists(EDITS, min_size=1, max_size=5),
       st.data())
def test_edits_on_a_warm_engine_match_a_fresh_one_and_the_reference_power(
        family: int, edits: list[str], data: Any) -> None:
    design = FAMILIES[family]()
    engine = Engine()
    engine.compute_all(design)
    undo: list[Callable[[], Any]] = []
    for edit in edits:
        building = data.draw(st.sampled_from(list(design.buildings.values())))
        group = data.draw(st.sampled_from(list(design.rack_groups.values())))
        bundle = data.draw(st.sampled_from(list(design.bundles.values())))
        if edit == "capacity":
            design.update(building.id, capacity_kw=building.capacity_kw * 1.5)
            undo.append(lambda b=building: design.update(b.id, capacity_kw=b.capacity_kw))
        elif edit == "pue":
            design.update(building.id, pue=building.pue + 0.1)
            undo.append(lambda b=building: design.update(b.id, pue=b.pue))
        elif edit == "allowance":
            before = design.settings.allowance_pct
            design.update_settings(allowance_pct=before + 5)
            undo.append(lambda v=before: design.update_settings(allowance_pct=v))
        elif edit == "count" and group.count > 1:
            design.update(group.id, count=group.count - 1)
            undo.append(lambda g=group: design.update(g.id, count=g.count))
        elif edit == "speed":
            design.update(bundle.id, speed_gbps=bundle.speed_gbps * 2)
            undo.append(lambda b=bundle: design.update(b.id, speed_gbps=b.speed_gbps))
        elif edit == "undo" and undo:
            undo.pop()()
        warm = engine.compute_all(design)
        assert figures(warm) == figures(Engine().compute_all(design)), edit
        problems = power_mismatches(design, warm.power)
        assert not problems, "\n".join(problems)


def test_the_equipment_key_is_the_layout_key_but_the_links_speeds() -> None:
    design = sample()
    plane = design.settings.plane
    before = equipment_key(design, plane)
    bundle = next(iter(design.bundles.values()))
    design.update(bundle.id, speed_gbps=bundle.speed_gbps / 2)
    assert equipment_key(design, plane) == before
    assert layout_key(design, plane) != layout_key(sample(), plane)
    design.update(bundle.id, speed_gbps=bundle.speed_gbps)
    for field in sorted(LinkBundle.model_fields):
        if field in ("id", "speed_gbps"):
            continue
        value, found = _new_value(design, bundle, field)
        assert found, field
        try:
            design.update(bundle.id, **{field: value})
        except DesignError:
            continue
        assert equipment_key(design, plane) != before, field
        design.update(bundle.id, **{field: getattr(bundle, field)})


def test_a_speed_edit_reuses_the_equipment_figures() -> None:
    design = sample()
    engine = Engine()
    first = engine.compute_all(design)
    bundle = next(b for b in design.bundles.values() if design.kind_of(b.lower) == "tier")
    design.update(bundle.id, speed_gbps=bundle.speed_gbps / 2)
    second = engine.compute_all(design)
    assert second.oversubscription != first.oversubscription  # the layout is new
    assert second.cost.items == first.cost.items
    assert second.reliability == first.reliability
    # a new layout, and the equipment of the one before
    assert (len(engine.memory.layouts), len(engine.memory.equipment)) == (2, 1)
    assert figures(second) == figures(Engine().compute_all(design))
