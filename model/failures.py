"""Failed members: what is down in a what-if, as an input of the metrics engine.

A failure is part of the *view* of a design, not an edit of it: the design keeps its
elements and counts, and the engine computes every metric on what remains (see
``compute_all(design, failures=...)``). A :class:`Failure` names one element and how much
of it is down:

- a switch tier: ``count`` switches down (members ``0 … count-1`` unless ``members``
  names them), or the whole tier (``count`` and ``members`` both absent);
- a link bundle: ``count`` of its links down (or the listed link numbers), or all of them;
- a rack group: ``count`` racks down (their servers, accelerators and links), or all;
- an island or a building: the whole of it (a building's power: everything in it).

A :class:`Scenario` is a named list of failures, saved inside the design file so a team
can return to "spine plane A lost" or "building 2 dark" later.

:func:`check_failures` gives every failure the same validation as an element read from a
file: an unknown element, a count larger than the element has, a member number out of
range are refused with a message that names them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Annotated

import numpy as np
import numpy.typing as npt
from pydantic import Field, model_validator

from model.elements import ElementId
from model.errors import DesignError
from model.i18n import Message, TextValueError, mark, message
from model.parts import Frozen, Name
from model.strict import WholeNumber

if TYPE_CHECKING:
    from model.design import Design

Member = Annotated[WholeNumber, Field(ge=0, le=100_000_000)]
"""A member number: a switch of a tier, a link of a bundle, a rack of a rack group."""

FAILABLE_KINDS: tuple[str, ...] = ("building", "island", "rack_group", "tier", "bundle")
"""Kinds of element a failure may name."""

COUNTED_KINDS: tuple[str, ...] = ("rack_group", "tier", "bundle")
"""Kinds of element of which a part (``count`` or ``members``) may fail."""


class Failure(Frozen):
    """One element, or some members of it, down."""

    element: ElementId
    count: WholeNumber | None = Field(
        default=None, ge=1, le=100_000_000,
        description="How many members are down (the first ones); absent: all of them.")
    members: tuple[Member, ...] | None = Field(
        default=None, min_length=1, max_length=1_000_000,
        description="Which members are down, by number; absent: the first ``count``.")

    @model_validator(mode="after")
    def _one_way_of_counting(self) -> Failure:
        if self.count is not None and self.members is not None:
            raise TextValueError(message("failures", "give either count or members, not both"))
        if self.members is not None and len(set(self.members)) != len(self.members):
            raise TextValueError(message("failures", "a member is listed twice"))
        return self

    @property
    def whole(self) -> bool:
        """True when the whole element is down."""
        return self.count is None and self.members is None


class Scenario(Frozen):
    """A named what-if: the failures it assumes."""

    name: Name
    failures: tuple[Failure, ...] = Field(default=(), max_length=10_000)


def members_of(design: Design, element_id: str) -> int:
    """How many members a failure of ``element_id`` counts among (switches of a tier,
    links of a bundle, racks of a rack group); 1 for an island or a building."""
    kind = design.kind_of(element_id)
    if kind == "tier":
        return design.tiers[element_id].count
    if kind == "rack_group":
        return design.rack_groups[element_id].count
    if kind == "bundle":
        bundle = design.bundles[element_id]
        return _lower_members(design, bundle.lower) * bundle.links_per_member
    return 1


def _lower_members(design: Design, element_id: str) -> int:
    """Members at a bundle's lower end: servers of a rack group, switches of a tier."""
    if element_id in design.tiers:
        return design.tiers[element_id].count
    group = design.rack_groups[element_id]
    rack = design.catalog.rack_type(group.rack_type)
    return group.count * (rack.servers_per_rack if rack else 1)


_WHOLE_ONLY = {
    "building": mark("failures", "{name!r} fails whole or not at all (a building has no"
                     " members to count)"),
    "island": mark("failures", "{name!r} fails whole or not at all (an island has no"
                   " members to count)"),
}
"""The refusal of a partial failure of an element that fails whole, by kind."""


def check_failures(design: Design, failures: Sequence[Failure]) -> None:
    """Refuse failures that do not fit ``design`` (raising :class:`DesignError` naming
    the element and what is wrong): unknown elements, parts of an island or building,
    counts or member numbers beyond what the element has, one element named twice."""
    seen: set[str] = set()
    for failure in failures:
        kind = design.kind_of(failure.element)
        if kind is None:
            raise DesignError(message(
                "failures", "a failure names no element of the design: {element!r}",
                element=failure.element), failure.element)
        name = design.element(failure.element).name  # type: ignore[union-attr]
        if failure.element in seen:
            raise DesignError(message("failures", "{name!r} is failed twice", name=name),
                              failure.element)
        seen.add(failure.element)
        if failure.whole:
            continue
        if kind not in COUNTED_KINDS:
            whole = _WHOLE_ONLY.get(kind, mark("failures", "{name!r} fails whole or not at"
                                               " all (a {kind} has no members to count)"))
            raise DesignError(Message("failures", whole, (("name", name), ("kind", kind))),
                              failure.element)
        total = members_of(design, failure.element)
        if failure.count is not None and failure.count > total:
            raise DesignError(message(
                "failures", "{count:,} of {name!r} cannot fail: it has {total:,}",
                count=failure.count, name=name, total=total), failure.element, "count")
        if failure.members is not None and max(failure.members) >= total:
            raise DesignError(message(
                "failures", "{name!r} has no member {member:,} (members are numbered 0 to"
                " {last:,})", name=name, member=max(failure.members), last=total - 1),
                failure.element, "members")


_MEMBERS_OF = {
    "tier": mark("failures", "{down:,} of {total:,} switches of {name!r}"),
    "rack_group": mark("failures", "{down:,} of {total:,} racks of {name!r}"),
    "bundle": mark("failures", "{down:,} of {total:,} links of {name!r}"),
}
"""A partial failure in words, by the kind of element failed."""


def failure_text(design: Design, failure: Failure) -> Message:
    """The failure in words, to be read in any language (:class:`~model.i18n.Message`):
    "4 of 64 switches of 'Island 1 spine'", "'Hall B' (whole)"."""
    element = design.element(failure.element)
    name = element.name if element is not None else failure.element
    if failure.whole:
        return message("failures", "{name!r} (whole)", name=name)
    kind = design.kind_of(failure.element)
    down = failure.count if failure.count is not None else len(failure.members or ())
    total = members_of(design, failure.element) if element is not None else 0
    text = _MEMBERS_OF.get(kind or "", mark("failures", "{down:,} of {total:,} members of"
                                                        " {name!r}"))
    return Message("failures", text, (("down", down), ("total", total), ("name", name)))


def describe(design: Design, failure: Failure, lang: str | None = None) -> str:
    """The failure in words (:func:`failure_text`) in ``lang`` (English when None)."""
    return failure_text(design, failure).render(lang)


@dataclass(frozen=True)
class Down:
    """What a list of failures takes down, in the engine's terms.

    ``dark`` elements have lost power and draw nothing: a building down takes its
    islands, the tiers standing in it and their rack groups; an island down its rack
    groups and island tiers; a rack group down (whole, or every rack of it) its racks.
    ``members`` are the failed members of elements still standing, by number, sorted:
    racks of a rack group (dark, like a whole group), switches of a tier (installed and
    drawing power, but not forwarding: a whole tier down lists all of them), links of a
    bundle. ``key`` names all of it, for the engine's caches: equal keys, equal views.
    """

    dark: frozenset[str] = frozenset()
    members: Mapping[str, npt.NDArray[np.int64]] = field(default_factory=dict)
    key: tuple[object, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.dark or self.members)


NOTHING_DOWN = Down()
"""The healthy view."""


def what_is_down(design: Design, failures: Sequence[Failure]) -> Down:
    """What ``failures`` (already checked with :func:`check_failures`) take down in
    ``design``: see :class:`Down`."""
    dark: set[str] = set()
    members: dict[str, npt.NDArray[np.int64]] = {}
    for failure in failures:
        kind = design.kind_of(failure.element)
        # a container down, or every rack of a rack group: no power
        if kind in ("building", "island") or (
                kind == "rack_group" and (failure.whole or _all_of(design, failure))):
            dark.add(failure.element)
        elif failure.whole:
            members[failure.element] = np.arange(members_of(design, failure.element),
                                                 dtype=np.int64)
        elif failure.members is not None:
            members[failure.element] = np.unique(np.array(failure.members, np.int64))
        else:
            members[failure.element] = np.arange(failure.count or 0, dtype=np.int64)
    islands = {i.id for i in design.islands.values()
               if i.id in dark or i.building in dark}
    dark |= islands
    dark |= {g.id for g in design.rack_groups.values() if g.island in islands}
    dark |= {t.id for t in design.tiers.values()
             if t.island in islands or design.building_of(t.id) in dark}
    for element in dark:
        members.pop(element, None)
    key = (tuple(sorted(dark)),
           tuple((element, down.tobytes()) for element, down in sorted(members.items())))
    return Down(frozenset(dark), members, key) if dark or members else NOTHING_DOWN


def _all_of(design: Design, failure: Failure) -> bool:
    """True when a counted failure names every member of its element."""
    down = failure.count if failure.count is not None else len(failure.members or ())
    return down >= members_of(design, failure.element)
