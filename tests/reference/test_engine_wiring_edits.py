"""The engine after wiring edits of every kind, against the slow reference, with every
cache warm.

The engine keeps parts of its work across runs: each rack group's endpoints, switch
classes and switch links by the tiers' structure, the pod tree's structure while the
same units reach the same switches, hop counts inside an island by everything they
depend on. An edit that changes one of those inputs without changing its key would leave
a stale figure. Here a random hierarchical design takes a sequence of edits (a rack
group's count, a tier's count, a bundle's links per member), nothing is cleared in
between, and after each the engine must agree with the reference computed from scratch
on the expanded graph (hops by BFS, bisection by MILP, pair capacities by max-flow).
"""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from model import metrics
from model.design import Design
from model.elements import Pattern
from model.errors import DesignError
from model.metrics import Engine
from model.templates import TEMPLATES
from tests.reference.compare import hops_mismatches
from tests.reference.expand import ExpansionError, expand
from tests.reference.random_designs import hierarchical_designs
from tests.reference.slow_metrics import hops
from tests.reference.test_engine_vs_reference import QUICK, mismatches


def _edit(design: Design, data: Any) -> bool:
    """One edit drawn at random; False when the design refuses it or the reference
    cannot lay its wiring out (the edit is then undone)."""
    kind = data.draw(st.sampled_from(["racks", "tier", "links"]))
    elements: dict[str, Any] = {"racks": design.rack_groups, "tier": design.tiers,
                                "links": design.bundles}[kind]
    if not elements:
        return False
    element = data.draw(st.sampled_from(list(elements.values())))
    field = "links_per_member" if kind == "links" else "count"
    before = getattr(element, field)
    try:
        design.update(element.id, **{field: data.draw(st.integers(1, before + 2))})
        expand(design)
    except (DesignError, ExpansionError):
        design.update(element.id, **{field: before})
        return False
    return True


@QUICK
@given(hierarchical_designs(), st.data())
def test_wiring_edits_with_warm_caches_match_reference(design: Design, data: Any) -> None:
    metrics.compute_all(design)  # whatever the examples before left stays remembered
    for _ in range(4):
        if not _edit(design, data):
            continue
        problems = mismatches(lambda d, plane=None: metrics.compute_all(d, plane), design,
                              check_cut=True)
        assert not problems, "\n".join(problems)


def test_islands_alike_but_for_their_racks_wiring_keep_their_own_counts() -> None:
    """Two islands with the same racks and switches, one wired by rail (a server's GPUs
    on different leaves) and one by rack (a rack's GPUs on one leaf): their hop counts
    inside servers differ, so what is kept of one island's counts must not be taken for
    the other's, whichever is counted first."""
    for rack_wired in (0, 1):
        design = TEMPLATES["islands"].build(islands=2, gpus_per_island=512, buildings=1)
        island = list(design.islands)[rack_wired]
        rails = next(b for b in design.bundles.values()
                     if b.lower in design.rack_groups
                     and design.rack_groups[b.lower].island == island)
        design.update(rails.id, pattern=Pattern.RACK)
        got = Engine().compute_all(design)
        problems = hops_mismatches(got.hops, hops(expand(design)))
        assert not problems, "\n".join(problems)


def test_racks_moved_to_a_spare_leaf_tier_get_the_new_tiers_pods() -> None:
    """Racks re-wired from their leaf tier to a spare one of the same size: as many units
    as before, reaching as many switches, but other ones, under leaves with half the
    uplinks. The pod tree's kept structure must not be taken for the new one (the
    bisection halves)."""
    design = TEMPLATES["leaf-spine"].build(leaves=4, down=8, up=8, spines=4)
    leaf = next(t for t in design.tiers.values() if t.role.value == "leaf")
    up = next(b for b in design.bundles.values() if b.lower == leaf.id)
    rails = next(b for b in design.bundles.values() if b.lower in design.rack_groups)
    spare = leaf.model_copy(update={"id": "spare-leaf", "name": "Spare leaf"})
    design.add(spare)
    design.add(up.model_copy(update={"id": "spare-up", "name": "Spare up", "lower": spare.id,
                                     "links_per_member": up.links_per_member // 2}))
    engine = Engine()
    before = engine.compute_all(design).bisection
    design.update(rails.id, upper=spare.id)
    problems = mismatches(lambda d, plane=None: engine.compute_all(d, plane), design,
                          check_cut=True)
    assert not problems, "\n".join(problems)
    assert engine.compute_all(design).bisection.gbps == before.gbps / 2
