"""The metrics dock's charts (pyqtgraph): hops by scope, power per building against
capacity, bandwidth between islands and between buildings. Each chart only draws the
figures of a :class:`~model.metrics.results.DesignMetrics`; none computes one."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pyqtgraph as pg
from PySide6.QtWidgets import QApplication, QMenu, QWidget

from gui.theme import Theme
from model.metrics.results import DesignMetrics, PairCapacity

SCOPES = ("server", "rack", "island", "building", "campus")
SCOPE_COLOURS = ("#8250df", "#0969da", "#1a7f37", "#bf8700", "#cf222e")


class Chart(pg.PlotWidget):  # type: ignore[misc]  # pyqtgraph ships no type hints
    """A plot with the theme's colours and a title; subclasses implement :meth:`show`."""

    title = ""

    def __init__(self, theme: Theme, parent: QWidget | None = None) -> None:
        app = QApplication.instance()
        before = set(map(id, app.topLevelWidgets())) if isinstance(app, QApplication) else set()
        super().__init__(parent=parent)
        # pyqtgraph makes its context menus without a parent; give them this widget so
        # they go with it instead of outliving the window.
        if isinstance(app, QApplication):
            for widget in app.topLevelWidgets():
                if isinstance(widget, QMenu) and id(widget) not in before:
                    widget.setParent(self, widget.windowFlags())
        self.theme = theme
        self.setMenuEnabled(False)
        self.setMouseEnabled(x=False, y=False)
        self.hideButtons()
        self.setMinimumHeight(170)
        self.apply_theme(theme)

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
        plot.setTitle(self.title, color=theme.text, size="9pt")
        if plot.legend is not None:
            plot.legend.setBrush(pg.mkBrush(theme.base))
            plot.legend.setPen(pg.mkPen(theme.grid))
            plot.legend.setLabelTextColor(theme.text)

    def draw(self, metrics: DesignMetrics, names: dict[str, str]) -> None:
        """Draw the figures, unless the chart shows exactly these already: most edits
        (a move, a capacity, a speed) leave most charts' figures as they were, and
        redrawing a chart costs the event loop 10–20 ms."""
        figures = self.figures(metrics, names)
        if figures is not None and figures == self.drawn:
            return
        self.show_metrics(metrics, names)
        self.drawn = figures

    def figures(self, metrics: DesignMetrics, names: dict[str, str]) -> object:
        """What the chart's drawing depends on (None: always draw)."""
        return None

    def reset(self) -> None:
        """Remove everything drawn."""
        plot = self.getPlotItem()
        plot.clear()
        if plot.legend is not None:
            plot.legend.clear()

    def set_ticks(self, axis: str, labels: Sequence[str]) -> None:
        """Category labels 0..n-1 on an axis."""
        self.getPlotItem().getAxis(axis).setTicks([list(enumerate(labels))])

    def show_metrics(self, metrics: DesignMetrics, names: dict[str, str]) -> None:
        """Draw the figures (``names`` maps element ids to display names)."""
        raise NotImplementedError


class HopsChart(Chart):
    """Accelerator pairs by number of switch hops, stacked by the pair's scope."""

    title = "Pairs of accelerators by switch hops"

    def __init__(self, theme: Theme, parent: QWidget | None = None) -> None:
        super().__init__(theme, parent)
        self.bars: dict[str, list[float]] = {}
        self.getPlotItem().addLegend(offset=(10, 5), labelTextColor=theme.text,
                                     brush=pg.mkBrush(theme.base), pen=pg.mkPen(theme.grid))

    def figures(self, metrics: DesignMetrics, names: dict[str, str]) -> object:
        hops = metrics.hops
        return (tuple(sorted(hops.histogram)),
                *(tuple(sorted(hops.by_scope.get(scope, {}).items())) for scope in SCOPES))

    def show_metrics(self, metrics: DesignMetrics, names: dict[str, str]) -> None:
        self.reset()
        hops = metrics.hops
        xs = sorted(hops.histogram)
        self.bars = {}
        if not xs:
            return
        base = np.zeros(len(xs))
        for scope, colour in zip(SCOPES, SCOPE_COLOURS, strict=True):
            counts = np.array([hops.by_scope.get(scope, {}).get(x, 0) for x in xs], float)
            if not counts.any():
                continue
            self.bars[scope] = counts.tolist()
            item = pg.BarGraphItem(x=np.array(xs, float), height=counts, y0=base.copy(),
                                   width=0.7, brush=colour, pen=pg.mkPen(None), name=scope)
            self.addItem(item)
            base += counts
        self.set_ticks("bottom", [str(x) for x in range(max(xs) + 1)])
        self.getPlotItem().setLabel("bottom", "switch hops")
        self.getPlotItem().setLabel("left", "pairs")


class PowerChart(Chart):
    """IT power per building (bar) against its capacity (outline), MW."""

    title = "IT power per building against capacity (MW)"

    def figures(self, metrics: DesignMetrics, names: dict[str, str]) -> object:
        return tuple((names.get(b.building_id, b.building_id), b.it_kw, b.capacity_kw)
                     for b in metrics.power.buildings.values())

    def show_metrics(self, metrics: DesignMetrics, names: dict[str, str]) -> None:
        self.reset()
        buildings = list(metrics.power.buildings.values())
        self.values = [(names.get(b.building_id, b.building_id), b.it_kw / 1000,
                        b.capacity_kw / 1000) for b in buildings]
        if not buildings:
            return
        xs = np.arange(len(buildings), dtype=float)
        capacity = np.array([b.capacity_kw / 1000 for b in buildings])
        it = np.array([b.it_kw / 1000 for b in buildings])
        colours = [self.theme.bad if b.utilization > 1 else self.theme.warn
                   if b.utilization > 0.8 else self.theme.ok for b in buildings]
        self.addItem(pg.BarGraphItem(x=xs, height=capacity, width=0.75, brush=None,
                                     pen=pg.mkPen(self.theme.muted_text, width=1.5,
                                                  style=pg.QtCore.Qt.PenStyle.DashLine)))
        self.addItem(pg.BarGraphItem(x=xs, height=it, width=0.55, brushes=colours,
                                     pen=pg.mkPen(None)))
        self.set_ticks("bottom", [v[0] for v in self.values])
        self.getPlotItem().setLabel("left", "MW")


class BuildingPairsChart(Chart):
    """Capacity of the cut between each pair of buildings, Tb/s."""

    title = "Bandwidth between buildings (Tb/s, each way)"

    def figures(self, metrics: DesignMetrics, names: dict[str, str]) -> object:
        return tuple((names.get(p.a, p.a), names.get(p.b, p.b), p.gbps)
                     for p in metrics.building_pairs)

    def show_metrics(self, metrics: DesignMetrics, names: dict[str, str]) -> None:
        self.reset()
        pairs: list[PairCapacity] = metrics.building_pairs
        self.values = [(f"{names.get(p.a, p.a)} – {names.get(p.b, p.b)}", p.gbps / 1000)
                       for p in pairs]
        if not pairs:
            return
        xs = np.arange(len(pairs), dtype=float)
        self.addItem(pg.BarGraphItem(x=xs, height=np.array([v[1] for v in self.values]),
                                     width=0.6, brush=self.theme.side_a, pen=pg.mkPen(None)))
        self.set_ticks("bottom", [v[0] for v in self.values])
        self.getPlotItem().setLabel("left", "Tb/s")


class IslandPairsChart(Chart):
    """Capacity of the cut between each pair of islands, as a matrix (Tb/s)."""

    title = "Bandwidth between islands (Tb/s, each way)"

    def figures(self, metrics: DesignMetrics, names: dict[str, str]) -> object:
        return tuple((p.a, p.b, names.get(p.a, p.a), names.get(p.b, p.b), p.gbps)
                     for p in metrics.island_pairs)

    def show_metrics(self, metrics: DesignMetrics, names: dict[str, str]) -> None:
        self.reset()
        order: list[str] = []
        for pair in metrics.island_pairs:
            for end in (pair.a, pair.b):
                if end not in order:
                    order.append(end)
        n = len(order)
        self.matrix = np.zeros((n, n))
        if n == 0:
            return
        index = {island: i for i, island in enumerate(order)}
        for pair in metrics.island_pairs:
            i, j = index[pair.a], index[pair.b]
            self.matrix[i, j] = self.matrix[j, i] = pair.gbps / 1000
        image = pg.ImageItem(self.matrix)
        top = float(self.matrix.max()) or 1.0
        image.setLookupTable(pg.colormap.get("viridis").getLookupTable(nPts=256))
        image.setLevels((0.0, top))
        self.addItem(image)
        labels = [names.get(i, i) for i in order]
        if n <= 24:
            self.getPlotItem().getAxis("left").setTicks(
                [[(k + 0.5, label) for k, label in enumerate(labels)]])
            self.getPlotItem().getAxis("bottom").setTicks(
                [[(k + 0.5, str(k + 1)) for k in range(n)]])
        self.getPlotItem().setTitle(f"Between islands, Tb/s each way (max {top:,.0f})",
                                    color=self.theme.text, size="9pt")
        self.getPlotItem().getViewBox().setAspectLocked(True)
