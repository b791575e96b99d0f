"""The grid the templates lay buildings out in (``building_grid``), by hand."""

from __future__ import annotations

from model.templates.builder import BUILDING_GAP, building_grid


def test_four_equal_buildings_stand_two_by_two() -> None:
    # 4 × (400 × 300), 80 apart: 1 column is 400 × 1,440 (0.28), 2 columns 880 × 680
    # (1.29), 3 columns 1,360 × 680 (2.0); 1.29 comes nearest the screen's 1.4
    sizes = {f"b{k}": (400.0, 300.0) for k in range(4)}
    assert BUILDING_GAP == 80
    assert building_grid(sizes) == {"b0": (0.0, 0.0), "b1": (480.0, 0.0),
                                     "b2": (0.0, 380.0), "b3": (480.0, 380.0)}


def test_rows_are_as_high_as_their_highest_and_start_at_the_origin() -> None:
    # cells 500 × 600 (the widest, the highest), 80 apart: 2 columns make 1,080 × 1,280
    # (0.84), 3 columns 1,660 × 1,280 (1.30), 4 columns 2,240 × 600 (3.7); 1.30 is
    # nearest 1.4, so three columns; the first row is as high as its 600-high building
    sizes = {"a": (500.0, 200.0), "b": (300.0, 600.0), "c": (300.0, 200.0),
             "d": (300.0, 200.0)}
    placed = building_grid(sizes, origin=(-100.0, 50.0))
    assert placed == {"a": (-100.0, 50.0), "b": (480.0, 50.0), "c": (1060.0, 50.0),
                      "d": (-100.0, 50.0 + 600 + 80)}


def test_no_buildings_no_places() -> None:
    assert building_grid({}) == {}
