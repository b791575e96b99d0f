"""Readable, unique labels for the ids that metric records are keyed by.

Reports key their tables by what people read — a tier's or building's *name* — as
DESIGN §7 asks (``switches``: tier name → count). Names need not be unique, so a name
shared by two elements (or parts) is written ``name (id)`` for each of them; an id that
names nothing in the design is written as it is.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

from model.design import Design


def unique_labels(names: Mapping[str, str]) -> dict[str, str]:
    """Map each id to its name, or to ``name (id)`` where the name is shared."""
    counts = Counter(names.values())
    return {
        key: name if counts[name] == 1 else f"{name} ({key})" for key, name in names.items()
    }


class Labeller:
    """Labels for every element and part of one design, computed once."""

    def __init__(self, design: Design) -> None:
        elements = {element.id: element.name for element in design.all_elements()}
        catalog = design.catalog
        parts = {
            part.id: part.name
            for section in (
                catalog.accelerators,
                catalog.servers,
                catalog.rack_types,
                catalog.switches,
                catalog.media,
            )
            for part in section
        }
        self._elements = unique_labels(elements)
        self._parts = unique_labels(parts)

    def element(self, element_id: str) -> str:
        """The label of an element (its name, made unique), or the id itself."""
        return self._elements.get(element_id, element_id)

    def part(self, part_id: str) -> str:
        """The label of a catalog part (its name, made unique), or the id itself."""
        return self._parts.get(part_id, part_id)

    def elements(self, ids: Iterable[str]) -> list[str]:
        """Labels of several elements, in order."""
        return [self.element(i) for i in ids]
