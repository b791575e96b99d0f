"""Field types that take only what the design file's schema says: no silent conversion.

pydantic's default ("lax") mode turns the string ``"8"``, ``" 8 "`` or ``true`` into the
number 8 and ``"yes"`` into ``True``; a typo in a hand-edited file would then pass and be
rewritten on save. These types refuse such values with a message that says what was
expected and what was found (``expected a whole number, found the string "8"``).

The one conversion kept is the one JSON itself makes: a JSON number with no fractional
part (``8.0``) is the integer 8, as JSON Schema's ``integer`` type defines it.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

from pydantic import BeforeValidator
from pydantic_core import PydanticCustomError

STRICT_ERRORS = frozenset({"whole_number", "number", "true_or_false"})
"""The error types these validators raise (their messages already say what was found)."""


def found(value: Any) -> str:
    """What a JSON value is, in words: ``the string "8"``, ``true``, ``a list [...]``."""
    if isinstance(value, str):
        text = json.dumps(value, ensure_ascii=False)
        return "the string " + (text if len(text) <= 40 else text[:37] + '..."')
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, list | tuple):
        return "a list [...]"
    if isinstance(value, dict):
        return "an object {...}"
    if isinstance(value, int | float):
        text = repr(value)
        return text if len(text) <= 40 else text[:37] + "..."
    return f"a {type(value).__name__}"


def _whole_number(value: Any) -> Any:
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise PydanticCustomError(
            "whole_number", "expected a whole number, found {found}", {"found": found(value)}
        )
    return value


def number(value: Any) -> Any:
    """``value`` when it is a JSON number; else a pydantic error saying what it is."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise PydanticCustomError(
            "number", "expected a number, found {found}", {"found": found(value)}
        )
    return value


def _true_or_false(value: Any) -> Any:
    if not isinstance(value, bool):
        raise PydanticCustomError(
            "true_or_false", "expected true or false, found {found}", {"found": found(value)}
        )
    return value


WholeNumber = Annotated[int, BeforeValidator(_whole_number)]
"""An integer field: a JSON integer (or a number like ``8.0`` with no fractional part)."""

Number = Annotated[float, BeforeValidator(number)]
"""A real-valued field: a JSON number, never a string or true/false."""

Flag = Annotated[bool, BeforeValidator(_true_or_false)]
"""A yes/no field: JSON ``true`` or ``false`` only."""
