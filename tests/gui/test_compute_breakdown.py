"""The dock's peak-compute figure says what it is made of: on a campus of Ascend,
Cambricon and H20 islands its tooltip lists PFLOPS by vendor and by accelerator, with
the figures worked out by hand (accelerators × TFLOPS)."""

from __future__ import annotations

from PySide6.QtCore import QPointF

from gui.canvas.placement import PaletteEntry
from gui.main_window import open_window
from gui.numbers import decimal_text
from gui.palette import ENTRY_ROLE
from tests.gui.conftest import close_window
from tests.model.test_china_parts import _mixed_campus


def test_peak_compute_tooltip_breaks_down_by_vendor_and_type(qtbot, catalog, settings) -> None:  # type: ignore[no-untyped-def]
    win = open_window(_mixed_campus().design, None, catalog, settings)
    try:
        qtbot.waitUntil(lambda: win.runner.is_current()
                        and win.metrics_dock.metrics is win.runner.metrics, timeout=20_000)
        tip = win.metrics_dock.labels["pflops"].toolTip()
        lines = tip.splitlines()
        # 1,024 × 320 = 327.68 PF; 1,024 × 314 = 321.536; 512 × 148 = 75.776; total 724.992
        vendor = lines[lines.index("By vendor:") + 1: lines.index("By accelerator:")]
        assert vendor == ["  Huawei: 327.7 PF (45%)", "  Cambricon: 321.5 PF (44%)",
                          "  NVIDIA: 75.8 PF (10%)"]
        kinds = lines[lines.index("By accelerator:") + 1:]
        assert kinds[0].startswith("  Huawei Ascend 910B") and kinds[0].endswith("327.7 PF (45%)")
        assert kinds[2].startswith("  NVIDIA H20") and kinds[2].endswith("75.8 PF (10%)")
        assert win.metrics_dock.text_of("pflops") == "725 PF"
    finally:
        win.document.undo_stack.setClean()
        close_window(win)


def test_mixed_campus_from_the_palette_shows_compute_by_vendor(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Atlas 800T A2, MLU590 and H3C H20 racks taken from the palette and dropped on three
    pods of the demo campus (DGX H100): the dock's tooltip lists the four vendors with
    count × TFLOPS of each."""
    palette = window.parts_palette
    offered = {palette.topLevelItem(1).child(i).data(0, ENTRY_ROLE).part_id
               for i in range(palette.topLevelItem(1).childCount())}
    assert {"atlas-800t-a2-x4", "mlu590-server-x4", "h3c-r5500g6-h20-x4"} <= offered
    view, scene, design = window.view, window.scene, window.document.design
    view.set_scale(0.8)
    for pod, rack_type in (("hall-a-pod-1", "atlas-800t-a2-x4"),
                           ("hall-a-pod-2", "mlu590-server-x4"),
                           ("hall-b-pod-1", "h3c-r5500g6-h20-x4")):
        box = scene.item_for(pod).scene_rect()
        assert view.place_entry(PaletteEntry("rack_group", rack_type, rack_type),
                                QPointF(box.center().x(), box.bottom() - 10))
    tflops = {"Huawei": 320, "Cambricon": 314, "NVIDIA H20": 148, "NVIDIA H100": 989.4}
    per_rack = {"atlas-800t-a2-x4": ("Huawei", 32), "mlu590-server-x4": ("Cambricon", 32),
                "h3c-r5500g6-h20-x4": ("NVIDIA H20", 32), "dgx-h100-x4": ("NVIDIA H100", 32)}
    by_hand: dict[str, float] = {}
    for group in design.rack_groups.values():
        kind, accelerators = per_rack[group.rack_type]
        vendor = kind.split()[0]
        by_hand[vendor] = by_hand.get(vendor, 0) + group.count * accelerators * tflops[kind] / 1000
    assert set(by_hand) == {"Huawei", "Cambricon", "NVIDIA"}
    qtbot.waitUntil(lambda: window.runner.is_current()
                    and window.metrics_dock.metrics is window.runner.metrics, timeout=20_000)
    tip = window.metrics_dock.labels["pflops"].toolTip()
    for vendor, pflops in by_hand.items():
        assert f"  {vendor}: {decimal_text(pflops)} PF" in tip, (vendor, tip)
