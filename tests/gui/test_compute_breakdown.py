"""The dock's peak-compute figure says what it is made of: on a campus of Ascend,
Cambricon and H20 islands its tooltip lists PFLOPS by vendor and by accelerator, with
the figures worked out by hand (accelerators × TFLOPS)."""

from __future__ import annotations

from gui.main_window import open_window
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
