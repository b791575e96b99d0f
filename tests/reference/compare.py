"""Comparison helpers: the engine's public records against the reference.

The engine is reached only through its public API, ``model.metrics.compute_all``;
while it has not landed the tests that need it are skipped with that reason.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from itertools import combinations
from typing import Any

import pytest

from model.design import Design
from model.elements import Plane, RackGroup, SwitchTier
from model.metrics.bisection.flows import MemberNetwork
from model.metrics.representation.endpoints import build_endpoints
from model.metrics.representation.topology import resolve
from tests.reference.expand import Expanded, Node
from tests.reference.slow_metrics import (
    CountConstraint,
    RefHops,
    balanced_sizes,
    bisection_milp,
    crossing_gbps,
    group_members,
    power,
    rack_power_kw,
    separation_gbps,
)

REL = 1e-9


def engine() -> Callable[..., Any]:
    """``model.metrics.compute_all``, or skip the test while it is absent."""
    try:
        from model.metrics import compute_all  # type: ignore[attr-defined]
    except ImportError:
        pytest.skip("model.metrics.compute_all has not landed yet")
    return compute_all  # type: ignore[no-any-return]


def template(name: str) -> Any:
    """The template ``name`` from ``model.templates.TEMPLATES``, or skip."""
    try:
        from model.templates import TEMPLATES  # type: ignore[attr-defined]
    except ImportError:
        pytest.skip("model.templates.TEMPLATES has not landed yet")
    if name not in TEMPLATES:
        pytest.skip(f"template {name!r} has not landed yet")
    return TEMPLATES[name]


def close(a: float, b: float, rel: float = REL, abs_: float = 1e-6) -> bool:
    """Equal to ``rel`` relative (or ``abs_`` absolute) tolerance."""
    return math.isclose(a, b, rel_tol=rel, abs_tol=abs_)


def _clean(hist: dict[Any, Any]) -> dict[int, int]:
    return {int(k): int(v) for k, v in hist.items() if v}


def hops_mismatches(got: Any, ref: RefHops) -> list[str]:
    """Every field of the engine's ``Hops`` that differs from the reference."""
    out = []
    if _clean(got.histogram) != ref.histogram:
        out.append(f"histogram: expected {ref.histogram}, got {dict(got.histogram)}")
    got_scope = {s: _clean(h) for s, h in got.by_scope.items() if _clean(h)}
    if got_scope != ref.by_scope:
        out.append(f"by_scope: expected {ref.by_scope}, got {got.by_scope}")
    if got.scale_up_pairs != ref.scale_up_pairs:
        out.append(f"scale_up_pairs: expected {ref.scale_up_pairs}, got {got.scale_up_pairs}")
    got_up = {s: n for s, n in got.scale_up_by_scope.items() if n}
    if got_up != ref.scale_up_by_scope:
        out.append(f"scale_up_by_scope: expected {ref.scale_up_by_scope}, got {got_up}")
    if got.unreachable_pairs != ref.unreachable_pairs:
        out.append(
            f"unreachable_pairs: expected {ref.unreachable_pairs}, got {got.unreachable_pairs}"
        )
    if ref.histogram:
        if not close(got.mean, ref.mean, 1e-12):
            out.append(f"mean: expected {ref.mean}, got {got.mean}")
        if got.max != ref.max:
            out.append(f"max: expected {ref.max}, got {got.max}")
    return out


def power_mismatches(design: Design, got: Any) -> list[str]:
    """Every power figure of the engine that differs from the device-by-device sum."""
    out = []
    ref = power(design)
    if set(got.buildings) != set(ref):
        out.append(f"buildings: expected {sorted(ref)}, got {sorted(got.buildings)}")
    for b, expected in ref.items():
        if b not in got.buildings:
            continue
        have = got.buildings[b]
        for name in (
            "servers_kw", "switches_kw", "transceivers_kw", "allowance_kw", "it_kw",
            "facility_kw", "capacity_kw",
        ):
            e, g = getattr(expected, name), getattr(have, name)
            if not close(g, e):
                out.append(f"{b}.{name}: expected {e}, got {g}")
        util = expected.it_kw / expected.capacity_kw
        if not close(have.utilization, util):
            out.append(f"{b}.utilization: expected {util}, got {have.utilization}")
        if not close(have.headroom_kw, expected.capacity_kw - expected.it_kw):
            out.append(f"{b}.headroom_kw: got {have.headroom_kw}")
    it = sum(p.it_kw for p in ref.values())
    facility = sum(p.facility_kw for p in ref.values())
    if not close(got.it_kw, it):
        out.append(f"campus it_kw: expected {it}, got {got.it_kw}")
    if not close(got.facility_kw, facility):
        out.append(f"campus facility_kw: expected {facility}, got {got.facility_kw}")
    for group in design.rack_groups.values():
        rack = got.racks.get(group.id)
        expected_kw = rack_power_kw(design, group)
        if rack is None or not close(rack.per_rack_kw, expected_kw):
            out.append(f"rack {group.id}: expected {expected_kw} kW per rack, got {rack}")
    return out


RACK_GROUP_UNIT = "accelerators"
"""What ``BisectionCut.side_a`` counts for a rack group: its accelerators on side A, as
``model.metrics.results.BisectionCut`` documents (rail wiring can put the accelerators of
one server on both sides, so servers would not describe the cut)."""


def cut_constraints(
    ex: Expanded,
    design: Design,
    side_a: dict[str, int],
    accelerators_a: int,
    unit: str = RACK_GROUP_UNIT,
) -> list[CountConstraint]:
    """The engine's cut as counts the reference MILP must respect.

    Assumption (documented for the report): ``side_a[g]`` is the number of members of
    group ``g`` on side A. A switch tier's count is taken exactly. A rack group's count
    is of servers; when the engine splits a server between the sides, it may count that
    server either way, so the group's accelerators on side A are only required to lie
    within ``A − 1`` of ``side_a[g] × A``. The total on side A is ``accelerators_a``.
    Which members are on side A is left to the MILP (the cheapest placement with those
    counts), so the engine is not held to one member order.
    """
    out: list[CountConstraint] = []
    for gid in list(design.rack_groups) + list(design.tiers):
        members = group_members(ex, design, gid)
        if not members:
            continue
        k = side_a.get(gid, 0)
        element = design.element(gid)
        if isinstance(element, SwitchTier):
            out.append(([m[0] for m in members], k, k))
        elif isinstance(element, RackGroup):
            accs = [n for m in members for n in m if n[0] == "acc"]
            per = len(accs) // len(members) if unit == "servers" else 1
            out.append((accs, max(0, k * per - per + 1), min(len(accs), k * per + per - 1)))
    out.append((list(ex.accelerators), accelerators_a, accelerators_a))
    return out


def prefix_side_a(ex: Expanded, design: Design, side_a: dict[str, int]) -> set[Node]:
    """Side A when the first ``side_a[g]`` members of every group (in member order)
    stand on it; whole members only."""
    nodes: set[Node] = set()
    for gid, k in side_a.items():
        if design.element(gid) is None:
            continue
        for member in group_members(ex, design, gid)[:k]:
            nodes.update(member)
    return nodes


def cut_mismatches(
    ex: Expanded, design: Design, bisection: Any, unit: str = RACK_GROUP_UNIT
) -> list[str]:
    """Checks of the engine's reported cut against the expanded graph (see
    :func:`cut_constraints` for how group counts are read)."""
    out: list[str] = []
    cut = bisection.cut
    n = len(ex.accelerators)
    if cut.accelerators_a not in balanced_sizes(n):
        out.append(f"cut unbalanced: {cut.accelerators_a} of {n} accelerators on side A")
        return out
    by_bundle = sum(cut.crossing_gbps.values())
    if not close(by_bundle, bisection.gbps):
        out.append(f"cut.crossing_gbps sums to {by_bundle}, bisection is {bisection.gbps}")
    unknown = [g for g in cut.side_a if design.element(g) is None]
    if unknown:
        out.append(f"cut names unknown groups {unknown}")
        return out
    for gid, k in cut.side_a.items():
        size = len(group_members(ex, design, gid))
        if unit == "accelerators" and isinstance(design.element(gid), RackGroup):
            size = sum(1 for m in group_members(ex, design, gid) for v in m if v[0] == "acc")
        if not 0 <= k <= size:
            out.append(f"cut.side_a[{gid!r}] = {k}, but the group has {size} members ({unit})")
    if out:
        return out
    try:
        best = bisection_milp(
            ex, cut_constraints(ex, design, cut.side_a, cut.accelerators_a, unit)
        )
    except RuntimeError as error:
        return [f"no placement has the cut's group counts: {error}"]
    if bisection.exact and not close(best.gbps, bisection.gbps):
        out.append(
            f"cheapest placement with the cut's group counts crosses {best.gbps},"
            f" engine says {bisection.gbps}"
        )
    if not bisection.exact and best.gbps > bisection.gbps * (1 + REL) + 1e-6:
        out.append(f"no placement with the cut's counts reaches {bisection.gbps}: {best.gbps}")
    return out


def prefix_crossing(ex: Expanded, design: Design, bisection: Any) -> float:
    """Crossing capacity of the engine's cut with each group's first members on A."""
    return crossing_gbps(ex, prefix_side_a(ex, design, bisection.cut.side_a))


def pair_mismatches(ex: Expanded, pairs: Any, key: str) -> list[str]:
    """The engine's island (``key="island"``) or building pair capacities against the
    minimum cut separating the two places' accelerators on the expanded graph."""
    places: dict[str, list[Node]] = {}
    for acc in ex.accelerators:
        places.setdefault(getattr(ex.info[acc], key), []).append(acc)
    expected = {
        frozenset((x, y)): separation_gbps(ex, places[x], places[y])
        for i, x in enumerate(sorted(places))
        for y in sorted(places)[i + 1 :]
    }
    got = {frozenset((p.a, p.b)): p.gbps for p in pairs}
    out = []
    if set(got) != set(expected):
        out.append(f"{key} pairs: expected {sorted(map(sorted, expected))}, got"
                   f" {sorted(map(sorted, got))}")
    for pair, gbps in expected.items():
        if pair in got and not close(got[pair], gbps):
            out.append(f"{key} pair {sorted(pair)}: expected {gbps}, got {got[pair]}")
    return out


def metrics(design: Design, plane: Plane | None = None) -> Any:
    """The engine's metrics of ``design`` (skips while the engine is absent)."""
    return engine()(design, plane)


def assert_pairs_are_member_max_flows(design: Design, m: Any, *context: object) -> None:
    """Every island and building pair capacity of the metrics ``m`` of ``design`` equals
    the max-flow between the two places on the member-level network (one node per switch
    member and accelerator), and every pair is listed once; ``context`` names the case
    in a failure's message."""
    topo = resolve(design)
    ep = build_endpoints(topo)
    network = MemberNetwork(topo, ep)
    for level, names, keys, got in (
            ("island", ep.island_names, ep.island, m.island_pairs),
            ("building", ep.building_names, ep.building, m.building_pairs)):
        found = {(p.a, p.b): p.gbps for p in got}
        assert len(found) == len(names) * (len(names) - 1) // 2, (*context, level)
        for x, y in combinations(range(len(names)), 2):
            flow = network.cut(keys == x, keys == y, sides=False)[0]
            assert found[(names[x], names[y])] == pytest.approx(flow), (
                *context, level, x, y)
