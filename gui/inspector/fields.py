"""Typed editors for one property each. A field emits :attr:`Field.committed` with the
new value when the user finishes an edit, and :attr:`Field.finished` when the user is done
with it (Enter, or a choice made), so the window can give the keyboard back to the canvas.
It shows the model's refusal under itself with :meth:`Field.show_error` and is then reset
to the value the design still holds.

A field edits one element or several at once; when the selected elements disagree it
shows :data:`MIXED` ("mixed values") instead of a value, and a new value given there
applies to them all.

Editors shrink with the inspector (small minimum widths, long choices elided in the
closed combo box and shown whole in its list and tooltip), so a value is never pushed out
of the panel's sight.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QEvent, QLocale, QObject, Qt, Signal
from PySide6.QtGui import QPaintEvent, QPalette
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSizePolicy,
    QSpinBox,
    QStyle,
    QStyleOptionComboBox,
    QStylePainter,
    QVBoxLayout,
    QWidget,
)

from gui.i18n import translate
from gui.numbers import decimal_text

ERROR_STYLE = "color: #cf222e;"
MIXED_TEXT = "mixed values"
"""What a field shows for differing values (in English; :func:`mixed_text` translates)."""
EDITOR_MIN_WIDTH = 64
"""Pixels an editor may shrink to; below this a value cannot be read at all."""


class _Mixed:
    """The value shown when the selected elements disagree."""

    def __repr__(self) -> str:
        return "MIXED"


MIXED: Any = _Mixed()


def mixed_text() -> str:
    """"mixed values" in the interface language."""
    return translate("Field", "mixed values")


def number_locale() -> QLocale:
    """The locale of the number editors: commas between thousands, as everywhere in the
    docks (:mod:`gui.numbers`)."""
    locale = QLocale(QLocale.Language.English, QLocale.Country.UnitedStates)
    locale.setNumberOptions(QLocale.NumberOption.DefaultNumberOptions)
    return locale


class Field(QWidget):
    """One editor and, under it, the message of the last refusal."""

    committed = Signal(object)
    finished = Signal()
    """The user is done with this field: Enter pressed (sent as the key arrives, before
    the commit it causes), a choice made (after its commit) or Esc pressed (the typing
    dropped)."""

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
        self._editor: QWidget | None = None
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)

    def _finish_layout(self, editor: QWidget, suffix: str = "") -> None:
        editor.setMinimumWidth(EDITOR_MIN_WIDTH)
        editor.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self._editor = editor
        editor.installEventFilter(self)
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(editor, 1)
        if suffix:
            row.addWidget(QLabel(suffix, self))
        self._layout.addLayout(row)
        self._layout.addWidget(self.error)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is not self._editor or event.type() != QEvent.Type.KeyPress:
            return False
        key = event.key()  # type: ignore[attr-defined]
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            # sent before the editor commits on this key: the listener acts on a later turn
            self.finished.emit()
        elif key == Qt.Key.Key_Escape:
            # Esc drops what was typed: the design's value again, the keyboard back
            self.clear_error()
            self._show(self._value)
            self.finished.emit()
            return True
        return False

    def value(self) -> Any:
        """The value the field was last set to (the design's, or :data:`MIXED`)."""
        return self._value

    def set_value(self, value: Any) -> None:
        """Show ``value`` (from the design, or :data:`MIXED`) without emitting."""
        self._value = value
        self._show(value)

    def is_mixed(self) -> bool:
        """True while the field stands for several differing values."""
        return self._value is MIXED

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
        self.editor.editingFinished.connect(self._finished_editing)
        self._finish_layout(self.editor)

    def _finished_editing(self) -> None:
        if self.is_mixed() and not self.editor.text():
            return
        self._commit(self.editor.text())

    def _show(self, value: Any) -> None:
        self.editor.setPlaceholderText(mixed_text() if value is MIXED else "")
        self.editor.setText("" if value is None or value is MIXED else str(value))
        self.editor.setCursorPosition(0)
        self.editor.setToolTip(self.editor.text())


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
        self.editor.setPlaceholderText(mixed_text() if value is MIXED else "")
        self.editor.setText("" if value is None or value is MIXED
                            else decimal_text(float(value), 6))

    def _parse(self) -> None:
        text = self.editor.text().strip().replace(",", "").replace("\u2009", "")
        if self.is_mixed() and not text:
            return
        try:
            number = float(text)
        except ValueError:
            self.show_error(self.tr("{text} is not a number").format(
                text=repr(self.editor.text())))
            return
        self._commit(number)


class OptionalNumberField(NumberField):
    """A number that may be left empty (None): empty text clears it, e.g. a bundle's
    length, which is then estimated. ``empty_means`` is shown in the empty editor."""

    def __init__(self, suffix: str = "", empty_means: str = "",
                 parent: QWidget | None = None) -> None:
        super().__init__(suffix, parent)
        if empty_means:
            self.editor.setPlaceholderText(empty_means)

    def _parse(self) -> None:
        if not self.editor.text().strip() and not self.is_mixed():
            self._commit(None)
            return
        super()._parse()


class CountField(Field):
    """A whole number with arrows (counts, links per member)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.editor = QSpinBox(self)
        self.editor.setLocale(number_locale())
        self.editor.setRange(0, 10_000_000)
        self.editor.setKeyboardTracking(False)
        self.editor.setGroupSeparatorShown(True)
        self.editor.setAlignment(Qt.AlignmentFlag.AlignRight)
        self.editor.valueChanged.connect(self._changed)
        self._finish_layout(self.editor)

    def _changed(self, value: int) -> None:
        if self.is_mixed() and value == self.editor.minimum():
            return
        self._commit(value)

    def _show(self, value: Any) -> None:
        self.editor.blockSignals(True)
        # 0 is no count the model accepts, so it can stand for "mixed values"
        self.editor.setSpecialValueText(mixed_text() if value is MIXED else "")
        self.editor.setValue(0 if value is MIXED else int(value or 0))
        self.editor.blockSignals(False)


class ElidingComboBox(QComboBox):
    """A combo box that ends a choice too long for its width in an ellipsis ("NVIDIA
    Quantum-2 QM9700 (N…") instead of cutting it off; the list shows it whole."""

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QStylePainter(self)
        option = QStyleOptionComboBox()
        self.initStyleOption(option)
        if self.currentIndex() < 0 and self.placeholderText():
            option.currentText = self.placeholderText()
            option.palette.setBrush(QPalette.ColorRole.ButtonText,
                                    option.palette.placeholderText())
        painter.drawComplexControl(QStyle.ComplexControl.CC_ComboBox, option)
        room = self.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, option,
                                           QStyle.SubControl.SC_ComboBoxEditField, self)
        option.currentText = self.fontMetrics().elidedText(
            option.currentText, Qt.TextElideMode.ElideRight, max(0, room.width() - 2))
        painter.drawControl(QStyle.ControlElement.CE_ComboBoxLabel, option)


class ChoiceField(Field):
    """One of a list of (label, value) choices: catalog parts, enums, containers."""

    def __init__(self, choices: Sequence[tuple[str, Any]], parent: QWidget | None = None
                 ) -> None:
        super().__init__(parent)
        self.editor = ElidingComboBox(self)
        self.editor.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.editor.setMinimumContentsLength(4)
        self._values: list[Any] = []
        for label, value in choices:
            self.editor.addItem(label)
            self.editor.setItemData(self.editor.count() - 1, label,
                                    Qt.ItemDataRole.ToolTipRole)
            self._values.append(value)
        # the list opens as wide as its longest choice, however narrow the box is
        view = self.editor.view()
        view.setTextElideMode(Qt.TextElideMode.ElideNone)
        view.setMinimumWidth(view.sizeHintForColumn(0) + 24)
        self.editor.activated.connect(self._chosen)
        self._finish_layout(self.editor)

    def _chosen(self, index: int) -> None:
        self._commit(self._values[index])
        self.finished.emit()

    def choices(self) -> list[Any]:
        """The values offered, in order."""
        return list(self._values)

    def choose(self, value: Any) -> None:
        """Pick ``value`` as a user would (emits when it differs)."""
        self._commit(value)

    def _show(self, value: Any) -> None:
        self.editor.blockSignals(True)
        self.editor.setPlaceholderText(mixed_text() if value is MIXED else "")
        if value is not MIXED and value in self._values:
            self.editor.setCurrentIndex(self._values.index(value))
        else:
            self.editor.setCurrentIndex(-1)
        self.editor.setToolTip(self.editor.currentText())
        self.editor.blockSignals(False)
