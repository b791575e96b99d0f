"""Refusals that come from pydantic's validation, the jobs search, the Pareto axes and a
file's version read in Chinese (model/validation_text.py, i18n/model_zh_CN.ts), the
field named in the user's words; the English is exactly pydantic's (or the code's) as
before.

The expected Chinese is written here by hand from the catalog's terms, never taken from
the code's output."""

from __future__ import annotations

import re
from typing import Literal

import pytest
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from model.checked import format_validation_error, make
from model.elements import LinkBundle
from model.errors import DesignError, DesignFileError
from model.i18n import error_text
from model.jobs.placement import JobError
from model.sweep_plan import SweepError
from model.validation_text import validation_message
from tests.exports.designs import small_design
from tests.model.test_jobs import dense

CJK = re.compile(r"[\u4e00-\u9fff]")


def _refusal(element: str, **changes: object) -> DesignError:
    design = small_design()
    with pytest.raises(DesignError) as refused:
        design.update(element, **changes)
    return refused.value


def test_a_count_below_its_range_reads_in_chinese_with_the_users_word() -> None:
    tier = _refusal("leaf", count=0)
    assert str(tier) == "'Leaf': count: Input should be greater than or equal to 1"
    assert error_text(tier, "zh_CN") == "'Leaf'：交换机数：应大于或等于 1"
    racks = _refusal("racks", count=0)
    assert error_text(racks, "zh_CN") == "'GPU racks'：机柜数：应大于或等于 1"


def test_a_type_error_says_what_was_found_in_chinese() -> None:
    refused = _refusal("leaf", count="x")
    assert str(refused) == "'Leaf': count: expected a whole number, found the string \"x\""
    assert error_text(refused, "zh_CN") == "'Leaf'：交换机数：应为整数，实际为文字 \"x\""
    assert error_text(_refusal("leaf", name="x" * 201), "zh_CN") == (
        "'Leaf'：名称：最多只能有 200 个字符")


def test_a_settings_refusal_and_a_new_records_problems_read_in_chinese() -> None:
    design = small_design()
    with pytest.raises(DesignError) as settings:
        design.update_settings(oversubscription_threshold=0.5)
    assert str(settings.value) == ("settings: oversubscription_threshold: Input should be"
                                   " greater than or equal to 1")
    assert error_text(settings.value, "zh_CN") == "设置：收敛比上限：应大于或等于 1"
    with pytest.raises(DesignError) as bundle:
        make(LinkBundle, id="b", name="B", lower="a", upper="b", links_per_member=0,
             speed_gbps=-1)
    assert str(bundle.value) == (
        "link bundle 'B': links_per_member: Input should be greater than or equal to 1;"
        " speed_gbps: Input should be greater than 0")
    assert error_text(bundle.value, "zh_CN") == (
        "链路束 'B'：每成员链路数：应大于或等于 1；链路速率：应大于 0")


def test_a_validators_own_words_read_in_chinese() -> None:
    refused = _refusal("leaf", scope="campus")
    assert str(refused) == "'Leaf': value: a campus-scoped tier cannot name an island"
    assert error_text(refused, "zh_CN") == "'Leaf'：值：范围为 campus 的交换机层不能指定计算岛"


class _Sample(BaseModel):
    model_config = ConfigDict(extra="forbid")
    a: int = Field(ge=1, le=5)
    f: float = Field(gt=0.5, lt=9)
    s: str = Field(min_length=2, max_length=3)
    t: tuple[int, ...] = Field(max_length=1)
    kind: Literal["air", "liquid", "immersion"] = "air"
    r: int


@pytest.mark.parametrize("data", [
    {"a": 0, "f": 0.1, "s": "", "t": (1, 2), "kind": "gas", "extra": 1},
    {"a": 9, "f": 10.0, "s": "abcd", "r": "x"},
    {"a": 1.5, "f": "x", "s": 3, "t": "no", "r": 1},
])
def test_every_kind_of_problem_keeps_pydantics_english_and_reads_in_chinese(
        data: dict[str, object]) -> None:
    with pytest.raises(ValidationError) as caught:
        _Sample.model_validate(data)
    error = caught.value
    english = "; ".join(f"{'.'.join(map(str, i['loc']))}: {i['msg']}" for i in error.errors())
    assert format_validation_error(error) == english
    chinese = validation_message(error).render("zh_CN").split("；")
    assert len(chinese) == len(error.errors())
    for problem in chinese:  # each problem, not only the line, is in Chinese
        words = problem.split("：", 1)[1]
        assert CJK.search(words), problem
        assert "should" not in words and " or " not in words, problem


def test_a_nested_field_path_names_each_field_in_words() -> None:
    from model.jobs.search import make_job

    with pytest.raises(JobError) as refused:
        make_job(id="j", name="J", model="custom", custom_model=dense(), tokens=1e12,
                 global_batch=64, sequence_length=4096, tp=0, dp=4)
    assert str(refused.value) == "job: tp: Input should be greater than or equal to 1"
    assert error_text(refused.value, "zh_CN") == "作业：TP：应大于或等于 1"
    with pytest.raises(JobError) as custom:
        make_job(id="j", name="J", model="custom", custom_model=dense(), tokens=1e12,
                 global_batch=64, sequence_length=4096, tp=8, dp=4,
                 hosts=("i1", "i1"))
    assert str(custom.value) == "job: a host is listed twice"
    assert error_text(custom.value, "zh_CN") == "作业：有一个运行位置列出了两次"


def test_the_jobs_search_refusals_read_in_chinese() -> None:
    from model.jobs.placement import campus_slots
    from model.jobs.search import check_fits, search
    from model.metrics import compute_all
    from tests.model.jobs_fixtures import campus
    from tests.model.test_jobs import job

    design = campus(islands=2, servers=[2])
    with pytest.raises(JobError) as cp:
        search(design, compute_all(design), job(cp=2), 33)
    assert str(cp.value) == "CP 2 does not divide 33 accelerators"
    assert error_text(cp.value, "zh_CN") == "CP 2 不能整除 33 张加速卡"
    big = job(tp=8, dp=1024, global_batch=1024)
    with pytest.raises(JobError) as fits:
        check_fits(design, big, campus_slots(design))
    assert error_text(fits.value, "zh_CN").startswith(
        "TP × CP × PP × DP = 8 × 1 × 1 × 1024 = 8,192 张加速卡，但整个园区只有")
    assert str(fits.value).startswith("TP × CP × PP × DP = 8 × 1 × 1 × 1024 = 8,192"
                                      " accelerators, but the campus has")


def test_the_pareto_axes_refusals_read_in_chinese() -> None:
    from model.sweep_pareto import ParetoAxis, chart_points, parse_axes

    with pytest.raises(SweepError) as one:
        parse_axes("bisection.gbps")
    assert str(one.value).startswith("--pareto 'bisection.gbps': name two figures, X,Y")
    assert error_text(one.value, "zh_CN").startswith("--pareto 'bisection.gbps'：请给出两个指标")
    with pytest.raises(SweepError) as missing:
        chart_points([], ParetoAxis("power", False), ParetoAxis("cost", False),
                     ["power_totals.it_kw", "cost.total_usd"])
    assert str(missing.value) == ("the sweep table has no figure 'power'; did you mean"
                                  " power_totals.it_kw?")
    assert error_text(missing.value, "zh_CN") == (
        "扫描结果表中没有指标 'power'；是否指 power_totals.it_kw？")


def test_a_file_of_a_newer_version_is_refused_in_chinese() -> None:
    from model.fileformat import CURRENT_VERSION
    from model.fileformat.migrations import migrate

    with pytest.raises(DesignFileError) as refused:
        migrate({}, CURRENT_VERSION + 1, "d.json")
    assert str(refused.value) == (
        f"d.json: schema_version: schema_version {CURRENT_VERSION + 1} was written by a"
        f" newer Archipelago; this one reads versions up to {CURRENT_VERSION}. Update"
        " Archipelago to open it.")
    assert error_text(refused.value, "zh_CN") == (
        f"d.json: schema_version: schema_version {CURRENT_VERSION + 1} 由更新版本的"
        f" Archipelago 写入；本版本最高只能读取版本 {CURRENT_VERSION}。请更新 Archipelago"
        " 后再打开。")


def test_a_custom_models_and_a_parts_own_refusals_read_in_chinese() -> None:
    from model.jobs.presets import ModelShape
    from model.parts import SwitchModel

    shape = dense().model_dump()
    with pytest.raises(ValidationError) as heads:
        ModelShape.model_validate({**shape, "kv_heads": shape["heads"] + 1})
    assert validation_message(heads.value).render() == "value: kv_heads must divide heads"
    assert validation_message(heads.value).render("zh_CN") == "值：kv_heads 必须整除 heads"
    with pytest.raises(DesignError) as switch:
        make(SwitchModel, id="s", name="S", vendor="V", radix=64, port_speed_gbps=400,
             typical_power_w=900, max_power_w=800, source="test")
    assert str(switch.value) == "switch model 'S': typical power exceeds maximum power"
    assert error_text(switch.value, "zh_CN") == "交换机型号 'S'：典型功耗超过了最大功耗"
