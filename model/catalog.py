"""The built-in parts catalog (``resources/catalog/*.json``) and user parts files.

The shipped catalog is one JSON file per section (accelerators, servers, rack types,
switches, media), each an object ``{"section": ..., "parts": [...]}``. Loading validates
every part with the pydantic types of :mod:`model.parts`, then checks that ids are unique
across the whole catalog and that every server names an existing accelerator and every
rack type an existing server. A broken file raises :class:`CatalogError` naming the file,
the part and the field.

The catalog also defines the *generic* parts templates need at arbitrary sizes (a k-port
switch, optics of any speed, a one-NIC host at any speed): they are copies of the shipped
generic parts with the changed figures, following the nominal rules written in those
parts' sources, and are marked ``estimate``.
"""

from __future__ import annotations

import json
import math
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from model.errors import ArchipelagoError
from model.parts import (
    AcceleratorType,
    Catalog,
    Medium,
    MediumKind,
    RackType,
    ServerType,
    SwitchModel,
)

CATALOG_DIR = Path(__file__).resolve().parent.parent / "resources" / "catalog"
"""Folder of the shipped catalog files."""

SECTIONS: dict[str, type[BaseModel]] = {
    "accelerators": AcceleratorType,
    "servers": ServerType,
    "rack_types": RackType,
    "switches": SwitchModel,
    "media": Medium,
}
"""Catalog sections in file order, with the part type each holds."""

GENERIC_SWITCH_BASE_W = 100.0
"""Nominal generic switch: fixed part of the typical power, W."""
GENERIC_SWITCH_W_PER_GBPS = 0.025
"""Nominal generic switch: typical power per Gb/s of total port capacity, W."""
GENERIC_SWITCH_MAX_FACTOR = 1.5
"""Nominal generic switch: maximum power ÷ typical power."""
GENERIC_OPTICS_GBPS_PER_W = 50.0
"""Nominal generic optics: Gb/s per W of one link end (at least 1 W per end)."""
GENERIC_SWITCH_BASE_USD = 2000.0
"""Nominal generic switch: fixed part of the price, US dollars."""
GENERIC_SWITCH_USD_PER_GBPS = 1.5
"""Nominal generic switch: price per Gb/s of total port capacity, US dollars."""
GENERIC_OPTICS_USD_PER_GBPS = 2.0
"""Nominal generic optics: price of one link end per Gb/s (at least US$20), US dollars."""


class CatalogError(ArchipelagoError):
    """A catalog file is missing, unreadable or holds an invalid part.

    ``path`` is the file and ``field_path`` the place inside it (``parts[2].tdp_w``).
    """

    def __init__(self, message: str, path: str | None = None, field_path: str | None = None):
        where = f"{path}: " if path else ""
        if field_path:
            where += f"{field_path}: "
        super().__init__(where + message)
        self.path = path
        self.field_path = field_path


def _read_json(path: Path) -> Any:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise CatalogError(f"cannot read the file ({error.strerror})", str(path)) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise CatalogError(
            f"not valid JSON: {error.msg} at line {error.lineno}, column {error.colno}",
            str(path),
        ) from None


def _parse_parts(raw: Any, section: str, path: Path, where: str) -> list[Any]:
    """Validate the list ``raw`` of one section; ``where`` prefixes field paths."""
    if not isinstance(raw, list):
        raise CatalogError(f"'{section}' must be a list of parts", str(path), where)
    part_type = SECTIONS[section]
    parts = []
    for index, item in enumerate(raw):
        label = f"{where}[{index}]"
        if isinstance(item, dict) and isinstance(item.get("id"), str):
            label += f" ({item['id']})"
        try:
            parts.append(part_type.model_validate(item))
        except ValidationError as error:
            first = error.errors()[0]
            field = ".".join(str(p) for p in first["loc"])
            message = first["msg"].removeprefix("Value error, ")
            more = len(error.errors()) - 1
            if more:
                message += f" (and {more} more problem{'s' if more > 1 else ''})"
            raise CatalogError(
                message, str(path), f"{label}.{field}" if field else label
            ) from None
    return parts


def _check_whole(catalog: Catalog, origin: str) -> None:
    """Refuse duplicate ids and dangling server/accelerator references."""
    seen: set[str] = set()
    for part_id in catalog.all_ids():
        if part_id in seen:
            raise CatalogError(f"the part id {part_id!r} is used twice", origin)
        seen.add(part_id)
    for server in catalog.servers:
        if catalog.accelerator(server.accelerator) is None:
            raise CatalogError(
                f"server {server.id!r} names accelerator {server.accelerator!r}, which is"
                " not in the catalog",
                origin,
                f"servers.{server.id}.accelerator",
            )
    for rack in catalog.rack_types:
        if catalog.server(rack.server) is None:
            raise CatalogError(
                f"rack type {rack.id!r} names server {rack.server!r}, which is not in the"
                " catalog",
                origin,
                f"rack_types.{rack.id}.server",
            )


def load_catalog_dir(directory: Path) -> Catalog:
    """Load and validate a catalog folder holding one ``<section>.json`` per section.

    Raises :class:`CatalogError` naming the file and field of the first problem.
    """
    sections: dict[str, tuple[Any, ...]] = {}
    for section in SECTIONS:
        path = directory / f"{section}.json"
        data = _read_json(path)
        if not isinstance(data, dict) or "parts" not in data:
            raise CatalogError("expected an object with a 'parts' list", str(path))
        named = data.get("section", section)
        if named != section:
            raise CatalogError(
                f"the file says it holds {named!r} but is the {section!r} file",
                str(path),
                "section",
            )
        unknown = sorted(set(data) - {"section", "notes", "parts"})
        if unknown:
            raise CatalogError(f"unknown key {unknown[0]!r}", str(path), unknown[0])
        sections[section] = tuple(_parse_parts(data["parts"], section, path, "parts"))
    catalog = Catalog(**sections)
    _check_whole(catalog, str(directory))
    return catalog


@lru_cache(maxsize=1)
def load_builtin_catalog() -> Catalog:
    """The shipped parts catalog, validated (loaded once, then cached; parts are
    immutable so sharing is safe)."""
    return load_catalog_dir(CATALOG_DIR)


def builtin_part_ids() -> list[str]:
    """Every part id of the shipped catalog, in section order."""
    return load_builtin_catalog().all_ids()


def load_parts_file(path: Path) -> Catalog:
    """Load a user's own parts file: one JSON object whose keys are section names
    (``accelerators``, ``servers``, ``rack_types``, ``switches``, ``media``), each a list
    of parts. Servers and rack types may name parts of the built-in catalog.

    Returns only the file's parts; merge them with ``load_builtin_catalog().merged(...)``.
    """
    data = _read_json(path)
    if not isinstance(data, dict):
        raise CatalogError("expected an object whose keys are catalog sections", str(path))
    unknown = sorted(set(data) - set(SECTIONS) - {"notes"})
    if unknown:
        raise CatalogError(
            f"unknown section {unknown[0]!r}; sections are {', '.join(SECTIONS)}",
            str(path),
            unknown[0],
        )
    sections = {
        section: tuple(_parse_parts(data[section], section, path, section))
        for section in SECTIONS
        if section in data
    }
    own = Catalog(**sections)
    builtin_ids = set(builtin_part_ids())
    clash = [p for p in own.all_ids() if p in builtin_ids]
    if clash:
        raise CatalogError(
            f"the part id {clash[0]!r} is already a built-in part; choose another id",
            str(path),
        )
    _check_whole(own.merged(load_builtin_catalog()), str(path))
    return own


# ------------------------------------------------------------------ generic parts
_Part = TypeVar("_Part", SwitchModel, Medium, ServerType, RackType)


def _variant(base: _Part, **changes: Any) -> _Part:
    """A validated copy of ``base`` with ``changes``; its source says what it copies."""
    changes["source"] = f"Copy of {base.id} with changed figures. {base.source}"
    return type(base).model_validate({**base.model_dump(), **changes})


def _number(value: float) -> str:
    """``10`` for 10.0, ``2.5`` for 2.5: how speeds appear in generic part ids."""
    return f"{value:g}"


def generic_switch(radix: int, port_speed_gbps: float) -> SwitchModel:
    """A nominal commodity switch of ``radix`` ports of ``port_speed_gbps``.

    The shipped ``generic-RxSg`` part when there is one, else a copy of
    ``generic-48x10g`` with the power rule of its source: typical W = 100 + 0.025 ×
    (radix × speed in Gb/s), maximum = 1.5 × typical.
    """
    part_id = f"generic-{radix}x{_number(port_speed_gbps)}g"
    catalog = load_builtin_catalog()
    shipped = catalog.switch(part_id)
    if shipped is not None:
        return shipped
    base = catalog.switch("generic-48x10g")
    assert base is not None, "the built-in catalog lacks generic-48x10g"
    typical = GENERIC_SWITCH_BASE_W + GENERIC_SWITCH_W_PER_GBPS * radix * port_speed_gbps
    return _variant(
        base,
        id=part_id,
        name=f"Generic {radix}-port {_number(port_speed_gbps)}G switch (nominal)",
        radix=radix,
        port_speed_gbps=float(port_speed_gbps),
        typical_power_w=round(typical, 3),
        max_power_w=round(typical * GENERIC_SWITCH_MAX_FACTOR, 3),
        price=base.price and base.price.model_copy(update={"usd": round(
            GENERIC_SWITCH_BASE_USD + GENERIC_SWITCH_USD_PER_GBPS * radix * port_speed_gbps,
            2)}),
    )


def generic_optics(speed_gbps: float) -> Medium:
    """Nominal optics for one link of ``speed_gbps``: the shipped ``generic-10g`` at
    10 Gb/s, else a copy drawing max(1, speed ÷ 50) W per end."""
    catalog = load_builtin_catalog()
    base = catalog.medium("generic-10g")
    assert base is not None, "the built-in catalog lacks generic-10g"
    if speed_gbps == base.speed_gbps:
        return base
    return _variant(
        base,
        id=f"generic-{_number(speed_gbps)}g",
        name=f"Generic {_number(speed_gbps)}G optics, per link end (nominal)",
        kind=MediumKind.OPTICAL,
        speed_gbps=float(speed_gbps),
        power_w_per_end=max(1.0, speed_gbps / GENERIC_OPTICS_GBPS_PER_W),
        price=base.price and base.price.model_copy(update={"usd": max(
            20.0, GENERIC_OPTICS_USD_PER_GBPS * speed_gbps)}),
    )


def generic_host_rack(hosts_per_rack: int, nic_speed_gbps: float) -> Catalog:
    """A rack of ``hosts_per_rack`` nominal one-NIC hosts at ``nic_speed_gbps``, with
    its server and accelerator: copies of ``generic-host-rack`` / ``generic-host``.

    The rack budget scales with the host count (0.5 kW per host, as the shipped rack).
    """
    catalog = load_builtin_catalog()
    rack = catalog.rack_type("generic-host-rack")
    host = catalog.server("generic-host")
    endpoint = catalog.accelerator("generic-endpoint")
    assert rack and host and endpoint, "the built-in catalog lacks the generic host parts"
    speed = _number(nic_speed_gbps)
    if nic_speed_gbps != host.nic_speed_gbps:
        host = _variant(
            host,
            id=f"generic-host-{speed}g",
            name=f"Generic host, one {speed}G NIC (nominal)",
            nic_speed_gbps=float(nic_speed_gbps),
        )
    if hosts_per_rack != rack.servers_per_rack or host.id != rack.server:
        per_host_kw = rack.power_budget_kw / rack.servers_per_rack
        rack = _variant(
            rack,
            id=f"generic-host-rack-{hosts_per_rack}x{speed}g",
            name=f"Generic host rack, {hosts_per_rack} one-NIC {speed}G hosts (nominal)",
            server=host.id,
            servers_per_rack=hosts_per_rack,
            power_budget_kw=math.ceil(per_host_kw * hosts_per_rack * 10) / 10,
        )
    return Catalog(accelerators=(endpoint,), servers=(host,), rack_types=(rack,))


def scaled_rack_type(rack_type_id: str, servers_per_rack: int) -> Catalog:
    """A built-in rack type with ``servers_per_rack`` servers instead (budget and
    overhead scaled in proportion, budget rounded up to 0.1 kW), with its server and
    accelerator. The shipped part itself when the count already matches."""
    catalog = load_builtin_catalog()
    parts = catalog.closure_of_rack_type(rack_type_id)
    if not parts.rack_types:
        raise CatalogError(f"there is no built-in rack type {rack_type_id!r}")
    rack = parts.rack_types[0]
    if servers_per_rack == rack.servers_per_rack:
        return parts
    scale = servers_per_rack / rack.servers_per_rack
    variant = _variant(
        rack,
        id=f"{rack.id}-as-{servers_per_rack}",
        name=f"{rack.name}, {servers_per_rack} servers per rack",
        servers_per_rack=servers_per_rack,
        power_budget_kw=math.ceil(rack.power_budget_kw * scale * 10) / 10,
        overhead_w=rack.overhead_w * scale,
    )
    return Catalog(accelerators=parts.accelerators, servers=parts.servers, rack_types=(variant,))
