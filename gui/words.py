"""Names of fields and values in the words a user reads in the undo history and the status
bar ("Change link speed of Island 2 leaf → spine to 200G"), not the model's field names
("speed_gbps"). Pure Python: the commands, the inspector and the clipboard share it."""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import Any

from gui.numbers import count_text, decimal_text

FIELD_WORDS: dict[str, str] = {
    "name": "name",
    "capacity_kw": "IT capacity",
    "pue": "PUE",
    "cooling": "cooling",
    "notes": "notes",
    "building": "building",
    "island": "island",
    "rack_type": "rack type",
    "switch": "switch model",
    "role": "role",
    "scope": "scope",
    "plane": "plane",
    "links_per_member": "links per member",
    "speed_gbps": "link speed",
    "pattern": "wiring",
    "medium": "medium",
    "lower": "lower end",
    "upper": "upper end",
    "description": "description",
    "oversubscription_threshold": "oversubscription limit",
    "allowance_pct": "storage/front-end allowance",
    "electricity_usd_per_kwh": "electricity price",
    "length_m": "link length",
    "years": "years in the TCO",
    "currency": "currency",
    "usd_exchange_rate": "exchange rate",
    "building_distance_m": "distance between buildings",
}
"""The user's word for each field of an element or of the design's settings."""

COUNT_WORDS: dict[str, str] = {"rack_group": "rack count", "tier": "switch count"}
"""What ``count`` counts, by element kind."""

_UNITS: dict[str, str] = {"capacity_kw": " kW", "allowance_pct": " % of IT",
                          "oversubscription_threshold": " : 1",
                          "electricity_usd_per_kwh": " US$/kWh", "length_m": " m",
                          "building_distance_m": " m", "usd_exchange_rate": " per US$"}
_PART_FIELDS = {"rack_type", "switch", "medium", "building", "island", "lower", "upper"}
"""Fields holding an id: their new value is not spelt out (an id means little)."""
_SILENT_FIELDS = {"notes", "description"}
"""Free text: too long to repeat in an undo step."""


def field_word(field: str, kind: str | None = None) -> str:
    """The user's word for ``field`` of an element of ``kind`` ("link speed")."""
    if field == "count" and kind in COUNT_WORDS:
        return COUNT_WORDS[kind]
    return FIELD_WORDS.get(field, field.replace("_", " "))


def speed_words(gbps: float) -> str:
    """A link speed as people write it: "400G", "1.6T", "25G" (no trailing decimals)."""
    if gbps >= 1000:
        return f"{gbps / 1000:g}T"
    return f"{gbps:g}G"


def number_words(value: float) -> str:
    """A number in the style of :mod:`gui.numbers` (the docks', the canvas's): commas
    between thousands and no trailing decimals ("2,000", "1.25", "131,072")."""
    if float(value).is_integer():
        return count_text(value)
    return decimal_text(value, 6)


def value_words(field: str, value: Any) -> str | None:
    """``value`` of ``field`` as a user reads it, or None when it is better left out
    (ids, free text)."""
    if field in _PART_FIELDS or field in _SILENT_FIELDS or value is None:
        return None
    if field == "speed_gbps" and isinstance(value, int | float):
        return speed_words(float(value))
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, int | float):
        return number_words(float(value)) + _UNITS.get(field, "")
    if field == "name":
        return str(value)
    return None


def change_text(kind: str | None, name: str, changes: Mapping[str, Any]) -> str:
    """The undo text of changing fields of the element called ``name``:
    "Change link speed of Island 2 leaf → spine to 200G", "Rename Island 1 to Pod A",
    "Change IT capacity and PUE of Hall A", "Move Island 1"."""
    fields = list(changes)
    if fields and set(fields) <= {"x", "y"}:
        return f"Move {name}"
    if fields == ["name"]:
        return f"Rename {name} to {changes['name']}"
    words = [field_word(f, kind) for f in fields if f not in ("x", "y")]
    listed = words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
    text = f"Change {listed} of {name}"
    if len(fields) == 1:
        shown = value_words(fields[0], changes[fields[0]])
        if shown is not None:
            text += f" to {shown}"
    return text


def settings_change_text(changes: Mapping[str, Any]) -> str:
    """The undo text of changing design-wide settings ("Change oversubscription limit
    to 3 : 1")."""
    return change_text(None, "the design", changes).replace(" of the design", "")
