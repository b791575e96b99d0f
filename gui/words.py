"""Names of fields and values in the words a user reads in the undo history and the status
bar ("Change link speed of Island 2 leaf → spine to 200G"), not the model's field names
("speed_gbps"). Pure Python: the commands, the inspector and the clipboard share it."""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import Any

from gui.i18n import QT_TRANSLATE_NOOP, current_language, translate
from gui.numbers import count_text, decimal_text
from model.field_words import field_word as model_field_word

KIND_WORDS: dict[str, str] = {
    "building": QT_TRANSLATE_NOOP("Words", "building"),
    "island": QT_TRANSLATE_NOOP("Words", "island"),
    "rack_group": QT_TRANSLATE_NOOP("Words", "rack group"),
    "tier": QT_TRANSLATE_NOOP("Words", "switch tier"),
    "bundle": QT_TRANSLATE_NOOP("Words", "link bundle"),
    "settings": QT_TRANSLATE_NOOP("Words", "settings"),
    "design": QT_TRANSLATE_NOOP("Words", "design"),
}
"""The user's word for each kind of element."""

KIND_COUNTS: dict[str, tuple[str, str]] = {
    "building": (QT_TRANSLATE_NOOP("Words", "{n} building"),
                 QT_TRANSLATE_NOOP("Words", "{n} buildings")),
    "island": (QT_TRANSLATE_NOOP("Words", "{n} island"),
               QT_TRANSLATE_NOOP("Words", "{n} islands")),
    "rack_group": (QT_TRANSLATE_NOOP("Words", "{n} rack group"),
                   QT_TRANSLATE_NOOP("Words", "{n} rack groups")),
    "tier": (QT_TRANSLATE_NOOP("Words", "{n} switch tier"),
             QT_TRANSLATE_NOOP("Words", "{n} switch tiers")),
    "bundle": (QT_TRANSLATE_NOOP("Words", "{n} link bundle"),
               QT_TRANSLATE_NOOP("Words", "{n} link bundles")),
    "element": (QT_TRANSLATE_NOOP("Words", "{n} element"),
                QT_TRANSLATE_NOOP("Words", "{n} elements")),
    "rack": (QT_TRANSLATE_NOOP("Words", "{n} rack"), QT_TRANSLATE_NOOP("Words", "{n} racks")),
    "group": (QT_TRANSLATE_NOOP("Words", "{n} group"),
              QT_TRANSLATE_NOOP("Words", "{n} groups")),
}
"""A number of elements of each kind, singular and plural ("3 link bundles")."""

ENUM_WORDS: dict[str, str] = {
    "spread": QT_TRANSLATE_NOOP("Words", "spread"),
    "rail": QT_TRANSLATE_NOOP("Words", "rail"),
    "rack": QT_TRANSLATE_NOOP("Words", "rack"),
    "global": QT_TRANSLATE_NOOP("Words", "global"),
    "backend": QT_TRANSLATE_NOOP("Words", "backend"),
    "frontend": QT_TRANSLATE_NOOP("Words", "frontend"),
    "storage": QT_TRANSLATE_NOOP("Words", "storage"),
    "leaf": QT_TRANSLATE_NOOP("Words", "leaf"),
    "spine": QT_TRANSLATE_NOOP("Words", "spine"),
    "aggregation": QT_TRANSLATE_NOOP("Words", "aggregation"),
    "core": QT_TRANSLATE_NOOP("Words", "core"),
    "super-spine": QT_TRANSLATE_NOOP("Words", "super-spine"),
    "island": QT_TRANSLATE_NOOP("Words", "island"),
    "building": QT_TRANSLATE_NOOP("Words", "building"),
    "campus": QT_TRANSLATE_NOOP("Words", "campus"),
    "air": QT_TRANSLATE_NOOP("Words", "air"),
    "liquid": QT_TRANSLATE_NOOP("Words", "liquid"),
}
"""The user's word for each value of the model's choices (wiring pattern, plane, role,
scope, cooling), by the value the file stores."""

_UNITS: dict[str, str] = {"capacity_kw": " kW",
                          "allowance_pct": QT_TRANSLATE_NOOP("Words", " % of IT"),
                          "oversubscription_threshold": " : 1",
                          "electricity_usd_per_kwh": " US$/kWh", "length_m": " m",
                          "building_distance_m": " m",
                          "usd_exchange_rate": QT_TRANSLATE_NOOP("Words", " per US$")}
_PART_FIELDS = {"rack_type", "switch", "medium", "building", "island", "lower", "upper"}
"""Fields holding an id: their new value is not spelt out (an id means little)."""
_SILENT_FIELDS = {"notes", "description"}
"""Free text: too long to repeat in an undo step."""


def count_of_kind(kind: str, n: int) -> str:
    """``n`` elements of ``kind`` in words: "1 island", "3 link bundles"."""
    one, many = KIND_COUNTS.get(kind, KIND_COUNTS["element"])
    return translate("Words", one if n == 1 else many).format(n=count_text(n))


def enum_word(value: Enum | str) -> str:
    """The user's word for a choice the model stores as ``value`` ("rail", "液冷")."""
    raw = str(value.value if isinstance(value, Enum) else value)
    word = ENUM_WORDS.get(raw)
    return translate("Words", word) if word is not None else raw


def kind_word(kind: str) -> str:
    """The user's word for an element kind ("rack group" for ``rack_group``)."""
    word = KIND_WORDS.get(kind)
    return translate("Words", word) if word is not None else kind.replace("_", " ")


def field_word(field: str, kind: str | None = None) -> str:
    """The user's word for ``field`` of an element of ``kind`` ("link speed") in the
    interface language: the model's table (:mod:`model.field_words`), which its refusals
    name fields with too."""
    return model_field_word(field, kind, current_language())


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
        return enum_word(value)
    if isinstance(value, bool):
        return translate("Words", "on") if value else translate("Words", "off")
    if isinstance(value, int | float):
        unit = _UNITS.get(field, "")
        return number_words(float(value)) + (translate("Words", unit) if unit else "")
    if field == "name":
        return str(value)
    return None


_SUFFIX_UNITS: tuple[tuple[str, str], ...] = (
    ("_kw", " kW"), ("_mw", " MW"), ("_w", " W"), ("_gbps", " Gb/s"),
    ("_usd_per_m", " US$/m"), ("_m", " m"), ("_usd", " US$"), ("_gb", " GB"),
    ("_hours", " h"), ("_s", " s"), ("_pct", " %"))
"""Units read from a field's name (the model's names carry their unit)."""

SHOWN_ITEMS = 3
"""How many items of a list or a table :func:`compared_value` spells out."""


def _unit(field: str) -> str:
    unit = _UNITS.get(field)
    if unit is not None:
        return translate("Words", unit)
    return next((u for suffix, u in _SUFFIX_UNITS
                 if field.endswith(suffix) or field == suffix[1:]), "")


def compared_value(field: str, value: Any) -> str:
    """A field's value as the Compare dock shows it, in the interface language: numbers
    with thousands separators and their unit ("250,000 US$", "400G"), nothing as "—",
    choices in words, a list or a table summarised (its first items, then how many
    more), never a Python repr."""
    if value is None or (isinstance(value, str | list | tuple | dict) and not value):
        return "—"
    if isinstance(value, bool):
        return translate("Words", "yes") if value else translate("Words", "no")
    if isinstance(value, int | float):
        if field == "speed_gbps" or field.endswith("speed_gbps"):
            return speed_words(float(value))
        return number_words(float(value)) + _unit(field)
    if isinstance(value, str):
        chosen = value in ENUM_WORDS and field not in _SILENT_FIELDS | {"name", "id"}
        return enum_word(value) if chosen else _cut(value)
    if isinstance(value, list | tuple):
        shown = [compared_value(field, v) if not isinstance(v, list | tuple | dict)
                 else _items(len(v) if isinstance(v, list | tuple) else 1)
                 for v in value[:SHOWN_ITEMS]]
        return _more(translate("Words", ", ").join(shown), len(value) - SHOWN_ITEMS)
    if isinstance(value, dict):
        keys = list(value)
        shown = [translate("Words", "{field}: {value}").format(
            field=field_word(k), value=compared_value(k, value[k])
            if not isinstance(value[k], list | tuple | dict) else _items(len(value[k])))
            for k in keys[:SHOWN_ITEMS]]
        return _more(translate("Words", "; ").join(shown), len(keys) - SHOWN_ITEMS)
    return _cut(str(value))


def _items(n: int) -> str:
    return translate("Words", "{n} items").format(n=count_text(n))


def _more(text: str, more: int) -> str:
    return text if more <= 0 else translate("Words", "{shown} … (+{more} more)").format(
        shown=text, more=count_text(more))


def _cut(text: str, room: int = 40) -> str:
    return text if len(text) <= room else text[: room - 1] + "…"


def listed_words(words: list[str]) -> str:
    """Words joined as a list is read: "link speed", "IT capacity and PUE",
    "name, role and scope"."""
    if len(words) == 1:
        return words[0]
    return translate("Words", "{first} and {last}").format(
        first=translate("Words", ", ").join(words[:-1]), last=words[-1])


def change_text(kind: str | None, name: str, changes: Mapping[str, Any]) -> str:
    """The undo text of changing fields of the element called ``name``:
    "Change link speed of Island 2 leaf → spine to 200G", "Rename Island 1 to Pod A",
    "Change IT capacity and PUE of Hall A", "Move Island 1"."""
    fields = list(changes)
    if fields and set(fields) <= {"x", "y"}:
        return translate("Words", "Move {name}").format(name=name)
    if fields == ["name"]:
        return translate("Words", "Rename {name} to {new}").format(name=name,
                                                             new=changes["name"])
    listed = listed_words([field_word(f, kind) for f in fields if f not in ("x", "y")])
    if len(fields) == 1:
        shown = value_words(fields[0], changes[fields[0]])
        if shown is not None:
            return translate("Words", "Change {fields} of {name} to {value}").format(
                fields=listed, name=name, value=shown)
    return translate("Words", "Change {fields} of {name}").format(fields=listed, name=name)


def settings_change_text(changes: Mapping[str, Any]) -> str:
    """The undo text of changing design-wide settings ("Change oversubscription limit
    to 3 : 1")."""
    fields = list(changes)
    listed = listed_words([field_word(f) for f in fields])
    if len(fields) == 1:
        shown = value_words(fields[0], changes[fields[0]])
        if shown is not None:
            return translate("Words", "Change {fields} to {value}").format(fields=listed,
                                                                     value=shown)
    return translate("Words", "Change {fields}").format(fields=listed)
