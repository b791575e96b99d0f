"""The engine under failures against the reference: the healthy expanded graph with the
failed nodes and links deleted there (:mod:`tests.reference.remove_failed`, which never
calls the engine), on random small designs with random failures — hierarchical,
heterogeneous, uneven — and every figure compared: hops (BFS), bisection (integer
program; exact on hierarchical designs), island and building pair capacities (minimum
cuts), power device by device, working and stranded accelerators, compute.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from model.design import Design
from model.elements import Plane
from model.failures import COUNTED_KINDS, Failure, members_of
from tests.reference.compare import REL, close, hops_mismatches, pair_mismatches
from tests.reference.expand import expand
from tests.reference.random_designs import heterogeneous_campuses, hierarchical_designs
from tests.reference.remove_failed import expand_failed, power_failed, stranded
from tests.reference.slow_metrics import balanced_sizes, bisection_milp, hops
from tests.reference.test_engine_uneven_switches import _leaf_spine_over_16

NO_SHRINK = (Phase.explicit, Phase.reuse, Phase.generate)
QUICK = settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck),
                 phases=NO_SHRINK)


@st.composite
def failures_of(draw: st.DrawFn, design: Design, most: int = 3) -> list[Failure]:
    """1 to ``most`` failures of distinct elements of ``design``: whole elements, or
    counted or listed members of tiers, rack groups and bundles (mostly the latter: a
    whole building often leaves little to compare)."""
    counted = [*design.tiers, *design.rack_groups, *design.bundles]
    whole = [*design.buildings, *design.islands]
    chosen = draw(st.lists(st.sampled_from(counted + whole) if whole else
                           st.sampled_from(counted), min_size=1, max_size=most, unique=True))
    out = []
    for element in chosen:
        if design.kind_of(element) not in COUNTED_KINDS:
            out.append(Failure(element=element))
            continue
        total = members_of(design, element)
        how = draw(st.sampled_from(["count", "members", "members", "whole"]))
        if how == "whole" or total == 0:
            out.append(Failure(element=element))
        elif how == "count":
            out.append(Failure(element=element, count=draw(st.integers(1, total))))
        else:
            members = draw(st.lists(st.integers(0, total - 1), min_size=1,
                                    max_size=min(total, 4), unique=True))
            out.append(Failure(element=element, members=tuple(members)))
    return out


def _tflops(design: Design, group_id: str) -> float:
    cat = design.catalog
    rack = cat.rack_type(design.rack_groups[group_id].rack_type)
    server = cat.server(rack.server) if rack else None
    acc = cat.accelerator(server.accelerator) if server else None
    assert acc is not None
    return acc.bf16_dense_tflops


def failure_mismatches(compute_all: Callable[..., Any], design: Design,
                       failures: list[Failure], plane: Plane | None = None,
                       require_exact: bool = True) -> list[str]:
    """Every disagreement between the engine under ``failures`` and the reference (the
    healthy design is computed first, so its remembered results are there to be served
    by mistake)."""
    compute_all(design, plane)
    m = compute_all(design, plane, failures=failures)
    ex = expand_failed(design, failures, plane)
    out = hops_mismatches(m.hops, hops(ex))
    if ex.accelerators:
        ref = bisection_milp(ex).gbps
        got = m.bisection
        if got.exact and not close(got.gbps, ref):
            out.append(f"bisection (exact): expected {ref}, got {got.gbps}")
        if require_exact and not got.exact:
            out.append(f"bisection not proven exact: {got.gbps} (minimum {ref})")
        if not got.exact and got.gbps < ref * (1 - REL) - 1e-6:
            out.append(f"bisection {got.gbps} below the true minimum {ref}")
    cut = m.bisection.cut
    if ex.accelerators and m.bisection.exact:
        if cut.accelerators_a not in balanced_sizes(len(ex.accelerators)):
            out.append(f"cut unbalanced: {cut.accelerators_a} of {len(ex.accelerators)}")
        if not close(sum(cut.crossing_gbps.values()), m.bisection.gbps):
            out.append(f"cut crosses {sum(cut.crossing_gbps.values())}, bisection is"
                       f" {m.bisection.gbps}")
        on_a = sum(k for g, k in cut.side_a.items() if g in design.rack_groups)
        if on_a != cut.accelerators_a:
            out.append(f"cut's rack groups hold {on_a} accelerators on side A, not"
                       f" {cut.accelerators_a}")
    out += pair_mismatches(ex, m.island_pairs, "island")
    out += pair_mismatches(ex, m.building_pairs, "building")
    for building, expected in power_failed(design, failures).items():
        have = m.power.buildings[building]
        for name in ("servers_kw", "switches_kw", "transceivers_kw", "it_kw", "facility_kw"):
            if not close(getattr(have, name), getattr(expected, name)):
                out.append(f"power {building}.{name}: expected {getattr(expected, name)},"
                           f" got {getattr(have, name)}")
    if m.inventory.accelerators != len(ex.accelerators):
        out.append(f"working accelerators: expected {len(ex.accelerators)}, got"
                   f" {m.inventory.accelerators}")
    if m.inventory.installed is None or \
            m.inventory.installed.accelerators != len(expand(design, plane).accelerators):
        out.append("installed accelerators missing or wrong")
    cut_off = stranded(expand(design, plane), ex)
    if m.failures is None or m.failures.accelerators_stranded != cut_off:
        out.append(f"stranded: expected {cut_off}, got "
                   f"{m.failures.accelerators_stranded if m.failures else None}")
    pflops = sum(_tflops(design, ex.info[a].rack_group) for a in ex.accelerators) / 1000
    if not close(m.compute.campus_pflops, pflops):
        out.append(f"compute: expected {pflops} PFLOPS, got {m.compute.campus_pflops}")
    return out


def _check(compute_all: Callable[..., Any], design: Design, failures: list[Failure],
           plane: Plane | None = None, require_exact: bool = True) -> None:
    problems = failure_mismatches(compute_all, design, failures, plane, require_exact)
    words = [f.model_dump(exclude_none=True) for f in failures]
    assert not problems, f"failures {words}:\n" + "\n".join(problems)


@QUICK
@given(st.data(), hierarchical_designs())
def test_random_failures_match_reference(compute_all: Callable[..., Any], data: st.DataObject,
                                         design: Design) -> None:
    failures = data.draw(failures_of(design))
    _check(compute_all, design, failures)


@QUICK
@given(st.data(), hierarchical_designs(max_accelerators=10, max_switches=6))
def test_random_failures_tiny(compute_all: Callable[..., Any], data: st.DataObject,
                              design: Design) -> None:
    """Tiny designs: failing everything, one server left, one switch left."""
    failures = data.draw(failures_of(design))
    _check(compute_all, design, failures)


@QUICK
@given(st.data(), heterogeneous_campuses())
def test_random_failures_heterogeneous(compute_all: Callable[..., Any],
                                       data: st.DataObject, design: Design) -> None:
    """Campuses of islands differing in chip, size and oversubscription."""
    failures = data.draw(failures_of(design))
    _check(compute_all, design, failures)


@QUICK
@given(st.data(), hierarchical_designs(frontend=True))
def test_random_failures_both_planes(compute_all: Callable[..., Any], data: st.DataObject,
                                     design: Design) -> None:
    """Failures on either plane: each plane's figures from its own graph; power counts
    every plane."""
    failures = data.draw(failures_of(design))
    _check(compute_all, design, failures)
    _check(compute_all, design, failures, Plane.FRONTEND, require_exact=False)


@QUICK
@given(st.data(), hierarchical_designs(allow_global=True))
def test_random_failures_with_global_links(compute_all: Callable[..., Any],
                                           data: st.DataObject, design: Design) -> None:
    """Designs with peer links: hops exact, the bisection exact or an upper bound."""
    failures = data.draw(failures_of(design))
    _check(compute_all, design, failures, require_exact=False)


@settings(max_examples=10, deadline=None, suppress_health_check=list(HealthCheck),
          phases=NO_SHRINK)
@given(st.data())
def test_random_failures_uneven_leaf_spine(compute_all: Callable[..., Any],
                                           data: st.DataObject) -> None:
    """A leaf–spine whose uplinks are dealt unevenly over 16 spines (leaves of four
    kinds), with switches and links down at random."""
    design = _leaf_spine_over_16(4, 4)
    _check(compute_all, design, data.draw(failures_of(design)))


@QUICK
@given(st.data(), hierarchical_designs())
def test_renamed_failures_match_reference(compute_all: Callable[..., Any],
                                          data: st.DataObject, design: Design) -> None:
    """Failures of as many other switches of the same tiers, right after the first
    ones: where the switches are twins the figures are remembered from the first run
    (see ``same_figures_key``), and they must still be those of the second failures."""
    first = data.draw(failures_of(design))
    second = []
    for failure in first:
        if design.kind_of(failure.element) == "tier" and not failure.whole:
            total = members_of(design, failure.element)
            k = failure.count or len(failure.members or ())
            members = data.draw(st.lists(st.integers(0, total - 1), min_size=k, max_size=k,
                                         unique=True))
            second.append(Failure(element=failure.element, members=tuple(members)))
        else:
            second.append(failure)
    compute_all(design, failures=first)
    _check(compute_all, design, second)
