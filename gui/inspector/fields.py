"""Typed editors for one property each. A field emits :attr:`Field.committed` with the
new value when the user finishes an edit; it shows the model's refusal under itself with
:meth:`Field.show_error` and is then reset to the value the design still holds."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

ERROR_STYLE = "color: #cf222e;"


class Field(QWidget):
    """One editor and, under it, the message of the last refusal."""

    committed = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.setSpacing(2)
        self.error = QLabel(self)
        self.error.setWordWrap(True)
        self.error.setStyleSheet(ERROR_STYLE)
        self.error.hide()
        self._value: Any = None

    def _finish_layout(self, editor: QWidget, suffix: str = "") -> None:
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(editor, 1)
        if suffix:
            row.addWidget(QLabel(suffix, self))
        self._layout.addLayout(row)
        self._layout.addWidget(self.error)

    def value(self) -> Any:
        """The value the field was last set to (the design's)."""
        return self._value

    def set_value(self, value: Any) -> None:
        """Show ``value`` (from the design) without emitting anything."""
        self._value = value
        self._show(value)

    def _show(self, value: Any) -> None:
        raise NotImplementedError

    def show_error(self, message: str) -> None:
        """Show why an edit was refused and go back to the design's value."""
        self.error.setText(message)
        self.error.show()
        self._show(self._value)

    def clear_error(self) -> None:
        """Hide the refusal message."""
        self.error.clear()
        self.error.hide()

    def has_error(self) -> bool:
        """True while a refusal message is shown."""
        return not self.error.isHidden()

    def _commit(self, value: Any) -> None:
        if value != self._value:
            self.committed.emit(value)


class TextField(Field):
    """A line of text (names, notes)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.editor = QLineEdit(self)
        self.editor.editingFinished.connect(lambda: self._commit(self.editor.text()))
        self._finish_layout(self.editor)

    def _show(self, value: Any) -> None:
        self.editor.setText("" if value is None else str(value))


class NumberField(Field):
    """A number typed as text, with its unit beside it. Text that is not a number is
    refused here; ranges are the model's to refuse."""

    def __init__(self, suffix: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.editor = QLineEdit(self)
        self.editor.setAlignment(Qt.AlignmentFlag.AlignRight)
        self.editor.editingFinished.connect(self._parse)
        self._finish_layout(self.editor, suffix)

    def _show(self, value: Any) -> None:
        self.editor.setText("" if value is None else f"{float(value):g}")

    def _parse(self) -> None:
        text = self.editor.text().strip().replace(",", "").replace("\u2009", "")
        try:
            number = float(text)
        except ValueError:
            self.show_error(f"{self.editor.text()!r} is not a number")
            return
        self._commit(number)


class CountField(Field):
    """A whole number with arrows (counts, links per member)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.editor = QSpinBox(self)
        self.editor.setRange(0, 10_000_000)
        self.editor.setKeyboardTracking(False)
        self.editor.setGroupSeparatorShown(True)
        self.editor.setAlignment(Qt.AlignmentFlag.AlignRight)
        self.editor.valueChanged.connect(self._commit)
        self._finish_layout(self.editor)

    def _show(self, value: Any) -> None:
        self.editor.blockSignals(True)
        self.editor.setValue(int(value or 0))
        self.editor.blockSignals(False)


class ChoiceField(Field):
    """One of a list of (label, value) choices: catalog parts, enums, containers."""

    def __init__(self, choices: Sequence[tuple[str, Any]], parent: QWidget | None = None
                 ) -> None:
        super().__init__(parent)
        self.editor = QComboBox(self)
        self.editor.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.editor.setMinimumContentsLength(12)
        self._values: list[Any] = []
        for label, value in choices:
            self.editor.addItem(label)
            self._values.append(value)
        self.editor.activated.connect(lambda i: self._commit(self._values[i]))
        self._finish_layout(self.editor)

    def choices(self) -> list[Any]:
        """The values offered, in order."""
        return list(self._values)

    def choose(self, value: Any) -> None:
        """Pick ``value`` as a user would (emits when it differs)."""
        self._commit(value)

    def _show(self, value: Any) -> None:
        self.editor.blockSignals(True)
        if value in self._values:
            self.editor.setCurrentIndex(self._values.index(value))
        else:
            self.editor.setCurrentIndex(-1)
        self.editor.blockSignals(False)
