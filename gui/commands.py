"""Undoable edits. Every command's ``redo``/``undo`` calls only the design's operations
(add, update, move, remove, restore, add_parts, set_catalog, update_settings, rename);
the canvas and the panels follow the notifications those operations send.

A command is applied once by :meth:`gui.document.DesignDocument.execute` before it enters
the undo stack, so a refusal (:class:`~model.errors.DesignError`) leaves the design and
the history untouched. Edits of several elements are :class:`MacroCommand` s: one undo
step, applied whole or not at all. The builder functions at the end of the module turn a
user gesture (drop a rack type, draw a link, duplicate, delete) into such commands.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from PySide6.QtGui import QUndoCommand

from gui.i18n import current_language, translate
from gui.words import change_text, settings_change_text
from gui.words import kind_word as kind_name
from model.checked import copied, fitted_name, joined_name, make, shifted
from model.design import Design, Removal
from model.elements import (
    Building,
    Element,
    Island,
    LinkBundle,
    Pattern,
    RackGroup,
    Role,
    Scope,
    SwitchTier,
)
from model.errors import DesignError
from model.names import BUILDING, ISLAND, numbered_name, role_word
from model.part_names import rack_type_name
from model.parts import Catalog, SwitchModel

ROLE_ORDER = {role: i for i, role in enumerate(Role)}


class DesignCommand(QUndoCommand):
    """Base of every edit: subclasses implement :meth:`_apply` and :meth:`_revert` with
    design operations only."""

    def __init__(self, design: Design, text: str) -> None:
        super().__init__(text)
        self.design = design
        self._skip_next_redo = False

    def apply_first(self) -> None:
        """Apply now (raising DesignError on refusal); the undo stack's first ``redo``
        call is then skipped because the work is done."""
        self._apply()
        self._skip_next_redo = True

    def redo(self) -> None:
        if self._skip_next_redo:
            self._skip_next_redo = False
            return
        self._apply()

    def undo(self) -> None:
        self._revert()

    def _apply(self) -> None:
        raise NotImplementedError

    def _revert(self) -> None:
        raise NotImplementedError


class AddElement(DesignCommand):
    """Add one element (at ``index`` among its kind, default last)."""

    def __init__(self, design: Design, element: Element, index: int | None = None,
                 text: str | None = None) -> None:
        super().__init__(design, text or translate("Commands", "Add {kind} {name}").format(
            kind=kind_word(element), name=repr(element.name)))
        self.element = element
        self.index = index

    def _apply(self) -> None:
        self.design.add(self.element, self.index)

    def _revert(self) -> None:
        self.design.remove(self.element.id)


class RemoveElement(DesignCommand):
    """Remove an element with everything that depends on it; undo restores it all in
    place. An element already gone (taken by an earlier cascade in the same macro) is
    left alone."""

    def __init__(self, design: Design, element_id: str, text: str | None = None) -> None:
        element = design.element(element_id)
        label = f"{kind_word(element)} {element.name!r}" if element else element_id
        super().__init__(design, text or translate("Commands", "Delete {what}").format(what=label))
        self.element_id = element_id
        self._removal: Removal | None = None

    def _apply(self) -> None:
        if self.design.element(self.element_id) is None:
            self._removal = None
            return
        self._removal = self.design.remove(self.element_id)

    def _revert(self) -> None:
        if self._removal is not None:
            self.design.restore(self._removal)


class UpdateElement(DesignCommand):
    """Change fields of one element; undo sets the old values back."""

    def __init__(self, design: Design, element_id: str, changes: Mapping[str, Any],
                 text: str | None = None) -> None:
        element = design.element(element_id)
        name = element.name if element else element_id
        super().__init__(design, text or change_text(design.kind_of(element_id), name, changes))
        self.element_id = element_id
        self.changes = dict(changes)
        self._old: dict[str, Any] = {}

    def _apply(self) -> None:
        old = self.design.update(self.element_id, **self.changes)
        self._old = {k: getattr(old, k) for k in self.changes}

    def _revert(self) -> None:
        self.design.update(self.element_id, **self._old)


class MoveElement(DesignCommand):
    """Move one element on the canvas (position relative to its container)."""

    def __init__(self, design: Design, element_id: str, x: float, y: float,
                 text: str | None = None) -> None:
        element = design.element(element_id)
        name = element.name if element else element_id
        super().__init__(design, text or translate("Commands", "Move {name}").format(
            name=repr(name)))
        self.element_id = element_id
        self.x, self.y = float(x), float(y)
        self._old = (0.0, 0.0)

    def _apply(self) -> None:
        self._old = self.design.move(self.element_id, self.x, self.y)

    def _revert(self) -> None:
        self.design.move(self.element_id, *self._old)


class MoveElements(DesignCommand):
    """Move several elements in one gesture (positions relative to their containers):
    one model operation, so the design validates every position before any moves and
    announces the batch once; undo puts each back where it was."""

    def __init__(self, design: Design, positions: Mapping[str, tuple[float, float]],
                 text: str | None = None) -> None:
        self.positions = {eid: (float(x), float(y)) for eid, (x, y) in positions.items()}
        if text is None and len(self.positions) == 1:
            element = design.element(next(iter(self.positions)))
            text = translate("Commands", "Move {name}").format(
                name=repr(element.name if element else next(iter(self.positions))))
        super().__init__(design, text or translate("Commands", "Move {count} elements").format(
            count=len(self.positions)))
        self._old: dict[str, tuple[float, float]] = {}

    def _apply(self) -> None:
        self._old = self.design.move_many(self.positions)

    def _revert(self) -> None:
        self.design.move_many(self._old)


class AddParts(DesignCommand):
    """Copy catalog parts into the design; undo puts the design's catalog back."""

    def __init__(self, design: Design, parts: Catalog, text: str = "") -> None:
        super().__init__(design, text or translate("Commands", "Add parts"))
        self.parts = parts
        self._before: Catalog | None = None

    def _apply(self) -> None:
        self._before = self.design.add_parts(self.parts)

    def _revert(self) -> None:
        if self._before is not None:
            self.design.set_catalog(self._before)


class ChangeSettings(DesignCommand):
    """Change design-wide settings (threshold, allowance, plane)."""

    def __init__(self, design: Design, changes: Mapping[str, Any], text: str | None = None
                 ) -> None:
        super().__init__(design, text or settings_change_text(changes))
        self.changes = dict(changes)
        self._old: dict[str, Any] = {}

    def _apply(self) -> None:
        before = self.design.update_settings(**self.changes)
        self._old = {k: getattr(before, k) for k in self.changes}

    def _revert(self) -> None:
        self.design.update_settings(**self._old)


class RenameDesign(DesignCommand):
    """Change the design's name and description."""

    def __init__(self, design: Design, name: str, description: str | None = None) -> None:
        super().__init__(design, translate("Commands", "Rename design"))
        self.name, self.description = name, description
        self._old = ("", "")

    def _apply(self) -> None:
        self._old = self.design.rename(self.name, self.description)

    def _revert(self) -> None:
        self.design.rename(*self._old)


class MacroCommand(DesignCommand):
    """Several commands as one undo step, applied whole or not at all."""

    def __init__(self, design: Design, text: str, commands: Iterable[DesignCommand]) -> None:
        super().__init__(design, text)
        self.commands = list(commands)

    def _apply(self) -> None:
        done: list[DesignCommand] = []
        try:
            for command in self.commands:
                command._apply()
                done.append(command)
        except DesignError:
            for command in reversed(done):
                command._revert()
            raise

    def _revert(self) -> None:
        for command in reversed(self.commands):
            command._revert()


# ------------------------------------------------------------------ builders
def kind_word(element: Element | None) -> str:
    """"island", "rack group", … for an element (in the interface language)."""
    if isinstance(element, Building):
        return kind_name("building")
    if isinstance(element, Island):
        return kind_name("island")
    if isinstance(element, RackGroup):
        return kind_name("rack_group")
    if isinstance(element, SwitchTier):
        return kind_name("tier")
    if isinstance(element, LinkBundle):
        return kind_name("bundle")
    return translate("Commands", "element")


class IdAllocator:
    """Fresh ids for several elements created by one gesture (before any is added)."""

    def __init__(self, design: Design) -> None:
        self._design = design
        self._taken: set[str] = set()

    def new(self, prefix: str) -> str:
        """An id ``prefix-N`` unused by the design and by earlier calls."""
        n = 1
        while True:
            candidate = f"{prefix}-{n}"
            if (candidate not in self._taken and self._design.element(candidate) is None
                    and candidate not in self._design.catalog.all_ids()):
                self._taken.add(candidate)
                return candidate
            n += 1


def _next_name(design: Design, kind: str, unit: str) -> str:
    """The first free numbered name of ``unit`` (``Building {n}``, in the interface
    language: names are data, given in the words of whoever draws)."""
    names = {e.name for e in design.elements(kind).values()}
    n = len(design.elements(kind)) + 1
    lang = current_language()
    while numbered_name(unit, n, lang) in names:
        n += 1
    return numbered_name(unit, n, lang)


def add_building_command(design: Design, x: float, y: float,
                         capacity_kw: float = 50_000.0) -> DesignCommand:
    """A new building at campus position (x, y)."""
    building = make(Building, id=design.new_id("building"), name=_next_name(
        design, "building", BUILDING), capacity_kw=capacity_kw, x=x, y=y)
    return AddElement(design, building)


def add_island_command(design: Design, building_id: str, x: float, y: float) -> DesignCommand:
    """A new, empty island in a building at (x, y) relative to the building."""
    island = make(Island, id=design.new_id("island"), name=_next_name(design, "island",
                  ISLAND), building=building_id, x=x, y=y)
    return AddElement(design, island)


def add_rack_group_command(design: Design, catalog: Catalog, rack_type_id: str,
                           island_id: str, *, x: float, y: float, count: int = 32
                           ) -> DesignCommand:
    """A rack group of a catalog rack type in an island; the rack type, its server and
    accelerator are copied into the design in the same undo step."""
    rack = catalog.rack_type(rack_type_id) or design.catalog.rack_type(rack_type_id)
    if rack is None:
        raise DesignError(translate("Commands", "the catalog has no rack type {id}").format(
            id=repr(rack_type_id)))
    parts = catalog.closure_of_rack_type(rack_type_id)
    group = make(RackGroup, id=design.new_id("racks"),
                 name=rack_type_name(rack.name, current_language()), island=island_id,
                 rack_type=rack_type_id, count=count, x=x, y=y)
    add = AddElement(design, group)
    return MacroCommand(design, add.text(), [AddParts(design, parts), add])


def tier_name(design: Design, place: Element, role: Role) -> str:
    """A new tier's name by its role and where it stands ("Island 1 leaf", "Hall A
    core"), not by its switch's catalog name; "Island 1 leaf 2" when that is taken."""
    stem = f"{place.name} {role_word(role.value, current_language())}"
    taken = {t.name for t in design.tiers.values()}
    if stem not in taken:
        return stem
    n = 2
    while f"{stem} {n}" in taken:
        n += 1
    return f"{stem} {n}"


def bundle_name(lower: str, upper: str) -> str:
    """A bundle's name from its ends' names, the words they share said once:
    "Island 2 leaf" and "Island 2 spine" give "Island 2 leaf → spine"."""
    low, up = lower.split(" "), upper.split(" ")
    shared = 0
    while shared < min(len(low), len(up)) - 1 and low[shared] == up[shared]:
        shared += 1
    return joined_name(lower, " ".join(up[shared:]))


def add_tier_command(design: Design, catalog: Catalog, switch_id: str, place: Element,
                     *, x: float, y: float, role: Role = Role.LEAF, count: int = 8
                     ) -> DesignCommand:
    """A switch tier of a catalog switch model, serving ``place`` (an island, or a
    building for a building-scoped tier)."""
    switch = catalog.switch(switch_id) or design.catalog.switch(switch_id)
    if switch is None:
        raise DesignError(translate("Commands", "the catalog has no switch model {id}").format(
            id=repr(switch_id)))
    name = fitted_name(tier_name(design, place, role))
    if isinstance(place, Island):
        tier = make(SwitchTier, id=design.new_id("tier"), name=name,
                    switch=switch_id, count=count, role=role, scope=Scope.ISLAND,
                    island=place.id, x=x, y=y)
    elif isinstance(place, Building):
        tier = make(SwitchTier, id=design.new_id("tier"), name=name,
                    switch=switch_id, count=count, role=role, scope=Scope.BUILDING,
                    building=place.id, x=x, y=y)
    else:
        raise DesignError(translate("Commands", "a switch tier goes into an island or a building"))
    add = AddElement(design, tier)
    return MacroCommand(design, add.text(), [AddParts(design, Catalog(switches=(switch,))),
                                            add])


def link_command(design: Design, start_id: str, end_id: str) -> DesignCommand:
    """A link bundle drawn from one element to another. The rack group (or the lower
    tier by role) becomes the lower end; two tiers of the same role get global links.
    Defaults: a server's backend NICs at their speed; a switch's half radix spread over
    the upper tier's switches."""
    start, end = design.element(start_id), design.element(end_id)
    if not isinstance(start, RackGroup | SwitchTier) or not isinstance(end, RackGroup |
                                                                       SwitchTier):
        raise DesignError(translate(
            "Commands", "a link bundle joins a rack group or switch tier to a switch tier"))
    if isinstance(start, RackGroup) and isinstance(end, RackGroup):
        raise DesignError(translate(
            "Commands", "two rack groups cannot be linked directly: link each to a tier"))
    pattern = Pattern.SPREAD
    lower: RackGroup | SwitchTier
    upper: RackGroup | SwitchTier
    if isinstance(end, RackGroup):
        lower, upper = end, start
    elif isinstance(start, RackGroup):
        lower, upper = start, end
    else:
        assert isinstance(start, SwitchTier) and isinstance(end, SwitchTier)
        if ROLE_ORDER[start.role] == ROLE_ORDER[end.role]:
            lower, upper, pattern = start, end, Pattern.GLOBAL
        elif ROLE_ORDER[start.role] < ROLE_ORDER[end.role]:
            lower, upper = start, end
        else:
            lower, upper = end, start
    assert isinstance(upper, SwitchTier)
    links, speed = 1, 400.0
    upper_switch = design.catalog.switch(upper.switch)
    if isinstance(lower, RackGroup):
        rack = design.catalog.rack_type(lower.rack_type)
        server = design.catalog.server(rack.server) if rack else None
        if server is not None and server.nic_count:
            links, speed = server.nic_count, server.nic_speed_gbps
    else:
        lower_switch: SwitchModel | None = design.catalog.switch(lower.switch)
        if lower_switch is not None:
            links = max(1, lower_switch.radix // 2 // upper.count)
            speed = lower_switch.port_speed_gbps
    if upper_switch is not None:
        speed = min(speed, upper_switch.port_speed_gbps)
    bundle = make(LinkBundle, id=design.new_id("bundle"),
                  name=bundle_name(lower.name, upper.name), lower=lower.id, upper=upper.id,
                  links_per_member=links, speed_gbps=speed, pattern=pattern)
    return AddElement(design, bundle, text=translate("Commands", "Link {lower} to {upper}").format(
        lower=repr(lower.name), upper=repr(upper.name)))


def move_command(design: Design, positions: Mapping[str, tuple[float, float]]
                 ) -> DesignCommand | None:
    """One undo step moving elements to new positions (None when nothing moves), as
    one batch of the model (:meth:`Design.move_many`)."""
    moves: dict[str, tuple[float, float]] = {}
    for element_id, (x, y) in positions.items():
        element = design.element(element_id)
        if element is None or not hasattr(element, "x"):
            continue
        if (getattr(element, "x"), getattr(element, "y")) != (x, y):  # noqa: B009
            moves[element_id] = (x, y)
    if not moves:
        return None
    return MoveElements(design, moves)


def _closure_ids(design: Design, ids: Iterable[str]) -> set[str]:
    """The ids plus everything a removal of them would take along."""
    result: set[str] = set()
    stack = list(ids)
    while stack:
        eid = stack.pop()
        if eid in result or design.element(eid) is None:
            continue
        result.add(eid)
        stack.extend(child.id for child in design.children(eid))
    return result


def remove_command(design: Design, ids: Iterable[str]) -> DesignCommand | None:
    """One undo step deleting the elements (and what depends on them)."""
    wanted = [eid for eid in dict.fromkeys(ids) if design.element(eid) is not None]
    if not wanted:
        return None
    removes: list[DesignCommand] = []
    covered: set[str] = set()
    # Containers first, so their cascades take the dependents along.
    kinds = ("building", "island", "rack_group", "tier", "bundle")
    for eid in sorted(wanted, key=lambda e: kinds.index(design.kind_of(e) or "bundle")):
        if eid in covered:
            continue
        covered |= _closure_ids(design, [eid])
        removes.append(RemoveElement(design, eid))
    if len(removes) == 1:
        return removes[0]
    return MacroCommand(design, translate("Commands", "Delete {count} elements").format(
        count=len(removes)), removes)


def duplicate_command(design: Design, ids: Iterable[str], offset: tuple[float, float],
                      offsets: Mapping[str, tuple[float, float]] | None = None
                      ) -> DesignCommand | None:
    """Copies of islands (with their rack groups, tiers and the bundles inside them) and
    rack groups, shifted by ``offset`` in their container (by ``offsets[id]`` for the ids
    it has). Other kinds are skipped."""
    alloc = IdAllocator(design)
    adds: list[DesignCommand] = []
    chosen = [eid for eid in ids if design.kind_of(eid) in ("island", "rack_group")]
    islands = {eid for eid in chosen if design.kind_of(eid) == "island"}
    for eid in chosen:
        dx, dy = (offsets or {}).get(eid, offset)
        element = design.element(eid)
        if isinstance(element, RackGroup) and element.island not in islands:
            copy = copied(element, id=alloc.new("racks"),
                          name=fitted_name(element.name, translate("Commands", " (copy)")),
                          x=shifted(element.x, dx), y=shifted(element.y, dy))
            adds.append(AddElement(design, copy))
        elif isinstance(element, Island):
            adds.extend(_duplicate_island(design, element, alloc, dx, dy))
    if not adds:
        return None
    text = (translate("Commands", "Duplicate {count} elements") if len(chosen) > 1
            else translate("Commands", "Duplicate {count} element"))
    return MacroCommand(design, text.format(count=len(chosen)), adds)


def _duplicate_island(design: Design, island: Island, alloc: IdAllocator, dx: float,
                      dy: float) -> list[DesignCommand]:
    new_island = copied(island, id=alloc.new("island"),
                        name=fitted_name(island.name, translate("Commands", " (copy)")),
                        x=shifted(island.x, dx), y=shifted(island.y, dy))
    adds: list[DesignCommand] = [AddElement(design, new_island)]
    mapping: dict[str, str] = {}
    for group in design.rack_groups.values():
        if group.island == island.id:
            mapping[group.id] = alloc.new("racks")
            adds.append(AddElement(design, copied(group, id=mapping[group.id],
                                                  island=new_island.id)))
    for tier in design.tiers.values():
        if tier.island == island.id:
            mapping[tier.id] = alloc.new("tier")
            adds.append(AddElement(design, copied(tier, id=mapping[tier.id],
                                                  island=new_island.id)))
    for bundle in design.bundles.values():
        if bundle.lower in mapping and bundle.upper in mapping:
            adds.append(AddElement(design, copied(bundle, id=alloc.new("bundle"),
                                                  lower=mapping[bundle.lower],
                                                  upper=mapping[bundle.upper])))
    return adds
