"""The bill of materials of a design: one list of lines, written as the CSV file, the
workbook's **Bill of materials** sheet and the PDF report's table.

The lines are the priced bill the metrics made (:attr:`Cost.items
<model.metrics.cost.Cost.items>`, from :func:`model.metrics.cost.bill`): servers and
racks by the rack groups, switches by the tiers, and the links of every plane by their
medium — optics (transceiver modules, two per optical link; active optical cables, one
per link), cables (copper cables, one per link; the fibre of optical links, in metres).
So every export counts the same parts, whichever plane the other metrics describe. A
bundle without a medium buys nothing (a warning says so, :mod:`model.metrics.checks`).
Metrics without cost figures (made by hand) have no bill.

CSV columns: ``category`` (``servers``, ``switches``, ``optics``, ``cables``,
``racks``: :data:`model.metrics.cost.CATEGORIES`), ``part_id`` (the catalog part; for
fibre, the medium's id with ``-fibre``), ``name``, ``description``, ``quantity``,
``unit`` (``server``, ``rack``, ``switch``, ``module``, ``cable`` or ``m``),
``unit_power_w`` (maximum W of one unit: a server, a switch, a rack's own overhead, a
transceiver module, a cable's two ends; empty for fibre), ``unit_usd`` and
``total_usd`` (US dollars), ``source`` (where the catalog part's figures come from).
Names that a spreadsheet would read as a formula are neutralised
(:mod:`model.reports.csv_safe`).
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from model.design import Design
from model.i18n import Translator
from model.metrics.cost import CostItem
from model.metrics.results import DesignMetrics
from model.part_names import part_name, vendor_name
from model.parts import Catalog, Medium
from model.reports.atomic import atomic_text
from model.reports.csv_safe import csv_text
from model.reports.words import term

BOM_COLUMNS = (
    "category",
    "part_id",
    "name",
    "description",
    "quantity",
    "unit",
    "unit_power_w",
    "unit_usd",
    "total_usd",
    "source",
)

BomRow = tuple[str, str, str, str, float, str, str, str, str, str]
"""A CSV row (:data:`BOM_COLUMNS`); the quantity is a number, the rest text."""

FIBRE_SUFFIX = "-fibre"
"""The fibre bought for an optical medium is the line ``<medium id>-fibre``."""


@dataclass(frozen=True)
class BomLine:
    """One line of the bill: a priced item with its words and unit power."""

    item: CostItem
    """The priced line (category, part id, quantity, unit, prices) as the metrics hold it."""
    name: str
    """The part's name in the bill's language (a user's own part as written)."""
    description: str
    """What the part is, in the bill's language."""
    unit_power_w: float | None
    """Maximum power of one unit, W (None for fibre and parts not in the catalog)."""
    source: str
    """Where the catalog part's figures come from ("" when it is not in the catalog)."""


def _figure(value: float) -> str:
    """A catalog figure without a needless ``.0``."""
    return f"{value:g}"


def _quantity(value: float) -> str:
    """A quantity as CSV text: whole counts as integers, metres of fibre to the cm."""
    return str(int(value)) if float(value).is_integer() else f"{value:.2f}"


def _medium_words(t: Translator, medium: Medium) -> str:
    return t.phrase("bom", "{kind} {speed}G, reach {reach} m", kind=term(t, medium.kind.value),
                    speed=_figure(medium.speed_gbps), reach=_figure(medium.reach_m))


def bom_line(t: Translator, catalog: Catalog, item: CostItem) -> BomLine:
    """The words and unit power of ``item``, a line of the priced bill, in ``t``'s
    language."""
    lang = t.lang
    missing = BomLine(item, item.part_id, t.phrase("bom", "not in the design's catalog"),
                      None, "")
    if item.category == "servers":
        server = catalog.server(item.part_id)
        if server is None:
            return missing
        accelerator = catalog.accelerator(server.accelerator)
        return BomLine(item, part_name(server.name, lang), t.phrase(
            "bom", "{vendor}, {count} × {accelerator}", vendor=vendor_name(server.vendor, lang),
            count=server.accelerators_per_server,
            accelerator=part_name(accelerator.name, lang) if accelerator else server.accelerator),
            server.max_power_w, server.source)
    if item.category == "racks":
        rack = catalog.rack_type(item.part_id)
        if rack is None:
            return missing
        server = catalog.server(rack.server)
        return BomLine(item, part_name(rack.name, lang), t.phrase(
            "bom", "{servers} × {server} per rack, {budget} kW budget",
            servers=rack.servers_per_rack,
            server=part_name(server.name, lang) if server else rack.server,
            budget=_figure(rack.power_budget_kw)), rack.overhead_w, rack.source)
    if item.category == "switches":
        switch = catalog.switch(item.part_id)
        if switch is None:
            return missing
        return BomLine(item, part_name(switch.name, lang), t.phrase(
            "bom", "{vendor}, {radix} × {speed}G ports", vendor=vendor_name(switch.vendor, lang),
            radix=switch.radix, speed=_figure(switch.port_speed_gbps)),
            switch.max_power_w, switch.source)
    if item.unit == "m":  # the fibre of an optical medium's links
        medium = catalog.medium(item.part_id.removesuffix(FIBRE_SUFFIX))
        if medium is None:
            return missing
        name = (t.phrase("workbook", "Fibre for {medium}", medium=part_name(medium.name, lang))
                if item.name == f"Fibre for {medium.name}" else part_name(item.name, lang))
        return BomLine(item, name, t.phrase(
            "bom", "metres of fibre, one run per link of {medium}",
            medium=part_name(medium.name, lang)), None, medium.source)
    medium = catalog.medium(item.part_id)
    if medium is None:
        return missing
    ends = 1 if item.unit == "module" else 2  # a module is one end; a cable has two
    return BomLine(item, part_name(medium.name, lang), _medium_words(t, medium),
                   ends * medium.power_w_per_end, medium.source)


def bom_lines(design: Design, metrics: DesignMetrics, lang: str | None = None
              ) -> list[BomLine]:
    """The bill of materials, one line per priced item in the metrics' order (by
    category: servers, switches, optics, cables, racks), its words in ``lang`` (English
    when None): built-in parts' names translated (:func:`model.part_names.part_name`), a
    user's own parts as written. Empty when the metrics have no cost figures."""
    if metrics.cost is None:
        return []
    t = Translator(lang)
    return [bom_line(t, design.catalog, item) for item in metrics.cost.items if item.quantity]


def bom_rows(design: Design, metrics: DesignMetrics, lang: str | None = None
             ) -> list[BomRow]:
    """The bill of materials as CSV rows (:data:`BOM_COLUMNS`, without the header):
    :func:`bom_lines` with their quantities as numbers."""
    return [(line.item.category, line.item.part_id, line.name, line.description,
             line.item.quantity, line.item.unit,
             "" if line.unit_power_w is None else _figure(line.unit_power_w),
             f"{line.item.unit_usd:.2f}", f"{line.item.total_usd:.2f}", line.source)
            for line in bom_lines(design, metrics, lang)]


def bom_csv_text(design: Design, metrics: DesignMetrics) -> str:
    """The bill of materials as CSV text with a header row."""
    return csv_text(BOM_COLUMNS, [(*row[:4], _quantity(row[4]), *row[5:])
                                  for row in bom_rows(design, metrics)])


def write_bom_csv(design: Design, metrics: DesignMetrics, path: str | os.PathLike[str]) -> None:
    """Write the bill of materials CSV to ``path`` atomically (raises ``ExportError``)."""
    text = bom_csv_text(design, metrics)
    with atomic_text(path, newline="") as stream:
        stream.write(text)
