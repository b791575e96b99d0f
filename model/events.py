"""Change notifications a design sends to its subscribers (pure Python, no Qt).

The GUI's bridge turns these into Qt signals; the canvas and the metrics follow them.
Each names the element concerned by kind (``building``, ``island``, ``rack_group``,
``tier``, ``bundle``) and id, so a subscriber can update just what changed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class ElementAdded:
    """An element was added (or restored by an undo)."""

    kind: str
    element_id: str


@dataclass(frozen=True)
class ElementRemoved:
    """An element was removed."""

    kind: str
    element_id: str


@dataclass(frozen=True)
class ElementChanged:
    """Fields of an element changed; ``fields`` names them (``x``/``y`` for a move)."""

    kind: str
    element_id: str
    fields: frozenset[str]


@dataclass(frozen=True)
class ElementsMoved:
    """Several elements moved in one gesture (a dragged selection, a nudge, an
    alignment, an arrangement); ``moved`` lists (kind, element id) of each element whose
    position changed, in the order given. Nothing but ``x``/``y`` changed."""

    moved: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class CatalogChanged:
    """Parts were added to or removed from the design's catalog."""


@dataclass(frozen=True)
class SettingsChanged:
    """Design-wide settings (name, thresholds, allowance) changed."""

    fields: frozenset[str]


@dataclass(frozen=True)
class DesignReset:
    """The whole content was replaced (a file was loaded into this design)."""


DesignEvent = (
    ElementAdded | ElementRemoved | ElementChanged | ElementsMoved | CatalogChanged
    | SettingsChanged | DesignReset
)
Subscriber = Callable[[DesignEvent], None]
