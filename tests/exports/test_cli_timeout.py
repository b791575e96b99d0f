"""``report`` and ``export`` stop at ``--timeout`` (issue #16 §3): what the engine
finished is printed, what it did not is named, and the exit status is 3; work the
engine cannot interrupt is stopped by killing the verb's child process."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cli.timeout import TIMED_OUT, run_within
from model.fileformat import save_design
from model.templates import TEMPLATES
from tests.exports.designs import small_design
from tests.exports.test_cli_export import REPO, run_export


def main_py(*args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
    return subprocess.run([sys.executable, str(REPO / "main.py"), *args], cwd=REPO,
                          env=env, capture_output=True, text=True, timeout=120, check=False)


TIMEOUT_S = 8
"""The verbs' --timeout in these tests: the engine stops at 6.4 s, and the 1.6 s left
for starting, loading and writing is enough on a machine three times busier than CI's
(with 5 s, the 1 s left was not, at a load of 6: the verb was stopped before it wrote)."""


@pytest.fixture(scope="module")
def wide(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A leaf-spine of 16 leaves and 100,000 spines (15 s in ``report`` before)."""
    design = TEMPLATES["leaf-spine"].build()
    design.update("spine", count=100_000)
    path = tmp_path_factory.mktemp("wide") / "wide.json"
    save_design(design, path)
    return path


def test_report_stops_at_the_timeout_and_says_what_is_missing(wide: Path) -> None:
    start = time.perf_counter()
    result = main_py("report", str(wide), "--timeout", str(TIMEOUT_S))
    assert time.perf_counter() - start < 25  # interpreter start, load, 8 s
    assert result.returncode == TIMED_OUT, result.stderr
    assert "error: the --timeout of 8 s was reached; not computed: bisection" in result.stderr
    assert "bisection: at most 38.4 Tb/s — not computed: too large for the 6.4 s budget" \
        in result.stdout  # 768 hosts × 100 Gb/s ÷ 2; the engine's share is 0.8 × 8 s
    assert "Spine (spine): 100,000 ×" in result.stdout  # the counts are all there


def test_report_json_names_the_figures_not_computed(wide: Path) -> None:
    result = main_py("report", str(wide), "--json", "--timeout", str(TIMEOUT_S))
    assert result.returncode == TIMED_OUT
    report = json.loads(result.stdout)
    assert "bisection" in report["not_computed"]
    assert report["bisection"]["exact"] is False
    assert report["switches"]["Spine"] == 100_000


def test_export_writes_what_it_has_and_exits_3(wide: Path, tmp_path: Path) -> None:
    out = tmp_path / "m.json"
    result = run_export(str(wide), "--json", str(out), "--timeout", str(TIMEOUT_S))
    assert result.returncode == TIMED_OUT
    assert "bisection" in json.loads(out.read_text(encoding="utf-8"))["not_computed"]


def test_a_design_in_time_exits_0_with_nothing_missing(tmp_path: Path) -> None:
    path = tmp_path / "small.json"
    save_design(small_design(), path)
    result = main_py("report", str(path), "--json", "--timeout", "60")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["not_computed"] == {}


@pytest.mark.parametrize("value", ["soon", "0", "-5"])
def test_a_bad_timeout_is_refused(value: str, tmp_path: Path) -> None:
    result = main_py("report", str(tmp_path / "x.json"), "--timeout", value)
    assert result.returncode == 2
    assert "--timeout" in result.stderr


def _sleeps(args: argparse.Namespace) -> int:
    time.sleep(30)
    return 0


def _prints(args: argparse.Namespace) -> int:
    print(args.word)
    return 5


def test_work_past_the_timeout_is_killed(capfd: pytest.CaptureFixture[str]) -> None:
    start = time.perf_counter()
    assert run_within(0.5, _sleeps, argparse.Namespace()) == TIMED_OUT
    assert time.perf_counter() - start < 5
    assert "stopped after the --timeout of 0.5 s" in capfd.readouterr().err


def test_work_in_time_keeps_its_output_and_status(capfd: pytest.CaptureFixture[str]) -> None:
    assert run_within(30, _prints, argparse.Namespace(word="hello")) == 5
    assert capfd.readouterr().out == "hello\n"
