"""The model's translations (model/i18n.py, i18n/model_zh_CN.ts): the catalog is complete
for every marked text in the code, translations keep their fields, English is unchanged,
and problems and templates read in Chinese."""

from __future__ import annotations

import pickle
import re
import subprocess
import sys
from pathlib import Path

import pytest

from model.elements import LinkBundle, Pattern
from model.errors import DesignError
from model.i18n import (
    CATALOGS,
    LanguageError,
    Message,
    Translator,
    error_text,
    fields,
    message,
    normalize_language,
    problem_text,
    read_catalog,
)
from model.metrics import compute_all
from model.problems import Problem, Severity
from model.templates import TEMPLATES
from tests.exports.designs import small_design
from tools.i18n_model import Found, catalog_faults, read_entries, scan

REPO = Path(__file__).resolve().parents[2]
CATALOG = REPO / "i18n" / "model_zh_CN.ts"
CJK = re.compile(r"[\u4e00-\u9fff]")


def test_every_marked_text_has_a_finished_translation_that_keeps_its_fields() -> None:
    found, errors = scan(REPO)
    assert errors == []  # every marking call has a literal context and source
    assert len(found) > 200  # problems, report, workbook, templates, terms…
    assert catalog_faults(found, read_entries(CATALOG)) == []


def test_the_completeness_check_fails_on_a_missing_an_unfinished_or_a_broken_entry() -> None:
    found = [Found("problems", "{name}: {count:,} links", "model/x.py", 3),
             Found("report", "Problems", "model/y.py", 5),
             Found("report", "Value", "model/y.py", 6)]
    entries: dict[tuple[str, str], tuple[str, str | None]] = {
        ("problems", "{name}: {count} links"): ("{name}：{count} 条链路", None),  # stale
        ("problems", "{name}: {count:,} links"): ("{name}：{count} 条链路", None),  # lost ","
        ("report", "Problems"): ("", "unfinished"),
    }
    faults = catalog_faults(found, entries)
    assert any("no entry" in f and "'Value'" in f for f in faults)
    assert any("unfinished" in f and "'Problems'" in f for f in faults)
    assert any("{count:,}" in f and "{count}" in f for f in faults)
    assert any("no longer in the code" in f for f in faults)
    assert len(faults) == 4


def test_the_catalog_file_is_in_step_with_the_code() -> None:
    result = subprocess.run([sys.executable, str(REPO / "tools" / "i18n_model.py"), "--check"],
                            capture_output=True, text=True, cwd=REPO, timeout=60, check=False)
    assert result.returncode == 0, result.stderr


def test_a_marking_call_without_literal_text_is_reported(tmp_path: Path) -> None:
    (tmp_path / "model").mkdir()
    (tmp_path / "model" / "m.py").write_text(
        "from model.i18n import message\nWORD = 'x'\nA = message('problems', WORD)\n"
        "B = message('problems', 'fine {n}', n=1)\n")
    found, errors = scan(tmp_path)
    assert [(f.context, f.source, f.line) for f in found] == [("problems", "fine {n}", 4)]
    assert errors == ["model/m.py:3: message() needs a literal context and source"]


def test_fields_are_read_with_their_format() -> None:
    assert fields("{name}: {count:,} × {speed:g}G {part!r}") == {
        "{name}", "{count:,}", "{speed:g}", "{part!r}"}


@pytest.mark.parametrize(("asked", "code"), [
    (None, "en"), ("", "en"), ("C", "en"), ("en_US.UTF-8", "en"), ("zh", "zh_CN"),
    ("zh_CN", "zh_CN"), ("zh-CN", "zh_CN"), ("zh_CN.UTF-8", "zh_CN"), ("zh_Hans", "zh_CN"),
])
def test_language_codes(asked: str | None, code: str) -> None:
    assert normalize_language(asked) == code


def test_an_unknown_language_is_refused_naming_the_known_ones() -> None:
    with pytest.raises(LanguageError, match=r"'fr'.*en, zh_CN"):
        Translator("fr")


def test_english_is_the_source_text_and_chinese_fills_the_same_values() -> None:
    text = message("problems", "{name}: oversubscribed {ratio:.2f}:1, above the threshold"
                   " of {threshold:g}:1", name="Spine", ratio=4.0, threshold=3.0)
    assert text.render() == "Spine: oversubscribed 4.00:1, above the threshold of 3:1"
    assert text.render("en") == text.render()
    assert text.render("zh_CN") == "Spine：收敛比 4.00:1，高于阈值 3:1"


def test_nested_words_are_rendered_in_the_same_language() -> None:
    text = message("problems", "{name}: no links on the {plane} plane", name="Rack A",
                   plane=Message("terms", "backend"))
    assert text.render() == "Rack A: no links on the backend plane"
    assert text.render("zh_CN") == "Rack A：在后端平面上没有链路"


def test_a_text_without_translation_is_shown_in_english() -> None:
    assert Translator("zh_CN").phrase("report", "Not in the catalog {n}", n=2) == \
        "Not in the catalog 2"


def test_unfinished_entries_are_not_used(tmp_path: Path) -> None:
    path = tmp_path / "model_zh_CN.ts"
    path.write_text(
        '<?xml version="1.0" encoding="utf-8"?><!DOCTYPE TS><TS version="2.1" language="zh_CN">'
        "<context><name>report</name>"
        "<message><source>Value</source><translation>数值</translation></message>"
        "<message><source>Figure</source><translation type=\"unfinished\">指标"
        "</translation></message>"
        "</context></TS>", encoding="utf-8")
    assert read_catalog(path) == {("report", "Value"): "数值"}


def _problems_design() -> tuple[list[Problem], list[Problem]]:
    """The small design with racks over a 10 kW budget and the building capped at
    10 kW: two errors."""
    design = small_design()
    rack_type = design.catalog.rack_types[0]
    design.set_catalog(design.catalog.model_copy(update={
        "rack_types": (rack_type.model_copy(update={"power_budget_kw": 10}),)}))
    building = next(iter(design.buildings.values()))
    design.update(building.id, capacity_kw=10.0)
    problems = compute_all(design).problems
    return problems, [p for p in problems if p.code in ("rack-over-budget",
                                                         "building-over-capacity")]


def test_problems_read_in_chinese_with_the_same_figures() -> None:
    problems, power = _problems_design()
    assert {p.code for p in power} == {"rack-over-budget", "building-over-capacity"}
    for problem in problems:
        assert problem.text is not None
        assert problem.in_language(None) == problem.message  # English unchanged
        chinese = problem.in_language("zh_CN")
        assert CJK.search(chinese), chinese
        # every figure of the English message is in the Chinese one
        assert re.findall(r"\d[\d,.]*", chinese) == re.findall(r"\d[\d,.]*", problem.message)
    building = next(p for p in power if p.code == "building-over-capacity")
    assert building.message.startswith("Hall A: IT load ")
    assert building.message.endswith(" exceeds its capacity of 0.01 MW")
    assert "超过其供电容量 0.01 MW" in problem_text(building, "zh_CN")


def test_a_problem_pickles_with_its_message_for_the_gui_process() -> None:
    problems, _ = _problems_design()
    back = pickle.loads(pickle.dumps(problems))
    assert [p.in_language("zh_CN") for p in back] == \
        [p.in_language("zh_CN") for p in problems]


def test_a_problem_made_with_plain_text_shows_it_in_any_language() -> None:
    plain = Problem(Severity.WARNING, "old", None, "an English message")
    assert plain.in_language("zh_CN") == "an English message"
    assert problem_text(plain, "zh_CN") == "an English message"


@pytest.mark.parametrize("name", sorted(TEMPLATES))
def test_template_titles_descriptions_and_parameters_read_in_chinese(name: str) -> None:
    template = TEMPLATES[name]
    assert template.title_in(None) == template.title
    for text in (template.title_in("zh_CN"), template.description_in("zh_CN"),
                 *(p.help_in("zh_CN") for p in template.params)):
        assert CJK.search(text), f"{name}: {text!r} is not Chinese"


def test_the_chinese_reference_designs_use_the_architects_words() -> None:
    assert TEMPLATES["alibaba-hpn"].title_in("zh_CN").startswith("阿里巴巴 HPN 7.0")
    assert "超节点" in TEMPLATES["cloudmatrix"].title_in("zh_CN") or \
        "超节点" in TEMPLATES["cloudmatrix"].description_in("zh_CN")
    assert TEMPLATES["megascale"].title_in("zh_CN").startswith("字节跳动 MegaScale")


def test_the_catalog_is_read_once_per_language() -> None:
    assert CATALOGS.of("zh_CN") is CATALOGS.of("zh_CN")
    assert CATALOGS.of("en") == {}


def test_a_refused_template_parameter_is_explained_in_chinese() -> None:
    with pytest.raises(DesignError) as refused:
        TEMPLATES["cloudmatrix"].build(super_nodes=10, super_nodes_per_building=4)
    assert str(refused.value) == (
        "--super-nodes 10 must be a multiple of --super-nodes-per-building 4 (every"
        " building holds the same number)")
    assert error_text(refused.value, "zh_CN") == (
        "--super-nodes 10 必须是 --super-nodes-per-building 4 的倍数"
        "（每栋建筑容纳相同数量的超节点）")
    with pytest.raises(DesignError) as low:
        TEMPLATES["alibaba-hpn"].build(pods=0)
    assert error_text(low.value, "zh_CN") == "--pods 至少为 1，而不是 0"


def test_a_design_error_pickles_with_its_translatable_text() -> None:
    error = DesignError(message("templates", "{flag} must be text, not {value!r}",
                                flag="--system", value=3), element_id="x", field="f")
    back = pickle.loads(pickle.dumps(error))
    assert (str(back), back.element_id, back.field) == (
        "--system must be text, not 3", "x", "f")
    assert error_text(back, "zh_CN") == "--system 必须是文字，而不是 3"
    plain = pickle.loads(pickle.dumps(DesignError("plain words")))
    assert error_text(plain, "zh_CN") == "plain words"


def test_a_refused_link_is_explained_in_chinese_and_the_design_is_unchanged() -> None:
    design = small_design()
    before = design.content()
    back = LinkBundle(id="back", name="Back", lower="spine", upper="leaf",
                      links_per_member=1, speed_gbps=400, pattern=Pattern.SPREAD)
    with pytest.raises(DesignError) as refused:
        design.add(back)
    assert str(refused.value) == ("bundle 'Back': 'Spine' and 'Leaf' are already joined by"
                                  " bundle 'Leaf to spine'; change its link count instead")
    assert error_text(refused.value, "zh_CN") == (
        "链路束 'Back'：'Spine' 与 'Leaf' 已由链路束 'Leaf to spine' 连接；请改为修改其链路数")
    assert design.content() == before


def test_accelerators_cut_off_by_a_failure_are_a_problem_in_chinese() -> None:
    """As tests/reference/test_engine_failures_hand.py: leaf 2 of the leaf–spine down
    strands rack 2's 4 GPUs."""
    from model.failures import Failure
    from tests.reference.test_engine_failures_hand import _leaf_spine

    failed = compute_all(_leaf_spine(), failures=[Failure(element="leaf", members=(2,))])
    stranded = [p for p in failed.problems if p.code == "stranded"]
    assert [p.message for p in stranded] == [
        "racks: 4 accelerators cut off from the backend network by the failures"]
    assert stranded[0].in_language("zh_CN") == "racks：故障使 4 张加速卡与后端网络断开"
