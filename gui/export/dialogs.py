"""The options asked before a PNG export: whole design or current view, and the size as
a width in pixels or a resolution in dpi."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtWidgets import (
    QButtonGroup,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QRadioButton,
    QSpinBox,
    QWidget,
)

from gui.export.render import DEFAULT_WIDTH


@dataclass(frozen=True)
class PngOptions:
    """What to draw (``current_view``) and how big: ``width`` pixels, or ``dpi``."""

    current_view: bool
    width: int | None
    dpi: float | None


class PngOptionsDialog(QDialog):
    """Asks for :class:`PngOptions`."""

    def __init__(self, parent: QWidget | None = None, has_view: bool = True) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Export PNG"))
        self.whole = QRadioButton(self.tr("Whole design"))
        self.view = QRadioButton(self.tr("Current view"))
        self.view.setEnabled(has_view)
        self.whole.setChecked(True)
        area = QButtonGroup(self)
        area.addButton(self.whole)
        area.addButton(self.view)

        self.by_width = QRadioButton(self.tr("Width (pixels)"))
        self.by_dpi = QRadioButton(self.tr("Resolution (dpi)"))
        self.by_width.setChecked(True)
        size = QButtonGroup(self)
        size.addButton(self.by_width)
        size.addButton(self.by_dpi)
        self.width_box = QSpinBox()
        self.width_box.setRange(16, 30_000)
        self.width_box.setValue(DEFAULT_WIDTH)
        self.dpi_box = QDoubleSpinBox()
        self.dpi_box.setRange(10, 2400)
        self.dpi_box.setDecimals(0)
        self.dpi_box.setValue(192)
        self.by_width.toggled.connect(self._enable)
        self._enable()

        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form = QFormLayout(self)
        form.addRow(self.tr("Draw"), self.whole)
        form.addRow("", self.view)
        form.addRow(self.by_width, self.width_box)
        form.addRow(self.by_dpi, self.dpi_box)
        form.addRow(buttons)

    def _enable(self) -> None:
        self.width_box.setEnabled(self.by_width.isChecked())
        self.dpi_box.setEnabled(self.by_dpi.isChecked())

    def options(self) -> PngOptions:
        """The options chosen."""
        by_width = self.by_width.isChecked()
        return PngOptions(
            current_view=self.view.isChecked(),
            width=self.width_box.value() if by_width else None,
            dpi=None if by_width else self.dpi_box.value(),
        )
