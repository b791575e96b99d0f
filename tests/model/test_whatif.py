"""``main.py whatif``, :mod:`model.whatif` and :mod:`model.n_minus_1`, against hand counts.

- Leaf-spine, 4 leaves of 4 hosts, one 100 Gb/s uplink from each leaf to each of 4
  spines: a balanced cut puts 2 leaves on each side and crosses their 8 uplinks,
  800 Gb/s. One spine down leaves each leaf 3 uplinks: 600 Gb/s, ¾ of healthy. A leaf
  down cuts its 4 hosts off; a host link down cuts 1 host off.
- Fat-tree k = 4 (16 hosts at 10 Gb/s, 4 pods, 4 core switches each with one link to
  every pod): full bisection 8 × 10 = 80 Gb/s. With one core switch down 3 remain;
  splitting the pods 2 | 2 crosses, whichever side each core stands, 2 links of each of
  the 3 cores: 60 Gb/s, ¾.
- Three buildings of one island of 256 H100 each: one building down leaves 512
  working, and 256 down.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from main import main
from model.design import Design
from model.errors import DesignError
from model.failures import Failure, Scenario
from model.fileformat import save_design
from model.n_minus_1 import n_minus_1
from model.templates import TEMPLATES
from model.whatif import (
    WhatIfMetrics,
    check_what_if,
    compute_what_if,
    figure_changes,
    parse_failure,
)


def leaf_spine() -> Design:
    return TEMPLATES["leaf-spine"].build(leaves=4, down=4, up=4, spines=4)


def three_buildings() -> Design:
    return TEMPLATES["islands"].build(islands=3, gpus_per_island=256, buildings=3)


@pytest.fixture
def leaf_spine_file(tmp_path: Path) -> str:
    path = tmp_path / "ls.json"
    save_design(leaf_spine(), path)
    return str(path)


def whatif(capfd: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["whatif", *argv])
    out, err = capfd.readouterr()
    return status, out, err


# ----------------------------------------------------------------- naming failures
def test_failures_are_named_by_id_or_name_with_a_count() -> None:
    d = leaf_spine()
    assert parse_failure(d, "spine:1") == Failure(element="spine", count=1)
    assert parse_failure(d, "Spine:3") == Failure(element="spine", count=3)
    assert parse_failure(d, "spine") == Failure(element="spine")
    assert parse_failure(d, "leaf-spine:2") == Failure(element="leaf-spine", count=2)
    assert parse_failure(d, "Data centre") == Failure(element="dc")


@pytest.mark.parametrize(("text", "words"), [
    ("spyne:1", "no element 'spyne'; did you mean 'spine' (Spine)"),
    ("spine:x", "must be a whole number of at least 1, not 'x'"),
    ("spine:0", "must be a whole number of at least 1, not '0'"),
    (":2", "name an element"),
])
def test_bad_names_and_counts_are_refused_in_words(text: str, words: str) -> None:
    with pytest.raises(DesignError, match=words.replace("(", r"\(").replace(")", r"\)")):
        parse_failure(leaf_spine(), text)


def test_impossible_failures_are_refused() -> None:
    d = leaf_spine()
    with pytest.raises(DesignError, match="5 of 'Spine' cannot fail: it has 4"):
        check_what_if(d, [Failure(element="spine", count=5)])
    with pytest.raises(DesignError, match="fails whole or not at all"):
        check_what_if(d, [Failure(element="fabric", count=1)])
    with pytest.raises(DesignError, match="every accelerator"):
        check_what_if(d, [Failure(element="dc")])
    with pytest.raises(DesignError, match="every accelerator"):
        check_what_if(d, [Failure(element="hosts", count=4)])


# ------------------------------------------------------------------ hand counts
def _figures(design: Design, failures: list[Failure]) -> dict[str, tuple[float, float]]:
    metrics = compute_what_if(design, failures=failures)
    assert isinstance(metrics, WhatIfMetrics)
    return {c.figure.key: (c.healthy, c.failed) for c in figure_changes(design, metrics)}


def test_one_spine_of_four_leaves_three_quarters_of_the_bisection() -> None:
    f = _figures(leaf_spine(), [Failure(element="spine", count=1)])
    assert f["bisection_gbps"] == (800.0, 600.0)
    assert f["accelerators_working"] == (16, 16)
    assert f["accelerators_cut_off"] == (0, 0)


def test_a_leaf_down_cuts_its_four_hosts_off() -> None:
    f = _figures(leaf_spine(), [Failure(element="leaf", count=1)])
    assert f["accelerators_cut_off"] == (0, 4)
    assert f["accelerators_working"] == (16, 16), "their racks still have power"


def test_fat_tree_with_one_core_switch_down() -> None:
    d = TEMPLATES["fat-tree"].build(k=4)
    core = next(t.id for t in d.tiers.values() if t.count == 4 and "core" in t.name.lower())
    f = _figures(d, [Failure(element=core, count=1)])
    assert f["bisection_gbps"] == (80.0, 60.0)
    assert f["accelerators_cut_off"] == (0, 0)


def test_three_buildings_with_one_down() -> None:
    d = three_buildings()
    first = next(iter(d.buildings))
    f = _figures(d, [Failure(element=first)])
    assert f["accelerators_working"] == (768, 512)
    assert f["accelerators_down"] == (0, 256)
    assert f["it_kw"][1] < f["it_kw"][0], "a dark building draws nothing"


# ------------------------------------------------------------------ the command
def test_whatif_prints_healthy_and_failed(capfd: pytest.CaptureFixture[str],
                                          leaf_spine_file: str) -> None:
    status, out, err = whatif(capfd, leaf_spine_file, "--fail", "Spine:1")
    assert status == 0, err
    assert "down: 1 of 4 switches of 'Spine'" in out
    [line] = [x for x in out.splitlines() if x.strip().split("  ")[0] == "Bisection"]
    assert "800 Gb/s" in line and "600 Gb/s" in line and "75.0% of healthy" in line


def test_whatif_json(capfd: pytest.CaptureFixture[str], leaf_spine_file: str) -> None:
    status, out, _ = whatif(capfd, leaf_spine_file, "--fail", "spine:1", "--fail",
                            "leaf-spine:2", "--json")
    assert status == 0
    data = json.loads(out)
    assert data["failures"] == [
        {"element": "spine", "count": 1, "words": "1 of 4 switches of 'Spine'"},
        {"element": "leaf-spine", "count": 2, "words": "2 of 16 links of 'Leaf–spine'"}]
    assert data["figures"]["bisection_gbps"]["healthy"] == 800.0
    assert data["figures"]["accelerators_working"] == {
        "healthy": 16.0, "failed": 16.0, "difference": 0.0, "ratio": 1.0}


@pytest.mark.parametrize(("argv", "words"), [
    (["--fail", "spyne"], "did you mean 'spine' (Spine)"),
    (["--fail", "spine:9"], "9 of 'Spine' cannot fail: it has 4"),
    (["--fail", "dc"], "every accelerator"),
    (["--fail", "fabric:2"], "fails whole or not at all"),
    ([], "name what fails"),
    (["--n-1", "--fail", "spine"], "one element at a time"),
    (["--scenario", "nope"], "no scenario 'nope' (saved scenarios: none)"),
])
def test_bad_input_exits_2_with_a_message(capfd: pytest.CaptureFixture[str],
                                          leaf_spine_file: str, argv: list[str],
                                          words: str) -> None:
    status, out, err = whatif(capfd, leaf_spine_file, *argv)
    assert status == 2 and out == ""
    assert err.startswith("error: ") and words in err


def test_a_saved_scenario_is_failed_by_name(capfd: pytest.CaptureFixture[str],
                                            tmp_path: Path) -> None:
    d = leaf_spine()
    d.set_scenarios((Scenario(name="half the spines",
                              failures=(Failure(element="spine", count=2),)),))
    save_design(d, tmp_path / "s.json")
    status, out, _ = whatif(capfd, str(tmp_path / "s.json"), "--scenario",
                            "half the spines", "--json")
    assert status == 0
    assert json.loads(out)["figures"]["bisection_gbps"]["failed"] == 400.0


# ----------------------------------------------------------------------- N−1
def test_n_minus_1_of_the_leaf_spine_worst_first(capfd: pytest.CaptureFixture[str],
                                                 leaf_spine_file: str) -> None:
    status, out, _ = whatif(capfd, leaf_spine_file, "--n-1", "--json")
    assert status == 0
    data = json.loads(out)
    rows = [(r["element"], r["accelerators_cut_off"], r["bisection_gbps"],
             r["splits_network"]) for r in data["rows"]]
    # by hand: a leaf down strands its 4 hosts; they and a second leaf's 4 make side A,
    # which that leaf's 4 uplinks join to the rest: 400. A host link down strands that
    # host; with its leaf's 3 other hosts and a second leaf's 4 on side A, its leaf can
    # stand on side B, crossing 3 host links instead of 4 uplinks: 300 + 400 = 700. A
    # spine: 3 uplinks per leaf, 600. A leaf–spine link: one leaf of A has 3, 700.
    assert rows == [("leaf", 4, 400.0, True), ("hosts-leaf", 1, 700.0, True),
                    ("spine", 0, 600.0, False), ("leaf-spine", 0, 700.0, False)]
    assert data["skipped"] == [{"element": "dc", "why": "every accelerator is in it"}]
    status, out, _ = whatif(capfd, leaf_spine_file, "--n-1", "--top", "1")
    assert status == 0 and "1 of 4 switches of 'Leaf'" in out and "'Spine'" not in out


def test_copies_share_figures_exactly() -> None:
    """Islands that are copies give the same rows whether computed or copied."""
    d = TEMPLATES["islands"].build(islands=2, gpus_per_island=256, buildings=1)
    shared, each = n_minus_1(d), n_minus_1(d, share_copies=False)
    assert shared.computed < each.computed
    strip = [(r.element, r.bisection_gbps, r.accelerators_cut_off, r.unreachable_pairs,
              r.worst_island_pair_gbps) for r in shared.rows]
    assert sorted(strip) == sorted((r.element, r.bisection_gbps, r.accelerators_cut_off,
                                    r.unreachable_pairs, r.worst_island_pair_gbps)
                                   for r in each.rows)
    assert any(r.same_as for r in shared.rows)
