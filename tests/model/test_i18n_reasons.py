"""Why a figure was not computed, in Chinese: every reason the engine writes (the two
producers of model.metrics.budget) reads back into a message whose English is the
reason itself and whose Chinese keeps its figures."""

from __future__ import annotations

import re

import pytest

from model.metrics.budget import too_large_network, too_large_reason
from model.reports.reasons import reason_message, reason_text

NUMBER = re.compile(r"\d[\d,.]*\d|\d")

REASONS = [
    too_large_reason(48.0),
    too_large_reason(0.0),
    too_large_reason(48.0, 1234.5, 7.25),
    too_large_network(61_000_000, 300_000, 6_000_000),
]


@pytest.mark.parametrize("reason", REASONS)
def test_every_reason_the_engine_writes_reads_back_and_translates(reason: str) -> None:
    text = reason_message(reason)
    assert text is not None, reason
    assert text.render() == reason  # English unchanged
    chinese = reason_text(reason, "zh_CN")
    assert chinese.startswith("未计算：")
    assert NUMBER.findall(chinese) == NUMBER.findall(reason)


def test_the_budget_reason_in_chinese_by_hand() -> None:
    assert reason_text(too_large_reason(48.0, 1234.5, 7.25), "zh_CN") == (
        "未计算：超出 48 s 的计算时间预算（估计需要 1,234.5 s，剩余 7.2 s）")


def test_a_reason_of_another_form_is_shown_as_written() -> None:
    assert reason_message("not computed: the solver gave up") is None
    assert reason_text("not computed: the solver gave up", "zh_CN") == \
        "not computed: the solver gave up"
