"""English left in the Chinese window by the walk of issue #15 (``LANG=zh_CN.UTF-8``
under Xvfb): the tier roles on the cards and in the inspector ("Spine", "Leaf",
"Core"), the example campus's description, the labels Qt's own file dialog keeps in
English ("&Look in:", "Files of &type:"), and the problems panel naming an element
otherwise than the PDF report does.

The expected Chinese is read from the translation files with an XML parser (or written
out by hand), never from the code under test."""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QApplication, QFileDialog, QLabel

from model.design import Design
from model.elements import Building, Island, Role, SwitchTier
from model.i18n import read_catalog
from model.problems import Problem, Severity
from tests.gui.conftest import close_window
from tests.gui.test_i18n import english_afterwards  # noqa: F401  (a fixture)

ROOT = Path(__file__).resolve().parents[2]
MODEL_TS = ROOT / "i18n" / "model_zh_CN.ts"
CJK = re.compile(r"[\u4e00-\u9fff]")
ROLES = (Role.LEAF, Role.SPINE, Role.AGGREGATION, Role.CORE, Role.SUPER_SPINE)


def _chinese(app: QCoreApplication) -> None:
    from gui.i18n import installer

    assert installer(app).install("zh_CN")


# ------------------------------------------------------------- 1. tier roles
def test_tier_roles_read_in_chinese_as_the_pdf_report_says_them(  # type: ignore[no-untyped-def]
        qtbot, catalog, settings, english_afterwards) -> None:  # noqa: F811
    """The card ("×256 · Spine · 4:1"), its tooltip and the inspector's Role said the
    role in English in a Chinese window while the PDF report said 脊（Spine）: each now
    says the report's word (the model's catalog, context "terms")."""
    from gui.main_window import open_window
    from gui.words import enum_word

    terms = read_catalog(MODEL_TS)
    expected = {role: terms[("terms", role.value)] for role in ROLES}
    assert all(CJK.search(word) for word in expected.values()), expected
    _chinese(QApplication.instance())  # type: ignore[arg-type]
    assert {role: enum_word(role) for role in ROLES} == expected
    design = Design(name="园区")
    design.add_parts(catalog.closure_of_rack_type("dgx-h100-x4"))
    from model.parts import Catalog

    design.add_parts(Catalog(switches=(catalog.switch("qm9700"),)))
    design.add(Building(id="b", name="1 号楼", capacity_kw=1000, x=0, y=0))
    design.add(Island(id="i1", name="计算岛 1", building="b", x=20, y=40))
    design.add(SwitchTier(id="s", name="计算岛 1 Spine", switch="qm9700", count=8,
                          role=Role.SPINE, island="i1", x=20, y=30))
    win = open_window(design, None, catalog, settings)
    try:
        tooltip = "\n".join(win.scene.item_for("s").tooltip_lines())
        assert expected[Role.SPINE] in tooltip, tooltip
        win.scene.select_ids(["s"])
        combo = win.inspector.fields["role"].editor
        assert combo.currentText() == expected[Role.SPINE]
        offered = [combo.itemText(i) for i in range(combo.count())]
        for role in ROLES:
            assert expected[role] in offered, offered
        assert not {"leaf", "Leaf", "spine", "Spine", "core", "Core"} & set(offered)
    finally:
        close_window(win)


# ------------------------------------------------------- 2. the example campus
def test_the_example_campus_is_described_in_the_readers_language(english_afterwards) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    """Its name was Chinese ("8 个计算岛、98,304 张 H100 的园区") and its description
    English ("8 computing islands of 12,288 H100 …"); in English it stays as shipped."""
    from gui.app import initial_design
    from gui.example import EXAMPLE_PATH
    from model.fileformat import load_design

    shipped = load_design(EXAMPLE_PATH).description
    english, _ = initial_design(None, "en")
    assert english.description == shipped
    chinese, _ = initial_design(None, "zh_CN")
    text = chinese.description
    assert CJK.search(text) and not re.search(r"[A-Za-z]{4,}", text.replace(
        "QM9700", "").replace("DGX", "").replace("Clos", "")), text
    # the figures of the shipped (English) text, each said again (hand count: 8
    # islands of 12,288 H100 = 1,536 DGX H100 in 384 racks; 3,072 uplinks, 4 buildings)
    for figure in ("8", "12,288", "1,536", "384", "256", "3,072", "4:1", "40 MW", "10 %"):
        assert figure in shipped and figure in text, (figure, text)


# --------------------------------------------------- 3. Qt's own dialogs
def _file_dialog_labels() -> list[str]:
    dialog = QFileDialog(None, "x")
    dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
    try:
        return [label.text() for label in dialog.findChildren(QLabel) if label.text()]
    finally:
        dialog.deleteLater()


def test_qt_dialogs_speak_chinese_at_start_and_after_a_switch(qapp, english_afterwards) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    """Qt's own translation (qtbase_zh_CN.qm) is installed with ours; the file dialog's
    "&Look in:" and "Files of &type:", which Qt 6 writes with a mnemonic its shipped
    Chinese lacks, come from ours. A switch back to English and to Chinese again
    (View › Language) takes them along."""
    from gui.i18n import installer

    assert QCoreApplication.translate("QPlatformTheme", "Cancel") == "Cancel"
    for _round in range(2):
        _chinese(qapp)
        assert QCoreApplication.translate("QPlatformTheme", "Cancel") == "取消"
        assert QCoreApplication.translate("QPlatformTheme", "Save") == "保存"
        labels = _file_dialog_labels()
        english = [text for text in labels if not CJK.search(text)]
        assert len(labels) == 3 and not english, labels
        assert "查找范围(&L)：" in labels and "文件类型(&T)：" in labels, labels
        assert installer(qapp).install("en")
        assert QCoreApplication.translate("QPlatformTheme", "Cancel") == "Cancel"
        assert "&Look in:" in _file_dialog_labels()


# ----------------------------------------------------- 4. the problems panel
def test_the_problems_panel_names_elements_as_the_pdf_report_does(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Two tiers called "Spine" were both "Spine" in the panel and "Spine (a)",
    "Spine (b)" in the report (model/reports/labels.py): the panel now says the latter;
    a problem of the whole design is the design's."""
    from gui.problems_panel import ProblemsPanel

    design = Design(name="campus")
    design.add(Building(id="h", name="Hall", capacity_kw=1000, x=0, y=0))
    design.add(Island(id="i1", name="Island 1", building="h", x=20, y=40))
    design.add(Island(id="i2", name="Island 2", building="h", x=300, y=40))
    for tier_id, island in (("a", "i1"), ("b", "i2")):
        design.add(SwitchTier(id=tier_id, name="Spine", switch="w", count=2,
                              role=Role.SPINE, island=island, x=20, y=30))
    panel = ProblemsPanel(design)
    qtbot.addWidget(panel)
    panel.set_problems([
        Problem(Severity.WARNING, "x", "b", "over"),
        Problem(Severity.ERROR, "y", "i1", "under"),
        Problem(Severity.WARNING, "z", None, "whole")])
    shown = [panel.topLevelItem(i).text(1) for i in range(panel.topLevelItemCount())]
    assert shown == ["Island 1", "Spine (b)", "design"]
