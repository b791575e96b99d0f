"""Names a template gives, in the language of whoever makes the design
(model/names.py): Chinese from a Chinese window or ``new --lang zh_CN``, English as it
always was otherwise; names are data, so the file keeps them.

The expected Chinese is written here by hand in the terms of Chinese 智算中心 architects
(计算岛, 号楼, 机柜, 超节点), never taken from the code's output."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from model.fileformat import load_design, save_design
from model.templates import TEMPLATES, template

ENGLISH_WORD = re.compile(r"\b[a-z]{2,}\b")
"""A lowercase English word: every one in a generated name has a Chinese term (product
and role names, written in capitals, stay as they are called in Chinese data centres)."""

KINDS = ("buildings", "islands", "rack_groups", "tiers", "bundles")


def names(design: object) -> list[str]:
    return [e.name for kind in KINDS for e in getattr(design, kind).values()]


def test_the_islands_template_names_its_campus_in_chinese() -> None:
    design = template("islands").build_in("zh_CN", islands=2, buildings=2,
                                       gpus_per_island=1024)
    assert design.name == "2 个计算岛、2,048 张 H100 的园区"
    assert names(design) == [
        "1 号楼", "2 号楼", "计算岛 1", "计算岛 2", "计算岛 1 DGX H100", "计算岛 2 DGX H100",
        "园区 Core", "计算岛 1 Leaf", "计算岛 1 Spine", "计算岛 2 Leaf", "计算岛 2 Spine",
        "计算岛 1 轨道链路", "计算岛 1 Leaf–Spine", "计算岛 1 Spine–Core",
        "计算岛 2 轨道链路", "计算岛 2 Leaf–Spine", "计算岛 2 Spine–Core"]


def test_english_names_are_unchanged_by_default() -> None:
    design = template("islands").build(islands=2, buildings=2, gpus_per_island=1024)
    assert design.name == "Campus of 2,048 H100 in 2 islands"
    assert names(design)[:3] == ["Building 1", "Building 2", "Island 1"]
    assert "Island 2 leaf–spine" in names(design)
    assert template("islands").build_in("en", islands=2, buildings=2,
                                     gpus_per_island=1024) == design


def test_super_nodes_are_named_in_chinese() -> None:
    design = template("cloudmatrix").build_in("zh_CN", super_nodes=2,
                                           super_nodes_per_building=2)
    assert design.name == "CloudMatrix384 级联，2 个超节点"
    assert {"1 号机房", "超节点 1", "超节点 2 机柜", "超节点 1 Leaf–Spine"} <= set(names(design))


@pytest.mark.parametrize("name", list(TEMPLATES))
def test_every_template_names_everything_in_chinese(name: str) -> None:
    design = TEMPLATES[name].build_in("zh_CN")
    english = TEMPLATES[name].build()
    assert re.search(r"[\u4e00-\u9fff]", design.name), design.name
    for chinese, before in zip(names(design), names(english), strict=True):
        assert not ENGLISH_WORD.search(chinese), (chinese, before)
    assert len(set(names(design))) == len(set(names(english)))  # no two names merged
    assert [e.id for k in KINDS for e in getattr(design, k).values()] == [
        e.id for k in KINDS for e in getattr(english, k).values()]  # ids stay


def test_the_names_are_stored_in_the_file(tmp_path: Path) -> None:
    design = template("leaf-spine").build_in("zh_CN", leaves=2, spines=2)
    path = tmp_path / "d.json"
    save_design(design, path)
    assert names(load_design(path)) == ["数据中心", "网络", "主机", "Leaf", "Spine",
                                        "主机–Leaf", "Leaf–Spine"]


def test_the_new_verb_names_in_chinese_with_lang(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    from main import main

    out = tmp_path / "ft.json"
    assert main(["new", "fat-tree", "--k", "4", "--lang", "zh_CN", "-o", str(out)]) == 0
    design = load_design(out)
    assert design.name == "胖树 k=4"
    assert {"数据中心", "Pod 1", "Pod 1 主机", "Pod 1 接入–汇聚", "Pod 4 汇聚–Core"} <= set(
        names(design))
    assert "wrote" in capsys.readouterr().out
    english = tmp_path / "en.json"
    assert main(["new", "fat-tree", "--k", "4", "-o", str(english)]) == 0
    assert load_design(english).name == "Fat-tree k=4"
