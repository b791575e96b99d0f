"""The "Fail…" dialog of a right-clicked element: how much of it is down.

A switch tier, a link bundle or a rack group fails by count (the first k switches,
links or racks) or whole; an island fails whole; a building fails whole (its power:
everything in it goes dark). The dialog only says what the user chose
(:meth:`FailDialog.failure`); the window's :class:`~gui.whatif.state.FailureState`
applies it, as a view, not an edit.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gui.i18n import QT_TRANSLATE_NOOP, translate
from gui.numbers import count_text
from gui.words import kind_word
from model.design import Design
from model.failures import COUNTED_KINDS, Failure, members_of
from model.whatif import accelerators_down

UNIT = {"tier": QT_TRANSLATE_NOOP("WhatIf", "switches"),
        "bundle": QT_TRANSLATE_NOOP("WhatIf", "links"),
        "rack_group": QT_TRANSLATE_NOOP("WhatIf", "racks")}
"""Members of each kind that fails by count, in words."""


class FailDialog(QDialog):
    """Choose how much of one element fails."""

    def __init__(self, design: Design, element_id: str, current: Failure | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("fail-dialog")
        self.design = design
        self.element_id = element_id
        self.kind = design.kind_of(element_id) or ""
        element = design.element(element_id)
        name = element.name if element is not None else element_id
        self.setWindowTitle(translate("WhatIf", "Fail {name}").format(name=name))
        self.total = members_of(design, element_id)
        layout = QVBoxLayout(self)
        self.some: QRadioButton | None = None
        self.whole: QRadioButton | None = None
        self.count: QSpinBox | None = None
        if self.kind in COUNTED_KINDS:
            unit = translate("WhatIf", UNIT[self.kind])
            total = count_text(self.total)
            layout.addWidget(QLabel(translate(
                "WhatIf", "How much of {name} is down? It has {total} {unit}.").format(
                name=repr(name), total=total, unit=unit)))
            self.some = QRadioButton(translate("WhatIf", "Some {unit} (the first ones):").format(
                unit=unit))
            self.count = QSpinBox()
            self.count.setRange(1, max(self.total, 1))
            self.count.setSuffix(translate("WhatIf", " of {total} {unit}").format(
                total=total, unit=unit))
            self.whole = QRadioButton(translate(
                "WhatIf", "All {total} {unit} (the whole {kind})").format(
                total=total, unit=unit, kind=_kind_words(self.kind)))
            layout.addWidget(self.some)
            layout.addWidget(self.count)
            layout.addWidget(self.whole)
            self.count.valueChanged.connect(lambda _v: self._pick_some())
            if current is not None and current.whole:
                self.whole.setChecked(True)
            else:
                self.some.setChecked(True)
                if current is not None:
                    self.count.setValue(current.count or len(current.members or ()))
        else:
            dark = accelerators_down(design, (Failure(element=element_id),))
            what = (translate("WhatIf", "its power: everything in it goes dark")
                    if self.kind == "building"
                    else translate("WhatIf", "the whole island: its racks and switches"))
            layout.addWidget(QLabel(translate(
                "WhatIf", "Fail {name} whole ({what}); {count} accelerators go down.").format(
                name=repr(name), what=what, count=count_text(dark))))
        note = QLabel(translate("WhatIf", "Failures are a view: the design and its file are not "
                                "changed. Analysis › Clear Failures brings everything back."))
        note.setWordWrap(True)
        note.setStyleSheet("color: gray;")
        layout.addWidget(note)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(translate("WhatIf", "Fail"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def _pick_some(self) -> None:
        if self.some is not None:
            self.some.setChecked(True)

    def set_count(self, count: int) -> None:
        """Choose ``count`` members down (as a user types it)."""
        assert self.count is not None, "this element fails whole"
        self.count.setValue(count)
        self._pick_some()

    def set_whole(self) -> None:
        """Choose the whole element down."""
        if self.whole is not None:
            self.whole.setChecked(True)

    def failure(self) -> Failure:
        """The failure chosen."""
        if self.count is None or (self.whole is not None and self.whole.isChecked()):
            return Failure(element=self.element_id)
        return Failure(element=self.element_id, count=self.count.value())


def _kind_words(kind: str) -> str:
    return kind_word(kind)
