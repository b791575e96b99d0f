"""The N−1 table's rows handed over one by one as they are finished (``on_row``, which
the GUI shows while the rest are computed): sorted, or put one by one in their sorted
place, they are row for row the table of a run without it, on the 100K example and a
template; the counts they come with are hand counts; a sink that raises ends the table.

The row values themselves are checked against hand counts and the engine's figures by
tests/model/test_n_minus_1.py and tests/model/test_whatif.py."""

from __future__ import annotations

import pytest

from model.design import Design
from model.n_minus_1 import NMinusOneRow, impact, n_minus_1, sorted_position
from model.templates import TEMPLATES, build_example
from tests.model.test_whatif import leaf_spine

DESIGNS = {
    "100K example": build_example,
    "dragonfly-plus k=4": lambda: TEMPLATES["dragonfly-plus"].build(k=4),
}


def _handed(design: Design) -> tuple[list[tuple[NMinusOneRow, int, int]], list[NMinusOneRow]]:
    got: list[tuple[NMinusOneRow, int, int]] = []
    table = n_minus_1(design, on_row=lambda row, done, total: got.append((row, done, total)))
    return got, table.rows


@pytest.mark.parametrize("name", DESIGNS)
def test_rows_one_by_one_are_the_whole_tables(name: str) -> None:
    design = DESIGNS[name]()
    got, rows = _handed(design)
    whole = n_minus_1(design).rows  # a run of its own, no sink
    handed = [row for row, _, _ in got]
    assert [done for _, done, _ in got] == list(range(1, len(whole) + 1))
    assert {total for _, _, total in got} == {len(whole)}
    shown: list[NMinusOneRow] = []
    for row in handed:  # as the N−1 tab puts them in
        shown.insert(sorted_position(shown, row), row)
        keys = [impact(r) for r in shown]
        assert keys == sorted(keys)
    # repr: NaN figures (not computed) compare equal as text, not as floats
    assert [repr(r) for r in shown] == [repr(r) for r in whole]
    assert [repr(r) for r in sorted(handed, key=impact)] == [repr(r) for r in whole]
    assert shown == rows  # the very rows of the table returned


def test_the_leaf_spine_hands_over_four_rows_in_design_order() -> None:
    """Leaf-spine 4 × 4: its one building holds every host (listed as not computed, no
    row), then the leaf and spine tiers, then the host–leaf and leaf–spine bundles."""
    got, rows = _handed(leaf_spine())
    assert [(row.element, done, total) for row, done, total in got] == [
        ("leaf", 1, 4), ("spine", 2, 4), ("hosts-leaf", 3, 4), ("leaf-spine", 4, 4)]
    assert [r.element for r in rows] == ["leaf", "hosts-leaf", "spine", "leaf-spine"]


def test_a_sink_that_raises_ends_the_table() -> None:
    class EnoughError(Exception):
        pass

    seen: list[str] = []

    def sink(row: NMinusOneRow, _done: int, _total: int) -> None:
        seen.append(row.element)
        raise EnoughError

    with pytest.raises(EnoughError):
        n_minus_1(leaf_spine(), on_row=sink)
    assert seen == ["leaf"]
