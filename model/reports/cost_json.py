"""The ``cost`` section of the JSON report (``report --json``, ``export --json``).

All money is in US dollars (keys end in ``_usd``); ``currency`` and
``usd_exchange_rate`` say how the design wants it shown. Buildings and parts are named
as elsewhere in the report (see :mod:`model.reports.labels`).
"""

from __future__ import annotations

from typing import Any

from model.design import Design
from model.i18n import Translator
from model.metrics.cost import Cost
from model.reports.labels import Labeller
from model.reports.words import term


def _number(value: float | None) -> float | None:
    return None if value is None else float(value)


def cost_to_json(design: Design, cost: Cost | None) -> dict[str, Any] | None:
    """The cost figures as JSON-ready data (None when they were not computed)."""
    if cost is None:
        return None
    labels = Labeller(design)
    return {
        "currency": cost.currency,
        "usd_exchange_rate": cost.usd_exchange_rate,
        "years": cost.years,
        "capex_usd": _number(cost.capex_usd),
        "capex_by_category_usd": {k: _number(v) for k, v in cost.by_category_usd.items()},
        "network_usd": _number(cost.network_usd),
        "network_share": _number(cost.network_share),
        "per_accelerator_usd": _number(cost.per_accelerator_usd),
        "network_per_accelerator_usd": _number(cost.network_per_accelerator_usd),
        "energy_kwh_per_year": _number(cost.energy_kwh_per_year),
        "energy_usd_per_year": _number(cost.energy_usd_per_year),
        "tco_usd": _number(cost.tco_usd),
        "per_bisection_tbps_usd": _number(cost.per_bisection_tbps_usd),
        "network_per_bisection_tbps_usd": _number(cost.network_per_bisection_tbps_usd),
        "per_pflops_usd": _number(cost.per_pflops_usd),
        "buildings": {
            labels.element(b.building_id): {
                "capex_usd": _number(b.capex_usd),
                "capex_by_category_usd": {k: _number(v) for k, v in b.by_category_usd.items()},
                "electricity_usd_per_kwh": _number(b.electricity_usd_per_kwh),
                "energy_kwh_per_year": _number(b.energy_kwh_per_year),
                "energy_usd_per_year": _number(b.energy_usd_per_year),
            }
            for b in cost.buildings.values()
        },
        "items": [
            {
                "category": i.category,
                "part": i.part_id,
                "name": i.name,
                "quantity": _number(i.quantity),
                "unit": i.unit,
                "unit_usd": _number(i.unit_usd),
                "total_usd": _number(i.total_usd),
                "price_date": i.price_date,
                "estimate": i.estimate,
                "price_source": i.price_source,
            }
            for i in cost.items
        ],
        "unpriced_parts": list(cost.unpriced),
        "any_estimate": cost.any_estimate,
    }


def _money(usd: float | None, cost: Cost) -> str:
    """An amount in the display currency, whole units with thousands separators."""
    if usd is None:
        return "–"
    return f"{usd * cost.usd_exchange_rate:,.0f} {cost.currency}"


def cost_summary_rows(cost: Cost, lang: str | None = None) -> list[tuple[str, str]]:
    """The campus cost figures as (figure, text) rows for printed reports, named in
    ``lang`` (English when None)."""
    t = Translator(lang)
    share = "–" if cost.network_share is None else f"{cost.network_share:.1%}"
    return [
        (t.phrase("cost", "CAPEX"), _money(cost.capex_usd, cost)),
        *((f"  {term(t, c)}", _money(v, cost)) for c, v in cost.by_category_usd.items()),
        (t.phrase("cost", "Network (switches, optics, cables)"),
         f"{_money(cost.network_usd, cost)} ({share})"),
        (t.phrase("cost", "CAPEX per accelerator"), _money(cost.per_accelerator_usd, cost)),
        (t.phrase("cost", "Network per accelerator"),
         _money(cost.network_per_accelerator_usd, cost)),
        (t.phrase("cost", "CAPEX per bisection Tb/s"),
         _money(cost.per_bisection_tbps_usd, cost)),
        (t.phrase("cost", "CAPEX per PFLOPS"), _money(cost.per_pflops_usd, cost)),
        (t.phrase("cost", "Energy per year"), f"{cost.energy_kwh_per_year / 1000:,.0f} MWh,"
                                              f" {_money(cost.energy_usd_per_year, cost)}"),
        (t.phrase("cost", "TCO over {years} years", years=cost.years),
         _money(cost.tco_usd, cost)),
        (t.phrase("cost", "Prices"), t.phrase("cost", "include estimates")
         if cost.any_estimate else t.phrase("cost", "list prices")),
    ]


def cost_building_rows(design: Design, cost: Cost) -> list[tuple[str, ...]]:
    """Per building: CAPEX by category, CAPEX and energy per year, as text rows in
    millions of the display currency."""
    labels = Labeller(design)

    def millions(usd: float) -> str:
        return f"{usd * cost.usd_exchange_rate / 1e6:,.1f}"

    return [
        (labels.element(b.building_id), *(millions(v) for v in b.by_category_usd.values()),
         millions(b.capex_usd), millions(b.energy_usd_per_year))
        for b in cost.buildings.values()
    ]
