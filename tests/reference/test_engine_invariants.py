"""Invariants of the engine's figures on random hierarchical designs (task 4d).

- bisection ≤ half the total injection bandwidth (put the ⌊N/2⌋ accelerators with the
  least injection on side B and every switch on side A: that cut crosses at most half);
- adding links (raising a bundle's link count where that only adds links, or adding a
  bundle) never lowers the bisection; whether a change only adds links is decided on the
  reference's expanded graph (every edge capacity kept or raised);
- max hops ≥ mean hops;
- per-building IT and facility power sum to the campus totals.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from model.design import Design
from model.elements import LinkBundle, Role, SwitchTier
from tests.reference.compare import REL, close
from tests.reference.expand import Expanded, expand, injection_gbps
from tests.reference.random_designs import hierarchical_designs
from tests.reference.slow_metrics import bisection_milp

INVARIANTS = settings(
    max_examples=10,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
)


def only_adds(before: Expanded, after: Expanded) -> bool:
    """True when every edge of ``before`` is in ``after`` with at least its capacity."""
    return all(
        after.graph.has_edge(u, v)
        and after.graph[u][v]["capacity_gbps"] >= d["capacity_gbps"] - 1e-9
        for u, v, d in before.graph.edges(data=True)
    )


@INVARIANTS
@given(hierarchical_designs(allow_global=True))
def test_bisection_at_most_half_the_injection(
    compute_all: Callable[..., Any], design: Design
) -> None:
    ex = expand(design)
    total = sum(injection_gbps(ex, a) for a in ex.accelerators)
    m = compute_all(design)
    assert m.bisection.gbps <= total / 2 * (1 + REL) + 1e-6
    assert m.bisection.gbps <= m.bisection.full_gbps * (1 + REL) + 1e-6


@INVARIANTS
@given(hierarchical_designs(), st.data())
def test_adding_links_never_lowers_bisection(
    compute_all: Callable[..., Any], design: Design, data: st.DataObject
) -> None:
    before_ex = expand(design)
    before = compute_all(design).bisection.gbps
    grown = design.copy()
    candidates = []
    for bundle in design.bundles.values():
        trial = design.copy()
        trial.update(bundle.id, links_per_member=bundle.links_per_member + 1)
        if only_adds(before_ex, expand(trial)):
            candidates.append(bundle.id)
    if candidates and data.draw(st.booleans(), label="raise a link count"):
        bundle_id = data.draw(st.sampled_from(candidates), label="bundle")
        extra = data.draw(st.integers(1, 2), label="extra links")
        grown.update(bundle_id, links_per_member=design.bundles[bundle_id].links_per_member + extra)
    else:
        # a new tier above one leaf: a bundle of fresh links only
        leaf = data.draw(st.sampled_from(sorted(design.tiers)), label="tier")
        tier = design.tiers[leaf]
        grown.add(SwitchTier(id="extra-tier", name="extra", switch=tier.switch, count=2,
                             role=Role.CORE, scope=tier.scope, island=tier.island,
                             building=tier.building))
        grown.add(LinkBundle(id="extra-links", name="extra", lower=leaf, upper="extra-tier",
                             links_per_member=data.draw(st.integers(1, 3)), speed_gbps=100))
    after_ex = expand(grown)
    assert only_adds(before_ex, after_ex)
    after = compute_all(grown).bisection.gbps
    assert after >= before * (1 - REL) - 1e-6, (before, after)
    # the reference agrees that the true minimum did not drop either
    assert bisection_milp(after_ex).gbps >= bisection_milp(before_ex).gbps - 1e-6


@INVARIANTS
@given(hierarchical_designs(allow_global=True))
def test_max_hops_at_least_mean_and_power_sums(
    compute_all: Callable[..., Any], design: Design
) -> None:
    m = compute_all(design)
    if m.hops.histogram:
        assert m.hops.max >= m.hops.mean
        assert m.hops.max == max(k for k, v in m.hops.histogram.items() if v)
    buildings = m.power.buildings.values()
    assert close(sum(b.it_kw for b in buildings), m.power.it_kw)
    assert close(sum(b.facility_kw for b in buildings), m.power.facility_kw)
    assert close(sum(b.capacity_kw for b in buildings), m.power.capacity_kw)
    for b in buildings:
        parts = b.servers_kw + b.switches_kw + b.transceivers_kw + b.allowance_kw
        assert close(parts, b.it_kw)
