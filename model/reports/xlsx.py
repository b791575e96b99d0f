"""The design as an Excel workbook for the purchasing team (openpyxl).

Sheets, in order: ``Summary``, ``Power per building``, ``Bill of materials``,
``Cost breakdown``, ``Cabling plan``, ``Problems``. Every sheet has one header row with
the unit in each header, frozen, with number formats and column widths set; money is in
the design's display currency (US dollars × ``usd_exchange_rate``). Figures are values,
not formulas, so the workbook reads the same in any program.

Every text cell is written as an explicit string cell, so a name such as ``=SUM(A1)``
is shown as text and never evaluated.

With ``lang`` (``"zh_CN"``) the sheet names, headers, figure names, units in words and
the problems are written in that language (see :mod:`model.i18n`), and so are the names
of the built-in parts in the bill of materials and the cabling plan (as in the PDF
report: :func:`model.part_names.part_name`); names the user gave, and the parts of the
user's own catalog, stay as they are.
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
from model.i18n import Translator, mark
from model.metrics.cost import CATEGORIES
from model.metrics.results import DesignMetrics
from model.part_names import part_name
from model.reports.atomic import atomic_path
from model.reports.bom import bom_lines
from model.reports.cabling import bundle_plan
from model.reports.labels import Labeller
from model.reports.words import term, yes_no

SHEETS = (mark("workbook", "Summary"), mark("workbook", "Power per building"),
          mark("workbook", "Bill of materials"), mark("workbook", "Cost breakdown"),
          mark("workbook", "Cabling plan"), mark("workbook", "Problems"))
"""Sheet names (in English), in workbook order."""

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


def _summary(t: Translator, design: Design, metrics: DesignMetrics, cur: str, rate: float
             ) -> list[tuple[Any, Any, str]]:
    inv, power, cost = metrics.inventory, metrics.power, metrics.cost
    rows: list[tuple[Any, Any, str]] = [
        (t.phrase("workbook", "Design"), design.name, ""),
        (t.phrase("workbook", "Accelerators"), inv.accelerators, "count"),
        (t.phrase("workbook", "Servers"), inv.servers, "count"),
        (t.phrase("workbook", "Racks"), inv.racks, "count"),
        (t.phrase("workbook", "Switches"), sum(inv.switches_by_tier.values()), "count"),
        (t.phrase("workbook", "Links"), sum(inv.links_by_bundle.values()), "count"),
        (t.phrase("workbook", "Bisection"), metrics.bisection.gbps / 1000, "Tb/s"),
        (t.phrase("workbook", "Bisection, fraction of full"),
         metrics.bisection.fraction_of_full, "fraction"),
        (t.phrase("workbook", "Peak dense BF16"), metrics.compute.campus_pflops, "PFLOPS"),
        (t.phrase("workbook", "IT power"), power.it_kw, "kW"),
        (t.phrase("workbook", "Facility power"), power.facility_kw, "kW"),
    ]
    if cost is not None:
        def money(usd: float | None) -> float | None:
            return None if usd is None else usd * rate

        rows += [
            (t.phrase("workbook", "CAPEX"), money(cost.capex_usd), cur),
            (t.phrase("workbook", "Network CAPEX (switches, optics, cables)"),
             money(cost.network_usd), cur),
            (t.phrase("workbook", "Network share of CAPEX"), cost.network_share, "fraction"),
            (t.phrase("workbook", "CAPEX per accelerator"), money(cost.per_accelerator_usd),
             cur),
            (t.phrase("workbook", "Network CAPEX per accelerator"),
             money(cost.network_per_accelerator_usd), cur),
            (t.phrase("workbook", "CAPEX per bisection Tb/s"),
             money(cost.per_bisection_tbps_usd), cur),
            (t.phrase("workbook", "CAPEX per PFLOPS"), money(cost.per_pflops_usd), cur),
            (t.phrase("workbook", "Energy per year"), cost.energy_kwh_per_year / 1000, "MWh"),
            (t.phrase("workbook", "Energy cost per year"), money(cost.energy_usd_per_year),
             cur),
            (t.phrase("workbook", "TCO over {years} years", years=cost.years),
             money(cost.tco_usd), cur),
            (t.phrase("workbook", "Exchange rate"), rate,
             t.phrase("workbook", "{currency} per USD", currency=cur)),
            (t.phrase("workbook", "Prices include estimates"), yes_no(t, cost.any_estimate),
             ""),
        ]
    return rows


def build_workbook(design: Design, metrics: DesignMetrics, lang: str | None = None) -> Any:
    """The workbook (an ``openpyxl.Workbook``) of ``design`` and its ``metrics``, its
    words in ``lang`` (English when None)."""
    t = Translator(lang)
    labels = Labeller(design)
    cur = design.settings.currency
    rate = design.settings.usd_exchange_rate
    cost = metrics.cost
    book = Workbook()
    book.remove(book.active)
    sheets = [t.translate("workbook", name) for name in SHEETS]

    summary = _summary(t, design, metrics, cur, rate)
    unit_words = {"count": t.phrase("workbook", "count"),
                  "fraction": t.phrase("workbook", "fraction")}
    sheet = _sheet(book, sheets[0], [(t.phrase("workbook", "Figure"), TEXT, 44),
                                     (t.phrase("workbook", "Value"), DECIMAL, 20),
                                     (t.phrase("workbook", "Unit"), TEXT, 16)],
                   [(name, value, unit_words.get(unit, unit))
                    for name, value, unit in summary])
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
    _sheet(book, sheets[1], [
        (t.phrase("workbook", "Building"), TEXT, 28),
        (t.phrase("workbook", "Capacity (kW)"), KW, 14),
        (t.phrase("workbook", "Servers (kW)"), KW, 14),
        (t.phrase("workbook", "Switches (kW)"), KW, 14),
        (t.phrase("workbook", "Transceivers (kW)"), KW, 16),
        (t.phrase("workbook", "Allowance (kW)"), KW, 14),
        (t.phrase("workbook", "IT power (kW)"), KW, 14), ("PUE", DECIMAL, 8),
        (t.phrase("workbook", "Facility power (kW)"), KW, 16),
        (t.phrase("workbook", "Utilization (%)"), SHARE, 14),
        (t.phrase("workbook", "Electricity ({currency}/kWh)", currency=cur), "0.000", 16),
        (t.phrase("workbook", "Energy (MWh/year)"), KW, 16),
        (t.phrase("workbook", "Energy cost ({currency}/year)", currency=cur), MONEY, 18),
    ], power_rows)

    _sheet(book, sheets[2], [
        (t.phrase("workbook", "Category"), TEXT, 12), (t.phrase("workbook", "Part"), TEXT, 22),
        (t.phrase("workbook", "Name"), TEXT, 44), (t.phrase("workbook", "Quantity"), DECIMAL, 14),
        (t.phrase("workbook", "Unit"), TEXT, 9),
        (t.phrase("workbook", "Unit price ({currency})", currency=cur), DECIMAL, 16),
        (t.phrase("workbook", "Total ({currency})", currency=cur), MONEY, 18),
        (t.phrase("workbook", "Price date"), TEXT, 11),
        (t.phrase("workbook", "Estimate"), TEXT, 9),
        (t.phrase("workbook", "Price source"), TEXT, 60),
    ], [(term(t, i.category), i.part_id, line.name, i.quantity, term(t, i.unit),
         i.unit_usd * rate, i.total_usd * rate, i.price_date, yes_no(t, i.estimate),
         i.price_source)
        for line in bom_lines(design, metrics, t.lang) for i in (line.item,)])

    breakdown = []
    if cost is not None:
        for bc in cost.buildings.values():
            breakdown.append((labels.element(bc.building_id),
                              *(bc.by_category_usd[c] * rate for c in CATEGORIES),
                              bc.capex_usd * rate, bc.energy_usd_per_year * rate))
        breakdown.append((t.phrase("workbook", "Campus"),
                          *(cost.by_category_usd[c] * rate for c in CATEGORIES),
                          cost.capex_usd * rate, cost.energy_usd_per_year * rate))
    sheet = _sheet(book, sheets[3], [
        (t.phrase("workbook", "Building"), TEXT, 28),
        *((t.phrase("workbook", "{category} ({currency})", category=_capital(term(t, c)),
                    currency=cur), MONEY, 16) for c in CATEGORIES),
        (t.phrase("workbook", "CAPEX ({currency})", currency=cur), MONEY, 18),
        (t.phrase("workbook", "Energy ({currency}/year)", currency=cur), MONEY, 18),
    ], breakdown)
    if breakdown:  # the campus total in bold
        for cell in sheet[len(breakdown) + 1]:
            cell.font = _HEADER_FONT

    _sheet(book, sheets[4], [
        (t.phrase("workbook", "Bundle"), TEXT, 30), (t.phrase("workbook", "Plane"), TEXT, 10),
        (t.phrase("workbook", "From"), TEXT, 26), (t.phrase("workbook", "To"), TEXT, 26),
        (t.phrase("workbook", "Links"), COUNT, 10),
        (t.phrase("workbook", "Speed (Gb/s)"), "#,##0", 12),
        (t.phrase("workbook", "Medium"), TEXT, 20),
        (t.phrase("workbook", "Medium name"), TEXT, 40),
        (t.phrase("workbook", "Kind"), TEXT, 9),
        (t.phrase("workbook", "Length class"), TEXT, 28),
        (t.phrase("workbook", "Length (m)"), "#,##0.0", 11),
        (t.phrase("workbook", "Reach (m)"), "#,##0.0", 11),
        (t.phrase("workbook", "Reaches"), TEXT, 9),
        (t.phrase("workbook", "Transceivers"), COUNT, 13),
    ], [_cabling_words(t, p.row()) for p in bundle_plan(design)])

    _sheet(book, sheets[5], [(t.phrase("workbook", "Severity"), TEXT, 10),
                             (t.phrase("workbook", "Code"), TEXT, 24),
                             (t.phrase("workbook", "Element"), TEXT, 30),
                             (t.phrase("workbook", "Message"), TEXT, 80)],
           [(term(t, p.severity.value), p.code,
             labels.element(p.element_id) if p.element_id else "",
             p.in_language(t.lang)) for p in metrics.problems]
           # headers only read as an export that failed: one row says there are none
           or [(None, None, None, t.phrase("workbook", "No problems."))])
    return book


def _capital(word: str) -> str:
    """``word`` with its first letter capitalized (Chinese is left as it is)."""
    return word[:1].upper() + word[1:]


_WORD_COLUMNS = (1, 8, 9, 12)
"""Columns of the cabling plan's rows holding words (plane, kind, length class,
reaches), shown in the workbook's language."""


_MEDIUM_NAME_COLUMN = 7
"""The column of the cabling plan's rows holding the medium's catalog name."""


def _cabling_words(t: Translator, row: tuple[Any, ...]) -> tuple[Any, ...]:
    return tuple(term(t, value) if c in _WORD_COLUMNS and isinstance(value, str) else
                 part_name(value, t.lang) if c == _MEDIUM_NAME_COLUMN and value else value
                 for c, value in enumerate(row))


def write_xlsx(design: Design, metrics: DesignMetrics, path: str | os.PathLike[str],
               lang: str | None = None) -> None:
    """Write the workbook to ``path`` atomically, its words in ``lang`` (English when
    None; raises ``ExportError``)."""
    book = build_workbook(design, metrics, lang)
    with atomic_path(path, suffix=".xlsx") as temporary:
        book.save(temporary)
