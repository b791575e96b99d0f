"""The rates file loader refuses bad files with a message naming the field, and the
design's reliability settings load, save and default as the file format says."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from model.fileformat import design_from_dict, design_to_dict, load_design
from model.reliability_data import (
    RELIABILITY_PATH,
    Component,
    RateOverride,
    ReliabilityDataError,
    ReliabilitySettings,
    load_reliability_file,
)

EXAMPLE = Path(__file__).resolve().parents[2] / "resources" / "examples" / "campus-100k.json"


def _shipped() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(RELIABILITY_PATH.read_text(encoding="utf-8"))
    return data


def _write(tmp_path: Path, data: Any) -> Path:
    path = tmp_path / "rates.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_shipped_file_loads_and_marks_every_rate() -> None:
    data = load_reliability_file(RELIABILITY_PATH)
    for rate in data.classes:
        assert rate.source and rate.estimate, rate.component


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["classes"].pop(0), "no rate for class 'gpu'"),
    (lambda d: d["classes"][0].update(events=195), "rows sum to 196"),
    (lambda d: d["classes"][0].update(afr_per_year=0.1), "exactly one of"),
    (lambda d: d["classes"][1].update(unit="server"), "counted per accelerator"),
    (lambda d: d["classes"][0].update(units=0), "classes.0.units"),
    (lambda d: d.update(format="other"), "'format' must be"),
    (lambda d: d["classes"].append(dict(d["classes"][0])), "given twice"),
])
def test_bad_files_are_refused_by_name(tmp_path: Path, change: Any, message: str) -> None:
    data = _shipped()
    change(data)
    with pytest.raises(ReliabilityDataError, match=message.replace("(", r"\(")):
        load_reliability_file(_write(tmp_path, data))


def test_unreadable_and_invalid_json(tmp_path: Path) -> None:
    with pytest.raises(ReliabilityDataError, match="cannot read"):
        load_reliability_file(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    with pytest.raises(ReliabilityDataError, match="not valid JSON"):
        load_reliability_file(bad)


def test_override_needs_exactly_one_figure() -> None:
    with pytest.raises(ValueError, match="exactly one"):
        RateOverride(component=Component.GPU)
    with pytest.raises(ValueError, match="exactly one"):
        RateOverride(component=Component.GPU, afr_per_year=1, mtbf_hours=10)
    assert RateOverride(component=Component.GPU, mtbf_hours=8760).per_year() == 1.0


def test_old_files_load_with_the_default_settings() -> None:
    """The shipped example has no 'reliability' setting: defaults 30 s / 300 s / all."""
    settings = load_design(EXAMPLE).settings.reliability
    assert settings == ReliabilitySettings()
    assert (settings.checkpoint_write_s, settings.restart_s) == (30.0, 300.0)
    assert settings.job_accelerators is None and settings.failure_rates == ()


def test_settings_round_trip_through_the_file() -> None:
    design = load_design(EXAMPLE)
    chosen = ReliabilitySettings(
        job_accelerators=16_384, checkpoint_write_s=45, restart_s=120,
        failure_rates=(RateOverride(component=Component.LINK, part="optical-400g-osfp",
                                    mtbf_hours=2e6, source="vendor", estimate=True),))
    design.update_settings(reliability=chosen)
    data = json.loads(json.dumps(design_to_dict(design)))
    assert data["settings"]["reliability"]["failure_rates"][0]["component"] == "link"
    assert design_from_dict(data).settings.reliability == chosen


def test_bad_setting_names_the_field() -> None:
    data = design_to_dict(load_design(EXAMPLE))
    data["settings"]["reliability"] = {"checkpoint_write_s": -1}
    with pytest.raises(Exception, match="checkpoint_write_s"):
        design_from_dict(data)


@pytest.mark.parametrize(("field", "value", "message"), [
    ("checkpoint_write_s", "30", 'expected a number, found the string "30"'),
    ("job_accelerators", 8.5, "expected a whole number, found 8.5"),
    ("restart_s", True, "expected a number, found true"),
])
def test_settings_take_only_what_the_schema_says(field: str, value: Any, message: str) -> None:
    """As every other field of the file (model/strict.py): no silent conversion."""
    data = design_to_dict(load_design(EXAMPLE))
    data["settings"]["reliability"] = {field: value}
    with pytest.raises(Exception, match=message):
        design_from_dict(data)


def test_docs_table_states_the_shipped_rates() -> None:
    """docs/metrics.md's table of classes gives each class's events, units and rate as
    the file derives them (to 4 places)."""
    from model.reliability_data import shipped_rates

    doc = (Path(__file__).resolve().parents[2] / "docs" / "metrics.md").read_text(
        encoding="utf-8")
    data = shipped_rates()
    seen = 0
    for line in doc.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 6 or not cells[0].startswith("`"):
            continue
        for name in cells[0].replace("`", "").split(", "):
            if name not in {c.value for c in Component}:
                break
            rate = data.class_rate(Component(name))
            assert float(cells[3].replace(",", "")) == rate.events, name
            assert cells[5] == f"{data.per_year(Component(name)):.4f}", name
            seen += 1
    assert seen == len(Component)
