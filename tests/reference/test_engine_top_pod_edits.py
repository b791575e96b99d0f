"""The switch-sides DP's top pod in loose mode after edits, with the engine's memory warm
(:mod:`model.metrics.bisection.switch_dp_top`): what it made for each group of the
core's children is remembered by the group's kind, links and copies, so an edit inside
one island remakes that island's group only; the split unit in the last group is
often proven best without a pruned pass (:mod:`model.metrics.bisection.switch_dp_split`),
and otherwise the bound it prunes by starts at the cost of a real cut, so one pruned
pass finds the minimum.

Each figure is checked against the reference's integer program on the expanded graph
(small campuses) or a fresh engine (the 100K campus, beyond the reference), never
against the warm engine's own earlier output.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from model.metrics import Engine
from model.metrics.bisection import pod_dp_switches, switch_dp_kept, switch_dp_split, switch_dp_top
from tests.reference.campuses import heterogeneous_campus
from tests.reference.compare import close
from tests.reference.expand import expand
from tests.reference.rail_campuses import SCALED_DOWN, rail_campus
from tests.reference.slow_metrics import bisection_milp
from tests.reference.test_engine_uneven_switches import without_integer_program


def counting(engine: Engine, monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """What the top pod of ``engine``'s runs makes anew, by kind (entries put in the
    engine's memory: hulls, contribution, copies, whole), and ``"passes"``: its pruned
    combinations."""
    seen: Counter[str] = Counter()
    store = engine.memory.top_parts
    put, combine = store.put, switch_dp_top._combine_within

    def counted_put(key: Any, value: Any, arrays: Any = ()) -> None:
        seen[key[0]] += 1
        put(key, value, arrays)

    def counted_combine(*args: Any) -> Any:
        seen["passes"] += 1
        return combine(*args)

    monkeypatch.setattr(store, "put", counted_put)
    monkeypatch.setattr(switch_dp_top, "_combine_within", counted_combine)
    return seen


def test_server_edits_with_a_warm_engine_match_reference(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The scaled-down re-equipped campus (4 islands, a grid of one accelerator), one
    engine through servers removed and added in one island and then another: after
    each edit the bisection is exact, equals the integer program and a fresh engine's
    cut, the top pod is combined in one pruned pass at most (none when the split-last
    proof holds, as it does for most of these edits), and after the first edit of an
    island the other islands' envelopes are found remembered."""
    design = rail_campus(SCALED_DOWN)
    warm = without_integer_program()
    made = counting(warm, monkeypatch)
    warm.compute_all(design)
    proven = 0
    for group, count in (("g1", 4), ("g1", 3), ("g1", 6), ("g0", 3), ("g0", 5)):
        made.clear()
        design.update(group, count=count)
        got = warm.compute_all(design).bisection
        assert made["passes"] <= 1, (group, count)
        assert made["hulls"] <= 1, (group, count)  # the edited island's group alone
        proven += made["passes"] == 0
        fresh = without_integer_program().compute_all(design).bisection
        reference = bisection_milp(expand(design)).gbps
        assert got.exact, (group, count)
        assert close(got.gbps, reference), (group, count, got.gbps, reference)
        assert got.gbps == fresh.gbps and got.cut == fresh.cut, (group, count)
    assert proven >= 3  # the split-last proof (switch_dp_split) stood in for the pass


def test_rack_edits_in_one_island_of_the_100k_campus_remake_its_group_only(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The heterogeneous 100K campus, one rack fewer in island 1 (its rail blocks partly
    filled: a grid of one accelerator), then another: the second edit makes anew the
    envelopes and copies of island 1's group only, finds the other islands' whole
    product remembered, needs no pruned pass (the split-last proof holds), and its
    bisection and cut are a fresh engine's, exact."""
    design = heterogeneous_campus()
    group = next(iter(design.rack_groups.values()))
    warm = Engine()
    made = counting(warm, monkeypatch)
    warm.compute_all(design)
    design.update(group.id, count=group.count - 1)
    warm.compute_all(design)
    made.clear()
    design.update(group.id, count=group.count - 2)
    got = warm.compute_all(design).bisection
    assert made["hulls"] == 1
    assert made["whole"] == 0
    assert made["copies"] <= 1
    assert made["passes"] == 0  # the split-last proof holds
    fresh = Engine().compute_all(design).bisection
    assert got.exact and fresh.exact
    assert got.gbps == fresh.gbps
    assert got.cut == fresh.cut


def test_rack_edits_that_change_the_units_divisor_remake_one_group(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The heterogeneous 100K campus, island 1 at 127 racks and then at 123: its units'
    common divisor goes from 1 to 2 (the rail blocks partly filled), but loose tables
    count on the grid of one accelerator either way, so the second edit makes anew
    island 1's envelopes only and finds the other islands' whole product remembered;
    its bisection and cut are a fresh engine's, exact. (On the divisor's grid it remade
    all 12 groups' envelopes and the product.)"""
    design = heterogeneous_campus()
    group = next(iter(design.rack_groups.values()))
    warm = Engine()
    made = counting(warm, monkeypatch)
    warm.compute_all(design)
    design.update(group.id, count=127)
    warm.compute_all(design)
    made.clear()
    design.update(group.id, count=123)
    got = warm.compute_all(design).bisection
    assert made["hulls"] == 1
    assert made["whole"] == 0
    fresh = Engine().compute_all(design).bisection
    assert got.exact and fresh.exact
    assert got.gbps == fresh.gbps
    assert got.cut == fresh.cut


def test_speed_edits_of_one_island_of_the_100k_campus_remake_its_group_only(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The heterogeneous 100K campus on its grid of whole units, island 1's uplink speed
    changed twice: the second edit makes anew what island 1's group adds to the core's
    combination (its contribution and tables of whole children) and nothing of the
    other islands' groups; of the core's balanced tree of its 12 groups, the nodes
    above island 1's group only (4 at most, the root not kept), and the bisection and
    cut are a fresh engine's, exact."""
    design = heterogeneous_campus()
    uplinks = next(b for b in design.bundles.values() if "core" in b.upper)
    warm = Engine()
    made = counting(warm, monkeypatch)
    warm.compute_all(design)
    for factor in (0.75, 0.6):
        made.clear()
        design.update(uplinks.id, speed_gbps=400.0 * factor)
        got = warm.compute_all(design).bisection
        fresh = Engine().compute_all(design).bisection
        assert got.exact and fresh.exact
        assert got.gbps == fresh.gbps and got.cut == fresh.cut, factor
    assert made["whole parts"] == 1
    assert 1 <= made["tree"] <= 4


def test_rack_edits_of_the_100k_campus_place_the_cut_from_remembered_steps(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The heterogeneous 100K campus, one rack fewer in island 1 three times: placing
    the cut inside a pod below the core that an edit left alone (its tables remembered,
    its steps not made this run) combines it for the cut's assignment once; the next
    edit whose cut passes through it again reads those steps remembered
    (``Memory.switch_side_steps``) instead of combining it anew (it did: a 1,537-entry
    island pod each edit). The other islands' groups are not checked for concavity
    again either (``concave`` remembered with their contribution). Bisection and cut
    are a fresh engine's, exact, after each edit."""
    design = heterogeneous_campus()
    group = next(iter(design.rack_groups.values()))
    warm = Engine()
    warm.compute_all(design)
    recombined: list[set[tuple[int, int]]] = []
    concave_checks = Counter[int]()
    combine = pod_dp_switches._Solver.combine
    check = switch_dp_kept.concave_on_lattice
    warm_run = False

    def counted_combine(solver: Any, node: int, rows: Any, at_target: bool,
                        keep: bool) -> Any:
        if rows.size == 1 and not at_target and warm_run:  # placing the warm cut
            recombined[-1].add((int(solver.cl.kind[node]), int(rows[0])))
        return combine(solver, node, rows, at_target, keep)

    def counted_check(c: Any) -> Any:
        concave_checks[len(recombined)] += warm_run
        return check(c)

    monkeypatch.setattr(pod_dp_switches._Solver, "combine", counted_combine)
    monkeypatch.setattr(switch_dp_kept, "concave_on_lattice", counted_check)
    for fewer in (1, 2, 3):
        recombined.append(set())
        design.update(group.id, count=group.count - fewer)
        warm_run = True
        got = warm.compute_all(design).bisection
        warm_run = False
        fresh = Engine().compute_all(design).bisection
        assert got.exact and fresh.exact
        assert got.gbps == fresh.gbps and got.cut == fresh.cut, fewer
    assert not recombined[1] & recombined[2], recombined
    assert concave_checks[3] == 0, concave_checks  # the last group's is not asked


def test_rack_edits_reuse_the_copies_of_a_planes_unchanged_leaves() -> None:
    """The heterogeneous 100K campus, island 1 from 128 racks down to 124, one rack at
    a time: the copies of a rail plane's leaves that an edit leaves as an earlier run
    had them (their kind, links and number) are found remembered
    (``switch_dp_kept.group_copies``), and after every edit the bisection and cut are a
    fresh engine's, exact."""
    design = heterogeneous_campus()
    group = next(iter(design.rack_groups.values()))
    warm = Engine()
    store = warm.memory.top_parts
    found: Counter[str] = Counter()
    get = store.get

    def counted_get(key: Any) -> Any:
        value = get(key)
        if value is not None:
            found[key[0]] += 1
        return value

    store.get = counted_get  # type: ignore[method-assign]
    warm.compute_all(design)
    for count in range(group.count - 1, group.count - 5, -1):
        design.update(group.id, count=count)
        got = warm.compute_all(design).bisection
        fresh = Engine().compute_all(design).bisection
        assert got.exact and fresh.exact, count
        assert got.gbps == fresh.gbps and got.cut == fresh.cut, count
    assert found["pod copies"] >= 1


def test_the_split_bound_reads_the_prefixs_unit_sizes(monkeypatch: pytest.MonkeyPatch) -> None:
    """The split-last proof bounds cuts whose split unit is in the prefix by the sizes
    of the prefix's units (``switch_dp_split._prefix_sizes``): on the scaled-down
    campus after server edits, those are the sizes of every unit whose ancestor under
    the top pod is not a member of the last group, found up the parents."""
    seen: list[tuple[Any, Any]] = []
    split_last = switch_dp_split.split_last

    def recorded(solver: Any, groups: Any, *args: Any) -> Any:
        seen.append((solver, groups[-1]))
        return split_last(solver, groups, *args)

    monkeypatch.setattr(switch_dp_top, "split_last", recorded)
    design = rail_campus(SCALED_DOWN)
    engine = without_integer_program()
    for group, count in (("g1", 4), ("g0", 3), ("g1", 6)):
        design.update(group, count=count)
        engine.compute_all(design)
    assert seen
    for solver, last in seen:
        tree = solver.tree
        below_last = []
        for unit in range(tree.units):
            node = unit
            while node not in last.members and tree.parent[node] != solver.top:
                node = int(tree.parent[node])
            below_last.append(node in last.members)
        expected = sorted(int(size) // solver.g for size, mine in zip(
            tree.unit_size.tolist(), below_last, strict=True) if not mine)
        assert sorted(switch_dp_split._prefix_sizes(solver, last).tolist()) == expected



def test_products_cut_past_the_target_with_a_warm_engine_match_reference(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The split-last proof's products W are cut past the target
    (``switch_dp_split.product_reach``; here at the step after the target and the
    largest unit, as if a block were one step) and remembered by where they are cut: a
    warm engine through server edits that move the target up and down reads, at every
    edit, a W cut where this target cuts it (or whole, when shorter), never one cut
    for an earlier target; and it gives the integer program's bisection and a fresh
    engine's cut."""
    monkeypatch.setattr(switch_dp_split, "PRODUCT_BLOCK", 1)
    lengths: list[tuple[int, int]] = []
    row = switch_dp_split._row

    def measured(solver: Any, groups: Any, envelopes: Any, sides: Any, at: int) -> Any:
        mine = row(solver, groups, envelopes, sides, at)
        whole = 1 + sum(g.shape[1] - 1 for g, _, _ in mine.made)
        lengths.append((mine.products[-1].shape[1],
                        min(switch_dp_split.product_reach(solver), whole)))
        return mine

    monkeypatch.setattr(switch_dp_split, "_row", measured)
    design = rail_campus(SCALED_DOWN)
    warm = without_integer_program()
    warm.compute_all(design)
    for group, count in (("g1", 1), ("g1", 8), ("g1", 2), ("g0", 6), ("g0", 1), ("g1", 9)):
        design.update(group, count=count)
        lengths.clear()
        got = warm.compute_all(design).bisection
        assert lengths and all(have == want for have, want in lengths), (group, count, lengths)
        fresh = without_integer_program().compute_all(design).bisection
        reference = bisection_milp(expand(design)).gbps
        assert got.exact, (group, count)
        assert close(got.gbps, reference), (group, count, got.gbps, reference)
        assert got.gbps == fresh.gbps and got.cut == fresh.cut, (group, count)
