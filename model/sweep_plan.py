"""What a sweep varies, and the design of each of its points.

A sweep has *axes*, each a name and a list of values:

- ``--param NAME=VALUES`` — a parameter of the sweep's template (``islands=4,8,16``);
- ``--set PATH=VALUES`` — a field of the design's elements, addressed by a path.

VALUES is a comma-separated list whose items are single values or inclusive ranges
``A..B:STEP`` (``128..512:128`` is 128, 256, 384, 512; the step defaults to 1), e.g.
``1,2,4..8:2``. A range with no value in it (``8..4``, a step of 0) is refused.

**Paths** name a field of one or more elements, or a design setting::

    KIND[SELECTOR].FIELD        tiers[core].count   bundles[Island 1 rails].speed_gbps
    settings.FIELD              settings.allowance_pct

KIND is the file format's list (``buildings``, ``islands``, ``rack_groups``, ``tiers``,
``bundles``); SELECTOR is an element's id, or its name when no id matches (a name shared
by several elements selects them all), or ``*`` for every element of the kind. FIELD is
one of the element's fields as in the design file (``count``, ``speed_gbps``,
``switch``, ``capacity_kw``, …; not ``id``). Setting a part field (``switch``,
``rack_type``, ``medium``) to a part the design lacks copies it in from the built-in
catalog.

The points are the cross product of the axes (axis order, last varying fastest), or a
seeded random sample of it. Point *k* is numbered by its place in the whole product, so
a sample's points keep their numbers and a resumed sweep finds them again.
:func:`build_point` makes a point's design; it is pure and runs on any Dask worker.
"""

from __future__ import annotations

import math
import random
import re
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any

from model.design import Design
from model.errors import DesignError

KIND_LISTS: dict[str, str] = {
    "buildings": "building",
    "islands": "island",
    "rack_groups": "rack_group",
    "tiers": "tier",
    "bundles": "bundle",
}
"""The file format's element lists → element kinds."""

PART_FIELDS = ("switch", "rack_type", "medium")
MAX_POINTS = 10_000_000
"""Largest cross product a sweep accepts (a sample of it may be drawn)."""

_PATH = re.compile(r"^(?P<kind>[a-z_]+)\[(?P<selector>[^\]]+)\]\.(?P<field>[a-z_]+)$")

Value = int | float | str


class SweepError(DesignError):
    """A sweep cannot be set up as asked (the message names what is wrong)."""


def _number(text: str, where: str) -> Decimal:
    try:
        value = Decimal(text.strip())
    except InvalidOperation:
        raise SweepError(f"{where}: {text.strip()!r} is not a number") from None
    if not value.is_finite():
        raise SweepError(f"{where}: {text.strip()!r} is not a finite number")
    return value


def _plain(value: Decimal) -> Value:
    """A Decimal as an int when whole, else a float."""
    return int(value) if value == value.to_integral_value() else float(value)


def expand_values(text: str, where: str) -> list[Value]:
    """The values of one axis: comma-separated items, each a value or a range
    ``A..B:STEP`` (inclusive). Numbers become ints or floats, anything else stays
    text; SweepError when the list or a range is empty."""
    values: list[Value] = []
    for raw in text.split(","):
        item = raw.strip()
        if not item:
            raise SweepError(f"{where}: an empty value in {text!r}")
        if ".." not in item:
            values.append(_plain(Decimal(item)) if _is_number(item) else item)
            continue
        first, _, rest = item.partition("..")
        last, _, step_text = rest.partition(":")
        a = _number(first, where)
        b = _number(last, where)
        step = _number(step_text, where) if step_text.strip() else Decimal(1)
        if step <= 0:
            raise SweepError(f"{where}: the range {item!r} needs a step above 0")
        if b < a:
            raise SweepError(f"{where}: the range {item!r} is empty ({last.strip()} is"
                             f" below {first.strip()})")
        count = int((b - a) / step) + 1
        if count > MAX_POINTS:
            raise SweepError(f"{where}: the range {item!r} has {count:,} values")
        values += [_plain(a + step * k) for k in range(count)]
    if not values:
        raise SweepError(f"{where}: no values")
    return values


def _is_number(text: str) -> bool:
    try:
        return Decimal(text).is_finite()
    except InvalidOperation:
        return False


@dataclass(frozen=True)
class Axis:
    """One thing a sweep varies: a template parameter (``kind`` "param") or a path
    (``kind`` "set"), with its values."""

    kind: str
    name: str
    values: tuple[Value, ...]

    @property
    def column(self) -> str:
        """The column of the results table holding this axis's value."""
        return f"param.{self.name}"


@dataclass(frozen=True)
class SweepSpec:
    """Everything needed to make any point's design: the template (or the base design
    as its file's JSON object) and the axes; the sample size and seed choose points."""

    axes: tuple[Axis, ...]
    template: str | None = None
    base: dict[str, Any] | None = None
    base_path: str | None = None
    sample: int | None = None
    seed: int = 0
    fixed: dict[str, Value] = field(default_factory=dict)
    """Template parameters held at one value (not axes)."""

    def size(self) -> int:
        """Points in the whole cross product."""
        return math.prod(len(a.values) for a in self.axes)

    def point_indices(self) -> list[int]:
        """The numbers of the points to compute: all, or a seeded sample."""
        total = self.size()
        if self.sample is None or self.sample >= total:
            return list(range(total))
        return sorted(random.Random(self.seed).sample(range(total), self.sample))

    def values_of(self, index: int) -> dict[str, Value]:
        """Axis name → value at point ``index`` of the cross product."""
        out: dict[str, Value] = {}
        for axis in reversed(self.axes):
            index, at = divmod(index, len(axis.values))
            out[axis.name] = axis.values[at]
        return {a.name: out[a.name] for a in self.axes}

    def to_json(self) -> dict[str, Any]:
        """The spec as a JSON-ready dict (written beside a sweep's results)."""
        return {
            "axes": [{"kind": a.kind, "name": a.name, "values": list(a.values)}
                     for a in self.axes],
            "template": self.template, "base": self.base, "base_path": self.base_path,
            "sample": self.sample, "seed": self.seed, "fixed": dict(self.fixed),
        }

    @staticmethod
    def from_json(data: dict[str, Any]) -> SweepSpec:
        """The spec :meth:`to_json` wrote."""
        try:
            return SweepSpec(
                axes=tuple(Axis(a["kind"], a["name"], tuple(a["values"]))
                           for a in data["axes"]),
                template=data.get("template"), base=data.get("base"),
                base_path=data.get("base_path"), sample=data.get("sample"),
                seed=int(data.get("seed", 0)), fixed=dict(data.get("fixed") or {}))
        except (KeyError, TypeError, ValueError) as error:
            raise SweepError(f"the sweep description is damaged ({error})") from None


# ------------------------------------------------------------------ paths
@dataclass(frozen=True)
class FieldPath:
    """A parsed ``--set`` path: elements of ``kind`` chosen by ``selector``, and a
    ``field`` (``kind`` "settings" for a design setting)."""

    kind: str
    selector: str
    field: str


def parse_path(text: str) -> FieldPath:
    """Parse ``KIND[SELECTOR].FIELD`` or ``settings.FIELD`` (SweepError otherwise)."""
    text = text.strip()
    if text.startswith("settings."):
        return FieldPath("settings", "", text.removeprefix("settings."))
    match = _PATH.match(text)
    if match is None:
        raise SweepError(
            f"--set {text!r}: write a path as KIND[ID or NAME or *].FIELD (e.g."
            " tiers[core].count) or settings.FIELD")
    kind = KIND_LISTS.get(match["kind"])
    if kind is None:
        raise SweepError(f"--set {text!r}: {match['kind']!r} is not one of"
                         f" {', '.join(KIND_LISTS)}")
    return FieldPath(kind, match["selector"].strip(), match["field"])


def select(design: Design, path: FieldPath, text: str) -> list[str]:
    """Ids of the elements ``path`` names in ``design`` (SweepError when none, or when
    they have no such field)."""
    if path.kind == "settings":
        if path.field not in type(design.settings).model_fields:
            known = ", ".join(type(design.settings).model_fields)
            raise SweepError(f"--set {text!r}: the settings have no field {path.field!r};"
                             f" they are {known}")
        return []
    table = design.elements(path.kind)
    if path.selector == "*":
        ids = list(table)
    elif path.selector in table:
        ids = [path.selector]
    else:
        ids = [eid for eid, e in table.items() if e.name == path.selector]
    if not ids:
        raise SweepError(f"--set {text!r}: no {path.kind.replace('_', ' ')} has the id or"
                         f" name {path.selector!r}")
    fields = type(table[ids[0]]).model_fields
    if path.field not in fields or path.field == "id":
        known = ", ".join(f for f in fields if f != "id")
        raise SweepError(f"--set {text!r}: a {path.kind.replace('_', ' ')} has no field"
                         f" {path.field!r}; its fields are {known}")
    return ids


def _with_part(design: Design, field_name: str, part_id: object) -> None:
    """Copy a built-in part into the design when a part field names one it lacks."""
    if field_name not in PART_FIELDS or not isinstance(part_id, str):
        return
    cat = design.catalog
    if part_id in cat.all_ids():
        return
    from model.catalog import load_builtin_catalog
    from model.parts import Catalog

    builtin = load_builtin_catalog()
    if field_name == "rack_type":
        design.add_parts(builtin.closure_of_rack_type(part_id))
    elif field_name == "switch" and (sw := builtin.switch(part_id)) is not None:
        design.add_parts(Catalog(switches=(sw,)))
    elif field_name == "medium" and (m := builtin.medium(part_id)) is not None:
        design.add_parts(Catalog(media=(m,)))


def apply_set(design: Design, text: str, value: Value) -> None:
    """Set the field ``text`` names to ``value`` on every element it selects, through
    the design's own validated operations (DesignError when the value is refused)."""
    path = parse_path(text)
    ids = select(design, path, text)
    if path.kind == "settings":
        design.update_settings(**{path.field: value})
        return
    _with_part(design, path.field, value)
    for eid in ids:
        design.update(eid, **{path.field: value})


# ------------------------------------------------------------------ points
def base_design(spec: SweepSpec) -> Design:
    """The design the sweep starts from before its axes: the base file's design, or
    the template at its fixed parameters."""
    if spec.base is not None:
        from model.fileformat.reader import design_from_dict

        return design_from_dict(spec.base, spec.base_path or "<base design>")
    if spec.template is None:
        raise SweepError("a sweep needs --template NAME or --base DESIGN.json")
    from model.templates import template

    return template(spec.template).build(**spec.fixed)


def build_point(spec: SweepSpec, values: dict[str, Value]) -> Design:
    """The design of one point: the template built with its parameters (or the base
    design), then each path set to its value."""
    params = {**spec.fixed}
    params.update({a.name: values[a.name] for a in spec.axes if a.kind == "param"})
    if spec.template is not None and spec.base is None:
        from model.templates import template

        design = template(spec.template).build(**params)
    else:
        design = base_design(spec)
    for axis in spec.axes:
        if axis.kind == "set":
            apply_set(design, axis.name, values[axis.name])
    return design


def make_spec(*, template_name: str | None, base: dict[str, Any] | None,
              base_path: str | None, params: list[str], sets: list[str],
              sample: int | None, seed: int) -> SweepSpec:
    """Parse the command line's ``--param`` and ``--set`` items into a spec, checking
    every parameter against the template and every path against the base design (or
    the template at its defaults): SweepError naming the first thing wrong."""
    if (template_name is None) == (base is None):
        raise SweepError("give either --template NAME or --base DESIGN.json")
    if params and template_name is None:
        raise SweepError("--param varies a template's parameters: add --template NAME,"
                         " or use --set PATH=VALUES on a --base design")
    axes: list[Axis] = []
    fixed: dict[str, Value] = {}
    if template_name is not None:
        from model.templates import template

        chosen = template(template_name)
        for item in params:
            name, values = _split(item, "--param")
            param = chosen.param(name.replace("-", "_"))
            checked = tuple(param.parse(str(v)) if isinstance(v, str) or param.kind is str
                            else param.check(v)
                            for v in expand_values(values, f"--param {name}"))
            axes.append(Axis("param", param.name, checked))
    set_items = [_split(item, "--set") for item in sets]
    for path_text, values in set_items:
        axes.append(Axis("set", path_text, tuple(expand_values(values, f"--set {path_text}"))))
    if not axes:
        raise SweepError("nothing to sweep: give --param NAME=VALUES or --set PATH=VALUES")
    if sample is not None and sample < 1:
        raise SweepError(f"--sample {sample}: sample at least one point")
    spec = SweepSpec(tuple(axes), template_name, base, base_path, sample, seed, fixed)
    if spec.size() > MAX_POINTS:
        raise SweepError(f"the cross product has {spec.size():,} points, more than"
                         f" {MAX_POINTS:,}; sweep fewer values or draw --sample N")
    if set_items:
        design = base_design(spec)
        for path_text, _values in set_items:
            select(design, parse_path(path_text), path_text)
    return spec


def _split(item: str, option: str) -> tuple[str, str]:
    name, sep, values = item.partition("=")
    if not sep or not name.strip():
        raise SweepError(f"{option} {item!r}: write NAME=VALUES (e.g. islands=4,8,16)")
    if not values.strip():
        raise SweepError(f"{option} {item!r}: no values after '='")
    return name.strip(), values
