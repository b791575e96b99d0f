"""The inspector's edits as undoable commands: one property of one element, of several
selected elements at once, or of the design's settings — each one undo step named in the
user's words (:mod:`gui.words`: "Change link speed of Island 2 leaf → spine to 200G",
"Change link speed of 3 link bundles to 200G"). Commands only call the design's
operations (:mod:`gui.commands`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gui.commands import (
    AddParts,
    ChangeSettings,
    DesignCommand,
    MacroCommand,
    RenameDesign,
    UpdateElement,
)
from gui.i18n import translate
from gui.words import change_text, count_of_kind, settings_change_text
from model.design import Design
from model.elements import Building, Element, Island, LinkBundle, RackGroup, SwitchTier
from model.errors import DesignError
from model.parts import Catalog

SERVES = "serves"
"""Pseudo field of a switch tier: its scope with the island or building it names."""


def lower_label(label: str) -> str:
    """A field label inside a sentence: "Link speed" → "link speed", but "IT capacity"
    and "PUE" keep their capitals."""
    first = label.split(" ", 1)[0]
    if len(first) > 1 and first[1].isupper():
        return label
    return label[:1].lower() + label[1:]


def plural_kind(element: Element, n: int) -> str:
    """"3 link bundles", "1 island"."""
    return count_of_kind(element_kind(element), n)


def element_kind(element: Element) -> str:
    """The kind of ``element`` as the design names it ("rack_group")."""
    names = {Building: "building", Island: "island", RackGroup: "rack_group",
             SwitchTier: "tier", LinkBundle: "bundle"}
    return next((k for t, k in names.items() if isinstance(element, t)), "element")


def parts_needed(design: Design, catalog: Catalog, name: str, value: Any
                 ) -> Catalog | None:
    """Catalog parts to copy into the design before it can use ``value`` as the rack
    type, switch model or medium (None when the design has it already)."""
    d, c = design, catalog
    if name == "rack_type" and d.catalog.rack_type(value) is None:
        return c.closure_of_rack_type(value)
    if name == "switch" and d.catalog.switch(value) is None and c.switch(value):
        return Catalog(switches=(c.switch(value),))
    if name == "medium" and value and d.catalog.medium(value) is None and c.medium(value):
        return Catalog(media=(c.medium(value),))
    return None


def _changes(name: str, value: Any) -> dict[str, Any]:
    if name == SERVES:
        scope, island, building = value
        return {"scope": scope, "island": island, "building": building}
    return {name: value}


def current_value(element: Element, name: str) -> Any:
    """The value a field shows for ``element`` (the serves triple for a tier)."""
    if name == SERVES:
        return (getattr(element, "scope"), getattr(element, "island"),  # noqa: B009
                getattr(element, "building"))  # noqa: B009
    return getattr(element, name)


def element_edit(design: Design, catalog: Catalog, ids: Sequence[str], name: str,
                 label: str, value: Any) -> DesignCommand:
    """One undo step giving field ``name`` the value ``value`` on every element of
    ``ids`` that does not have it already (parts it needs are copied in first). Raises
    DesignError when an element is gone or nothing would change."""
    elements: list[Element] = []
    for element_id in ids:
        element = design.element(element_id)
        if element is None:
            raise DesignError(translate("Edits", "the element {id} no longer exists").format(
                id=repr(element_id)))
        elements.append(element)
    if not elements:
        raise DesignError(translate("Edits", "no element is selected"))
    changing = [e for e in elements if current_value(e, name) != value]
    if not changing:
        raise DesignError(translate(
            "Edits", "every selected element has this {field} already").format(
            field=lower_label(label)))
    kind = design.kind_of(elements[0].id)
    if len(elements) == 1:
        whom = elements[0].name
    elif len({type(e) for e in elements}) == 1:
        whom = plural_kind(elements[0], len(elements))
    else:
        whom = count_of_kind("element", len(elements))
    if name == SERVES:
        text = (translate("Edits", "Change what {whom} serves") if len(elements) == 1
                else translate("Edits", "Change what {whom} serve")).format(whom=whom)
    else:
        text = change_text(kind, whom, {name: value})
    updates: list[DesignCommand] = [
        UpdateElement(design, e.id, _changes(name, value), text=text) for e in changing]
    parts = parts_needed(design, catalog, name, value)
    if parts is None and len(updates) == 1:
        return updates[0]
    steps = ([AddParts(design, parts)] if parts is not None else []) + updates
    return MacroCommand(design, text, steps)


def settings_edit(design: Design, name: str, label: str, value: Any) -> DesignCommand:
    """One undo step changing the design's name, description or a setting."""
    if name == "name":
        return RenameDesign(design, str(value))
    if name == "description":
        return RenameDesign(design, design.name, str(value))
    if name.startswith("reliability."):
        reliability = {**design.settings.reliability.model_dump(), name.split(".", 1)[1]: value}
        return ChangeSettings(design, {"reliability": reliability},
                              text=translate("Edits", "Change reliability settings"))
    return ChangeSettings(design, {name: value}, text=settings_change_text({name: value}))
