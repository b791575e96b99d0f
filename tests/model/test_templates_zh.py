"""Every template speaks Chinese in a Chinese window (issue #15: the example's
description was Chinese, every other template's English): the design's description and
name, its elements' names, the template's title, description and parameter helps, each
with Chinese characters, the figures of the English, and no English word but the terms
Chinese cluster architects write as they are (Leaf, Spine, ToR, Pod…) and product
names."""

from __future__ import annotations

import re

import pytest

from model.templates import TEMPLATES, template

CJK = re.compile(r"[\u4e00-\u9fff]")

KEPT = {
    # roles and units written in Latin letters in Chinese data centres
    "Leaf", "Spine", "Core", "Super-Core", "Super-Spine", "ToR", "Pod", "Segment",
    "SU", "ATSW", "CTSW", "RTSW", "Clos", "Scale-out", "RoCE", "AI", "NIC", "IT",
    "GPU", "NPU", "UB", "NVL72", "DGX", "SuperPOD", "NVIDIA", "Quantum-2", "QM9700",
    "NDR", "InfiniBand", "Quantum-X800", "Q3400", "XDR", "H100", "B200", "GB200",
    "H800", "HPN", "MegaScale", "CloudMatrix384", "Ascend", "Dragonfly+", "Llama",
    "Meta", "SIGCOMM", "NSDI", "Al-Fares", "Shpiner", "Zuo", "MW", "k",
}
"""The Latin words a Chinese text keeps (a unit's ``Gb/s`` and ``400G`` included)."""


def _latin(text: str) -> set[str]:
    """The Latin words of ``text`` that are not kept terms (``P1``, ``S12`` are an
    HPN pod's and segment's numbers, kept as the paper writes them)."""
    text = re.sub(r"\b[GT]b/s\b", "", text)
    words = set(re.findall(r"(?<![A-Za-z0-9.-])[A-Za-z][A-Za-z0-9+]*(?:-[A-Za-z0-9]+)*\+?", text))
    return {w for w in words if w not in KEPT and not re.fullmatch(r"[PS]\d+", w)
            and not re.fullmatch(r"\d*[kGT]?", w)}


def _figures(text: str) -> list[str]:
    return sorted(re.findall(r"\d[\d,.]*(?::\d+)?", text))


def _names(design: object) -> list[str]:
    return [e.name for kind in ("buildings", "islands", "rack_groups", "tiers", "bundles")
            for e in getattr(design, kind).values()]


@pytest.mark.parametrize("name", sorted(TEMPLATES))
def test_a_design_built_in_chinese_is_described_and_named_in_chinese(name: str) -> None:
    t = template(name)
    english = t.build_in("en")
    chinese = t.build_in("zh_CN")
    assert english.description == t.build().description
    assert chinese.description != english.description
    assert CJK.search(chinese.description), chinese.description
    assert _latin(chinese.description) == set(), chinese.description
    assert _figures(chinese.description) == _figures(english.description)
    assert chinese.name != english.name and CJK.search(chinese.name), chinese.name
    names = _names(chinese)
    assert len(names) == len(_names(english))
    assert names != _names(english)
    assert any(CJK.search(n) for n in names), names
    assert {w for n in names for w in _latin(n)} == set(), names


@pytest.mark.parametrize("name", sorted(TEMPLATES))
def test_a_template_presents_itself_in_chinese(name: str) -> None:
    t = template(name)
    for english, chinese in [(t.title, t.title_in("zh_CN")),
                             (t.description, t.description_in("zh_CN"))] + [
            (p.help, p.help_in("zh_CN")) for p in t.params]:
        assert chinese != english and CJK.search(chinese), english
        assert _latin(chinese) == set(), chinese


@pytest.mark.parametrize(("name", "values"), [
    ("megascale", {"pods": 1}), ("alibaba-hpn", {"pods": 1}),
    ("cloudmatrix", {"super_nodes": 1, "super_nodes_per_building": 1}),
    ("dragonfly-plus", {"k": 16, "groups": 5}),  # 2 global links per spine per group
])
def test_the_other_wordings_are_described_in_chinese(name: str, values: dict[str, int]) -> None:
    """The singular and plural wordings of a description each have their Chinese."""
    t = template(name)
    english = t.description_of("en", **values)
    chinese = t.description_of("zh_CN", **values)
    assert english is not None and chinese is not None
    assert english == t.build(**values).description
    assert CJK.search(chinese) and _latin(chinese) == set(), chinese
    assert _figures(chinese) == _figures(english), (chinese, english)


def test_one_megascale_pod_is_one_pod_in_english() -> None:
    """The English said "1 pods × 2,048" before the description was a message."""
    described = template("megascale").description_of("en", pods=1)
    assert described is not None and described.startswith(
        "ByteDance MegaScale (NSDI 2024): 1 pod × 2,048 = 2,048 GPUs")


@pytest.mark.parametrize("name", sorted(TEMPLATES))
def test_the_parts_a_template_makes_are_named_in_chinese(name: str) -> None:
    """The generic parts a template sizes (``Generic host rack, 16 one-NIC 100G hosts
    (nominal)`` on the leaf-spine's rack card) and the HPN host read in Chinese; a
    built-in part's name is listed, so it reads as its catalog entry says."""
    from model.part_names import _LISTED, part_name

    catalog = template(name).build().catalog
    for kind in ("rack_types", "servers", "switches", "media", "accelerators"):
        for part in getattr(catalog, kind):
            chinese = part_name(part.name, "zh_CN")
            assert part.name in _LISTED or (
                chinese != part.name and CJK.search(chinese)), (kind, part.name)
            assert part_name(part.name, "en") == part.name


def test_a_generic_part_reads_in_chinese_with_its_figures() -> None:
    from model.catalog import generic_host_rack, generic_optics, generic_switch
    from model.part_names import part_name, rack_type_name

    assert part_name(generic_switch(16, 200).name, "zh_CN") == "通用 16 端口 200G 交换机（标称）"
    assert part_name(generic_optics(2.5).name, "zh_CN") == "通用 2.5G 光模块，链路每端一个（标称）"
    rack = generic_host_rack(8, 400).rack_types[0]
    assert rack_type_name(rack.name, "zh_CN") == "通用主机机柜，8 台单网卡 400G 主机（标称）"
    assert rack_type_name("4× DGX H100, air-cooled, 2 servers per rack", "zh_CN") == (
        "4× DGX H100，风冷，每机柜 2 台服务器")
