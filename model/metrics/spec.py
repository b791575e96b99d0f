"""What the network metrics depend on, written once: the frozen spec of a network.

Hops, bisection and pair capacities are functions of the groups (rack groups with the
parts that fix their servers, accelerators and NICs; switch tiers; islands and
buildings as containers), their counts, the wiring (bundles: ends, pattern, links per
member), the link speeds, the plane, and the members that have failed. A
:class:`NetworkSpec` holds exactly that, built once per run by :func:`network_spec`;
every cache key of the engine is a projection of it:

- :meth:`NetworkSpec.figures_key`: the finished network figures (failures of switches
  the network cannot tell apart share one key);
- :meth:`NetworkSpec.without_speeds` (its :class:`NetworkStructure`): what hop counts
  (and the endpoints' structure) depend on — which links exist, not how fast they are;
- :meth:`NetworkSpec.units_key`: the bisection units, which also depend on the speeds
  of the accelerators' own links.

Every field of every element, part and of the design's settings is either read into the
spec (:data:`NETWORK_FIELDS`) or listed as not affecting the network
(:data:`NOT_NETWORK`); a guard test fails on a field in neither, so a new field cannot
silently serve stale figures.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, replace
from operator import attrgetter
from typing import Any, NamedTuple, TypeVar

from pydantic import BaseModel

from model.design import Design, DesignSettings
from model.elements import (
    Building,
    Island,
    LinkBundle,
    Pattern,
    Plane,
    RackGroup,
    Scope,
    SwitchTier,
)
from model.metrics.algorithms.remembered import HashedKey, ProjectedKey
from model.metrics.memory import remembered
from model.parts import (
    AcceleratorType,
    Catalog,
    Medium,
    Price,
    RackType,
    ServerType,
    SwitchModel,
)


class ServerSpec(NamedTuple):
    """What a rack group's parts give the network's structure: its rack type's servers
    per rack and its server's accelerators, NICs and scale-up domain (the NICs' speeds
    are in :attr:`NetworkSpec.nic_speeds_gbps`)."""

    rack_type: str
    server: str
    accelerator: str
    servers_per_rack: int
    accelerators_per_server: int
    nic_count: int
    frontend_nic_count: int
    scale_up_domain: int


class RackGroupSpec(NamedTuple):
    """A rack group: its island and count, and its parts (None when one is missing from
    the catalog: the group is then left out of the network)."""

    id: str
    island: str
    rack_type: str
    racks: int
    """The group's count."""
    parts: ServerSpec | None


class TierSpec(NamedTuple):
    """A switch tier: its count, plane and where it stands."""

    id: str
    switches: int
    """The tier's count."""
    plane: Plane
    scope: Scope
    island: str | None
    building: str | None


class BundleSpec(NamedTuple):
    """A link bundle's wiring: its ends, pattern and links per member (its speed is in
    :attr:`NetworkSpec.bundle_speeds_gbps`)."""

    id: str
    lower: str
    upper: str
    links_per_member: int
    pattern: Pattern


@dataclass(frozen=True)
class NetworkStructure:
    """Which links exist, without their speeds: what hop counts depend on."""

    plane: Plane
    buildings: tuple[str, ...]
    islands: tuple[tuple[str, str], ...]
    """(island, its building) in design order."""
    racks: tuple[RackGroupSpec, ...]
    tiers: tuple[TierSpec, ...]
    bundles: tuple[BundleSpec, ...]
    failed: Hashable = ()
    """What is down in this run: the key of :class:`model.failures.Down` (equal keys,
    equal views); empty for the healthy design."""

    def __hash__(self) -> int:
        """The hash of the fields, made once: the structure keys several stores and
        holds a record of every element (hundreds in a SuperPOD)."""
        known: int | None = self.__dict__.get("_hash")
        if known is None:
            known = hash((self.plane, self.buildings, self.islands, self.racks, self.tiers,
                          self.bundles, self.failed))
            object.__setattr__(self, "_hash", known)
        return known

    def __getstate__(self) -> dict[str, object]:
        """Pickled without its hash (strings hash differently in another process)."""
        return {k: v for k, v in self.__dict__.items() if k != "_hash"}


@dataclass(frozen=True)
class NetworkSpec:
    """Everything the network metrics of one plane depend on (see module doc): the
    structure, and the speeds of its links."""

    structure: NetworkStructure
    bundle_speeds_gbps: tuple[float, ...]
    """Speed of each bundle's links, in the order of ``structure.bundles``."""
    nic_speeds_gbps: tuple[tuple[float, float] | None, ...]
    """(backend, front-end) NIC speed of each rack group's servers, in the order of
    ``structure.racks`` (None where its parts are missing)."""
    same_figures_as: Hashable = None
    """A key shared by every failure whose network figures equal this one's (failed
    switches the network cannot tell apart, :func:`model.metrics.failed.same_figures_key`);
    None: ``structure.failed`` itself."""

    def figures_key(self) -> tuple[object, ...]:
        """The projection the finished network figures depend on: the structure and
        speeds, with what is down named by :attr:`same_figures_as` when given (so
        failures of twin switches share their figures)."""
        if self.same_figures_as is None:
            return (self.structure, self.bundle_speeds_gbps, self.nic_speeds_gbps)
        return (replace(self.structure, failed=()), self.bundle_speeds_gbps,
                self.nic_speeds_gbps, self.same_figures_as)

    def without_speeds(self) -> NetworkStructure:
        """The projection hop counts depend on: which links exist, not their speeds."""
        return self.structure

    def units_key(self) -> tuple[NetworkStructure, tuple[float, ...]]:
        """The projection bisection units depend on: the structure, and the speeds of
        the links from rack groups (the accelerators' own links)."""
        groups = {r.id for r in self.structure.racks}
        return (self.structure,
                tuple(speed for b, speed in zip(self.structure.bundles,
                                                 self.bundle_speeds_gbps, strict=True)
                      if b.lower in groups))


def network_spec(design: Design, plane: Plane, down: Hashable = (),
                 same_figures_as: Hashable = None) -> NetworkSpec:
    """The spec of ``design``'s network on ``plane`` with what is down named by
    ``down`` (the key of :class:`model.failures.Down`) and, when failures of twin
    switches share their figures, ``same_figures_as``."""
    cat = design.catalog
    racks = []
    nic_speeds: list[tuple[float, float] | None] = []
    known: dict[str, tuple[ServerSpec | None, tuple[float, float] | None]] = {}
    for g in design.rack_groups.values():
        found = known.get(g.rack_type)
        if found is None:
            found = known[g.rack_type] = _parts(cat, g.rack_type)
        racks.append(RackGroupSpec(g.id, g.island, g.rack_type, g.count, found[0]))
        nic_speeds.append(found[1])
    tiers = kept_made("tiers", tuple(design.tiers.values()), _tier_specs)
    bundle_records = tuple(design.bundles.values())
    bundles = kept_made("bundles", bundle_records, _bundle_specs, _bundle_spec_fields)
    speeds = tuple(map(_speed_gbps, bundle_records))
    structure = NetworkStructure(
        plane=plane,
        buildings=tuple(b.id for b in design.buildings.values()),
        islands=tuple((i.id, i.building) for i in design.islands.values()),
        racks=tuple(racks),
        tiers=tiers,
        bundles=bundles,
        failed=down,
    )
    return NetworkSpec(structure, speeds, tuple(nic_speeds), same_figures_as)


_Made = TypeVar("_Made")


def kept_made(kind: str, records: tuple[BaseModel, ...],
              make: Callable[[tuple[BaseModel, ...]], _Made],
              read: Callable[[Any], object] | None = None) -> _Made:
    """``make(records)``, or what it made of the running engine's last ``records`` of
    this ``kind`` when they are equal (compared, not hashed: the records an edit left
    alone are the same objects, so only the one it changed is compared field by field).
    An edit of a rack group reuses the tiers' and the bundles' part of the spec, and the
    hash they keep (``make`` returns a :class:`HashedKey` where a key holds it). With
    ``read`` (what ``make`` reads of a record), a record that is not the kept one is
    compared by what ``read`` gives: a speed edit reuses what does not read speeds."""
    store = remembered().spec_parts
    kept = store.get(kind)
    if kept is not None and (kept[0] == records if read is None
                             else _read_alike(kept[0], records, read)):
        made: _Made = kept[1]
        if read is not None and kept[0] is not records:
            store.put(kind, (records, made))  # the newest records, compared by identity
        return made
    made = make(records)
    store.put(kind, (records, made))
    return made


def _read_alike(kept: tuple[object, ...], records: tuple[BaseModel, ...],
                read: Callable[[Any], object]) -> bool:
    """Whether ``read`` gives the same of each of ``records`` as of the ``kept`` one in
    its place (the same record object is not read)."""
    return len(kept) == len(records) and all(
        old is new or read(old) == read(new)
        for old, new in zip(kept, records, strict=True))


def _tier_specs(tiers: tuple[BaseModel, ...]) -> HashedKey:
    """The :class:`TierSpec` of each tier record, as one key that keeps its hash."""
    return HashedKey(TierSpec(t.id, t.count, t.plane, t.scope, t.island, t.building)
                     for t in tiers if isinstance(t, SwitchTier))


def _bundle_specs(bundles: tuple[BaseModel, ...]) -> HashedKey:
    """The :class:`BundleSpec` of each bundle record, as one key that keeps its hash
    (their speeds are read on every run)."""
    return HashedKey(map(BundleSpec._make, map(_bundle_spec_fields, bundles)))


_bundle_spec_fields = attrgetter(*BundleSpec._fields)
"""A bundle's fields of its :class:`BundleSpec` (named alike), read in one call."""

_speed_gbps = attrgetter("speed_gbps")


LAYOUT_SETTINGS = ("plane", "building_distance_m")
"""The settings the layout stage reads (:func:`layout_key`)."""

NOT_LAYOUT: dict[type[BaseModel], frozenset[str]] = {
    Building: frozenset({"name", "notes", "x", "y", "capacity_kw", "pue", "cooling",
                         "electricity_usd_per_kwh"}),
    DesignSettings: frozenset({"oversubscription_threshold", "allowance_pct",
                               "reliability", "currency", "usd_exchange_rate", "years"}),
}
"""Fields the layout stage does not read (:func:`layout_key` leaves them out): a
building's power, cooling, money and labels, and the settings of power, money and
reliability. Every other field of every element and part is in the key whole."""


def layout_key(design: Design, plane: Plane, failures: Hashable = ()) -> Hashable:
    """What the layout stage (:mod:`model.metrics.layout`) of ``design`` on ``plane``
    with ``failures`` down depends on, and with it the network's spec: every rack
    group, tier, bundle and island record whole, the catalog, the buildings by id and
    the settings of :data:`LAYOUT_SETTINGS` — not the fields of :data:`NOT_LAYOUT`.
    (Whether a plane is counted, not listed, is a function of the records and the
    engine's ``max_resolved_links``, fixed for the life of the engine whose memory
    holds the key.)"""
    settings = design.settings
    bundles = design.bundles.values()
    return ProjectedKey((plane, failures, design.catalog,
                         tuple(getattr(settings, name) for name in LAYOUT_SETTINGS),
                         tuple(design.buildings), tuple(design.islands.values()),
                         tuple(design.rack_groups.values()), tuple(design.tiers.values()),
                         tuple(bundles)),
                        _counts(design, tuple(map(_links_and_speed, bundles))))


_BUNDLE_BUT_SPEED = tuple(f for f in LinkBundle.model_fields if f != "speed_gbps")
"""Every field of a bundle but its links' speed (a new field is in it by itself)."""

_bundle_but_speed = attrgetter(*_BUNDLE_BUT_SPEED)
"""A bundle's :data:`_BUNDLE_BUT_SPEED` as a tuple, read in one call (a SuperPOD's 432
bundles: 0.14 ms, against 0.47 ms field by field)."""


def equipment_key(design: Design, plane: Plane, failures: Hashable = ()) -> Hashable:
    """What the layout stage's equipment figures depend on
    (:class:`model.metrics.layout.Equipment`: the bill of materials, power drawn,
    compute, the parts population, missing parts and media that do not reach):
    :func:`layout_key` without the bundles' link speeds."""
    settings = design.settings
    bundles = design.bundles.values()
    return ProjectedKey((plane, failures, design.catalog,
                         tuple(getattr(settings, name) for name in LAYOUT_SETTINGS),
                         tuple(design.buildings), tuple(design.islands.values()),
                         tuple(design.rack_groups.values()), tuple(design.tiers.values()),
                         kept_made("equipment bundles", tuple(bundles), _but_speeds,
                                   _bundle_but_speed)),
                        _counts(design, tuple(map(_links, bundles))))


def _but_speeds(bundles: tuple[BaseModel, ...]) -> HashedKey:
    """Each bundle's :data:`_BUNDLE_BUT_SPEED`, as one key that keeps its hash."""
    return HashedKey(map(_bundle_but_speed, bundles))


_count = attrgetter("count")
_links = attrgetter("links_per_member")
_links_and_speed = attrgetter("links_per_member", "speed_gbps")


def _counts(design: Design, of_bundles: tuple[object, ...]) -> Hashable:
    """What :func:`layout_key` and :func:`equipment_key` are hashed by
    (:class:`~model.metrics.algorithms.remembered.ProjectedKey`): the counts of the
    rack groups and tiers, and ``of_bundles`` (their links per member, and speeds),
    which tell apart the layouts an engine keeps at a hundredth of the cost of hashing
    every record; keys alike in these are told apart by their records."""
    return (tuple(map(_count, design.rack_groups.values())),
            tuple(map(_count, design.tiers.values())), of_bundles)


def _parts(cat: Catalog, rack_type: str
           ) -> tuple[ServerSpec | None, tuple[float, float] | None]:
    """The spec of a rack type's parts and its servers' (backend, front-end) NIC
    speeds; (None, None) when a part is missing from ``cat``."""
    rt = cat.rack_type(rack_type)
    sv = cat.server(rt.server) if rt else None
    acc = cat.accelerator(sv.accelerator) if sv else None
    if rt is None or sv is None or acc is None:
        return None, None
    return (ServerSpec(rt.id, sv.id, acc.id, rt.servers_per_rack, sv.accelerators_per_server,
                       sv.nic_count, sv.frontend_nic_count, sv.scale_up_domain),
            (sv.nic_speed_gbps, sv.frontend_nic_speed_gbps))


NETWORK_FIELDS: dict[type[BaseModel], frozenset[str]] = {
    Building: frozenset({"id"}),
    Island: frozenset({"id", "building"}),
    RackGroup: frozenset({"id", "island", "rack_type", "count"}),
    SwitchTier: frozenset({"id", "count", "plane", "scope", "island", "building"}),
    LinkBundle: frozenset({"id", "lower", "upper", "links_per_member", "pattern",
                           "speed_gbps"}),
    RackType: frozenset({"id", "server", "servers_per_rack"}),
    ServerType: frozenset({"id", "accelerator", "accelerators_per_server", "nic_count",
                           "frontend_nic_count", "scale_up_domain", "nic_speed_gbps",
                           "frontend_nic_speed_gbps"}),
    AcceleratorType: frozenset({"id"}),
    SwitchModel: frozenset(),
    Medium: frozenset(),
    Price: frozenset(),
    DesignSettings: frozenset({"plane"}),
}
"""The fields :func:`network_spec` reads, by class (the settings' plane is the default
plane the spec is built for). A part's ``id`` is read as whether the reference to it
resolves."""

NOT_NETWORK: dict[type[BaseModel], frozenset[str]] = {
    # power, cooling and money feed the power, cost and reliability figures
    Building: frozenset({"name", "notes", "x", "y", "capacity_kw", "pue", "cooling",
                         "electricity_usd_per_kwh"}),
    Island: frozenset({"name", "notes", "x", "y"}),
    RackGroup: frozenset({"name", "x", "y"}),
    # the switch model (radix, power) and role feed ports, power and checks; the symmetry
    # code names the model only to group alike islands, whose figures do not depend on it
    SwitchTier: frozenset({"name", "x", "y", "switch", "role"}),
    # cables and their lengths: reach checks, power and cost
    LinkBundle: frozenset({"name", "medium", "length_m"}),
    RackType: frozenset({"name", "power_budget_kw", "overhead_w", "cooling", "source",
                         "price"}),
    ServerType: frozenset({"name", "vendor", "scale_up_bandwidth_gbps", "max_power_w",
                           "source", "estimate", "price"}),
    AcceleratorType: frozenset({"name", "vendor", "tdp_w", "bf16_dense_tflops", "source",
                                "estimate"}),
    SwitchModel: frozenset({"id", "name", "vendor", "radix", "port_speed_gbps",
                            "typical_power_w", "max_power_w", "source", "estimate",
                            "price"}),
    Medium: frozenset({"id", "name", "kind", "speed_gbps", "power_w_per_end", "reach_m",
                       "source", "estimate", "price"}),
    Price: frozenset({"usd", "usd_per_m", "source", "date", "estimate"}),
    DesignSettings: frozenset({"oversubscription_threshold", "allowance_pct",
                               "reliability", "currency", "usd_exchange_rate", "years",
                               "building_distance_m"}),
}
"""Fields that do not change hops, bisection or pair capacities, by class: labels,
positions, power, cooling, prices, cables and the settings of the other figures. Listed
one by one on purpose: a new field must be placed here or read into the spec."""
