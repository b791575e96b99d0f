"""The layout stage: the figures of a run that the buildings' own figures cannot change.

Inventory, ports, oversubscription, injection bandwidth, compute, what each building's
racks, switches and link ends draw, the priced bill of materials, the reliability
population and the structural problems (missing parts, wiring, groups, media that do
not reach) are functions of the rack groups, tiers, bundles, islands and parts, the
plane, the failures and the distance between buildings — of
:func:`~model.metrics.spec.layout_key` — and of nothing a building's capacity, PUE,
cooling or price of electricity (or the settings of power, money and reliability) say.
The engine keeps a :class:`Layout` by that key, so an edit of a building's power, or an
undo back to a layout met before, reuses the resolved planes and these figures; what
reads the buildings (power against capacity, energy, the checks against budgets,
reliability) is computed on every run from them (:func:`model.metrics.engine.design_metrics`).

Its :class:`Equipment` (the bill of materials, power drawn, compute, the parts
population, missing parts and media that do not reach) does not depend on the links'
speeds either, and is kept by :func:`~model.metrics.spec.equipment_key` (the layout key
without them), so a speed edit recomputes the rest of the layout only (of the
inventory, the ports used: its counts are the equipment's).

A kept layout was computed from another :class:`~model.design.Design` object of equal
layout; :meth:`Layout.for_design` points its planes at the design of the run, so that
what reads the buildings reads the current ones.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from model.design import Design
from model.failures import Failure
from model.metrics.budget import MAX_RESOLVED_LINKS
from model.metrics.checks import group_problems, wiring_problems
from model.metrics.cost import Bill
from model.metrics.equipment_parts import (
    counts,
    design_key,
    design_parts,
    drawn,
    priced_bill,
    template,
)
from model.metrics.failed import drawn_link_ends, working_inventory
from model.metrics.inventory import inventory, oversubscription, plane_topologies, port_use
from model.metrics.power import PowerDraw, compute, power_draw
from model.metrics.reliability import Population, population
from model.metrics.representation.topology import Topology
from model.metrics.results import Compute, Inventory, TierOversubscription
from model.metrics.spec import NetworkSpec, network_spec
from model.problems import Problem


@dataclass(frozen=True)
class ResolvedPlane:
    """The resolve stage's result: the plane as it works with the failures down
    (``topo``), and as installed (``healthy``, the same object without failures)."""

    topo: Topology
    healthy: Topology
    failures: tuple[Failure, ...] = ()


@dataclass(frozen=True)
class Equipment:
    """What is bought and what it draws, which the links' speeds do not change (kept
    by :func:`~model.metrics.spec.equipment_key`, so a speed edit reuses them)."""

    compute: Compute
    draw: PowerDraw
    """What works draws (a failed switch still draws; a dark link end does not)."""
    bill: Bill
    population: Population
    missing: list[Problem]
    """Parts the design names that its catalog lacks."""
    reach: list[Problem]
    """Media that do not reach their links' length."""
    installed: Inventory
    """The inventory of what is installed, its ports used at the speeds of the run
    that made it: its counts are the same at any speeds (a speed edit takes them and
    sums the ports anew)."""


@dataclass(frozen=True)
class Layout:
    """What one run keeps of a layout (see module doc): the resolved planes, the
    network's spec, and the figures the buildings' own fields cannot change."""

    plane_view: ResolvedPlane
    spec: NetworkSpec
    topologies: list[Topology]
    """Every plane with tiers, the metrics plane first (with the failures down)."""
    healthy_topologies: list[Topology]
    """Likewise, as installed."""
    inventory: Inventory
    """Of what works."""
    installed: Inventory
    """Of what is installed."""
    oversubscription: dict[str, TierOversubscription]
    injection_gbps_per_accelerator: float
    equipment: Equipment
    problems: list[Problem]
    """Missing parts, wiring and group problems of what is installed."""

    def for_design(self, design: Design) -> Layout:
        """This layout with its planes pointing at ``design`` (of the same layout)."""
        if self.plane_view.topo.design is design:
            return self
        view = self.plane_view
        topo = replace(view.topo, design=design)
        healthy = topo if view.healthy is view.topo else replace(view.healthy, design=design)
        others = [replace(t, design=design) for t in self.topologies[1:]]
        healthy_others = (others if self.healthy_topologies is self.topologies
                          else [replace(t, design=design) for t in self.healthy_topologies[1:]])
        return replace(self, plane_view=ResolvedPlane(topo, healthy, view.failures),
                       topologies=[topo, *others],
                       healthy_topologies=[healthy, *healthy_others])


def layout_figures(plane_view: ResolvedPlane, equipment: Equipment | None = None,
                   max_links: int = MAX_RESOLVED_LINKS) -> Layout:
    """The layout stage (see module doc) of the resolved ``plane_view``, with its
    ``equipment`` figures when they are known (else they are computed too); the other
    planes are counted only past ``max_links`` links (the engine's
    ``max_resolved_links``)."""
    topo, healthy, failures = plane_view.topo, plane_view.healthy, plane_view.failures
    design = topo.design
    spec = network_spec(design, topo.plane, topo.down.key, topo.same_figures_as)
    topologies = plane_topologies(topo, max_links)
    healthy_topologies = plane_topologies(healthy, max_links) if failures else topologies
    if equipment is not None and not failures:  # the counts of another speed
        inv = replace(equipment.installed, ports_by_tier=port_use(topologies))
    else:
        inv = inventory(topo, topologies)
    installed = inventory(healthy, healthy_topologies) if failures else inv
    if failures:
        inv = working_inventory(inv, installed, design, topo.down)
    injection = topo.injection_gbps()
    accelerators = inv.accelerators if not failures else topo.accelerators
    per_acc = (sum(i * r.accelerators for i, r in zip(injection, topo.racks, strict=True))
               / accelerators) if accelerators else 0.0
    if equipment is None:
        equipment = _equipment(plane_view, topologies, healthy_topologies, installed)
    problems = (equipment.missing
                + wiring_problems(healthy_topologies, installed.ports_by_tier)
                + group_problems(healthy))
    return Layout(plane_view, spec, topologies, healthy_topologies, inv, installed,
                  oversubscription(topo), per_acc, equipment, problems)


def _equipment(plane_view: ResolvedPlane, topologies: list[Topology],
               healthy_topologies: list[Topology], installed: Inventory) -> Equipment:
    """The :class:`Equipment` of ``plane_view``: the bill and the power drawn summed
    from the count-free rows the engine keeps (:mod:`model.metrics.equipment_parts`)
    at this run's counts."""
    topo, healthy = plane_view.topo, plane_view.healthy
    design = topo.design
    design_at = design_key(design)
    parts = design_parts(design, design_at)
    made = template(healthy, healthy_topologies, parts.lengths, design_at)
    counted = counts(healthy, healthy_topologies)
    if plane_view.failures:
        draw = power_draw(topo, topologies, drawn_link_ends(healthy_topologies, topo.down))
    else:
        n_racks = len(healthy.racks)
        servers, switches, optics = drawn(made, counted, n_racks,
                                          2 * n_racks + len(design.tiers))
        draw = PowerDraw(servers, switches, optics, dict(made.racks))
    return Equipment(compute(topo), draw, priced_bill(made, counted),
                     population(healthy, installed), parts.missing, parts.reach, installed)
