"""The N−1 table's tiers, partitions, low-bandwidth counts and time budget, the
``n_minus_1`` key of ``report --json``, ``whatif --threshold`` and failing everything,
against hand counts.

Leaf-spine 4 × 4 (:func:`leaf_spine`): 4 leaves of 4 hosts (400G), each leaf one 100G
uplink to each of 4 spines, so a host's share of its leaf's uplinks is 100 Gb/s.

- one spine down: every leaf keeps 3 of 4 uplinks, every host 75 % of its share; one
  leaf–spine link down: that leaf's 4 hosts keep 75 %. At a threshold of 80 % that is
  16 and 4 at low bandwidth; at 50 %, none.
- partitions: a leaf down cuts its 4 hosts off, a host link down its host; a spine or
  a leaf–spine link leaves everyone reaching everyone.
- every leaf down: all 16 hosts cut off: an all-zero network, said in words.
"""

from __future__ import annotations

import json

import pytest

from main import main
from model.design import Design
from model.failures import Failure
from model.metrics import compute_all
from model.n_minus_1 import OverBudgetError, n_minus_1, report_json, tier_members
from tests.model.test_whatif import leaf_spine, leaf_spine_file
from tests.reference import builders

__all__ = ["leaf_spine_file"]  # a fixture, used by name


def _uneven_spines() -> Design:
    """3 leaves of one 4-host rack each; 2 spines, one uplink a leaf dealt in turn:
    spine 0 takes leaves 0 and 2, spine 1 leaf 1, so the spines are two classes.
    Spine 0 down leaves every leaf alone: 3 × 4 hosts, C(12,2) − 3·C(4,2) = 48 pairs
    with no path. Spine 1 down cuts leaf 1 from the others: 4 × 8 = 32."""
    return builders.small_leaf_spine(racks=3, spines=2, uplinks=1, name="uneven")


def test_a_tiers_row_is_the_worst_of_one_switch_per_class() -> None:
    d = _uneven_spines()
    assert tier_members(d)["spine"] == ([0, 1], 2)
    table = n_minus_1(d)
    [row] = [r for r in table.rows if r.element == "spine"]
    assert (row.members_tried, row.classes) == (2, 2)
    assert row.unreachable_pairs == 48 and row.splits
    one = compute_all(d, failures=[Failure(element="spine", members=(1,))])
    assert one.hops.unreachable_pairs == 32 < row.unreachable_pairs


def test_partitions_max_hops_and_low_bandwidth_of_the_leaf_spine() -> None:
    table = n_minus_1(leaf_spine(), threshold=0.8)
    by = {r.element: r for r in table.rows}
    assert [r.element for r in table.partitioning] == ["leaf", "hosts-leaf"]
    assert not by["spine"].splits and not by["leaf-spine"].splits
    assert by["spine"].accelerators_low_bandwidth == 16
    assert by["leaf-spine"].accelerators_low_bandwidth == 4
    assert by["leaf"].accelerators_cut_off == 4 and by["leaf"].accelerators_low_bandwidth == 0
    assert by["spine"].max_hops == 3  # leaf, spine, leaf still
    at_half = n_minus_1(leaf_spine())
    assert all(r.accelerators_low_bandwidth == 0 for r in at_half.rows)


def test_the_table_stops_at_its_time_budget() -> None:
    d = leaf_spine()
    with pytest.raises(OverBudgetError, match="over its 0 s budget after 1 of 5 single failures"):
        n_minus_1(d, time_budget_s=0)
    out = report_json(d, None, compute_all(d), time_budget_s=0)
    assert set(out) == {"not_computed"} and "budget" in str(out["not_computed"])


def test_report_json_has_the_n_minus_1_table(capfd: pytest.CaptureFixture[str],
                                            leaf_spine_file: str) -> None:
    assert main(["report", leaf_spine_file, "--json"]) == 0
    data = json.loads(capfd.readouterr().out)["n_minus_1"]
    assert data["partitioning"] == ["leaf", "hosts-leaf"]
    assert data["rows"][0]["element"] == "leaf"
    assert data["rows"][0]["accelerators_cut_off"] == 4
    assert data["rows"][0]["max_hops"] == 3
    assert data["skipped"] == [{"element": "dc", "why": "every accelerator is in it"}]


def test_whatif_threshold_counts_low_bandwidth(capfd: pytest.CaptureFixture[str],
                                               leaf_spine_file: str) -> None:
    assert main(["whatif", leaf_spine_file, "--fail", "spine:2", "--json"]) == 0
    data = json.loads(capfd.readouterr().out)
    assert data["figures"]["accelerators_low_bandwidth"]["failed"] == 16  # 50 %: at most
    assert data["low_bandwidth_by_group"] == {"hosts": 16}
    assert main(["whatif", leaf_spine_file, "--fail", "spine:2", "--threshold", "40",
                 "--json"]) == 0
    data = json.loads(capfd.readouterr().out)
    assert data["figures"]["accelerators_low_bandwidth"]["failed"] == 0
    assert main(["whatif", leaf_spine_file, "--fail", "spine:1"]) == 0
    assert "Accelerators at ≤ 50 % bandwidth" in capfd.readouterr().out
    with pytest.raises(SystemExit) as exit_:
        main(["whatif", leaf_spine_file, "--fail", "spine", "--threshold", "150"])
    assert exit_.value.code == 2
    assert "choose a percentage from 0 to 100" in capfd.readouterr().err


def test_every_accelerator_cut_off_is_an_all_zero_network(
        capfd: pytest.CaptureFixture[str], leaf_spine_file: str) -> None:
    assert main(["whatif", leaf_spine_file, "--fail", "leaf"]) == 0
    out = capfd.readouterr().out
    assert "every working accelerator (16) is cut off" in out
    assert main(["whatif", leaf_spine_file, "--fail", "leaf", "--json"]) == 0
    data = json.loads(capfd.readouterr().out)
    assert data["everything_cut_off"] is True
    figures = data["figures"]
    assert figures["bisection_gbps"]["failed"] == 0
    assert figures["accelerators_cut_off"]["failed"] == 16
    assert figures["unreachable_pairs"]["failed"] == 120  # C(16, 2): one GPU a server
    assert main(["whatif", leaf_spine_file, "--fail", "spine:1"]) == 0
    assert "is cut off" not in capfd.readouterr().out


@pytest.mark.parametrize(("argv", "words"), [
    (["--fail", "dc"], "these failures take down every accelerator"),
    (["--fail", "hosts"], "these failures take down every accelerator"),
    (["--fail", "hosts:4"], "these failures take down every accelerator"),
    (["--fail", "nowhere"], "the design has no element 'nowhere'"),
    (["--fail", "hosts:5"], "5 of 'Hosts' cannot fail: it has 4"),
    (["--fail", "leaf-spine:17"], "17 of 'Leaf–spine' cannot fail: it has 16"),
])
def test_failing_everything_or_what_is_not_there_is_refused(
        capfd: pytest.CaptureFixture[str], leaf_spine_file: str, argv: list[str],
        words: str) -> None:
    assert main(["whatif", leaf_spine_file, *argv]) == 2
    out, err = capfd.readouterr()
    assert out == "" and words in err


def test_report_gives_the_table_what_its_timeout_leaves(leaf_spine_file: str) -> None:
    """10 s at most, less when ``--timeout`` would pass first (2 s kept for writing)."""
    import time
    from types import SimpleNamespace

    from model.reports.n_minus_1_json import n_minus_1_seconds

    now = time.monotonic()
    assert n_minus_1_seconds(SimpleNamespace(timeout=60.0, started_at=now)) == 10.0
    assert 3.0 <= n_minus_1_seconds(SimpleNamespace(timeout=6.0, started_at=now)) <= 4.0
    assert n_minus_1_seconds(SimpleNamespace(timeout=6.0, started_at=now - 30)) == 0.0
    assert n_minus_1_seconds(SimpleNamespace(timeout=60.0)) == 10.0


def test_rows_name_their_failure_in_the_readers_language() -> None:
    """The N−1 rows of a Chinese reader read "'Leaf' 的 4 台交换机中的 1 台", not "1 of
    4 switches of 'Leaf'" (issue #15's walk); the JSON keeps its English. Four leaves,
    four spines; 4 leaves × 4 hosts = 16 host links and 4 × 4 uplinks = 16 leaf–spine
    links (counted by hand)."""
    design = leaf_spine()
    chinese = {r.element: r.words for r in n_minus_1(design, lang="zh_CN").rows}
    assert chinese == {
        "leaf": "'Leaf' 的 4 台交换机中的 1 台",
        "spine": "'Spine' 的 4 台交换机中的 1 台",
        "hosts-leaf": "'Hosts–leaf' 的 16 条链路中的 1 条",
        "leaf-spine": "'Leaf–spine' 的 16 条链路中的 1 条",
    }
    english = {r.element: r.words for r in n_minus_1(design).rows}
    assert english["leaf"] == "1 of 4 switches of 'Leaf'"
    assert english["hosts-leaf"] == "1 of 16 links of 'Hosts–leaf'"
