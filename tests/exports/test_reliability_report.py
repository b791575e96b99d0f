"""``report`` and ``report --json`` carry the reliability figures: the JSON parsed back
holds the hand-counted interruptions of a small design with chosen rates."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import main
from model.fileformat import save_design
from model.reliability_data import ReliabilitySettings
from tests.model.test_reliability import _only, _small_design


def _saved(tmp_path: Path) -> Path:
    """32 GPUs at 1/yr, 4 hosts at 2/yr, 2 switches at 1/yr, 32 links at 0.5/yr:
    campus 32 + 8 + 2 + 16 = 58 per year; checkpoint 50 s, restart 300 s."""
    design = _small_design()
    design.update_settings(reliability=ReliabilitySettings(
        checkpoint_write_s=50, restart_s=300,
        failure_rates=tuple(_only(gpu=1.0, host=2.0, switch=1.0, link=0.5))))
    path = tmp_path / "small.json"
    save_design(design, path)
    return path


def test_json_report(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    path = _saved(tmp_path)
    assert main.main(["report", str(path), "--json", "--job-accelerators", "16"]) == 0
    r = json.loads(capfd.readouterr().out)["reliability"]
    assert r["campus"]["accelerators"] == 32
    assert r["campus"]["interruptions_per_day"] == pytest.approx(58 / 365)
    assert r["campus"]["mtbi_hours"] == pytest.approx(24 * 365 / 58)
    assert r["job"]["accelerators"] == 16
    assert r["job"]["interruptions_per_day"] == pytest.approx(29 / 365)
    link = r["job"]["by_class"]["link"]
    assert (link["unit"], link["units"], link["afr_per_year"]) == ("link", 16, 0.5)
    assert link["interruptions_per_day"] == pytest.approx(8 / 365)
    g = r["goodput"]
    m = 365 * 24 * 3600 / 29
    assert g["mtbi_s"] == pytest.approx(m)
    assert g["young_interval_s"] == pytest.approx((2 * 50 * m) ** 0.5)
    young = (2 * 50 * m) ** 0.5
    assert g["goodput"] == pytest.approx(1 - 50 / young - (young / 2 + 300) / m)


def test_text_report(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    path = _saved(tmp_path)
    assert main.main(["report", str(path)]) == 0
    out = capfd.readouterr().out
    assert "Reliability" in out
    # 58 per year = 0.16 per day, one every 151.03 h = 6.3 d
    assert "campus (32 accelerators): 0.16 interruptions/day, one every 6.3 d" in out


def test_bad_job_size_is_refused(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    path = _saved(tmp_path)
    assert main.main(["report", str(path), "--job-accelerators", "0"]) == 2
    assert "--job-accelerators" in capfd.readouterr().err
