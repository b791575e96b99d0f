"""First checks of the design's operations (the full set lives in test_design_ops.py)."""

from __future__ import annotations

import pytest

from model.design import Design
from model.elements import Building, Island, RackGroup
from model.errors import DesignError


def test_add_remove_restore_is_exact() -> None:
    d = Design()
    d.add(Building(id="b1", name="Hall 1", capacity_kw=30_000))
    d.add(Island(id="i1", name="Pod 1", building="b1"))
    d.add(RackGroup(id="g1", name="DGX", island="i1", rack_type="rt", count=4))
    before = d.copy()
    removal = d.remove("b1")
    assert removal.ids == ["g1", "i1", "b1"]
    assert len(d.islands) == 0
    d.restore(removal)
    assert d == before


def test_refuses_unknown_reference_and_leaves_design_unchanged() -> None:
    d = Design()
    d.add(Building(id="b1", name="Hall 1", capacity_kw=30_000))
    before = d.copy()
    with pytest.raises(DesignError, match="does not exist"):
        d.add(Island(id="i1", name="Pod", building="nowhere"))
    assert d == before
    with pytest.raises(DesignError, match="capacity_kw"):
        d.update("b1", capacity_kw=-5)
    assert d == before
