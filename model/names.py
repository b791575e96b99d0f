"""Names the application gives: the elements and the design a template builds, the
buildings, islands and tiers the palette drops, in the user's language.

A name is data: it is stored in the file as it was given, and is not translated when
the file is opened elsewhere. So a design made in a Chinese window is named in Chinese
(``计算岛 1 Leaf``, ``1 号楼``, ``超节点 3 机柜``), one made in English as it always was.

The templates write their names in English; :func:`localize_design` renames what a
template built, name by name, from three marked tables of the model's catalog
(context ``"names"``): the numbered units a name starts with (``Island {n}`` →
``计算岛 {n}``), the words after it (``leaf`` → ``Leaf``, ``racks`` → ``机柜``; words
joined by "–" one by one) and the designs' own names (``Campus of {total} H100 in
{islands} islands``). A word with no entry (a product name, ``DGX H100``) stays as
written. The terms are those of Chinese 智算中心 architects: 计算岛 (island), 机柜
(rack), 超节点 (super-node), 号楼 (building), 机房 (hall); switch roles keep the names
they are called by in Chinese data centres (Leaf, Spine, Core, ToR).
"""

from __future__ import annotations

import re
from functools import cache

from model.design import Design
from model.i18n import Translator, mark

BUILDING = mark("names", "Building {n}")
"""A numbered building (templates and the palette)."""

ISLAND = mark("names", "Island {n}")
"""A numbered computing island (templates and the palette)."""

UNTITLED = mark("names", "Untitled campus")
"""A new, empty design's name (:data:`model.design.Design` gives it in English)."""


def untitled(lang: str | None) -> str:
    """A new, empty design's name in ``lang``."""
    return Translator(lang).translate("names", UNTITLED)


UNITS: tuple[str, ...] = (
    BUILDING, ISLAND,
    mark("names", "AI zone {n}"),
    mark("names", "Zone {n}"),
    mark("names", "Pod {n} segment {s}"),
    mark("names", "Pod {n}"),
    mark("names", "Group {n}"),
    mark("names", "Hall {n}"),
    mark("names", "SU {n}"),
    mark("names", "SN {n}"),
    mark("names", "Super-node {n}"),
    mark("names", "Global {a}–{b}"),
    mark("names", "P{n} S{s}"),
)
"""Numbered units a generated name starts with, longest first where one begins another."""

WORDS: tuple[str, ...] = (
    mark("names", "Data centre"), mark("names", "Data hall"), mark("names", "Machine hall"),
    mark("names", "Fabric"), mark("names", "Campus core"), mark("names", "Campus super-core"),
    mark("names", "Aggregation (ATSW)"), mark("names", "rack switches"),
    mark("names", "cluster switches"), mark("names", "host ports"),
    mark("names", "Core"), mark("names", "Spine"), mark("names", "Leaf"),
    mark("names", "Hosts"), mark("names", "hosts"), mark("names", "racks"),
    mark("names", "rails"), mark("names", "servers"), mark("names", "leaf"),
    mark("names", "spine"), mark("names", "core"), mark("names", "super-core"),
    mark("names", "super-spine"), mark("names", "aggregation"), mark("names", "edge"),
    mark("names", "rack"),
)
"""The words after a unit (and whole names of one word or phrase): parts and roles."""

DESIGN_NAMES: tuple[str, ...] = (
    mark("names", "Fat-tree k={k}"),
    mark("names", "Leaf-spine {leaves}×{spines}"),
    mark("names", "DGX SuperPOD, {sus} SU {system}"),
    mark("names", "AI zones, {pods} pods"),
    mark("names", "Campus of {total} H100 in {islands} islands"),
    mark("names", "Dragonfly+ k={k}, {groups} groups"),
    mark("names", "Alibaba HPN 7.0, {pods} pod"),
    mark("names", "Alibaba HPN 7.0, {pods} pods"),
    mark("names", "CloudMatrix384 cascade, {n} super-node"),
    mark("names", "CloudMatrix384 cascade, {n} super-nodes"),
    mark("names", "ByteDance MegaScale, {pods} pod"),
    mark("names", "ByteDance MegaScale, {pods} pods"),
)
"""The names the templates give their designs."""

_FIELD = re.compile(r"\{(\w+)\}")


@cache
def _pattern(source: str, field: str) -> re.Pattern[str]:
    """``source`` as a regular expression, each ``{field}`` a named group of ``field``."""
    out, at = "", 0
    for found in _FIELD.finditer(source):
        out += re.escape(source[at:found.start()]) + f"(?P<{found.group(1)}>{field})"
        at = found.end()
    return re.compile(out + re.escape(source[at:]))


def _words(text: str, t: Translator) -> str:
    """``text`` word by word (phrases of the table first, "–" joining words)."""
    if text in WORDS:
        return t.translate("names", text)
    tokens = text.split(" ")
    out: list[str] = []
    i = 0
    while i < len(tokens):
        for size in (3, 2):  # a phrase of the table ("rack switches")
            phrase = " ".join(tokens[i:i + size])
            if len(tokens) - i >= size and phrase in WORDS:
                out.append(t.translate("names", phrase))
                i += size
                break
        else:
            out.append("–".join(t.translate("names", w) if w in WORDS else w
                                for w in tokens[i].split("–")))
            i += 1
    return " ".join(out)


def localized_name(name: str, lang: str | None) -> str:
    """A generated element's ``name`` (English) in ``lang``: its unit and words
    translated, anything else kept; ``name`` itself in English."""
    t = Translator(lang)
    if t.lang == "en":
        return name
    for unit in UNITS:
        found = _pattern(unit, r"\d+").match(name)
        if found and (found.end() == len(name) or name[found.end()] == " "):
            head = t.translate("names", unit).format(**found.groupdict())
            rest = name[found.end() + 1:]
            return f"{head} {_words(rest, t)}" if rest else head
    return _words(name, t)


def localized_design_name(name: str, lang: str | None) -> str:
    """A template's design ``name`` in ``lang`` (as given when no pattern fits)."""
    t = Translator(lang)
    if t.lang == "en":
        return name
    for source in DESIGN_NAMES:
        found = _pattern(source, ".+?").fullmatch(name)
        if found:
            return t.translate("names", source).format(**found.groupdict())
    return name


def numbered_name(source: str, n: int, lang: str | None) -> str:
    """A numbered unit's name (:data:`BUILDING`, :data:`ISLAND`) in ``lang``."""
    return Translator(lang).translate("names", source).format(n=n)


def role_word(role: str, lang: str | None) -> str:
    """A tier role as it ends a tier's name ("leaf"; "Leaf" in Chinese)."""
    return Translator(lang).translate("names", role) if role in WORDS else role


def localize_design(design: Design, lang: str | None) -> Design:
    """``design`` (just built, in English) with its own and its elements' names in
    ``lang``; unchanged in English. Returns the design."""
    if Translator(lang).lang == "en":
        return design
    for kind in ("buildings", "islands", "rack_groups", "tiers", "bundles"):
        for element in list(getattr(design, kind).values()):
            name = localized_name(element.name, lang)
            if name != element.name:
                design.update(element.id, name=name)
    design.rename(localized_design_name(design.name, lang))
    return design
