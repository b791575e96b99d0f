"""The design: one campus of buildings, islands, rack groups, switch tiers and bundles.

A :class:`Design` owns its elements and the catalog of parts it uses, and is changed only
through its operations (:meth:`Design.add`, :meth:`Design.update`, :meth:`Design.move`,
:meth:`Design.move_many`, :meth:`Design.remove`, :meth:`Design.restore`, …). Each
operation validates first and changes nothing when it refuses (raising
:class:`~model.errors.DesignError`), then announces what changed to subscribers.
Removal cascades to what depends on the element and returns a :class:`Removal` that
:meth:`Design.restore` puts back exactly, positions in the element order included, which
is what undo needs. The rules for references and links live in :mod:`model.design_checks`.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from pydantic import Field, TypeAdapter, ValidationError

from model.checked import checked_catalog, revalidated
from model.checked import format_validation_error as _format_validation_error
from model.design_checks import LinkIndex, check_bundle, check_references
from model.elements import (
    KIND_OF,
    AnyElement,
    Building,
    Element,
    Island,
    LinkBundle,
    Plane,
    RackGroup,
    SwitchTier,
)
from model.errors import DesignError
from model.events import (
    CatalogChanged,
    DesignEvent,
    DesignReset,
    ElementAdded,
    ElementChanged,
    ElementRemoved,
    ElementsMoved,
    SettingsChanged,
    Subscriber,
)
from model.failures import Scenario
from model.i18n import Message, mark, message
from model.jobs.job import Job
from model.parts import Catalog, Frozen, Name, Text
from model.reliability_data import ReliabilitySettings
from model.strict import Number, WholeNumber
from model.validation_text import validation_message

E = TypeVar("E", bound=Element)

KINDS: tuple[str, ...] = ("building", "island", "rack_group", "tier", "bundle")
"""Element kinds in dependency order: each may refer only to kinds before it."""

format_validation_error = _format_validation_error  # the editor imports it from here


_POSITION = frozenset({"x", "y"})
"""The fields of an element's place on the canvas."""

_NAME: TypeAdapter[str] = TypeAdapter(Name)
_TEXT: TypeAdapter[str] = TypeAdapter(Text)


class DesignSettings(Frozen):
    """Design-wide settings that metrics and checks read."""

    oversubscription_threshold: Number = Field(
        default=8.0,
        ge=1.0,
        le=1000.0,
        description="Oversubscription (down : up) above which a tier is a problem.",
    )
    allowance_pct: Number = Field(
        default=0.0,
        ge=0.0,
        le=100.0,
        description="Storage and front-end power, as % of server + network IT power.",
    )
    plane: Plane = Field(default=Plane.BACKEND, description="Plane the metrics describe.")
    reliability: ReliabilitySettings = Field(
        default_factory=ReliabilitySettings,
        description="Job size, checkpoint and restart times, failure-rate overrides.",
    )
    currency: str = Field(
        default="USD", pattern=r"^[A-Z]{3}$", description="Currency prices are shown in."
    )
    usd_exchange_rate: Number = Field(
        default=1.0, gt=0, le=1e6, description="Units of the display currency per US dollar."
    )
    years: WholeNumber = Field(default=5, ge=1, le=50,
                               description="Years of operation in the TCO.")
    building_distance_m: Number = Field(
        default=300.0, gt=0, le=1_000_000,
        description="Cable length of a link between two buildings, m.",
    )


@dataclass(frozen=True)
class Removal:
    """What one :meth:`Design.remove` took out: ``(kind, index, element)`` in the order
    they were removed (dependents first), where ``index`` is the element's position
    among its kind at the moment it was removed."""

    items: tuple[tuple[str, int, Element], ...]

    @property
    def ids(self) -> list[str]:
        """Ids of every removed element."""
        return [element.id for _, _, element in self.items]


def _refuse_duplicate_parts(catalog: Catalog) -> None:
    """Two parts of one kind with the same id would make lookups ambiguous (and the
    design's file unreadable): refuse them."""
    for section in ("accelerators", "servers", "rack_types", "switches", "media"):
        ids = [p.id for p in getattr(catalog, section)]
        if len(set(ids)) != len(ids):
            dup = next(i for i in ids if ids.count(i) > 1)
            raise DesignError(f"two {section.replace('_', ' ')} share the part id {dup!r}")


class Design:
    """A campus design, changed only through its validating operations."""

    def __init__(
        self,
        name: str = "Untitled campus",
        description: str = "",
        catalog: Catalog | None = None,
        settings: DesignSettings | None = None,
    ) -> None:
        self.name = name
        self.description = description
        self.catalog = checked_catalog(catalog) if catalog else Catalog()
        self.settings = revalidated(settings) if settings else DesignSettings()
        self._elements: dict[str, dict[str, Element]] = {kind: {} for kind in KINDS}
        self._kind_of_id: dict[str, str] = {}
        self._subscribers: list[Subscriber] = []
        self._links = LinkIndex()
        self.revision = 0
        """Incremented by every change: a cheap way to know a result is stale."""
        self.jobs: tuple[Job, ...] = ()
        """Training jobs placed on the campus (:mod:`model.jobs`), changed by
        :meth:`set_jobs`."""
        self.scenarios: tuple[Scenario, ...] = ()
        """Named what-ifs saved with the design (:mod:`model.failures`), changed by
        :meth:`set_scenarios`."""

    # ----------------------------------------------------------------- reading
    @property
    def buildings(self) -> dict[str, Building]:
        """Buildings by id, in design order."""
        return self._elements["building"]  # type: ignore[return-value]

    @property
    def islands(self) -> dict[str, Island]:
        """Islands by id, in design order."""
        return self._elements["island"]  # type: ignore[return-value]

    @property
    def rack_groups(self) -> dict[str, RackGroup]:
        """Rack groups by id, in design order."""
        return self._elements["rack_group"]  # type: ignore[return-value]

    @property
    def tiers(self) -> dict[str, SwitchTier]:
        """Switch tiers by id, in design order."""
        return self._elements["tier"]  # type: ignore[return-value]

    @property
    def bundles(self) -> dict[str, LinkBundle]:
        """Link bundles by id, in design order."""
        return self._elements["bundle"]  # type: ignore[return-value]

    def elements(self, kind: str) -> dict[str, Element]:
        """Elements of one kind by id, in design order."""
        return self._elements[kind]

    def all_elements(self) -> Iterator[Element]:
        """Every element, in dependency order (buildings first, bundles last)."""
        for kind in KINDS:
            yield from self._elements[kind].values()

    def element(self, element_id: str) -> AnyElement | None:
        """The element with this id, or None."""
        kind = self._kind_of_id.get(element_id)
        return None if kind is None else self._elements[kind][element_id]  # type: ignore[return-value]

    def kind_of(self, element_id: str) -> str | None:
        """The kind of the element with this id, or None."""
        return self._kind_of_id.get(element_id)

    def building_of(self, element_id: str) -> str | None:
        """Id of the building an island, rack group or tier stands in (a building's own
        id for a building), or None for a bundle or an unknown id."""
        element = self.element(element_id)
        if isinstance(element, Building):
            return element.id
        if isinstance(element, Island):
            return element.building
        if isinstance(element, RackGroup):
            return self.islands[element.island].building
        if isinstance(element, SwitchTier):
            if element.island is not None:
                return self.islands[element.island].building
            return element.building
        return None

    def island_of(self, element_id: str) -> str | None:
        """Id of the island a rack group or island-scoped tier belongs to, else None."""
        element = self.element(element_id)
        if isinstance(element, Island):
            return element.id
        if isinstance(element, RackGroup | SwitchTier):
            return element.island
        return None

    def children(self, element_id: str) -> list[Element]:
        """Elements that depend on this one and go with it when it is removed
        (direct dependents only)."""
        found: list[Element] = []
        kind = self.kind_of(element_id)
        if kind == "building":
            found += [i for i in self.islands.values() if i.building == element_id]
            found += [t for t in self.tiers.values() if t.building == element_id]
        elif kind == "island":
            found += [g for g in self.rack_groups.values() if g.island == element_id]
            found += [t for t in self.tiers.values() if t.island == element_id]
        if kind in ("rack_group", "tier"):
            found += [
                b for b in self.bundles.values() if element_id in (b.lower, b.upper)
            ]
        return found

    def new_id(self, prefix: str) -> str:
        """A fresh id ``prefix-N`` not used by any element or part."""
        taken = set(self._kind_of_id) | set(self.catalog.all_ids())
        for n in itertools.count(1):
            candidate = f"{prefix}-{n}"
            if candidate not in taken:
                return candidate
        raise AssertionError("unreachable")

    # ---------------------------------------------------------- notifications
    def subscribe(self, subscriber: Subscriber) -> None:
        """Call ``subscriber(event)`` after every change."""
        self._subscribers.append(subscriber)

    def unsubscribe(self, subscriber: Subscriber) -> None:
        """Stop calling ``subscriber``."""
        if subscriber in self._subscribers:
            self._subscribers.remove(subscriber)

    def _announce(self, event: DesignEvent) -> None:
        self.revision += 1
        for subscriber in list(self._subscribers):
            subscriber(event)

    # -------------------------------------------------------------- checking
    def _check_references(self, element: Element) -> None:
        """Refuse an element whose references are missing or impossible
        (:func:`model.design_checks.check_references`)."""
        check_references(self, self._links, element)

    def _check_bundle(self, bundle: LinkBundle) -> None:
        """Refuse a bundle the design cannot hold (:func:`model.design_checks.check_bundle`)."""
        check_bundle(self, self._links, bundle)

    def _is_below(self, start: str, target: str, skip_bundle: str) -> bool:
        """True when ``target`` sits below ``start`` (:meth:`LinkIndex.is_below`)."""
        return self._links.is_below(start, target, skip_bundle)

    # -------------------------------------------------------------- changing
    def add(self, element: Element, index: int | None = None) -> None:
        """Add an element (at ``index`` among its kind, default last). Refuses a
        duplicate id or a reference to a missing or incompatible element."""
        kind = KIND_OF.get(type(element))
        if kind is None:
            raise DesignError(f"cannot add a {type(element).__name__} to a design")
        element = revalidated(element)  # a copy may have skipped validation
        if element.id in self._kind_of_id or element.id in self.catalog.all_ids():
            raise DesignError(message("design", "the id {id!r} is already in use", id=element.id),
                              element.id, "id")
        self._check_references(element)
        self._insert(kind, element, index)
        self._announce(ElementAdded(kind, element.id))

    def _reindex(self) -> None:
        """Rebuild the bundle index after the element tables were replaced wholesale."""
        self._links = LinkIndex(self.bundles.values())

    def _insert(self, kind: str, element: Element, index: int | None) -> None:
        table = self._elements[kind]
        if index is None or index >= len(table):
            table[element.id] = element
        else:
            items = list(table.items())
            items.insert(max(index, 0), (element.id, element))
            table.clear()
            table.update(items)
        self._kind_of_id[element.id] = kind
        self._links.index(element, True)

    def update(self, element_id: str, **changes: Any) -> Element:
        """Change fields of an element; returns the element as it was before.

        The changed element is validated whole (types, ranges, references) before
        anything changes. The id cannot change.
        """
        old = self._require(element_id)
        if "id" in changes and changes["id"] != element_id:
            raise DesignError("an element's id cannot change", element_id, "id")
        unknown = set(changes) - set(type(old).model_fields)
        if unknown:
            field = sorted(unknown)[0]
            raise DesignError(
                f"{old.name!r} has no field {field!r}", element_id, field
            )
        changed = {k: v for k, v in changes.items() if getattr(old, k) != v}
        if not changed:
            return old
        new = self._validated(old, changed)
        self._check_references(new)
        if not changed.keys() <= _POSITION:  # a position never affects a bundle
            self._check_dependents_still_valid(new)
        kind = self._kind_of_id[element_id]
        self._links.index(old, False)
        self._elements[kind][element_id] = new
        self._links.index(new, True)
        self._announce(ElementChanged(kind, element_id, frozenset(changed)))
        return old

    @staticmethod
    def _validated(old: Element, changed: dict[str, Any]) -> Element:
        """``old`` with ``changed`` fields, validated whole (a DesignError names the
        element and the first field refused)."""
        try:
            return type(old).model_validate({**old.model_dump(), **changed})
        except ValidationError as error:
            first = error.errors()[0]["loc"]
            kind = {"RackGroup": "rack_group", "SwitchTier": "tier"}.get(type(old).__name__)
            raise DesignError(
                message("design", "{name!r}: {reason}", name=old.name,
                        reason=validation_message(error, kind)),
                old.id,
                str(first[0]) if first else None,
            ) from None

    def _check_dependents_still_valid(self, new: Element) -> None:
        """A change to a tier or rack group must keep the bundles on it valid; a change
        to an island (moving it to another building) those on its members."""
        if not isinstance(new, Island | RackGroup | SwitchTier):
            return
        kind = self._kind_of_id[new.id]
        old = self._elements[kind][new.id]
        self._elements[kind][new.id] = new
        element_id, island = new.id, isinstance(new, Island)  # asked once, not per bundle
        try:
            for bundle in self.bundles.values():
                ends = (bundle.lower, bundle.upper)
                if element_id in ends or (island and element_id in map(self.island_of, ends)):
                    self._check_bundle(bundle)
        except DesignError as error:
            raise DesignError(
                f"{new.name!r} cannot change so: {error}", new.id, error.field
            ) from None
        finally:
            self._elements[kind][new.id] = old

    def move(self, element_id: str, x: float, y: float) -> tuple[float, float]:
        """Move an element on the canvas; returns its old position."""
        old = self._require(element_id)
        if not hasattr(old, "x"):
            raise DesignError(f"{old.name!r} has no position of its own", element_id)
        before = (float(getattr(old, "x")), float(getattr(old, "y")))  # noqa: B009
        self.update(element_id, x=float(x), y=float(y))
        return before

    def move_many(self, positions: Mapping[str, tuple[float, float]]
                  ) -> dict[str, tuple[float, float]]:
        """Move several elements in one gesture (a dragged selection, a nudge, an
        alignment); returns the old position of every element named, for undo.

        Every position is validated before any element moves, so a refusal changes
        nothing. Subscribers hear one :class:`ElementsMoved` naming the elements whose
        position changed (none when nothing did). A position never affects a bundle, so
        no bundle is checked again: the cost grows with the elements moved only."""
        before: dict[str, tuple[float, float]] = {}
        moved: dict[str, Element] = {}
        for element_id, position in positions.items():
            old = self._require(element_id)
            if not hasattr(old, "x"):
                raise DesignError(f"{old.name!r} has no position of its own", element_id)
            if not isinstance(position, tuple | list) or len(position) != 2:
                raise DesignError(f"{old.name!r}: a position is a pair (x, y), not"
                                  f" {position!r}", element_id, "x")
            before[element_id] = (float(getattr(old, "x")), float(getattr(old, "y")))  # noqa: B009
            changed = {k: v for k, v in zip(("x", "y"), position, strict=True)
                       if getattr(old, k) != v}
            if changed:
                moved[element_id] = self._validated(old, changed)
        for element_id, new in moved.items():
            self._elements[self._kind_of_id[element_id]][element_id] = new
        if moved:
            self._announce(ElementsMoved(tuple((self._kind_of_id[i], i) for i in moved)))
        return before

    def remove(self, element_id: str) -> Removal:
        """Remove an element and everything that depends on it (an island's rack groups,
        tiers and bundles); returns what was removed, for :meth:`restore`."""
        self._require(element_id)
        order: list[Element] = []

        def collect(eid: str) -> None:
            for child in self.children(eid):
                if child not in order:
                    collect(child.id)
            element = self.element(eid)
            if element is not None and element not in order:
                order.append(element)

        collect(element_id)
        items: list[tuple[str, int, Element]] = []
        for element in order:
            kind = self._kind_of_id[element.id]
            index = list(self._elements[kind]).index(element.id)
            del self._elements[kind][element.id]
            del self._kind_of_id[element.id]
            self._links.index(element, False)
            items.append((kind, index, element))
        for kind, _, element in items:
            self._announce(ElementRemoved(kind, element.id))
        return Removal(tuple(items))

    def restore(self, removal: Removal) -> None:
        """Put back what :meth:`remove` took out, at the same positions."""
        for _, _, element in removal.items:
            if element.id in self._kind_of_id:
                raise DesignError(f"cannot restore {element.name!r}: its id is in use")
        for kind, index, element in reversed(removal.items):
            self._insert(kind, element, index)
        for kind, _, element in reversed(removal.items):
            self._announce(ElementAdded(kind, element.id))

    def add_parts(self, parts: Catalog) -> Catalog:
        """Copy into the design's catalog the parts it lacks; returns the catalog as it
        was (for undo). Ids already used by elements are refused."""
        clash = set(parts.all_ids()) & set(self._kind_of_id)
        if clash:
            raise DesignError(f"part id {sorted(clash)[0]!r} is already used by an element")
        before = self.catalog
        merged = self.catalog.merged(checked_catalog(parts))
        _refuse_duplicate_parts(merged)
        if merged != before:
            self.catalog = merged
            self._announce(CatalogChanged())
        return before

    def set_catalog(self, catalog: Catalog) -> Catalog:
        """Replace the design's catalog (editing or removing parts); returns the old."""
        clash = set(catalog.all_ids()) & set(self._kind_of_id)
        if clash:
            raise DesignError(f"part id {sorted(clash)[0]!r} is already used by an element")
        catalog = checked_catalog(catalog)
        _refuse_duplicate_parts(catalog)
        before = self.catalog
        if catalog != before:
            self.catalog = catalog
            self._announce(CatalogChanged())
        return before

    def update_settings(self, **changes: Any) -> DesignSettings:
        """Change design-wide settings (validated whole); returns the old settings."""
        before = self.settings
        try:
            self.settings = DesignSettings.model_validate({**before.model_dump(), **changes})
        except ValidationError as error:
            raise DesignError(message("design", "settings: {reason}",
                                      reason=validation_message(error))) from None
        self._announce(SettingsChanged(frozenset(changes)))
        return before

    def set_jobs(self, jobs: tuple[Job, ...]) -> tuple[Job, ...]:
        """Replace the design's training jobs; returns the old ones (for undo). Refuses
        two jobs with one id. Hosts naming no element are reported when the job is
        planned, so removing an island never fails because a job ran there."""
        ids = [job.id for job in jobs]
        if len(set(ids)) != len(ids):
            dup = next(i for i in ids if ids.count(i) > 1)
            raise DesignError(f"two jobs share the id {dup!r}", dup, "id")
        before = self.jobs
        if tuple(jobs) != before:
            self.jobs = tuple(jobs)
            self._announce(SettingsChanged(frozenset({"jobs"})))
        return before

    def set_scenarios(self, scenarios: tuple[Scenario, ...]) -> tuple[Scenario, ...]:
        """Replace the design's saved what-if scenarios; returns the old ones (for undo).
        Refuses two scenarios with one name. Failures naming no element are reported
        when the scenario is applied, so removing an element never fails because a
        scenario failed it."""
        names = [s.name for s in scenarios]
        if len(set(names)) != len(names):
            dup = next(n for n in names if names.count(n) > 1)
            raise DesignError(f"two scenarios share the name {dup!r}", None, "name")
        before = self.scenarios
        if tuple(scenarios) != before:
            self.scenarios = tuple(scenarios)
            self._announce(SettingsChanged(frozenset({"scenarios"})))
        return before

    def rename(self, name: str, description: str | None = None) -> tuple[str, str]:
        """Set the design's name (and description); returns the old pair."""
        if not name.strip():
            raise DesignError(Message("design", mark("design", "a design needs a name")))
        try:  # the limits of the design file, so that what is saved opens again
            _NAME.validate_python(name)
            _TEXT.validate_python(description or "")
        except ValidationError as error:
            raise DesignError(message("design", "design name or description: {reason}",
                                      reason=validation_message(error))) from None
        before = (self.name, self.description)
        self.name = name
        if description is not None:
            self.description = description
        self._announce(SettingsChanged(frozenset({"name", "description"})))
        return before

    def replace_content(self, other: Design) -> None:
        """Take over ``other``'s whole content (used when a file is loaded into an open
        document); subscribers are told once with :class:`DesignReset`."""
        self.name, self.description = other.name, other.description
        self.catalog, self.settings = other.catalog, other.settings
        self.jobs = other.jobs
        self.scenarios = other.scenarios
        self._elements = {kind: dict(table) for kind, table in other._elements.items()}
        self._kind_of_id = dict(other._kind_of_id)
        self._reindex()
        self._announce(DesignReset())

    def _require(self, element_id: str) -> Element:
        element = self.element(element_id)
        if element is None:
            raise DesignError(message("design", "there is no element {id!r}", id=element_id),
                              element_id)
        return element

    # ----------------------------------------------------------- comparison
    def copy(self) -> Design:
        """An independent copy with the same content and no subscribers."""
        twin = Design(self.name, self.description, self.catalog, self.settings)
        twin.jobs = self.jobs
        twin.scenarios = self.scenarios
        twin._elements = {kind: dict(table) for kind, table in self._elements.items()}
        twin._kind_of_id = dict(self._kind_of_id)
        twin._reindex()
        return twin

    def __getstate__(self) -> dict[str, Any]:
        """Pickled (to reach the engine process) without its subscribers: they are the
        editor's objects (a Qt document, a canvas) and never cross a process boundary."""
        state = dict(self.__dict__)
        state["_subscribers"] = []
        return state

    def content(self) -> tuple[Any, ...]:
        """Everything that defines the design, element order included, for equality."""
        return (
            self.name,
            self.description,
            self.catalog,
            self.settings,
            tuple(tuple(table.items()) for table in self._elements.values()),
            self.jobs,
            self.scenarios,
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Design) and self.content() == other.content()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        sizes = ", ".join(f"{len(t)} {k}" for k, t in self._elements.items())
        return f"<Design {self.name!r}: {sizes}>"

