"""Two designs side by side: every figure with its difference and ratio, and what
changed in the design itself.

:func:`compare_figures` pairs the flat figures of two designs (:mod:`model.figures`, the
numbers of ``report --json`` by dotted path), so any figure the report gains is compared
too. :func:`structural_difference` matches elements by their stable id (DESIGN: ids are
stored in the file) and lists those added, removed and changed, with each changed field
as old → new; the design's name, settings and catalog parts are compared the same way.
Both are pure: ``python main.py compare`` and the GUI's Compare with… share them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from model.design import KINDS, Design
from model.figures import Figure

FIELD_KINDS: tuple[str, ...] = (*KINDS, "settings", "part")
"""Kinds a :class:`Change` can be of: the element kinds, the settings and catalog parts."""


@dataclass(frozen=True)
class FigureRow:
    """One figure of both designs: ``a`` and ``b`` (None where a design lacks it or the
    figure is undefined), ``difference`` = b − a and ``ratio`` = b ÷ a where both are
    numbers (None otherwise, or when a is 0)."""

    name: str
    a: Figure
    b: Figure
    difference: float | None
    ratio: float | None

    @property
    def differs(self) -> bool:
        """True when the two values are not the same."""
        return not _same(self.a, self.b)


@dataclass(frozen=True)
class Change:
    """One element (or part, or the settings) that is in both designs and differs:
    ``fields`` maps each changed field to (old, new)."""

    kind: str
    id: str
    name: str
    fields: dict[str, tuple[Any, Any]]


@dataclass(frozen=True)
class Presence:
    """An element (or part) in only one of the designs."""

    kind: str
    id: str
    name: str


@dataclass
class StructuralDifference:
    """What differs between design A and design B, matched by id."""

    added: list[Presence] = field(default_factory=list)
    """In B, not in A."""
    removed: list[Presence] = field(default_factory=list)
    """In A, not in B."""
    changed: list[Change] = field(default_factory=list)

    def changed_ids(self) -> list[str]:
        """Ids of the elements of B that are new or changed (what to highlight on B's
        canvas); parts and settings are not elements and are left out."""
        return ([p.id for p in self.added if p.kind in KINDS]
                + [c.id for c in self.changed if c.kind in KINDS])

    def is_empty(self) -> bool:
        """True when the designs are the same, element for element."""
        return not (self.added or self.removed or self.changed)


def _is_number(value: Figure) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _same(a: Figure, b: Figure) -> bool:
    if _is_number(a) and _is_number(b):
        assert isinstance(a, int | float) and isinstance(b, int | float)
        return math.isclose(a, b, rel_tol=1e-12, abs_tol=1e-12)
    return a == b


def figure_row(name: str, a: Figure, b: Figure) -> FigureRow:
    """The row of one figure: both values, their difference and ratio."""
    difference = ratio = None
    if _is_number(a) and _is_number(b):
        assert isinstance(a, int | float) and isinstance(b, int | float)
        difference = b - a
        ratio = b / a if a != 0 else None
    return FigureRow(name, a, b, difference, ratio)


def compare_figures(a: dict[str, Figure], b: dict[str, Figure]) -> list[FigureRow]:
    """Every figure of either design, in A's order then B's extras."""
    names = list(a) + [n for n in b if n not in a]
    return [figure_row(n, a.get(n), b.get(n)) for n in names]


def _fields_changed(old: dict[str, Any], new: dict[str, Any]) -> dict[str, tuple[Any, Any]]:
    keys = list(old) + [k for k in new if k not in old]
    return {k: (old.get(k), new.get(k)) for k in keys if old.get(k) != new.get(k)}


def _compare_tables(kind: str, a: dict[str, Any], b: dict[str, Any],
                    out: StructuralDifference) -> None:
    """Records keyed by id: added, removed, changed (pydantic models, dumped to plain
    values so enums and numbers print as in the file)."""
    for key, record in a.items():
        if key not in b:
            out.removed.append(Presence(kind, key, str(getattr(record, "name", key))))
            continue
        fields = _fields_changed(record.model_dump(mode="json"),
                                 b[key].model_dump(mode="json"))
        if fields:
            out.changed.append(Change(kind, key, str(getattr(b[key], "name", key)), fields))
    for key, record in b.items():
        if key not in a:
            out.added.append(Presence(kind, key, str(getattr(record, "name", key))))


def structural_difference(a: Design, b: Design) -> StructuralDifference:
    """Elements, parts and settings added, removed and changed from ``a`` to ``b``."""
    out = StructuralDifference()
    if (a.name, a.description) != (b.name, b.description):
        out.changed.append(Change("design", "", b.name, _fields_changed(
            {"name": a.name, "description": a.description},
            {"name": b.name, "description": b.description})))
    settings = _fields_changed(a.settings.model_dump(mode="json"),
                               b.settings.model_dump(mode="json"))
    if settings:
        out.changed.append(Change("settings", "", "settings", settings))
    for kind in KINDS:
        _compare_tables(kind, a.elements(kind), b.elements(kind), out)
    parts_a = {p.id: p for section in _sections(a) for p in section}
    parts_b = {p.id: p for section in _sections(b) for p in section}
    _compare_tables("part", parts_a, parts_b, out)
    return out


def _sections(design: Design) -> tuple[tuple[Any, ...], ...]:
    cat = design.catalog
    return (cat.accelerators, cat.servers, cat.rack_types, cat.switches, cat.media)


@dataclass(frozen=True)
class Comparison:
    """The whole comparison of design A with design B."""

    name_a: str
    name_b: str
    figures: list[FigureRow]
    structure: StructuralDifference


def compare_designs(a: Design, b: Design, seconds: float | None = None) -> Comparison:
    """Compute both designs' figures and compare them, with the structural difference."""
    from model.figures import design_figures

    return compare_reports(a, b, design_figures(a, seconds), design_figures(b, seconds))


def compare_reports(a: Design, b: Design, figures_a: dict[str, Figure],
                    figures_b: dict[str, Figure]) -> Comparison:
    """The comparison of two designs whose figures are already known."""
    return Comparison(a.name, b.name, compare_figures(figures_a, figures_b),
                      structural_difference(a, b))


def _plain(value: Any) -> Any:
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


def comparison_to_json(comparison: Comparison) -> dict[str, Any]:
    """The comparison as a JSON-ready dict: ``a``, ``b`` (design names), ``figures``
    (name → {a, b, difference, ratio}) and ``structure`` (``added``, ``removed``:
    lists of {kind, id, name}; ``changed``: lists of {kind, id, name, fields: {field:
    {old, new}}})."""
    s = comparison.structure
    return {
        "a": comparison.name_a,
        "b": comparison.name_b,
        "figures": {
            r.name: {"a": _plain(r.a), "b": _plain(r.b),
                     "difference": _plain(r.difference), "ratio": _plain(r.ratio)}
            for r in comparison.figures
        },
        "structure": {
            "added": [{"kind": p.kind, "id": p.id, "name": p.name} for p in s.added],
            "removed": [{"kind": p.kind, "id": p.id, "name": p.name} for p in s.removed],
            "changed": [
                {"kind": c.kind, "id": c.id, "name": c.name,
                 "fields": {k: {"old": old, "new": new} for k, (old, new) in c.fields.items()}}
                for c in s.changed
            ],
        },
    }


def format_value(value: Figure) -> str:
    """A figure as the compare table prints it."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return f"{value:,}"
    return f"{value:,.6g}" if abs(value) < 1e6 else f"{value:,.0f}"


def format_ratio(ratio: float | None) -> str:
    """A ratio as ``×1.25`` (— when undefined)."""
    return "—" if ratio is None else f"×{ratio:.4g}"


def comparison_lines(comparison: Comparison, only_different: bool = False) -> list[str]:
    """The readable comparison, line by line: the figures table, then the structure."""
    rows = [r for r in comparison.figures if r.differs or not only_different]
    width = max([len(r.name) for r in rows] + [6])
    lines = [f"A: {comparison.name_a}", f"B: {comparison.name_b}", "",
             f"{'figure':<{width}}  {'A':>16}  {'B':>16}  {'B − A':>16}  {'B ÷ A':>10}"]
    for r in rows:
        diff = "—" if r.difference is None else format_value(r.difference)
        if r.difference is not None and r.difference > 0:
            diff = "+" + diff
        mark = " *" if r.differs else ""
        lines.append(f"{r.name:<{width}}  {format_value(r.a):>16}  {format_value(r.b):>16}"
                     f"  {diff:>16}  {format_ratio(r.ratio):>10}{mark}")
    s = comparison.structure
    lines += ["", "Structure (matched by id)"]
    if s.is_empty():
        lines.append("  the same elements, parts and settings")
    for p in s.added:
        lines.append(f"  + {p.kind} {p.id} ({p.name})")
    for p in s.removed:
        lines.append(f"  - {p.kind} {p.id} ({p.name})")
    for c in s.changed:
        label = f"{c.kind} {c.id} ({c.name})" if c.id else c.kind
        lines.append(f"  ~ {label}")
        for name, (old, new) in c.fields.items():
            lines.append(f"      {name}: {old!r} → {new!r}")
    return lines
