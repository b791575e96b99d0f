"""The Cost tab, Tools › Choose Optics by Reach (one undo step, on the selection or on
every bundle) and File › Export › Workbook, driven through the real window."""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import load_workbook

from model.metrics import compute_all
from model.reports.xlsx import SHEETS
from tests.gui.test_metrics_dock import wait_for_metrics


def test_cost_tab_draws_the_engines_cost_per_building(window, qtbot) -> None:
    wait_for_metrics(qtbot, window)
    chart = window.metrics_dock.show_chart("cost")
    engine = compute_all(window.document.design.copy())
    assert engine.cost is not None
    for category, heights in chart.bars.items():
        assert heights == pytest.approx(
            [b.by_category_usd[category] / 1e6 for b in engine.cost.buildings.values()])
    assert set(chart.bars) == {"servers", "switches", "optics", "cables", "racks"}
    dock = window.metrics_dock
    assert dock.text_of("network_share") == f"{engine.cost.network_share:.1%}"
    capex = engine.cost.capex_usd
    assert capex > 1e6 and dock.text_of("capex") == f"{capex / 1e6:,.3g} M USD"
    # the campus figures: CAPEX in the title, every figure in the tooltip
    assert "CAPEX" in chart.getPlotItem().titleLabel.text
    tip = chart.toolTip()
    assert "CAPEX" in tip and "/acc." in tip and "TCO 5 y" in tip
    assert "network" in tip and f"({engine.cost.network_share:.1%})" in tip


def test_choose_optics_is_one_undo_step(window, qtbot) -> None:
    doc = window.document
    before = doc.design.copy()
    steps = doc.undo_stack.count()
    assert window.optics.action.text() == "Choose &Optics by Reach"
    assert window.optics.action in window.menu("Tools").actions()
    # a selected bundle only: the demo's first rails (no medium, 30 m in an island)
    first = next(iter(doc.design.bundles))
    window.scene.select_ids([first])
    assert window.optics.run()
    assert doc.undo_stack.count() == steps + 1
    assert doc.design.bundles[first].medium is not None
    changed = [b for b in doc.design.bundles if doc.design.bundles[b].medium
               != before.bundles[b].medium]
    assert changed == [first]
    doc.undo_stack.undo()
    assert doc.design == before
    # nothing selected: every bundle, still one step
    window.scene.select_ids([])
    assert window.optics.run()
    assert doc.undo_stack.count() == steps + 1
    assert all(b.medium is not None for b in doc.design.bundles.values())
    doc.undo_stack.undo()
    assert doc.design == before
    doc.undo_stack.redo()
    assert all(b.medium is not None for b in doc.design.bundles.values())
    # run again: nothing left to change, nothing recorded
    assert not window.optics.run()
    assert doc.undo_stack.count() == steps + 1


def test_export_menu_writes_the_workbook(window, qtbot, tmp_path: Path) -> None:
    files = window.file_actions
    texts = [a.text() for a in files.export_menu.actions()]
    assert "Workbook for Purchasing (Excel)…" in texts
    path = tmp_path / "campus.xlsx"
    assert files.export("json", tmp_path / "m.json")
    qtbot.waitUntil(lambda: files.exports.busy() is None, timeout=30_000)
    assert files.export("xlsx", path)
    qtbot.waitUntil(lambda: files.exports.busy() is None, timeout=30_000)
    book = load_workbook(path)
    assert book.sheetnames == list(SHEETS)
    summary = {r[0]: r[1] for r in book["Summary"].iter_rows(min_row=2, values_only=True)}
    engine = compute_all(window.document.design.copy())
    assert engine.cost is not None
    assert summary["CAPEX"] == pytest.approx(engine.cost.capex_usd)


def test_pdf_report_has_the_cost_table(qtbot, tmp_path: Path) -> None:
    from pypdf import PdfReader

    from gui.export import export_pdf
    from model.fileformat import design_from_dict
    from tests.model.test_cost import priced_file

    design = design_from_dict(priced_file())
    path = tmp_path / "report.pdf"
    export_pdf(design, compute_all(design), path)
    text = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(path).pages)
    # the hand sums of test_cost in EUR at 0.9 per USD: CAPEX 3,614 × 0.9 = 3,252.6
    assert "Cost (EUR)" in text
    assert "CAPEX 3,253 EUR" in text
    assert "switches 2,700 EUR" in text
    assert "TCO over 3 years" in text


def test_prices_and_lengths_are_edited_in_the_inspector(window, qtbot) -> None:
    from tests.gui.test_inspector import select, type_into

    design, stack = window.document.design, window.document.undo_stack
    inspector = select(window, "hall-a")
    type_into(qtbot, inspector.fields["electricity_usd_per_kwh"], "0.12")
    assert design.buildings["hall-a"].electricity_usd_per_kwh == 0.12
    bundle = next(iter(design.bundles))
    inspector = select(window, bundle)
    type_into(qtbot, inspector.fields["length_m"], "75")
    assert design.bundles[bundle].length_m == 75
    type_into(qtbot, inspector.fields["length_m"], "")  # empty: estimated again
    assert design.bundles[bundle].length_m is None
    window.scene.clearSelection()
    fields = window.inspector.fields
    type_into(qtbot, fields["currency"], "EUR")
    type_into(qtbot, fields["usd_exchange_rate"], "0.92")
    type_into(qtbot, fields["currency"], "euro")
    assert "currency" in fields["currency"].error.text()
    assert (design.settings.currency, design.settings.usd_exchange_rate) == ("EUR", 0.92)
    name = design.bundles[bundle].name
    assert [stack.text(i) for i in range(stack.count())] == [
        "Change electricity price of Hall A to 0.12 US$/kWh",
        f"Change link length of {name} to 75 m", f"Change link length of {name}",
        "Change currency", "Change exchange rate to 0.92 per US$"]
