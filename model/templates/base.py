"""What a template is: a named, parametric generator of a published design.

A :class:`Template` lists its :class:`Param` s (name, type, default, bounds, help) and
builds a :class:`~model.design.Design` from them. Parameters are checked here, in one
place, so every template refuses bad input the same way: a
:class:`~model.errors.DesignError` whose message names the parameter.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from model.design import Design
from model.errors import DesignError
from model.i18n import Message, Translator, message
from model.names import localize_design

ParamValue = int | float | str


@dataclass(frozen=True)
class Param:
    """One template parameter. ``name`` is a Python identifier (``speed_gbps``); on the
    command line it is ``--speed-gbps``."""

    name: str
    kind: type[int] | type[float] | type[str]
    default: ParamValue
    help: str
    minimum: float | None = None
    maximum: float | None = None
    choices: tuple[str, ...] = field(default_factory=tuple)

    def help_in(self, lang: str | None) -> str:
        """The help text in ``lang`` (``"zh_CN"``…; English when None)."""
        return Translator(lang).translate("templates", self.help)

    @property
    def flag(self) -> str:
        """The command-line option, e.g. ``--speed-gbps``."""
        return "--" + self.name.replace("_", "-")

    def describe(self) -> str:
        """One line: help, bounds or choices, default."""
        bounds = ""
        if self.choices:
            bounds = f"; one of {', '.join(self.choices)}"
        elif self.minimum is not None and self.maximum is not None:
            bounds = f"; {self.minimum:g} to {self.maximum:g}"
        elif self.minimum is not None:
            bounds = f"; at least {self.minimum:g}"
        return f"{self.help}{bounds} (default {self.default})"

    def parse(self, text: str) -> ParamValue:
        """Convert command-line text to the parameter's type, then :meth:`check` it."""
        if self.kind is str:
            return self.check(text)
        try:
            value: ParamValue = self.kind(text.strip())
        except ValueError:
            raise DesignError(message(
                "templates", "{flag} must be a whole number, not {value!r}", flag=self.flag,
                value=text) if self.kind is int else message(
                "templates", "{flag} must be a number, not {value!r}", flag=self.flag,
                value=text)) from None
        return self.check(value)

    def check(self, value: object) -> ParamValue:
        """The value, converted to the parameter's type, if it is acceptable; else a
        :class:`DesignError` naming the parameter."""
        if self.kind is str:
            if not isinstance(value, str):
                raise DesignError(message("templates", "{flag} must be text, not {value!r}",
                                          flag=self.flag, value=value))
            if self.choices and value not in self.choices:
                raise DesignError(message(
                    "templates", "{flag} must be one of {choices}, not {value!r}",
                    flag=self.flag, choices=", ".join(self.choices), value=value))
            return value
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise DesignError(message("templates", "{flag} must be a number, not {value!r}",
                                      flag=self.flag, value=value))
        number: int | float
        if self.kind is int:
            if isinstance(value, float) and not value.is_integer():
                raise DesignError(message(
                    "templates", "{flag} must be a whole number, not {value!r}",
                    flag=self.flag, value=value))
            number = int(value)
        else:
            number = float(value)
            if not math.isfinite(number):
                raise DesignError(message(
                    "templates", "{flag} must be a finite number, not {value!r}",
                    flag=self.flag, value=value))
        if self.minimum is not None and number < self.minimum:
            raise DesignError(message(
                "templates", "{flag} must be at least {minimum:g}, not {value:g}",
                flag=self.flag, minimum=self.minimum, value=number))
        if self.maximum is not None and number > self.maximum:
            raise DesignError(message(
                "templates", "{flag} must be at most {maximum:g}, not {value:g}",
                flag=self.flag, maximum=self.maximum, value=number))
        return number


@dataclass(frozen=True)
class Template:
    """A parametric generator of a published design.

    ``builder`` receives every parameter (defaults filled in, values checked) as keyword
    arguments and builds the design through the design's own operations; ``describer``,
    when a template has one, receives the same and gives the design's description as a
    message, so :meth:`build_in` describes the design in the reader's language.
    """

    name: str
    title: str
    description: str
    source: str
    params: tuple[Param, ...]
    builder: Callable[..., Design]
    describer: Callable[..., Message] | None = None

    def title_in(self, lang: str | None) -> str:
        """The title in ``lang`` (``"zh_CN"``…; English when None)."""
        return Translator(lang).translate("templates", self.title)

    def description_in(self, lang: str | None) -> str:
        """The description in ``lang`` (``"zh_CN"``…; English when None); the source
        it cites stays as published."""
        return Translator(lang).translate("templates", self.description)

    def param(self, name: str) -> Param:
        """The parameter called ``name`` (DesignError if there is none)."""
        for param in self.params:
            if param.name == name:
                return param
        known = ", ".join(p.flag for p in self.params)
        flag = "--" + name.replace("_", "-")
        raise DesignError(message(
            "templates", "the {template} template has no parameter {flag}; its parameters"
            " are {known}", template=self.name, flag=flag, known=known))

    def defaults(self) -> dict[str, ParamValue]:
        """Every parameter at its default."""
        return {p.name: p.default for p in self.params}

    def resolve(self, values: Mapping[str, object]) -> dict[str, ParamValue]:
        """Defaults overlaid with ``values``, each checked (DesignError if not valid)."""
        resolved = self.defaults()
        for name, value in values.items():
            resolved[name] = self.param(name).check(value)
        return resolved

    def build(self, **values: Any) -> Design:
        """The design for these parameters (missing ones take their defaults)."""
        return self.builder(**self.resolve(values))

    def build_in(self, lang: str | None, **values: Any) -> Design:
        """:meth:`build`, the design's name, its description and its elements' names
        given in ``lang`` (English when None: names are data, stored as given;
        :mod:`model.names`)."""
        design = localize_design(self.build(**values), lang)
        described = self.description_of(lang, **values)
        if described is not None:
            design.rename(design.name, described)
        return design

    def description_of(self, lang: str | None, **values: Any) -> str | None:
        """The description of the design these parameters build, in ``lang``; None
        when the template has no :attr:`describer` (its designs are described in
        English)."""
        if self.describer is None:
            return None
        return self.describer(**self.resolve(values)).render(lang)
