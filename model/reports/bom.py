"""The bill of materials of a design as CSV: switches by model, transceivers by kind,
cables per bundle.

Quantities are read from the metrics' inventory (:class:`~model.metrics.results.Inventory`:
``switches_by_model``, ``transceivers_by_medium``, ``links_by_bundle``) — one cable per
link, as the metrics count them; descriptions and unit figures are the catalog's. The
inventory counts every plane, so the bill is for the whole design whichever plane the
other metrics describe.

Columns: ``category`` (``switch``, ``transceiver``, ``cable``), ``part_id``, ``name``,
``description``, ``quantity``, ``unit_power_w`` (maximum per switch, per transceiver
module; empty for cables), ``source``. Names that a spreadsheet would read as a formula
are neutralised (:mod:`model.reports.csv_safe`).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from model.design import Design
from model.i18n import Translator
from model.metrics.results import DesignMetrics
from model.part_names import part_name, vendor_name
from model.reports.atomic import atomic_text
from model.reports.csv_safe import csv_text
from model.reports.labels import Labeller
from model.reports.words import term

BOM_COLUMNS = (
    "category",
    "part_id",
    "name",
    "description",
    "quantity",
    "unit_power_w",
    "source",
)

BomRow = tuple[str, str, str, str, int, str, str]


def _figure(value: float) -> str:
    """A catalog figure without a needless ``.0``."""
    return f"{value:g}"


def bom_rows(design: Design, metrics: DesignMetrics, lang: str | None = None
             ) -> list[BomRow]:
    """The bill of materials as rows (without the header): switch models first (in the
    catalog's order), then transceivers by medium, then one cable row per bundle (in the
    design's order). Items with a quantity of zero are left out. Descriptions, and the
    names of the built-in switch models and media (:func:`model.part_names.part_name`),
    are in ``lang`` (English when None: the CSV's); a user's own part keeps its name."""
    t = Translator(lang)
    catalog = design.catalog
    labels = Labeller(design)
    inventory = metrics.inventory
    rows: list[BomRow] = []

    def ordered(counts: dict[str, int], known: list[str]) -> list[str]:
        return [k for k in known if k in counts] + [k for k in counts if k not in known]

    def parts(category: str, counts: dict[str, int], known: list[str],
              lookup: Callable[[str], Any], describe: Callable[[Any], str],
              power: Callable[[Any], float]) -> None:
        """One row per part with a non-zero count, catalog order first."""
        for part_id in ordered(counts, known):
            quantity = counts[part_id]
            if not quantity:
                continue
            part = lookup(part_id)
            if part is None:
                rows.append((category, part_id, part_id,
                             t.phrase("bom", "not in the design's catalog"), quantity, "", ""))
                continue
            rows.append((category, part.id, part_name(part.name, lang), describe(part), quantity,
                         _figure(power(part)), part.source))

    parts("switch", inventory.switches_by_model, [s.id for s in catalog.switches],
          catalog.switch,
          lambda m: t.phrase("bom", "{vendor}, {radix} × {speed}G ports",
                             vendor=vendor_name(m.vendor, lang),
                             radix=m.radix, speed=_figure(m.port_speed_gbps)),
          lambda m: m.max_power_w)
    parts("transceiver", inventory.transceivers_by_medium, [m.id for m in catalog.media],
          catalog.medium,
          lambda m: t.phrase("bom", "{kind} {speed}G, reach {reach} m",
                             kind=term(t, m.kind.value), speed=_figure(m.speed_gbps),
                             reach=_figure(m.reach_m)),
          lambda m: m.power_w_per_end)

    for bundle_id in ordered(inventory.links_by_bundle, list(design.bundles)):
        quantity = inventory.links_by_bundle[bundle_id]
        if not quantity:
            continue
        bundle = design.bundles.get(bundle_id)
        if bundle is None:
            rows.append(("cable", bundle_id, bundle_id, "", quantity, "", ""))
            continue
        medium = catalog.medium(bundle.medium) if bundle.medium else None
        if medium is not None:
            label = labels.part(medium.id)  # "name (id)" where names are shared
            kind = t.phrase("bom", "{medium} ({kind})", kind=term(t, medium.kind.value),
                            medium=part_name(label, lang) if label == medium.name else label)
        else:
            kind = t.phrase("bom", "no medium chosen")
        description = t.phrase("bom", "{lower} → {upper}, {speed}G, {kind}",
                               lower=labels.element(bundle.lower),
                               upper=labels.element(bundle.upper),
                               speed=_figure(bundle.speed_gbps), kind=kind)
        rows.append(("cable", bundle.medium or "", labels.element(bundle.id), description,
                     quantity, "", medium.source if medium else ""))
    return rows


def bom_csv_text(design: Design, metrics: DesignMetrics) -> str:
    """The bill of materials as CSV text with a header row."""
    return csv_text(BOM_COLUMNS, bom_rows(design, metrics))


def write_bom_csv(design: Design, metrics: DesignMetrics, path: str | os.PathLike[str]) -> None:
    """Write the bill of materials CSV to ``path`` atomically (raises ``ExportError``)."""
    text = bom_csv_text(design, metrics)
    with atomic_text(path, newline="") as stream:
        stream.write(text)
