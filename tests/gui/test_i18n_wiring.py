"""The figures the docks and tabs build from the model's words read in Chinese in the
Chinese window: the Jobs dock's limiting link and warnings, the engine's reasons a
figure was not computed, the What-if tab's failures, the compare dialog's figures.

The expected Chinese is a known architect's term of the model catalog, never the code's
own output."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QApplication

CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture
def chinese(qapp) -> Iterator[None]:  # type: ignore[no-untyped-def]
    """The interface in Chinese for one test, English again afterwards."""
    from gui.i18n import installer

    assert installer(qapp).install("zh_CN")
    yield
    installer(QApplication.instance()).remove()  # type: ignore[arg-type]


def test_the_jobs_dock_limiting_link_and_warnings_read_in_chinese(chinese) -> None:  # type: ignore[no-untyped-def]
    from gui.jobs_dock import summary_lines
    from tests.model.jobs_fixtures import campus
    from tests.model.test_jobs import figures, job

    j = job(tp=8, dp=4, global_batch=64, mfu=0.5)
    f = figures(campus(islands=2, servers=[2], uplinks=1), j)["j"]
    text = "\n".join(summary_lines(j, f))
    assert "计算岛之间的链路（i1 ↔ i2）" in text  # the limiting link
    assert "⚠ DP 跨越计算岛：" in text  # the warning
    assert "DP 受限于 i1 ↔ i2（该对的收敛比为" in text  # the core line (1 uplink: limited)
    assert "links between islands" not in text and "crosses islands" not in text
    assert "limited by" not in text and "capacity" not in text


def test_the_engines_reasons_read_in_chinese_in_the_dock_and_status_bar(  # type: ignore[no-untyped-def]
        qtbot, design, chinese) -> None:
    from gui.metrics_dock import MetricsDock
    from gui.not_computed import status_text
    from gui.theme import THEMES
    from tests.gui.test_not_computed import skipped_metrics

    metrics = skipped_metrics(design)  # a budget of 0 s: every network figure skipped
    dock = MetricsDock(design, THEMES["light"])
    qtbot.addWidget(dock)
    dock.show_metrics(metrics)
    budget = "超出 0 s 的计算时间预算"
    assert f"\n未计算：{budget}（" in dock.labels["mean_hops"].toolTip()
    assert budget in dock.state.text() and budget in dock.state.toolTip()
    assert budget in status_text(metrics)
    shown = " ".join([dock.labels["mean_hops"].toolTip(), dock.state.text(),
                      dock.state.toolTip(), status_text(metrics)])
    assert "too large" not in shown and "budget" not in shown


def test_the_what_if_tab_names_figures_and_failures_in_chinese(qtbot, chinese) -> None:  # type: ignore[no-untyped-def]
    """One spine of four down on the 4 × 4 leaf-spine (tests/gui/test_whatif.py): the
    comparison's rows and the failure's words read in Chinese."""
    from gui.whatif.comparison import comparison_rows
    from model.failures import Failure
    from model.templates import TEMPLATES
    from model.whatif import WhatIfMetrics, compute_what_if, failure_words

    design = TEMPLATES["leaf-spine"].build(leaves=4, down=4, up=4, spines=4)
    failure = Failure(element="spine", count=1)
    metrics = compute_what_if(design, failures=[failure])
    assert isinstance(metrics, WhatIfMetrics)
    rows = {row.words: row for row in comparison_rows(design, metrics)}
    assert "二分带宽" in rows  # the dock's headline "Bisection"
    assert "被隔断的加速卡" in rows  # the what-if's own "Accelerators cut off"
    assert rows["被隔断的加速卡"].change == "无变化"
    assert "Accelerators cut off" not in rows and "Bisection" not in rows
    from gui.i18n import current_language

    assert failure_words(design, failure, current_language()) == \
        "'Spine' 的 4 台交换机中的 1 台"
    whole = Failure(element="spine")  # no count: the whole tier
    assert failure_words(design, whole, "zh_CN") == "'Spine' 的全部 4 台交换机"


def test_the_compare_dock_names_the_figures_in_chinese(window, chinese) -> None:  # type: ignore[no-untyped-def]
    """Two designs' figures side by side: the figure column names each report key in
    the model catalog's Chinese (二分带宽, 跳数, 收敛比), element names as written, and
    the tooltip keeps the report's path."""
    from gui.compare_dialog import CompareDock
    from model.compare import compare_reports

    design = window.document.design
    a = {"bisection.gbps": 800.0, "hops.mean": 2.5, "oversubscription.Leaf.ratio": 1.0}
    b = {"bisection.gbps": 600.0, "hops.mean": 3.0, "oversubscription.Leaf.ratio": 2.0}
    other = design.copy()
    other.update("hall-a-pod-1-b1", speed_gbps=200.0)
    dock = CompareDock(window)
    dock.comparison = compare_reports(design, other, a, b)
    dock._fill_figures()
    dock._fill_structure()
    names = {dock.table.item(i, 0).text(): dock.table.item(i, 0).toolTip()
             for i in range(dock.table.rowCount())}
    assert names == {"二分带宽 · Gb/s": "bisection.gbps", "跳数 · 平均": "hops.mean",
                     "收敛比 · Leaf · 比值": "oversubscription.Leaf.ratio"}
    changed = dock.tree.topLevelItem(2).child(0)  # the bundle whose speed differs
    assert (changed.child(0).text(0), changed.child(0).toolTip(0)) == ("链路速率", "speed_gbps")


def test_a_name_with_a_dot_is_kept_whole_in_the_figure_name() -> None:
    from model.figure_words import figure_name

    path = "switches_by_model.Tomahawk 51.2 Tb/s"
    assert figure_name(path) == path  # English: the path as scripts name it
    assert figure_name(path, "zh_CN") == "按型号的交换机 · Tomahawk 51.2 Tb/s"


def test_a_job_that_cannot_run_says_why_in_chinese(qtbot, chinese) -> None:  # type: ignore[no-untyped-def]
    """8 accelerators, a job asking 32: the dock's refusal reads in Chinese with the
    same figures; the English message is unchanged."""
    from gui.document import DesignDocument
    from gui.jobs_dock import JobsDock
    from model.jobs.placement import JobError
    from model.jobs.step_time import plan_jobs
    from model.metrics import compute_all
    from tests.model.jobs_fixtures import campus
    from tests.model.test_jobs import job

    design = campus(islands=1, servers=[1])
    j = job(tp=8, dp=4)
    results = plan_jobs(design, compute_all(design), (j,))
    error = results["j"]
    assert isinstance(error, JobError)
    assert str(error) == ("job 'Job' needs TP × CP × PP × DP = 8 × 1 × 1 × 4 = 32"
                          " accelerators; the campus has 8")
    dock = JobsDock(DesignDocument(design))
    qtbot.addWidget(dock)
    dock.results = results
    dock._show_figures(j)
    assert ("作业 'Job' 需要 TP × CP × PP × DP = 8 × 1 × 1 × 4 = 32 张加速卡；整个园区只有 8 张"
            in dock.summary.text())


def test_a_fragment_of_another_version_is_refused_in_chinese(chinese) -> None:  # type: ignore[no-untyped-def]
    """Pasting a fragment written for another fragment version, or holding a design of a
    newer schema, says so in Chinese (the catalogs' words, written here by hand)."""
    import json

    from gui.fragment import FragmentError, fragment_text, read_fragment
    from gui.i18n import error_message
    from model.errors import DesignFileError
    from model.fileformat import CURRENT_VERSION
    from tests.exports.designs import small_design

    wrong = json.dumps({"format": "archipelago-fragment", "fragment_version": 99,
                        "copied": [], "design": {}})
    with pytest.raises(FragmentError) as refused:
        read_fragment(wrong)
    assert error_message(refused.value) == (
        "fragment_version 99 不是本版本 Archipelago 能读取的片段版本（它读取版本 1）")
    data = json.loads(fragment_text(small_design(), ["pod-1"]) or "")
    data["design"]["schema_version"] = CURRENT_VERSION + 1
    with pytest.raises(DesignFileError) as newer:
        read_fragment(json.dumps(data))
    shown = error_message(newer.value)
    assert f"由更新版本的 Archipelago 写入；本版本最高只能读取版本 {CURRENT_VERSION}" in shown
    assert "newer" not in shown


PRICE = {"usd": 250000.0, "usd_per_m": 0.0, "source": "list price", "estimate": True,
         "date": "2025-01"}


def test_the_compare_dock_shows_changed_values_in_words_in_english(qapp) -> None:  # type: ignore[no-untyped-def]
    """No Python repr: thousands separators and units, None as a dash, choices in
    words, lists and tables summarised (hand-written expectations)."""
    from gui.words import compared_value

    assert compared_value("capacity_kw", 150000.0) == "150,000 kW"
    assert compared_value("speed_gbps", 400.0) == "400G"
    assert compared_value("power_max_w", 10200) == "10,200 W"
    assert compared_value("building", None) == "—"
    assert compared_value("pattern", "rail") == "rail"
    assert compared_value("hosts", ["i1", "i2", "i3", "i4", "i5"]) == "i1, i2, i3 … (+2 more)"
    assert compared_value("price", PRICE) == (
        "unit price: 250,000 US$; price per metre: 0 US$/m; source: list price … (+2 more)")
    assert compared_value("estimate", True) == "yes"


def test_the_compare_dock_shows_changed_values_in_chinese(window, chinese) -> None:  # type: ignore[no-untyped-def]
    from gui.compare_dialog import CompareDock
    from gui.words import compared_value
    from model.compare import compare_reports

    assert compared_value("capacity_kw", 150000.0) == "150,000 kW"
    assert compared_value("building", None) == "—"
    assert compared_value("pattern", "rail") == "轨道优化"
    assert compared_value("hosts", ["i1", "i2", "i3", "i4", "i5"]) == "i1、i2、i3 …（另有 2 项）"
    assert compared_value("price", PRICE) == (
        "单价：250,000 US$；每米价格：0 US$/m；来源：list price …（另有 2 项）")
    design = window.document.design
    other = design.copy()
    other.update("hall-a-pod-1-b1", speed_gbps=200.0)
    other.update("hall-a", capacity_kw=1_500_000.0)
    dock = CompareDock(window)
    dock.comparison = compare_reports(design, other, {}, {})
    dock._fill_structure()
    changed = dock.tree.topLevelItem(2)
    shown = {changed.child(i).child(j).text(0): (changed.child(i).child(j).text(1),
                                                 changed.child(i).child(j).text(2))
             for i in range(changed.childCount())
             for j in range(changed.child(i).childCount())}
    old_capacity = f"{design.buildings['hall-a'].capacity_kw:,.0f} kW"
    assert shown == {"链路速率": ("400G", "200G"), "IT 容量": (old_capacity, "1,500,000 kW")}


def test_the_palette_names_what_it_drops_in_chinese(chinese) -> None:  # type: ignore[no-untyped-def]
    """A building, an island and two tiers dropped in a Chinese window are named in
    Chinese (names are data: stored so), and a new design is 未命名园区."""
    from gui.commands import add_building_command, add_island_command, bundle_name, tier_name
    from gui.document import DesignDocument
    from model.elements import Role

    document = DesignDocument()
    design = document.design
    assert design.name == "未命名园区"
    add_building_command(design, 0.0, 0.0).redo()
    building = next(iter(design.buildings.values()))
    assert building.name == "1 号楼"
    add_island_command(design, building.id, 10.0, 10.0).redo()
    island = next(iter(design.islands.values()))
    assert island.name == "计算岛 1"
    leaf, spine = tier_name(design, island, Role.LEAF), tier_name(design, island, Role.SPINE)
    assert (leaf, spine) == ("计算岛 1 Leaf", "计算岛 1 Spine")
    assert bundle_name(leaf, spine) == "计算岛 1 Leaf → Spine"


def test_the_template_dialog_builds_with_chinese_names(qtbot, chinese) -> None:  # type: ignore[no-untyped-def]
    from gui.template_dialog import TemplateDialog
    from model.metrics import compute_all

    dialog = TemplateDialog(compute=lambda design: compute_all(design, None))
    qtbot.addWidget(dialog)
    dialog.select("leaf-spine")
    for name, value in {"leaves": 4, "down": 8, "up": 4, "spines": 2}.items():
        dialog.set_value(name, value)
    assert dialog.update_preview()
    assert dialog.design is not None
    assert dialog.design.name == "两层 Leaf-Spine 4×2"
    assert [t.name for t in dialog.design.tiers.values()] == ["Leaf", "Spine"]
    assert [g.name for g in dialog.design.rack_groups.values()] == ["主机"]
    qtbot.waitUntil(dialog.preview_ready)


def test_a_fragment_refusal_keeps_a_field_names_case_and_capitalises_a_sentence() -> None:
    import json

    from gui.fragment import FragmentError, read_fragment

    refusals = {
        json.dumps({"format": "archipelago-fragment", "fragment_version": 99, "copied": [],
                    "design": {}}): "fragment_version 99 is not one this Archipelago reads",
        json.dumps({"format": "archipelago-fragment", "fragment_version": 1, "copied": "x",
                    "design": {}}): "copied: should be a list of element ids",
        json.dumps({"format": "archipelago-fragment", "fragment_version": 1, "copied": [],
                    "design": []}): "design: should be an object",
        json.dumps({"format": "x"}): "The clipboard holds JSON, but not copied",
    }
    for text, start in refusals.items():
        with pytest.raises(FragmentError) as refused:
            read_fragment(text)
        assert str(refused.value).startswith(start)
