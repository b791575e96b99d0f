"""A proven lower bound on the bisection of a network with peer links, beside the best
cut found when no solver proved one.

The bounds rest on one fact: lowering the capacity of links, or removing them, lowers
(or keeps) the crossing of every cut, so the bisection of a network with slower or
fewer links is at most the real one.

- **Dragonfly+ wiring** (:func:`~model.metrics.bisection.dragonfly_cut.dragonfly_shape`: groups
  of leaves and spines, spines joined to every other group): the closed form of
  :mod:`model.metrics.bisection.dragonfly_cut` on the network with every link of a kind at the
  least speed of that kind — exact for that network (when its groups fall in classes,
  :func:`~model.metrics.bisection.dragonfly_cut.dragonfly_minimum`), else its own lower bound
  (:func:`~model.metrics.bisection.dragonfly_cut.dragonfly_bound`).
- **Uneven Dragonfly+ wiring** (leaves that spread their uplinks unevenly over their
  group's spines, groups that differ in leaves or spines, links of a kind at several
  speeds): the bound of :mod:`model.metrics.bisection.group_bound`, each group's least
  internal crossing for each number of full leaves and of spines on side A, joined over
  the groups by a DP with the global links counted from below.
- **Any peer-linked network**: the bisection of the network without its peer
  (``global``) bundles, when a DP proves it (a hierarchical network, solved exactly by
  :mod:`model.metrics.bisection.pod_dp_switches` or :mod:`model.metrics.bisection.pod_dp`, its cut
  recounted). It is weak where the peer links carry the
  bisection (islands joined only by them) but never wrong.

The largest of the bounds that apply is reported; None when none does.
"""

from __future__ import annotations

from dataclasses import replace

from model.elements import Pattern
from model.metrics.bisection.dragonfly_cut import dragonfly_bound, dragonfly_minimum
from model.metrics.bisection.group_bound import Groups, uneven_dragonfly_bound
from model.metrics.bisection.units import bisection_units
from model.metrics.budget import OverBudgetError
from model.metrics.representation.attachment import attachment_units
from model.metrics.representation.dragonfly_shape import dragonfly_shape
from model.metrics.representation.endpoints import Endpoints, build_endpoints
from model.metrics.representation.topology import Topology


def lower_bound(topo: Topology, ep: Endpoints, target: int,
                read: tuple[Groups | None] | None = None) -> float | None:
    """A proven lower bound (Gb/s) on every cut with ``target`` accelerators on side A
    of a network with peer links (module doc); None for a hierarchical network or when
    no bound applies. ``read``: the uneven groups as a solver read them, if it did."""
    if topo.hierarchical or ep.count < 2:
        return None
    try:
        bare = without_peers_bound(topo, target)
    except OverBudgetError:  # past the run's deadline: the best cut stands without it
        bare = None
    found = (dragonfly_lower_bound(topo, ep, target),
             uneven_dragonfly_bound(topo, ep, target, read), bare)
    bounds = [b for b in found if b is not None]
    best = max(bounds, default=0.0)
    return best if best > 0 else None  # "at least 0" says nothing


def dragonfly_lower_bound(topo: Topology, ep: Endpoints, target: int) -> float | None:
    """The Dragonfly+ bound of the module doc; None when the wiring is not of that
    shape."""
    shape = dragonfly_shape(topo, ep)
    if shape is None:
        return None
    cut = dragonfly_minimum(shape, target)
    return cut.gbps if cut is not None else dragonfly_bound(shape, target)


def without_peers_bound(topo: Topology, target: int) -> float | None:
    """The exact bisection of the network without its peer bundles, when the pod-tree
    DP proves it (the switch-sides DP, or the pod-tree DP on a uniform tree, the cut
    recounted); None otherwise or
    when it runs out of work."""
    from model.metrics.bisection.solvers import (  # (a cycle)
        BisectionProblem,
        pod_tree_dp,
        switch_sides_dp,
    )

    bare = replace(topo, bundles=[b for b in topo.bundles if b.pattern is not Pattern.GLOBAL])
    ep = build_endpoints(bare)
    if ep.count < 2:
        return None
    units = bisection_units(bare, ep, attachment_units(ep))
    tree = units.skeleton.tree(bare, ep) if units.skeleton is not None else None
    if tree is None:
        return None
    problem = BisectionProblem(bare, ep, tree, units.by_members, target)
    for solver in (switch_sides_dp, pod_tree_dp):
        found = solver(problem, None)
        if found is not None and found.bisection.exact:
            return found.bisection.gbps
    return None
