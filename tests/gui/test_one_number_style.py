"""One number style everywhere (issue #15 loose ends §4): the canvas's counts and the
undo and status texts write thousands with commas, as the docks, the problems panel and
the template dialog do (gui/numbers.py) — not with thin spaces."""

from __future__ import annotations

from gui.canvas.items.base import thousands
from gui.commands import UpdateElement
from gui.words import number_words

THIN = "\u2009"


def test_canvas_counts_use_commas() -> None:
    assert thousands(131_072) == "131,072"
    assert thousands(2_500) == "2,500"
    assert thousands(999) == "999"


def test_undo_and_status_numbers_use_commas() -> None:
    assert number_words(2_000) == "2,000"
    assert number_words(131_072.0) == "131,072"
    assert number_words(1.25) == "1.25"
    assert number_words(2_500.5) == "2,500.5"


def test_window_texts_have_no_thin_spaces(window, qtbot) -> None:
    doc = window.document
    doc.execute(UpdateElement(doc.design, "hall-a-pod-1-racks", {"count": 1_200}))
    doc.execute(UpdateElement(doc.design, "hall-a", {"capacity_kw": 120_000}))
    assert doc.undo_stack.text(doc.undo_stack.index() - 1) == \
        "Change IT capacity of Hall A to 120,000 kW"
    assert "1,200" in doc.undo_stack.text(doc.undo_stack.index() - 2)
    qtbot.waitUntil(lambda: window.runner.is_current()
                    and window.scene.metrics is window.runner.metrics, timeout=10_000)
    texts = [item.label() for item in window.scene.items() if hasattr(item, "label")]
    texts += [getattr(item, "tooltip_text", item.toolTip)() for item in window.scene.items()]
    assert any("," in text for text in texts), "the canvas shows counts of thousands"
    assert not [text for text in texts if THIN in text]
