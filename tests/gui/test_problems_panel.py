"""The problems panel: each severity has a drawn icon (a red disc for errors, an amber
triangle for warnings) beside its word, and counts are written with commas."""

from __future__ import annotations

from PySide6.QtGui import QColor

from gui.problems_panel import ProblemsPanel
from model.problems import Problem, Severity


def colour_at(icon, x: float, y: float) -> QColor:  # type: ignore[no-untyped-def]
    image = icon.pixmap(32, 32).toImage()
    return image.pixelColor(int(x * image.width()), int(y * image.height()))


def test_error_and_warning_icons_are_drawn(qtbot, design) -> None:
    panel = ProblemsPanel(design)
    qtbot.addWidget(panel)
    panel.set_problems([
        Problem(Severity.WARNING, "oversubscribed", "hall-a-core", "oversubscribed 9:1"),
        Problem(Severity.ERROR, "ports-exhausted", "hall-a-pod-1-leaf", "needs 70 ports")])
    error, warning = panel.topLevelItem(0), panel.topLevelItem(1)
    assert error is not None and warning is not None
    # four tiers of the demo campus are called "Leaf (rails)": the panel tells them
    # apart by id, as the PDF report does
    assert (error.text(0), error.text(1)) == ("Error", "Leaf (rails) (hall-a-pod-1-leaf)"), \
        "errors first"
    assert (warning.text(0), warning.text(1)) == ("Warning", "Hall A core")
    for item in (error, warning):
        assert not item.icon(0).isNull(), f"{item.text(0)} has no icon"
        assert "⛔" not in item.text(0) and "⚠" not in item.text(0)
    red = colour_at(error.icon(0), 0.2, 0.5)  # on the disc, beside its white bar
    assert (red.red(), red.green(), red.blue(), red.alpha()) == (0xcf, 0x22, 0x2e, 255)
    white = colour_at(error.icon(0), 0.5, 0.5)
    assert (white.red(), white.green(), white.blue()) == (255, 255, 255)
    amber = colour_at(warning.icon(0), 0.3, 0.8)  # inside the triangle, off the mark
    assert (amber.red(), amber.green(), amber.blue(), amber.alpha()) == (0xbf, 0x87, 0, 255)
    corner = colour_at(warning.icon(0), 0.02, 0.05)
    assert corner.alpha() == 0, "outside the triangle is transparent"
    assert panel.title() == "Problems (1 error, 1 warning)"


def test_counts_in_the_title_have_commas(qtbot, design) -> None:
    panel = ProblemsPanel(design)
    qtbot.addWidget(panel)
    panel.set_problems([Problem(Severity.WARNING, "unconnected", None, "x")] * 1234)
    assert panel.title() == "Problems (0 errors, 1,234 warnings)"


def test_no_problems_is_said_in_words_not_an_empty_table(qtbot, design) -> None:
    panel = ProblemsPanel(design)
    qtbot.addWidget(panel)
    panel.resize(600, 160)
    panel.show()
    qtbot.waitExposed(panel)
    note = panel.empty_note
    assert not note.isVisibleTo(panel), "before the first check nothing is claimed"
    panel.set_problems([])
    assert note.isVisibleTo(panel) and note.text().startswith("No problems")
    # whole, inside the table's viewport, below its header
    assert panel.viewport().rect().contains(note.geometry())
    assert note.geometry().width() >= note.sizeHint().width()
    panel.resize(900, 300)  # stays centred when the dock grows
    qtbot.wait(10)
    centre = panel.viewport().rect().center()
    assert abs(note.geometry().center().x() - centre.x()) <= 2
    panel.set_problems([Problem(Severity.WARNING, "oversubscribed", "hall-a-core", "9:1")])
    assert not note.isVisibleTo(panel)
    assert panel.topLevelItemCount() == 1
    panel.set_problems([])
    assert note.isVisibleTo(panel) and panel.topLevelItemCount() == 0
