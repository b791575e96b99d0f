"""Accelerators' kept bandwidth (:mod:`model.metrics.kept_bandwidth`) against the
reference: the definition of docs/metrics.md ("Accelerators at low bandwidth") read on
the expanded graphs, healthy (:func:`tests.reference.expand.expand`) and failed
(:func:`tests.reference.remove_failed.expand_failed`), node by node with networkx, on
random small designs with random failures. It does not import ``model.metrics``.

Per accelerator: injection = capacity of its edges in the graph (its links, or its
share of a shared NIC); an edge switch ``u`` is a switch its endpoint touches; ``u``'s
uplinks are its edges to switches of a tier that a bundle from ``u``'s tier reaches
(or either end of a global bundle), what arrives at ``u`` its other edges; its share is
Σ (edge to ``u`` ÷ number sharing the NIC) ÷ arriving × uplinks. kept = min(injection
failed ÷ healthy, share failed ÷ healthy (when healthy has one)).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from model.design import Design
from model.elements import Pattern
from model.errors import DesignError
from model.failures import Failure
from tests.reference.expand import Expanded, Node, expand
from tests.reference.random_designs import hierarchical_designs
from tests.reference.remove_failed import expand_failed
from tests.reference.test_engine_failures_vs_reference import QUICK, failures_of


def _ups(design: Design) -> set[tuple[str, str]]:
    """(tier, tier) pairs whose links are uplinks of the first."""
    out: set[tuple[str, str]] = set()
    for b in design.bundles.values():
        if b.lower in design.tiers:
            out.add((b.lower, b.upper))
            if b.pattern is Pattern.GLOBAL:
                out.add((b.upper, b.lower))
    return out


def _shares(design: Design, ex: Expanded) -> dict[Node, tuple[float, float]]:
    """Accelerator → (injection Gb/s, share of its edge switches' uplinks Gb/s)."""
    g, ups = ex.graph, _ups(design)
    ratio: dict[Node, float] = {}
    for u in ex.switches:
        up = arriving = 0.0
        for v, data in g[u].items():
            if v[0] == "sw" and (u[1], v[1]) in ups:
                up += data["capacity_gbps"]
            else:
                arriving += data["capacity_gbps"]
        ratio[u] = up / arriving if arriving else 0.0
    out: dict[Node, tuple[float, float]] = {}
    for acc in ex.accelerators:
        injection = share = 0.0
        for end in ex.endpoints.get(acc, []):
            sharing = 1 if end == acc else sum(1 for v in g[end] if v[0] == "acc")
            for u, data in g[end].items():
                if u[0] != "sw":
                    continue
                part = data["capacity_gbps"] / max(sharing, 1)
                injection += part
                share += part * ratio[u]
        out[acc] = (injection, share)
    return out


def reference_kept(design: Design, failures: list[Failure]) -> dict[str, Counter[float]]:
    """Rack group → Counter of kept fractions (rounded to 6 places) below 1 of its
    working, not stranded accelerators."""
    healthy = _shares(design, expand(design))
    failed = _shares(design, expand_failed(design, failures))
    out: dict[str, Counter[float]] = {}
    for acc, (inj_f, up_f) in failed.items():
        inj_h, up_h = healthy[acc]
        if inj_h > 0 and inj_f <= 0:
            continue  # stranded
        kept = inj_f / inj_h if inj_h > 0 else 1.0
        if up_h > 1e-9:
            kept = min(kept, up_f / up_h)
        if kept < 1 - 1e-9:
            out.setdefault(str(acc[1]), Counter())[round(kept, 6)] += 1
    return out


@QUICK
@given(st.data(), hierarchical_designs())
def test_kept_bandwidth_matches_reference(compute_all: Callable[..., Any],
                                          data: st.DataObject, design: Design) -> None:
    failures = data.draw(failures_of(design))
    try:
        metrics = compute_all(design, failures=failures)
    except DesignError:
        return
    engine = {group: Counter({round(f, 6): n for f, n in fractions})
              for group, fractions in metrics.failures.bandwidth_kept.items()}
    assert engine == reference_kept(design, failures), \
        [f.model_dump(exclude_none=True) for f in failures]
