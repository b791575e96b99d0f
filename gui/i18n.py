"""The interface language: which one (the user's choice in View › Language, remembered,
else the system locale), the Qt translators that speak it, and the text lookup the GUI's
modules outside a QObject use.

The translations live in ``i18n/archipelago_<code>.ts`` (extracted from the sources by
``pyside6-lupdate``, translated by hand) and are compiled to the ``.qm`` beside it by
``pyside6-lrelease``; a test fails when the two drift apart. Qt's own dialogs (the Save /
Discard / Cancel buttons, the file dialog) take Qt's shipped ``qtbase`` translation,
installed after ours so it is asked first; the few texts it lacks (:data:`QT_GAPS`) are
in ours.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QSettings, QTranslator

LANGUAGE_KEY = "language"
"""The setting that remembers the chosen interface language (a code of LANGUAGES)."""

LANGUAGES: dict[str, str] = {"en": "English", "zh_CN": "简体中文"}
"""Interface languages by code, each named in its own words (as the menu shows them)."""

I18N_DIR = Path(__file__).resolve().parent.parent / "i18n"
"""Where the .ts sources and compiled .qm translations of the interface are kept."""


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:
    """Mark ``text`` for lupdate under ``context`` and return it unchanged (translated
    later, where it is shown, with :func:`translate`). Typed, unlike PySide6's own."""
    del context
    return text


QT_GAPS: tuple[str, ...] = (
    QT_TRANSLATE_NOOP("QFileDialog", "&Look in:"),
    QT_TRANSLATE_NOOP("QFileDialog", "Files of &type:"),
)
"""Texts of Qt's own file dialog that Qt 6 writes with a mnemonic its shipped Chinese
(``qtbase_zh_CN.qm``, which has only "Look in:" and "Files of type:") lacks: our own
translation holds them, under Qt's context, and Qt falls back to it (seen in English in
the Chinese window's Open dialog, issue #15)."""


def translate(context: str, text: str, disambiguation: str | None = None,
              n: int = -1) -> str:
    """``text`` in the interface language (``context`` is the group it is filed under in
    the .ts file, usually the module's main class). Placeholders ({name}, %1) are kept:
    format the result, never the text looked up."""
    return QCoreApplication.translate(context, text, disambiguation, n)


def model_text(context: str, source: str) -> str:
    """A text of the model (a template's title, a term), marked with
    :func:`model.i18n.mark` under ``context``, in the interface language: the model's
    own catalog (``i18n/model_<code>.ts``) translates it."""
    from model.i18n import Translator

    return Translator(current_language()).translate(context, source)


def error_message(error: BaseException) -> str:
    """A refusal's message in the interface language (the model's errors carry their
    text and parameters, :func:`model.i18n.error_text`); English for any other error."""
    from model.i18n import error_text

    return error_text(error, current_language())


def problem_message(problem: object) -> str:
    """A problem's message in the interface language (:func:`model.i18n.problem_text`)."""
    from model.i18n import problem_text

    return problem_text(problem, current_language())


def qm_path(code: str) -> Path:
    """The compiled translation of the interface into ``code``."""
    return I18N_DIR / f"archipelago_{code}.qm"


def system_language(locale: QLocale | None = None) -> str:
    """The interface language that fits ``locale`` (the system's by default): Simplified
    Chinese for any Chinese locale written in simplified characters, else English."""
    locale = locale if locale is not None else QLocale.system()
    if locale.language() == QLocale.Language.Chinese and locale.script() != (
            QLocale.Script.TraditionalHanScript):
        return "zh_CN"
    return "en"


def chosen_language(settings: QSettings, locale: QLocale | None = None) -> str:
    """The language the user chose in View › Language, or the system's when none was
    chosen (or the remembered one is not a language we have)."""
    value = str(settings.value(LANGUAGE_KEY, "") or "")
    return value if value in LANGUAGES else system_language(locale)


class LanguageInstaller:
    """The translators one application has installed for its interface language, so a
    switch removes the old ones before it installs the new."""

    def __init__(self, app: QCoreApplication) -> None:
        self.app = app
        self.code = "en"
        self._translators: list[QTranslator] = []

    def install(self, code: str) -> bool:
        """Speak ``code`` from now on (English needs no translator). Returns False, and
        stays in English, when the compiled translation is missing."""
        self.remove()
        self.code = "en"
        if code == "en" or code not in LANGUAGES:
            return code == "en"
        ours = QTranslator(self.app)
        if not ours.load(str(qm_path(code))):
            return False
        qt_own = QTranslator(self.app)
        folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
        for translator, loaded in ((ours, True), (qt_own, qt_own.load(f"qtbase_{code}",
                                                                       folder))):
            if loaded:
                self.app.installTranslator(translator)
                self._translators.append(translator)
        self.code = code
        return True

    def remove(self) -> None:
        """Back to the source language (English)."""
        for translator in self._translators:
            self.app.removeTranslator(translator)
        self._translators.clear()
        self.code = "en"


def installer(app: QCoreApplication) -> LanguageInstaller:
    """The application's one language installer (made on first use)."""
    current = getattr(app, "_archipelago_language", None)
    if not isinstance(current, LanguageInstaller):
        current = LanguageInstaller(app)
        app._archipelago_language = current  # type: ignore[attr-defined]
    return current


def install_language(app: QCoreApplication, settings: QSettings,
                     locale: QLocale | None = None) -> str:
    """Install the translators of the chosen (or the system's) language before any
    window is built; returns the language's code that is in effect."""
    inst = installer(app)
    code = chosen_language(settings, locale)
    inst.install(code)
    return inst.code


def current_language(app: QCoreApplication | None = None) -> str:
    """The code of the interface language now in effect ("en" before any install)."""
    app = app if app is not None else QCoreApplication.instance()
    current = getattr(app, "_archipelago_language", None) if app is not None else None
    return current.code if isinstance(current, LanguageInstaller) else "en"
