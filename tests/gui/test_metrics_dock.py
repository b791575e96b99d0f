"""The metrics dock and the background runner: after edits the dock shows exactly the
engine's figures for the design as it now is; stale results are never shown; problems are
listed and lead to their element; the bisection cut is highlighted on demand."""

from __future__ import annotations

import threading
from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool

import numpy as np
from PySide6.QtCore import Qt

from gui import metrics_runner
from gui.canvas.items.bundle import BundleItem
from gui.commands import UpdateElement
from gui.metrics_runner import MetricsRunner
from model.metrics import compute_all


def wait_for_metrics(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """Until the newest figures are in the dock and its chart on show is drawn with
    them (a turn of the event loop after the headlines)."""
    qtbot.waitUntil(lambda: window.runner.is_current() and
                    window.metrics_dock.metrics is window.runner.metrics
                    and not window.metrics_dock.chart_pending(), timeout=10_000)


def test_dock_shows_the_engines_figures_after_edits(window, qtbot) -> None:
    wait_for_metrics(qtbot, window)
    dock = window.metrics_dock
    # By hand: 2 halls × 2 pods × 8 racks × 4 DGX × 8 GPUs.
    assert dock.text_of("accelerators") == "1,024"
    doc = window.document
    doc.execute(UpdateElement(doc.design, "hall-a-pod-1-racks", {"count": 12}))
    doc.execute(UpdateElement(doc.design, "hall-b", {"pue": 1.5}))
    assert dock.state.text().startswith("⟳"), "the dock says it is refreshing"
    wait_for_metrics(qtbot, window)
    engine = compute_all(doc.design.copy(), plane=None)
    assert engine.inventory.accelerators == 1024 + 4 * 4 * 8
    assert dock.text_of("accelerators") == "1,152"
    assert dock.text_of("bisection_tbps").endswith(f"{engine.bisection.gbps / 1000:,.1f} Tb/s")
    assert dock.text_of("fraction_of_full") == f"{engine.bisection.fraction_of_full:.1%}"
    assert dock.text_of("mean_hops") == f"{engine.hops.mean:.2f}"
    assert dock.text_of("max_hops") == str(engine.hops.max)
    assert dock.text_of("it_mw") == f"{engine.power.it_kw / 1000:,.1f} MW"
    assert dock.text_of("facility_mw") == f"{engine.power.facility_kw / 1000:,.1f} MW"
    assert dock.state.text() == "✓ Up to date"
    power = dock.show_chart("power").values
    assert power == [(window.document.design.buildings[b.building_id].name,
                      b.it_kw / 1000, b.capacity_kw / 1000)
                     for b in engine.power.buildings.values()]
    hops = dock.show_chart("hops").bars
    for scope, counts in hops.items():
        for hop, pairs in zip(sorted(engine.hops.histogram), counts, strict=True):
            assert engine.hops.by_scope.get(scope, {}).get(hop, 0) == pairs
    matrix = dock.show_chart("islands").matrix
    assert len(matrix) == 4 and len(engine.island_pairs) == 6
    assert abs(np.nansum(matrix) / 2 - sum(p.gbps for p in engine.island_pairs) / 1000) < 1e-9
    pairs = dock.show_chart("buildings").values
    assert [v for _, v in pairs] == [p.gbps / 1000 for p in engine.building_pairs]
    # The canvas shows the same engine: the bundle label is its link count.
    bundle = window.scene.item_for("hall-a-pod-1-b1")
    assert isinstance(bundle, BundleItem)
    links = engine.inventory.links_by_bundle["hall-a-pod-1-b1"]
    assert links == 12 * 4 * 8, "12 racks × 4 servers × 8 links"
    assert bundle.label() == f"{links:,} × 400G"


def test_stale_results_are_dropped_never_shown(qtbot, design) -> None:
    release = threading.Event()
    seen_revisions: list[int] = []

    def slow(d):  # type: ignore[no-untyped-def]
        release.wait(5)
        return compute_all(d, plane=None)

    runner = MetricsRunner(design, slow)
    shown: list[object] = []
    runner.finished.connect(shown.append)
    runner.started.connect(seen_revisions.append)
    runner.request()
    qtbot.waitUntil(lambda: bool(seen_revisions))
    first = design.revision
    design.update("hall-a-pod-1-racks", count=2)  # an edit while the first run computes
    runner.request()
    release.set()
    qtbot.waitUntil(runner.is_current, timeout=10_000)
    assert runner.discarded == 1
    assert seen_revisions == [first, design.revision]
    assert len(shown) == 1, "only the result for the current design is shown"
    assert shown[0].inventory.accelerators == 1024 - 6 * 4 * 8  # type: ignore[attr-defined]
    runner.shutdown()


def test_engine_failure_is_shown_not_raised(qtbot, design) -> None:
    def broken(d):  # type: ignore[no-untyped-def]
        raise ValueError("cannot compute this")

    runner = MetricsRunner(design, broken)
    failures: list[str] = []
    runner.failed.connect(failures.append)
    runner.request()
    qtbot.waitUntil(lambda: bool(failures))
    assert failures == ["ValueError: cannot compute this"]
    assert runner.metrics is None
    runner.shutdown()


class _DyingEngine:
    """An engine process that dies under every run (as one killed for memory does)."""

    def submit(self, fn, *args):  # type: ignore[no-untyped-def]
        future: Future[object] = Future()
        future.set_exception(BrokenProcessPool("killed"))
        return future


def test_engine_process_that_dies_fails_the_run_without_computing_here(
        qtbot, design, monkeypatch) -> None:
    """Whatever killed the engine's process must not be repeated in the editor's own
    (it would take the unsaved design with it): the run fails with a message, and the
    next run asks for a fresh process."""
    started: list[int] = []
    monkeypatch.setattr(metrics_runner, "_engine_process",
                        lambda: started.append(1) or _DyingEngine())

    def never(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise AssertionError("the engine must not run in the editor's process")

    monkeypatch.setattr("model.metrics.compute_all", never)
    runner = MetricsRunner(design)
    failures: list[str] = []
    runner.failed.connect(failures.append)
    runner.request()
    qtbot.waitUntil(lambda: bool(failures))
    assert failures[0].startswith("EngineStoppedError: the metrics engine stopped")
    assert "out of memory" in failures[0]
    design.update(next(iter(design.rack_groups)), count=1)
    runner.request()
    qtbot.waitUntil(lambda: len(failures) == 2)
    assert started == [1, 1], "each run after a death asks for a new engine process"
    runner.shutdown()


def test_engine_process_that_died_while_idle_is_replaced_not_run_here(
        design, monkeypatch) -> None:
    """A process found dead when a run is submitted is replaced by a fresh one, once; the
    run goes to it, never into the editor's own process."""
    class DiedWhileIdle:
        def submit(self, fn, *args):  # type: ignore[no-untyped-def]
            raise BrokenProcessPool("died while idle")

    class Fresh:
        def submit(self, fn, *args):  # type: ignore[no-untyped-def]
            future: Future[object] = Future()
            future.set_result("from the fresh process")
            return future

    engines: list[object] = [DiedWhileIdle(), Fresh()]
    monkeypatch.setattr(metrics_runner, "_engine_process", lambda: engines.pop(0))

    def never(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise AssertionError("the engine must not run in the editor's process")

    monkeypatch.setattr("model.metrics.compute_all", never)
    assert metrics_runner.default_compute(design) == "from the fresh process"
    assert engines == []


def test_problems_are_listed_marked_and_lead_to_their_element(window, qtbot) -> None:
    doc = window.document
    # 100 kW cannot hold a hall of 16 DGX H100 racks: an over-capacity problem.
    doc.execute(UpdateElement(doc.design, "hall-b", {"capacity_kw": 100.0}))
    wait_for_metrics(qtbot, window)
    panel = window.problems
    rows = [panel.topLevelItem(i) for i in range(panel.topLevelItemCount())]
    engine = compute_all(doc.design.copy(), plane=None)
    assert len(rows) == len(engine.problems) >= 1
    row = next(r for r in rows if r.data(0, Qt.ItemDataRole.UserRole + 1) == "hall-b")
    assert row.text(1) == "Hall B"
    assert window.scene.item_for("hall-b").problems, "the building is marked"
    assert window.docks["problems"].windowTitle().startswith("Problems (")
    window.view.set_scale(1.5)
    window.view.centre_on_element("hall-a-pod-1-racks")
    rect = panel.visualItemRect(row)
    qtbot.mouseClick(panel.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert window.scene.selected_ids() == ["hall-b"]
    centre = window.view.mapToScene(window.view.viewport().rect().center())
    assert window.scene.item_for("hall-b").sceneBoundingRect().contains(centre)
    assert window.inspector.title.text().startswith("<b>Hall B</b>")


def test_bisection_cut_on_demand(window, qtbot) -> None:
    wait_for_metrics(qtbot, window)
    cut = window.runner.metrics.bisection.cut
    scene = window.scene
    assert all(item.cut is None for item in scene.element_items())
    window.cut_action.trigger()
    assert window.cut_action.isChecked()
    for element_id, on_a in cut.side_a.items():
        item = scene.item_for(element_id)
        assert item is not None and item.cut is not None and item.cut.on_a == on_a
    crossing = {b.element_id: b.crossing_gbps for b in scene.bundle_items() if b.crossing_gbps}
    assert crossing == {k: v for k, v in cut.crossing_gbps.items() if v}
    assert crossing, "some bundles cross the cut"
    bisection = window.runner.metrics.bisection.gbps
    assert abs(sum(crossing.values()) - bisection) <= 1e-6 * bisection, \
        "the red bundles carry the whole bisection (as the docs say)"
    window.cut_action.trigger()
    assert all(item.cut is None for item in scene.element_items())
    assert not any(b.crossing_gbps for b in scene.bundle_items())


def test_canvas_and_docks_take_the_newest_figures_on_later_turns(window, qtbot) -> None:
    """Fresh figures reach the canvas one turn of the event loop after they arrive and
    the docks one turn after that (short pieces of work, none in the turn of an edit);
    figures superseded before their turn never reach either."""
    from dataclasses import replace

    wait_for_metrics(qtbot, window)
    current = window.runner.metrics
    older = replace(current)
    newer = replace(current)
    window.runner.metrics = newer
    window._show_metrics(older)
    assert window.scene.metrics is current  # not yet: the next turn
    qtbot.waitUntil(lambda: window.metrics_dock.metrics is newer, timeout=2_000)
    assert window.scene.metrics is newer  # the superseded figures were skipped
    newest = replace(current)
    window.runner.metrics = newest
    window._show_metrics(newest)
    assert window.scene.metrics is newer and window.metrics_dock.metrics is newer
    qtbot.waitUntil(lambda: window.scene.metrics is newest, timeout=2_000)
    qtbot.waitUntil(lambda: window.metrics_dock.metrics is newest, timeout=2_000)


def test_a_chart_is_redrawn_only_when_its_figures_change(window, qtbot,
                                                        monkeypatch) -> None:
    """Fresh figures that leave a chart's as they were (a move, a building's PUE for
    the hops) do not redraw it: a redraw costs the event loop 10-20 ms on the campus."""
    from gui.commands import move_command

    wait_for_metrics(qtbot, window)
    dock = window.metrics_dock
    hops = dock.show_chart("hops")
    drawn: list[int] = []
    original = type(hops).show_metrics

    def counting(chart, metrics, names):  # type: ignore[no-untyped-def]
        drawn.append(1)
        original(chart, metrics, names)

    monkeypatch.setattr(type(hops), "show_metrics", counting)
    doc = window.document
    island = next(iter(doc.design.islands.values()))
    command = move_command(doc.design, {island.id: (island.x + 40, island.y)})
    assert command is not None
    doc.execute(command)
    doc.execute(UpdateElement(doc.design, "hall-b", {"pue": 1.4}))
    wait_for_metrics(qtbot, window)
    assert drawn == [], "the same hops: nothing redrawn"
    doc.execute(UpdateElement(doc.design, "hall-a-pod-1-racks", {"count": 12}))
    wait_for_metrics(qtbot, window)
    assert drawn == [1]
    engine = compute_all(doc.design.copy(), plane=None)
    for scope, counts in hops.bars.items():
        for hop, pairs in zip(sorted(engine.hops.histogram), counts, strict=True):
            assert engine.hops.by_scope.get(scope, {}).get(hop, 0) == pairs
    hops.apply_theme(hops.theme)
    dock.show_metrics(dock.metrics)
    qtbot.waitUntil(lambda: not dock.chart_pending(), timeout=2_000)
    assert drawn == [1, 1], "a change of theme redraws"
