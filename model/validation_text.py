"""pydantic's refusals in the user's language.

A record that does not validate (a count of 0, a name of 300 characters, the string "x"
where a number goes) is refused with pydantic's own English, one problem per field:
``count: Input should be greater than or equal to 1``. :func:`validation_message` keeps
each problem as a :class:`~model.i18n.Message` of its kind and values, so the same refusal
reads in Chinese in a Chinese window (``交换机数：应大于或等于 1``), the field named in the
user's words (:mod:`model.field_words`), and exactly as pydantic wrote it in English.

A problem of a kind not listed here, or one whose English would differ from pydantic's
(a newer pydantic rewording it), is kept as pydantic wrote it, in any language: English is
never changed by a translation.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from model.field_words import field_path
from model.i18n import Localized, Message, TextValueError, Translator, mark, message

_RANGE: dict[str, tuple[str, str]] = {
    "greater_than_equal": (mark("validation", "Input should be greater than or equal to {ge}"),
                           "ge"),
    "greater_than": (mark("validation", "Input should be greater than {gt}"), "gt"),
    "less_than_equal": (mark("validation", "Input should be less than or equal to {le}"),
                        "le"),
    "less_than": (mark("validation", "Input should be less than {lt}"), "lt"),
    "multiple_of": (mark("validation", "Input should be a multiple of {multiple_of}"),
                    "multiple_of"),
}
"""Bounds on a number: pydantic's English with the bound as a field, and its name."""

_PLAIN: dict[str, str] = {
    "missing": mark("validation", "Field required"),
    "extra_forbidden": mark("validation", "Extra inputs are not permitted"),
    "string_type": mark("validation", "Input should be a valid string"),
    "int_type": mark("validation", "Input should be a valid integer"),
    "float_type": mark("validation", "Input should be a valid number"),
    "bool_type": mark("validation", "Input should be a valid boolean"),
    "dict_type": mark("validation", "Input should be a valid dictionary"),
    "list_type": mark("validation", "Input should be a valid list"),
    "tuple_type": mark("validation", "Input should be a valid tuple"),
    "finite_number": mark("validation", "Input should be a finite number"),
    "int_from_float": mark("validation", "Input should be a valid integer, got a number"
                                         " with a fractional part"),
    "int_parsing": mark("validation", "Input should be a valid integer, unable to parse"
                                      " string as an integer"),
    "float_parsing": mark("validation", "Input should be a valid number, unable to parse"
                                        " string as a number"),
}
"""pydantic's kinds of refusal that hold no value."""

_LENGTH: dict[tuple[str, bool], tuple[str, str]] = {
    ("string_too_short", False): (mark("validation", "String should have at least"
                                  " {min_length} character"), "min_length"),
    ("string_too_short", True): (mark("validation", "String should have at least"
                                 " {min_length} characters"), "min_length"),
    ("string_too_long", False): (mark("validation", "String should have at most"
                                 " {max_length} character"), "max_length"),
    ("string_too_long", True): (mark("validation", "String should have at most"
                                " {max_length} characters"), "max_length"),
}
"""Lengths of a text, by kind and plural."""

_ITEMS: dict[tuple[str, bool], str] = {
    ("too_short", False): mark("validation", "{kind} should have at least {min_length}"
                               " item after validation, not {actual_length}"),
    ("too_short", True): mark("validation", "{kind} should have at least {min_length}"
                              " items after validation, not {actual_length}"),
    ("too_long", False): mark("validation", "{kind} should have at most {max_length}"
                              " item after validation, not {actual_length}"),
    ("too_long", True): mark("validation", "{kind} should have at most {max_length}"
                             " items after validation, not {actual_length}"),
}
"""Lengths of a list, by kind and plural."""

_COLLECTIONS = {"List": mark("validation", "List"), "Tuple": mark("validation", "Tuple"),
                "Set": mark("validation", "Set"), "Dictionary": mark("validation",
                                                                     "Dictionary")}

_STRICT = {
    "whole_number": mark("validation", "expected a whole number, found {found}"),
    "number": mark("validation", "expected a number, found {found}"),
    "true_or_false": mark("validation", "expected true or false, found {found}"),
}
"""The kinds :mod:`model.strict` raises; ``found`` says what the value was."""


@dataclass(frozen=True)
class FieldPath(Localized):
    """Where a problem is: pydantic's ``loc``, read in a language
    (:func:`model.field_words.field_path`); "value" when it is the whole value."""

    loc: tuple[str | int, ...]
    kind: str | None = None

    def in_language(self, lang: str) -> str:
        """The path in ``lang``."""
        if not self.loc:
            return Translator(lang).translate("validation", mark("validation", "value"))
        return field_path(self.loc, self.kind, lang)

    def __str__(self) -> str:
        return self.in_language("en")


def found_message(value: Any) -> Message | str:
    """What a JSON value is, in words that translate (as :func:`model.strict.found`
    says it in English)."""
    if isinstance(value, str):
        text = json.dumps(value, ensure_ascii=False)
        return message("validation", "the string {text}",
                       text=text if len(text) <= 40 else text[:37] + '..."')
    if isinstance(value, list | tuple):
        return message("validation", "a list [...]")
    if isinstance(value, dict):
        return message("validation", "an object {{...}}")
    if isinstance(value, bool) or value is None or isinstance(value, int | float):
        from model.strict import found

        return found(value)  # true, false, null or the number: the same in any language
    return message("validation", "a {type}", type=type(value).__name__)


def _shown(value: object) -> object:
    """A bound as pydantic prints it (``9.0`` as ``9``)."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return value


def _choices(expected: str) -> Message | str:
    """pydantic's list of choices (``'air', 'liquid' or 'x'``) with its "or" translated."""
    head, sep, last = expected.rpartition(" or ")
    if not sep:
        return expected
    return message("validation", "{items} or {last}", items=head, last=last)


def _reason(item: Any) -> Message | str:
    """One problem's words (without its field)."""
    kind, ctx = item["type"], item.get("ctx") or {}
    if kind == "value_error" and isinstance(ctx.get("error"), TextValueError):
        return ctx["error"].text  # type: ignore[no-any-return]
    if kind in _RANGE:
        source, name = _RANGE[kind]
        return Message("validation", source, ((name, _shown(ctx.get(name))),))
    if kind in _PLAIN:
        return Message("validation", _PLAIN[kind])
    if kind in _STRICT:
        return Message("validation", _STRICT[kind], (("found", found_message(item["input"])),))
    if kind in ("enum", "literal_error") and "expected" in ctx:
        return message("validation", "Input should be {expected}",
                       expected=_choices(str(ctx["expected"])))
    name = "min_length" if kind.endswith("short") else "max_length"
    if kind in ("string_too_short", "string_too_long"):
        source, name = _LENGTH[(kind, ctx.get(name) != 1)]
        return Message("validation", source, ((name, ctx.get(name)),))
    if kind in ("too_short", "too_long") and ctx.get("field_type") in _COLLECTIONS:
        words = Message("validation", _COLLECTIONS[ctx["field_type"]])
        return Message("validation", _ITEMS[(kind, ctx.get(name) != 1)], (
            ("kind", words), (name, ctx.get(name)), ("actual_length", ctx.get("actual_length"))))
    return str(item["msg"]).removeprefix("Value error, ")


def _checked(reason: Message | str, english: str) -> Message | str:
    """``reason`` when its English is pydantic's own, else pydantic's text unchanged."""
    if isinstance(reason, Message) and reason.render() != english:
        return english
    return reason


def item_reason(item: Any) -> Message | str:
    """One problem of ``ValidationError.errors()`` in words that translate (without its
    field, and without the "Value error, " pydantic puts before a validator's words); in
    English exactly pydantic's text."""
    return _checked(_reason(item), str(item["msg"]).removeprefix("Value error, "))


def problem_messages(error: ValidationError, kind: str | None = None
                     ) -> list[tuple[FieldPath, Message | str]]:
    """Each problem of ``error``: where (its field path) and what (its words, with the
    "Value error, " pydantic puts before a validator's own words left out). ``kind`` is
    the kind of element the record is (the count of a rack group is its rack count)."""
    return [(FieldPath(tuple(item["loc"]), kind), item_reason(item))
            for item in error.errors()]


def joined(parts: list[Message | str]) -> Message | str:
    """Problems one after the other, "; " between them (a Chinese semicolon in Chinese)."""
    text: Message | str = parts[0] if parts else ""
    for part in parts[1:]:
        text = message("validation", "{before}; {after}", before=text, after=part)
    return text


def problems_text(error: ValidationError, kind: str | None = None) -> Message | str:
    """The problems of ``error`` as :func:`validation_message` says them, a problem of
    the whole record (a validator's own words) without the "value: " before it."""
    return joined([message("validation", "{where}: {reason}", where=where, reason=reason)
                   if where.loc else reason for where, reason in problem_messages(error, kind)])


def validation_message(error: ValidationError, kind: str | None = None) -> Message:
    """``error`` as one line per problem, ``field: words``: in English exactly
    :func:`model.checked.format_validation_error`'s text."""
    parts: list[Message | str] = [
        message("validation", "{where}: {reason}", where=where, reason=reason)
        for where, reason in problem_messages(error, kind)]
    text = joined(parts)
    return text if isinstance(text, Message) else Message("validation", "{text}",
                                                          (("text", text),))
