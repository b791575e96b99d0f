"""The design as an Excel workbook for the purchasing team (openpyxl).

Sheets, in order: ``Summary``, ``Power per building``, ``Bill of materials``,
``Cost breakdown``, ``Cabling plan``, ``Problems``. Every sheet has one header row with
the unit in each header, frozen, with number formats and column widths set; money is in
the design's display currency (US dollars × ``usd_exchange_rate``). Figures are values,
not formulas, so the workbook reads the same in any program.

Every text cell is written as an explicit string cell, so a name such as ``=SUM(A1)``
is shown as text and never evaluated.
"""

from __future__ import annotations

import math
import os
from collections.abc import Sequence
from typing import Any

from openpyxl import Workbook
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils import get_column_letter

from model.design import Design
from model.metrics.cost import CATEGORIES
from model.metrics.results import DesignMetrics
from model.reports.atomic import atomic_path
from model.reports.cabling import bundle_plan
from model.reports.labels import Labeller

SHEETS = ("Summary", "Power per building", "Bill of materials", "Cost breakdown",
          "Cabling plan", "Problems")
"""Sheet names, in workbook order."""

MONEY = "#,##0"
KW = "#,##0.0"
SHARE = "0.0%"
COUNT = "#,##0"
DECIMAL = "#,##0.00"
TEXT = "@"

_HEADER_FONT = Font(bold=True)
_HEADER_FILL = PatternFill("solid", fgColor="DDE4EE")

_WRAP_FROM = 40
"""Columns at least this wide (characters) hold long text, which wraps."""

Column = tuple[str, str, float]
"""A column: header (with its unit), number format, width in characters."""


def _put(sheet: Any, row: int, column: int, value: Any, number_format: str) -> None:
    cell = sheet.cell(row=row, column=column)
    if isinstance(value, str):
        cell.value = value
        cell.data_type = "s"  # never a formula, whatever the text starts with
    else:
        cell.value = value
        if value is not None:
            cell.number_format = number_format


def _sheet(book: Any, title: str, columns: Sequence[Column],
           rows: Sequence[Sequence[Any]]) -> Any:
    """A sheet with a frozen, bold header row, the rows below it, formats and widths."""
    sheet = book.create_sheet(title)
    for c, (header, _, width) in enumerate(columns, start=1):
        _put(sheet, 1, c, header, TEXT)
        cell = sheet.cell(row=1, column=c)
        cell.font = _HEADER_FONT
        cell.fill = _HEADER_FILL
        cell.alignment = Alignment(wrap_text=True, vertical="top")
        sheet.column_dimensions[get_column_letter(c)].width = width
    header_lines = max(math.ceil(len(h) * 1.15 / w) for h, _, w in columns)
    if header_lines > 1:  # headers wrap inside their column; give the row their height
        sheet.row_dimensions[1].height = 15 * header_lines
    wrapped = Alignment(wrap_text=True, vertical="top")
    top = Alignment(vertical="top")
    for r, values in enumerate(rows, start=2):
        lines = 1
        for c, value in enumerate(values, start=1):
            _put(sheet, r, c, value, columns[c - 1][1])
            width = columns[c - 1][2]
            sheet.cell(row=r, column=c).alignment = top
            if width >= _WRAP_FROM:  # long text wraps inside its column
                sheet.cell(row=r, column=c).alignment = wrapped
                if isinstance(value, str):
                    lines = max(lines, math.ceil(len(value) * 1.1 / width))
        if lines > 1:  # spreadsheet programs do not grow rows of a file they open
            sheet.row_dimensions[r].height = 15 * lines
    sheet.freeze_panes = "A2"
    sheet.print_title_rows = "1:1"
    sheet.page_setup.orientation = "landscape"
    sheet.page_setup.fitToWidth = 1
    sheet.page_setup.fitToHeight = 0
    sheet.sheet_properties.pageSetUpPr.fitToPage = True
    return sheet


def _summary(design: Design, metrics: DesignMetrics, cur: str, rate: float
             ) -> list[tuple[Any, Any, str]]:
    inv, power, cost = metrics.inventory, metrics.power, metrics.cost
    rows: list[tuple[Any, Any, str]] = [
        ("Design", design.name, ""),
        ("Accelerators", inv.accelerators, "count"),
        ("Servers", inv.servers, "count"),
        ("Racks", inv.racks, "count"),
        ("Switches", sum(inv.switches_by_tier.values()), "count"),
        ("Links", sum(inv.links_by_bundle.values()), "count"),
        ("Bisection", metrics.bisection.gbps / 1000, "Tb/s"),
        ("Bisection, fraction of full", metrics.bisection.fraction_of_full, "fraction"),
        ("Peak dense BF16", metrics.compute.campus_pflops, "PFLOPS"),
        ("IT power", power.it_kw, "kW"),
        ("Facility power", power.facility_kw, "kW"),
    ]
    if cost is not None:
        def money(usd: float | None) -> float | None:
            return None if usd is None else usd * rate

        rows += [
            ("CAPEX", money(cost.capex_usd), cur),
            ("Network CAPEX (switches, optics, cables)", money(cost.network_usd), cur),
            ("Network share of CAPEX", cost.network_share, "fraction"),
            ("CAPEX per accelerator", money(cost.per_accelerator_usd), cur),
            ("Network CAPEX per accelerator", money(cost.network_per_accelerator_usd), cur),
            ("CAPEX per bisection Tb/s", money(cost.per_bisection_tbps_usd), cur),
            ("CAPEX per PFLOPS", money(cost.per_pflops_usd), cur),
            ("Energy per year", cost.energy_kwh_per_year / 1000, "MWh"),
            ("Energy cost per year", money(cost.energy_usd_per_year), cur),
            (f"TCO over {cost.years} years", money(cost.tco_usd), cur),
            ("Exchange rate", rate, f"{cur} per USD"),
            ("Prices include estimates", "yes" if cost.any_estimate else "no", ""),
        ]
    return rows


def build_workbook(design: Design, metrics: DesignMetrics) -> Any:
    """The workbook (an ``openpyxl.Workbook``) of ``design`` and its ``metrics``."""
    labels = Labeller(design)
    cur = design.settings.currency
    rate = design.settings.usd_exchange_rate
    cost = metrics.cost
    book = Workbook()
    book.remove(book.active)

    summary = _summary(design, metrics, cur, rate)
    sheet = _sheet(book, "Summary", [("Figure", TEXT, 44), ("Value", DECIMAL, 20),
                                     ("Unit", TEXT, 16)], summary)
    for r, (_, value, unit) in enumerate(summary, start=2):
        if isinstance(value, float | int) and not isinstance(value, bool):
            sheet.cell(row=r, column=2).number_format = (
                SHARE if unit == "fraction" else MONEY if unit == cur else
                COUNT if unit == "count" else DECIMAL)

    power_rows = []
    for b in design.buildings.values():
        bp = metrics.power.buildings[b.id]
        bc = cost.buildings.get(b.id) if cost else None
        power_rows.append((
            labels.element(b.id), bp.capacity_kw, bp.servers_kw, bp.switches_kw,
            bp.transceivers_kw, bp.allowance_kw, bp.it_kw, b.pue, bp.facility_kw,
            bp.utilization, b.electricity_usd_per_kwh * rate,
            bc.energy_kwh_per_year / 1000 if bc else None,
            bc.energy_usd_per_year * rate if bc else None))
    _sheet(book, "Power per building", [
        ("Building", TEXT, 28), ("Capacity (kW)", KW, 14), ("Servers (kW)", KW, 14),
        ("Switches (kW)", KW, 14), ("Transceivers (kW)", KW, 16), ("Allowance (kW)", KW, 14),
        ("IT power (kW)", KW, 14), ("PUE", DECIMAL, 8), ("Facility power (kW)", KW, 16),
        ("Utilization (%)", SHARE, 14), (f"Electricity ({cur}/kWh)", "0.000", 16),
        ("Energy (MWh/year)", KW, 16), (f"Energy cost ({cur}/year)", MONEY, 18),
    ], power_rows)

    items = cost.items if cost else []
    _sheet(book, "Bill of materials", [
        ("Category", TEXT, 12), ("Part", TEXT, 22), ("Name", TEXT, 44),
        ("Quantity", DECIMAL, 14), ("Unit", TEXT, 9), (f"Unit price ({cur})", DECIMAL, 16),
        (f"Total ({cur})", MONEY, 18), ("Price date", TEXT, 11), ("Estimate", TEXT, 9),
        ("Price source", TEXT, 60),
    ], [(i.category, i.part_id, i.name, i.quantity, i.unit, i.unit_usd * rate,
         i.total_usd * rate, i.price_date, "yes" if i.estimate else "no", i.price_source)
        for i in items])

    breakdown = []
    if cost is not None:
        for bc in cost.buildings.values():
            breakdown.append((labels.element(bc.building_id),
                              *(bc.by_category_usd[c] * rate for c in CATEGORIES),
                              bc.capex_usd * rate, bc.energy_usd_per_year * rate))
        breakdown.append(("Campus", *(cost.by_category_usd[c] * rate for c in CATEGORIES),
                          cost.capex_usd * rate, cost.energy_usd_per_year * rate))
    sheet = _sheet(book, "Cost breakdown", [
        ("Building", TEXT, 28),
        *((f"{c.capitalize()} ({cur})", MONEY, 16) for c in CATEGORIES),
        (f"CAPEX ({cur})", MONEY, 18), (f"Energy ({cur}/year)", MONEY, 18),
    ], breakdown)
    if breakdown:  # the campus total in bold
        for cell in sheet[len(breakdown) + 1]:
            cell.font = _HEADER_FONT

    _sheet(book, "Cabling plan", [
        ("Bundle", TEXT, 30), ("Plane", TEXT, 10), ("From", TEXT, 26), ("To", TEXT, 26),
        ("Links", COUNT, 10), ("Speed (Gb/s)", "#,##0", 12), ("Medium", TEXT, 20),
        ("Medium name", TEXT, 40), ("Kind", TEXT, 9), ("Length class", TEXT, 28),
        ("Length (m)", "#,##0.0", 11), ("Reach (m)", "#,##0.0", 11), ("Reaches", TEXT, 9),
        ("Transceivers", COUNT, 13),
    ], [p.row() for p in bundle_plan(design)])

    _sheet(book, "Problems", [("Severity", TEXT, 10), ("Code", TEXT, 24),
                              ("Element", TEXT, 30), ("Message", TEXT, 80)],
           [(p.severity.value, p.code, labels.element(p.element_id) if p.element_id else "",
             p.message) for p in metrics.problems])
    return book


def write_xlsx(design: Design, metrics: DesignMetrics, path: str | os.PathLike[str]) -> None:
    """Write the workbook to ``path`` atomically (raises ``ExportError``)."""
    book = build_workbook(design, metrics)
    with atomic_path(path, suffix=".xlsx") as temporary:
        book.save(temporary)
