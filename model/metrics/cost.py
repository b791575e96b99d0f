"""What a design costs to buy and to run: CAPEX by category and building, energy per
year, TCO over the design's years, and the ratios architects compare designs by.

Every figure is in US dollars (the display currency is a conversion the views apply).
Quantities are the metrics' own: rack groups give racks and servers, tiers give
switches, and each bundle of every plane gives links, with the bundle's length from
:mod:`model.media_reach`. A link's price splits into *optics* (pluggable transceivers, one per
end, and active optical cables) and *cables* (copper cables and the fibre of optical
links, priced per metre). A link's price is shared half-and-half by the buildings of
its two ends, as its power is.

A part's price is its own (the design's copy, which the architect may edit) or, when a
design saved before prices existed carries a part without one, the shipped catalog's
price for the same id; parts priced nowhere cost nothing and are listed in ``unpriced``.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from model.catalog import load_builtin_catalog
from model.media_reach import BundleLength, Places, bundle_length, link_price_usd, priced
from model.parts import Catalog, Medium, MediumKind, Price

if TYPE_CHECKING:
    from model.design import Design
    from model.metrics.representation.topology import Topology
    from model.metrics.results import Bisection, Compute, Power

HOURS_PER_YEAR = 8760
"""Hours of a (non-leap) year: facility power is drawn all year round."""

CATEGORIES: tuple[str, ...] = ("servers", "switches", "optics", "cables", "racks")
"""CAPEX categories in display order: compute servers, switches, optics (transceivers and
active optical cables), cables (copper, fibre), racks and other in-rack parts."""

NETWORK_CATEGORIES: tuple[str, ...] = ("switches", "optics", "cables")
"""The categories that make up the network's CAPEX."""


@dataclass
class CostItem:
    """One line of the priced bill of materials."""

    category: str
    part_id: str
    name: str
    quantity: float
    unit: str
    """What one of ``quantity`` is: ``server``, ``rack``, ``switch``, ``module``,
    ``cable`` or ``m`` (metres of fibre)."""
    unit_usd: float
    total_usd: float
    price_source: str
    price_date: str
    estimate: bool


@dataclass
class BuildingCost:
    """CAPEX by category and energy of one building."""

    building_id: str
    by_category_usd: dict[str, float]
    capex_usd: float
    facility_kw: float
    electricity_usd_per_kwh: float
    energy_kwh_per_year: float
    energy_usd_per_year: float


@dataclass
class Cost:
    """The cost figures of a design (US dollars; see the module docstring)."""

    currency: str
    usd_exchange_rate: float
    years: int
    by_category_usd: dict[str, float]
    buildings: dict[str, BuildingCost]
    capex_usd: float
    network_usd: float
    network_share: float | None
    per_accelerator_usd: float | None
    network_per_accelerator_usd: float | None
    energy_kwh_per_year: float
    energy_usd_per_year: float
    tco_usd: float
    per_bisection_tbps_usd: float | None
    network_per_bisection_tbps_usd: float | None
    per_pflops_usd: float | None
    items: list[CostItem] = field(default_factory=list)
    unpriced: list[str] = field(default_factory=list)
    """Ids of parts in use that have no price anywhere (they count as zero)."""
    any_estimate: bool = False
    """Whether any price used is an estimate rather than a published list price."""


def part_price(part: object, section: str, builtin: Catalog | None = None) -> Price | None:
    """The price of a catalog part: its own, else the shipped part's of the same id."""
    own: Price | None = getattr(part, "price", None)
    if own is not None:
        return own
    lookup = getattr(builtin or load_builtin_catalog(), section)
    shipped = lookup(getattr(part, "id", ""))
    return None if shipped is None else shipped.price


class _Ledger:
    """Collects line items and per-building sums while the design is walked."""

    def __init__(self) -> None:
        self.items: dict[tuple[str, str, str], CostItem] = {}
        self.by_building: dict[str, dict[str, float]] = defaultdict(
            lambda: dict.fromkeys(CATEGORIES, 0.0))
        self.unpriced: list[str] = []
        self.estimate = False

    def add(self, category: str, part_id: str, name: str, unit: str, quantity: float,
            total_usd: float, price: Price | None, shares: dict[str, float]) -> None:
        """Add ``quantity`` of a part costing ``total_usd`` in all, shared by buildings
        in the proportions ``shares`` (summing to 1)."""
        if price is None:
            if part_id not in self.unpriced:
                self.unpriced.append(part_id)
        else:
            self.estimate = self.estimate or price.estimate
        key = (category, part_id, unit)
        item = self.items.get(key)
        if item is None:
            item = self.items[key] = CostItem(
                category, part_id, name, 0.0, unit, 0.0, 0.0,
                price.source if price else "", price.date if price else "",
                price.estimate if price else False)
        item.quantity += quantity
        item.total_usd += total_usd
        for building, share in shares.items():
            self.by_building[building][category] += total_usd * share

    def finished(self) -> list[CostItem]:
        """The line items, each with its unit price (total over quantity; 0 for none)."""
        for item in self.items.values():
            item.unit_usd = item.total_usd / item.quantity if item.quantity else 0.0
        return list(self.items.values())


@dataclass(frozen=True)
class Bill:
    """The priced bill of materials (:func:`bill`): line items in category order, sums
    by building and category (US dollars), parts priced nowhere, and whether any price
    is an estimate."""

    items: list[CostItem]
    by_building: dict[str, dict[str, float]]
    unpriced: list[str]
    estimate: bool


def _ratio(a: float, b: float) -> float | None:
    return a / b if b > 0 else None


def _add_links(ledger: _Ledger, topo: Topology, topologies: list[Topology],
               builtin: Catalog, lengths: dict[str, BundleLength] | None = None) -> None:
    """Optics and cables of every bundle of every plane (``lengths``: each bundle's,
    when known)."""
    design = topo.design
    media = {m.id: m for m in design.catalog.media}
    places: Places = {}
    priced_media: dict[str, Medium] = {}
    prices: dict[tuple[str, float], tuple[float, float]] = {}
    bundles = design.bundles
    for t in topologies:
        for b in t.bundles:
            bundle = bundles[b.bundle_id]
            found = media.get(bundle.medium) if bundle.medium else None
            if found is None:
                continue
            links = b.links
            if links == 0:
                continue
            medium = priced_media.get(found.id)
            if medium is None:
                medium = priced_media[found.id] = priced(found, builtin)
            metres = (lengths[bundle.id] if lengths is not None
                      else bundle_length(design, bundle, places)).length_m
            optics_cables = prices.get((medium.id, metres))
            if optics_cables is None:
                optics_cables = prices[(medium.id, metres)] = link_price_usd(medium, metres)
            optics, cables = optics_cables
            ends = {b.lower.building: 0.5}
            ends[b.upper.building] = ends.get(b.upper.building, 0.0) + 0.5
            price = medium.price
            if medium.kind is MediumKind.OPTICAL:
                ledger.add("optics", medium.id, medium.name, "module", 2 * links,
                           optics * links, price, ends)
                if price is not None and price.usd_per_m > 0:
                    ledger.add("cables", f"{medium.id}-fibre", f"Fibre for {medium.name}",
                               "m", metres * links, cables * links, price, ends)
            elif medium.kind is MediumKind.AOC:
                ledger.add("optics", medium.id, medium.name, "cable", links,
                           optics * links, price, ends)
            else:
                ledger.add("cables", medium.id, medium.name, "cable", links,
                           cables * links, price, ends)


def cost(topo: Topology, topologies: list[Topology], power: Power, compute: Compute,
         bisection: Bisection | None, accelerators: int) -> Cost:
    """The cost figures of the design ``topo`` describes; ``topologies`` are every
    plane's (links of all planes are bought), ``power`` gives facility power per
    building, ``compute`` the PFLOPS, ``bisection`` the metrics plane's bisection."""
    return priced_cost(topo.design, bill(topo, topologies), power, compute, bisection,
                       accelerators)


def bill(topo: Topology, topologies: list[Topology],
         lengths: dict[str, BundleLength] | None = None) -> Bill:
    """The priced bill of materials of the design ``topo`` describes (servers, racks,
    switches, and the links of every plane of ``topologies``), by line item and by
    building: what :func:`cost` takes from the design's parts, before energy.
    ``lengths``: :func:`model.media_reach.bundle_lengths`, when already known."""
    design = topo.design
    builtin = load_builtin_catalog()
    ledger = _Ledger()
    for rack in topo.racks:
        where = {rack.building: 1.0}
        price = part_price(rack.server, "server", builtin)
        unit = price.usd if price else 0.0
        ledger.add("servers", rack.server.id, rack.server.name, "server", rack.servers,
                   unit * rack.servers, price, where)
        price = part_price(rack.rack_type, "rack_type", builtin)
        unit = price.usd if price else 0.0
        ledger.add("racks", rack.rack_type.id, rack.rack_type.name, "rack", rack.racks,
                   unit * rack.racks, price, where)
    switches = {m.id: m for m in design.catalog.switches}
    for tier in design.tiers.values():
        model = switches.get(tier.switch)
        if model is None:
            continue
        price = part_price(model, "switch", builtin)
        unit = price.usd if price else 0.0
        building = (design.islands[tier.island].building if tier.island is not None
                    else tier.building)
        ledger.add("switches", model.id, model.name, "switch", tier.count,
                   unit * tier.count, price, {building or "": 1.0})
    _add_links(ledger, topo, topologies, builtin, lengths)
    order = {c: i for i, c in enumerate(CATEGORIES)}
    return Bill(sorted(ledger.finished(), key=lambda i: order[i.category]),
                {b: dict(sums) for b, sums in ledger.by_building.items()},
                list(ledger.unpriced), ledger.estimate)


def priced_cost(design: Design, bill: Bill, power: Power, compute: Compute,
                bisection: Bisection | None, accelerators: int) -> Cost:
    """The cost figures of ``design`` from its ``bill`` of materials, ``power``
    (facility power per building, for energy), ``compute`` (PFLOPS) and ``bisection``
    (the metrics plane's)."""
    buildings: dict[str, BuildingCost] = {}
    for building in design.buildings.values():
        sums = bill.by_building.get(building.id, dict.fromkeys(CATEGORIES, 0.0))
        bp = power.buildings.get(building.id)
        facility_kw = bp.facility_kw if bp else 0.0
        kwh = facility_kw * HOURS_PER_YEAR
        buildings[building.id] = BuildingCost(
            building.id, dict(sums), sum(sums.values()), facility_kw,
            building.electricity_usd_per_kwh, kwh, kwh * building.electricity_usd_per_kwh)
    by_category = {c: sum(s[c] for s in bill.by_building.values()) for c in CATEGORIES}
    capex = sum(by_category.values())
    network = sum(by_category[c] for c in NETWORK_CATEGORIES)
    energy_usd = sum(b.energy_usd_per_year for b in buildings.values())
    tbps = bisection.gbps / 1000 if bisection is not None else 0.0
    settings = design.settings
    return Cost(
        currency=settings.currency,
        usd_exchange_rate=settings.usd_exchange_rate,
        years=settings.years,
        by_category_usd=by_category,
        buildings=buildings,
        capex_usd=capex,
        network_usd=network,
        network_share=_ratio(network, capex),
        per_accelerator_usd=_ratio(capex, accelerators),
        network_per_accelerator_usd=_ratio(network, accelerators),
        energy_kwh_per_year=sum(b.energy_kwh_per_year for b in buildings.values()),
        energy_usd_per_year=energy_usd,
        tco_usd=capex + settings.years * energy_usd,
        per_bisection_tbps_usd=_ratio(capex, tbps),
        network_per_bisection_tbps_usd=_ratio(network, tbps),
        per_pflops_usd=_ratio(capex, compute.campus_pflops),
        items=[replace(item) for item in bill.items],
        unpriced=list(bill.unpriced),
        any_estimate=bill.estimate,
    )
