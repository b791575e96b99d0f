"""Design.move_many: several elements moved in one validated, atomic operation with one
announcement, and moves that never re-check bundles (a position does not affect one)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from model.design import Design
from model.events import ElementChanged, ElementsMoved
from tests.model.test_design_ops import Recorder, base_design, refused

MOVABLE = ("b1", "b2", "i1", "i2", "g1", "g2", "leaf1", "spine1", "fe1", "leaf2",
           "bcore1", "campus")
"""Every element of base_design() with a position (all but the bundles)."""


def test_moves_several_returns_every_old_position_and_announces_once() -> None:
    d = base_design()
    heard = Recorder(d)
    revision = d.revision
    # b2 stands at (500, 0) and i1 at (0, 0) (base_design); g1 is named but stays put
    old = d.move_many({"b2": (10, -20.5), "i1": (40.0, 60.0), "g1": (0.0, 0.0)})
    assert old == {"b2": (500.0, 0.0), "i1": (0.0, 0.0), "g1": (0.0, 0.0)}
    assert (d.buildings["b2"].x, d.buildings["b2"].y) == (10.0, -20.5)
    assert (d.islands["i1"].x, d.islands["i1"].y) == (40.0, 60.0)
    assert heard.events == [ElementsMoved((("building", "b2"), ("island", "i1")))]
    assert d.revision == revision + 1
    other = base_design()
    other.move("b2", 10, -20.5)
    other.move("i1", 40, 60)
    assert d == other, "the same as moving them one by one"


def test_nothing_moved_announces_nothing() -> None:
    d = base_design()
    heard = Recorder(d)
    assert d.move_many({}) == {}
    assert d.move_many({"b2": (500, 0)}) == {"b2": (500.0, 0.0)}
    assert heard.events == []
    assert d == base_design()


@pytest.mark.parametrize(("positions", "match"), [
    ({"i1": (5, 5), "x-g1-leaf1": (1, 1)}, "no position"),
    ({"i1": (5, 5), "ghost": (1, 1)}, "no element 'ghost'"),
    ({"i1": (5, 5), "g1": (1e9, 0)}, "DGX racks"),
    ({"i1": (5, 5), "g2": (0, "far")}, "DGX racks 2"),
    ({"i1": (5, 5), "g2": (1, 2, 3)}, "pair"),
    ({"i1": (5, 5), "g2": None}, "pair"),
])
def test_one_bad_position_refuses_the_whole_batch(positions: dict, match: str) -> None:
    d = base_design()
    error = refused(d, lambda: d.move_many(positions), match)
    assert error.element_id in positions and error.element_id != "i1"


def test_undo_through_the_returned_positions_restores_exactly() -> None:
    d = base_design()
    old = d.move_many({"b1": (7, 8), "leaf1": (100, 200), "campus": (-3, 4)})
    d.move_many(old)
    assert d == base_design()


def test_a_move_never_checks_bundles(monkeypatch: pytest.MonkeyPatch) -> None:
    """Checking every bundle once per moved element made a 128-island drag quadratic;
    a position cannot make a bundle invalid, so no bundle check may run."""
    d = base_design()

    def no_bundle_check(*_args: object) -> None:
        raise AssertionError("a bundle was checked for a move")

    monkeypatch.setattr(Design, "_check_bundle", no_bundle_check)
    d.move("leaf1", 30, 30)  # a tier with bundles on it
    d.move("i1", 30, 30)  # an island whose members have bundles
    d.move_many({"spine1": (1, 2), "g1": (3, 4), "i2": (5, 6)})
    heard = Recorder(d)
    d.update("leaf1", x=31.0)  # a position through update: no check either
    assert heard.events == [ElementChanged("tier", "leaf1", frozenset({"x"}))]
    with pytest.raises(AssertionError, match="bundle was checked"):
        d.update("leaf1", count=6)  # other fields still are checked


@settings(max_examples=40, deadline=None)
@given(st.dictionaries(st.sampled_from(MOVABLE),
                       st.tuples(st.integers(-3000, 3000), st.integers(-3000, 3000)),
                       max_size=len(MOVABLE)))
def test_random_batches_move_exactly_and_undo_exactly(
        positions: dict[str, tuple[int, int]]) -> None:
    d = base_design()
    heard = Recorder(d)
    old = d.move_many(positions)
    for eid, (x, y) in positions.items():
        element = d.element(eid)
        assert (element.x, element.y) == (x, y)  # type: ignore[union-attr]
    changed = [eid for eid, xy in positions.items() if old[eid] != xy]
    assert [m for e in heard.events for _, m in e.moved] == changed  # type: ignore[union-attr]
    assert len(heard.events) == (1 if changed else 0)
    d.move_many(old)
    assert d == base_design()
