"""Figures of a design with failures in force (see :mod:`model.failures`): what is
installed against what works, accelerators cut off, and the power still drawn.

The network metrics need nothing from here: :func:`model.metrics.representation.topology.resolve`
takes the failures out of the plane, and every metric reads what remains. This module
adds what only a comparison with the healthy design can say.

What draws power (an architect's reading of a failure):

- a *dark* element draws nothing: a building or island down (everything standing in
  it), a rack group down, racks of a rack group down — with their servers, the rack's
  overhead and their end of every link;
- a failed switch (some of a tier, or the whole tier) is installed and drawing power,
  but forwards nothing: its links are down;
- a failed link is a failed cable or module: its two ends still draw.

Inventory under failures counts what works (surviving racks, servers, accelerators,
working switches, links still up and their modules); ``Inventory.installed`` keeps the
whole design's counts, which the cost and the failure rates are made from.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field, replace

import numpy as np

from model.design import Design
from model.failures import Down, Failure, failure_text
from model.i18n import Message, message
from model.metrics.kept_bandwidth import DEFAULT_THRESHOLD, below, kept_fractions
from model.metrics.power import LinkEnds
from model.metrics.representation.endpoints import nic_to_accelerators
from model.metrics.representation.switch_classes import switch_classes
from model.metrics.representation.topology import BundleNet, RackNet, Topology
from model.metrics.results import Inventory
from model.problems import Problem, Severity


@dataclass(frozen=True)
class FailureFigures:
    """What the failures in force take down (``DesignMetrics.failures``)."""

    down: tuple[Message, ...]
    """Each failure in words ("4 of 64 switches of 'Spine'", "'Hall B' (whole)"), read
    in the reader's language (``render(lang)``; ``str`` is the English)."""
    dark: tuple[str, ...]
    """Ids of the elements without power (buildings, islands, rack groups, tiers)."""
    accelerators_installed: int
    accelerators_working: int
    """Accelerators not in a dark place (their racks have power)."""
    accelerators_stranded: int
    """Working accelerators that lost every scale-out link of the plane (they had one
    in the healthy design): cut off from every accelerator outside their scale-up
    domain."""
    stranded_by_group: dict[str, int]
    """Rack group id → its stranded accelerators (groups with none left out)."""
    switches_down_by_tier: dict[str, int]
    """Tier id → switches not working (failed, or dark), every plane."""
    links_down_by_bundle: dict[str, int]
    """Bundle id → links not working (failed, at a failed switch or a dark end)."""
    bandwidth_kept: dict[str, tuple[tuple[float, int], ...]] = field(default_factory=dict)
    """Rack group id → ((fraction of its healthy bandwidth kept, accelerators keeping
    it), …) for working, not stranded accelerators keeping less than all of it
    (:mod:`model.metrics.kept_bandwidth`)."""

    def low_bandwidth_by_group(self, threshold: float = DEFAULT_THRESHOLD) -> dict[str, int]:
        """Rack group id → working, not stranded accelerators keeping at most
        ``threshold`` of their healthy bandwidth to the rest (groups with none left out)."""
        return below(self.bandwidth_kept, threshold)

    def accelerators_low_bandwidth(self, threshold: float = DEFAULT_THRESHOLD) -> int:
        """Working, not stranded accelerators keeping at most ``threshold`` of their
        healthy bandwidth to the rest of the network."""
        return sum(self.low_bandwidth_by_group(threshold).values())


def same_figures_key(healthy: Topology, down: Down) -> Hashable:
    """A key naming the network figures of ``healthy`` with ``down`` taken out, shared
    by failures that the network cannot tell apart, so the second is found remembered.

    Switches of one class (:mod:`model.metrics.representation.switch_classes`) are twins: the
    classes are joined completely or not at all, so two members of a class have the same
    neighbours, by the same number of links of the same speed. When no accelerator
    attaches to a tier, any permutation of its twins is an automorphism of the network
    that fixes every accelerator; so failing some members of a class gives the figures
    of failing as many of its first members. That is what the key names, for each tier
    with failed members, no rack group's links and none of its own links down (a
    failed link tells its two ends apart); the rest of ``down`` is named as it is."""
    if not down.members:
        return down.key
    design = healthy.design
    attached = {b.upper.id for b in healthy.bundles if isinstance(b.lower, RackNet)}
    for element in down.members:
        if design.kind_of(element) == "bundle":
            bundle = design.bundles[element]
            attached |= {bundle.lower, bundle.upper}
    members = dict(down.members)
    classes = None
    for tier_id, failed in down.members.items():
        tier = healthy.tiers.get(tier_id)
        if tier is None or tier_id in attached:
            continue
        if classes is None:
            classes = switch_classes(healthy)
        own = classes.member_class[tier.offset:tier.offset + tier.count]
        order = np.argsort(own, kind="stable")  # by class, then member number
        first = np.searchsorted(own[order], own[order], side="left")
        k = np.bincount(own[failed], minlength=int(own.max()) + 1)
        # member order[i] is among the first k of its class when i − first[i] < k
        members[tier_id] = np.sort(order[np.arange(order.size) - first < k[own[order]]])
    return ("same figures", down.key[0],
            tuple((element, m.tobytes()) for element, m in sorted(members.items())))


def drawn_link_ends(healthy: list[Topology], down: Down) -> list[LinkEnds]:
    """Each bundle's link ends that still draw power: every link's two ends, less the
    ends at a dark element (a dark rack group or tier, the servers of dark racks)."""
    out: list[LinkEnds] = []
    for topo in healthy:
        for b in topo.bundles:
            lower = 0 if b.lower.id in down.dark else b.links
            failed_racks = down.members.get(b.lower.id)
            if lower and isinstance(b.lower, RackNet) and failed_racks is not None:
                lower -= failed_racks.size * b.lower.rack_type.servers_per_rack \
                    * b.links_per_member
            upper = 0 if b.upper.id in down.dark else b.links
            out.append((b.bundle_id, b.lower.building, lower, b.upper.building, upper))
    return out


def working_inventory(working: Inventory, installed: Inventory, design: Design,
                      down: Down) -> Inventory:
    """The inventory of what works (``working``, counted on the failed view), with its
    switches counted working and the whole design's counts as ``installed``."""
    switches = {tier_id: _working_switches(design, tier_id, down)
                for tier_id in installed.switches_by_tier}
    by_model: dict[str, int] = {}
    for tier in design.tiers.values():
        by_model[tier.switch] = by_model.get(tier.switch, 0) + switches[tier.id]
    links = {bundle_id: working.links_by_bundle.get(bundle_id, 0)
             for bundle_id in installed.links_by_bundle}
    return replace(working,
                   buildings=sum(1 for b in design.buildings if b not in down.dark),
                   islands=sum(1 for i in design.islands if i not in down.dark),
                   switches_by_tier=switches, switches_by_model=by_model,
                   links_by_bundle=links, installed=installed)


def _working_switches(design: Design, tier_id: str, down: Down) -> int:
    if tier_id in down.dark:
        return 0
    failed = down.members.get(tier_id)
    return design.tiers[tier_id].count - (0 if failed is None else int(failed.size))


def failure_figures(design: Design, failures: Sequence[Failure], topo: Topology,
                    healthy: Topology, inventory: Inventory) -> FailureFigures:
    """What ``failures`` take down: ``topo`` is the failed view of the metrics plane,
    ``healthy`` the same plane healthy, ``inventory`` the working inventory."""
    assert inventory.installed is not None
    installed = inventory.installed
    stranded = stranded_accelerators(topo, healthy)
    return FailureFigures(
        down=tuple(failure_text(design, f) for f in failures),
        dark=tuple(sorted(topo.down.dark)),
        accelerators_installed=installed.accelerators,
        accelerators_working=inventory.accelerators,
        accelerators_stranded=sum(stranded.values()),
        stranded_by_group=stranded,
        switches_down_by_tier={t: installed.switches_by_tier[t] - n
                               for t, n in inventory.switches_by_tier.items()
                               if installed.switches_by_tier[t] - n},
        links_down_by_bundle={b: installed.links_by_bundle[b] - n
                              for b, n in inventory.links_by_bundle.items()
                              if installed.links_by_bundle[b] - n},
        bandwidth_kept=kept_fractions(topo, healthy),
    )


def stranded_accelerators(topo: Topology, healthy: Topology) -> dict[str, int]:
    """Per rack group of the failed view ``topo``: accelerators with a scale-out link
    in ``healthy`` and none left (groups with none left out)."""
    whole = {r.id: r for r in healthy.racks}
    out: dict[str, int] = {}
    for rack in topo.racks:
        mine = [b for b in topo.bundles if b.lower is rack]
        if not any(b.masked for b in mine):
            continue  # every link of its working servers is up
        had = _linked(whole[rack.id], [b for b in healthy.bundles if b.lower is whole[rack.id]],
                      topo)
        if rack.kept_servers is not None:
            per = rack.per_server
            had = had.reshape(-1, per)[rack.kept_servers].reshape(-1)
        has = _linked(rack, mine, topo)
        lost = int(np.count_nonzero(had & ~has))
        if lost:
            out[rack.id] = lost
    return out


def _linked(rack: RackNet, bundles: list[BundleNet], topo: Topology) -> np.ndarray:
    """Which accelerators of ``rack`` have at least one link in ``bundles``."""
    out = np.zeros(rack.accelerators, dtype=bool)
    nics = max(rack.nics(topo.plane), 1)
    table = nic_to_accelerators(nics, rack.per_server)
    width = max((len(t) for t in table), default=1)
    grid = np.array([t + [-1] * (width - len(t)) for t in table], dtype=np.int64)
    for b in bundles:
        if b.nic is None or not b.lower_member.size:
            continue
        local = grid[b.nic]
        acc = b.lower_member[:, None] * rack.per_server + local
        out[acc[local >= 0]] = True
    return out


def stranded_problems(figures: FailureFigures, design: Design, plane: str) -> list[Problem]:
    """One problem per rack group with accelerators cut off by the failures."""
    return [Problem.of(Severity.ERROR, "stranded", group_id, message(
                "problems", "{name}: {count:,} accelerators cut off from the {plane} network"
                " by the failures", name=design.rack_groups[group_id].name, count=count,
                plane=Message("terms", plane)))
            for group_id, count in figures.stranded_by_group.items()]
