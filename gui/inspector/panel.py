"""The inspector panel: the selected elements' properties in typed editors (or the
design's settings when nothing is selected). Each finished edit becomes one undoable
command; a refusal shows the model's message at the field and changes nothing.

With several elements selected, the fields they share are shown (a value where they
agree, "mixed values" where they do not) and an edit applies to all of them as one undo
step (:mod:`gui.inspector.edits`). Once an edit is committed with Enter or a choice, the
panel says so (:attr:`Inspector.edit_finished`) so the window can give the keyboard back
to the canvas.

The panel fits its dock: labels sit beside the editors while there is room and above them
when there is not, editors shrink, and nothing scrolls sideways out of sight.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QSize, Qt, QTimer, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QFormLayout, QLabel, QScrollArea, QVBoxLayout, QWidget

from gui.commands import kind_word
from gui.document import DesignDocument
from gui.i18n import current_language, error_message
from gui.inspector.edits import (
    SERVES,
    current_value,
    element_edit,
    element_kind,
    settings_edit,
)
from gui.inspector.fields import (
    MIXED,
    ChoiceField,
    CountField,
    Field,
    NumberField,
    OptionalNumberField,
    TextField,
)
from gui.words import count_of_kind, enum_word
from model.design import Design
from model.elements import (
    Building,
    Element,
    Island,
    LinkBundle,
    Pattern,
    Plane,
    RackGroup,
    Role,
    Scope,
    SwitchTier,
)
from model.errors import DesignError
from model.part_names import part_name
from model.parts import Catalog, Cooling

SETTINGS = "__design__"
"""Pseudo id under which the design's own settings are edited."""

FIELD_ROOM = 110
"""Pixels an editor needs beside its label to show a value; with less, labels go above."""

TALLEST_ELEMENT_ROWS = 6
"""Editors of the element kinds with the most: a switch tier, a link bundle and a
building have six (a rack group four, an island three). A bundle's line naming what
it joins, under its editors, may need a scroll on a 1280×720 screen; the design's
eleven settings (shown with nothing selected) scroll there."""

Row = tuple[str, str, Callable[[], Field]]
"""(field name, label, maker of its editor): editors are made only for the rows shown."""


def _choices(choices: list[tuple[str, Any]]) -> Callable[[], Field]:
    """The maker of a list editor offering ``choices``."""
    return lambda: ChoiceField(choices)


def _enum_choices(enum: Any) -> list[tuple[str, Any]]:
    return [(enum_word(member), member) for member in enum]


def _parts(own: tuple[Any, ...], builtin: tuple[Any, ...]) -> list[tuple[str, str]]:
    """(name, id) of the design's parts, then the catalog's others; a built-in part's
    name in the interface's language, as the palette and the canvas name it."""
    seen: dict[str, str] = {}
    for part in (*own, *builtin):
        seen.setdefault(part.id, part.name)
    lang = current_language()
    return [(part_name(name, lang), pid) for pid, name in seen.items()]


class Inspector(QWidget):
    """Property editor for one element, several elements at once, or the design."""

    status_message = Signal(str)
    edit_finished = Signal()
    """An edit was committed with Enter or a choice (the keyboard can go back)."""

    def __init__(self, document: DesignDocument, catalog: Catalog,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.catalog = catalog
        self.element_ids: list[str] = []
        self.fields: dict[str, Field] = {}
        self.labels: dict[str, str] = {}
        outer = QVBoxLayout(self)
        outer.setContentsMargins(8, 6, 8, 6)
        outer.setSpacing(4)
        self.title = QLabel(self)
        self.title.setTextFormat(Qt.TextFormat.RichText)
        self.title.setWordWrap(True)
        outer.addWidget(self.title)
        self._scroll = QScrollArea(self)
        self._scroll.setWidgetResizable(True)
        self._scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        self._scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        outer.addWidget(self._scroll, 1)
        self._form_host: QWidget | None = None
        self._form: QFormLayout | None = None
        self._shown_names: dict[str, str] = {}
        self._stale = False
        """The design changed since the fields were last loaded."""
        self._reload_timer = QTimer(self)
        self._reload_timer.setSingleShot(True)
        self._reload_timer.setInterval(0)
        self._reload_timer.timeout.connect(self._reload_if_stale)
        document.changed.connect(self._design_changed)
        document.undo_stack.indexChanged.connect(lambda _index: self._reload_if_stale())
        self.show_ids([])

    @property
    def design(self) -> Design:
        """The design edited."""
        return self.document.design

    @property
    def element_id(self) -> str | None:
        """The one element edited, :data:`SETTINGS` for the design, None for several."""
        return self.element_ids[0] if len(self.element_ids) == 1 else None

    def viewport(self) -> QWidget:
        """The visible part of the field list (for checks that a field is in sight)."""
        return self._scroll.viewport()

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        if self._form_host is not None:
            height = self.title.sizeHint().height() + self._form_host.sizeHint().height()
            hint.setHeight(height + 20)
        return hint

    def height_for_rows(self, rows: int) -> int:
        """Pixels the panel needs to show a title of two lines and ``rows`` rows of
        editors beside their labels, without scrolling (in the panel's font: the CJK
        one's lines are taller)."""
        probes = [ChoiceField([("Mg", None)]), TextField(), CountField()]
        row = max(probe.sizeHint().height() for probe in probes)
        for probe in probes:
            probe.deleteLater()
        spacing = self.style().pixelMetric(self.style().PixelMetric.PM_LayoutVerticalSpacing)
        if self._form is not None and self._form.verticalSpacing() >= 0:
            spacing = self._form.verticalSpacing()
        # a Latin and a Chinese character a line: Chinese words (a name, or the
        # interface's) are drawn in the CJK fallback font, whose lines are taller
        probe_title = QLabel("<b>Mg 中</b><br><span>Mg 中</span>")
        probe_title.setTextFormat(Qt.TextFormat.RichText)
        probe_title.setFont(self.title.font())
        title = probe_title.sizeHint().height()
        probe_title.deleteLater()
        layout = self.layout()
        assert layout is not None  # made in __init__
        margins = layout.contentsMargins()
        outer = margins.top() + margins.bottom() + layout.spacing()
        return title + outer + rows * row + (rows - 1) * max(0, spacing)

    # -------------------------------------------------------------- showing
    def show_ids(self, ids: list[str]) -> None:
        """Edit the selected elements (the design's settings when none is selected)."""
        self.element_ids = list(dict.fromkeys(ids)) or [SETTINGS]
        self._rebuild()

    def _elements(self) -> list[Element]:
        found = [self.design.element(i) for i in self.element_ids if i != SETTINGS]
        return [e for e in found if e is not None]

    def _rebuild(self) -> None:
        if self.element_ids == [SETTINGS]:
            self._build(self._settings_fields(), self.tr("<b>Design</b><br>Campus-wide settings"))
            return
        elements = self._elements()
        if len(elements) != len(self.element_ids):
            self.show_ids([e.id for e in elements])
            return
        self._shown_names = {e.id: e.name for e in elements}
        if len(elements) == 1:
            element = elements[0]
            title = self.tr("<b>{name}</b><br><span>{kind} · id {id}</span>").format(
                name=element.name, kind=kind_word(element).capitalize(), id=element.id)
            self._build(self._element_fields(element), title, element)
            return
        self._build(*self._shared_fields(elements))

    def _shared_fields(self, elements: list[Element]) -> tuple[list[Row], str]:
        """The fields every selected element has (by name and label), the name aside,
        and a title saying what the edit will touch."""
        first = self._element_fields(elements[0])
        shared = {(name, label) for name, label, _ in first}
        # the fields depend on the kind only: one element of each kind is enough
        for element in {type(e): e for e in elements[1:]}.values():
            rows = self._element_fields(element)
            shared &= {(name, label) for name, label, _ in rows}
        rows = [row for row in first if (row[0], row[1]) in shared and row[0] != "name"]
        n = len(elements)
        kind = element_kind(elements[0]) if len({type(e) for e in elements}) == 1 \
            else "element"
        title = self.tr("<b>{count} selected</b><br>").format(count=count_of_kind(kind, n))
        if rows:
            title += self.tr("An edit here changes all {n} (one undo step).").format(n=n)
        else:
            title += self.tr("They share no property: select elements of one kind to edit "
                             "them together.")
        return rows, title

    def _build(self, rows: list[Row], title: str, element: Element | None = None) -> None:
        self.title.setText(title)
        host = QWidget()
        form = QFormLayout(host)
        form.setContentsMargins(0, 0, 4, 0)
        self._form = form
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.setLabelAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        self.fields = {}
        self.labels = {}
        for name, label, make in rows:
            field = make()
            form.addRow(label, field)
            self.fields[name] = field
            self.labels[name] = label
            field.committed.connect(lambda value, n=name: self.commit(n, value))
            field.finished.connect(self._field_finished)
        if isinstance(element, LinkBundle):
            lower, upper = self.design.element(element.lower), self.design.element(
                element.upper)
            joins = QLabel(f"{lower.name if lower else element.lower} →"
                           f" {upper.name if upper else element.upper}")
            joins.setWordWrap(True)
            form.addRow(self.tr("Joins"), joins)
        self._scroll.setWidget(host)
        self._form_host = host
        self._fit_rows()
        self._load_values()
        self.updateGeometry()

    def _fit_rows(self) -> None:
        """Labels beside the editors while an editor keeps room to show a value (about
        fourteen characters), above them when the panel is narrower than that."""
        form = self._form
        if form is None:
            return
        metrics = self.fontMetrics()
        labels = [metrics.horizontalAdvance(label) for label in self.labels.values()]
        widest = max(labels, default=0)
        needed = widest + form.horizontalSpacing() + FIELD_ROOM + 16
        policy = QFormLayout.RowWrapPolicy.DontWrapRows \
            if self._scroll.viewport().width() >= needed \
            else QFormLayout.RowWrapPolicy.WrapAllRows
        if form.rowWrapPolicy() != policy:
            form.setRowWrapPolicy(policy)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_rows()

    def _element_fields(self, element: Element) -> list[Row]:
        d, c = self.design, self.catalog
        rows: list[Row] = [("name", self.tr("Name"), TextField)]
        if isinstance(element, Building):
            rows += [("capacity_kw", self.tr("IT capacity"), lambda: NumberField("kW")),
                     ("pue", self.tr("PUE"), NumberField),
                     ("electricity_usd_per_kwh", self.tr("Electricity price"),
                      lambda: NumberField("US$/kWh")),
                     ("cooling", self.tr("Cooling"), _choices(_enum_choices(Cooling))),
                     ("notes", self.tr("Notes"), TextField)]
        elif isinstance(element, Island):
            rows += [("building", self.tr("Building"), _choices(
                [(b.name, b.id) for b in d.buildings.values()])),
                     ("notes", self.tr("Notes"), TextField)]
        elif isinstance(element, RackGroup):
            rows += [("count", self.tr("Racks"), CountField),
                     ("rack_type", self.tr("Rack type"), _choices(
                         _parts(d.catalog.rack_types, c.rack_types))),
                     ("island", self.tr("Island"), _choices(
                         [(i.name, i.id) for i in d.islands.values()]))]
        elif isinstance(element, SwitchTier):
            serves: list[tuple[str, tuple[Scope, str | None, str | None]]]
            serves = [(self.tr("Island: {name}").format(name=i.name),
                       (Scope.ISLAND, i.id, None))
                      for i in d.islands.values()]
            serves += [(self.tr("Building: {name}").format(name=b.name),
                        (Scope.BUILDING, None, b.id))
                       for b in d.buildings.values()]
            serves += [(self.tr("Campus (stands in {name})").format(name=b.name),
                        (Scope.CAMPUS, None, b.id))
                       for b in d.buildings.values()]
            rows += [("count", self.tr("Switches"), CountField),
                     ("switch", self.tr("Switch model"), _choices(
                         _parts(d.catalog.switches, c.switches))),
                     ("role", self.tr("Role"), _choices(_enum_choices(Role))),
                     (SERVES, self.tr("Serves"), _choices(serves)),
                     ("plane", self.tr("Plane"), _choices(_enum_choices(Plane)))]
        elif isinstance(element, LinkBundle):
            rows += [("links_per_member", self.tr("Links per member"), CountField),
                     ("speed_gbps", self.tr("Link speed"), lambda: NumberField("Gb/s")),
                     ("pattern", self.tr("Wiring"), _choices(_enum_choices(Pattern))),
                     ("medium", self.tr("Medium"), _choices(
                         [(self.tr("(none)"), None), *_parts(d.catalog.media, c.media)])),
                     ("length_m", self.tr("Link length"),
                      lambda: OptionalNumberField("m", self.tr("estimated")))]
        return rows

    def _settings_fields(self) -> list[Row]:
        return [("name", self.tr("Name"), TextField),
                ("description", self.tr("Description"), TextField),
                ("oversubscription_threshold", self.tr("Oversubscription limit"),
                 lambda: NumberField(": 1")),
                ("allowance_pct", self.tr("Storage/front-end allowance"),
                 lambda: NumberField(self.tr("% of IT"))),
                ("plane", self.tr("Metrics plane"), _choices(_enum_choices(Plane))),
                ("reliability.checkpoint_write_s", self.tr("Checkpoint write"),
                 lambda: NumberField("s")),
                ("reliability.restart_s", self.tr("Restart after failure"),
                 lambda: NumberField("s")),
                ("years", self.tr("Years in the TCO"), CountField),
                ("currency", self.tr("Currency shown"), TextField),
                ("usd_exchange_rate", self.tr("Exchange rate"),
                 lambda: NumberField(self.tr("per US$"))),
                ("building_distance_m", self.tr("Distance between buildings"),
                 lambda: NumberField("m"))]

    def _current(self, name: str) -> Any:
        """The value of field ``name`` in the design: the selected elements' common value,
        or :data:`MIXED` when they differ."""
        if self.element_ids == [SETTINGS]:
            if name in ("name", "description"):
                return getattr(self.design, name)
            if name.startswith("reliability."):
                return getattr(self.design.settings.reliability, name.split(".", 1)[1])
            return getattr(self.design.settings, name)
        values = [current_value(e, name) for e in self._elements()]
        if not values:
            return None
        first = values[0]
        return first if all(v == first for v in values[1:]) else MIXED

    def _load_values(self) -> None:
        for name, field in self.fields.items():
            field.set_value(self._current(name))

    def _design_changed(self) -> None:
        """The design changed: the fields are loaded again once, when the command has
        made all its changes (a duplicated island is six notifications, and each
        load took about 1 ms on SuperPOD 144), or on the next turn of the event loop
        for a change that is no command."""
        self._stale = True
        if not self._reload_timer.isActive():
            self._reload_timer.start()

    def _reload_if_stale(self) -> None:
        if not self._stale:
            return
        self._stale = False
        self._reload_timer.stop()
        if self.element_ids == [SETTINGS]:
            self._load_values()
            return
        elements = self._elements()
        if len(elements) != len(self.element_ids) or any(
                self._shown_names.get(e.id) != e.name for e in elements):
            self.show_ids([e.id for e in elements])
            return
        self._load_values()

    # -------------------------------------------------------------- editing
    def commit(self, name: str, value: Any) -> bool:
        """Apply one field's new value to every element shown (or the design) as one
        command; on refusal show the model's message at the field and leave the design
        unchanged. True when applied."""
        field = self.fields.get(name)
        label = self.labels.get(name, name.replace("_", " "))
        try:
            if self.element_ids == [SETTINGS]:
                command = settings_edit(self.design, name, label, value)
            else:
                command = element_edit(self.design, self.catalog, self.element_ids, name,
                                       label, value)
            self.document.execute(command)
        except DesignError as error:
            if field is not None:
                field.show_error(error_message(error))
            self.status_message.emit(error_message(error))
            return False
        field = self.fields.get(name)  # a rename rebuilds the fields
        if field is not None:
            field.clear_error()
            field.set_value(self._current(name))
        self.status_message.emit(command.text())
        return True

    def _field_finished(self) -> None:
        # Enter arrives before the commit it causes: look once the commit is done
        QTimer.singleShot(0, self, self._hand_back_keyboard)

    def _hand_back_keyboard(self) -> None:
        if not any(field.has_error() for field in self.fields.values()):
            self.edit_finished.emit()
