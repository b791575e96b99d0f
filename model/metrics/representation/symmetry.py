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
from collections.abc import Callable, Hashable

from model.elements import Scope
from model.metrics.representation.topology import RackNet, TierNet, Topology

Place = tuple[str, tuple[object, ...]]
"""The container an element is in, and its position there."""


class Fingerprint:
    """A container's fingerprint (the tuple ``parts``), hashed once: a building's lists
    every bundle in it, and each of its islands' keys holds it, so a key looked up per
    island would otherwise hash the whole building again (64 pods of a fat-tree: 64
    times). Equal when the parts are equal."""

    __slots__ = ("_hash", "parts")

    def __init__(self, parts: tuple[object, ...]) -> None:
        self.parts = parts
        self._hash = hash(parts)

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Fingerprint) and self._hash == other._hash
                                 and self.parts == other.parts)

    def __repr__(self) -> str:
        return f"Fingerprint({self.parts!r})"


def island_fingerprints(topo: Topology) -> list[Hashable]:
    """One fingerprint per island of the design (in design order); islands with equal
    fingerprints are copies of one another on this plane (see module doc). A fingerprint
    is the number of its class of equal prints in this design (numbered by first
    appearance), so it compares islands of one design only."""
    design = topo.design
    in_island = _places(topo, lambda island, building: island)
    in_building = _places(topo, lambda island, building: building,
                          building_tiers=True)

    def by_id(element: RackNet | TierNet, building: str) -> tuple[object, ...]:
        return ("id", element.id)

    def outside(element: RackNet | TierNet, island: str) -> tuple[object, ...]:
        place = in_building.get(element.id)
        if place is not None and place[0] == design.islands[island].building:
            return ("building", *place[1])
        return ("id", element.id)

    buildings = dict(zip(design.buildings,
                         _fingerprints(in_building, list(design.buildings), topo, by_id),
                         strict=True))
    islands = _fingerprints(in_island, list(design.islands), topo, outside)
    # each building's print and each island's whole print are hashed once here: the
    # prints are nested tuples of every element, which a tuple does not keep the hash
    # of, so a caller looking up 144 islands' whole prints hashed the building's 288 times
    building_class = _classes(list(buildings.values()))
    of_building = dict(zip(buildings, building_class, strict=True))
    return list(_classes([(own, of_building[island.building])
                          for own, island in zip(islands, design.islands.values(),
                                                 strict=True)]))


def _classes(prints: list[Hashable]) -> list[int]:
    """The number of each print's class of equal prints, numbered by first appearance
    (equal prints, equal numbers)."""
    number: dict[Hashable, int] = {}
    return [number.setdefault(p, len(number)) for p in prints]


def _places(topo: Topology, container: Callable[[str, str], str],
            building_tiers: bool = False) -> dict[str, Place]:
    """Container and position of every rack group and tier in one."""
    design = topo.design
    per_building: Counter[str] = Counter()
    rank: dict[str, int] = {}
    for name, isl in design.islands.items():
        rank[name] = per_building[isl.building]
        per_building[isl.building] += 1
    seen: Counter[tuple[str, object, str]] = Counter()
    out: dict[str, Place] = {}
    for element in _elements(topo):
        island = element.island
        if island is not None:
            where = container(island, design.islands[island].building)
            slot: object = rank[island] if where != island else None
        elif building_tiers and isinstance(element, TierNet) \
                and element.tier.scope is Scope.BUILDING:
            where, slot = element.building, "building"
        else:
            continue
        kind = "racks" if isinstance(element, RackNet) else "tier"
        out[element.id] = (where, (slot, kind, seen[where, slot, kind]))
        seen[where, slot, kind] += 1
    return out


def _fingerprints(places: dict[str, Place], containers: list[str], topo: Topology,
                  outside: Callable[[RackNet | TierNet, str], tuple[object, ...]]
                  ) -> list[Hashable]:
    """Fingerprint of each container (see module doc); ``outside`` names an end that
    is not in the container (given second)."""
    parts: dict[str, list[object]] = {name: [] for name in containers}
    for element in _elements(topo):
        place = places.get(element.id)
        if place is None or place[0] not in parts:
            continue
        if isinstance(element, RackNet):
            parts[place[0]].append((place[1], element.group.rack_type, element.racks,
                                    element.failed))
        else:
            parts[place[0]].append((place[1], element.tier.switch, element.count,
                                    element.failed))
    for bundle in topo.bundles:
        touched = {places[end.id][0] for end in (bundle.lower, bundle.upper)
                   if end.id in places and places[end.id][0] in parts}
        for where in touched:
            ends = []
            for end in (bundle.lower, bundle.upper):
                place = places.get(end.id)
                ends.append(("here", place[1]) if place is not None and place[0] == where
                            else outside(end, where))
            parts[where].append((*ends, bundle.pattern.value, bundle.links_per_member,
                                 bundle.failed))
    return [Fingerprint(tuple(parts[name])) for name in containers]


def _elements(topo: Topology) -> list[RackNet | TierNet]:
    """Rack groups, then tiers, in design order."""
    return [*topo.racks, *topo.tiers.values()]
