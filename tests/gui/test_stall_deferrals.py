"""Work put off to later turns of the event loop still arrives (DESIGN §4: no stall over
50 ms): the dock's chart on show is drawn a turn after the headlines, with the newest
figures then; a chart whose tab is hidden is drawn with the current figures when its
tab is opened; a paint's staging allowance counts the scene's work it shows (done a
turn earlier); a routing slice that comes after long work in its turn waits a turn."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtWidgets import QGraphicsRectItem

from gui.canvas.picture import build_scene
from gui.canvas.staging import PaintBudget
from gui.commands import UpdateElement
from model.metrics import compute_all
from model.templates import TEMPLATES
from tests.gui.real_window_drivers import wait_for_figures


class TickClock:
    """A clock that advances one tick (1 s) each time it is read."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def settled(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """Until the newest figures are in the dock and its chart on show is drawn."""
    wait_for_figures(qtbot, window)
    dock = window.metrics_dock
    qtbot.waitUntil(lambda: dock.metrics is window.runner.metrics
                    and not dock.chart_pending(), timeout=30_000)


def capacity_mw(chart, name: str) -> float:  # type: ignore[no-untyped-def]
    """The capacity the power chart shows for the building called ``name``."""
    return next(capacity for building, _it, capacity in chart.values if building == name)


def test_the_docks_show_the_newest_figures_after_an_edit(real_window, qtbot) -> None:
    """Through the application's window and engine process: the chart on show and a
    chart in a hidden tab both end up with the figures of the last edit."""
    window = real_window
    settled(qtbot, window)
    dock, doc = window.metrics_dock, window.document
    power = dock.charts["power"]
    dock.tabs.setCurrentWidget(power)
    name = doc.design.buildings["hall-b"].name
    # two edits in a row: the figures of the second win
    doc.execute(UpdateElement(doc.design, "hall-b", {"capacity_kw": 4321.0}))
    doc.execute(UpdateElement(doc.design, "hall-b", {"capacity_kw": 5432.0}))
    settled(qtbot, window)
    assert capacity_mw(power, name) == 5.432  # the capacity typed, in MW
    # By hand: 2 halls × 2 pods × 8 racks × 4 DGX × 8 GPUs, one pod now 12 racks.
    doc.execute(UpdateElement(doc.design, "hall-a-pod-1-racks", {"count": 12}))
    dock.tabs.setCurrentWidget(dock.charts["hops"])  # the power tab hidden
    doc.execute(UpdateElement(doc.design, "hall-b", {"capacity_kw": 6543.0}))
    settled(qtbot, window)
    assert dock.text_of("accelerators") == "1,152"
    assert capacity_mw(power, name) == 5.432, "a hidden chart is not drawn"
    dock.tabs.setCurrentWidget(power)  # as a click on its tab does
    assert capacity_mw(power, name) == 6.543


def figures_drawn(chart, monkeypatch) -> list[object]:  # type: ignore[no-untyped-def]
    """The figures ``chart`` is drawn with from now on, in order."""
    drawn: list[object] = []
    original = type(chart).show_metrics

    def counting(self, metrics, names):  # type: ignore[no-untyped-def]
        drawn.append(metrics)
        original(self, metrics, names)

    monkeypatch.setattr(type(chart), "show_metrics", counting)
    return drawn


def test_the_chart_on_show_is_drawn_a_turn_later_with_the_newest_figures(
        window, qtbot, monkeypatch) -> None:
    settled(qtbot, window)
    dock = window.metrics_dock
    power = dock.show_chart("power")
    drawn = figures_drawn(power, monkeypatch)
    current = dock.metrics
    assert current is not None
    older = replace(current, power=replace(current.power, facility_kw=1_000_000.0))
    newer = replace(current, power=replace(current.power, facility_kw=2_000_000.0))
    power.drawn = None  # so that the chart is drawn again whatever its figures
    dock.show_metrics(older)
    dock.show_metrics(newer)
    assert drawn == [] and dock.chart_pending(), "drawn in the turn of the figures"
    assert dock.text_of("facility_mw") == "2,000.0 MW"  # the headlines at once
    qtbot.waitUntil(lambda: not dock.chart_pending(), timeout=2_000)
    assert drawn == [newer]


def test_a_paint_counts_the_scene_work_it_shows(qapp) -> None:
    """The scene's work a turn before a paint (an edit, whose repaint Qt handles in
    the next turn) counts against that paint's allowance; work from longer ago, or
    already painted, does not."""
    clock = TickClock()
    budget = PaintBudget(allowance_s=3.0, clock=clock)
    item = QGraphicsRectItem()
    budget._woke()  # the turn of the edit
    budget.work_began()  # the edit starts (clock 2) ...
    clock.now += 5.0  # ... and takes 5 ticks
    budget._woke()  # the next turn: its paint shows the edit
    assert budget.allows(item), "the first item of a turn is always allowed"
    assert not budget.allows(item), "the edit's 5 ticks are over the allowance of 3"
    budget.painted()
    budget._woke()
    assert budget.allows(item) and budget.allows(item), "painted: a fresh allowance"
    budget.work_began()
    clock.now += 5.0
    budget._woke()
    budget._woke()  # two turns later: that work is not what this paint shows
    assert budget.allows(item) and budget.allows(item)
    budget.deleteLater()


def test_a_routing_slice_after_long_work_in_its_turn_waits_a_turn(qapp) -> None:
    design = TEMPLATES["dragonfly-plus"].build(k=16)
    scene = build_scene(design, compute_all(design.copy(), plane=None))
    scene.set_view_scale(0.9)
    scene.finish_routing()
    clock = TickClock()
    budget = scene.paint_budget
    budget.clock = clock
    scene.set_cut_visible(True)  # restyles every crossing bundle, in the queue's slices
    waiting = scene.routing_pending()
    assert waiting
    budget._woke()
    clock.now += 1.0  # an edit before the slice took its whole time (a second)
    scene._route_some()
    assert scene.routing_pending() == waiting, "the slice ran after the edit"
    assert scene._route_timer.isActive(), "the slice waits for the next turn"
    for _ in range(4):  # the next turns, however busy: the queue goes on
        scene._route_some()
    assert scene.routing_pending() < waiting


def test_the_inspector_loads_its_fields_once_per_command(window, qtbot, monkeypatch) -> None:
    """A command that changes many elements (an island duplicated: the island, its
    racks, tiers and bundles) reloads the inspector once, at its end, and the fields
    show the design's values as soon as the command returns."""
    from gui.commands import duplicate_command
    from gui.inspector.panel import Inspector

    doc = window.document
    window.scene.select_ids(["hall-a-pod-1-racks"])
    inspector = window.inspector
    assert inspector.element_ids == ["hall-a-pod-1-racks"]
    loads: list[int] = []
    original = Inspector._load_values

    def counting(panel) -> None:  # type: ignore[no-untyped-def]
        loads.append(1)
        original(panel)

    monkeypatch.setattr(Inspector, "_load_values", counting)
    notices: list[int] = []
    doc.changed.connect(lambda: notices.append(1))
    island = next(iter(doc.design.islands))
    command = duplicate_command(doc.design, [island], (300.0, 0.0))
    assert command is not None
    doc.execute(command)
    assert len(notices) > 2 and loads == [1]
    doc.execute(UpdateElement(doc.design, "hall-a-pod-1-racks", {"count": 11}))
    assert inspector.fields["count"].value() == 11  # at once, not a turn later
    doc.undo_stack.undo()
    assert inspector.fields["count"].value() == 8  # the demo campus's 8 racks
    qtbot.wait(10)
    assert loads == [1, 1, 1]


def test_the_chart_waits_while_the_canvas_still_draws(window, qtbot, monkeypatch) -> None:
    """A chart drawn while the canvas still paints is painted in the same turn as the
    canvas, the two one stall (ai-zones of 128 pods: 107 ms, 42 of them the canvas's
    paint and 24 the chart's): fresh figures' chart waits until the canvas has finished,
    and is drawn anyway after :data:`CHART_WAIT_TURNS` looks, so it is never left
    behind."""
    from gui import metrics_dock

    settled(qtbot, window)
    dock = window.metrics_dock
    power = dock.show_chart("power")
    drawn = figures_drawn(power, monkeypatch)
    busy = [True]
    monkeypatch.setattr(dock, "canvas_busy", lambda: busy[0])
    current = dock.metrics
    assert current is not None
    power.drawn = None
    dock.show_metrics(replace(current, power=replace(current.power, facility_kw=3e6)))
    qtbot.wait(5 * metrics_dock.CHART_RETRY_MS)
    assert drawn == [] and dock.chart_pending(), "drawn while the canvas was busy"
    busy[0] = False
    qtbot.waitUntil(lambda: not dock.chart_pending(), timeout=2_000)
    assert len(drawn) == 1
    # a canvas that never settles does not hold the chart back for ever
    busy[0] = True
    power.drawn = None
    monkeypatch.setattr(metrics_dock, "CHART_WAIT_TURNS", 3)
    dock.show_metrics(replace(current, power=replace(current.power, facility_kw=4e6)))
    qtbot.waitUntil(lambda: not dock.chart_pending(), timeout=2_000)
    assert len(drawn) == 2
