"""Making and copying records through the same validation as a design file's reader.

pydantic's ``model_copy(update=…)`` and ``model_construct`` skip validation: a copy can
hold a 207-character name or a position past the canvas, which the design would save and
then refuse to open. Everything that builds or copies an element, a part or a catalog
for a design goes through these helpers (and :meth:`model.design.Design.add` re-checks
whatever it is given), so what is saved is what opens. A refusal is a
:class:`~model.errors.DesignError` naming the field, never pydantic's own error.
"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from model.errors import DesignError
from model.i18n import Message, mark, message
from model.parts import Catalog
from model.validation_text import problems_text, validation_message

R = TypeVar("R", bound=BaseModel)

MAX_NAME = 200
"""Longest name of an element or part (the file format's limit)."""

MAX_COORDINATE = 1e7
"""Largest distance of a canvas position from its container's origin."""


def format_validation_error(error: ValidationError) -> str:
    """One readable line per problem in a pydantic error: ``field: message`` (English;
    :func:`model.validation_text.validation_message` keeps it to be read in any
    language)."""
    return validation_message(error).render()


def design_error(error: ValidationError, what: str | Message, element_id: str | None = None,
                 kind: str | None = None) -> DesignError:
    """``error`` as the model's own :class:`DesignError`: ``what`` was refused, each
    problem with its field (in the reader's language), and the first offending field in
    ``DesignError.field``."""
    loc = error.errors()[0]["loc"]
    return DesignError(message("validation", "{what}: {problems}", what=what,
                               problems=problems_text(error, kind)), element_id,
                       str(loc[0]) if loc else None)


_RECORD_WORDS: dict[str, str] = {
    "Building": mark("validation", "building"),
    "Island": mark("validation", "island"),
    "RackGroup": mark("validation", "rack group"),
    "SwitchTier": mark("validation", "switch tier"),
    "LinkBundle": mark("validation", "link bundle"),
    "AcceleratorType": mark("validation", "accelerator type"),
    "ServerType": mark("validation", "server type"),
    "RackType": mark("validation", "rack type"),
    "SwitchModel": mark("validation", "switch model"),
    "Medium": mark("validation", "medium"),
}
"""The user's word for each kind of record a refusal names (another is named by its
class, in English)."""

_KINDS = {"RackGroup": "rack_group", "SwitchTier": "tier"}
"""Records whose ``count`` counts something particular (:mod:`model.field_words`)."""


def _what(cls: type[BaseModel], name: object) -> Message:
    """``link bundle "Leaf → spine"``: the record's kind and (shortened) name."""
    words = "".join(f" {c.lower()}" if c.isupper() else c for c in cls.__name__).strip()
    kind: Message | str = (Message("validation", _RECORD_WORDS[cls.__name__])
                           if cls.__name__ in _RECORD_WORDS else words)
    if not isinstance(name, str) or not name:
        return message("validation", "a new {kind}", kind=kind)
    return message("validation", "{kind} {name!r}", kind=kind, name=_cut(name, 40))


def make(cls: type[R], **fields: Any) -> R:
    """A new ``cls`` record from ``fields``, validated; raises :class:`DesignError`."""
    try:
        return cls.model_validate(fields)
    except ValidationError as error:
        raise design_error(error, _what(cls, fields.get("name")), fields.get("id"),
                           _KINDS.get(cls.__name__)) from None


def revalidated(record: R) -> R:
    """``record`` checked again whole (it may have been copied without validation);
    raises :class:`DesignError` naming the field that no longer fits."""
    try:
        return type(record).model_validate(record.model_dump())
    except ValidationError as error:
        raise design_error(
            error, _what(type(record), getattr(record, "name", None)),
            getattr(record, "id", None), _KINDS.get(type(record).__name__),
        ) from None


def copied(record: R, **changes: Any) -> R:
    """A validated copy of ``record`` with ``changes``; raises :class:`DesignError`."""
    return make(type(record), **{**record.model_dump(), **changes})


def checked_catalog(catalog: Catalog) -> Catalog:
    """``catalog`` with every part checked again (see :func:`revalidated`)."""
    return revalidated(catalog)


def fitted_name(name: str, suffix: str = "") -> str:
    """``name + suffix`` shortened to the name limit: the end of ``name`` gives way
    (ending in "…") so the suffix, which tells the copy apart, is kept."""
    if len(name) + len(suffix) <= MAX_NAME:
        return name + suffix
    return name[: max(MAX_NAME - len(suffix) - 1, 0)] + "…" + suffix


def joined_name(first: str, second: str, joint: str = " → ") -> str:
    """``first + joint + second`` within the name limit; when they do not fit, the
    longer of the two gives way first (ending in "…")."""
    room = MAX_NAME - len(joint)
    if len(first) + len(second) <= room:
        return first + joint + second
    half = room // 2
    if len(first) <= half:
        return first + joint + _cut(second, room - len(first))
    if len(second) <= room - half:
        return _cut(first, room - len(second)) + joint + second
    return _cut(first, half) + joint + _cut(second, room - half)


def _cut(text: str, room: int) -> str:
    return text if len(text) <= room else text[: room - 1] + "…"


def shifted(position: float, offset: float) -> float:
    """``position + offset`` kept on the canvas (within ±:data:`MAX_COORDINATE`)."""
    return min(max(position + offset, -MAX_COORDINATE), MAX_COORDINATE)
