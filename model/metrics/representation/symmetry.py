"""Islands that are copies of one another, found from the design rather than from
per-accelerator arrays, so work done inside one island can be reused for its copies.

A *container* (an island, or a building) holds elements: an island its rack groups and
island tiers, a building those of its islands and its building-scoped tiers. Its
fingerprint lists them in design order (rack type and count, or switch model and
count) and then every bundle touching them (pattern, links per member, two ends), an
end inside the container named by its position there and any other end by ``outside``.

Why equal fingerprints make copies: exchanging container C's elements with D's,
position for position, and leaving everything else in place maps every link to a link.
A bundle's member-level wiring depends only on its pattern, links per member and the
shapes of its two ends (:mod:`model.metrics.representation.topology`), and each bundle touching C
has a twin touching D with the same outside ends. So the exchange is an automorphism of the
network, and it keeps servers, racks and scale-up domains together: every count made
inside C (hop histograms by server, rack and island) is the same for D.

Islands: an island's outside ends in its own building are named by their position in
the building, and its fingerprint includes the building's. If islands I and J have
equal fingerprints, exchanging their buildings (an automorphism when the buildings'
fingerprints are equal, or none when they are one building) takes I to the island K at
I's position in J's building, and K has J's fingerprint, so exchanging K and J is an
automorphism too. Bundles between two copies name each other's elements by id and so
give different fingerprints: the test is conservative, never wrong.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable
from dataclasses import dataclass
from operator import attrgetter

from model.elements import Scope
from model.metrics.algorithms.remembered import HashedKey
from model.metrics.memory import remembered
from model.metrics.representation.topology import BundleNet, RackNet, TierNet, Topology

Place = tuple[str, tuple[object, ...]]
"""The container an element is in, and its position there."""


def island_fingerprints(topo: Topology) -> list[Hashable]:
    """One fingerprint per island of the design (in design order); islands with equal
    fingerprints are copies of one another on this plane (see module doc). A fingerprint
    is the number of its class of equal prints in this design (numbered by first
    appearance), so it compares islands of one design only.

    The prints without their counts (:class:`CountFreePrints`) are kept in the running
    engine's memory by :func:`prints_key` (the records they read, without counts), so
    an edit of a count only puts this run's counts into them."""
    design = topo.design
    key = prints_key(topo)
    store = remembered().island_prints
    kept = store.get(key)
    if kept is not None and kept[0] is design.catalog:
        prints = kept[1]
    else:
        prints = count_free_prints(topo)
        store.put(key, (design.catalog, prints))
    return prints.classes(_counts(topo))


_ISLAND = attrgetter("id", "building")
_GROUP = attrgetter("id", "island", "rack_type")
_TIER = attrgetter("id", "switch", "plane", "scope", "island", "building")
_BUNDLE = attrgetter("lower", "upper", "pattern", "links_per_member")


def prints_key(topo: Topology) -> HashedKey:
    """What :func:`count_free_prints` of ``topo`` reads: the plane, what is down, the
    buildings' and islands' order, each island's building, each rack group's island
    and rack type, each tier's switch model, plane and place, each bundle's ends,
    pattern and links per member — every field the prints read but the counts (and
    the catalog, which which groups resolve and reach the plane depends on: the store
    holds it, compared by identity)."""
    design = topo.design
    return HashedKey((topo.plane, topo.down.key, tuple(design.buildings),
                      tuple(map(_ISLAND, design.islands.values())),
                      tuple(map(_GROUP, design.rack_groups.values())),
                      tuple(map(_TIER, design.tiers.values())),
                      tuple(map(_BUNDLE, design.bundles.values()))))


def _counts(topo: Topology) -> list[int]:
    """Each element's count (racks of a rack group, switches of a tier), in the order
    of :func:`_elements`."""
    return [*(r.racks for r in topo.racks), *(t.count for t in topo.tiers.values())]


@dataclass(frozen=True)
class CountFreePrints:
    """The islands' and buildings' prints without the elements' counts: the class of
    each count-free print, and which elements (by their place in :func:`_elements`)
    each print holds, in its order. Two prints are equal exactly when their count-free
    prints are and the counts of their elements, in that order, are too (each element
    stands in the print as one entry with its count)."""

    island_free: list[int]
    island_elements: list[tuple[int, ...]]
    island_building: list[int]
    """The building (by its place in the design) of each island."""
    building_free: list[int]
    building_elements: list[tuple[int, ...]]
    compare_buildings: bool

    def classes(self, counts: list[int]) -> list[Hashable]:
        """The islands' fingerprints (see :func:`island_fingerprints`) with the
        elements' ``counts``."""
        if self.compare_buildings:
            of_building = _classes([(free, tuple([counts[i] for i in at]))
                                    for free, at in zip(self.building_free,
                                                        self.building_elements, strict=True)])
        else:
            of_building = [0] * len(self.building_free)
        return list(_classes([(free, tuple([counts[i] for i in at]), of_building[b])
                              for free, at, b in zip(self.island_free, self.island_elements,
                                                     self.island_building, strict=True)]))


def count_free_prints(topo: Topology) -> CountFreePrints:
    """The :class:`CountFreePrints` of ``topo``: the islands' and the buildings' prints
    (see module doc) with every element's count left out, made in one pass over the
    elements and one over the bundles (a SuperPOD has hundreds of each)."""
    design = topo.design
    building_of = {name: island.building for name, island in design.islands.items()}
    rank: dict[str, int] = {}
    per_building: Counter[str] = Counter()
    for name, building in building_of.items():
        rank[name] = per_building[building]
        per_building[building] += 1
    in_island: dict[str, Place] = {}
    in_building: dict[str, Place] = {}
    island_parts: dict[str, list[object]] = {name: [] for name in design.islands}
    building_parts: dict[str, list[object]] = {name: [] for name in design.buildings}
    island_at: dict[str, list[int]] = {name: [] for name in design.islands}
    building_at: dict[str, list[int]] = {name: [] for name in design.buildings}
    # plain dicts, not Counters: a Counter's missing key is a call of its __missing__
    seen: dict[tuple[str, str], int] = {}  # by island
    seen_there: dict[tuple[str, object, str], int] = {}  # by building and slot
    for index, element in enumerate(_elements(topo)):
        # the count is left out: classes() puts it back (see CountFreePrints)
        if isinstance(element, RackNet):
            kind, what = "racks", (element.group.rack_type, element.failed)
        else:
            kind, what = "tier", (element.tier.switch, element.failed)
        island = element.island
        if island is not None:
            building = building_of[island]
            at = seen.get((island, kind), 0)
            own = (None, kind, at)
            seen[island, kind] = at + 1
            slot: object = rank[island] if building != island else None
        elif kind == "tier" and element.tier.scope is Scope.BUILDING:  # type: ignore[union-attr]
            building, slot, own = element.building, "building", None
        else:
            continue
        at = seen_there.get((building, slot, kind), 0)
        there = (slot, kind, at)
        seen_there[building, slot, kind] = at + 1
        if own is not None:
            assert island is not None
            in_island[element.id] = (island, own)
            if island in island_parts:
                island_parts[island].append((own, *what))
                island_at[island].append(index)
        in_building[element.id] = (building, there)
        if building in building_parts:
            building_parts[building].append((there, *what))
            building_at[building].append(index)
    # the buildings' prints tell apart islands of different buildings only: when every
    # island stands in one building (a SuperPOD's hall), they are not needed
    compare_buildings = len(set(building_of.values())) > 1
    for bundle in topo.bundles:
        _add_bundle(bundle, in_island, island_parts, building_of, in_building)
        if compare_buildings:
            _add_bundle(bundle, in_building, building_parts, None, in_building)
    # each print is hashed once here: the prints are nested tuples of every element,
    # which a tuple does not keep the hash of
    place = {name: k for k, name in enumerate(building_parts)}
    return CountFreePrints(
        _classes([tuple(parts) for parts in island_parts.values()]),
        [tuple(at) for at in island_at.values()],
        [place[building_of[name]] for name in island_parts],
        _classes([tuple(parts) if compare_buildings else () for parts in
                  building_parts.values()]),
        [tuple(at) for at in building_at.values()], compare_buildings)


def _add_bundle(bundle: BundleNet, places: dict[str, Place], parts: dict[str, list[object]],
                building_of: dict[str, str] | None, in_building: dict[str, Place]) -> None:
    """Add ``bundle`` to the print of each container (island, or building when
    ``building_of`` is None) holding one of its ends: each end inside it by its
    position, any other end by its position in the island's building when it stands
    there, else by id."""
    lower, upper = bundle.lower, bundle.upper
    low, up = places.get(lower.id), places.get(upper.id)
    here_low = low[0] if low is not None and low[0] in parts else None
    here_up = up[0] if up is not None and up[0] in parts else None
    if here_low is None and here_up is None:
        return
    tail = (bundle.pattern.value, bundle.links_per_member, bundle.failed)
    for where in (here_low, here_up if here_up != here_low else None):
        if where is None:
            continue
        parts[where].append((_end(lower, low, where, building_of, in_building),
                             _end(upper, up, where, building_of, in_building), *tail))


def _end(end: RackNet | TierNet, place: Place | None, where: str,
         building_of: dict[str, str] | None, in_building: dict[str, Place]
         ) -> tuple[object, ...]:
    """One end of a bundle in the print of container ``where`` (see
    :func:`_add_bundle`)."""
    if place is not None and place[0] == where:
        return ("here", place[1])
    if building_of is not None:
        outer = in_building.get(end.id)
        if outer is not None and outer[0] == building_of[where]:
            return ("building", *outer[1])
    return ("id", end.id)


def _classes(prints: list[Hashable]) -> list[int]:
    """The number of each print's class of equal prints, numbered by first appearance
    (equal prints, equal numbers)."""
    number: dict[Hashable, int] = {}
    return [number.setdefault(p, len(number)) for p in prints]


def _elements(topo: Topology) -> list[RackNet | TierNet]:
    """Rack groups, then tiers, in design order."""
    return [*topo.racks, *topo.tiers.values()]
