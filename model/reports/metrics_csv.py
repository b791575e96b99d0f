"""The metrics of a design as CSV: one row per figure, for spreadsheets.

The rows are the JSON report (:func:`model.reports.metrics_json.metrics_to_json`)
flattened, so the two always agree. Columns:

- ``section`` — the top-level JSON key (``switches``, ``bisection``, ``power``, …);
- ``item`` — what the figure is about inside the section, path parts joined by ``/``
  (a tier or building name, ``histogram/3``, ``cut/side_a/Leaf``); empty for a figure of
  the section itself;
- ``field`` — the figure's name (``count``, ``gbps``, ``it_kw``, ``pairs``, …);
- ``value`` — the number, ``true``/``false``, text, or empty for a missing figure;
- ``unit`` — ``Gb/s``, ``kW``, ``PFLOPS``, … read from the field name, or empty.

Names that a spreadsheet would read as a formula are neutralised
(:mod:`model.reports.csv_safe`).
"""

from __future__ import annotations

import os
from typing import Any

from model.design import Design
from model.metrics.results import DesignMetrics
from model.reports.atomic import atomic_text
from model.reports.csv_safe import csv_text
from model.reports.metrics_json import metrics_to_json

COLUMNS = ("section", "item", "field", "value", "unit")

_UNITS: tuple[tuple[str, str], ...] = (
    ("_gbps", "Gb/s"),
    ("_kw", "kW"),
    ("_pflops", "PFLOPS"),
    ("_pairs", "pairs"),
    ("fraction_of_full", "fraction"),
    ("utilization", "fraction"),
    ("ratio", "down:up"),
    ("_usd", "USD"),
    ("_usd_per_year", "USD/year"),
    ("_kwh_per_year", "kWh/year"),
    ("_usd_per_kwh", "USD/kWh"),
    ("network_share", "fraction"),
)

_BARE_MAPS: dict[str, tuple[str, str]] = {
    "switches": ("count", "switches"),
    "switches_by_model": ("count", "switches"),
    "links": ("count", "links"),
    "transceivers": ("count", "modules"),
    "accelerators_by_type": ("count", "accelerators"),
    "histogram": ("pairs", "pairs"),
    "scale_up_by_scope": ("pairs", "pairs"),
    "side_a": ("members", ""),
    "crossing_gbps": ("gbps", "Gb/s"),
    "by_accelerator_type_pflops": ("pflops", "PFLOPS"),
    "by_vendor_pflops": ("pflops", "PFLOPS"),
    "by_island_pflops": ("pflops", "PFLOPS"),
    "by_building_pflops": ("pflops", "PFLOPS"),
}
"""Maps whose values are bare figures (name → count): the field name and unit each
value gets in its row."""


def unit_of(field: str, section: str) -> str:
    """The unit of a figure, read from its field name (and its section)."""
    for suffix, unit in _UNITS:
        if field.endswith(suffix):
            return unit
    if field == "gbps":
        return "Gb/s"
    if section == "hops" and field in ("max", "mean"):
        return "hops"
    if section == "ports":
        return "ports"
    return ""


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _flatten(path: tuple[str, ...], value: Any, rows: list[tuple[str, ...]]) -> None:
    """Append one row per leaf of ``value`` found under ``path``."""
    if isinstance(value, dict):
        for key, inner in value.items():
            _flatten((*path, str(key)), inner, rows)
        return
    if isinstance(value, list):
        for index, inner in enumerate(value, start=1):
            _flatten((*path, str(index)), inner, rows)
        return
    section = path[0]
    if len(path) == 1:
        rows.append((section, "", section, _text(value), unit_of(section, section)))
        return
    parent = path[-2]
    if parent in _BARE_MAPS or (len(path) >= 3 and path[-3] == "by_scope"):
        field, unit = _BARE_MAPS.get(parent, ("pairs", "pairs"))
        rows.append((section, "/".join(path[1:]), field, _text(value), unit))
        return
    field = path[-1]
    rows.append((section, "/".join(path[1:-1]), field, _text(value), unit_of(field, section)))


def metrics_rows(design: Design, metrics: DesignMetrics) -> list[tuple[str, ...]]:
    """The metrics as CSV rows (without the header), in the JSON report's order."""
    rows: list[tuple[str, ...]] = []
    for key, value in metrics_to_json(design, metrics).items():
        _flatten((key,), value, rows)
    return rows


def metrics_csv_text(design: Design, metrics: DesignMetrics) -> str:
    """The metrics as CSV text with a header row."""
    return csv_text(COLUMNS, metrics_rows(design, metrics))


def write_metrics_csv(
    design: Design, metrics: DesignMetrics, path: str | os.PathLike[str]
) -> None:
    """Write the metrics CSV to ``path`` atomically (raises ``ExportError``)."""
    text = metrics_csv_text(design, metrics)
    with atomic_text(path, newline="") as stream:
        stream.write(text)
