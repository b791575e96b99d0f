"""What the metrics engine remembers from one run to the next, in one place.

Every store the engine keeps — its finished figures, the structure shared while only
speeds change, and the intermediate results deep in the stages (wiring arrays, rack
groups' parts, switch classes, pod trees, DP tables) — is a field of one
:class:`Memory`, and each :class:`~model.metrics.engine.Engine` owns one. Nothing is
kept at module level, so a fresh ``Engine()`` computes from scratch and two engines
never share a figure.

The stages reach the memory of the engine running them through :func:`remembered`
(a context variable set for the duration of a run, like the budget's deadline in
:mod:`model.metrics.budget`; it follows the run to the helper thread that counts hops).
A stage called outside a run — an export resolving a design, a test calling one stage
alone — gets a fresh, empty memory: it computes everything and keeps nothing.

What each store's key depends on is written where the store is used; the engine-level
stores are keyed by projections of :class:`~model.metrics.spec.NetworkSpec`.
"""

from __future__ import annotations

import contextvars
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any

import numpy as np

from model.metrics.algorithms.remembered import Remembered

if TYPE_CHECKING:
    from model.metrics.bisection.dp_tables import Costs
    from model.metrics.bisection.pod_classes import _LinksRead
    from model.metrics.bisection.pod_levels import LevelCheck
    from model.metrics.bisection.pods import PodSkeleton, SwitchPart
    from model.metrics.bisection.units import BisectionUnits
    from model.metrics.equipment_parts import DesignParts, Template
    from model.metrics.hops import LevelCounts
    from model.metrics.inventory import SwitchSums
    from model.metrics.layout import Equipment, Layout
    from model.metrics.network import NetworkFigures, Structure
    from model.metrics.representation.dragonfly_shape import (
        DragonflyShape,
        DragonflyWiring,
        SwitchWiring,
    )
    from model.metrics.representation.endpoints import RackPart
    from model.metrics.representation.switch_classes import SwitchClasses
    from model.metrics.representation.symmetry import CountFreePrints
    from model.metrics.representation.topology import TierPart, Topology, Wiring
    from model.metrics.results import PairCapacity

_FIGURES_KEPT = 8
"""Distinct networks whose figures are kept: small, and what undo and redo of a few
edits return to."""


_LAYOUTS_KEPT = 4
"""Layouts kept: what undo and redo of an edit or two return to. Their planes share
their wiring arrays with :attr:`Memory.wirings`, so a kept layout costs little more."""


def _lasting(entries: int) -> Callable[[], Remembered[Any]]:
    """Makes a store of at most ``entries`` entries, whatever their size."""
    return lambda: Remembered(float("inf"), entries=entries)


def _within_bytes(budget: int) -> Callable[[], Remembered[Any]]:
    """Makes a store of entries within ``budget`` bytes of arrays."""
    return lambda: Remembered(budget)


@dataclass
class Memory:
    """Every store of one engine (see module doc). Each is least-recently-used and
    bounded, by entries or by the bytes of the arrays it holds."""

    figures: Remembered[NetworkFigures] = field(default_factory=_lasting(_FIGURES_KEPT))
    """Complete network figures (hops, bisection, pair capacities) by
    :meth:`~model.metrics.spec.NetworkSpec.figures_key`."""
    layouts: Remembered[Layout] = field(default_factory=_lasting(_LAYOUTS_KEPT))
    """The layout stage's planes and figures by
    :func:`~model.metrics.spec.layout_key` (:mod:`model.metrics.layout`): an edit of a
    building's power, or undo and redo of an edit, reuses them."""
    equipment: Remembered[Equipment] = field(default_factory=_lasting(_LAYOUTS_KEPT))
    """The layout's equipment figures (bill of materials, power drawn, compute, parts
    population, missing parts, reach) by :func:`~model.metrics.spec.equipment_key`: a
    speed edit reuses them."""
    spec_parts: Remembered[tuple[tuple[object, ...], Any]] = field(
        default_factory=_lasting(8))
    """Parts of keys made from every record of a kind (the tiers' and the bundles' part
    of the network spec, of the equipment key and of the parts' key), with the records
    they were made from (:func:`model.metrics.spec.kept_made`, which compares the
    records in the entry): an edit of a rack group reuses those of the other kinds."""
    design_parts: Remembered[tuple[object, DesignParts]] = field(
        default_factory=_lasting(_LAYOUTS_KEPT))
    """Each bundle's length, the media that do not reach and the missing parts, by the
    design's records without counts or speeds (:mod:`model.metrics.equipment_parts`):
    a count edit reuses them. The catalog is held in the entry (the key has its
    identity)."""
    templates: Remembered[tuple[object, Template]] = field(
        default_factory=_lasting(_LAYOUTS_KEPT))
    """The rows of the bill of materials and of the power drawn, without counts, by
    the same records and the rack groups and bundles each plane resolved
    (:mod:`model.metrics.equipment_parts`): a count edit sums them anew only."""
    tier_sums: Remembered[tuple[list[np.ndarray], np.ndarray, np.ndarray, np.ndarray]] = \
        field(default_factory=_within_bytes(32 * 2**20))
    """Each tier's ports used and capacity from below and upward per switch, by its
    count, port speed and its bundle ends' links per switch (by identity, held in the
    entry), speeds and sides (:func:`model.metrics.inventory.switch_sums`): an edit of
    one island sums that island's tiers only."""
    switch_sums: Remembered[tuple[Topology, SwitchSums]] = field(default_factory=_lasting(2))
    """The last planes' :class:`~model.metrics.inventory.SwitchSums` by the identity of
    the plane (held in the entry): ports and oversubscription of one run share them."""
    structures: Remembered[Structure] = field(default_factory=_lasting(1))
    """Endpoints, attachment units and hops by the spec without speeds: what the network
    metrics share while only link speeds change."""
    units: Remembered[BisectionUnits] = field(default_factory=_lasting(1))
    """Bisection units and the pod tree's structure by the spec without speeds plus the
    speeds of the rack groups' links."""
    tier_parts: Remembered[TierPart] = field(default_factory=_lasting(6))
    """The tiers of each healthy plane and the bundles between them
    (:mod:`model.metrics.representation.topology`), by plane and whether counted only,
    while the records they read (compared in the entry) stay: a count edit of a rack
    group shares them."""
    wirings: Remembered[Wiring] = field(default_factory=_lasting(4096))
    """Member-level wiring of a bundle by its pattern, lower shape, upper count and links
    per member (:func:`model.metrics.representation.topology.resolve`)."""
    rack_parts: Remembered[RackPart] = field(default_factory=_within_bytes(64 * 2**20))
    """Rack groups' accelerator-level parts by shape
    (:mod:`model.metrics.representation.endpoints`)."""
    islands_seen: Remembered[LevelCounts] = field(default_factory=_lasting(512))
    """Hop counts inside islands by everything they depend on (:mod:`model.metrics.hops`):
    an edit of one island leaves the others' counts standing."""
    island_prints: Remembered[tuple[object, CountFreePrints]] = field(
        default_factory=_lasting(2))
    """The islands' prints without counts (:mod:`model.metrics.representation.symmetry`)
    by the records they read without counts: a count edit reuses them. The catalog is
    held in the entry (compared by identity)."""
    switch_classes: Remembered[SwitchClasses] = field(default_factory=_lasting(2))
    """Switch classes by switch structure (:mod:`model.metrics.representation.switch_classes`)."""
    switch_parts: Remembered[SwitchPart] = field(default_factory=_lasting(2))
    """The pod tree's switch links and their reach by switch structure
    (:mod:`model.metrics.bisection.pods`)."""
    switch_levels: Remembered[tuple[np.ndarray, LevelCheck, np.ndarray]] = field(
        default_factory=_lasting(16))
    """The pods and check of a pod-tree level no unit reaches, by switch structure,
    level and the partition of the switches below
    (:func:`model.metrics.bisection.pod_levels.switch_level`)."""
    pod_classes: Remembered[tuple[np.ndarray, np.ndarray]] = field(
        default_factory=_lasting(4))
    """The classes of each pod's own switches (each member's class, each node's number
    of classes) by the pod tree's structure and its links' capacities relative to each
    pod's largest uplink (:mod:`model.metrics.bisection.pod_classes`): an edit of a rack
    group's count or of one island's uplink speed finds them."""
    class_inputs: Remembered[_LinksRead] = field(default_factory=_lasting(2))
    """What the classes of a pod tree read of its links but the units' capacities (each
    switch's pod, the levels skipped, the switch links read and their relative
    capacities) by the tree's structure, its switch capacities' key and which levels are
    alike (:func:`model.metrics.bisection.pod_classes._links_read`): an edit of a rack
    group's count reads the switch links no more."""
    class_links: Remembered[object] = field(default_factory=_lasting(4))
    """How the links between classes of switches are summed (all but the capacities),
    by the key of :attr:`pod_classes` (:mod:`model.metrics.bisection.pod_classes`): kept
    when the same classes come a second time, so that an edit of link speeds sums the
    new capacities only."""
    skeletons: Remembered[PodSkeleton] = field(default_factory=_lasting(2))
    """Pod trees' structures by switch structure and which switch each unit reaches."""
    switch_capacities: Remembered[tuple[np.ndarray, np.ndarray]] = field(
        default_factory=_lasting(2))
    """Capacity of each switch link and each switch's uplinks, by switch structure and
    the bundles' speeds."""
    tier_links: Remembered[tuple[np.ndarray, ...]] = field(default_factory=_lasting(2))
    """Every link between tiers (its two switches, and where each bundle's links start)
    by switch structure (:mod:`model.metrics.bisection.report_cut`, which counts the
    links a cut crosses in one pass)."""
    tier_links_apart: Remembered[list[int]] = field(default_factory=_lasting(64))
    """Links between tiers a cut crosses, per bundle, by switch structure and the
    switches' sides: an edit moves few switches, a speed edit none."""
    pair_rows: Remembered[tuple[Any, np.ndarray, np.ndarray]] = field(
        default_factory=_lasting(4))
    """The last pair values of each set of groups with the rows they were found from
    (:meth:`model.metrics.pairs.TreeCuts.all_pairs`, which compares the rows in the
    entry): an edit of one island answers the pairs holding it anew."""
    pair_records: Remembered[tuple[np.ndarray, list[PairCapacity]]] = field(
        default_factory=_lasting(4))
    """The last lists of pair capacities, by the names of the groups paired, with their
    values (:func:`model.metrics.pairs.pair_records`): an edit of one island remakes
    the records of its own pairs only."""
    pair_tables: Remembered[object] = field(default_factory=_within_bytes(16 * 2**20))
    """The pair capacities' tables of each pod kind (V_A, V_B, V_F) and each child's
    contribution to its parent, by the kind's hash and the hash of the kind with its
    links to the parent (:mod:`model.metrics.pair_classes`): an edit inside one
    island makes that island's only."""
    pair_places: Remembered[np.ndarray] = field(default_factory=_lasting(4))
    """The place (island or building) of every node of a pod tree, by the tree's
    structure, each unit's place and which units hold accelerators
    (:func:`model.metrics.pair_classes.node_places`): a rack-count edit that empties no
    unit finds them."""
    dp_tables: Remembered[Costs] = field(default_factory=_within_bytes(384 * 2**20))
    """The pod-tree DP's tables by signature hash (:mod:`model.metrics.bisection.dp_tables`)."""
    dp_prefixes: Remembered[tuple[np.ndarray, np.ndarray, tuple[object, ...]]] = \
        field(default_factory=_within_bytes(128 * 2**20))
    """The pod-tree DP's combined children by their groups' hashes."""
    switch_side_tables: Remembered[tuple[np.ndarray, np.ndarray]] = field(
        default_factory=_within_bytes(128 * 2**20))
    """The switch-sides DP's tables of pods below the top by kind, grid and target
    (:mod:`model.metrics.bisection.pod_dp_switches`): a failure or an edit inside one island
    recomputes that island's tables only."""
    switch_side_steps: Remembered[object] = field(default_factory=_within_bytes(32 * 2**20))
    """The switch-sides DP's steps of a pod below the top combined for one assignment,
    by its tables' key and the assignment
    (:func:`~model.metrics.bisection.switch_dp_kept.row_steps`): a cut through an island
    an edit left alone is placed without combining it again."""
    top_parts: Remembered[object] = field(default_factory=_within_bytes(64 * 2**20))
    """What the switch-sides DP's top pod makes per group of children in loose mode
    (contributions, envelopes, copies combined, the product of the groups before the
    last) and on a grid of whole units (contributions, tables of whole children) by
    the group's kind, links, copies, the grid and the top pod's assignments
    (:mod:`model.metrics.bisection.switch_dp_top`,
    :func:`~model.metrics.bisection.switch_dp_kept.whole_parts`): an edit inside one
    island remakes its own group's only."""

    dragonfly_switches: Remembered[tuple[SwitchWiring | None]] = field(
        default_factory=_lasting(2))
    """How the links between switches read as a Dragonfly+, by switch structure, the
    tiers' islands and the islands' numbering
    (:mod:`model.metrics.representation.dragonfly_shape`): an edit of a rack group
    leaves it standing."""
    dragonfly_wirings: Remembered[tuple[object, object, object, DragonflyWiring | None]] = \
        field(default_factory=_lasting(2))
    """How a network reads as a Dragonfly+, without speeds, by the identity of its
    switches' part and of the endpoints' incidence blocks and spans (held in the entry,
    so the identities stay theirs): a speed edit shares them."""

    dragonfly_shapes: Remembered[tuple[DragonflyWiring, object, DragonflyShape]] = field(
        default_factory=_lasting(2))
    """A Dragonfly+ at the speeds of a run, by its wiring, the bundles' speeds and the
    endpoints' incidence blocks (held in the entry)."""

    def stores(self) -> list[Remembered[Any]]:
        """Every store, in field order."""
        return [getattr(self, f.name) for f in fields(self)]

    def clear(self) -> None:
        """Forget everything (the next run computes from scratch)."""
        for store in self.stores():
            store.clear()


_running: contextvars.ContextVar[Memory | None] = contextvars.ContextVar(
    "engine_memory", default=None)


def remembered() -> Memory:
    """The memory of the engine running now; outside a run, a fresh empty one (so a
    stage called alone keeps nothing)."""
    memory = _running.get()
    return Memory() if memory is None else memory


@contextmanager
def remembering(memory: Memory) -> Iterator[Memory]:
    """Make ``memory`` the one every stage reaches while the block runs."""
    token = _running.set(memory)
    try:
        yield memory
    finally:
        _running.reset(token)
