"""Hop counts of Dragonfly+ networks in closed form (:mod:`model.metrics.dragonfly_hops`)
against BFS on the expanded graph (``tests/reference``) and the general counting of
:mod:`model.metrics.hops`, with one-NIC hosts and with DGX servers (8 GPUs, a scale-up
domain of 8, one NIC each)."""

from __future__ import annotations

from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from model.design import Design
from model.metrics import Engine
from model.metrics.dragonfly_hops import dragonfly_hops
from model.metrics.hops import compute_hops
from model.metrics.representation.dragonfly_shape import dragonfly_wiring
from model.metrics.representation.endpoints import build_endpoints
from model.metrics.representation.switch_classes import switch_classes
from model.metrics.representation.topology import resolve
from model.templates import TEMPLATES
from tests.reference.builders import dgx_catalog
from tests.reference.compare import hops_mismatches
from tests.reference.expand import expand
from tests.reference.slow_metrics import hops as reference_hops


def dragonfly(k: int, groups: int = 0, routers: int = 0, dgx: bool = False) -> Design:
    """A Dragonfly+ from the template; ``dgx``: every leaf's rack holds 4 DGX H100
    (32 GPUs, 4 scale-up domains of 8) instead of one-NIC hosts."""
    design = TEMPLATES["dragonfly-plus"].build(k=k, groups=groups, routers=routers,
                                               speed_gbps=400.0)
    if dgx:
        design.add_parts(dgx_catalog())
        for group in list(design.rack_groups.values()):
            design.update(group.id, rack_type="dgx-rack4")
        for bundle in list(design.bundles.values()):
            if bundle.id.endswith("-hosts-leaf"):  # every NIC of a server to its leaf
                design.update(bundle.id, links_per_member=8)
    return design


def closed_form(design: Design) -> tuple[object, object]:
    """The closed form and the general count of the design's hops."""
    topo = resolve(design)
    ep = build_endpoints(topo)
    wiring = dragonfly_wiring(topo, ep)
    assert wiring is not None  # the closed form is what is tested
    return dragonfly_hops(wiring, ep), compute_hops(ep, switch_classes(topo))


def test_default_k8_hand_count() -> None:
    """k = 8, 5 groups of 4 leaves × 4 hosts (80 hosts, one per server and rack slot):
    1 hop within a leaf: 20 leaves × C(4, 2) = 120 pairs (scope rack: a leaf's hosts
    are one rack); 3 hops within a group, other leaf: 5 × (C(16, 2) − 4·6) = 480
    (island); 4 hops between groups: C(5, 2) × 16² = 2,560 (building)."""
    hops = Engine().compute_all(dragonfly(8)).hops
    assert hops is not None
    assert hops.histogram == {1: 120, 3: 480, 4: 2560}
    assert hops.by_scope["rack"] == {1: 120}
    assert hops.by_scope["island"] == {3: 480}
    assert hops.by_scope["building"] == {4: 2560}
    assert hops.max == 4 and hops.scale_up_pairs == 0
    assert hops.mean == pytest.approx((120 + 3 * 480 + 4 * 2560) / comb(80, 2))


@pytest.mark.parametrize(("k", "groups", "routers", "dgx"), [
    (4, 3, 0, False), (8, 5, 2, False), (8, 3, 4, False), (4, 2, 0, True),
    (4, 3, 2, True)])
def test_closed_form_equals_bfs(k: int, groups: int, routers: int, dgx: bool) -> None:
    """Every field of the engine's hops equals BFS from every accelerator on the
    expanded graph (and the closed form was used)."""
    design = dragonfly(k, groups, routers, dgx)
    got, _ = closed_form(design)
    hops = Engine().compute_all(design).hops
    assert hops == got
    assert hops_mismatches(hops, reference_hops(expand(design))) == []


@st.composite
def dragonflies(draw: st.DrawFn) -> Design:
    """A Dragonfly+ (k ≤ 16), maybe with DGX racks, maybe a rack or two fewer in some
    groups (their last leaves then hold nothing)."""
    k = draw(st.sampled_from([4, 6, 8, 12, 16]))
    groups = draw(st.integers(2, k // 2 + 1))
    routers = draw(st.sampled_from([r for r in (0, 2, 4) if r <= k]))
    design = dragonfly(k, groups, routers, dgx=draw(st.booleans()))
    for group in list(design.rack_groups.values()):
        fewer = draw(st.integers(0, min(2, group.count - 1)))
        if fewer:
            design.update(group.id, count=group.count - fewer)
    return design


@settings(max_examples=30, deadline=None)
@given(dragonflies())
def test_closed_form_equals_general_count(design: Design) -> None:
    """The closed form equals the general count (classes of switches, attachment units,
    group sums) field for field, where the wiring is of the shape."""
    topo = resolve(design)
    ep = build_endpoints(topo)
    wiring = dragonfly_wiring(topo, ep)
    if wiring is None:  # (uplinks that do not spread evenly over the spines)
        return
    assert dragonfly_hops(wiring, ep) == compute_hops(ep, switch_classes(topo))
