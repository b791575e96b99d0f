"""The metrics dock: headline figures and charts of the latest metrics, and whether they
are being refreshed. It shows :class:`~model.metrics.results.DesignMetrics` as they come
from the engine; it computes nothing."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QGridLayout, QLabel, QTabWidget, QVBoxLayout, QWidget

from gui.chart_heat_map import IslandPairsChart
from gui.charts import BuildingPairsChart, Chart, HopsChart, PowerChart
from gui.compute_breakdown import compute_tooltip
from gui.cost_tab import CostChart, cost_headline
from gui.i18n import QT_TRANSLATE_NOOP, translate
from gui.not_computed import not_computed_text, reason_of, status_text, status_tooltip
from gui.numbers import count_text, decimal_text, pflops_text
from gui.theme import Theme
from model.design import Design
from model.metrics.reliability import Goodput
from model.metrics.results import DesignMetrics

HEADLINES: tuple[tuple[str, str, str], ...] = (
    ("accelerators", QT_TRANSLATE_NOOP("MetricsDock", "Accelerators"),
     QT_TRANSLATE_NOOP("MetricsDock", "Accelerators in the design")),
    ("bisection_tbps", QT_TRANSLATE_NOOP("MetricsDock", "Bisection"),
     QT_TRANSLATE_NOOP("MetricsDock", "Minimum balanced bisection, Tb/s each way")),
    ("fraction_of_full", QT_TRANSLATE_NOOP("MetricsDock", "of full bisection"),
     QT_TRANSLATE_NOOP("MetricsDock",
                       "Bisection ÷ (N/2 × injection bandwidth per accelerator)")),
    ("per_accelerator_gbps", QT_TRANSLATE_NOOP("MetricsDock", "Bisection per GPU"),
     QT_TRANSLATE_NOOP("MetricsDock", "Bisection ÷ (N/2), Gb/s")),
    ("mean_hops", QT_TRANSLATE_NOOP("MetricsDock", "Mean hops"),
     QT_TRANSLATE_NOOP("MetricsDock", "Mean switch hops over scale-out accelerator pairs")),
    ("max_hops", QT_TRANSLATE_NOOP("MetricsDock", "Max hops"),
     QT_TRANSLATE_NOOP("MetricsDock", "Largest switch-hop count between two accelerators")),
    ("it_mw", QT_TRANSLATE_NOOP("MetricsDock", "IT power"),
     QT_TRANSLATE_NOOP("MetricsDock", "Servers + switches + transceivers + allowance, MW")),
    ("facility_mw", QT_TRANSLATE_NOOP("MetricsDock", "Facility power"),
     QT_TRANSLATE_NOOP("MetricsDock", "IT × PUE, summed over buildings, MW")),
    ("pflops", QT_TRANSLATE_NOOP("MetricsDock", "Peak BF16"),
     QT_TRANSLATE_NOOP("MetricsDock", "Peak dense BF16, PFLOPS")),
    ("interruptions_per_day", QT_TRANSLATE_NOOP("MetricsDock", "Interruptions/day"),
     QT_TRANSLATE_NOOP("MetricsDock",
                       "Expected interruptions per day of the job (all accelerators unless "
                       "the settings say), from the Llama 3 failure rates; see "
                       "docs/metrics.md, Reliability")),
    ("goodput", QT_TRANSLATE_NOOP("MetricsDock", "Goodput"),
     QT_TRANSLATE_NOOP("MetricsDock",
                       "Share of time training, checkpointing at Young's interval")),
    ("problems", QT_TRANSLATE_NOOP("MetricsDock", "Problems"),
     QT_TRANSLATE_NOOP("MetricsDock", "Errors and warnings in the design")),
    ("capex", QT_TRANSLATE_NOOP("MetricsDock", "CAPEX"),
     QT_TRANSLATE_NOOP("MetricsDock",
                       "Servers, racks, switches, optics and cables at catalog prices "
                       "(estimates), in the design's currency; the Cost tab breaks it down")),
    ("network_share", QT_TRANSLATE_NOOP("MetricsDock", "Network share"),
     QT_TRANSLATE_NOOP("MetricsDock", "Switches, optics and cables ÷ CAPEX")),
)
"""Headline figures: key, title and tooltip (English; translated when shown)."""
COLUMNS = 3
"""Headline figures side by side."""
CHART_RETRY_MS = 16
CHART_WAIT_TURNS = 30
"""How often, and how many times at most, fresh figures' chart looks again whether the
canvas has finished drawing (about half a second: a chart is never left behind)."""
CHART_LEAST_PX = 16
"""A chart's least height in the dock (its own least, 110 px, is for a chart on its
own): on a 1280×720 screen in Chinese the inspector's tallest form, the headline
figures and a 110 px chart do not all fit the window's height; the chart is what gives
way, down to its tab bar (dragging the splitter above the dock, or selecting nothing
and closing the inspector, gives it back). In English it keeps its 110 px there."""
SKIPPED_BY: dict[str, str] = {"mean_hops": "hops", "max_hops": "hops",
                              "bisection_tbps": "bisection", "fraction_of_full": "bisection",
                              "per_accelerator_gbps": "bisection"}
"""The engine's figure (a key of ``DesignMetrics.not_computed``) each headline
depends on."""
OVER_ACCELERATORS = ("fraction_of_full", "per_accelerator_gbps", "mean_hops", "max_hops",
                     "interruptions_per_day", "goodput")
"""Headlines that are ratios, means or extremes over the accelerators, their pairs or
the job that runs on them: a design without accelerators has none to show (its "0.0 %"
or "100.0 %" would be made up), so they read "–"."""
NO_ACCELERATORS = QT_TRANSLATE_NOOP(
    "MetricsDock", "No accelerators in the design: there is nothing to compute this over")
"""Why a figure of :data:`OVER_ACCELERATORS` reads "–" (English; translated when shown)."""


def undefined(key: str, metrics: DesignMetrics) -> bool:
    """True when headline ``key`` has no meaning for ``metrics`` (no accelerators)."""
    return key in OVER_ACCELERATORS and metrics.inventory.accelerators == 0


def headline_values(metrics: DesignMetrics) -> dict[str, float]:
    """The headline figures of ``metrics`` in the units the dock shows (no new figure:
    unit changes only)."""
    values = {
        "accelerators": float(metrics.inventory.accelerators),
        "bisection_tbps": metrics.bisection.gbps / 1000,
        "fraction_of_full": metrics.bisection.fraction_of_full,
        "per_accelerator_gbps": metrics.bisection.per_accelerator_gbps,
        "mean_hops": metrics.hops.mean,
        "max_hops": float(metrics.hops.max),
        "it_mw": metrics.power.it_kw / 1000,
        "facility_mw": metrics.power.facility_kw / 1000,
        "pflops": metrics.compute.campus_pflops,
        "problems": float(len(metrics.problems)),
        "capex": (metrics.cost.capex_usd * metrics.cost.usd_exchange_rate
                  if metrics.cost else math.nan),
        "network_share": (metrics.cost.network_share
                          if metrics.cost and metrics.cost.network_share is not None
                          else math.nan),
    }
    if metrics.reliability is not None:
        values["interruptions_per_day"] = metrics.reliability.job.per_day
        values["goodput"] = metrics.reliability.goodput.goodput
    return values


def format_headline(key: str, value: float, metrics: DesignMetrics) -> str:
    """How one headline figure is written: hops the engine left out read "not
    computed"; a bisection it left out is its upper bound, written "≤ …"; a ratio over
    no accelerators "–"."""
    if undefined(key, metrics):
        return "–"
    skipped = reason_of(metrics, SKIPPED_BY.get(key, ""))
    if skipped is not None and key in ("mean_hops", "max_hops"):
        return not_computed_text()
    if skipped is not None and key in ("fraction_of_full", "per_accelerator_gbps"):
        return "≤ " + format_headline(key, value, replace(metrics, not_computed={}))
    if key in ("accelerators", "max_hops", "problems"):
        return count_text(value)
    if key == "bisection_tbps":
        text = f"{value:,.1f} Tb/s"
        bound = metrics.bisection.lower_bound_gbps
        if metrics.bisection.exact:
            return text
        if bound is None or skipped is not None:
            return f"≤ {text}"
        # two lines, so the figure does not widen its column of the dock
        return translate("MetricsDock", "≥ {bound} (proven)\n… best cut {figure}").format(
            bound=f"{bound / 1000:,.1f}", figure=text)
    if key == "interruptions_per_day":
        return f"{value:,.2f}"
    if key in ("fraction_of_full", "goodput"):
        return f"{value:.1%}"
    if key == "per_accelerator_gbps":
        return f"{decimal_text(value, 1)} Gb/s"
    if key == "mean_hops":
        return f"{value:.2f}"
    if key in ("it_mw", "facility_mw"):
        return f"{value:,.1f} MW"
    if key in ("capex", "network_share"):
        return cost_headline(key, value, metrics)
    return f"{pflops_text(value)} PF"


class ChartTabs(QTabWidget):
    """The dock's tabs, whose height is the dock's to give: a page with wrapped text
    (the What-if tab's note) asked, through height-for-width, for more than the dock
    had, and the headline figures above were pressed together and cut at 1280×720."""

    def hasHeightForWidth(self) -> bool:
        return False


class MetricsDock(QWidget):
    """Headline figures over a tab of charts."""

    metrics_shown = Signal(object)
    """Fresh metrics are on show (others, such as the what-if, add to them then)."""

    def __init__(self, design: Design, theme: Theme, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.design = design
        self.metrics: DesignMetrics | None = None
        self.values: dict[str, float] = {}
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 6)
        self.state = QLabel(self.tr("Computing…"), self)
        self.state.setWordWrap(True)  # a line naming figures left out must not widen the dock
        layout.addWidget(self.state)
        grid = QGridLayout()
        grid.setHorizontalSpacing(14)
        grid.setVerticalSpacing(2)
        self.labels: dict[str, QLabel] = {}
        for n, (key, title, english_tip) in enumerate(HEADLINES):
            tip = translate("MetricsDock", english_tip)
            name = QLabel(translate("MetricsDock", title), self)
            # one line of the dock's own font: a Chinese title drawn in the CJK fallback
            # font would ask for 4 px more a row, and the dock no longer fit 720 px
            name.setMaximumHeight(name.fontMetrics().height())
            name.setToolTip(tip)
            value = QLabel("–", self)
            value.setToolTip(tip)
            value.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            font = value.font()
            font.setPointSizeF(font.pointSizeF() * 1.1)
            font.setBold(True)
            value.setFont(font)
            # never squeezed below its line: a tab taller than a chart (What-if) pressed
            # the rows together at 1280×720 and cut the figures' bottoms ("98,304" read
            # "98.304")
            value.setMinimumHeight(QFontMetrics(font).height())
            name.setMinimumHeight(name.fontMetrics().height())
            # three figures a row: the ten fit in four rows, leaving the chart room on
            # a 720-pixel-high screen
            row, col = divmod(n, COLUMNS)
            grid.addWidget(name, 2 * row, col)
            grid.addWidget(value, 2 * row + 1, col)
            self.labels[key] = value
        layout.addLayout(grid)
        self.tabs = ChartTabs(self)
        self.charts: dict[str, Chart] = {
            "hops": HopsChart(theme), "power": PowerChart(theme),
            "islands": IslandPairsChart(theme), "buildings": BuildingPairsChart(theme)}
        self.charts["cost"] = CostChart(theme)
        for chart in self.charts.values():
            chart.setMinimumHeight(min(chart.minimumHeight(), CHART_LEAST_PX))
        for key, title in (("hops", self.tr("Hops")), ("power", self.tr("Power")),
                           ("islands", self.tr("Islands")),
                           ("buildings", self.tr("Buildings")), ("cost", self.tr("Cost"))):
            self.tabs.addTab(self.charts[key], title)
        layout.addWidget(self.tabs, 1)
        self._stale_charts: set[str] = set()
        self._chart_timer = QTimer(self)
        """Draws the chart on show a turn of the event loop after fresh figures (the
        newest then), so that the figures and their chart are two short pieces of work."""
        self._chart_timer.setSingleShot(True)
        self._chart_timer.setInterval(0)
        self._chart_timer.timeout.connect(self._chart_due)
        self.canvas_busy: Callable[[], bool] = lambda: False
        """True while the canvas has drawing or routing left for coming turns of the
        event loop (set by the window). The chart waits for it, up to
        :data:`CHART_WAIT_TURNS` turns of :data:`CHART_RETRY_MS`: a chart drawn while
        the canvas still paints is painted in the same turn as the canvas (Qt repaints
        the window's dirty widgets together), and the two then made one stall."""
        self._chart_waits = 0
        self.tabs.currentChanged.connect(lambda _index: self._draw_current_chart())
        self.set_busy(True)

    def set_busy(self, busy: bool) -> None:
        """Say that the figures are being refreshed (they are greyed meanwhile)."""
        self.state.setText(self.tr("⟳ Refreshing figures…") if busy
                           else self.tr("✓ Up to date"))
        self.state.setStyleSheet("color: #9a6700;" if busy else "color: #1a7f37;")
        for label in self.labels.values():
            label.setEnabled(not busy)

    def show_failure(self, message: str) -> None:
        """The engine could not compute this design."""
        self.state.setText(self.tr("Metrics failed: {message}").format(message=message))
        self.state.setStyleSheet("color: #cf222e;")

    def duration_words(self, seconds: float) -> str:
        """A duration as a person reads it: seconds below two minutes, minutes below
        two hours, hours beyond (one decimal below ten)."""
        if not math.isfinite(seconds):
            return "∞"
        if seconds < 120:
            return self.tr("{n} s").format(n=f"{seconds:,.0f}")
        if seconds < 7200:
            minutes = seconds / 60
            return self.tr("{n} min").format(
                n=f"{minutes:,.1f}" if minutes < 10 else f"{minutes:,.0f}")
        hours = seconds / 3600
        return self.tr("{n} h").format(n=f"{hours:,.1f}" if hours < 10 else f"{hours:,.0f}")

    def goodput_reasons(self, goodput: Goodput) -> str:
        """What the goodput is made of, so that a low one (0 % for a large job whose
        interruptions come faster than it restarts) reads as arithmetic, not a fault."""
        return self.tr(
            "An interruption every {mtbi} on average; a checkpoint written every {interval}"
            " ({write} s each); {restart} s to restart after each interruption").format(
                mtbi=self.duration_words(goodput.mtbi_s),
                interval=self.duration_words(goodput.young_interval_s),
                write=f"{goodput.checkpoint_write_s:,.0f}",
                restart=f"{goodput.restart_s:,.0f}")

    def show_metrics(self, metrics: DesignMetrics) -> None:
        """Show fresh metrics: the headlines now, the chart on show a turn of the event
        loop later (:meth:`chart_pending` until then), the other charts when their tab
        is opened."""
        self.metrics = metrics
        self.values = headline_values(metrics)
        tips = {key: translate("MetricsDock", tip) for key, _title, tip in HEADLINES}
        bis = metrics.bisection
        if not bis.exact:
            tips["bisection_tbps"] += self.tr(" (best cut found: upper bound)")
            if bis.lower_bound_gbps is not None:
                tips["bisection_tbps"] += self.tr(
                    "; the minimum is proven at least the first figure (a flow that fits"
                    " in the links)")
        if metrics.reliability is not None and not undefined("goodput", metrics):
            tips["goodput"] += "\n" + self.goodput_reasons(metrics.reliability.goodput)
        for key in OVER_ACCELERATORS:
            if undefined(key, metrics):
                tips[key] += "\n" + translate("MetricsDock", NO_ACCELERATORS)
        for key, value in self.values.items():
            self.labels[key].setText(format_headline(key, value, metrics))
            skipped = reason_of(metrics, SKIPPED_BY.get(key, ""))
            self.labels[key].setToolTip(tips[key] if skipped is None
                                        else f"{tips[key]}\n{skipped}")
        self.labels["pflops"].setToolTip(compute_tooltip(metrics.compute, self.design.catalog))
        # Only the chart on show is drawn, in the next turn of the event loop (with the
        # newest figures then: the headlines and the chart are two pieces of work, not
        # one); the others when their tab is opened, so that fresh figures cost the
        # event loop one chart, not four.
        self._stale_charts = set(self.charts)
        self._chart_waits = 0
        self._chart_timer.start(0)
        self.set_busy(False)
        if metrics.not_computed:
            # the time budget left figures out: a line that says which, and why
            self.state.setText(f"⚠ {status_text(metrics)}")
            self.state.setStyleSheet("color: #9a6700;")
        self.state.setToolTip(status_tooltip(metrics))
        self.metrics_shown.emit(metrics)

    def chart_pending(self) -> bool:
        """True while the chart on show waits to be drawn with the latest figures."""
        return self._chart_timer.isActive()

    def _chart_due(self) -> None:
        """The chart's turn: drawn now, or a little later while the canvas is busy."""
        if self.canvas_busy() and self._chart_waits < CHART_WAIT_TURNS:
            self._chart_waits += 1
            self._chart_timer.start(CHART_RETRY_MS)
            return
        self._chart_waits = 0
        self._chart_timer.setInterval(0)
        self._draw_current_chart()

    def _draw_current_chart(self) -> None:
        current = self.tabs.currentWidget()
        for key, chart in self.charts.items():
            if chart is current and key in self._stale_charts and self.metrics is not None:
                names = {e.id: e.name for e in self.design.all_elements()}
                chart.draw(self.metrics, names)
                self._stale_charts.discard(key)

    def forget(self) -> None:
        """Another design was opened: clear the figures and charts of the previous one
        until the new figures arrive."""
        self.metrics = None
        self.values = {}
        for label in self.labels.values():
            label.setText("–")
        for chart in self.charts.values():
            chart.forget()
        self._stale_charts = set(self.charts)
        self.set_busy(True)

    def show_chart(self, key: str) -> Chart:
        """Bring a chart's tab to the front (drawing it if needed); returns the chart."""
        self.tabs.setCurrentWidget(self.charts[key])
        self._draw_current_chart()
        return self.charts[key]

    def text_of(self, key: str) -> str:
        """The text shown for a headline figure."""
        return self.labels[key].text()

    def apply_theme(self, theme: Theme) -> None:
        """Repaint the charts in another theme."""
        for chart in self.charts.values():
            chart.apply_theme(theme)
        if self.metrics is not None:
            self.show_metrics(self.metrics)
