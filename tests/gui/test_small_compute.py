"""Peak compute written to the precision its size needs: a Dragonfly+ group of generic
host racks (0.11 PF) read "8 racks · 0 PF" on the canvas while the dock said "1 PF" for
the nine groups (seen in the walk of issue #15, /tmp/s13walk/c52.png)."""

from __future__ import annotations

from gui.metrics_dock import format_headline
from gui.numbers import pflops_text


def test_pflops_text_by_hand() -> None:
    assert pflops_text(12_158.4) == "12,158"
    assert pflops_text(97_262.0) == "97,262"
    assert pflops_text(253.0) == "253"
    assert pflops_text(12.34) == "12.3"
    assert pflops_text(1.0) == "1"
    assert pflops_text(0.1152) == "0.12"
    assert pflops_text(0.004_91) == "0.0049"
    assert pflops_text(0.0) == "0"


def test_a_small_island_does_not_read_zero(window, qtbot) -> None:
    qtbot.waitUntil(lambda: window.runner.is_current()
                    and window.scene.metrics is window.runner.metrics, timeout=10_000)
    metrics = window.scene.metrics
    metrics.compute.by_island["hall-a-pod-1"] = 0.1152  # as a DF+ group of 64 hosts
    item = window.scene.item_for("hall-a-pod-1")
    assert "0.12 PFLOPS peak dense BF16" in item.tooltip_lines()
    assert item._summary_lines()[-1][:3] == ("0.12 PF", 11, False)
    assert format_headline("pflops", 1.04, metrics) == "1 PF"
    assert format_headline("pflops", 0.58, metrics) == "0.58 PF"
