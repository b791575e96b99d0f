"""The metrics dock's charts at their least size (issue #15 walk): with the dock
squeezed as far as the window lets it (and at 85 px high), on a 1280×720 and a 1920×1080
screen, in English and in Chinese (its CJK font), every number a value axis writes is
whole inside the chart, no two run into each other, each stands at its own value, and an
axis with room for two writes at least two; the axes' labels and the key beside a
chart stay inside the chart too.

Before: pyqtgraph always wrote its coarsest ticks, crowded or not ("11.5" for "1" and
"1.5" at 85 px), kept a number cut at the axis's edge when 80 % of a line fitted, and
the Hops chart's four-line key pushed the chart's own axis out of sight under it."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from PySide6.QtCore import QRectF, QSettings, QSize, Qt

from gui.chart_axes import NumberAxis
from tests.gui.conftest import settle
from tests.gui.test_chart_labels import painted_labels
from tests.gui.test_metrics_dock import wait_for_metrics
from tests.gui.test_window_fits_screen import cjk_font  # noqa: F401

CHARTS = ["hops", "power", "islands", "buildings", "cost"]
SHORT_PX = 85


def open_window_at(request, real_window_factory, monkeypatch, tmp_path: Path,  # type: ignore[no-untyped-def]
                   screen: tuple[int, int], language: str):
    from gui import dock_layout
    from gui.i18n import LANGUAGE_KEY

    if language != "en":
        request.getfixturevalue("cjk_font")
    QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat).setValue(
        LANGUAGE_KEY, language)
    monkeypatch.setattr(dock_layout, "screen_size", lambda _w: QSize(*screen))
    return real_window_factory(None)


def squeeze(win, chart, height: int | None) -> None:  # type: ignore[no-untyped-def]
    """Make the metrics dock as narrow as it goes and its chart as low as it goes (or
    about ``height`` px high)."""
    inspector, metrics = win.docks["inspector"], win.docks["metrics"]
    win.resizeDocks([metrics], [1], Qt.Orientation.Horizontal)
    win.resizeDocks([inspector, metrics], [5000, 1], Qt.Orientation.Vertical)
    settle()
    for _ in range(3 if height is not None else 0):
        grow = height - chart.height()  # type: ignore[operator]
        win.resizeDocks([inspector, metrics], [inspector.height() - grow,
                                               metrics.height() + grow],
                        Qt.Orientation.Vertical)
        settle()


def value_of(text: str) -> float:
    return float(text.replace(",", ""))


def check_axis(chart, side: str, where: str) -> int:  # type: ignore[no-untyped-def]
    """Check the numbers an axis writes; returns how many it writes."""
    plot = chart.getPlotItem()
    axis = plot.getAxis(side)
    assert isinstance(axis, NumberAxis), f"{where} {side}: {type(axis).__name__}"
    if not axis.isVisible() or not plot.isVisible():
        return 0
    shown = QRectF(chart.viewport().rect()).adjusted(-0.5, -0.5, 0.5, 0.5)
    clip = axis.boundingRect().adjusted(-0.5, -0.5, 0.5, 0.5)
    view = plot.getViewBox()
    vertical = side == "left"
    labels = painted_labels(axis)
    for box, text in labels:
        assert clip.contains(box), f"{where} {side}: {text!r} {box} cut by the axis {clip}"
        in_chart = chart.mapFromScene(axis.mapRectToScene(box)).boundingRect()
        assert shown.contains(QRectF(in_chart)), \
            f"{where} {side}: {text!r} at {in_chart} is outside the chart {shown}"
        # at its own value: the text read as a number, placed by the view, is the
        # middle of the box along the axis
        middle = axis.mapRectToScene(box).center()
        value = value_of(text)
        placed = view.mapSceneToView(middle)
        scale = view.viewPixelSize()[1 if vertical else 0]
        off = abs((placed.y() if vertical else placed.x()) - value) / scale
        assert off <= 1.5, f"{where} {side}: {text!r} {off:.1f} px off its value"
    ordered = sorted(labels, key=lambda item: item[0].center().y() if vertical
                     else item[0].center().x())
    for (a, ta), (b, tb) in itertools.pairwise(ordered):
        gap = b.top() - a.bottom() if vertical else b.left() - a.right()
        assert gap >= 1, f"{where} {side}: {ta!r} {a} runs into {tb!r} {b}"
    length = axis.geometry().height() if vertical else axis.geometry().width()
    widest = max((b.height() if vertical else b.width() for b, _ in labels), default=0)
    # with the chart at least 85 px high, an axis with room for three of its numbers
    # writes at least two (lower, its axis is out of the chart's sight)
    if chart.height() >= SHORT_PX - 2 and length >= 3 * widest:
        assert len(labels) >= 2, f"{where} {side}: only {labels} on {length:.0f} px"
    return len(labels)


def check_inside(chart, where: str) -> None:  # type: ignore[no-untyped-def]
    """The axes' labels and the key lie inside the chart."""
    shown = QRectF(chart.viewport().rect()).adjusted(-1, -1, 1, 1)
    plot = chart.getPlotItem()
    if not plot.isVisible():
        return
    items = []
    for side in ("left", "bottom"):
        axis = plot.getAxis(side)
        if axis.isVisible() and axis.label is not None and axis.label.isVisible() \
                and axis.labelText:
            items.append((f"{side} label {axis.labelText!r}", axis.label))
    key = plot.legend
    if key is not None and key.isVisible() and key.items:
        items.append(("key", key))
    bar = getattr(chart, "colour_bar", None)
    if bar is not None and bar.isVisible():
        label_axis = bar.getAxis("left")
        if label_axis.labelText:
            items.append((f"colour bar label {label_axis.labelText!r}", label_axis.label))
    for name, item in items:
        rect = item.boundingRect()
        if hasattr(item, "document"):  # a text's box has a margin round the text
            margin = item.document().documentMargin()
            rect = rect.adjusted(margin, margin, -margin, -margin)
        box = chart.mapFromScene(item.mapRectToScene(rect)).boundingRect()
        assert shown.contains(QRectF(box)), f"{where}: {name} at {box} outside {shown}"


@pytest.mark.parametrize("language", ["en", "zh_CN"])
@pytest.mark.parametrize("screen", [(1280, 720), (1920, 1080)], ids=["1280x720", "1920x1080"])
def test_axis_numbers_are_whole_apart_and_at_their_values_at_the_least_size(  # type: ignore[no-untyped-def]
        request, real_window_factory, monkeypatch, tmp_path: Path, qtbot,
        screen: tuple[int, int], language: str) -> None:
    from PySide6.QtWidgets import QApplication

    from gui.i18n import installer

    try:
        win = open_window_at(request, real_window_factory, monkeypatch, tmp_path, screen,
                             language)
        wait_for_metrics(qtbot, win)
        written = 0
        for key in CHARTS:
            chart = win.metrics_dock.show_chart(key)
            for height in (None, SHORT_PX, 140):
                squeeze(win, chart, height)
                qtbot.wait(20)
                settle()
                chart.grab()  # painted once at its size, as a user sees it
                where = f"{screen} {language} {key} {chart.width()}×{chart.height()}"
                if height is not None:  # dock splitters move in steps of some pixels
                    assert abs(chart.height() - height) <= 20, where
                for side in ("left", "bottom"):
                    if isinstance(chart.getPlotItem().getAxis(side), NumberAxis):
                        written += check_axis(chart, side, where)
                check_inside(chart, where)
        assert written > 0
    finally:
        installer(QApplication.instance()).remove()  # type: ignore[arg-type]


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_headline_figures_keep_their_line_whatever_tab_is_shown_at_1280_by_720(  # type: ignore[no-untyped-def]
        request, real_window_factory, monkeypatch, tmp_path: Path, qtbot,
        language: str) -> None:
    """Before: with the What-if tab in front (taller than a chart) the dock pressed its
    headline rows together and cut the figures' bottoms ("98,304" read "98.304")."""
    from PySide6.QtGui import QFontMetrics
    from PySide6.QtWidgets import QApplication

    from gui.i18n import installer
    from tests.gui.conftest import rect_in

    try:
        win = open_window_at(request, real_window_factory, monkeypatch, tmp_path,
                             (1280, 720), language)
        wait_for_metrics(qtbot, win)
        dock = win.metrics_dock
        for index in range(dock.tabs.count()):
            dock.tabs.setCurrentIndex(index)
            settle()
            where = f"{language} tab {dock.tabs.tabText(index)!r}"
            boxes = []
            for key, value in dock.labels.items():
                line = QFontMetrics(value.font()).height()
                assert value.height() >= line, f"{where}: {key} {value.height()} < {line}"
                boxes.append((key, rect_in(value, dock)))
            names = [label for label in dock.findChildren(type(next(iter(dock.labels.values()))))
                     if label not in dock.labels.values() and label.toolTip()
                     and label.parent() is dock]
            for label in names:
                assert label.height() >= label.fontMetrics().height(), f"{where}: {label.text()}"
                box = rect_in(label, dock)
                for key, value_box in boxes:
                    assert not box.intersects(value_box), f"{where}: {label.text()} on {key}"
    finally:
        installer(QApplication.instance()).remove()  # type: ignore[arg-type]
