"""Training-job words in Chinese: the warnings and the limiting link carry their
parameters and read in zh_CN with the English figures."""

from __future__ import annotations

import re

from model.jobs.step_time import limiting_link_words
from tests.model.jobs_fixtures import campus
from tests.model.test_jobs import figures, job

NUMBER = re.compile(r"\d[\d,.]*%?")


def test_a_tp_group_across_servers_is_warned_about_in_chinese() -> None:
    f = figures(campus(islands=1, servers=[2], nic_gbps=200),
                job(tp=16, dp=1, global_batch=2))["j"]
    assert [m.render() for m in f.warning_messages] == f.warnings
    assert f.warning_messages[0].render("zh_CN").startswith(
        "TP 16 跨越 2 个 8-accelerator NVLink 域：")


def test_the_limiting_link_across_islands_reads_in_chinese_with_the_same_figures() -> None:
    d = campus(islands=2, servers=[2], uplinks=1)  # as test_jobs' ring across islands
    f = figures(d, job(tp=8, dp=4, global_batch=64, mfu=0.5))["j"]
    english = limiting_link_words(f)
    chinese = limiting_link_words(f, "zh_CN")
    assert english.startswith("DP ") and " on the links between islands (i1 ↔ i2)" in english
    assert "计算岛之间的链路（i1 ↔ i2）" in chinese and "每步" in chinese
    assert NUMBER.findall(chinese.replace("i1", "").replace("i2", "")) == \
        NUMBER.findall(english.replace("i1", "").replace("i2", ""))
    crossing = [w for w in f.warning_messages if "crosses islands" in w.source]
    assert crossing and crossing[0].render("zh_CN").startswith("DP 跨越计算岛：")
