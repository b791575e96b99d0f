"""The metrics dock's charts: categories named legibly, axes that follow the design on
show (reset when another design opens, 0 … 1 when the figures are zero), the islands'
heat map with a colour scale, names on both axes and its diagonal left out, and hover
read-outs whose figures are the engine's (and, on the demo campus, the hand count)."""

from __future__ import annotations

import math

import numpy as np
from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication

from gui.chart_axes import NameAxis
from model.metrics import compute_all
from tests.gui.test_metrics_dock import wait_for_metrics


def axis_words(chart, name: str) -> list[str]:  # type: ignore[no-untyped-def]
    """Every category word written on an axis."""
    axis = chart.getPlotItem().getAxis(name)
    if isinstance(axis, NameAxis):
        return [label for _, label in axis.names]
    levels = getattr(axis, "_tickLevels", None) or []
    return [label for level in levels for _, label in level]


def ranges(chart) -> list[list[float]]:  # type: ignore[no-untyped-def]
    return chart.getPlotItem().getViewBox().viewRange()


def value_axis(chart, unit: str):  # type: ignore[no-untyped-def]
    """The axis whose label carries ``unit``, and the range it shows."""
    plot = chart.getPlotItem()
    for name, dimension in (("bottom", 0), ("left", 1)):
        axis = plot.getAxis(name)
        if unit in (axis.labelText or ""):
            return axis, tuple(ranges(chart)[dimension])
    raise AssertionError(f"no axis in {unit}")


def names_of(design) -> dict[str, str]:  # type: ignore[no-untyped-def]
    return {e.id: e.name for e in design.all_elements()}


def test_buildings_chart_follows_the_design_opened(window, qtbot) -> None:
    wait_for_metrics(qtbot, window)
    chart = window.metrics_dock.show_chart("buildings")
    assert axis_words(chart, "left") + axis_words(chart, "bottom") == ["Hall A – Hall B"]
    # Another design opens: one building, so no pair of buildings at all.
    one_hall = window.document.design.copy()
    one_hall.remove("hall-b")
    window.document.load(one_hall)
    wait_for_metrics(qtbot, window)
    chart = window.metrics_dock.show_chart("buildings")
    assert window.metrics_dock.metrics is not None
    assert window.metrics_dock.metrics.building_pairs == []
    words = axis_words(chart, "left") + axis_words(chart, "bottom")
    assert not any("Hall B" in w for w in words), f"the previous design's axis: {words}"
    for low, high in ranges(chart):
        assert -1 <= low <= high <= 2, f"range {low} … {high} for an empty chart"


def test_zero_bandwidth_gives_a_sane_range(window, qtbot) -> None:
    wait_for_metrics(qtbot, window)
    window.metrics_dock.show_chart("buildings")  # on show while the next design opens
    qtbot.wait(50)
    design = window.document.design.copy()
    design.remove("hall-a-up")
    design.remove("hall-b-up")  # the halls are no longer joined
    window.document.load(design)
    wait_for_metrics(qtbot, window)
    metrics = window.metrics_dock.metrics
    assert metrics is not None and [p.gbps for p in metrics.building_pairs] == [0.0]
    chart = window.metrics_dock.show_chart("buildings")
    axis, (low, high) = value_axis(chart, "Tb/s")
    assert low == 0.0 and 1.0 <= high <= 1.1, f"range {low} … {high} for a zero bar"
    assert axis.autoSIPrefixScale == 1.0, "no ×0.001 rescaling of the figures"
    assert chart.readout(0.0, 0.0) == "Between Hall A and Hall B: 0 Tb/s each way"


def test_heat_map_has_a_colour_scale_names_and_no_diagonal(window, qtbot) -> None:
    wait_for_metrics(qtbot, window)
    chart = window.metrics_dock.show_chart("islands")
    islands = ["Hall A · Pod 1", "Hall A · Pod 2", "Hall B · Pod 1", "Hall B · Pod 2"]
    assert [window.document.design.islands[i].name for i in
            ("hall-a-pod-1", "hall-a-pod-2", "hall-b-pod-1", "hall-b-pod-2")] == islands
    assert axis_words(chart, "left") == islands
    assert axis_words(chart, "bottom") == islands, "names, not numbers, on both axes"
    bar = chart.colour_bar
    assert bar.isVisible()
    assert bar.getAxis("left").labelText == "Tb/s each way"
    # By hand: pods of one hall meet at the core, 8 spines × 8 links × 400G = 25.6
    # Tb/s; across halls the campus core's 8 × 4 × 400G = 12.8 Tb/s.
    assert tuple(bar.levels()) == (0.0, 25.6)
    diagonal = np.diag(chart.matrix)
    assert all(math.isnan(v) for v in diagonal), "the diagonal is no bandwidth figure"
    assert np.nanmin(chart.matrix) == 12.8
    marks = sorted((m.rect().x(), m.rect().y()) for m in chart.same_island_marks)
    assert marks == [(k, k) for k in range(4)]
    assert all(m.brush().style() == Qt.BrushStyle.BDiagPattern
               for m in chart.same_island_marks)
    assert chart.readout(1.5, 1.5) == "Hall A · Pod 2: the same island (no cut to measure)"


def test_hover_readouts_are_the_engines_figures(window, qtbot) -> None:
    wait_for_metrics(qtbot, window)
    dock = window.metrics_dock
    engine = compute_all(window.document.design.copy(), plane=None)
    names = names_of(window.document.design)
    # Islands: cell (column Pod 1 of Hall A, row Pod 1 of Hall B).
    pair = next(p for p in engine.island_pairs if (p.a, p.b) == ("hall-a-pod-1",
                                                                 "hall-b-pod-1"))
    assert pair.gbps == 12_800, "8 core switches × 4 links × 400G, by hand"
    assert dock.show_chart("islands").readout(0.5, 2.5) == \
        "Between Hall A · Pod 1 and Hall B · Pod 1: 12.8 Tb/s each way"
    # Buildings: the one bar.
    assert engine.building_pairs[0].gbps == 12_800
    assert dock.show_chart("buildings").readout(6.0, 0.1) == \
        "Between Hall A and Hall B: 12.8 Tb/s each way"
    assert dock.show_chart("buildings").readout(6.0, -0.5) is None, "between bars"
    # Power: the second building's bar.
    hall_b = engine.power.buildings["hall-b"]
    expected = (f"{names['hall-b']}: IT power {hall_b.it_kw / 1000:.2f} MW of"
                f" 2 MW capacity ({hall_b.it_kw / hall_b.capacity_kw:.0%})")
    assert dock.show_chart("power").readout(0.1, -1.0) == expected
    # Hops: pairs in different halls all cross the campus core, 7 switches; by hand
    # 512 × 512 of them.
    assert engine.hops.by_scope["campus"] == {7: 512 * 512}
    hops = dock.show_chart("hops")
    top = sum(engine.hops.by_scope[s].get(7, 0) for s in engine.hops.by_scope)
    divisor = 1000.0  # 262,144 pairs: the axis counts thousands
    assert hops.getPlotItem().getAxis("left").labelText == "thousand pairs"
    assert hops.readout(7.0, (top - 1) / divisor) == \
        "7 switch hops, different buildings: 262,144 pairs of accelerators" \
        " (100% of the 262,144 pairs at 7 hops)"
    assert hops.readout(6.0, 1.0) is None, "no bar at six hops"


def test_hover_with_the_mouse_shows_the_readout(window, qtbot) -> None:
    wait_for_metrics(qtbot, window)
    chart = window.metrics_dock.show_chart("islands")
    qtbot.waitUntil(chart.isVisible, timeout=2_000)
    view = chart.getPlotItem().getViewBox()
    scene_point = view.mapViewToScene(QPointF(0.5, 2.5))
    chart._mouse_moved(scene_point)  # what the scene's mouse-move signal calls
    assert chart.hover_text == "Between Hall A · Pod 1 and Hall B · Pod 1: 12.8 Tb/s each way"
    # The same through a real mouse move over the chart (a diagonal cell this time).
    local = QPointF(chart.mapFromScene(view.mapViewToScene(QPointF(3.5, 3.5))))
    move = QMouseEvent(QEvent.Type.MouseMove, local, chart.viewport().mapToGlobal(local),
                       Qt.MouseButton.NoButton, Qt.MouseButton.NoButton,
                       Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(chart.viewport(), move)
    assert chart.hover_text == "Hall B · Pod 2: the same island (no cut to measure)"


def test_every_chart_fits_a_narrow_panel(window, qtbot) -> None:
    """In a narrow dock no chart is wider than its panel: the title is cut to the room
    beside the axes instead of pushing the bars and the axis's right end out of sight."""
    wait_for_metrics(qtbot, window)
    dock = window.metrics_dock
    for key in ("hops", "power", "islands", "buildings"):
        chart = dock.show_chart(key)
        chart.resize(300, 220)
        chart.forget()
        chart.draw(dock.metrics, names_of(window.document.design))
        for _ in range(3):
            QApplication.processEvents()
        plot = chart.getPlotItem().sceneBoundingRect()
        assert plot.width() <= chart.viewport().width() + 0.5, \
            f"{key}: the plot is {plot.width():.0f} px in a {chart.viewport().width()} px chart"
