"""The metrics dock's Cost tab: CAPEX per building as horizontal bars stacked by
category (servers, switches, optics, cables, racks, keyed beside the bars), the buildings
named beside their bars like the Power chart's (names under upright bars ran into each
other from eight buildings on), with the campus CAPEX in its title and every campus
figure in its tooltip. It draws the engine's
:class:`~model.metrics.cost.Cost` in the design's display currency; it computes no figure
(a currency conversion is a unit change)."""

from __future__ import annotations

import math

import numpy as np
import pyqtgraph as pg
from PySide6.QtWidgets import QWidget

from gui.charts import BarsBeside
from gui.charts_key import KeyBeside
from gui.i18n import QT_TRANSLATE_NOOP, translate
from gui.numbers import decimal_text
from gui.theme import Theme
from model.metrics.cost import CATEGORIES
from model.metrics.results import DesignMetrics

CATEGORY_COLOURS = {"servers": "#0969da", "switches": "#cf222e", "optics": "#bf8700",
                    "cables": "#8250df", "racks": "#6e7781"}
"""One colour per CAPEX category (network categories in warm colours)."""


def money(value: float, currency: str) -> str:
    """``1.23 B USD``, ``45.6 M USD``, ``52.7 K USD`` or ``950 USD``."""
    for size, suffix in ((1e9, " B"), (1e6, " M"), (1e3, " K")):
        if abs(value) >= size:
            return f"{value / size:,.3g}{suffix} {currency}"
    return f"{value:,.0f} {currency}"


def cost_headline(key: str, value: float, metrics: DesignMetrics) -> str:
    """How the dock writes its CAPEX (display currency) and network-share headlines."""
    if math.isnan(value) or metrics.cost is None:
        return "–"
    if key == "capex":
        return money(value, metrics.cost.currency)
    return f"{value:.1%}"


def cost_lines(metrics: DesignMetrics) -> list[str]:
    """The campus cost figures as short lines (empty when there are none)."""
    cost = metrics.cost
    if cost is None:
        return []
    cur, rate = cost.currency, cost.usd_exchange_rate

    def per_acc(usd: float | None) -> str:
        return "" if usd is None else translate("CostChart", " · {money}/acc.").format(
            money=money(usd * rate, cur))

    lines = [translate("CostChart", "CAPEX {money}").format(
        money=money(cost.capex_usd * rate, cur)) + per_acc(cost.per_accelerator_usd)]
    if cost.network_share is not None:
        lines.append(translate("CostChart", "network {money} ({share})").format(
            money=money(cost.network_usd * rate, cur), share=f"{cost.network_share:.1%}")
            + per_acc(cost.network_per_accelerator_usd))
    lines.append(translate("CostChart", "energy {money}/year · TCO {years} y {tco}").format(
        money=money(cost.energy_usd_per_year * rate, cur), years=cost.years,
        tco=money(cost.tco_usd * rate, cur)))
    return lines


CATEGORY_WORDS = {"servers": QT_TRANSLATE_NOOP("CostChart", "servers"),
                  "switches": QT_TRANSLATE_NOOP("CostChart", "switches"),
                  "optics": QT_TRANSLATE_NOOP("CostChart", "optics"),
                  "cables": QT_TRANSLATE_NOOP("CostChart", "cables"),
                  "racks": QT_TRANSLATE_NOOP("CostChart", "racks")}
"""The user's word for each CAPEX category."""


def category_word(category: str) -> str:
    """A CAPEX category in the interface language."""
    word = CATEGORY_WORDS.get(category)
    return translate("CostChart", word) if word else category


class CostChart(BarsBeside):
    """CAPEX per building in millions of the display currency, stacked by category,
    one horizontal bar per building (the first on top)."""

    title = QT_TRANSLATE_NOOP("Charts", "CAPEX per building")

    def __init__(self, theme: Theme, parent: QWidget | None = None) -> None:
        self.lines: list[str] = []
        """The campus figures: the first is the title, all are the tooltip."""
        super().__init__(theme, parent)
        self.key = KeyBeside(self.getPlotItem(), theme)
        self.bars: dict[str, list[float]] = {}
        """Millions of the display currency per building, by category."""
        self.buildings: list[str] = []
        self.currency = ""

    def figures(self, metrics: DesignMetrics, names: dict[str, str]) -> object:
        cost = metrics.cost
        if cost is None:
            return None
        return (cost.currency, cost.usd_exchange_rate, cost.years, cost.tco_usd,
                tuple((names.get(b.building_id, b.building_id),
                       tuple(b.by_category_usd.values())) for b in cost.buildings.values()))

    def show_title(self) -> None:
        """The first campus figure line as the title, cut to the chart's width like any
        chart's: three lines of title left a dock 125 px high no room for the bars."""
        self.title = self.lines[0] if self.lines else CostChart.title
        super().show_title()

    def show_metrics(self, metrics: DesignMetrics, names: dict[str, str]) -> None:
        cost = metrics.cost
        self.lines = cost_lines(metrics) if cost is not None and cost.buildings else []
        self.reset()
        self.bars = {}
        self.buildings = []
        if cost is None or not cost.buildings:
            self.say_empty(translate("CostChart", "No buildings to price"))
            return
        self.setToolTip("\n".join(self.lines) + (
            "\n" + translate("CostChart", "Prices include estimates (see the catalog).")
            if cost.any_estimate else ""))
        buildings = list(cost.buildings.values())
        self.buildings = [names.get(b.building_id, b.building_id) for b in buildings]
        self.currency = cost.currency
        ys = -np.arange(len(buildings), dtype=float)
        base = np.zeros(len(buildings))
        scale = cost.usd_exchange_rate / 1e6
        for category in CATEGORIES:
            widths = np.array([b.by_category_usd[category] * scale for b in buildings])
            self.bars[category] = widths.tolist()
            if not widths.any():
                continue
            self.addItem(pg.BarGraphItem(x0=base.copy(), y=ys, width=widths, height=0.6,
                                         brush=CATEGORY_COLOURS[category], pen=pg.mkPen(None),
                                         name=category_word(category)))
            base += widths
        self.key.setVisible(True)
        self.place(self.buildings, float(base.max()) if base.size else 0.0)
        self.getPlotItem().setLabel("bottom", translate("CostChart", "M {currency}").format(
            currency=cost.currency))
        self.show_title()

    def readout(self, x: float, y: float) -> str | None:
        k = self.category_at(y, len(self.buildings))
        if k is None or x < 0:
            return None
        before = 0.0
        for category in CATEGORIES:
            width = self.bars[category][k]
            if before <= x < before + width:
                return translate("CostChart", "{building}: {category} {amount} M {currency}"
                                 ).format(building=self.buildings[k],
                                          category=category_word(category),
                                          amount=decimal_text(width, 1),
                                          currency=self.currency)
            before += width
        return None
