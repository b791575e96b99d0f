"""The problems panel: every problem of the design with the element it concerns, named
as the PDF report and the other exports name it (:class:`model.reports.labels.Labeller`:
its name, ``name (id)`` where two elements share it). Clicking one selects that element
and centres it on the canvas.

Severity is shown by an icon drawn here (a red disc for an error, an amber triangle for a
warning, each with a white mark) beside the word: an emoji or a theme icon may be missing
from the fonts and themes of a user's system, a drawn one never is.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QIcon,
    QPainter,
    QPalette,
    QPen,
    QPixmap,
    QPolygonF,
    QResizeEvent,
)
from PySide6.QtWidgets import QLabel, QTreeWidget, QTreeWidgetItem, QWidget

from gui.i18n import QT_TRANSLATE_NOOP, problem_message, translate
from gui.numbers import count_text
from model.design import Design
from model.problems import Problem, Severity
from model.reports.labels import Labeller

ELEMENT_ROLE = Qt.ItemDataRole.UserRole + 1
SEVERITY_COLOURS = {Severity.ERROR: "#cf222e", Severity.WARNING: "#bf8700"}
SEVERITY_WORDS = {Severity.ERROR: QT_TRANSLATE_NOOP("ProblemsPanel", "Error"),
                  Severity.WARNING: QT_TRANSLATE_NOOP("ProblemsPanel", "Warning")}


def severity_icon(severity: Severity, size: int = 16) -> QIcon:
    """The icon of a severity, drawn: a red disc with a white bar (error), an amber
    triangle with a white exclamation mark (warning)."""
    pixmap = QPixmap(size * 2, size * 2)  # drawn at twice the size, sharp on HiDPI
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    colour = QColor(SEVERITY_COLOURS[severity])
    painter.setPen(QPen(Qt.PenStyle.NoPen))
    painter.setBrush(QBrush(colour))
    s = float(size * 2)
    if severity is Severity.ERROR:
        painter.drawEllipse(QRectF(1, 1, s - 2, s - 2))
        painter.setBrush(QBrush(Qt.GlobalColor.white))
        painter.drawRoundedRect(QRectF(s * 0.22, s * 0.42, s * 0.56, s * 0.16), 2, 2)
    else:
        painter.drawPolygon(QPolygonF([QPointF(s / 2, 1), QPointF(s - 1, s - 2),
                                       QPointF(1, s - 2)]))
        painter.setBrush(QBrush(Qt.GlobalColor.white))
        painter.drawRoundedRect(QRectF(s * 0.44, s * 0.32, s * 0.12, s * 0.36), 2, 2)
        painter.drawEllipse(QRectF(s * 0.43, s * 0.74, s * 0.14, s * 0.14))
    painter.end()
    return QIcon(pixmap)


class ProblemsPanel(QTreeWidget):
    """A list of problems: severity, element, message."""

    element_chosen = Signal(str)
    """Id of the element of the clicked problem."""

    def __init__(self, design: Design, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.design = design
        self.problems: list[Problem] = []
        self._icons = {severity: severity_icon(severity) for severity in Severity}
        self.setColumnCount(3)
        self.setHeaderLabels(["", self.tr("Element"), self.tr("Problem")])
        self.setRootIsDecorated(False)
        self.setAlternatingRowColors(True)
        self.setUniformRowHeights(True)
        self.setColumnWidth(0, 90)
        self.setColumnWidth(1, 180)
        self.itemClicked.connect(self._clicked)
        self.itemActivated.connect(self._clicked)
        self.empty_note = QLabel(self.tr("No problems: the design passes every check."),
                                 self.viewport())
        """Said over the empty table once the design has been checked: an empty table
        alone reads as "not loaded" or "broken"."""
        self.empty_note.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty_note.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.empty_note.hide()

    def set_problems(self, problems: list[Problem]) -> None:
        """Show these problems (errors first)."""
        self.problems = sorted(problems, key=lambda p: p.severity is not Severity.ERROR)
        self.clear()
        labels = Labeller(self.design)  # the names the PDF report and the exports give
        for problem in self.problems:
            where = (labels.element(problem.element_id) if problem.element_id
                     else self.tr("design"))
            item = QTreeWidgetItem(self, [translate("ProblemsPanel",
                                                    SEVERITY_WORDS[problem.severity]), where,
                                          problem_message(problem)])
            item.setIcon(0, self._icons[problem.severity])
            item.setToolTip(2, f"{problem_message(problem)}\n[{problem.code}]")
            item.setData(0, ELEMENT_ROLE, problem.element_id)
            item.setForeground(0, QColor(SEVERITY_COLOURS[problem.severity]))
            font = QFont(item.font(0))
            font.setBold(problem.severity is Severity.ERROR)
            item.setFont(0, font)
        self.empty_note.setVisible(not self.problems)
        self._place_note()

    def _place_note(self) -> None:
        """The note across the viewport's width, in its upper part (where a first row
        would be)."""
        room = self.viewport().rect()
        height = self.empty_note.sizeHint().height() * 2
        self.empty_note.setGeometry(room.left(), room.top(), room.width(),
                                    min(room.height(), height))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._place_note()

    def title(self) -> str:
        """Dock title with the count of problems."""
        errors = sum(p.severity is Severity.ERROR for p in self.problems)
        warnings = len(self.problems) - errors
        error_words = (self.tr("{n} error") if errors == 1
                       else self.tr("{n} errors")).format(n=count_text(errors))
        warning_words = (self.tr("{n} warning") if warnings == 1
                         else self.tr("{n} warnings")).format(n=count_text(warnings))
        return self.tr("Problems ({errors}, {warnings})").format(errors=error_words,
                                                                  warnings=warning_words)

    def _clicked(self, item: QTreeWidgetItem, _column: int) -> None:
        element_id = item.data(0, ELEMENT_ROLE)
        if element_id and self.design.element(element_id) is not None:
            self.element_chosen.emit(element_id)
