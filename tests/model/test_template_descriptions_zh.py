"""A design the ``islands`` template builds in Chinese (the example campus, the template
dialog in a Chinese window) is described in Chinese, as it is named (issue #15: the
example's name was Chinese and its description English); in English it is described
as it always was."""

from __future__ import annotations

import re

from model.templates import TEMPLATES, template

CJK = re.compile(r"[\u4e00-\u9fff]")
KEPT = ("QM9700", "DGX", "H100", "Clos", "MW", "IT")
"""Product and unit names a Chinese text writes as they are."""


def _english_words(text: str) -> list[str]:
    return [w for w in re.findall(r"[A-Za-z][A-Za-z0-9]+", text) if w not in KEPT]


def _figures(text: str) -> list[str]:
    return sorted(re.findall(r"\d[\d,.]*(?::\d+)?", text))


def test_the_example_is_described_in_chinese_with_the_same_figures() -> None:
    islands = template("islands")
    english = islands.build_in("en").description
    assert english == islands.build().description
    chinese = islands.build_in("zh_CN").description
    assert CJK.search(chinese) and _english_words(chinese) == [], chinese
    assert _figures(chinese) == _figures(english), (chinese, english)


def test_a_two_level_core_is_described_in_chinese() -> None:
    """100 islands over 10 buildings: a core tier in each building under a campus
    super-core (the description's other branch)."""
    islands = template("islands")
    values = {"islands": 100, "gpus_per_island": 4096, "oversubscription": 2,
              "buildings": 10, "building_capacity_mw": 12.5}
    english = islands.description_of("en", **values)
    assert english is not None and "super-core" in english
    chinese = islands.description_of("zh_CN", **values)
    assert chinese is not None and "超级核心" in chinese
    assert _english_words(chinese) == [], chinese
    assert _figures(chinese) == _figures(english), (chinese, english)


def test_every_template_describes_its_designs_in_the_readers_language() -> None:
    """A template without a describer would describe its designs in English in a
    Chinese window (tests/model/test_templates_zh.py reads each description)."""
    assert [t.name for t in TEMPLATES.values() if t.describer is None] == []
    assert template("fat-tree").description_of("zh_CN", k=4) == (
        "Al-Fares 等（SIGCOMM 2008）的 k 叉胖树：16 台主机，20 台 4 端口交换机，10 Gb/s 链路。")


def test_a_superpod_is_described_in_chinese_with_its_switch_in_chinese() -> None:
    """The SuperPOD's description named its switch by the catalog's English name
    ("… two switch tiers of NVIDIA Quantum-2 QM9700 (NDR InfiniBand).")."""
    superpod = template("superpod")
    english = superpod.build_in("en", sus=16, system="dgx-h100").description
    assert english == superpod.build(sus=16, system="dgx-h100").description
    assert "three switch tiers of NVIDIA Quantum-2 QM9700 (NDR InfiniBand)" in english
    chinese = superpod.build_in("zh_CN", sus=16, system="dgx-h100").description
    # i18n/model_zh_CN.ts's name of the part, written out by hand
    assert "NVIDIA Quantum-2 QM9700（NDR InfiniBand）" in chinese, chinese
    assert CJK.search(chinese) and _figures(chinese) == _figures(english), chinese
