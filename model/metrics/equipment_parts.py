"""The count-free part of the layout's equipment, kept from one edit to the next.

The bill of materials, the power drawn and the media that do not reach read two kinds
of thing: *what* each rack group, tier and bundle is (its parts and their prices, its
building, its links' length and medium) and *how many* of it there are (racks,
servers, switches, links). An edit of a count — the commonest wiring edit — changes the
second only. So the first is made once into a :class:`Template` — one row per amount
the ledger of :func:`model.metrics.cost.bill` adds (its item, its price per counted
thing, which count it multiplies, the buildings that share it) and, for power, each
rack's draw per rack and each bundle's watts per link end — kept in the running
engine's memory by :func:`template_key`, a projection of the design onto the fields
those rows read (every field but the counts and the links' speeds; the catalog by
identity). A run then reads the counts into one array and sums the rows with
``bincount``.

Exactness: ``bincount`` adds its weights to each bin one after the other in the
rows' order, starting from 0.0, and each row's amount is the same product (a price
times a count, then times a building's share) the ledger computes; the rows are in
the ledger's order (racks, tiers, then the links of every plane). So every sum is
the same double, bit for bit, as adding the amounts one at a time
(``tests/model/test_equipment_parts.py`` compares with the ledger itself).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from operator import attrgetter

import numpy as np
from pydantic import BaseModel

from model.catalog import load_builtin_catalog
from model.design import Design
from model.elements import Island, LinkBundle, RackGroup, SwitchTier
from model.media_reach import BundleLength, bundle_lengths, link_price_usd, priced, reach_problems
from model.metrics.algorithms.remembered import HashedKey
from model.metrics.checks import missing_parts
from model.metrics.cost import CATEGORIES, Bill, CostItem, part_price
from model.metrics.memory import remembered
from model.metrics.representation.topology import Topology
from model.metrics.results import RackPower
from model.metrics.spec import kept_made
from model.parts import Medium, MediumKind, Price
from model.problems import Problem


@dataclass(frozen=True)
class DesignParts:
    """What the design's records say of its bundles without counting anything: each
    bundle's link length, the media that do not reach, the parts the catalog lacks."""

    lengths: dict[str, BundleLength]
    reach: list[Problem]
    missing: list[Problem]


@dataclass(frozen=True)
class Item:
    """One line of the bill as the ledger first makes it."""

    category: str
    part_id: str
    name: str
    unit: str
    price: Price | None


@dataclass(frozen=True)
class Template:
    """The rows of the ledger and of the power drawn for one plane and its planes (see
    module doc). Counts are read in the order racks' servers, racks' racks, the
    design's tiers' switches, then the links of every bundle of every plane."""

    items: list[Item]
    item: np.ndarray
    """Each row's item (index into ``items``)."""
    count: np.ndarray
    """Each row's count (index into the counts of a run)."""
    per_quantity: np.ndarray
    """Quantity of the item per counted thing (1, 2 modules per link, metres of fibre)."""
    per_usd: np.ndarray
    """US dollars per counted thing."""
    skipped_at_zero: np.ndarray
    """True for the rows of links: a bundle without links adds nothing, not even its
    item."""
    share_row: np.ndarray
    """Each share of a row among buildings: the row it shares."""
    share_bin: np.ndarray
    """Its building and category, as ``building * 5 + category``."""
    share: np.ndarray
    """Its share (1, or 0.5 for each end of a link between buildings)."""
    buildings: list[str]
    unpriced: list[tuple[int, str]]
    """(row, part id) of each row priced nowhere."""
    estimates: np.ndarray
    """Rows whose price is an estimate."""
    racks: dict[str, RackPower]
    """Each rack group's power against its budget."""
    server_w: np.ndarray
    """Per rack group: watts of one rack (servers and overhead)."""
    server_bin: np.ndarray
    switch_w: np.ndarray
    """Per tier of every plane with a switch model: watts of one switch."""
    switch_bin: np.ndarray
    switch_count: np.ndarray
    """The count (index into a run's counts) of each of those tiers."""
    optics_w: np.ndarray
    """Per bundle of every plane whose medium draws: watts per link end."""
    optics_bundle: np.ndarray
    """Its position among the bundles of every plane."""
    optics_lower: np.ndarray
    optics_upper: np.ndarray
    power_buildings: tuple[list[str], list[str], list[str]]
    """The buildings of servers', switches' and optics' power in the order they first
    draw."""


PARTS_FIELDS: dict[type[BaseModel], tuple[str, ...]] = {
    Island: ("id", "building"),
    RackGroup: ("id", "island", "rack_type", "name"),
    SwitchTier: ("id", "switch", "island", "building", "plane", "role", "name"),
    LinkBundle: ("id", "lower", "upper", "pattern", "length_m", "medium", "name"),
}
"""The fields of each record :func:`design_key` reads (with the catalog, by identity,
and the distance between buildings)."""

NOT_PARTS: dict[type[BaseModel], frozenset[str]] = {
    Island: frozenset({"name", "notes", "x", "y"}),
    RackGroup: frozenset({"count", "x", "y"}),
    SwitchTier: frozenset({"count", "scope", "x", "y"}),
    LinkBundle: frozenset({"links_per_member", "speed_gbps"}),
}
"""The fields the count-free parts do not read: counts (read anew each run), the links'
speeds and links per member (whose links are counted), places on the canvas, and a
tier's scope (its island and building say where it stands).
``tests/model/test_equipment_parts.py`` checks that every field is in one list."""

_READ = {kind: attrgetter(*names) for kind, names in PARTS_FIELDS.items()}


def design_key(design: Design) -> HashedKey:
    """What :class:`DesignParts` and a :class:`Template` read of ``design``: the catalog
    (by identity), the distance between buildings and :data:`PARTS_FIELDS` of every
    island, rack group, tier and bundle."""
    return HashedKey((id(design.catalog), design.settings.building_distance_m,
                      kept_made("parts islands", tuple(design.islands.values()),
                                _read_all),
                      kept_made("parts groups", tuple(design.rack_groups.values()),
                                _read_all),
                      kept_made("parts tiers", tuple(design.tiers.values()), _read_all),
                      kept_made("parts bundles", tuple(design.bundles.values()),
                                _read_all)))


def _read_all(records: tuple[BaseModel, ...]) -> HashedKey:
    """:data:`PARTS_FIELDS` of each of ``records`` (of one kind), as one key that keeps
    its hash (kept with the records by :func:`~model.metrics.spec.kept_made`, so an
    edit of one record reads its kind's again, the others not)."""
    if not records:
        return HashedKey(())
    return HashedKey(map(_READ[type(records[0])], records))


def template_key(design_at: HashedKey, topo: Topology,
                 topologies: list[Topology]) -> Hashable:
    """What a :class:`Template` reads: ``design_at`` (:func:`design_key`), the plane
    and which rack groups and bundles each plane resolved."""
    return HashedKey((design_at, topo.plane, tuple(r.id for r in topo.racks),
                      tuple(tuple(b.bundle_id for b in t.bundles) for t in topologies)))


def design_parts(design: Design, key: HashedKey | None = None) -> DesignParts:
    """The :class:`DesignParts` of ``design`` (``key``: its :func:`design_key`, when
    made), kept in the running engine's memory."""
    key = design_key(design) if key is None else key
    store = remembered().design_parts
    kept = store.get(key)
    if kept is not None and kept[0] is design.catalog:
        return kept[1]
    lengths = bundle_lengths(design)
    parts = DesignParts(lengths, reach_problems(design, lengths), missing_parts(design))
    store.put(key, (design.catalog, parts))
    return parts


def template(topo: Topology, topologies: list[Topology],
             lengths: dict[str, BundleLength], design_at: HashedKey) -> Template:
    """The :class:`Template` of the plane ``topo`` and every plane's ``topologies``
    (``lengths``: each bundle's; ``design_at``: the design's :func:`design_key`), kept
    in the running engine's memory by :func:`template_key`."""
    design = topo.design
    key = template_key(design_at, topo, topologies)
    store = remembered().templates
    kept = store.get(key)
    if kept is not None and kept[0] is design.catalog:
        return kept[1]
    made = _made(topo, topologies, lengths)
    store.put(key, (design.catalog, made))
    return made


def counts(topo: Topology, topologies: list[Topology]) -> np.ndarray:
    """The counts a :class:`Template` of these planes multiplies, in its order."""
    racks = topo.racks
    return np.array([*(r.servers for r in racks), *(r.racks for r in racks),
                     *(t.count for t in topo.design.tiers.values()),
                     *(b.links for t in topologies for b in t.bundles)], dtype=np.float64)


class _Rows:
    """The rows of a template as they are made."""

    def __init__(self) -> None:
        self.items: dict[tuple[str, str, str], int] = {}
        self.listed: list[Item] = []
        self.item: list[int] = []
        self.count: list[int] = []
        self.per_quantity: list[float] = []
        self.per_usd: list[float] = []
        self.skipped: list[bool] = []
        self.share_row: list[int] = []
        self.share_bin: list[int] = []
        self.share: list[float] = []
        self.buildings: dict[str, int] = {}
        self.unpriced: list[tuple[int, str]] = []
        self.estimates: list[int] = []

    def add(self, category: str, part_id: str, name: str, unit: str, count: int,
            per_quantity: float, per_usd: float, price: Price | None,
            shares: dict[str, float], skipped: bool = False) -> None:
        row = len(self.item)
        key = (category, part_id, unit)
        if key not in self.items:
            self.items[key] = len(self.listed)
            self.listed.append(Item(category, part_id, name, unit, price))
        self.item.append(self.items[key])
        self.count.append(count)
        self.per_quantity.append(per_quantity)
        self.per_usd.append(per_usd)
        self.skipped.append(skipped)
        if price is None:
            self.unpriced.append((row, part_id))
        elif price.estimate:
            self.estimates.append(row)
        c = CATEGORIES.index(category)
        for building, share in shares.items():
            b = self.buildings.setdefault(building, len(self.buildings))
            self.share_row.append(row)
            self.share_bin.append(b * len(CATEGORIES) + c)
            self.share.append(share)


def _price(part: object, section: str) -> Price | None:
    return part_price(part, section, load_builtin_catalog())


def _made(topo: Topology, topologies: list[Topology],
          lengths: dict[str, BundleLength]) -> Template:
    """A :class:`Template` made from the records (the ledger's walk, without counts)."""
    design = topo.design
    builtin = load_builtin_catalog()
    rows = _Rows()
    n_racks = len(topo.racks)
    racks: dict[str, RackPower] = {}
    server_w: list[float] = []
    server_bin: list[int] = []
    server_buildings: dict[str, int] = {}
    for i, rack in enumerate(topo.racks):
        where = {rack.building: 1.0}
        price = _price(rack.server, "server")
        rows.add("servers", rack.server.id, rack.server.name, "server", i, 1.0,
                 price.usd if price else 0.0, price, where)
        price = _price(rack.rack_type, "rack_type")
        rows.add("racks", rack.rack_type.id, rack.rack_type.name, "rack", n_racks + i, 1.0,
                 price.usd if price else 0.0, price, where)
        per_rack_w = (rack.rack_type.servers_per_rack * rack.server.max_power_w
                      + rack.rack_type.overhead_w)
        server_w.append(per_rack_w)
        server_bin.append(server_buildings.setdefault(rack.building, len(server_buildings)))
        budget = rack.rack_type.power_budget_kw
        racks[rack.id] = RackPower(rack.id, per_rack_w / 1000, budget,
                                   per_rack_w / 1000 / budget)
    switches = {m.id: m for m in design.catalog.switches}
    for j, tier in enumerate(design.tiers.values()):
        model = switches.get(tier.switch)
        if model is None:
            continue
        price = _price(model, "switch")
        building = (design.islands[tier.island].building if tier.island is not None
                    else tier.building)
        rows.add("switches", model.id, model.name, "switch", 2 * n_racks + j, 1.0,
                 price.usd if price else 0.0, price, {building or "": 1.0})
    first_link = 2 * n_racks + len(design.tiers)
    media = {m.id: m for m in design.catalog.media}
    priced_media: dict[str, Medium] = {}
    bundles = design.bundles
    tier_at = {tier_id: 2 * n_racks + j for j, tier_id in enumerate(design.tiers)}
    switch_w: list[float] = []
    switch_bin: list[int] = []
    switch_count: list[int] = []
    switch_buildings: dict[str, int] = {}
    optics_w: list[float] = []
    optics_bundle: list[int] = []
    optics_lower: list[int] = []
    optics_upper: list[int] = []
    optics_buildings: dict[str, int] = {}
    k = first_link
    for t in topologies:
        for tier_net in t.tiers.values():
            if tier_net.model is not None:
                switch_w.append(tier_net.model.max_power_w)
                switch_bin.append(switch_buildings.setdefault(tier_net.building,
                                                              len(switch_buildings)))
                switch_count.append(tier_at[tier_net.id])
        for b in t.bundles:
            bundle = bundles[b.bundle_id]
            found = media.get(bundle.medium) if bundle.medium else None
            if found is not None and found.power_w_per_end != 0:
                optics_w.append(found.power_w_per_end)
                optics_bundle.append(k - first_link)
                optics_lower.append(optics_buildings.setdefault(b.lower.building,
                                                                len(optics_buildings)))
                optics_upper.append(optics_buildings.setdefault(b.upper.building,
                                                                len(optics_buildings)))
            if found is not None:
                medium = priced_media.get(found.id)
                if medium is None:
                    medium = priced_media[found.id] = priced(found, builtin)
                metres = lengths[bundle.id].length_m
                optics, cables = link_price_usd(medium, metres)
                ends = {b.lower.building: 0.5}
                ends[b.upper.building] = ends.get(b.upper.building, 0.0) + 0.5
                price = medium.price
                if medium.kind is MediumKind.OPTICAL:
                    rows.add("optics", medium.id, medium.name, "module", k, 2.0, optics,
                             price, ends, skipped=True)
                    if price is not None and price.usd_per_m > 0:
                        rows.add("cables", f"{medium.id}-fibre", f"Fibre for {medium.name}",
                                 "m", k, metres, cables, price, ends, skipped=True)
                elif medium.kind is MediumKind.AOC:
                    rows.add("optics", medium.id, medium.name, "cable", k, 1.0, optics,
                             price, ends, skipped=True)
                else:
                    rows.add("cables", medium.id, medium.name, "cable", k, 1.0, cables,
                             price, ends, skipped=True)
            k += 1
    ints, floats = np.int64, np.float64
    return Template(
        rows.listed, np.array(rows.item, dtype=ints), np.array(rows.count, dtype=ints),
        np.array(rows.per_quantity, dtype=floats), np.array(rows.per_usd, dtype=floats),
        np.array(rows.skipped, dtype=bool), np.array(rows.share_row, dtype=ints),
        np.array(rows.share_bin, dtype=ints), np.array(rows.share, dtype=floats),
        list(rows.buildings), rows.unpriced, np.array(rows.estimates, dtype=ints), racks,
        np.array(server_w, dtype=floats), np.array(server_bin, dtype=ints),
        np.array(switch_w, dtype=floats), np.array(switch_bin, dtype=ints),
        np.array(switch_count, dtype=ints),
        np.array(optics_w, dtype=floats), np.array(optics_bundle, dtype=ints),
        np.array(optics_lower, dtype=ints), np.array(optics_upper, dtype=ints),
        (list(server_buildings), list(switch_buildings), list(optics_buildings)))


def _sums(bins: np.ndarray, weights: np.ndarray, names: list[str]) -> dict[str, float]:
    """The sum of ``weights`` per bin (added in their order), by the bins' ``names``."""
    if not names:
        return {}
    return dict(zip(names, np.bincount(bins, weights=weights, minlength=len(names)).tolist(),
                    strict=True))


def drawn(made: Template, counted: np.ndarray, n_racks: int, links_from: int) -> tuple[
        dict[str, float], dict[str, float], dict[str, float]]:
    """What the servers, switches and link ends of a :class:`Template` draw per
    building (kW), at the counts ``counted`` (racks from ``n_racks``, links from
    ``links_from``), each added in the order :func:`model.metrics.power.power_draw`
    adds them."""
    servers, switches, optics = made.power_buildings
    racks = counted[n_racks:2 * n_racks]
    links = counted[links_from:][made.optics_bundle]
    ends = links * made.optics_w / 1000
    return (_sums(made.server_bin, racks * made.server_w / 1000, servers),
            _sums(made.switch_bin, counted[made.switch_count] * made.switch_w / 1000,
                  switches),
            _sums(np.stack([made.optics_lower, made.optics_upper], axis=1).ravel(),
                  np.stack([ends, ends], axis=1).ravel(), optics))


def priced_bill(made: Template, counted: np.ndarray) -> Bill:
    """The bill of materials (:func:`model.metrics.cost.bill`) of a :class:`Template`
    at the counts ``counted``: the same items, in the same order, with the same sums."""
    count = counted[made.count]
    active = ~made.skipped_at_zero | (count != 0)
    rows = np.flatnonzero(active)
    item = made.item[rows]
    n_items = len(made.items)
    quantity = np.bincount(item, weights=made.per_quantity[rows] * count[rows],
                           minlength=n_items).tolist()
    row_usd = made.per_usd * count
    total = np.bincount(item, weights=row_usd[rows], minlength=n_items).tolist()
    shared = active[made.share_row]
    share_bins = made.share_bin[shared]
    sums = np.bincount(share_bins, weights=row_usd[made.share_row[shared]] * made.share[shared],
                       minlength=len(made.buildings) * len(CATEGORIES)).tolist()
    seen = np.unique(share_bins // len(CATEGORIES), return_index=True)
    by_building = {}
    for b in seen[0][np.argsort(seen[1], kind="stable")].tolist():
        start = b * len(CATEGORIES)
        by_building[made.buildings[b]] = dict(zip(CATEGORIES, sums[start:start + len(CATEGORIES)],
                                                  strict=True))
    used, firsts = np.unique(item, return_index=True)
    listed = []
    for i in used[np.argsort(firsts, kind="stable")].tolist():
        it, q, usd = made.items[i], quantity[i], total[i]
        price = it.price
        listed.append(CostItem(it.category, it.part_id, it.name, q, it.unit,
                               usd / q if q else 0.0, usd,
                               price.source if price else "", price.date if price else "",
                               price.estimate if price else False))
    order = {c: i for i, c in enumerate(CATEGORIES)}
    unpriced: list[str] = []
    for row, part_id in made.unpriced:
        if active[row] and part_id not in unpriced:
            unpriced.append(part_id)
    return Bill(sorted(listed, key=lambda i: order[i.category]), by_building, unpriced,
                bool(active[made.estimates].any()))
