"""The problems panel: every problem of the design with the element it concerns.
Clicking one selects that element and centres it on the canvas."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QTreeWidget, QTreeWidgetItem, QWidget

from model.design import Design
from model.problems import Problem, Severity

ELEMENT_ROLE = Qt.ItemDataRole.UserRole + 1


class ProblemsPanel(QTreeWidget):
    """A list of problems: severity, element, message."""

    element_chosen = Signal(str)
    """Id of the element of the clicked problem."""

    def __init__(self, design: Design, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.design = design
        self.problems: list[Problem] = []
        self.setColumnCount(3)
        self.setHeaderLabels(["", "Element", "Problem"])
        self.setRootIsDecorated(False)
        self.setAlternatingRowColors(True)
        self.setUniformRowHeights(True)
        self.setColumnWidth(0, 70)
        self.setColumnWidth(1, 180)
        self.itemClicked.connect(self._clicked)
        self.itemActivated.connect(self._clicked)

    def set_problems(self, problems: list[Problem]) -> None:
        """Show these problems (errors first)."""
        self.problems = sorted(problems, key=lambda p: p.severity is not Severity.ERROR)
        self.clear()
        for problem in self.problems:
            element = self.design.element(problem.element_id or "")
            where = element.name if element else (problem.element_id or "design")
            item = QTreeWidgetItem(self, [
                "⛔ error" if problem.severity is Severity.ERROR else "⚠ warning", where,
                problem.message])
            item.setToolTip(2, f"{problem.message}\n[{problem.code}]")
            item.setData(0, ELEMENT_ROLE, problem.element_id)
            colour = "#cf222e" if problem.severity is Severity.ERROR else "#9a6700"
            item.setForeground(0, Qt.GlobalColor.red if colour == "#cf222e"
                               else Qt.GlobalColor.darkYellow)

    def title(self) -> str:
        """Dock title with the count of problems."""
        errors = sum(p.severity is Severity.ERROR for p in self.problems)
        warnings = len(self.problems) - errors
        return f"Problems ({errors} errors, {warnings} warnings)"

    def _clicked(self, item: QTreeWidgetItem, _column: int) -> None:
        element_id = item.data(0, ELEMENT_ROLE)
        if element_id and self.design.element(element_id) is not None:
            self.element_chosen.emit(element_id)
