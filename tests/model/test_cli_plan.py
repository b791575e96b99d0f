"""``main.py plan``: a job's figures as text or JSON, ``--search``, the design's own
jobs, and exit status 2 with a clear message for impossible parallelism."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import main
from model.fileformat import save_design
from model.jobs.job import Job
from tests.model.jobs_fixtures import campus

EXAMPLE = str(Path(__file__).resolve().parents[2] / "resources" / "examples"
              / "campus-100k.json")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main.main(["plan", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_llama3_405b_on_the_100k_campus_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, EXAMPLE, "--model", "llama3-405b", "--tp", "8", "--pp",
                         "16", "--dp", "128", "--tokens", "15.6e12", "--mfu", "0.41",
                         "--json")
    assert status == 0
    data = json.loads(out)
    assert data["accelerators"] == 16_384
    assert data["parallelism"] == {"tp": 8, "cp": 1, "pp": 16, "dp": 128, "ep": 1,
                                   "virtual_stages": 1}
    parts = data["compute_s"] + data["bubble_s"] + data["exposed_communication_s"]
    assert data["step_s"] == pytest.approx(parts)
    steps = 15.6e12 / (2048 * 8192)
    assert data["days"] == pytest.approx(steps * data["step_s"] / 86_400)
    assert data["tokens_per_s"] == pytest.approx(2048 * 8192 / data["step_s"])
    assert data["communication"]["tp"]["limit"] == "scale-up"
    assert data["limiting"]["axis"] in data["communication"]


def test_text_names_the_limiting_link(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, EXAMPLE, "--model", "llama3-70b", "--tp", "8", "--pp",
                         "4", "--dp", "32")
    assert status == 0
    assert "days to train" in out and "limiting link:" in out


@pytest.mark.parametrize("argv, words", [
    (("--tp", "16", "--pp", "16", "--dp", "64"), "larger than the 8-accelerator scale-up"),
    (("--tp", "8", "--pp", "16", "--dp", "1024"), "has 98,304"),
    (("--tp", "8", "--pp", "16", "--dp", "128", "--accelerators", "8192"),
     "not the 8,192 accelerators asked for"),
    (("--tp", "8", "--pp", "16", "--dp", "3"), "multiple of DP"),
    (("--tp", "8", "--pp", "2", "--dp", "128"), "optimizer states need"),
])
def test_impossible_parallelism_exits_2(capsys: pytest.CaptureFixture[str],
                                        argv: tuple[str, ...], words: str) -> None:
    status, out, err = run(capsys, EXAMPLE, "--model", "llama3-405b", *argv)
    assert status == 2
    assert words in err and "Traceback" not in err
    assert out == ""


def test_search_ranks_by_days(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, EXAMPLE, "--model", "llama3-405b", "--search",
                         "--accelerators", "16384", "--json", "--top", "50")
    assert status == 0
    data = json.loads(out)
    days = [row["days"] for row in data["ranked"]]
    assert days == sorted(days) and len(days) == data["valid"] > 3
    for row in data["ranked"]:
        p = row["parallelism"]
        assert p["tp"] * p["pp"] * p["dp"] == 16_384
        assert p["tp"] <= 8 and 128 % p["tp"] == 0


def test_the_designs_own_jobs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    d = campus(islands=2, servers=[2])
    d.set_jobs((Job(id="a", name="Small", model="llama3-8b", tokens=1e11, global_batch=64,
                    sequence_length=4096, tp=8, dp=4),))
    path = tmp_path / "d.json"
    save_design(d, path)
    status, out, _ = run(capsys, str(path), "--json")
    assert status == 0
    assert [j["job"] for j in json.loads(out)["jobs"]] == ["a"]
    empty = tmp_path / "e.json"
    save_design(campus(), empty)
    status, _, err = run(capsys, str(empty))
    assert status == 2 and "has no jobs" in err
