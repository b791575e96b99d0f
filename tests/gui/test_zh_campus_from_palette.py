"""Issue #21's done-when, as a test: in a Chinese window, a heterogeneous campus of
Ascend 910B, Ascend 910C, Cambricon MLU590 and H20 islands is built from an empty design
with the palette's own commands (a building, three islands, rack groups, leaf tiers),
and the Metrics dock's peak-compute tooltip gives the compute by vendor, in Chinese.

The expected figures are counted by hand from the catalog (resources/catalog): a rack
group dropped from the palette is 16 racks × 4 servers × 8 accelerators = 512 chips;
peak dense BF16 per chip: Ascend 910B 320 TFLOPS, Ascend 910C 752, MLU590 314, H20 148.
  Huawei    512 × 320 + 512 × 752 = 548,864 TFLOPS = 548.9 PF (69.9 %)
  Cambricon 512 × 314             = 160,768 TFLOPS = 160.8 PF (20.5 %)
  NVIDIA    512 × 148             =  75,776 TFLOPS =  75.8 PF  (9.6 %)
  campus                                               785.4 PF
"""

from __future__ import annotations

from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QApplication

from gui.canvas.placement import PaletteEntry
from model.design import Design
from tests.gui.conftest import close_window
from tests.gui.test_i18n import english_afterwards  # noqa: F401  (a fixture)


def _free(scene, building: str) -> QPointF:  # type: ignore[no-untyped-def]
    """A point of the building's floor that no island covers."""
    box = scene.item_for(building).scene_rect()
    for i in range(1, 20):
        for j in range(1, 10):
            point = QPointF(box.left() + box.width() * i / 20, box.top() + box.height() * j / 10)
            if scene.element_at(point, ("island",)) is None and \
                    scene.element_at(point, ("building",)) is not None:
                return point
    raise AssertionError("the building is full")


def test_a_chinese_campus_built_from_the_palette_shows_compute_by_vendor(  # type: ignore[no-untyped-def]
        qtbot, catalog, settings, english_afterwards) -> None:  # noqa: F811
    from gui.i18n import installer
    from gui.main_window import open_window

    assert installer(QApplication.instance()).install("zh_CN")  # type: ignore[arg-type]
    win = open_window(Design(name="异构园区"), None, catalog, settings)
    try:
        win.resize(1400, 900)
        view, scene, design = win.view, win.scene, win.document.design
        offered = {e.part_id for e in win.parts_palette.entries()}
        racks = ("atlas-800t-a2-x4", "cloudmatrix-910c-x4", "mlu590-server-x4",
                 "h3c-r5500g6-h20-x4")
        assert set(racks) <= offered
        assert view.place_entry(PaletteEntry("building"), QPointF(0, 0))
        (building,) = design.buildings
        assert "建筑" in design.buildings[building].name or "楼" in design.buildings[building].name
        for _ in range(3):  # dropped on the building where no island is yet
            assert view.place_entry(PaletteEntry("island"), _free(scene, building))
        islands = sorted(design.islands, key=lambda i: design.islands[i].name)
        assert len(islands) == 3 and all("计算岛" in design.islands[i].name for i in islands)
        for island, kinds in zip(islands, (racks[:2], racks[2:3], racks[3:]), strict=True):
            for rack_type in kinds:
                box = scene.item_for(island).scene_rect()
                assert view.place_entry(PaletteEntry("rack_group", rack_type),
                                        QPointF(box.center().x(), box.center().y()))
            box = scene.item_for(island).scene_rect()
            assert view.place_entry(PaletteEntry("tier", "huawei-ce-xh-64x400g"),
                                    QPointF(box.center().x(), box.top() + 30))
        assert sorted(g.rack_type for g in design.rack_groups.values()) == sorted(racks)
        assert all(g.count == 16 for g in design.rack_groups.values())
        qtbot.waitUntil(lambda: win.runner.is_current()
                        and win.metrics_dock.metrics is win.runner.metrics, timeout=30_000)
        lines = win.metrics_dock.labels["pflops"].toolTip().splitlines()
        assert lines[0] == "BF16 稠密峰值算力，PFLOPS"
        vendor = lines[lines.index("按厂商：") + 1: lines.index("按加速卡型号：")]
        assert vendor == ["  华为: 548.9 PF (70%)", "  寒武纪: 160.8 PF (20%)",
                          "  NVIDIA: 75.8 PF (10%)"]
        chips = [line.split(":")[0].strip() for line in lines[lines.index("按加速卡型号：") + 1:]]
        assert sorted(chips) == sorted(["华为昇腾 910B", "华为昇腾 910C", "寒武纪 MLU590（OAM）",
                                        "NVIDIA H20 96 GB（中国特供版）"])
        assert win.metrics_dock.text_of("pflops") == "785 PF"
        win.document.undo_stack.undo()  # the last tier, one command
        assert len(design.tiers) == 2
    finally:
        win.document.undo_stack.setClean()
        close_window(win)
