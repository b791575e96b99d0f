"""Translations of the model's words (problems, report and workbook headings, template
titles), in pure Python: the model never loads Qt, yet speaks the user's language.

Text is written in English in the code and marked where it is written, in one of three
ways, each with a *context* (``"problems"``, ``"report"``…) and an English *source*
that may hold ``str.format`` fields (``"{name}: {count:,} links"``):

- :func:`message` keeps the text and its parameters as a :class:`Message`, rendered late
  in any language (a problem computed in the engine process is shown in the GUI's);
- :meth:`Translator.phrase` renders now, in the translator's language (the PDF report
  and the workbook are written in one language);
- :func:`mark` only marks a constant (a table of names) for extraction; translate it
  later with :meth:`Translator.translate`.

The translations live in one catalog per language, ``i18n/model_<lang>.ts``: Qt
Linguist's XML format, read here with :mod:`xml.etree` and loadable by Qt's
``QTranslator`` once compiled with ``pyside6-lrelease``, so the GUI may use the same
file. ``tools/i18n_model.py`` keeps the catalog in step with the marked calls, and a test
fails when a marked text has no finished translation or a translation lost a field.
English is the source language: with no language (or ``"en"``) every text is exactly the
English it always was.
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from xml.etree import ElementTree

from model.errors import ArchipelagoError

I18N_DIR = Path(__file__).resolve().parent.parent / "i18n"
"""Where the model's catalogs are kept (``model_<lang>.ts``)."""

SOURCE_LANGUAGE = "en"
"""The language the texts are written in."""

LANGUAGES = ("en", "zh_CN")
"""The languages the model speaks."""

class LanguageError(ArchipelagoError):
    """A language the model has no catalog for."""


def normalize_language(lang: str | None) -> str:
    """The model's code for ``lang``: ``"en"`` for None, empty, ``C``/``POSIX`` or any
    English; ``"zh_CN"`` for ``zh``, ``zh-CN``, ``zh_CN.UTF-8``, ``zh_Hans``…; raises
    :class:`LanguageError` naming the languages known otherwise."""
    if not lang:
        return SOURCE_LANGUAGE
    code = lang.split(".")[0].split("@")[0].replace("-", "_")
    lower = code.lower()
    if lower in ("c", "posix") or lower == "en" or lower.startswith("en_"):
        return SOURCE_LANGUAGE
    if lower in ("zh", "zh_cn", "zh_hans", "zh_hans_cn", "zh_sg"):
        return "zh_CN"
    raise LanguageError(
        f"no translation for language {lang!r}; languages are {', '.join(LANGUAGES)}"
    )


def mark(context: str, source: str) -> str:
    """``source`` unchanged: marks a constant for the catalog (translate it later with
    :meth:`Translator.translate` and the same ``context``)."""
    del context
    return source


class Localized:
    """A value a message holds that reads differently by language (a field's path
    named in words): :meth:`Translator.render` asks it for its text."""

    def in_language(self, lang: str) -> str:
        """The text in ``lang`` (a normalized code); English is its ``str``."""
        raise NotImplementedError


@dataclass(frozen=True)
class Message:
    """A text and its parameters, rendered when it is read, in the reader's language.

    ``params`` are (name, value) pairs, so a message is hashable and pickles across the
    engine's process boundary."""

    context: str
    source: str
    params: tuple[tuple[str, object], ...] = ()

    def render(self, lang: str | None = None) -> str:
        """The text in ``lang`` (English when None), its fields filled in."""
        return Translator(lang).render(self)

    def __str__(self) -> str:
        return self.render()


def message(context: str, source: str, **params: object) -> Message:
    """A :class:`Message` of ``source`` in ``context`` with ``params`` (marked for the
    catalog)."""
    return Message(context, source, tuple(params.items()))


def fields(text: str) -> set[str]:
    """The format fields of ``text`` as written (``"{count:,}"``, ``"{name!r}"``):
    what a translation must keep."""
    out = set()
    for _, name, spec, conversion in string.Formatter().parse(text):
        if name is not None:
            out.add("{" + name + (f"!{conversion}" if conversion else "")
                    + (f":{spec}" if spec else "") + "}")
    return out


def read_catalog(path: Path) -> dict[tuple[str, str], str]:
    """The finished translations of a Qt ``.ts`` file, by (context, source).
    Unfinished, obsolete and empty translations are left out, so their source text is
    shown instead."""
    try:
        root = ElementTree.parse(path).getroot()
    except (OSError, ElementTree.ParseError) as error:
        raise LanguageError(f"the translation catalog {path} cannot be read: {error}") from None
    out: dict[tuple[str, str], str] = {}
    for context in root.iter("context"):
        name = context.findtext("name", "")
        for entry in context.iter("message"):
            source = entry.findtext("source", "")
            translation = entry.find("translation")
            if translation is None or translation.get("type") in (
                    "unfinished", "obsolete", "vanished"):
                continue
            if translation.text:
                out[(name, source)] = translation.text
    return out


class Catalogs:
    """The catalogs of a directory, each read once, on first use, by language."""

    def __init__(self, directory: Path = I18N_DIR) -> None:
        self.directory = directory
        self._read: dict[str, Mapping[tuple[str, str], str]] = {}

    def path(self, lang: str) -> Path:
        """The ``.ts`` file of ``lang`` (a normalized code)."""
        return self.directory / f"model_{lang}.ts"

    def of(self, lang: str) -> Mapping[tuple[str, str], str]:
        """The translations of ``lang`` (a normalized code; none for English)."""
        if lang == SOURCE_LANGUAGE:
            return {}
        if lang not in self._read:
            self._read[lang] = read_catalog(self.path(lang))
        return self._read[lang]


CATALOGS = Catalogs()
"""The catalogs shipped with the application."""


class Translator:
    """Renders the model's texts in one language (English, unchanged, by default)."""

    def __init__(self, lang: str | None = None, catalogs: Catalogs = CATALOGS) -> None:
        self.lang = normalize_language(lang)
        self._table = catalogs.of(self.lang)

    def translate(self, context: str, source: str) -> str:
        """``source`` in this language (itself when there is no finished translation)."""
        return self._table.get((context, source), source)

    def phrase(self, context: str, source: str, **params: object) -> str:
        """``source`` translated, its fields filled in with ``params`` (marked for the
        catalog)."""
        return self.render(Message(context, source, tuple(params.items())))

    def render(self, text: Message) -> str:
        """A message in this language; nested messages (and :class:`Localized` values)
        in it are rendered too."""
        values = {name: self.render(value) if isinstance(value, Message) else
                  value.in_language(self.lang) if isinstance(value, Localized) else value
                  for name, value in text.params}
        return self.translate(text.context, text.source).format(**values)


class TextValueError(ValueError):
    """A validator's refusal whose words translate: pydantic keeps it in the error's
    context, so :func:`model.validation_text.validation_message` reads it in any
    language; its English is the ``ValueError``'s message."""

    def __init__(self, text: Message) -> None:
        super().__init__(str(text))
        self.text = text


def problem_text(problem: object, lang: str | None = None) -> str:
    """A problem's message in ``lang`` (``"zh_CN"``, ``"en"``…; English when None): what
    the GUI shows. Problems made before messages carried their parameters show their
    English text."""
    text = getattr(problem, "text", None)
    if isinstance(text, Message):
        return text.render(lang)
    return str(getattr(problem, "message", ""))


def error_text(error: BaseException, lang: str | None = None) -> str:
    """An error's message in ``lang`` (English when None): the translated text when the
    error carries one (``DesignError.text``), else its English message."""
    text = getattr(error, "text", None)
    if isinstance(text, Message):
        return text.render(lang)
    return str(error)
