"""File › Compare with… and Tools › Explore… on a real window (engine process and all)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from gui.pareto_chart import point_position
from model.fileformat import save_design
from model.sweep_plan import build_point, make_spec
from model.sweep_run import evaluate_point
from model.sweep_store import SweepStore
from tests.gui.test_i18n import english_afterwards  # noqa: F401  (a fixture)


def test_compare_with_a_file(window, qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    design = window.document.design
    other = design.copy()
    racks = other.rack_groups["hall-b-pod-2-racks"]
    other.remove("hall-b-pod-2-racks")
    other.update("hall-a-pod-1-b1", speed_gbps=200.0)
    save_design(other, tmp_path / "other.json")
    assert window.compare_actions.action in window.menu("File").actions()
    assert window.compare_actions.compare(str(tmp_path / "other.json"))
    dock = window.compare_actions.dock
    qtbot.waitUntil(lambda: dock.comparison is not None, timeout=60_000)
    rows = {r.name: r for r in dock.comparison.figures}
    gpus = design.catalog.server(design.catalog.rack_type(racks.rack_type).server)
    per_rack = design.catalog.rack_type(racks.rack_type).servers_per_rack
    assert rows["accelerators"].difference == -racks.count * per_rack * (
        gpus.accelerators_per_server)
    # the elements of this design that differ are selected on the canvas
    # (the removed rack group, the bundles that went with it, the slower bundle)
    expected = {"hall-b-pod-2-racks", "hall-a-pod-1-b1"} | _bundles_of(
        design, "hall-b-pod-2-racks")
    assert len(expected) == 3
    assert set(window.scene.selected_ids()) == expected
    # the table shows only differences by default, the fewer accelerators in red
    table = dock.table
    names = [table.item(i, 0).text() for i in range(table.rowCount())]
    assert "accelerators" in names
    row = names.index("accelerators")
    removed = racks.count * per_rack * gpus.accelerators_per_server
    assert table.item(row, 3).text() == f"-{removed:,}"
    assert table.item(row, 3).foreground().color().name() == window.theme.bad
    dock.only_different.setChecked(False)
    assert dock.table.rowCount() == len(dock.comparison.figures)


def _bundles_of(design, group: str) -> set[str]:  # type: ignore[no-untyped-def]
    return {b.id for b in design.bundles.values() if group in (b.lower, b.upper)}


@pytest.fixture
def sweep_table(tmp_path: Path) -> Path:
    """A sweep of 3 points written by the store (computed here, without Dask)."""
    spec = make_spec(template_name="islands", base=None, base_path=None,
                     params=["islands=2", "buildings=1", "gpus_per_island=256",
                             "oversubscription=1,2,4"], sets=[], sample=None, seed=0)
    store = SweepStore(tmp_path / "s")
    store.start(spec)
    for k in spec.point_indices():
        store.append(evaluate_point(spec.to_json(), k, spec.values_of(k)))
    store.close()
    store.write_tables(spec)
    return tmp_path / "s.csv"


def test_explore_says_how_to_make_a_sweep_table(window, qtbot,  # type: ignore[no-untyped-def]
                                                sweep_table: Path) -> None:
    """Seen under Xvfb (issue #15): the empty Explore dialog said "No sweep table open"
    and nothing of where one comes from. Until a table is open it names the command
    and the guide's section; an open table takes its place."""
    dialog = window.explore_actions.explore()
    qtbot.waitExposed(dialog)
    assert dialog.hint.isVisible()
    words = dialog.hint.text()
    assert "python main.py sweep --template islands" in words and "--out my-sweep" in words
    assert "my-sweep.csv" in words and "Open Table…" in words
    assert "Sweep a design space" in words and "docs/sweeps.md" in words
    guide = (Path(__file__).resolve().parents[2] / "docs" / "sweeps.md").read_text("utf-8")
    assert "## Sweep a design space" in guide
    assert dialog.open_table(str(sweep_table))
    assert not dialog.hint.isVisible()
    dialog.close()


def test_explore_opens_a_clicked_point(window, qtbot, sweep_table: Path,  # type: ignore[no-untyped-def]
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    assert window.explore_actions.action in window.menu("Tools").actions()
    dialog = window.explore_actions.explore()
    qtbot.waitExposed(dialog)
    assert dialog.open_table(str(sweep_table))
    assert dialog.x_combo.currentText() == "power_totals.facility_kw"
    assert dialog.y_combo.currentText() == "bisection.per_accelerator_gbps"
    data = dialog.chart.data
    assert len(data.points) == 3
    # 1:1 has the most bisection; 4:1 the least power: all three are on the front
    assert sorted(data.front) == [0, 1, 2]
    where = point_position(data, dialog.chart.size(), 0)
    qtbot.mouseClick(dialog.chart, Qt.MouseButton.LeftButton, pos=where.toPoint())
    assert dialog.chosen == 0
    assert "oversubscription = 1.0" in dialog.details.text()
    # with unsaved changes, Cancel keeps the open design
    window.document.design.update("hall-a-up", speed_gbps=100.0)
    window.document.undo_stack.resetClean()
    before = window.document.design.copy()
    files = window.file_actions
    monkeypatch.setattr(files, "ask_unsaved", lambda: QMessageBox.StandardButton.Cancel)
    assert not dialog.open_chosen()
    assert window.document.design == before
    monkeypatch.setattr(files, "ask_unsaved", lambda: QMessageBox.StandardButton.Discard)
    assert dialog.open_chosen()
    expected = build_point(dialog.spec, {"islands": 2, "buildings": 1,
                                         "gpus_per_island": 256, "oversubscription": 1.0})
    assert window.document.design == expected
    assert window.document.design.tiers["core"].count == expected.tiers["core"].count
    assert window.document.is_modified()


def test_the_chinese_explore_dialog_points_to_the_chinese_guide(  # type: ignore[no-untyped-def]
        window, qtbot, english_afterwards) -> None:  # noqa: F811
    """Seen under Xvfb: the Chinese dialog sent its reader to an English section
    ("Sweep a design space" in docs/sweeps.md); it names the Chinese guide's section,
    which exists, and the menus it names as the window says them."""
    from PySide6.QtWidgets import QApplication

    from gui.i18n import installer

    assert installer(QApplication.instance()).install("zh_CN")
    dialog = window.explore_actions.explore()
    qtbot.waitExposed(dialog)
    words = dialog.hint.text()
    assert "第 6 节“参数扫描”" in words and "Sweep a design space" not in words
    guide = (Path(__file__).resolve().parents[2] / "docs" / "zh" / "README.md").read_text(
        "utf-8")
    assert "## 6. 命令行" in guide and "### 参数扫描" in guide
    assert "工具 › 探索参数扫描…" in guide
    dialog.close()
