"""The N−1 tab on a 1280×720 screen (the Xvfb walk of issue #15): its summary wrapped
over three lines and its progress bar and buttons had rows of their own, leaving the
table one row in sight. Now the summary is one line (read whole in its tooltip), the
bar sits among the buttons, and the open tab asks the dock for several rows."""

from __future__ import annotations

from tests.gui.conftest import settle
from tests.gui.test_metrics_dock import wait_for_metrics

LEAST_ROWS = 4


def rows_in_sight(grid) -> int:  # type: ignore[no-untyped-def]
    """Table rows wholly inside the table's viewport."""
    room = grid.viewport().height()
    return sum(grid.rowViewportPosition(r) >= 0
               and grid.rowViewportPosition(r) + grid.rowHeight(r) <= room
               for r in range(grid.rowCount()))


def test_the_n_minus_1_table_shows_several_rows_at_1280_by_720(laptop, qtbot) -> None:  # type: ignore[no-untyped-def]
    wait_for_metrics(qtbot, laptop)
    inspector_before = laptop.inspector.height()
    panel = laptop.whatif.show_n_minus_1()
    qtbot.waitUntil(panel.is_done, timeout=120_000)
    settle()
    assert panel.error == "" and panel.grid.rowCount() > LEAST_ROWS
    assert rows_in_sight(panel.grid) >= LEAST_ROWS, (
        f"{rows_in_sight(panel.grid)} rows in a table {panel.grid.height()} px high")
    # the summary is one line, cut to the dock's width and read whole in the tooltip
    line = panel.state.fontMetrics().height()
    assert panel.state.height() <= line + 4
    assert panel.state.text().startswith("27 single failures")
    assert panel.state.text() in panel.state.toolTip()
    assert "Double-click a row" in panel.state.toolTip()
    assert panel.state.shown_text().endswith("…")
    # the buttons stay in sight under the table
    assert panel.fail_button.geometry().bottom() <= panel.height()
    # the room came from the inspector above (its form scrolls); another tab gives
    # up the claim
    assert laptop.inspector.height() < inspector_before
    laptop.metrics_dock.tabs.setCurrentIndex(0)
    settle()
    assert panel.minimumHeight() == 1
