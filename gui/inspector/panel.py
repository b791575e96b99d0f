"""The inspector panel: the selected element's properties in typed editors (or the
design's settings when nothing is selected). Each finished edit becomes one undoable
command; a refusal shows the model's message at the field and changes nothing."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFormLayout, QLabel, QScrollArea, QVBoxLayout, QWidget

from gui.commands import (
    AddParts,
    ChangeSettings,
    DesignCommand,
    MacroCommand,
    RenameDesign,
    UpdateElement,
    kind_word,
)
from gui.document import DesignDocument
from gui.inspector.fields import ChoiceField, CountField, Field, NumberField, TextField
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
from model.parts import Catalog, Cooling

SETTINGS = "__design__"
"""Pseudo id under which the design's own settings are edited."""


def _enum_choices(enum: Any) -> list[tuple[str, Any]]:
    return [(member.value, member) for member in enum]


def _parts(own: tuple[Any, ...], builtin: tuple[Any, ...]) -> list[tuple[str, str]]:
    seen: dict[str, str] = {}
    for part in (*own, *builtin):
        seen.setdefault(part.id, part.name)
    return [(name, pid) for pid, name in seen.items()]


class Inspector(QWidget):
    """Property editor for one element."""

    status_message = Signal(str)

    def __init__(self, document: DesignDocument, catalog: Catalog,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.catalog = catalog
        self.element_id: str | None = None
        self.fields: dict[str, Field] = {}
        outer = QVBoxLayout(self)
        outer.setContentsMargins(8, 8, 8, 8)
        self.title = QLabel(self)
        self.title.setTextFormat(Qt.TextFormat.RichText)
        self.title.setWordWrap(True)
        outer.addWidget(self.title)
        self._scroll = QScrollArea(self)
        self._scroll.setWidgetResizable(True)
        self._scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        outer.addWidget(self._scroll, 1)
        self._form_host: QWidget | None = None
        document.changed.connect(self._design_changed)
        self.show_ids([])

    @property
    def design(self) -> Design:
        """The design edited."""
        return self.document.design

    # -------------------------------------------------------------- showing
    def show_ids(self, ids: list[str]) -> None:
        """Edit the one selected element, the design (none selected), or explain."""
        if len(ids) > 1:
            self.element_id = None
            self._build([], f"<b>{len(ids)} elements selected</b><br>Select one to edit it;"
                        " Delete removes all, Ctrl+D duplicates islands and rack groups.")
            return
        self.element_id = ids[0] if ids else SETTINGS
        self._rebuild()

    def _rebuild(self) -> None:
        if self.element_id == SETTINGS:
            self._build(self._settings_fields(), "<b>Design</b><br>Campus-wide settings")
            return
        element = self.design.element(self.element_id or "")
        if element is None:
            self.show_ids([])
            return
        title = f"<b>{element.name}</b><br><span>{kind_word(element).capitalize()} ·" \
                f" id {element.id}</span>"
        self._build(self._element_fields(element), title)

    def _build(self, rows: list[tuple[str, str, Field]], title: str) -> None:
        self.title.setText(title)
        host = QWidget()
        form = QFormLayout(host)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.setLabelAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
        self.fields = {}
        for name, label, field in rows:
            form.addRow(label, field)
            self.fields[name] = field
            field.committed.connect(lambda value, n=name: self.commit(n, value))
        if self.element_id not in (None, SETTINGS):
            element = self.design.element(self.element_id or "")
            if isinstance(element, LinkBundle):
                lower, upper = self.design.element(element.lower), self.design.element(
                    element.upper)
                form.addRow("From", QLabel(lower.name if lower else element.lower))
                form.addRow("To", QLabel(upper.name if upper else element.upper))
        self._scroll.setWidget(host)
        self._form_host = host
        self._load_values()

    def _element_fields(self, element: Element) -> list[tuple[str, str, Field]]:
        d, c = self.design, self.catalog
        rows: list[tuple[str, str, Field]] = [("name", "Name", TextField())]
        if isinstance(element, Building):
            rows += [("capacity_kw", "IT capacity", NumberField("kW")),
                     ("pue", "PUE", NumberField()),
                     ("cooling", "Cooling", ChoiceField(_enum_choices(Cooling))),
                     ("notes", "Notes", TextField())]
        elif isinstance(element, Island):
            rows += [("building", "Building", ChoiceField(
                [(b.name, b.id) for b in d.buildings.values()])),
                     ("notes", "Notes", TextField())]
        elif isinstance(element, RackGroup):
            rows += [("count", "Racks", CountField()),
                     ("rack_type", "Rack type", ChoiceField(
                         _parts(d.catalog.rack_types, c.rack_types))),
                     ("island", "Island", ChoiceField(
                         [(i.name, i.id) for i in d.islands.values()]))]
        elif isinstance(element, SwitchTier):
            serves: list[tuple[str, tuple[Scope, str | None, str | None]]]
            serves = [(f"Island: {i.name}", (Scope.ISLAND, i.id, None))
                      for i in d.islands.values()]
            serves += [(f"Building: {b.name}", (Scope.BUILDING, None, b.id))
                       for b in d.buildings.values()]
            serves += [(f"Campus (stands in {b.name})", (Scope.CAMPUS, None, b.id))
                       for b in d.buildings.values()]
            rows += [("count", "Switches", CountField()),
                     ("switch", "Switch model", ChoiceField(
                         _parts(d.catalog.switches, c.switches))),
                     ("role", "Role", ChoiceField(_enum_choices(Role))),
                     ("serves", "Serves", ChoiceField(serves)),
                     ("plane", "Plane", ChoiceField(_enum_choices(Plane)))]
        elif isinstance(element, LinkBundle):
            rows += [("links_per_member", "Links per member", CountField()),
                     ("speed_gbps", "Link speed", NumberField("Gb/s")),
                     ("pattern", "Wiring", ChoiceField(_enum_choices(Pattern))),
                     ("medium", "Medium", ChoiceField(
                         [("(none)", None), *_parts(d.catalog.media, c.media)]))]
        return rows

    def _settings_fields(self) -> list[tuple[str, str, Field]]:
        return [("name", "Name", TextField()),
                ("description", "Description", TextField()),
                ("oversubscription_threshold", "Oversubscription limit", NumberField(": 1")),
                ("allowance_pct", "Storage/front-end allowance", NumberField("% of IT")),
                ("plane", "Metrics plane", ChoiceField(_enum_choices(Plane)))]

    def _current(self, name: str) -> Any:
        if self.element_id == SETTINGS:
            if name in ("name", "description"):
                return getattr(self.design, name)
            return getattr(self.design.settings, name)
        element = self.design.element(self.element_id or "")
        if isinstance(element, SwitchTier) and name == "serves":
            return (element.scope, element.island, element.building)
        return getattr(element, name)

    def _load_values(self) -> None:
        for name, field in self.fields.items():
            field.set_value(self._current(name))

    def _design_changed(self) -> None:
        if self.element_id is None:
            return
        if self.element_id != SETTINGS and self.design.element(self.element_id) is None:
            self.show_ids([])
            return
        if self.element_id != SETTINGS:
            element = self.design.element(self.element_id)
            if element is not None and not self.title.text().startswith(
                    f"<b>{element.name}</b>"):
                self._rebuild()
                return
        self._load_values()

    # -------------------------------------------------------------- editing
    def commit(self, name: str, value: Any) -> bool:
        """Apply one field's new value as a command; on refusal show the model's message
        at the field and leave the design unchanged. True when applied."""
        field = self.fields.get(name)
        try:
            command = self._command(name, value)
            self.document.execute(command)
        except DesignError as error:
            if field is not None:
                field.show_error(str(error))
            self.status_message.emit(str(error))
            return False
        if field is not None:
            field.clear_error()
            field.set_value(self._current(name))
        self.status_message.emit(command.text())
        return True

    def _command(self, name: str, value: Any) -> DesignCommand:
        d = self.design
        if self.element_id == SETTINGS:
            if name == "name":
                return RenameDesign(d, str(value))
            if name == "description":
                return RenameDesign(d, d.name, str(value))
            return ChangeSettings(d, {name: value})
        element = d.element(self.element_id or "")
        if element is None:
            raise DesignError("the element no longer exists")
        if name == "serves":
            scope, island, building = value
            return UpdateElement(d, element.id, {"scope": scope, "island": island,
                                                 "building": building},
                                 text=f"Change what {element.name} serves")
        update = UpdateElement(d, element.id, {name: value})
        parts = self._parts_needed(name, value)
        if parts is None:
            return update
        return MacroCommand(d, update.text(), [AddParts(d, parts), update])

    def _parts_needed(self, name: str, value: Any) -> Catalog | None:
        """Catalog parts to copy into the design before it can use ``value``."""
        d, c = self.design, self.catalog
        if name == "rack_type" and d.catalog.rack_type(value) is None:
            return c.closure_of_rack_type(value)
        if name == "switch" and d.catalog.switch(value) is None and c.switch(value):
            return Catalog(switches=(c.switch(value),))
        if name == "medium" and value and d.catalog.medium(value) is None and c.medium(value):
            return Catalog(media=(c.medium(value),))
        return None
