"""In a Chinese window the palette offers the built-in rack types by their Chinese
names, and a rack group dropped from it is named so (model/part_names.py); in English
both stay as the catalog writes them."""

from __future__ import annotations

from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QApplication

from gui.canvas.placement import PaletteEntry
from model.design import Design
from tests.gui.conftest import close_window
from tests.gui.test_i18n import english_afterwards  # noqa: F401  (a fixture)

ATLAS = "atlas-800t-a2-x4"
CLOUDMATRIX = "cloudmatrix-910c-x4"


def _drop_atlas(win, also: str | None = None) -> str:  # type: ignore[no-untyped-def]
    view, scene, design = win.view, win.scene, win.document.design
    assert view.place_entry(PaletteEntry("building"), QPointF(0, 0))
    (building,) = design.buildings
    box = scene.item_for(building).scene_rect()
    assert view.place_entry(PaletteEntry("island"), box.center())
    (island,) = design.islands
    assert view.place_entry(PaletteEntry("rack_group", ATLAS),
                            scene.item_for(island).scene_rect().center())
    (group,) = design.rack_groups.values()
    if also is not None:
        assert view.place_entry(PaletteEntry("rack_group", also),
                                scene.item_for(island).scene_rect().center())
    return group.name


def _island_chips(win) -> list[tuple[int, str]]:  # type: ignore[no-untyped-def]
    (island,) = win.document.design.islands
    return sorted(win.scene.item_for(island).accelerators())


def _label(win) -> str:  # type: ignore[no-untyped-def]
    (entry,) = [e for e in win.parts_palette.entries() if e.part_id == ATLAS]
    return entry.label


def test_rack_types_in_a_chinese_window(qtbot, catalog, settings, english_afterwards) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    from gui.i18n import installer
    from gui.main_window import open_window

    assert installer(QApplication.instance()).install("zh_CN")  # type: ignore[arg-type]
    win = open_window(Design(name="园区"), None, catalog, settings)
    try:
        assert _label(win) == "4× 华为 Atlas 800T A2，风冷"
        assert _drop_atlas(win, CLOUDMATRIX) == "4× 华为 Atlas 800T A2，风冷"
        # 16 racks × 4 servers × 8 chips each: two chips of one family, counted apart
        assert _island_chips(win) == [(512, "昇腾 910B"), (512, "昇腾 910C")]
    finally:
        win.document.undo_stack.setClean()
        close_window(win)


def test_rack_types_in_an_english_window(qtbot, catalog, settings) -> None:  # type: ignore[no-untyped-def]
    from gui.main_window import open_window

    win = open_window(Design(name="campus"), None, catalog, settings)
    try:
        assert _label(win) == "4× Huawei Atlas 800T A2, air-cooled"
        assert _drop_atlas(win, CLOUDMATRIX) == "4× Huawei Atlas 800T A2, air-cooled"
        assert _island_chips(win) == [(512, "Ascend 910B"), (512, "Ascend 910C")]
    finally:
        win.document.undo_stack.setClean()
        close_window(win)


def test_switch_roles_gloss_the_names_tag_in_chinese(qtbot, english_afterwards) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    """A tier's name keeps the tag Chinese data centres call it by (计算岛 1 Spine,
    model/names.py), while its role is said in Chinese with that tag in brackets, as the
    PDF report says it: the card reads "×128 · 脊（Spine） · 4:1" (issue #15: it read
    "Spine", English in a Chinese window)."""
    from gui.i18n import installer
    from gui.words import enum_word
    from model.elements import Role
    from model.names import role_word

    assert installer(QApplication.instance()).install("zh_CN")  # type: ignore[arg-type]
    assert [role_word(r.value, "zh_CN") for r in (Role.LEAF, Role.SPINE)] == ["Leaf", "Spine"]
    assert [enum_word(r) for r in (Role.LEAF, Role.SPINE, Role.CORE)] == \
        ["叶（Leaf）", "脊（Spine）", "核心"]


def test_switch_models_and_servers_in_a_chinese_palette(qtbot, catalog, settings,  # type: ignore[no-untyped-def]
                                                        english_afterwards) -> None:  # noqa: F811
    """The palette's switch tiers kept their English catalog names in a Chinese window
    ("Huawei CloudEngine XH-series box, …"), and a rack entry's tooltip its server's."""
    from gui.i18n import installer
    from gui.main_window import open_window

    assert installer(QApplication.instance()).install("zh_CN")  # type: ignore[arg-type]
    win = open_window(Design(name="园区"), None, catalog, settings)
    try:
        labels = {e.part_id: e.label for e in win.parts_palette.entries()}
        # i18n/model_zh_CN.ts's wording, written out by hand
        assert labels["huawei-ce-xh-64x400g"] == \
            "华为 CloudEngine XH 系列盒式交换机，64 × 400GE（25.6 Tb/s 级）"
        assert labels["qm9700"] == "NVIDIA Quantum-2 QM9700（NDR InfiniBand）"
        palette = win.parts_palette
        tips = [palette.topLevelItem(i).child(j).toolTip(0)
                for i in range(palette.topLevelItemCount())
                for j in range(palette.topLevelItem(i).childCount())]
        assert any("4 × 华为 Atlas 800T A2（8× 昇腾 910B）" in tip for tip in tips), tips
    finally:
        close_window(win)
