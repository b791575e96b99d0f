"""The metrics dock's charts (pyqtgraph): hops by scope, power per building against
capacity, bandwidth between islands and between buildings. Each chart only draws the
figures of a :class:`~model.metrics.results.DesignMetrics`; none computes one.

Every chart says what is under the mouse in words with units (:meth:`Chart.readout`,
shown as a tooltip), names its categories legibly (horizontal bars with names beside
them; upright names under the heat map), and sets its own axis ranges from the figures
it draws, so an all-zero chart reads "0 … 1", an empty one shows a note and no axes, and
a design opened after another never keeps the first one's axes.
"""

from __future__ import annotations

import math
import textwrap

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QPointF, Qt, QTimer
from PySide6.QtGui import QFont, QFontMetrics, QResizeEvent
from PySide6.QtWidgets import QApplication, QMenu, QToolTip, QWidget

from gui.chart_axes import (
    MAX_CHARS,
    SHORT_NAME,
    NameAxis,
    NumberAxis,
    elide,
)
from gui.charts_key import KeyBeside
from gui.i18n import QT_TRANSLATE_NOOP, translate
from gui.not_computed import reason_of
from gui.numbers import count_text, decimal_text, scale_of
from gui.theme import Theme
from model.metrics.results import DesignMetrics, PairCapacity

CHART_MIN_HEIGHT_PX = 110
"""A chart's least height: small enough that the metrics dock, with its headline figures
and tab bar, still leaves the window within a 1280×720 screen (in Chinese too, whose
menu, status and tab lines are a few pixels taller) with the inspector's fields in sight."""

TITLE_MIN_CHART_PX = 170
"""Below this height a chart leaves its title out (the dock's tab names the chart): on a
1280×720 screen the dock's charts are about 125 px high, and a title took a fifth."""

LEGIBLE_CHART_PX = 60
"""Below this height a chart draws nothing: its bars, numbers and unit would not fit
whole (the metrics dock lets a chart give way down to its tab bar, and at 18 px the
chart's axes ran past its bottom edge, its numbers and unit cut off); its tab names it,
and dragging the dock taller brings it back."""

PLOT_TOP_MARGIN_PX = 4
"""Room above a chart's plot (pyqtgraph leaves 1 px), where a name centred on the top
bar reaches when the chart has no title."""

SCOPES = ("server", "rack", "island", "building", "campus")
SCOPE_COLOURS = ("#8250df", "#0969da", "#1a7f37", "#bf8700", "#cf222e")
SCOPE_WORDS = {"server": QT_TRANSLATE_NOOP("Charts", "same server"),
               "rack": QT_TRANSLATE_NOOP("Charts", "same rack"),
               "island": QT_TRANSLATE_NOOP("Charts", "same island"),
               "building": QT_TRANSLATE_NOOP("Charts", "same building"),
               "campus": QT_TRANSLATE_NOOP("Charts", "different buildings")}
"""How each scope of a pair of accelerators is said (the legend and read-outs; English,
:func:`scope_word` translates)."""

PAIRS_AXIS = {"": QT_TRANSLATE_NOOP("Charts", "pairs"),
              "thousand": QT_TRANSLATE_NOOP("Charts", "thousand pairs"),
              "million": QT_TRANSLATE_NOOP("Charts", "million pairs"),
              "billion": QT_TRANSLATE_NOOP("Charts", "billion pairs"),
              "trillion": QT_TRANSLATE_NOOP("Charts", "trillion pairs")}
"""The hop chart's count axis by the scale its counts are divided by."""


def scope_word(scope: str) -> str:
    """How a scope of accelerator pairs is said, in the interface language."""
    return translate("Charts", SCOPE_WORDS[scope])


def tbps_text(tbps: float) -> str:
    """Bandwidth in Tb/s for a read-out: "2,457.6 Tb/s"."""
    return f"{decimal_text(tbps, 1)} Tb/s"  # units stay as written in every language


class Chart(pg.PlotWidget):  # type: ignore[misc]  # pyqtgraph ships no type hints
    """A plot with the theme's colours, a title and a read-out of what is under the
    mouse; subclasses implement :meth:`show_metrics` and :meth:`readout`."""

    title = ""
    engine_figure = ""
    """The key of ``DesignMetrics.not_computed`` naming this chart's figures ("" for
    figures the engine always computes)."""

    def __init__(self, theme: Theme, parent: QWidget | None = None,
                 axes: dict[str, pg.AxisItem] | None = None) -> None:
        app = QApplication.instance()
        self._widgets_before = set(map(id, app.topLevelWidgets())) \
            if isinstance(app, QApplication) else set()
        super().__init__(parent=parent, axisItems=axes or {})
        self.adopt_menus()
        self.theme = theme
        self.hover_text: str | None = None
        """The read-out last shown (None: the mouse is over nothing)."""
        self.empty_note = pg.TextItem("", anchor=(0.5, 0.5))
        self.setMenuEnabled(False)
        self.setMouseEnabled(x=False, y=False)
        self.hideButtons()
        self.setMinimumHeight(CHART_MIN_HEIGHT_PX)
        # room above the plot for half a line: the top category's name, centred on its
        # bar, ran past the chart's top edge when the chart has no title
        self.getPlotItem().layout.setContentsMargins(1, PLOT_TOP_MARGIN_PX, 1, 1)
        self.scene().sigMouseMoved.connect(self._mouse_moved)
        self.apply_theme(theme)

    def adopt_menus(self) -> None:
        """pyqtgraph makes its context menus without a parent; give those made since
        this chart began to the chart, so they go with it instead of outliving the
        window (call again after adding pyqtgraph items that bring menus)."""
        app = QApplication.instance()
        if isinstance(app, QApplication):
            for widget in app.topLevelWidgets():
                if isinstance(widget, QMenu) and id(widget) not in self._widgets_before:
                    widget.setParent(self, widget.windowFlags())

    def apply_theme(self, theme: Theme) -> None:
        """Colours of the background, axes and title."""
        self.theme = theme
        self.drawn: object = None
        """The figures on show (:meth:`figures`), None after a change of theme."""
        self.setBackground(theme.base)
        for name in ("left", "bottom"):
            axis = self.getPlotItem().getAxis(name)
            axis.setPen(pg.mkPen(theme.muted_text))
            axis.setTextPen(pg.mkPen(theme.text))
        plot = self.getPlotItem()
        self.show_title()
        self.empty_note.setColor(theme.muted_text)
        if plot.legend is not None:
            plot.legend.setBrush(pg.mkBrush(theme.base))
            plot.legend.setPen(pg.mkPen(theme.grid))
            plot.legend.setLabelTextColor(theme.text)

    def show_title(self) -> None:
        """The chart's title, cut to the room beside the axes: pyqtgraph makes the plot
        as wide as its title, and in a narrow dock a whole title pushed the bars and the
        right end of the axis out of sight. A chart lower than
        :data:`TITLE_MIN_CHART_PX` shows no title (its tab names it): the bars get the
        room."""
        plot = self.getPlotItem()
        if self.height() < TITLE_MIN_CHART_PX:
            if plot.titleLabel.isVisible() or plot.titleLabel.text:
                plot.titleLabel.setText("")  # hidden, it kept the width of its text
                plot.setTitle(None)
                super().resizeEvent(None)
            return
        font = QFont(self.font())
        font.setPointSizeF(9)
        axis = plot.getAxis("left")
        beside = axis.effectiveSizeHint(Qt.SizeHint.MinimumSize).width() \
            if axis.isVisible() else 0.0
        room = self.width() - beside - self.beside_title()
        text = QFontMetrics(font).elidedText(translate("Charts", self.title),
                                             Qt.TextElideMode.ElideRight,
                                             max(40, int(room)))
        if text == plot.titleLabel.text and plot.titleLabel.isVisible():
            return
        plot.setTitle(text, color=self.theme.text, size="9pt")
        # the plot takes the chart's size again, now that its title allows it
        super().resizeEvent(None)

    def beside_title(self) -> float:
        """Pixels of the chart's width beside the title other than the left axis
        (margins; a colour bar)."""
        return 24.0

    def resizeEvent(self, event: QResizeEvent | None) -> None:
        super().resizeEvent(event)
        if getattr(self, "theme", None) is not None:  # pyqtgraph resizes while building
            self.getPlotItem().setVisible(self.height() >= LEGIBLE_CHART_PX)
            self.show_title()
            self.fit_key()

    def fit_key(self) -> None:
        """Give the key beside the plot (if any) the room the chart has for it: the
        chart's height less its title and margins."""
        plot = self.getPlotItem()
        key = plot.legend
        if not isinstance(key, KeyBeside):
            return
        height = float(self.height() - PLOT_TOP_MARGIN_PX - 1)
        if plot.titleLabel.isVisible() and plot.titleLabel.text:
            height -= plot.titleLabel.minimumHeight()
        key.fit(float(self.width()), height)

    def draw(self, metrics: DesignMetrics, names: dict[str, str]) -> None:
        """Draw the figures, unless the chart shows exactly these already: most edits
        (a move, a capacity, a speed) leave most charts' figures as they were, and
        redrawing a chart costs the event loop 10–20 ms."""
        skipped = reason_of(metrics, self.engine_figure)
        figures = ("not computed", skipped) if skipped is not None \
            else self.figures(metrics, names)
        if figures is not None and figures == self.drawn:
            return
        if skipped is not None:
            self.show_not_computed(skipped)
        else:
            self.show_metrics(metrics, names)
        # the room beside the axes is known once the plot has laid its axes out
        QTimer.singleShot(0, self, self.show_title)
        self.drawn = figures

    def figures(self, metrics: DesignMetrics, names: dict[str, str]) -> object:
        """What the chart's drawing depends on (None: always draw)."""
        return None

    def forget(self) -> None:
        """Forget what is drawn (another design was opened): everything is removed and
        the next figures are drawn whatever they are. Until they come the chart is
        blank: a bare 0 … 1 scale read as figures of the new design."""
        self.reset()
        plot = self.getPlotItem()
        plot.hideAxis("left")
        plot.hideAxis("bottom")
        self.drawn = None

    def reset(self) -> None:
        """Remove everything drawn: items, category names, axis labels and ranges."""
        plot = self.getPlotItem()
        plot.clear()
        if plot.legend is not None:
            plot.legend.clear()
            plot.legend.setVisible(False)  # an empty legend is an empty box: shown with bars
        plot.showAxis("left")
        plot.showAxis("bottom")
        for name in ("left", "bottom"):
            axis = plot.getAxis(name)
            if isinstance(axis, NameAxis):
                axis.set_names([])
            else:
                axis.setTicks(None)
            plot.setLabel(name, "")
        self.show_title()
        self.set_ranges((0.0, 1.0), (0.0, 1.0))
        self.hover_text = None

    def set_ranges(self, x: tuple[float, float], y: tuple[float, float]) -> None:
        """Show exactly these ranges (no automatic ranging, which stretches an all-zero
        chart to −1000 … 1000 and can keep a previous design's extent)."""
        view = self.getPlotItem().getViewBox()
        view.disableAutoRange()
        view.setRange(xRange=x, yRange=y, padding=0)

    def say_empty(self, text: str, keep_axes: bool = False) -> None:
        """Write ``text`` in the middle of an empty chart; with nothing drawn there is
        no scale to read, so the axes are hidden (a bare 0 … 1 behind the note read as
        figures) unless ``keep_axes`` (the categories are named, their values zero)."""
        if not keep_axes:
            plot = self.getPlotItem()
            plot.hideAxis("left")
            plot.hideAxis("bottom")
        self.empty_note.setText(text)
        self.empty_note.setPos(0.5, 0.5)
        self.addItem(self.empty_note)

    def show_metrics(self, metrics: DesignMetrics, names: dict[str, str]) -> None:
        """Draw the figures (``names`` maps element ids to display names)."""
        raise NotImplementedError

    def show_not_computed(self, reason: str) -> None:
        """The engine left this chart's figures out: an empty chart that says so and
        why (not zero bars, which would read as figures)."""
        self.reset()
        self.say_empty(textwrap.fill(reason, 40))  # no figures: no scale (axes hidden)

    # ------------------------------------------------------------- read-out
    def readout(self, x: float, y: float) -> str | None:
        """What the chart shows at data point (x, y), in words with units (None:
        nothing there)."""
        return None

    def readout_at_scene(self, scene_pos: QPointF) -> str | None:
        """The read-out for a point of the chart's scene (where the mouse is)."""
        view = self.getPlotItem().getViewBox()
        if not view.sceneBoundingRect().contains(scene_pos):
            return None
        point = view.mapSceneToView(scene_pos)
        return self.readout(point.x(), point.y())

    def _mouse_moved(self, scene_pos: QPointF) -> None:
        text = self.readout_at_scene(scene_pos) if self.getPlotItem().isVisible() else None
        self.hover_text = text
        if text is None:
            QToolTip.hideText()
            return
        where = self.mapToGlobal(self.mapFromScene(scene_pos))
        QToolTip.showText(where, text, self)


class BarsBeside(Chart):
    """Horizontal bars, one per named category, names beside them (long names never
    collide however many there are); the first category on top."""

    def __init__(self, theme: Theme, parent: QWidget | None = None) -> None:
        super().__init__(theme, parent, axes={"left": NameAxis("left"),
                                              "bottom": NumberAxis("bottom")})

    def category_at(self, y: float, count: int) -> int | None:
        """The index of the bar at height ``y`` (None between bars)."""
        k = round(-y)
        return k if 0 <= k < count and abs(-y - k) <= 0.4 else None

    def place(self, names: list[str], largest: float, limit: int = MAX_CHARS) -> None:
        """Name the bars and set the ranges: 0 … the largest value (at least 1)."""
        axis = self.getPlotItem().getAxis("left")
        assert isinstance(axis, NameAxis)
        axis.set_names([(-float(k), name) for k, name in enumerate(names)], limit=limit)
        top = largest if largest > 0 and math.isfinite(largest) else 1.0
        self.set_ranges((0.0, top * 1.05), (-len(names) + 0.5, 0.5))


class HopsChart(Chart):
    """Accelerator pairs by number of switch hops, stacked by the pair's scope."""

    title = QT_TRANSLATE_NOOP("Charts", "Accelerator pairs by switch hops")
    engine_figure = "hops"

    def __init__(self, theme: Theme, parent: QWidget | None = None) -> None:
        super().__init__(theme, parent, axes={"left": NumberAxis("left"),
                                              "bottom": NumberAxis("bottom")})
        self.bars: dict[str, list[float]] = {}
        """Pairs per hop count (in :attr:`hops` order) for each scope drawn."""
        self.hops: list[int] = []
        self.divisor = 1.0
        """What the pair counts are divided by on the axis (1,000 for "thousands")."""
        self.key = KeyBeside(self.getPlotItem(), theme)

    def figures(self, metrics: DesignMetrics, names: dict[str, str]) -> object:
        hops = metrics.hops
        return (tuple(sorted(hops.histogram)),
                *(tuple(sorted(hops.by_scope.get(scope, {}).items())) for scope in SCOPES))

    def show_metrics(self, metrics: DesignMetrics, names: dict[str, str]) -> None:
        self.reset()
        hops = metrics.hops
        xs = sorted(hops.histogram)
        self.bars = {}
        self.hops = xs
        if not xs:
            self.say_empty(translate("Charts", "No accelerator pairs use the network"))
            return
        divisor, word = scale_of(max(hops.histogram.values()))
        self.divisor = divisor
        base = np.zeros(len(xs))
        for scope, colour in zip(SCOPES, SCOPE_COLOURS, strict=True):
            counts = np.array([hops.by_scope.get(scope, {}).get(x, 0) for x in xs], float)
            if not counts.any():
                continue
            self.bars[scope] = counts.tolist()
            item = pg.BarGraphItem(x=np.array(xs, float), height=counts / divisor,
                                   y0=base / divisor, width=0.7, brush=colour,
                                   pen=pg.mkPen(None), name=scope_word(scope))
            self.addItem(item)
            base += counts
        legend = self.getPlotItem().legend
        if legend is not None:
            legend.setVisible(True)
        plot = self.getPlotItem()
        plot.getAxis("bottom").setTicks([[(float(x), str(x)) for x in range(max(xs) + 1)]])
        plot.setLabel("bottom", translate("Charts", "switch hops"))
        # "thousand pairs", not "pairs (thousands)": it fits beside the bars of a chart
        # 125 px high
        plot.setLabel("left", translate("Charts", PAIRS_AXIS.get(word, PAIRS_AXIS[""])))
        top = float(base.max()) / divisor
        self.set_ranges((min(xs) - 0.6, max(xs) + 0.6), (0.0, (top or 1.0) * 1.05))

    def show_not_computed(self, reason: str) -> None:
        super().show_not_computed(reason)
        self.bars, self.hops = {}, []

    def readout(self, x: float, y: float) -> str | None:
        hop = round(x)
        if hop not in self.hops or abs(x - hop) > 0.35 or y < 0:
            return None
        column = self.hops.index(hop)
        divisor = self.divisor
        total = sum(counts[column] for counts in self.bars.values())
        below = 0.0
        for scope in SCOPES:
            counts = self.bars.get(scope)
            if counts is None:
                continue
            if below / divisor <= y < (below + counts[column]) / divisor:
                share = counts[column] / total if total else 0.0
                return translate(
                    "Charts", "{hop} switch hops, {scope}: {count} pairs of accelerators "
                    "({share} of the {total} pairs at {hop} hops)").format(
                    hop=hop, scope=scope_word(scope), count=count_text(counts[column]),
                    share=f"{share:.0%}", total=count_text(total))
            below += counts[column]
        return None


class PowerChart(BarsBeside):
    """IT power per building (bar) against its capacity (outline), MW."""

    title = QT_TRANSLATE_NOOP("Charts", "IT power against capacity")

    def __init__(self, theme: Theme, parent: QWidget | None = None) -> None:
        super().__init__(theme, parent)
        self.values: list[tuple[str, float, float]] = []

    def figures(self, metrics: DesignMetrics, names: dict[str, str]) -> object:
        return tuple((names.get(b.building_id, b.building_id), b.it_kw, b.capacity_kw)
                     for b in metrics.power.buildings.values())

    def show_metrics(self, metrics: DesignMetrics, names: dict[str, str]) -> None:
        self.reset()
        buildings = list(metrics.power.buildings.values())
        self.values = [(names.get(b.building_id, b.building_id), b.it_kw / 1000,
                        b.capacity_kw / 1000) for b in buildings]
        if not buildings:
            self.say_empty(translate("Charts", "No buildings"))
            return
        ys = -np.arange(len(buildings), dtype=float)
        capacity = np.array([v[2] for v in self.values])
        it = np.array([v[1] for v in self.values])
        colours = [self.theme.bad if b.utilization > 1 else self.theme.warn
                   if b.utilization > 0.8 else self.theme.ok for b in buildings]
        self.addItem(pg.BarGraphItem(x0=0, y=ys, width=capacity, height=0.75, brush=None,
                                     pen=pg.mkPen(self.theme.muted_text, width=1.5,
                                                  style=Qt.PenStyle.DashLine)))
        self.addItem(pg.BarGraphItem(x0=0, y=ys, width=it, height=0.55, brushes=colours,
                                     pen=pg.mkPen(None)))
        self.place([v[0] for v in self.values], float(max(capacity.max(), it.max())))
        self.getPlotItem().setLabel("bottom", "MW")

    def readout(self, x: float, y: float) -> str | None:
        k = self.category_at(y, len(self.values))
        if k is None or x < 0:
            return None
        name, it_mw, capacity_mw = self.values[k]
        share = it_mw / capacity_mw if capacity_mw else 0.0
        return translate("Charts", "{name}: IT power {it} MW of {capacity} MW capacity "
                         "({share})").format(name=name, it=decimal_text(it_mw, 2),
                                             capacity=decimal_text(capacity_mw, 2),
                                             share=f"{share:.0%}")


class BuildingPairsChart(BarsBeside):
    """Capacity of the cut between each pair of buildings, Tb/s."""

    title = QT_TRANSLATE_NOOP("Charts", "Bandwidth between buildings")
    engine_figure = "building_pairs"

    def __init__(self, theme: Theme, parent: QWidget | None = None) -> None:
        super().__init__(theme, parent)
        self.values: list[tuple[str, float]] = []
        self.labels: list[str] = []

    def figures(self, metrics: DesignMetrics, names: dict[str, str]) -> object:
        return tuple((names.get(p.a, p.a), names.get(p.b, p.b), p.gbps)
                     for p in metrics.building_pairs)

    def show_metrics(self, metrics: DesignMetrics, names: dict[str, str]) -> None:
        self.reset()
        pairs: list[PairCapacity] = metrics.building_pairs
        self.values = [(f"{names.get(p.a, p.a)} – {names.get(p.b, p.b)}", p.gbps / 1000)
                       for p in pairs]
        self.labels = [f"{elide(names.get(p.a, p.a), SHORT_NAME)} –"
                       f" {elide(names.get(p.b, p.b), SHORT_NAME)}" for p in pairs]
        if not pairs:
            self.say_empty(translate("Charts", "One building: no pairs of buildings"))
            return
        heights = np.array([v[1] for v in self.values])
        self.addItem(pg.BarGraphItem(x0=0, y=-np.arange(len(pairs), dtype=float),
                                     width=heights, height=0.6, brush=self.theme.side_a,
                                     pen=pg.mkPen(None)))
        self.place(self.labels, float(heights.max()), limit=2 * SHORT_NAME + 3)
        self.getPlotItem().setLabel("bottom", translate("Charts", "Tb/s each way"))
        if not heights.any():
            self.say_empty(translate("Charts", "No bandwidth between buildings"),
                           keep_axes=True)
            self.empty_note.setPos(0.5, -len(pairs) / 2 + 0.5)

    def show_not_computed(self, reason: str) -> None:
        super().show_not_computed(reason)
        self.values, self.labels = [], []

    def readout(self, x: float, y: float) -> str | None:
        k = self.category_at(y, len(self.values))
        if k is None or x < 0:
            return None
        pair, tbps = self.values[k]
        first, _dash, second = pair.partition(" – ")
        return translate("Charts", "Between {a} and {b}: {bandwidth} each way").format(
            a=first, b=second, bandwidth=tbps_text(tbps))
