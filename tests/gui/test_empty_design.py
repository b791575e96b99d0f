"""An empty design (File › New) in the window as the application starts it: figures
that are ratios over accelerators or accelerator pairs (share of full bisection,
bisection per GPU, hops, the job's interruptions and goodput) have nothing to be
computed over, so they read "–" with the reason in their tooltip, never a made-up
0.0 % or 100.0 %; totals that are truly zero (power, compute, cost) read 0; every chart
says it is empty; Show Bisection Cut says there is no cut rather than "0.0 Tb/s"."""

from __future__ import annotations

from model.design import Design
from tests.gui.real_window_drivers import menu_actions, wait_for_figures

NOT_DEFINED = ("fraction_of_full", "per_accelerator_gbps", "mean_hops", "max_hops",
               "interruptions_per_day", "goodput")
"""Figures over accelerators or their pairs: none in an empty design."""


def test_an_empty_design_shows_no_made_up_ratios(real_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = real_window
    actions = menu_actions(window)
    actions["File/New"].trigger()
    assert window.document.design == Design()
    wait_for_figures(qtbot, window)
    dock = window.metrics_dock
    qtbot.waitUntil(lambda: dock.metrics is window.runner.metrics, timeout=10_000)
    for key in NOT_DEFINED:
        assert dock.text_of(key) == "–", key
        assert "no accelerators" in dock.labels[key].toolTip().lower(), key
    # true totals of nothing: zero, as the hand count of an empty campus says
    assert dock.text_of("accelerators") == "0"
    assert dock.text_of("it_mw") == "0.0 MW"
    assert dock.text_of("problems") == "0"
    for key in dock.charts:
        chart = dock.show_chart(key)
        assert chart.empty_note.scene() is not None and chart.empty_note.toPlainText(), \
            f"the {key} chart says why it is empty"
    actions["View/Show Bisection Cut"].trigger()
    message = window.statusBar().currentMessage()
    assert "Tb/s" not in message and "no accelerators" in message.lower(), message
    actions["View/Show Bisection Cut"].trigger()


def test_charts_show_no_bare_scale_while_a_new_designs_figures_come(real_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Between File › New and its figures, the charts are blank: a bare 0 … 1 scale
    with nothing on it read as figures of the new design."""
    window = real_window
    wait_for_figures(qtbot, window)
    menu_actions(window)["File/New"].trigger()
    dock = window.metrics_dock
    assert dock.metrics is None, "the previous design's figures are forgotten"
    for key, chart in dock.charts.items():
        plot = chart.getPlotItem()
        assert not plot.getAxis("left").isVisible(), key
        assert not plot.getAxis("bottom").isVisible(), key
