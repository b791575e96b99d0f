"""Link lengths by where a bundle's ends stand, reach problems, and the optics chooser
on hand cases (its choice checked against prices summed by hand)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from model.fileformat import design_from_dict, load_design, save_design
from model.media_reach import (
    ISLAND_M,
    RACK_M,
    LengthClass,
    apply_choices,
    bundle_length,
    choose_media,
    reach_problems,
)
from model.metrics import compute_all
from model.templates import template
from tests.model.test_cost import priced_file

REPO = Path(__file__).resolve().parents[2]


def test_length_classes() -> None:
    d = template("fat-tree").build(k=4)
    lengths = {b.name: bundle_length(d, b) for b in d.bundles.values()}
    # hosts to their edge (top-of-rack) switch, rack wiring: same rack
    assert lengths["Pod 1 hosts–edge"].length_class is LengthClass.RACK
    assert lengths["Pod 1 hosts–edge"].length_m == RACK_M
    # edge to aggregation inside a pod (island)
    assert lengths["Pod 1 edge–aggregation"].length_m == ISLAND_M
    # aggregation to the building's core
    assert lengths["Pod 1 aggregation–core"].length_class is LengthClass.BUILDING
    two = design_from_dict(priced_file())
    up, core = two.bundles["up"], two.bundles["core-links"]
    assert bundle_length(two, up).length_class is LengthClass.ISLAND
    assert bundle_length(two, core).length_m == 3
    assert bundle_length(two, core).length_class is LengthClass.SET
    two.update("core-links", length_m=None)
    assert bundle_length(two, two.bundles["core-links"]).length_class is LengthClass.CAMPUS
    assert bundle_length(two, two.bundles["core-links"]).length_m == 100  # the design's


def test_reach_problems_name_the_medium_and_the_lengths() -> None:
    d = design_from_dict(priced_file())
    assert reach_problems(d) == []
    d.update("core-links", length_m=None)  # 100 m between the buildings, DAC reaches 3 m
    (problem,) = reach_problems(d)
    assert problem.code == "medium-too-short" and problem.severity.value == "warning"
    assert problem.message == ("Core links: C reaches 3 m, the links are 100 m long"
                               " (estimated: another building); choose a medium of"
                               " longer reach")
    d.update("up", length_m=250)  # set by the architect: an error
    found = {p.element_id: p for p in reach_problems(d)}
    assert found["up"].severity.value == "error"
    assert "the links are 250 m long;" in found["up"].message
    assert "medium-too-short" in {p.code for p in compute_all(d).problems}


def test_the_chooser_takes_the_cheapest_medium_that_reaches() -> None:
    d = design_from_dict(priced_file())
    d.update("up", length_m=1000)
    choices = {c.bundle_id: c for c in choose_media(d)}
    # 400G that reaches 1 km, per link: FR4 2 × 1,300 + 2 × 1,000 m = 4,600;
    # LR4 2 × 2,800 + 2,000 = 7,600; the design's own optics reach only 100 m
    assert choices["up"].medium is not None and choices["up"].medium.id == "optical-400g-fr4"
    # 3 m: the design's DAC at 7 + 1.5 = 8.5 beats its optics at 2 × 5 + 3 = 13 and
    # the shipped 2 m DAC does not reach
    assert choices["core-links"].medium is not None
    assert choices["core-links"].medium.id == "c" and not choices["core-links"].changes
    changed = apply_choices(d, list(choices.values()))
    assert changed == 1 and d.bundles["up"].medium == "optical-400g-fr4"
    assert d.catalog.medium("optical-400g-fr4") is not None
    metrics = compute_all(d)
    # transceivers and power follow the chosen medium: 4 links × 2 ends, 10 W each
    assert metrics.inventory.transceivers_by_medium == {"optical-400g-fr4": 8}
    assert metrics.power.buildings["a"].transceivers_kw == pytest.approx(8 * 10 / 1000)


def test_nothing_reaches_leaves_the_bundle_and_says_why() -> None:
    data = priced_file()
    data["bundles"][0]["length_m"] = 50_000
    d = design_from_dict(data)
    (choice, _) = choose_media(d)
    assert choice.medium is None and choice.reason == "no 400G medium reaches 50000 m"
    assert apply_choices(d, [choice]) == 0 and d.bundles["up"].medium == "o"


def test_optics_verb_saves_the_choice(tmp_path: Path) -> None:
    data = priced_file()
    data["bundles"][0]["length_m"] = 1000
    source, out = tmp_path / "in.json", tmp_path / "out.json"
    save_design(design_from_dict(data), source)
    result = subprocess.run([sys.executable, str(REPO / "main.py"), "optics", str(source),
                             "-o", str(out)], cwd=REPO, capture_output=True, text=True,
                            timeout=120, check=False)
    assert result.returncode == 0, result.stderr
    assert "Up: o → optical-400g-fr4 (1000 m, length set on the bundle)" in result.stdout
    assert load_design(out).bundles["up"].medium == "optical-400g-fr4"
    assert load_design(source).bundles["up"].medium == "o"


def test_optics_verb_dry_run_and_unknown_bundle(tmp_path: Path) -> None:
    data = priced_file()
    data["bundles"][0]["length_m"] = 1000
    source = tmp_path / "in.json"
    save_design(design_from_dict(data), source)
    before = source.read_bytes()

    def optics(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, str(REPO / "main.py"), "optics", str(source),
                               *args], cwd=REPO, capture_output=True, text=True,
                              timeout=120, check=False)

    dry = optics("--dry-run", "--bundle", "up")
    assert dry.returncode == 0 and "Up: o → optical-400g-fr4" in dry.stdout
    assert "Core links" not in dry.stdout
    assert source.read_bytes() == before
    unknown = optics("--bundle", "nope")
    assert unknown.returncode == 2
    assert unknown.stderr.strip() == "error: the design has no bundle 'nope'"
