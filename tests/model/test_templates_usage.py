"""Using templates: tidy layout on the canvas, bad parameters refused clearly, the
``new`` verb, the docs cover every template and parameter, and many buildings wrap into
rows. (Counts against closed forms live in test_templates.py.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from model.errors import DesignError
from model.fileformat import load_design
from model.templates import TEMPLATES, template
from model.templates.builder import island_size


# ---------------------------------------------------------------- layout
@pytest.mark.parametrize("name", list(TEMPLATES))
def test_layout_is_tidy(name: str) -> None:
    d = TEMPLATES[name].build()
    corners = [(b.x, b.y) for b in d.buildings.values()]
    assert len(set(corners)) == len(corners), "buildings stand apart, in a grid"
    first = next(iter(d.islands))
    w, h = island_size(sum(t.island == first for t in d.tiers.values()))
    for building in d.buildings:
        boxes = [(i.x, i.y) for i in d.islands.values() if i.building == building]
        for a in range(len(boxes)):
            for b in range(a + 1, len(boxes)):
                (x1, y1), (x2, y2) = boxes[a], boxes[b]
                assert abs(x1 - x2) >= w or abs(y1 - y2) >= h, "islands overlap"
    for group in d.rack_groups.values():
        tiers = [t for t in d.tiers.values() if t.island == group.island]
        assert all(t.y < group.y for t in tiers), "tiers stand above the racks"


# ---------------------------------------------------------------- bad input
@pytest.mark.parametrize(
    ("name", "params", "message"),
    [
        ("fat-tree", {"k": 5}, "--k must be even"),
        ("fat-tree", {"k": 2}, "--k must be at least 4"),
        ("fat-tree", {"k": 4.5}, "whole number"),
        ("fat-tree", {"k": "four"}, "must be a number"),
        ("fat-tree", {"k": True}, "must be a number"),
        ("fat-tree", {"speed_gbps": 0}, "--speed-gbps must be at least 1"),
        ("fat-tree", {"speed_gbps": float("nan")}, "finite"),
        ("fat-tree", {"radix": 8}, "no parameter --radix"),
        ("leaf-spine", {"leaves": 3, "up": 1, "spines": 2}, "not a multiple of --spines"),
        ("leaf-spine", {"leaves": 4, "up": 4, "spines": 16}, "every leaf reaches every spine"),
        ("leaf-spine", {"leaves": 4, "up": 24, "spines": 16}, "--up 24 is not a multiple"),
        ("leaf-spine", {"leaves": 512, "up": 16, "spines": 8}, "largest common switch"),
        ("leaf-spine", {"leaves": 4096}, "--leaves must be at most 512"),
        ("superpod", {"system": "dgx-a100"}, "one of dgx-h100"),
        ("superpod", {"sus": 65}, "more than 64"),
        ("ai-zones", {"gpus_per_rack": 12}, "multiple of 8"),
        ("ai-zones", {"pods": 2, "buildings": 3}, "more than --pods"),
        # 4 planes (128 // 27): ⌈448/4⌉ + round(448/28) = 112 + 16 = 128 links; 449 → 129
        ("ai-zones", {"pods": 27, "racks_per_pod": 535, "gpus_per_rack": 8},
         "at most 448 racks per pod fit"),
        ("islands", {"gpus_per_island": 1000}, "multiple of 256"),
        ("islands", {"oversubscription": 1}, "does not fit"),
        ("islands", {"islands": 2, "buildings": 4}, "more than --islands"),
        ("dragonfly-plus", {"k": 8, "groups": 6}, "at most 5 groups"),
        ("dragonfly-plus", {"routers": 3}, "--routers must be even"),
        ("dragonfly-plus", {"k": 9}, "--k must be even"),
    ],
)
def test_bad_parameters_are_refused_clearly(
    name: str, params: dict[str, object], message: str
) -> None:
    with pytest.raises(DesignError, match=message):
        TEMPLATES[name].build(**params)


def test_unknown_template_and_text_parsing() -> None:
    with pytest.raises(DesignError, match=r"no template 'torus'.*fat-tree"):
        template("torus")
    k = template("fat-tree").param("k")
    assert k.flag == "--k" and k.parse(" 8 ") == 8
    with pytest.raises(DesignError, match="--k must be a whole number, not 'x'"):
        k.parse("x")
    speed = template("fat-tree").param("speed_gbps")
    assert speed.flag == "--speed-gbps" and speed.parse("2.5") == 2.5
    system = template("superpod").param("system")
    assert system.parse("gb200-nvl72") == "gb200-nvl72"
    assert "one of dgx-h100, dgx-b200, gb200-nvl72" in system.describe()


# ---------------------------------------------------------------- the new verb
def test_new_verb_writes_the_templates_design(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from main import main

    out = tmp_path / "ft.json"
    assert main(["new", "fat-tree", "--k", "8", "--speed-gbps", "100", "-o", str(out)]) == 0
    assert load_design(out) == template("fat-tree").build(k=8, speed_gbps=100)
    assert "wrote" in capsys.readouterr().out


def test_new_verb_lists_templates_with_sources(capsys: pytest.CaptureFixture[str]) -> None:
    from main import main

    assert main(["new", "--list"]) == 0
    text = capsys.readouterr().out
    for t in TEMPLATES.values():
        assert f"{t.name}: {t.title}" in text
        assert t.source in text
        for param in t.params:
            assert param.flag in text


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["new", "fat-tree", "--k", "5", "-o", "x.json"], "--k must be even"),
        (["new", "fat-tree", "--sus", "2", "-o", "x.json"], "no parameter --sus"),
        (["new", "fat-tree", "--k", "eight", "-o", "x.json"], "whole number"),
        (["new", "torus", "-o", "x.json"], "no template 'torus'"),
        (["new", "fat-tree"], "-o FILE"),
        (["new"], "name a template"),
    ],
)
def test_new_verb_refuses_bad_input_with_one_line(
    argv: list[str],
    message: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from main import main

    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    assert not (tmp_path / "x.json").exists()


def test_docs_describe_every_template_and_parameter() -> None:
    text = (Path(__file__).resolve().parents[2] / "docs" / "templates.md").read_text("utf-8")
    for t in TEMPLATES.values():
        assert f"## {t.name}\n" in text, f"docs/templates.md lacks {t.name}"
        section = text.split(f"## {t.name}\n", 1)[1].split("\n## ", 1)[0]
        for param in t.params:
            assert f"`{param.flag}` | {param.default} |" in section, (t.name, param.flag)


def test_many_buildings_stand_in_a_screen_shaped_grid() -> None:
    """Eight buildings of two islands (548 × 380 each, 80 apart) stand in rows filled left
    to right: 3 columns give a 1804 × 1300 campus (1.39 wide for 1), nearer a screen's
    1.4 than 2 columns (1176 × 1760) or 4 (2432 × 840); rows start at the left edge."""
    d = TEMPLATES["islands"].build(islands=16, gpus_per_island=256, buildings=8)
    halls = list(d.buildings.values())
    rows = sorted({h.y for h in halls})
    assert len(rows) == 3
    assert [h.y for h in halls] == [rows[0]] * 3 + [rows[1]] * 3 + [rows[2]] * 2
    assert [h.x for h in halls[:3]] == [0.0, 628.0, 1256.0]
    assert [h.x for h in halls[3:6]] == [0.0, 628.0, 1256.0]
