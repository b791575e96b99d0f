"""Reading a design file, in stages: parse → check format → migrate → validate → check
ids and references → build.

Each stage refuses bad input with a :class:`~model.errors.DesignFileError` naming the
file, the place inside it (``islands[3].building``) and the problem, in words an
architect can act on. Nothing is half-loaded: the design is built in a fresh
:class:`~model.design.Design` that the caller only receives when every stage passed.
Reading never runs code from the file (plain JSON, no pickle, no eval).
"""

from __future__ import annotations

import json
import math
import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any, get_args

from pydantic import ValidationError

from model.design import Design
from model.elements import Element
from model.errors import DesignError, DesignFileError
from model.fileformat.limits import (
    MAX_DEPTH,
    MAX_ITEMS,
    MAX_VALUES,
    line_and_column,
    locate_refused_value,
    refuse_after_parsing,
    refuse_before_parsing,
    too_deep,
)
from model.fileformat.migrations import migrate
from model.fileformat.schema import CATALOG_SECTIONS, FORMAT_NAME, SECTIONS, DesignFile
from model.i18n import Message, mark, message
from model.parts import Catalog, Frozen
from model.strict import STRICT_ERRORS
from model.validation_text import item_reason

MAX_FILE_BYTES = 50 * 1024 * 1024
"""Largest file read (50 MB). A 1M-accelerator design is well under 1 MB."""

MAX_LISTED = 10
"""How many further problems an error message lists after the first."""

MAX_COUNTED = 1000
"""How many problems validation counts before it stops looking for more."""

_BOM = b"\xef\xbb\xbf"

_FOLDER = message("files", "this is a folder, not a design file")
_MISSING = message("files", "this required field is missing")


# ---------------------------------------------------------------- stage 1: parse
def read_json(path: str | os.PathLike[str]) -> Any:
    """The parsed JSON content of ``path``; refuses what is not a readable, reasonably
    sized, UTF-8 JSON file with a message saying why (and where, for a syntax error)."""
    source = str(path)
    raw = _read_bytes(Path(path), source)
    return parse_json_bytes(raw, source)


def _read_bytes(path: Path, source: str) -> bytes:
    try:
        info = path.stat()
        if stat.S_ISDIR(info.st_mode):
            raise DesignFileError(_FOLDER, source)
        if not stat.S_ISREG(info.st_mode):
            raise DesignFileError(message("files", "this is not a regular file"), source)
        if info.st_size > MAX_FILE_BYTES:
            raise DesignFileError(_too_big(info.st_size), source)
        with path.open("rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise DesignFileError(message("files", "no such file"), source) from None
    except PermissionError:
        raise DesignFileError(message(
            "files", "permission denied: you may not read this file"), source) from None
    except NotADirectoryError:
        raise DesignFileError(message(
            "files", "a part of this path is a file, not a folder"), source) from None
    except IsADirectoryError:
        raise DesignFileError(_FOLDER, source) from None
    except OSError as error:
        why = error.strerror or str(error)
        raise DesignFileError(message("files", "could not read the file: {why}", why=why),
                              source) from None
    if len(raw) > MAX_FILE_BYTES:
        raise DesignFileError(_too_big(len(raw)), source)
    return raw


def _too_big(size: int) -> Message:
    return message(
        "files", "the file is {size:.1f} MB; design files are limited to {limit} MB (a"
        " 1M-accelerator campus takes well under 1 MB)", size=size / 1e6,
        limit=MAX_FILE_BYTES // (1024 * 1024))


def parse_json_bytes(raw: bytes, source: str = "<memory>") -> Any:
    """Decode UTF-8 (an initial byte-order mark is allowed) and parse JSON; refuses
    invalid UTF-8, syntax errors, NaN/Infinity, duplicate keys, deep nesting and lists
    longer than the format's limits (see :mod:`model.fileformat.limits`), before
    building anything large."""
    if raw.startswith(_BOM):
        raw = raw[len(_BOM) :]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = raw.count(b"\n", 0, error.start) + 1
        column = error.start - (raw.rfind(b"\n", 0, error.start) + 1) + 1
        raise DesignFileError(message(
            "files", "the file is not valid UTF-8 text (byte {byte}, line {line}, column"
            " {column}); save it as UTF-8", byte=error.start, line=line, column=column),
            source) from None
    too_large = refuse_before_parsing(text)
    if too_large:
        raise DesignFileError(too_large[1], source, too_large[0] or None)
    try:
        data = json.loads(
            text,
            object_pairs_hook=_object_without_duplicates,
            parse_constant=_no_constant,
            parse_float=_finite_float,
        )
    except json.JSONDecodeError as error:
        at_end = error.pos >= len(text.rstrip()) or error.msg.startswith("Unterminated string")
        ending: Message | str = message(
            "files", " (the file ends too early: is it truncated?)") if at_end else ""
        raise DesignFileError(message(
            "files", "not valid JSON at line {line}, column {column}: {why}{ending}",
            line=error.lineno, column=error.colno, why=error.msg, ending=ending),
            source) from None
    except RecursionError:
        raise DesignFileError(too_deep()[1], source) from None
    except ValueError as error:  # from a hook, or int() of a very long number
        found = locate_refused_value(text)
        if found is None:
            raise DesignFileError(message("files", "not valid design JSON: {why}",
                                          why=str(error)), source) from None
        line, column = line_and_column(text, found[0])
        raise DesignFileError(message(
            "files", "not valid design JSON at line {line}, column {column}: {why}",
            line=line, column=column, why=found[1]), source) from None
    too_large = refuse_after_parsing(data)
    if too_large:
        raise DesignFileError(too_large[1], source, too_large[0] or None)
    return data


def _object_without_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise ValueError(f"the key {key!r} appears twice in one object")
            seen.add(key)
    return result


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a design may hold")


def _finite_float(text: str) -> float:
    value = float(text)
    if math.isinf(value):
        raise ValueError(f"the number {_short(text)} is too large")
    return value


# ------------------------------------------------------- stage 2: format + version
def check_format(data: Any, source: str) -> int:
    """The file's ``schema_version`` after checking that ``data`` is an Archipelago
    design (an object whose ``format`` is right and whose version is an integer)."""
    if not isinstance(data, dict):
        raise DesignFileError(message(
            "files", "a design file holds one JSON object {{…}}; this one holds {kind}",
            kind=_json_kind(data)), source)
    if "format" not in data:
        raise DesignFileError(message(
            "files", "no 'format' field: not an Archipelago design file (expected"
            " \"format\": \"{format}\")", format=FORMAT_NAME), source, "format")
    if data["format"] != FORMAT_NAME:
        raise DesignFileError(message(
            "files", "format is {found}, not {format!r}: not an Archipelago design file",
            found=_short(data["format"]), format=FORMAT_NAME), source, "format")
    version = data.get("schema_version")
    if version is None:
        raise DesignFileError(_MISSING, source, "schema_version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise DesignFileError(message(
            "files", "schema_version must be a whole number, not {found}",
            found=_short(version)), source, "schema_version")
    return version


def _json_kind(value: Any) -> Message | str:
    if isinstance(value, list):
        return message("files", "a list [...]")
    if isinstance(value, str):
        return message("files", "a string")
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    return message("files", "a number")


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


# ------------------------------------------------------------ stage 3: validate
def field_path(loc: tuple[int | str, ...]) -> str:
    """``('islands', 3, 'building')`` as ``islands[3].building``."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else part
    return out


def _describe(item: Any) -> Message | str:
    kind = item["type"]
    if kind == "missing":
        return _MISSING
    if kind == "extra_forbidden":
        return message("files", "unknown field: not part of the design format (misspelt?)")
    reason: Message | str
    if kind in ("model_type", "model_attributes_type", "dict_type"):
        reason = message("files", "should be an object {{…}}")
    elif kind in ("tuple_type", "list_type"):
        reason = message("files", "should be a list […]")
    else:
        reason = item_reason(item)
    value = item.get("input")
    if kind in STRICT_ERRORS:  # the message says what was found
        return reason
    if isinstance(value, str | int | float | bool) or value is None:
        return message("files", "{reason} (found {value})", reason=reason,
                       value=_short_json(value))
    return reason


def _short_json(value: str | float | bool | None) -> str:
    """A scalar as it is written in JSON (``null``, ``true``, ``"text"``), shortened."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."


def validate(data: dict[str, Any], source: str) -> DesignFile:
    """The file's content as a :class:`DesignFile`; refuses wrong types, out-of-range
    values, missing and unknown fields, naming each field's path.

    The records of each section are validated one by one, and counting problems stops
    at :data:`MAX_COUNTED`: a long section of wrong items costs no more than that.
    """
    records, problems, cut_short = _validate_records(data)
    try:
        content = DesignFile.model_validate(_with_records(data, records))
    except ValidationError as error:
        problems = [
            (field_path(tuple(item["loc"])), _describe(item)) for item in error.errors()
        ] + problems
    else:
        if not problems:
            return content
    raise _problems_error(source, problems, cut_short) from None


def _record_class(owner: type[Frozen], section: str) -> type[Frozen]:
    """The record class of a section typed ``tuple[Record, ...]``."""
    annotation = owner.model_fields[section].annotation
    record: type[Frozen] = get_args(annotation)[0]
    return record


def _sections(data: dict[str, Any]) -> Iterator[tuple[tuple[str, ...], type[Frozen], list[Any]]]:
    """Each section of ``data`` that is a list: its path, record class and items."""
    catalog = data.get("catalog")
    if isinstance(catalog, dict):
        for section in CATALOG_SECTIONS:
            if isinstance(catalog.get(section), list):
                yield ("catalog", section), _record_class(Catalog, section), catalog[section]
    for section, _ in SECTIONS:
        if isinstance(data.get(section), list):
            yield (section,), _record_class(DesignFile, section), data[section]


def _validate_records(
    data: dict[str, Any],
) -> tuple[dict[tuple[str, ...], tuple[Frozen, ...]], list[tuple[str, Message | str]], bool]:
    """The validated records of each list section, the problems found (each with its
    field path) and whether counting them stopped at :data:`MAX_COUNTED`."""
    records: dict[tuple[str, ...], tuple[Frozen, ...]] = {}
    problems: list[tuple[str, Message | str]] = []
    for path, record, items in _sections(data):
        valid: list[Frozen] = []
        for i, item in enumerate(items):
            try:
                valid.append(record.model_validate(item))
            except ValidationError as error:
                problems.extend(
                    (field_path((*path, i, *e["loc"])), _describe(e)) for e in error.errors()
                )
                if len(problems) >= MAX_COUNTED:
                    return {}, problems, True
        records[path] = tuple(valid)
    return records, problems, False


def _with_records(
    data: dict[str, Any], records: dict[tuple[str, ...], tuple[Frozen, ...]]
) -> dict[str, Any]:
    """``data`` with each list section replaced by its validated records (or emptied
    when it had problems), so the whole file is then checked cheaply."""
    out = dict(data)
    if isinstance(out.get("catalog"), dict):
        out["catalog"] = dict(out["catalog"])
    for path, _, _ in list(_sections(data)):
        target = out["catalog"] if path[0] == "catalog" else out
        target[path[-1]] = records.get(path, ())
    return out


def _problems_error(
    source: str, problems: list[tuple[str, Message | str]], cut_short: bool = False
) -> DesignFileError:
    first_path, first = problems[0]
    rest = problems[1:]
    if rest:
        listed = [message("validation", "{where}: {reason}",
                          where=p or message("files", "(file)"), reason=m)
                  for p, m in rest[:MAX_LISTED]]
        more = len(rest) - MAX_LISTED
        tail: Message | str = message("files", "… and {more} more", more=more) \
            if more > 0 else ""
        count = message("files", "{count} more problems:", count=len(rest)) if len(rest) > 1 \
            else message("files", "1 more problem:")
        if cut_short:
            tail = message("files", "… and more: counting stopped here")
            count = message("files", "at least {count} more problems:", count=len(rest))
        lines: list[Message | str] = [first, count, *listed, *([tail] if tail else [])]
        first = _lines(lines)
    return DesignFileError(first, source, first_path or None)


def _lines(lines: list[Message | str]) -> Message:
    """The first line, then each further one indented (below the first two)."""
    text = Message("files", "{first}\n{second}", (("first", lines[0]), ("second", lines[1])))
    for line in lines[2:]:
        text = Message("files", "{before}\n  {line}", (("before", text), ("line", line)))
    return text


# ---------------------------------------------------- stage 4: ids and references
_WANTS: dict[str, tuple[tuple[str, tuple[str, ...]], ...]] = {
    "island": (("building", ("building",)),),
    "rack_group": (("island", ("island",)),),
    "tier": (("island", ("island",)), ("building", ("building",))),
    "bundle": (("lower", ("rack_group", "tier")), ("upper", ("tier",))),
}
"""For each element kind: its reference fields and the kinds each may name."""


def check_ids_and_references(content: DesignFile, source: str) -> None:
    """Refuse duplicate ids and references to elements that are not in the file.

    Part references (rack type, switch, medium) may name a part the catalog lacks: the
    design opens and lists that as a problem, as it would while editing.
    """
    problems: list[tuple[str, Message | str]] = []
    part_where: dict[str, str] = {}
    for section in CATALOG_SECTIONS:
        seen: dict[str, str] = {}
        for i, part in enumerate(getattr(content.catalog, section)):
            where = f"catalog.{section}[{i}].id"
            if part.id in seen:
                problems.append((where, message(
                    "files", "the id {id!r} is already used by {where}", id=part.id,
                    where=seen[part.id])))
            seen.setdefault(part.id, where.removesuffix(".id"))
            part_where.setdefault(part.id, where.removesuffix(".id"))
    kind_of: dict[str, str] = {}
    where_of: dict[str, str] = {}
    for section, kind in SECTIONS:
        for i, element in enumerate(getattr(content, section)):
            where = f"{section}[{i}]"
            if element.id in where_of:
                used = where_of[element.id]
                problems.append((f"{where}.id", message(
                    "files", "the id {id!r} is already used by {where}", id=element.id,
                    where=used)))
                continue
            if element.id in part_where:
                problems.append((f"{where}.id", message(
                    "files", "the id {id!r} is already the id of the part {where}; elements"
                    " and parts need different ids", id=element.id,
                    where=part_where[element.id])))
            kind_of[element.id] = kind
            where_of[element.id] = where
    for section, kind in SECTIONS:
        for i, element in enumerate(getattr(content, section)):
            for field, allowed in _WANTS.get(kind, ()):
                ref = getattr(element, field)
                if ref is None or kind_of.get(ref) in allowed:
                    continue
                wanted = _kind_word(allowed[-1])
                if len(allowed) > 1:  # at most two kinds: "rack group or tier"
                    wanted = message("validation", "{items} or {last}",
                                     items=_kind_word(allowed[0]), last=wanted)
                found = kind_of.get(ref)
                why = message(
                    "files", "refers to {ref!r}, which is not in the file (expected a"
                    " {wanted} id)", ref=ref, wanted=wanted) if found is None else message(
                    "files", "refers to {ref!r}, which is a {found}, not a {wanted}", ref=ref,
                    found=_kind_word(found), wanted=wanted)
                problems.append((f"{section}[{i}].{field}", why))
    if problems:
        raise _problems_error(source, problems)


_KIND_WORDS = {
    "building": mark("files", "building"),
    "island": mark("files", "island"),
    "rack_group": mark("files", "rack group"),
    "tier": mark("files", "tier"),
    "bundle": mark("files", "bundle"),
}
"""An element kind as a reference's refusal names it."""


def _kind_word(kind: str) -> Message | str:
    """``kind`` in words that translate."""
    word = _KIND_WORDS.get(kind)
    return kind.replace("_", " ") if word is None else Message("files", word)


# ------------------------------------------------------------------ stage 5: build
def build(content: DesignFile, source: str) -> Design:
    """A new design built through its own validating operations; any refusal becomes a
    :class:`DesignFileError` naming the element's place in the file."""
    design = Design(content.name, content.description, content.catalog, content.settings)
    for section, _ in SECTIONS:
        elements: tuple[Element, ...] = getattr(content, section)
        for i, element in enumerate(elements):
            try:
                design.add(element)
            except DesignError as error:
                where = f"{section}[{i}]" + (f".{error.field}" if error.field else "")
                raise DesignFileError(error.text or str(error), source, where) from None
    try:
        design.set_jobs(content.jobs)
    except DesignError as error:
        raise DesignFileError(error.text or str(error), source, "jobs") from None
    try:
        design.set_scenarios(content.scenarios)
    except DesignError as error:
        raise DesignFileError(error.text or str(error), source, "scenarios") from None
    return design


# ------------------------------------------------------------------- public entry
def design_from_dict(data: Any, source: str = "<memory>") -> Design:
    """The design held by already-parsed file data (any version this code reads).

    Raises :class:`DesignFileError` (or its subclass ``UnsupportedVersionError``) naming
    ``source``, the field path and the problem; never returns a partial design.
    """
    version = check_format(data, source)
    data = migrate(data, version, source)
    content = validate(data, source)
    check_ids_and_references(content, source)
    return build(content, source)


def load_design(path: str | os.PathLike[str]) -> Design:
    """The design stored in the file at ``path`` (see :func:`design_from_dict`)."""
    return design_from_dict(read_json(path), str(path))


__all__ = [
    "MAX_DEPTH",
    "MAX_FILE_BYTES",
    "MAX_ITEMS",
    "MAX_VALUES",
    "check_format",
    "check_ids_and_references",
    "design_from_dict",
    "field_path",
    "load_design",
    "parse_json_bytes",
    "read_json",
    "validate",
]
