"""The Jobs dock in Chinese (issue #15 walk): it showed "rank 排布" and the rank orders in
English ("TP, CP, PP, DP (DP outermost)"), and the tokens of Llama 3 as
"15000.0 B 个 token". Every word of the rank-order row is Chinese now (the axes keep their
Latin abbreviations), and figures are written with commas between thousands and no
trailing ".0", as everywhere else."""

from __future__ import annotations

import re

from PySide6.QtWidgets import QApplication, QFormLayout, QLabel

from model.design import Design
from tests.gui.conftest import close_window
from tests.gui.test_i18n import english_afterwards  # noqa: F401  (a fixture)

AXES = re.compile(r"\b(TP|CP|PP|DP|EP)\b")
"""The parallelism axes, written the same in every language."""


def latin_words(text: str) -> list[str]:
    """English words left in ``text`` once the axes' abbreviations are taken out."""
    return re.findall(r"[A-Za-z]{2,}", AXES.sub("", text))


def test_the_jobs_dock_speaks_chinese_and_writes_figures(qtbot, catalog, settings,
                                                         english_afterwards) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    from gui.i18n import installer
    from gui.main_window import open_window

    assert installer(QApplication.instance()).install("zh_CN")  # type: ignore[arg-type]
    win = open_window(Design(name="园区"), None, catalog, settings)
    try:
        dock = win.jobs_dock
        dock.add_job()  # Llama 3 8B: 15 trillion tokens (Meta, Llama 3 model card)
        orders = [dock.rank_order.itemText(k) for k in range(dock.rank_order.count())]
        assert len(orders) == 4
        for text in orders:
            assert latin_words(text) == [], f"English left in {text!r}"
            assert len(AXES.findall(text)) == 5, text  # four axes and the outermost
        (label,) = [form.labelForField(dock.rank_order)
                    for form in dock.findChildren(QFormLayout)
                    if form.labelForField(dock.rank_order) is not None]
        assert isinstance(label, QLabel)
        for text in (label.text(), dock.rank_order.toolTip()):
            assert text and latin_words(text.replace("rank", "")) == [], text
            assert not text.startswith("rank"), text
        assert dock.tokens.text() == "15,000 B 个 token"
        assert dock.global_batch.text() == f"{dock.global_batch.value():,}"
        assert "," in dock.sequence.text() and dock.sequence.text() == "8,192"
        # what is typed is read, with or without its commas and unit
        dock.tokens.lineEdit().setText("2,500 B 个 token")
        dock.tokens.interpretText()
        assert dock.tokens.value() == 2500
    finally:
        win.document.undo_stack.setClean()
        close_window(win)
