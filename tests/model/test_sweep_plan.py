"""Sweep axes, ranges, paths and points (no Dask here)."""

from __future__ import annotations

import pytest

from model.errors import DesignError
from model.fileformat.writer import design_to_dict
from model.sweep_plan import (
    SweepError,
    SweepSpec,
    apply_set,
    build_point,
    expand_values,
    make_spec,
)
from model.templates import template


def test_ranges_and_lists() -> None:
    assert expand_values("128..512:128", "x") == [128, 256, 384, 512]
    assert expand_values("1,2,4..8:2", "x") == [1, 2, 4, 6, 8]
    assert expand_values("0.5..1.5:0.5", "x") == [0.5, 1, 1.5]
    assert expand_values("3..5", "x") == [3, 4, 5]
    assert expand_values("qm9700,sn5600", "x") == ["qm9700", "sn5600"]


@pytest.mark.parametrize("text", ["8..4", "1..4:0", "1..4:-1", "", "1,,2"])
def test_empty_ranges_refused(text: str) -> None:
    with pytest.raises(SweepError):
        expand_values(text, "--param islands")


def test_unknown_parameter_named() -> None:
    with pytest.raises(DesignError, match="no parameter --rings"):
        make_spec(template_name="islands", base=None, base_path=None,
                  params=["rings=1,2"], sets=[], sample=None, seed=0)


def test_parameter_out_of_bounds_named() -> None:
    with pytest.raises(DesignError, match="--islands must be at least 2"):
        make_spec(template_name="islands", base=None, base_path=None,
                  params=["islands=1,2"], sets=[], sample=None, seed=0)


def _spec(sets: list[str]) -> SweepSpec:
    design = template("islands").build(islands=2, buildings=1, gpus_per_island=256)
    return make_spec(template_name=None, base=design_to_dict(design), base_path="b.json",
                     params=[], sets=sets, sample=None, seed=0)


@pytest.mark.parametrize(("path", "message"), [
    ("tiers[core].colour=1,2", "a tier has no field 'colour'"),
    ("tiers[nowhere].count=1,2", "no tier has the id or name 'nowhere'"),
    ("wings[core].count=1,2", "'wings' is not one of"),
    ("tiers.count=1,2", "write a path as KIND"),
    ("settings.speed=1,2", "the settings have no field 'speed'"),
    ("tiers[core].id=a,b", "a tier has no field 'id'"),
])
def test_paths_naming_no_field(path: str, message: str) -> None:
    with pytest.raises(SweepError, match=message.replace("[", r"\[")):
        _spec([path])


def test_paths_by_id_name_and_star() -> None:
    spec = _spec(["tiers[core].count=16,32", "bundles[Island 1 rails].speed_gbps=200,400",
                  "tiers[*].switch=qm9700,sn5600"])
    assert spec.size() == 8
    values = spec.values_of(7)
    assert values == {"tiers[core].count": 32, "bundles[Island 1 rails].speed_gbps": 400,
                      "tiers[*].switch": "sn5600"}
    design = build_point(spec, values)
    assert design.tiers["core"].count == 32
    assert design.bundles["island-1-rails"].speed_gbps == 400
    assert {t.switch for t in design.tiers.values()} == {"sn5600"}
    assert design.catalog.switch("sn5600") is not None  # copied from the built-in catalog


def test_point_numbering_and_sample() -> None:
    spec = make_spec(template_name="islands", base=None, base_path=None,
                     params=["islands=2,4,8", "oversubscription=1..4"], sets=[],
                     sample=None, seed=0)
    assert spec.size() == 12
    # the last axis varies fastest
    assert spec.values_of(0) == {"islands": 2, "oversubscription": 1.0}
    assert spec.values_of(5) == {"islands": 4, "oversubscription": 2.0}
    sampled = SweepSpec(spec.axes, spec.template, sample=5, seed=3)
    picks = sampled.point_indices()
    assert len(picks) == 5 and len(set(picks)) == 5 and set(picks) <= set(range(12))
    assert picks == SweepSpec(spec.axes, spec.template, sample=5, seed=3).point_indices()
    assert SweepSpec.from_json(sampled.to_json()) == sampled


def test_apply_set_validates_through_the_design() -> None:
    design = template("islands").build(islands=2, buildings=1, gpus_per_island=256)
    with pytest.raises(DesignError):
        apply_set(design, "tiers[core].count", -3)
    apply_set(design, "settings.allowance_pct", 5.0)
    assert design.settings.allowance_pct == 5.0
