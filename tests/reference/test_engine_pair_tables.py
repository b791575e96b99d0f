"""The pair DP's tables kept across runs (``Memory.pair_tables``,
:mod:`model.metrics.pair_classes`): after an edit inside one island, a warm engine makes
that island's kinds only, and its island and building pair capacities are the minimum
cuts of the member-level network (small campus) and a fresh engine's (100K campus),
never the warm engine's own earlier output."""

from __future__ import annotations

from typing import Any

import pytest

from model.metrics import Engine
from tests.reference.campuses import heterogeneous_campus
from tests.reference.compare import assert_pairs_are_member_max_flows
from tests.reference.rail_campuses import SCALED_DOWN, rail_campus
from tests.reference.test_engine_uneven_switches import without_integer_program


def counting_puts(engine: Engine, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The kinds of entries ``engine`` puts in its pair tables from now on."""
    seen: list[str] = []
    store = engine.memory.pair_tables
    put = store.put

    def counted(key: Any, value: Any, arrays: Any = ()) -> None:
        seen.append(key[0])
        put(key, value, arrays)

    monkeypatch.setattr(store, "put", counted)
    return seen


def test_pair_capacities_after_edits_with_warm_tables_are_minimum_cuts(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The scaled-down re-equipped campus through server edits in two islands: each
    pair capacity of the warm engine equals the max-flow between the two places on the
    member-level network, and an edit remakes fewer tables than the first run made."""
    design = rail_campus(SCALED_DOWN)
    warm = without_integer_program()
    made = counting_puts(warm, monkeypatch)
    warm.compute_all(design)
    first = len(made)
    assert first > 0  # the pair DP over classes ran
    for group, count in (("g1", 4), ("g1", 3), ("g0", 3), ("g1", 5), ("g0", 4)):
        made.clear()
        design.update(group, count=count)
        m = warm.compute_all(design)
        assert len(made) < first, (group, count)
        assert_pairs_are_member_max_flows(design, m, group, count)


def test_rack_and_speed_edits_of_the_100k_campus_pairs_equal_a_fresh_engine(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The heterogeneous 100K campus: racks removed from island 1, then its uplinks'
    speed changed; the warm engine's island and building pairs are a fresh engine's,
    value for value, and a rack edit makes only tables of island 1's kinds (under half
    as many as the first run)."""
    design = heterogeneous_campus()
    group = next(iter(design.rack_groups.values()))
    warm = Engine()
    made = counting_puts(warm, monkeypatch)
    warm.compute_all(design)
    first = len(made)
    uplinks = next(b for b in design.bundles.values() if "core" in b.upper)
    for change in ({"id": group.id, "count": group.count - 1},
                   {"id": group.id, "count": group.count - 2},
                   {"id": uplinks.id, "speed_gbps": uplinks.speed_gbps * 0.75}):
        made.clear()
        target = change.pop("id")
        design.update(target, **change)
        got = warm.compute_all(design)
        if "count" in change:
            assert 0 < len(made) < first // 2, change
        fresh = Engine().compute_all(design)
        assert got.island_pairs == fresh.island_pairs, change
        assert got.building_pairs == fresh.building_pairs, change


def test_node_places_are_kept_by_the_units_places() -> None:
    """The scaled-down re-equipped campus (islands i0 and i2 in building b0, i1 and i3
    in b1): a server edit finds the pod tree's node places kept
    (``Memory.pair_places``); moving islands to the other building leaves the tree's
    structure as it was but not its units' buildings. After each edit every island and
    building pair of the warm engine is the member-level max-flow and a fresh engine's."""
    design = rail_campus(SCALED_DOWN)
    warm = without_integer_program()
    store = warm.memory.pair_places
    found: list[bool] = []
    get = store.get

    def counted(key: Any) -> Any:
        value = get(key)
        found.append(value is not None)
        return value

    store.get = counted  # type: ignore[method-assign]
    warm.compute_all(design)
    for target, change in (("g1", {"count": 4}), ("i1", {"building": "b0"}),
                           ("g1", {"count": 3}), ("i0", {"building": "b1"}),
                           ("i1", {"building": "b1"})):
        found.clear()
        design.update(target, **change)
        got = warm.compute_all(design)
        if "count" in change:
            assert any(found), change
        assert_pairs_are_member_max_flows(design, got, target, change)
        fresh = without_integer_program().compute_all(design)
        assert got.island_pairs == fresh.island_pairs, change
        assert got.building_pairs == fresh.building_pairs, change
