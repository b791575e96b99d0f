"""The figures the docks and tabs build from the model's words read in Chinese in the
Chinese window: the Jobs dock's limiting link and warnings, the engine's reasons a
figure was not computed, the What-if tab's failures, the compare dialog's figures.

The expected Chinese is a known architect's term of the model catalog, never the code's
own output."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QApplication

CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture
def chinese(qapp) -> Iterator[None]:  # type: ignore[no-untyped-def]
    """The interface in Chinese for one test, English again afterwards."""
    from gui.i18n import installer

    assert installer(qapp).install("zh_CN")
    yield
    installer(QApplication.instance()).remove()  # type: ignore[arg-type]


def test_the_jobs_dock_limiting_link_and_warnings_read_in_chinese(chinese) -> None:  # type: ignore[no-untyped-def]
    from gui.jobs_dock import summary_lines
    from tests.model.jobs_fixtures import campus
    from tests.model.test_jobs import figures, job

    j = job(tp=8, dp=4, global_batch=64, mfu=0.5)
    f = figures(campus(islands=2, servers=[2], uplinks=1), j)["j"]
    text = "\n".join(summary_lines(j, f))
    assert "计算岛之间的链路（i1 ↔ i2）" in text  # the limiting link
    assert "⚠ DP 跨越计算岛：" in text  # the warning
    assert "links between islands" not in text and "crosses islands" not in text
