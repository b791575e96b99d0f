"""The N−1 tab names each failure in the window's language: the panel hands the
table its reader's language (issue #15's walk found Chinese rows reading "1 of 8
switches of 'SU 1 Leaf'")."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from model.templates import TEMPLATES
from tests.gui.test_i18n import english_afterwards  # noqa: F401  (a fixture)


def test_a_chinese_window_lists_failures_in_chinese(qtbot, english_afterwards) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    from gui.i18n import installer
    from gui.whatif.n_minus_1_tab import NMinusOnePanel
    from model.metrics import compute_all

    assert installer(QApplication.instance()).install("zh_CN")  # type: ignore[arg-type]
    design = TEMPLATES["leaf-spine"].build(leaves=4, down=4, up=4, spines=4)

    def engine(design, plane=None, budget=None, failures=()):  # type: ignore[no-untyped-def]
        return compute_all(design, plane, budget, failures)

    panel = NMinusOnePanel(lambda: design, lambda _f: None, engine)
    qtbot.addWidget(panel)
    panel.start()
    qtbot.waitUntil(panel.is_done, timeout=60_000)
    assert panel.error == ""
    words = {panel.grid.item(r, 0).text() for r in range(panel.grid.rowCount())}
    # i18n/model_zh_CN.ts's wording, written out by hand
    assert words == {"'Leaf' 的 4 台交换机中的 1 台", "'Spine' 的 4 台交换机中的 1 台",
                     "'Hosts–leaf' 的 16 条链路中的 1 条", "'Leaf–spine' 的 16 条链路中的 1 条"}
