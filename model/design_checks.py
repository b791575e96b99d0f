"""Which references and links a design may hold: the rules :class:`~model.design.Design`
applies before it adds or changes an element.

An element's references must name existing elements of the right kind, and a link
bundle must join a rack group or tier to a tier that serves it, on one plane, once per
pair, without closing a loop. These rules live apart from the design's bookkeeping so
that each can be read alone; they read the design (and its :class:`LinkIndex`) and change
nothing, refusing with a :class:`~model.errors.DesignError` that names the element and
field at fault.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from model.elements import (
    Element,
    Island,
    LinkBundle,
    Pattern,
    RackGroup,
    Scope,
    SwitchTier,
)
from model.errors import DesignError
from model.i18n import Message, message
from model.reach import Links, reaches

if TYPE_CHECKING:
    from model.design import Design


class LinkIndex:
    """The design's bundles indexed by the pair they join and, for hierarchical ones,
    downward and upward, kept in step with the bundles so that checking a new bundle
    does not rescan them all."""

    def __init__(self, bundles: Iterable[Element] = ()) -> None:
        self.pairs: dict[frozenset[str], str] = {}
        self.down: Links = {}
        self.up: Links = {}
        for bundle in bundles:
            self.index(bundle, True)

    def index(self, bundle: Element, present: bool) -> None:
        """Record (``present``) or forget a bundle; any other element is ignored."""
        if not isinstance(bundle, LinkBundle):
            return
        pair = frozenset((bundle.lower, bundle.upper))
        if present:
            self.pairs[pair] = bundle.id
            if bundle.pattern is not Pattern.GLOBAL:
                self.down.setdefault(bundle.upper, {})[bundle.id] = bundle.lower
                self.up.setdefault(bundle.lower, {})[bundle.id] = bundle.upper
        else:
            if self.pairs.get(pair) == bundle.id:
                del self.pairs[pair]
            self.down.get(bundle.upper, {}).pop(bundle.id, None)
            self.up.get(bundle.lower, {}).pop(bundle.id, None)

    def is_below(self, start: str, target: str, skip_bundle: str) -> bool:
        """True when ``target`` is reachable going down from ``start`` through
        hierarchical bundles (ignoring ``skip_bundle``); see :mod:`model.reach`."""
        return reaches(start, target, self.down, self.up, skip_bundle)


def check_references(design: Design, links: LinkIndex, element: Element) -> None:
    """Refuse an element whose element references are missing or impossible.

    Part references (rack type, switch model, medium) are not refused: a missing
    part is a *problem* of the design, listed by :mod:`model.problems`.
    """

    def need(ref: str, kind: str, field: str) -> None:
        if design.kind_of(ref) != kind:
            raise DesignError(message(
                "design", "{name!r} refers to {what} {ref!r}, which does not exist",
                name=element.name, what=Message("terms", kind.replace("_", " ")),
                ref=ref), element.id, field)

    if isinstance(element, Island):
        need(element.building, "building", "building")
    elif isinstance(element, RackGroup):
        need(element.island, "island", "island")
    elif isinstance(element, SwitchTier):
        if element.island is not None:
            need(element.island, "island", "island")
        if element.building is not None:
            need(element.building, "building", "building")
    elif isinstance(element, LinkBundle):
        check_bundle(design, links, element)


def check_bundle(design: Design, links: LinkIndex, bundle: LinkBundle) -> None:
    """Refuse a bundle whose ends, plane, pattern, scope, pair or place in the
    hierarchy the design cannot hold."""
    lower = design.element(bundle.lower)
    upper = design.element(bundle.upper)
    if not isinstance(lower, RackGroup | SwitchTier):
        raise DesignError(message(
            "design", "bundle {name!r}: its lower end {end!r} must be an existing rack"
            " group or switch tier", name=bundle.name, end=bundle.lower),
            bundle.id, "lower")
    if not isinstance(upper, SwitchTier):
        raise DesignError(message(
            "design", "bundle {name!r}: its upper end {end!r} must be an existing switch"
            " tier", name=bundle.name, end=bundle.upper), bundle.id, "upper")
    if isinstance(lower, SwitchTier) and lower.plane != upper.plane:
        raise DesignError(message(
            "design", "bundle {name!r} would join the {lower} plane to the {upper}"
            " plane", name=bundle.name, lower=Message("terms", lower.plane.value),
            upper=Message("terms", upper.plane.value)), bundle.id, "upper")
    if bundle.pattern in (Pattern.RAIL, Pattern.RACK) and not isinstance(lower, RackGroup):
        raise DesignError(message(
            "design", "bundle {name!r}: the {pattern} pattern wires servers, so its"
            " lower end must be a rack group", name=bundle.name,
            pattern=bundle.pattern.value), bundle.id, "pattern")
    if bundle.pattern is Pattern.GLOBAL:
        if not isinstance(lower, SwitchTier):
            raise DesignError(message(
                "design", "bundle {name!r}: global links join two switch tiers",
                name=bundle.name), bundle.id, "lower")
    elif not serves(design, upper, lower):
        raise DesignError(message(
            "design", "bundle {name!r}: tier {upper!r} ({scope} scope) does not serve"
            " {lower!r}; link it to a tier whose scope contains it", name=bundle.name,
            upper=upper.name, scope=Message("terms", upper.scope.value),
            lower=lower.name), bundle.id, "upper")
    other_id = links.pairs.get(frozenset((bundle.lower, bundle.upper)))
    if other_id is not None and other_id != bundle.id:
        other = design.bundles[other_id]
        raise DesignError(message(
            "design", "bundle {name!r}: {lower!r} and {upper!r} are already joined by"
            " bundle {other!r}; change its link count instead", name=bundle.name,
            lower=lower.name, upper=upper.name, other=other.name), bundle.id, "upper")
    if bundle.pattern is not Pattern.GLOBAL and links.is_below(lower.id, upper.id, bundle.id):
        raise DesignError(message(
            "design", "bundle {name!r} would make a loop: {upper!r} already sits below"
            " {lower!r}", name=bundle.name, upper=upper.name, lower=lower.name),
            bundle.id, "upper")


def serves(design: Design, upper: SwitchTier, lower: RackGroup | SwitchTier) -> bool:
    """True when ``upper``'s scope contains ``lower``."""
    if upper.scope is Scope.CAMPUS:
        return True
    if upper.scope is Scope.BUILDING:
        return design.building_of(lower.id) == upper.building and (
            not isinstance(lower, SwitchTier) or lower.scope is not Scope.CAMPUS
        )
    return design.island_of(lower.id) == upper.island
