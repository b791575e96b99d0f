"""A rack group's card names its rack type as the palette does: in a Chinese window the
card of an Atlas 800T A2 group read "4× Huawei Atlas 800…" under a palette entry
"4× 华为 Atlas 800T A2，风冷" (seen by the user test of issue #21, /tmp/walk/zh-20-1920.png)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QApplication

from model.fileformat.reader import load_design
from model.i18n import read_catalog
from tests.gui.conftest import close_window
from tests.gui.test_i18n import english_afterwards  # noqa: F401  (a fixture)

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "docs" / "zh" / "examples" / "异构园区.json"


def test_rack_cards_name_their_type_in_chinese(qtbot, catalog, settings,  # type: ignore[no-untyped-def]
                                               english_afterwards) -> None:  # noqa: F811
    from gui.i18n import installer
    from gui.main_window import open_window

    zh = read_catalog(ROOT / "i18n" / "model_zh_CN.ts")
    win = open_window(load_design(EXAMPLE), None, catalog, settings)
    try:
        item = win.scene.item_for("island-1-racks")
        english = "4× Huawei Atlas 800T A2, air-cooled"
        assert item.rack_type_name() == english
        assert installer(QApplication.instance()).install("zh_CN")  # type: ignore[arg-type]
        assert item.rack_type_name() == zh[("parts", english)] != english
        assert "华为" in item.rack_type_name()
        assert win.scene.item_for("island-4-racks").rack_type_name() == \
            zh[("parts", "4× H3C R5500 G6 H20, air-cooled")]
    finally:
        close_window(win)


def test_inspector_names_parts_in_chinese_as_the_palette_does(qtbot, catalog, settings,  # type: ignore[no-untyped-def]
                                                             english_afterwards) -> None:  # noqa: F811
    """Seen under Xvfb in a Chinese window: a bundle's Medium read "400G OSFP multimode
    optics (SR4), pe…" and a rack group's Rack type "4× Huawei Atlas 800T A2,
    air-cooled" while the palette and the cards said them in Chinese."""
    from gui.i18n import installer
    from gui.main_window import open_window

    zh = read_catalog(ROOT / "i18n" / "model_zh_CN.ts")
    win = open_window(load_design(EXAMPLE), None, catalog, settings)
    try:
        assert installer(QApplication.instance()).install("zh_CN")  # type: ignore[arg-type]
        for element, field, english in (
                ("island-1-racks", "rack_type", "4× Huawei Atlas 800T A2, air-cooled"),
                ("island-1-leaf-spine", "medium",
                 "400G OSFP multimode optics (SR4), per link end"),
                ("core", "switch",
                 "Huawei CloudEngine XH-series box, 64 × 400GE (25.6 Tb/s class)")):
            win.scene.select_ids([element])
            combo = win.inspector.fields[field].editor
            assert combo.currentText() == zh[("parts", english)] != english, element
            offered = [combo.itemText(i) for i in range(combo.count())]
            assert english not in offered
        # the edit still names the part by id: choosing another medium sets its id
        win.scene.select_ids(["island-1-leaf-spine"])
        field = win.inspector.fields["medium"]
        dr4 = field.choices().index("optical-400g-dr4")
        field.editor.setCurrentIndex(dr4)
        field.editor.activated.emit(dr4)
        assert win.document.design.bundles["island-1-leaf-spine"].medium == "optical-400g-dr4"
        win.document.undo_stack.undo()  # closes without asking to save
        assert win.document.design.bundles["island-1-leaf-spine"].medium == "optical-400g-osfp"
    finally:
        close_window(win)


def test_tier_cards_name_their_switch_in_chinese(qtbot, catalog, settings,  # type: ignore[no-untyped-def]
                                                 english_afterwards) -> None:  # noqa: F811
    """Seen under Xvfb (issue #15): the core tier's card read "Huawei CloudEngine
    XH-series box, …" in a Chinese window while the palette and the inspector named the
    switch in Chinese."""
    from gui.i18n import installer
    from gui.main_window import open_window

    zh = read_catalog(ROOT / "i18n" / "model_zh_CN.ts")
    english = "Huawei CloudEngine XH-series box, 64 × 400GE (25.6 Tb/s class)"
    win = open_window(load_design(EXAMPLE), None, catalog, settings)
    try:
        item = win.scene.item_for("core")
        assert item.switch_name() == english
        assert installer(QApplication.instance()).install("zh_CN")  # type: ignore[arg-type]
        assert item.switch_name() == zh[("parts", english)] != english
        assert any(zh[("parts", english)] in line for line in item.tooltip_lines())
    finally:
        close_window(win)
