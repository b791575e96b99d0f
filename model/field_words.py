"""The user's words for the fields of the design's records ("link speed" for
``speed_gbps``), in one table the GUI's undo texts and the model's refusals share.

A refusal names the field at fault by its path (``count``, ``jobs.0.tp``): English keeps
that path as written (what the file and scripts call it); another language names each
known field in its words, joined with " · " (``交换机数``, ``作业 · 0 · TP``), the
indices and the fields it has no word for kept as written.
"""

from __future__ import annotations

from collections.abc import Sequence

from model.i18n import Translator, mark

FIELD_WORDS: dict[str, str] = {
    "name": mark("fields", "name"),
    "capacity_kw": mark("fields", "IT capacity"),
    "pue": mark("fields", "PUE"),
    "cooling": mark("fields", "cooling"),
    "notes": mark("fields", "notes"),
    "building": mark("fields", "building"),
    "island": mark("fields", "island"),
    "rack_type": mark("fields", "rack type"),
    "switch": mark("fields", "switch model"),
    "role": mark("fields", "role"),
    "scope": mark("fields", "scope"),
    "plane": mark("fields", "plane"),
    "links_per_member": mark("fields", "links per member"),
    "speed_gbps": mark("fields", "link speed"),
    "pattern": mark("fields", "wiring"),
    "medium": mark("fields", "medium"),
    "lower": mark("fields", "lower end"),
    "upper": mark("fields", "upper end"),
    "description": mark("fields", "description"),
    "oversubscription_threshold": mark("fields", "oversubscription limit"),
    "allowance_pct": mark("fields", "storage/front-end allowance"),
    "electricity_usd_per_kwh": mark("fields", "electricity price"),
    "length_m": mark("fields", "link length"),
    "years": mark("fields", "years in the TCO"),
    "currency": mark("fields", "currency"),
    "usd_exchange_rate": mark("fields", "exchange rate"),
    "building_distance_m": mark("fields", "distance between buildings"),
    "x": mark("fields", "x position"),
    "y": mark("fields", "y position"),
    "level": mark("fields", "level"),
    "count": mark("fields", "count"),
    "jobs": mark("fields", "jobs"),
    "hosts": mark("fields", "hosts"),
    "global_batch": mark("fields", "global batch"),
    "micro_batch": mark("fields", "micro batch"),
    "sequence_length": mark("fields", "sequence length"),
    "virtual_stages": mark("fields", "virtual stages"),
    "model": mark("fields", "model"),
    "tp": mark("fields", "TP"),
    "pp": mark("fields", "PP"),
    "dp": mark("fields", "DP"),
    "cp": mark("fields", "CP"),
    "ep": mark("fields", "EP"),
    "price": mark("fields", "price"),
    "usd": mark("fields", "unit price"),
    "usd_per_m": mark("fields", "price per metre"),
    "source": mark("fields", "source"),
    "estimate": mark("fields", "estimated"),
    "date": mark("fields", "date"),
}
"""The user's word for each field of an element, of the design's settings or of a job
(English; :func:`field_word` gives it in a language)."""

COUNT_WORDS: dict[str, str] = {"rack_group": mark("fields", "rack count"),
                               "tier": mark("fields", "switch count")}
"""What ``count`` counts, by element kind."""


def field_word(field: str, kind: str | None = None, lang: str | None = None) -> str:
    """The user's word for ``field`` of an element of ``kind`` in ``lang`` ("link speed",
    "链路速率"); a field with no word is its name with spaces ("hbm gb")."""
    word = COUNT_WORDS.get(kind or "") if field == "count" else None
    word = word or FIELD_WORDS.get(field)
    if word is None:
        return field.replace("_", " ")
    return Translator(lang).translate("fields", word)


def field_path(loc: Sequence[str | int], kind: str | None = None,
               lang: str | None = None) -> str:
    """Where a refusal points (pydantic's ``loc``): ``jobs.0.tp`` in English; each field
    with a word in its words otherwise (``作业 · 0 · TP``). ``kind`` is the kind of the
    record the path starts in (the count of a rack group is its rack count)."""
    if Translator(lang).lang == "en":
        return ".".join(str(p) for p in loc)
    words = []
    for i, part in enumerate(loc):
        if isinstance(part, str) and (part in FIELD_WORDS or part == "count"):
            words.append(field_word(part, kind if i == 0 else None, lang))
        else:
            words.append(str(part))
    return " · ".join(words)
