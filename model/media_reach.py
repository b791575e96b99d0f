"""How long a bundle's links are, whether its medium reaches, and which medium is the
cheapest that does.

A link's length is the bundle's own ``length_m`` when the architect set one; otherwise
it is estimated from where the bundle's two ends stand, in four classes:

- ``rack``: a rack group to its top-of-rack switches (``rack`` wiring or a ``rack``-role
  tier in the same island): :data:`RACK_M` metres;
- ``island``: two ends in the same island (a row or hall section): :data:`ISLAND_M`;
- ``building``: two islands of one building, or a building- or campus-scoped tier in the
  same building: :data:`BUILDING_M`;
- ``campus``: ends in two buildings: the design's ``building_distance_m``.

The classes are deliberately coarse: they decide which *kind* of medium a bundle needs
(copper, multimode, single-mode DR, FR, LR), which is what prices and power depend on.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from model.catalog import generic_optics, load_builtin_catalog
from model.design import Design
from model.elements import LinkBundle, RackGroup, Role, SwitchTier
from model.elements import Pattern as Wiring
from model.i18n import Message, mark, message
from model.part_names import PartName
from model.parts import Catalog, Medium, MediumKind
from model.problems import Problem, Severity

RACK_M = 2.0
"""Assumed link length inside one rack (server to its top-of-rack switch), m."""
ISLAND_M = 30.0
"""Assumed link length inside one island (racks to the island's network racks), m."""
BUILDING_M = 150.0
"""Assumed link length between islands of one building, or to a building's core, m."""


class LengthClass(StrEnum):
    """Where a bundle's two ends stand relative to each other."""

    RACK = "rack"
    ISLAND = "island"
    BUILDING = "building"
    CAMPUS = "campus"
    SET = "set"
    """The bundle's length was set by the architect."""


LENGTH_CLASS_WORDS: dict[LengthClass, str] = {
    LengthClass.RACK: mark("terms", "same rack"),
    LengthClass.ISLAND: mark("terms", "same island"),
    LengthClass.BUILDING: mark("terms", "another island of the building"),
    LengthClass.CAMPUS: mark("terms", "another building"),
    LengthClass.SET: mark("terms", "length set on the bundle"),
}
"""Each length class in an architect's words (translated in the ``terms`` context)."""


def length_class_word(length_class: LengthClass) -> Message:
    """A length class in words, to be shown in the reader's language."""
    return Message("terms", LENGTH_CLASS_WORDS[length_class])


@dataclass(frozen=True)
class BundleLength:
    """A bundle's link length (m) and how it was found."""

    length_m: float
    length_class: LengthClass


Places = dict[str, tuple[object, str | None, str | None]]
"""Bundle ends already looked up: element id → (the element, its building, its island)."""


def length_class(design: Design, bundle: LinkBundle, places: Places | None = None
                 ) -> LengthClass:
    """The class of distance between the bundle's two ends (ignoring ``length_m``);
    ``places`` keeps the ends looked up, for a walk over many bundles."""
    lower, building_low, island_low = _end(design, bundle.lower, places)
    upper, building_up, island_up = _end(design, bundle.upper, places)
    if building_low != building_up:
        return LengthClass.CAMPUS
    if island_low is None or island_up is None or island_low != island_up:
        return LengthClass.BUILDING
    if isinstance(lower, RackGroup) and (
        bundle.pattern is Wiring.RACK
        or (isinstance(upper, SwitchTier) and upper.role is Role.RACK)
    ):
        return LengthClass.RACK
    return LengthClass.ISLAND


def _end(design: Design, element_id: str, places: Places | None
         ) -> tuple[object, str | None, str | None]:
    """The element ``element_id`` names, with its building and island (kept in
    ``places``)."""
    found = places.get(element_id) if places is not None else None
    if found is None:
        element = design.element(element_id)
        found = (element, *_where(design, element))
        if places is not None:
            places[element_id] = found
    return found


def _where(design: Design, element: object) -> tuple[str | None, str | None]:
    """(building, island) a bundle's end stands in, as :meth:`Design.building_of` and
    :meth:`Design.island_of` say, read from the end's own record."""
    if isinstance(element, RackGroup | SwitchTier) and element.island is not None:
        return design.islands[element.island].building, element.island
    if isinstance(element, SwitchTier):
        return element.building, None
    element_id = getattr(element, "id", "")
    return design.building_of(element_id), design.island_of(element_id)


def bundle_length(design: Design, bundle: LinkBundle, places: Places | None = None,
                  assumed: dict[LengthClass, float] | None = None) -> BundleLength:
    """The length of each link of ``bundle``, m: its own ``length_m`` when set, else the
    assumed length of its class (``places``: as :func:`length_class` takes it;
    ``assumed``: :func:`assumed_lengths` of the design, when already made)."""
    if bundle.length_m is not None:
        return BundleLength(bundle.length_m, LengthClass.SET)
    cls = length_class(design, bundle, places)
    return BundleLength((assumed or assumed_lengths(design))[cls], cls)


def assumed_lengths(design: Design) -> dict[LengthClass, float]:
    """The length assumed for a link of each class of distance, m."""
    return {
        LengthClass.RACK: RACK_M,
        LengthClass.ISLAND: ISLAND_M,
        LengthClass.BUILDING: BUILDING_M,
        LengthClass.CAMPUS: design.settings.building_distance_m,
    }


def transceivers_per_link(medium: Medium) -> int:
    """Pluggable modules a link of ``medium`` needs: two for optics (one per end), none
    for cables whose ends are built in (copper, active optical cables)."""
    return 2 if medium.kind is MediumKind.OPTICAL else 0


def link_price_usd(medium: Medium, length_m: float) -> tuple[float, float]:
    """One link's price in US dollars, split as (optics, cables): transceivers and
    active optical cables are optics; copper and the fibre of optical links are cables.
    ``(nan, nan)`` never occurs: a medium without a price costs ``(0, 0)``."""
    price = medium.price
    if price is None:
        return 0.0, 0.0
    by_length = price.usd_per_m * length_m
    if medium.kind is MediumKind.OPTICAL:
        return 2 * price.usd, by_length
    if medium.kind is MediumKind.AOC:
        return price.usd + by_length, 0.0
    return 0.0, price.usd + by_length


def bundle_lengths(design: Design) -> dict[str, BundleLength]:
    """:func:`bundle_length` of every bundle of ``design``, by id (each end looked up
    once)."""
    places: Places = {}
    assumed = assumed_lengths(design)
    return {bundle.id: bundle_length(design, bundle, places, assumed)
            for bundle in design.bundles.values()}


def reach_problems(design: Design, lengths: dict[str, BundleLength] | None = None
                   ) -> list[Problem]:
    """A problem for each bundle whose medium cannot reach its links' length: an error
    when the length was set on the bundle, a warning when it is the class estimate.
    ``lengths``: :func:`bundle_lengths`, when already known."""
    out: list[Problem] = []
    media = {m.id: m for m in design.catalog.media}
    places: Places = {}
    for bundle in design.bundles.values():
        medium = media.get(bundle.medium) if bundle.medium else None
        if medium is None:
            continue
        length = (lengths[bundle.id] if lengths is not None
                  else bundle_length(design, bundle, places))
        if medium.reach_m >= length.length_m:
            continue
        severity = Severity.ERROR if length.length_class is LengthClass.SET else Severity.WARNING
        values = {"name": bundle.name, "medium": PartName(medium.name), "reach_m": medium.reach_m,
                  "length_m": length.length_m}
        text = message(
            "problems", "{name}: {medium} reaches {reach_m:g} m, the links are {length_m:g} m"
            " long; choose a medium of longer reach", **values,
        ) if length.length_class is LengthClass.SET else message(
            "problems", "{name}: {medium} reaches {reach_m:g} m, the links are {length_m:g} m"
            " long (estimated: {length_class}); choose a medium of longer reach", **values,
            length_class=length_class_word(length.length_class))
        out.append(Problem.of(severity, "medium-too-short", bundle.id, text))
    return out


@dataclass(frozen=True)
class MediumChoice:
    """The outcome of choosing a medium for one bundle: ``medium`` is the chosen part
    (None when nothing reaches at the bundle's speed, ``reason`` then says why)."""

    bundle_id: str
    old_medium: str | None
    medium: Medium | None
    length: BundleLength
    reason: str = ""

    @property
    def changes(self) -> bool:
        """Whether applying the choice changes the bundle."""
        return self.medium is not None and self.medium.id != self.old_medium


def candidate_media(design: Design, speed_gbps: float) -> list[Medium]:
    """Media of exactly ``speed_gbps`` the chooser may use: the design's own, then the
    shipped catalog's (with their prices); nominal generic optics only when neither has
    a medium of that speed."""
    builtin = load_builtin_catalog()
    seen: dict[str, Medium] = {}
    for medium in (*design.catalog.media, *builtin.media):
        if medium.speed_gbps == speed_gbps and medium.id not in seen:
            seen[medium.id] = priced(medium, builtin)
    if not seen:
        generic = generic_optics(speed_gbps)
        seen[generic.id] = generic
    return list(seen.values())


def priced(medium: Medium, builtin: Catalog | None = None) -> Medium:
    """``medium`` with the shipped catalog's price when it has none of its own (designs
    saved before prices existed carry parts without one)."""
    if medium.price is not None:
        return medium
    shipped = (builtin or load_builtin_catalog()).medium(medium.id)
    if shipped is not None and shipped.price is not None:
        return medium.model_copy(update={"price": shipped.price})
    return medium


def choose_media(design: Design, bundle_ids: list[str] | None = None) -> list[MediumChoice]:
    """For each bundle (all when ``bundle_ids`` is None), the cheapest medium whose
    speed equals the bundle's and whose reach covers its length; ties go to the lower
    power, then the id. Media without a price are chosen only when no priced one
    reaches."""
    out: list[MediumChoice] = []
    ids = list(design.bundles) if bundle_ids is None else bundle_ids
    for bundle_id in ids:
        bundle = design.bundles[bundle_id]
        length = bundle_length(design, bundle)
        fits = [m for m in candidate_media(design, bundle.speed_gbps)
                if m.reach_m >= length.length_m]
        if not fits:
            out.append(MediumChoice(
                bundle_id, bundle.medium, None, length,
                f"no {bundle.speed_gbps:g}G medium reaches {length.length_m:g} m"))
            continue
        best = min(fits, key=lambda m: (m.price is None, sum(link_price_usd(m, length.length_m)),
                                        m.power_w_per_end, m.id))
        out.append(MediumChoice(bundle_id, bundle.medium, best, length))
    return out


def parts_to_add(design: Design, choices: list[MediumChoice]) -> Catalog:
    """The chosen media the design's catalog lacks (to copy in before the bundles name
    them)."""
    new: dict[str, Medium] = {}
    for choice in choices:
        medium = choice.medium
        if choice.changes and medium is not None and design.catalog.medium(medium.id) is None:
            new[medium.id] = medium
    return Catalog(media=tuple(new.values()))


def apply_choices(design: Design, choices: list[MediumChoice]) -> int:
    """Copy the chosen media into the design and set each bundle's medium, with the
    design's own operations; returns how many bundles changed."""
    design.add_parts(parts_to_add(design, choices))
    changed = 0
    for choice in choices:
        if choice.changes and choice.medium is not None:
            design.update(choice.bundle_id, medium=choice.medium.id)
            changed += 1
    return changed
