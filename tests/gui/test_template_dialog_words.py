"""The New from Template dialog in the user's words: parts by name, not catalog id;
speeds without trailing decimals; and it opens on the template and parameters used
last (remembered in the settings)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication, QComboBox, QDoubleSpinBox, QSpinBox

from gui.template_dialog import TemplateDialog
from model.metrics import compute_all


def make(qtbot, settings=None) -> TemplateDialog:  # type: ignore[no-untyped-def]
    dialog = TemplateDialog(compute=lambda design: compute_all(design, None),
                            settings=settings)
    qtbot.addWidget(dialog)
    return dialog


def test_choices_are_named_not_catalog_ids(qtbot) -> None:
    dialog = make(qtbot)
    dialog.select("superpod")
    combo = dialog._editors["system"]
    assert isinstance(combo, QComboBox)
    shown = [combo.itemText(i) for i in range(combo.count())]
    assert shown == ["NVIDIA DGX H100", "NVIDIA DGX B200",
                     "GB200 NVL72 rack (18 compute trays)"]
    assert combo.currentText() == "NVIDIA DGX H100"
    assert "dgx-h100" not in combo.toolTip() and "NVIDIA DGX B200" in combo.toolTip()
    assert dialog.values()["system"] == "dgx-h100", "the template still gets the id"
    dialog.set_value("system", "gb200-nvl72")
    assert combo.currentText().startswith("GB200 NVL72")
    assert dialog.update_preview() and dialog.design is not None


def test_numbers_are_written_without_trailing_decimals(qtbot) -> None:
    dialog = make(qtbot)
    dialog.select("leaf-spine")
    speed = dialog._editors["speed_gbps"]
    assert isinstance(speed, QDoubleSpinBox)
    assert speed.lineEdit().text() == "100", "not 100.000"
    dialog.set_value("speed_gbps", 1600)
    assert speed.lineEdit().text() == "1,600"
    dialog.set_value("speed_gbps", 12.5)
    assert speed.lineEdit().text() == "12.5"
    assert speed.toolTip() == "Link speed, Gb/s; from 1 to 1,600 (default 100)"
    dialog.select("ai-zones")
    counts = [e for e in dialog._editors.values() if isinstance(e, QSpinBox)]
    big = max(counts, key=lambda e: e.value())
    if big.value() >= 1000:
        assert "," in big.lineEdit().text()


def test_the_last_template_and_its_parameters_are_remembered(qtbot, settings) -> None:
    first = make(qtbot, settings)
    first.select("leaf-spine")
    first.set_value("leaves", 8)
    first.set_value("speed_gbps", 200.0)
    first.accept()
    assert first.design is not None
    again = make(qtbot, settings)
    assert again.template is not None and again.template.name == "leaf-spine"
    assert again.values()["leaves"] == 8 and again.values()["speed_gbps"] == 200.0
    # A choice is remembered by its id and shown by its name.
    again.select("superpod")
    again.set_value("system", "dgx-b200")
    again.accept()
    third = make(qtbot, settings)
    assert third.template is not None and third.template.name == "superpod"
    assert third.values()["system"] == "dgx-b200"
    assert third._editors["system"].currentText() == "NVIDIA DGX B200"  # type: ignore[attr-defined]
    # Without settings nothing is remembered: the first template opens.
    fresh = make(qtbot)
    assert fresh.list.currentRow() == 0


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_dialog_keeps_its_size_whichever_template_is_picked(qtbot, language) -> None:  # type: ignore[no-untyped-def]
    """Picking another template changes the title, help and parameters, never the
    dialog's size (a long title, "Dragonfly+ (groups of leaf-spine, spines joined
    globally)", widened it by 130 px), in either language."""
    from gui.i18n import installer
    from model.templates import TEMPLATES

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    if language != "en":
        installer(app).install(language)
    try:
        check_steady_size(qtbot, TEMPLATES)
    finally:
        installer(app).remove()


def check_steady_size(qtbot, templates) -> None:  # type: ignore[no-untyped-def]
    def no_figures(_design):  # type: ignore[no-untyped-def]
        raise RuntimeError("figures are not wanted here")

    dialog = TemplateDialog(compute=no_figures)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    QApplication.processEvents()
    size = dialog.size()
    for name in [*templates, next(iter(templates))]:
        dialog.select(name)
        QApplication.processEvents()
        assert dialog.size() == size, f"{name}: {dialog.size()} != {size}"
        qtbot.waitUntil(dialog.preview_ready, timeout=5_000)
        QApplication.processEvents()
        assert dialog.size() == size, f"{name} with its preview: {dialog.size()} != {size}"


def test_choices_are_named_in_the_interface_language(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Seen under Xvfb: in a Chinese window the SuperPOD's systems were offered by their
    English catalog names ("GB200 NVL72 rack (18 compute trays)")."""
    from gui.i18n import installer

    app = QApplication.instance()
    assert installer(app).install("zh_CN")  # type: ignore[arg-type]
    try:
        dialog = make(qtbot)
        dialog.select("superpod")
        combo = dialog._editors["system"]
        assert isinstance(combo, QComboBox)
        shown = [combo.itemText(i) for i in range(combo.count())]
        # i18n/model_zh_CN.ts's wording, written out by hand
        assert shown == ["NVIDIA DGX H100", "NVIDIA DGX B200", "GB200 NVL72 机柜（18 个计算托盘）"]
        assert dialog.values()["system"] == "dgx-h100", "the template still gets the id"
    finally:
        installer(app).remove()  # type: ignore[arg-type]
