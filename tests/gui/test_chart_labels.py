"""The charts' category labels with many categories (issue #15 walk): 56 islands in 8
buildings (28 pairs of buildings) in the metrics dock as the app lays it out on a
1280×720 and a 1920×1080 screen. Every label written is measured as painted (a painter
that records each text drawn, with its transform): no two overlap, each lies whole in
the chart, sits on its own category and reads that category's name (or number); the
labels are thinned no more than the font needs; each axis has one naming scheme; and
the hover read-out names every category in full, labelled or not."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QRectF, QSize
from PySide6.QtGui import QFontMetrics, QPainter, QPicture

from gui.chart_axes import NameAxis, NumberAxis
from tests.gui.conftest import close_window, settle
from tests.gui.test_metrics_dock import wait_for_metrics

SCREENS = [(1280, 720), (1920, 1080)]
PODS, BUILDINGS = 56, 8


class RecordingPainter(QPainter):
    """Records every text drawn in a rectangle: its box as laid out (the text's own
    bounding box, through the painter's transform) and the text."""

    def __init__(self, device: QPicture) -> None:
        super().__init__(device)
        self.texts: list[tuple[QRectF, str]] = []

    def drawText(self, *args: object) -> None:  # type: ignore[override]
        if len(args) == 3 and isinstance(args[0], QRectF):
            rect, flags, text = args
            assert isinstance(flags, int) and isinstance(text, str)
            box = self.transform().mapRect(self.boundingRect(rect, flags, text))
            self.texts.append((box, text))
        super().drawText(*args)  # type: ignore[call-overload]


def painted_labels(axis: NameAxis) -> list[tuple[QRectF, str]]:
    """The labels the axis paints, as (box in the axis's coordinates, text), clipped
    as its paint clips them: a label running past the axis's bounds is cut off."""
    picture = QPicture()
    painter = RecordingPainter(picture)
    if axis.style["tickFont"]:
        painter.setFont(axis.style["tickFont"])
    specs = axis.generateDrawSpecs(painter)
    if specs is not None:
        axis.drawPicture(painter, *specs)
    painter.end()
    return painter.texts


def open_at(width: int, height: int, design, catalog, settings, monkeypatch):  # type: ignore[no-untyped-def]
    """The main window on ``design`` as the app lays it out on a screen of this size."""
    from gui import dock_layout
    from gui.main_window import open_window

    monkeypatch.setattr(dock_layout, "screen_size", lambda _w: QSize(width, height))
    win = open_window(design, None, catalog, settings)
    win.resize(width, height)
    dock_layout.apply_default_sizes(win, win.docks)
    settle()
    return win


@pytest.fixture(params=SCREENS, ids=["1280x720", "1920x1080"])
def big_campus(request, qtbot, catalog, settings, monkeypatch) -> Iterator[object]:  # type: ignore[no-untyped-def]
    """The main window as the app lays it out on the screen size, on ai-zones with 56
    pods in 8 buildings (small pods: the labels are what is tested)."""
    from model.templates import TEMPLATES

    design = TEMPLATES["ai-zones"].build(pods=PODS, buildings=BUILDINGS, racks_per_pod=1,
                                         gpus_per_rack=8)
    win = open_at(*request.param, design, catalog, settings, monkeypatch)
    wait_for_metrics(qtbot, win)
    yield win
    win.document.undo_stack.setClean()
    close_window(win)


def category_names(win, key: str) -> tuple[list[str], list[float], str]:  # type: ignore[no-untyped-def]
    """Independently of the charts: the full names of a chart's categories in order
    (from the design and the engine's pairs), their positions on the axis, and which
    axes name them."""
    design = win.document.design
    metrics = win.metrics_dock.metrics
    name = {e.id: e.name for e in design.all_elements()}
    if key in ("power", "cost"):
        names = [name[b] for b in metrics.power.buildings]
        return names, [-float(k) for k in range(len(names))], "left"
    if key == "buildings":
        names = [f"{name[p.a]} – {name[p.b]}" for p in metrics.building_pairs]
        return names, [-float(k) for k in range(len(names))], "left"
    order: list[str] = []
    for pair in metrics.island_pairs:
        for end in (pair.a, pair.b):
            if end not in order:
                order.append(end)
    return [name[i] for i in order], [k + 0.5 for k in range(len(order))], "both"


def matches(label: str, name: str, number: int) -> bool:
    """A label reads its category: the name, the name cut with an ellipsis, or the
    category's number."""
    if label == str(number) or label == name:
        return True
    return label.endswith("…") and name.startswith(label[:-1].rstrip())


@pytest.mark.parametrize("key", ["power", "cost", "buildings", "islands"])
def test_category_labels_never_overlap_and_each_names_its_category(
        big_campus, qtbot, key: str) -> None:
    win = big_campus
    metrics = win.metrics_dock.metrics
    assert len(metrics.island_pairs) == PODS * (PODS - 1) // 2
    assert len(metrics.building_pairs) == BUILDINGS * (BUILDINGS - 1) // 2
    chart = win.metrics_dock.show_chart(key)
    settle()
    qtbot.wait(20)
    settle()
    chart.grab()  # painted once at its size, as a user sees it
    names, positions, which = category_names(win, key)
    plot = chart.getPlotItem()
    view = plot.getViewBox()
    shown = QRectF(chart.viewport().rect())
    schemes: set[str] = set()
    for side in (["left", "bottom"] if which == "both" else [which]):
        axis = plot.getAxis(side)
        assert isinstance(axis, NameAxis)
        labels = painted_labels(axis)
        along = 1 if side == "left" else 0  # the axis's direction: y for left, x for bottom
        assert len(labels) >= 2, f"{key} {side}: only {labels}"
        boxes = []
        for box, text in labels:
            # whole inside what the axis paints (its clip) and inside the chart
            assert axis.boundingRect().adjusted(-0.5, -0.5, 0.5, 0.5).contains(box), \
                f"{key} {side}: {text!r} at {box} is cut off by the axis {axis.boundingRect()}"
            scene = axis.mapRectToScene(box)
            in_chart = chart.mapFromScene(scene).boundingRect()
            assert shown.adjusted(-0.5, -0.5, 0.5, 0.5).contains(QRectF(in_chart)), \
                f"{key} {side}: {text!r} at {in_chart} is outside the chart {shown}"
            # on its own category: the label's middle is the category's position
            middle = view.mapSceneToView(scene.center())
            at = middle.y() if along else middle.x()
            k = min(range(len(positions)), key=lambda i: abs(positions[i] - at))
            assert abs(positions[k] - at) < 0.15, f"{key} {side}: {text!r} between categories"
            assert matches(text, names[k], k + 1), f"{key} {side}: {text!r} is not {names[k]!r}"
            schemes.add("number" if text.isdigit() else "name")
            assert not re.match(r"^\d+ \D", text), f"{key} {side}: number and name {text!r}"
            boxes.append((box, text))
        # no two labels overlap (a pixel of anti-aliasing apart at most)
        for i, (a, ta) in enumerate(boxes):
            for b, tb in boxes[i + 1:]:
                common = a.intersected(b)
                assert common.width() < 1 or common.height() < 1, \
                    f"{key} {side}: {ta!r} {a} overlaps {tb!r} {b}"
        # thinned no more than the font needs: the labels written are at most a few
        # lines of text apart, whatever the count
        line = QFontMetrics(axis.style["tickFont"] or axis.font()).height()
        starts = sorted((b.center().y() if along else b.center().x()) for b, _ in boxes)
        extent = max((b.height() if along else b.width()) for b, _ in boxes)
        gaps = [b - a for a, b in itertools.pairwise(starts)]
        assert max(gaps) <= 2.5 * (max(extent, line) + 3) + 2, \
            f"{key} {side}: labels {max(gaps):.0f} px apart for {extent:.0f} px labels"
    assert len(schemes) == 1, f"{key}: names on one axis, numbers on the other"
    # the read-out names each category in full, labelled or not
    for k, name in enumerate(names):
        if key == "islands":
            other = 1 if k == 0 else 0
            text = chart.readout(positions[k], positions[other])
            assert text is not None and name in text and names[other] in text
        else:
            x = 0.01 * chart.getPlotItem().getViewBox().viewRange()[0][1]
            text = chart.readout(x, positions[k])
            assert text is not None and name.split(" – ")[0] in text, (k, text)
            assert name.split(" – ")[-1] in text


def test_cost_axis_writes_thousands_with_commas(big_campus, qtbot) -> None:
    """The Cost chart's value axis: "1,000", not "1000"."""
    chart = big_campus.metrics_dock.show_chart("cost")
    settle()
    chart.grab()
    axis = chart.getPlotItem().getAxis("bottom")
    assert isinstance(axis, NumberAxis)
    assert axis.tickStrings([1000.0, 2500.0], 1.0, 500.0) == ["1,000", "2,500"]
    cost = big_campus.metrics_dock.metrics.cost
    largest = max(sum(b.by_category_usd.values()) for b in cost.buildings.values())
    low, high = chart.getPlotItem().getViewBox().viewRange()[0]
    assert low == 0 and largest / 1e6 <= high <= 1.1 * largest / 1e6
