"""The Chinese interface: the translation file is complete and keeps every placeholder,
the compiled .qm is the one the .ts gives, the language follows the system locale or the
user's choice, and the window opened in Chinese reads in Chinese and still fits a
1280×720 screen.

The expected Chinese is read from i18n/archipelago_zh_CN.ts with an XML parser, never
from the code under test."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QLocale, QSettings, QSize
from PySide6.QtWidgets import QApplication, QMenu, QToolBar

ROOT = Path(__file__).resolve().parents[2]
TS = ROOT / "i18n" / "archipelago_zh_CN.ts"
QM = ROOT / "i18n" / "archipelago_zh_CN.qm"
CJK = re.compile(r"[\u4e00-\u9fff]")
PLACEHOLDER = re.compile(r"\{[a-z_]*\}|%n|%L?\d")
TAG = re.compile(r"</?[a-z0-9]+")

sys.path.insert(0, str(ROOT / "tools"))
import i18n_update  # noqa: E402  (the tool that writes the files checked here)


def messages(ts: Path) -> list[tuple[str, str, str | None, str | None]]:
    """(context, source, translation text, translation type) of every entry."""
    found = []
    for context in ET.parse(ts).getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            translation = message.find("translation")
            found.append((name, message.findtext("source") or "",
                          translation.text if translation is not None else None,
                          translation.get("type") if translation is not None else None))
    return found


def translation_of(context: str, source: str) -> str:
    """The .ts file's translation of ``source`` in ``context``."""
    for name, text, translated, _type in messages(TS):
        if (name, text) == (context, source):
            assert translated, f"{source!r} has no translation"
            return translated
    raise AssertionError(f"{context}/{source!r} is not in the .ts file")


@pytest.fixture
def english_afterwards() -> Iterator[None]:
    """Whatever language a test installs, the next test starts in English."""
    yield
    from gui.i18n import installer

    app = QApplication.instance()
    if app is not None:
        installer(app).remove()


# ------------------------------------------------------------- the files
def test_every_text_of_the_gui_is_in_the_ts_file_and_translated(tmp_path: Path) -> None:
    """lupdate over today's sources finds no text the .ts lacks a translation for."""
    fresh = tmp_path / TS.name
    shutil.copy(TS, fresh)
    i18n_update.lupdate(fresh)
    entries = messages(fresh)
    assert len(entries) > 600, "lupdate found the GUI's texts"
    unfinished = [(c, s) for c, s, text, kind in entries
                  if not text or kind in ("unfinished", "vanished", "obsolete")]
    first = "; ".join(f"[{c}] {s!r}" for c, s in unfinished[:5])
    assert not unfinished, (f"{len(unfinished)} untranslated texts (run "
                            f"tools/i18n_update.py and translate them): {first}")


def test_the_checked_in_ts_has_no_unfinished_entry() -> None:
    unfinished = [s for _c, s, text, kind in messages(TS) if not text or kind == "unfinished"]
    assert unfinished == [], f"{len(unfinished)} unfinished: {unfinished[:5]}"


def test_translations_keep_every_placeholder_markup_tag_and_mnemonic() -> None:
    """A translation that lost or renamed {name}, %1 or %n would show a hole or raise;
    one that lost <b> or <br> breaks the rich text; one that lost & its shortcut key."""
    wrong = []
    for context, source, text, _kind in messages(TS):
        if not text:
            continue
        if sorted(PLACEHOLDER.findall(source)) != sorted(PLACEHOLDER.findall(text)):
            wrong.append(f"[{context}] {source!r} → {text!r}: placeholders differ")
        if sorted(TAG.findall(source)) != sorted(TAG.findall(text)):
            wrong.append(f"[{context}] {source!r} → {text!r}: markup differs")
        if re.search(r"&\w", source) and not re.search(r"&\w", text):
            wrong.append(f"[{context}] {source!r} → {text!r}: lost its mnemonic")
    assert not wrong, f"{len(wrong)} translations changed their placeholders: {wrong[:5]}"


def test_a_language_name_in_chinese_text_is_set_apart_by_spaces() -> None:
    """Chinese typesetting puts a space between Chinese and a Latin word: the language
    prompt reads "切换为 English 吗", not "切换为English吗" (as the window showed)."""
    from gui.i18n import LANGUAGES

    joined = re.compile(r"[\u4e00-\u9fff][A-Za-z]|[A-Za-z][\u4e00-\u9fff]")
    wrong = []
    for context, source, text, _kind in messages(TS):
        if text and "{language}" in source:
            for name in LANGUAGES.values():
                shown = text.format(language=name)
                if joined.search(shown):
                    wrong.append(f"[{context}] {shown!r}")
    assert not wrong, wrong


def test_the_placeholder_check_sees_a_lost_placeholder(tmp_path: Path) -> None:
    """The check above can fail: a .ts with a translation missing its {name} is caught."""
    broken = tmp_path / "broken.ts"
    broken.write_text(TS.read_text(encoding="utf-8").replace(
        "<translation>已打开 {file}</translation>", "<translation>已打开</translation>"),
        encoding="utf-8")
    lost = [s for _c, s, text, _k in messages(broken)
            if text and sorted(PLACEHOLDER.findall(s)) != sorted(PLACEHOLDER.findall(text))]
    assert lost == ["Opened {file}"]


def test_the_checked_in_qm_is_the_one_the_ts_compiles_to(tmp_path: Path) -> None:
    """The .qm the app loads is compiled from the .ts as it is now (not an older one)."""
    fresh = tmp_path / QM.name
    i18n_update.lrelease(TS, fresh)
    assert fresh.read_bytes() == QM.read_bytes(), \
        "i18n/archipelago_zh_CN.qm is out of date: run tools/i18n_update.py"


def test_the_template_dialog_reads_the_model_catalog_in_chinese(qapp, english_afterwards) -> None:  # type: ignore[no-untyped-def]
    """The templates' titles come from the model's catalog (i18n/model_zh_CN.ts, read
    here with an XML parser) once the interface speaks Chinese."""
    from gui.i18n import installer
    from gui.template_dialog import TemplateDialog
    from model.templates import TEMPLATES

    catalog = {(c, s): t for c, s, t, _k in messages(ROOT / "i18n" / "model_zh_CN.ts")}
    assert installer(qapp).install("zh_CN")
    dialog = TemplateDialog(None, compute=lambda _design: (_ for _ in ()).throw(
        RuntimeError("no figures here")))
    try:
        shown = [dialog.list.item(i).text() for i in range(dialog.list.count())]
        expected = [catalog[("templates", t.title)] for t in TEMPLATES.values()]
        assert shown == expected
        assert all(CJK.search(title) for title in shown)
    finally:
        dialog.done(0)
        dialog.deleteLater()


def test_lupdate_is_run_on_the_real_tool() -> None:
    """The extraction uses PySide6's own lupdate (not a stand-in)."""
    out = subprocess.run([i18n_update.tool("pyside6-lupdate"), "-version"],
                         capture_output=True, text=True, check=False)
    assert "lupdate" in (out.stdout + out.stderr).lower()


# ---------------------------------------------------------- the language
@pytest.mark.parametrize(("locale", "expected"), [
    ("zh_CN", "zh_CN"), ("zh_SG", "zh_CN"), ("zh_Hans_HK", "zh_CN"), ("zh_TW", "en"),
    ("en_US", "en"), ("de_DE", "en"), ("C", "en")])
def test_the_system_locale_chooses_the_language(locale: str, expected: str) -> None:
    from gui.i18n import system_language

    assert system_language(QLocale(locale)) == expected


def test_a_chosen_language_wins_over_the_system(tmp_path: Path) -> None:
    from gui.i18n import LANGUAGE_KEY, chosen_language

    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    assert chosen_language(settings, QLocale("zh_CN")) == "zh_CN"
    settings.setValue(LANGUAGE_KEY, "en")
    assert chosen_language(settings, QLocale("zh_CN")) == "en"
    settings.setValue(LANGUAGE_KEY, "klingon")  # not ours: the system's again
    assert chosen_language(settings, QLocale("zh_CN")) == "zh_CN"


def test_undo_step_names_read_in_chinese(qapp, english_afterwards) -> None:  # type: ignore[no-untyped-def]
    from gui.i18n import installer
    from gui.words import change_text

    assert change_text("bundle", "Leaf → spine", {"speed_gbps": 200}) == \
        "Change link speed of Leaf → spine to 200G"
    assert installer(qapp).install("zh_CN")
    from model.i18n import read_catalog

    field = read_catalog(ROOT / "i18n" / "model_zh_CN.ts")[("fields", "link speed")]
    expected = translation_of("Words", "Change {fields} of {name} to {value}").format(
        fields=field, name="Leaf → spine", value="200G")
    assert change_text("bundle", "Leaf → spine", {"speed_gbps": 200}) == expected
    assert CJK.search(expected)


# -------------------------------------------------------------- the window
def menu_texts(menu: QMenu, prefix: str = "") -> Iterator[tuple[str, str]]:
    """(path, text) of every entry of ``menu`` and its submenus."""
    menu.aboutToShow.emit()
    for action in menu.actions():
        if action.isSeparator():
            continue
        yield prefix, action.text()
        if action.menu() is not None:
            yield from menu_texts(action.menu(), f"{prefix}/{action.text()}")  # type: ignore[arg-type]


def test_the_window_started_in_chinese_reads_in_chinese(real_window_factory, design,  # type: ignore[no-untyped-def]
                                                        tmp_path: Path,
                                                        english_afterwards) -> None:
    """Chosen in the settings, the language applies to the whole window as the app
    starts it: menu bar, every menu entry, docks, toolbar, inspector and problems."""
    from model.fileformat import save_design

    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    settings.setValue("language", "zh_CN")
    settings.sync()
    path = tmp_path / "campus.json"
    save_design(design, path)
    win = real_window_factory(str(path))
    titles = {a.menu().objectName().removeprefix("menu-"): a.text()
              for a in win.menuBar().actions()}
    assert {"File", "Edit", "View", "Tools", "Help"} <= set(titles)
    assert titles == {key: translation_of("MainWindow", f"&{key}") for key in titles}
    assert titles["File"] == "文件(&F)"
    english = [(p, t) for top in win.menuBar().actions()
               for p, t in menu_texts(top.menu(), top.text())
               if not CJK.search(t) and t != "English" and not re.match(r"&\d ", t)]
    assert english == [], f"menu entries left in English: {english[:8]}"
    for key, dock in win.docks.items():
        assert CJK.search(dock.windowTitle()), f"dock {key}: {dock.windowTitle()!r}"
    assert CJK.search(win.inspector.title.text())
    assert win.problems.title().startswith(translation_of("MainWindow", "Problems"))
    for action in win.findChild(QToolBar, "toolbar-main").actions():
        assert action.isSeparator() or CJK.search(action.text()), action.text()


def test_the_inspector_fits_1280_by_720_in_chinese(qtbot, design, catalog, settings,  # type: ignore[no-untyped-def]
                                                   monkeypatch, english_afterwards) -> None:
    """Chinese labels are shorter in characters but wider per character: every field's
    editor of each kind of element is still wholly in sight and wide enough to read."""
    from gui import dock_layout
    from gui.i18n import installer
    from gui.main_window import open_window
    from tests.gui.conftest import close_window, rect_in, settle
    from tests.gui.test_inspector_fit import KINDS

    assert installer(QApplication.instance()).install("zh_CN")  # type: ignore[arg-type]
    monkeypatch.setattr(dock_layout, "screen_size", lambda _window: QSize(1280, 720))
    win = open_window(design, None, catalog, settings)
    try:
        settle()
        assert (win.width(), win.height()) == (1280, 720)
        for kind, element_id in KINDS.items():
            win.inspector.show_ids([element_id])
            settle()
            viewport = win.inspector.viewport()
            assert len(win.inspector.fields) >= 3
            for name, field in win.inspector.fields.items():
                label = win.inspector.labels[name]
                assert CJK.search(label) or label in ("PUE",), f"{kind}: {label!r}"
                box = rect_in(field.editor, viewport)
                assert viewport.rect().contains(box), f"{kind}: {name} at {box} is cut"
                assert box.width() >= 90, f"{kind}: {name} only {box.width()} px wide"
    finally:
        win.document.undo_stack.setClean()
        close_window(win)


def test_problems_read_in_the_interface_language(qtbot, design, english_afterwards) -> None:  # type: ignore[no-untyped-def]
    """A problem carries its message with its parameters (model.i18n); the panel, in
    Chinese, shows the model catalog's Chinese of it (read here from the .ts file)."""
    from gui.i18n import installer
    from gui.problems_panel import ProblemsPanel
    from model.i18n import message
    from model.problems import Problem, Severity

    catalog = [(s, t) for c, s, t, _k in messages(ROOT / "i18n" / "model_zh_CN.ts")
               if c == "problems" and t and re.fullmatch(r"[^{}]*(\{[a-z_]+\}[^{}]*)+", s)]
    source, chinese = catalog[0]
    params = dict.fromkeys(re.findall(r"\{([a-z_]+)\}", source), "Hall A")
    problem = Problem.of(Severity.ERROR, "some-code", "hall-a", message("problems", source,
                                                                        **params))
    panel = ProblemsPanel(design)
    qtbot.addWidget(panel)
    panel.set_problems([problem])
    assert panel.topLevelItem(0).text(2) == source.format(**params)  # English first
    assert installer(QApplication.instance()).install("zh_CN")  # type: ignore[arg-type]
    panel.set_problems([problem])
    assert panel.topLevelItem(0).text(2) == chinese.format(**params)
    assert CJK.search(panel.topLevelItem(0).text(2))


def test_a_pdf_exported_from_the_chinese_window_is_in_chinese(qtbot, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                             monkeypatch,
                                                             english_afterwards) -> None:
    """File › Export › PDF Report writes the report in the interface's language (the
    other exports stay data in English): read back with pypdf, the English report has
    no Chinese character and the Chinese one has them."""
    from pypdf import PdfReader
    from PySide6.QtWidgets import QMainWindow

    from gui.document import DesignDocument
    from gui.files import FileActions
    from gui.i18n import installer
    from tests.exports.hand_metrics import priced_hand_metrics
    from tests.gui.test_files import small_design

    monkeypatch.setenv("ARCHIPELAGO_RECOVERY_DIR", str(tmp_path / "recovery"))
    window = QMainWindow()
    qtbot.addWidget(window)
    document = DesignDocument(small_design(), parent=window)
    files = FileActions(window, document, settings=QSettings(
        str(tmp_path / "s.ini"), QSettings.Format.IniFormat),
        compute=priced_hand_metrics, autosave=False)
    errors: list[tuple[str, str]] = []
    monkeypatch.setattr(files, "show_error", lambda title, text: errors.append((title, text)))

    def text_of(path: Path) -> str:
        return "".join(page.extract_text() or "" for page in PdfReader(path).pages)

    assert files.export("pdf", tmp_path / "en.pdf"), errors
    qtbot.waitUntil(lambda: files.exports.busy() is None, timeout=30_000)
    assert not CJK.search(text_of(tmp_path / "en.pdf"))
    assert installer(QApplication.instance()).install("zh_CN")  # type: ignore[arg-type]
    assert files.export("pdf", tmp_path / "zh.pdf"), errors
    qtbot.waitUntil(lambda: files.exports.busy() is None, timeout=30_000)
    assert errors == []
    assert len(CJK.findall(text_of(tmp_path / "zh.pdf"))) > 20


def test_the_user_guide_opens_in_chinese(real_window_factory, design, tmp_path: Path,  # type: ignore[no-untyped-def]
                                         english_afterwards) -> None:
    """Help › User Guide in the Chinese window opens the Chinese guide (docs/zh)."""
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    settings.setValue("language", "zh_CN")
    settings.sync()
    win = real_window_factory(None)
    guide = win.help.show_guide()
    assert Path(guide.browser.source().toLocalFile()) == ROOT / "docs" / "zh" / "README.md"
    assert CJK.search(guide.browser.toPlainText()[:200])
