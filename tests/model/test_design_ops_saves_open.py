"""A design that saves must open: whatever enters a design (added, changed, copied with
pydantic's unvalidated ``model_copy``, removed) is held to the file format's limits, so
saving and re-opening after every operation gives back the same design. Random edit
sequences with extreme but allowed values (hypothesis), plus the two copies the issue
found (a 200-character name and x = 1e7 duplicated)."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from model.design import Design
from model.elements import Building, Island, RackGroup
from model.errors import DesignError
from model.fileformat import load_design, save_design
from tests.model.test_design_ops import PARTS, base_design, tier

LONGEST = "N" * 200  # the longest name the file format allows


def reopened(d: Design, folder: Path) -> Design:
    path = folder / "design.json"
    save_design(d, path)
    return load_design(path)


# ---------------------------------------------------------- the holes the issue found
def test_a_copy_with_a_name_too_long_for_the_file_is_refused(tmp_path: Path) -> None:
    d = base_design()
    d.update("i1", name=LONGEST)
    island = d.islands["i1"]
    copy = island.model_copy(update={"id": "i9", "name": f"{island.name} (copy)"})
    assert len(copy.name) == 207  # what the duplicate command used to make
    with pytest.raises(DesignError, match="at most 200 characters") as info:
        d.add(copy)
    assert info.value.field == "name"
    assert d.element("i9") is None
    assert reopened(d, tmp_path) == d


def test_a_copy_placed_past_the_canvas_is_refused(tmp_path: Path) -> None:
    d = base_design()
    d.update("g1", x=1e7)
    group = d.rack_groups["g1"]
    copy = group.model_copy(update={"id": "g9", "x": group.x + 10})
    with pytest.raises(DesignError, match="less than or equal to 10000000") as info:
        d.add(copy)
    assert info.value.field == "x"
    assert reopened(d, tmp_path) == d


def test_a_catalog_part_copied_out_of_range_is_refused() -> None:
    d = base_design()
    bad = PARTS.switches[0].model_copy(update={"id": "sw-x", "radix": 0})
    with pytest.raises(DesignError, match="radix"):
        d.add_parts(type(PARTS)(switches=(bad,)))
    with pytest.raises(DesignError, match="radix"):
        d.set_catalog(PARTS.merged(type(PARTS)(switches=(bad,))))
    assert d.catalog == PARTS


def test_a_string_for_a_number_is_refused_by_update_too() -> None:
    d = base_design()
    with pytest.raises(DesignError, match='expected a whole number, found the string "8"'):
        d.update("g1", count="8")
    assert d.rack_groups["g1"].count == 8


# ------------------------------------------------------------- random sequences
names = st.one_of(
    st.just(LONGEST),
    st.text(st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=200),
)
coordinates = st.one_of(
    st.sampled_from([-1e7, 1e7, 0.0, 9_999_995.5, -9_999_999.0]),
    st.floats(-1e7, 1e7, allow_nan=False),
)
counts = st.one_of(st.sampled_from([1, 1_000_000]), st.integers(1, 1_000_000))


def random_edit(d: Design, data: st.DataObject) -> None:
    """One add, change, careless copy or removal with extreme values; a refusal must
    be the model's own DesignError and leave the design as it was."""
    before = d.copy()
    ids = {kind: list(d.elements(kind)) for kind in ("building", "island", "rack_group")}
    ids["tier"] = [t for t in d.tiers if d.tiers[t].island is not None]
    op = data.draw(st.sampled_from(["building", "island", "rack_group", "tier", "change",
                                    "copy", "copy", "copy", "remove"]))
    try:
        if op == "building":
            d.add(Building(id=d.new_id("b"), name=data.draw(names), x=data.draw(coordinates),
                           y=data.draw(coordinates),
                           capacity_kw=data.draw(st.sampled_from([1e-3, 1e7, 500.0])),
                           pue=data.draw(st.sampled_from([1.0, 5.0, 1.3]))))
        elif op == "island" and ids["building"]:
            d.add(Island(id=d.new_id("i"), name=data.draw(names),
                         building=data.draw(st.sampled_from(ids["building"])),
                         x=data.draw(coordinates), y=data.draw(coordinates)))
        elif op == "rack_group" and ids["island"]:
            d.add(RackGroup(id=d.new_id("g"), name=data.draw(names),
                            island=data.draw(st.sampled_from(ids["island"])),
                            rack_type="rt-dgx4", count=data.draw(counts),
                            x=data.draw(coordinates)))
        elif op == "tier" and ids["island"]:
            d.add(tier(d.new_id("t"), island=data.draw(st.sampled_from(ids["island"])),
                       count=data.draw(counts)))
        elif op in ("change", "copy", "remove"):
            every = [i for group in ids.values() for i in group]
            if not every:
                return
            target = d.element(data.draw(st.sampled_from(every)))
            assert target is not None
            if op == "change":
                field = data.draw(st.sampled_from(["name", "x", "y"]))
                value = data.draw(names if field == "name" else coordinates)
                d.update(target.id, **{field: value})
            elif op == "copy":  # what the duplicate command did: no validation
                copy = target.model_copy(update={
                    "id": d.new_id("c"), "name": f"{target.name} (copy)",
                    "x": target.x + data.draw(st.sampled_from([10.0, -10.0, 0.0]))})
                d.add(copy)
            else:
                d.remove(target.id)
    except DesignError:
        assert d == before, "a refused operation changed the design"


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_every_state_of_a_random_edit_sequence_saves_and_reopens_equal(
    data: st.DataObject,
) -> None:
    d = base_design() if data.draw(st.booleans()) else Design("Random campus", catalog=PARTS)
    if d.islands:  # elements at the limits from the start, as the issue found them
        d.update("i1", name=LONGEST)
        d.update("g1", x=1e7)
    with tempfile.TemporaryDirectory() as folder:
        for _ in range(data.draw(st.integers(1, 25))):
            random_edit(d, data)
            assert reopened(d, Path(folder)) == d
