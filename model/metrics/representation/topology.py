"""One network plane of a design, resolved to member-level wiring arrays.

Groups keep their counts: a rack group is ``servers`` servers, a tier ``count`` switches,
and a bundle's wiring is a pair of integer arrays (lower member, upper member) of its
links, built with numpy from the pattern's arithmetic (see :class:`model.elements.Pattern`).
Nothing here makes one Python object per GPU, so a 1M-accelerator campus resolves in
milliseconds. Every metric module reads this structure instead of re-deriving wiring.

Each pattern's arithmetic is a class of :mod:`model.metrics.representation.wiring`.

Numbering (stable, used by the expanded graph too):

- server ``s`` of a rack group is ``rack · servers_per_rack + slot``; its accelerators are
  ``s · A + a``; scale-up domain of accelerator ``i`` is ``i // D``;
- switch ``j`` of a tier is ``j``; its global number is ``tier.offset + j``.

Failures (:mod:`model.failures`) are applied here, once, so every metric reads what
remains: dark elements are left out like unresolved ones; a rack group with racks down
keeps its surviving racks, renumbered from 0 (``RackNet.kept_servers`` says which
servers they were); failed switches keep their numbers and lose every link; a bundle's
links to or from what is down, and its own failed links, are dropped from its arrays
(``BundleNet.masked``), so its wiring is no longer its pattern's arithmetic.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from operator import attrgetter

import numpy as np
import numpy.typing as npt

from model.design import Design
from model.elements import LinkBundle, Pattern, Plane, RackGroup, SwitchTier
from model.failures import NOTHING_DOWN, Down, Failure, what_is_down
from model.metrics.algorithms.remembered import HashedKey, Remembered
from model.metrics.memory import remembered
from model.metrics.representation.wiring import PATTERNS, ServerShape
from model.parts import AcceleratorType, RackType, ServerType, SwitchModel

IntArray = npt.NDArray[np.int64]


@dataclass
class RackNet:
    """A rack group as the metrics see it (only rack groups whose parts resolve)."""

    group: RackGroup
    rack_type: RackType
    server: ServerType
    accelerator: AcceleratorType
    island: str
    building: str
    index: int
    """Position among resolved rack groups."""
    acc_offset: int = 0
    """Global number of this group's first accelerator."""
    failed: Hashable = ()
    """What of the group is down (its failed racks), for caches; () when healthy."""
    kept_servers: IntArray | None = None
    """With racks down: the surviving servers' numbers in the whole group (the group's
    ``count`` is then its surviving racks); None when every rack works."""
    whole_domain: int = 0
    """With racks down: the scale-up domain size of the whole group (its domains are
    numbered as in the whole group)."""

    # read once from the records (not changed after :func:`resolve`; ``replace`` makes
    # them anew), as plain attributes: they are read a few thousand times per SuperPOD run
    id: str = field(init=False, repr=False, compare=False)
    """The rack group's id."""
    racks: int = field(init=False, repr=False, compare=False)
    """Number of racks."""
    servers: int = field(init=False, repr=False, compare=False)
    """Number of servers."""
    per_server: int = field(init=False, repr=False, compare=False)
    """Accelerators per server."""
    accelerators: int = field(init=False, repr=False, compare=False)
    """Number of accelerators."""

    def __post_init__(self) -> None:
        self.id = self.group.id
        self.racks = self.group.count
        self.servers = self.racks * self.rack_type.servers_per_rack
        self.per_server = self.server.accelerators_per_server
        self.accelerators = self.servers * self.per_server

    def nics(self, plane: Plane) -> int:
        """NICs per server on ``plane`` (backend NICs, or the front-end ones)."""
        if plane is Plane.BACKEND:
            return self.server.nic_count
        return self.server.frontend_nic_count

    def nic_speed_gbps(self, plane: Plane) -> float:
        """Speed of one NIC on ``plane``."""
        if plane is Plane.BACKEND:
            return self.server.nic_speed_gbps
        return self.server.frontend_nic_speed_gbps

    @property
    def domain(self) -> int:
        """Scale-up domain size, clipped to the group (a domain never crosses groups)."""
        return max(1, min(self.server.scale_up_domain, self.accelerators))


@dataclass
class TierNet:
    """A switch tier on the plane."""

    tier: SwitchTier
    model: SwitchModel | None
    building: str
    island: str | None
    offset: int
    """Global number of this tier's first switch."""
    level: int = 1
    """1 + the highest level below it (rack groups are level 0)."""
    failed_members: IntArray | None = None
    """Switches of the tier that are down (installed, linkless), by number."""

    @property
    def failed(self) -> Hashable:
        """What of the tier is down, for caches; () when healthy."""
        return () if self.failed_members is None else self.failed_members.tobytes()

    id: str = field(init=False, repr=False, compare=False)
    """The tier's id (read once from its record, as its count)."""
    count: int = field(init=False, repr=False, compare=False)
    """Number of switches."""

    def __post_init__(self) -> None:
        self.id = self.tier.id
        self.count = self.tier.count


@dataclass
class BundleNet:
    """A bundle on the plane with its links resolved member to member.

    ``lower_member[e]`` and ``upper_member[e]`` are the ends of link ``e`` (lower members
    are servers for a rack group, switches for a tier); for a rack group,
    ``nic[e]`` is the server NIC the link leaves from.
    """

    bundle_id: str
    lower: RackNet | TierNet
    upper: TierNet
    links_per_member: int
    speed_gbps: float
    pattern: Pattern
    lower_member: IntArray
    upper_member: IntArray
    nic: IntArray | None
    even: bool
    """True when the links deal evenly: every upper member gets the same number, and
    (for spread) the wiring is a union of complete bipartite blocks."""
    upper_degree: IntArray
    """Links arriving at each upper member."""
    lower_degree: IntArray
    """Links leaving each lower member (servers for a rack group)."""
    link_count: int | None = None
    """Number of links, when they are not listed (a topology resolved for counts only,
    whose ``lower_member`` and ``upper_member`` are empty)."""
    masked: bool = False
    """True when failures took links out (or renumbered its servers): the arrays are
    then the whole truth, and the pattern's arithmetic (runs, blocks, ``even``, which
    stays the healthy pattern's) must not be used for the wiring."""
    failed: Hashable = ()
    """What of the bundle and its two ends is down, for caches; () when healthy."""
    cut_ends: tuple[IntArray, IntArray] | None = None
    """The lower and upper members of the bundle's own failed links, when it joins two
    tiers (their classes of interchangeable switches split around them)."""

    links: int = field(init=False, repr=False, compare=False)
    """Number of links in the bundle (counted once: its arrays are not changed after
    :func:`resolve`; ``replace`` counts them anew)."""

    def __post_init__(self) -> None:
        self.links = (self.link_count if self.link_count is not None
                      else int(self.lower_member.size))

    @property
    def capacity_gbps(self) -> float:
        """Total capacity of the bundle, one direction."""
        return self.links * self.speed_gbps


@dataclass
class Topology:
    """One plane of a design, resolved. Build it with :func:`resolve`."""

    design: Design
    plane: Plane
    racks: list[RackNet]
    tiers: dict[str, TierNet]
    bundles: list[BundleNet]
    unresolved: list[str] = field(default_factory=list)
    """Ids of elements left out because a part they need is missing."""
    counts_only: bool = False
    """True when the bundles' links are counted but not listed (a design too large to
    lay out; see :func:`resolve`): only inventory, ports, oversubscription, power and
    the structural checks can be read from it."""
    down: Down = NOTHING_DOWN
    """What is down in this view (nothing: the healthy design)."""
    failures: tuple[Failure, ...] = ()
    """The failures this view was resolved with."""
    same_figures_as: Hashable = None
    """A key shared by every view whose network figures (hops, bisection, pair
    capacities) equal this one's (see :func:`model.metrics.failed.same_figures_key`);
    None: the failures' own key."""

    @property
    def figures_key(self) -> Hashable:
        """What this view's network figures are remembered by."""
        return self.down.key if self.same_figures_as is None else self.same_figures_as

    @cached_property
    def accelerators(self) -> int:
        """Accelerators of all resolved rack groups (counted once: a resolved topology
        is not changed after :func:`resolve`)."""
        return sum(r.accelerators for r in self.racks)

    @cached_property
    def switches(self) -> int:
        """Switches of all tiers on the plane."""
        return sum(t.count for t in self.tiers.values())

    @cached_property
    def hierarchical(self) -> bool:
        """True when no bundle is a peer (global) link."""
        return all(b.pattern is not Pattern.GLOBAL for b in self.bundles)

    @cached_property
    def switch_structure(self) -> tuple[object, ...]:
        """What the switch-to-switch wiring depends on: the tiers in order with their
        counts and levels, and each bundle between tiers (its place in ``bundles``, its
        ends, pattern and links per member). Results that depend on nothing else (the
        classes of switches, the pod tree's switch links) are kept from one edit to the
        next under this key: an edit of rack groups leaves it unchanged."""
        return HashedKey((
            self.plane, tuple((t.id, t.count, t.level) for t in self.tiers.values()),
            tuple((i, b.lower.id, b.upper.id, b.links_per_member, b.pattern, b.failed)
                  for i, b in enumerate(self.bundles) if isinstance(b.lower, TierNet))))

    def injection_gbps(self) -> list[float]:
        """Per rack group: scale-out bandwidth of one accelerator on this plane (its
        links to tiers, shared evenly by the accelerators of its server)."""
        per_server: dict[int, float] = {}
        for b in self.bundles:  # in bundle order, as a sum per rack group would add them
            if isinstance(b.lower, RackNet):
                key = id(b.lower)
                per_server[key] = per_server.get(key, 0) + b.links_per_member * b.speed_gbps
        return [per_server.get(id(rack), 0) / rack.per_server for rack in self.racks]


Wiring = tuple[IntArray, IntArray, IntArray | None, bool, IntArray, IntArray]
"""(lower member, upper member, NIC, even, upper degrees, lower degrees) of a bundle."""


def _wiring(bundle_pattern: Pattern, lower: RackNet | TierNet, upper_count: int,
            links: int, plane: Plane, wirings: Remembered[Wiring] | None = None) -> Wiring:
    """Member-level wiring of a bundle with each member's link count, remembered by
    what it depends on (an edit elsewhere re-resolves a design without re-dealing the
    links of its unchanged bundles) in ``wirings`` (default: the running engine's). The
    arrays are read-only: they are shared."""
    if isinstance(lower, TierNet):
        shape: tuple[object, ...] = ("tier", lower.count)
    else:
        shape = ("racks", lower.racks, lower.rack_type.servers_per_rack, lower.nics(plane))
    key = (bundle_pattern, shape, upper_count, links)
    if wirings is None:
        wirings = remembered().wirings
    found = wirings.get(key)
    if found is None:
        lo, up, nic, even = _wire(bundle_pattern, lower, upper_count, links, plane)
        lower_n = lower.count if isinstance(lower, TierNet) else lower.servers
        found = (lo, up, nic, even, np.bincount(up, minlength=upper_count),
                 np.bincount(lo, minlength=lower_n))
        for array in found:
            if isinstance(array, np.ndarray):
                array.flags.writeable = False
        wirings.put(key, found)
    return found


def _shape(lower: RackNet, plane: Plane) -> ServerShape:
    """The lower end of a bundle from ``lower`` as its pattern deals it."""
    return ServerShape(lower.servers, lower.racks, lower.rack_type.servers_per_rack,
                       max(lower.nics(plane), 1))


def _wire(bundle_pattern: Pattern, lower: RackNet | TierNet, upper_count: int,
          links: int, plane: Plane) -> tuple[IntArray, IntArray, IntArray | None, bool]:
    """Member-level wiring of a bundle: (lower member, upper member, nic, even), by its
    pattern's class (:mod:`model.metrics.representation.wiring`)."""
    pattern = PATTERNS[bundle_pattern]
    if isinstance(lower, TierNet):
        lo, up, even = pattern.between_tiers(lower.count, upper_count, links)
        return lo, up, None, even
    return pattern.from_servers(_shape(lower, plane), upper_count, links)


def degrees_only(bundle_pattern: Pattern, lower: RackNet | TierNet, upper_count: int,
                 links: int, plane: Plane) -> Wiring:
    """What :func:`_wiring` gives, with the link lists left empty: whether the links
    deal evenly, and each member's link count, from the pattern's arithmetic (each
    pattern deals a run of consecutive positions, or the same few per server or rack,
    modulo the upper count) in memory proportional to the members."""
    pattern = PATTERNS[bundle_pattern]
    empty = np.zeros(0, dtype=np.int64)
    if isinstance(lower, TierNet):
        up_deg, even = pattern.tier_degrees(lower.count, upper_count, links)
        members = lower.count
    else:
        shape = _shape(lower, plane)
        up_deg, even = pattern.server_degrees(shape, upper_count, links)
        members = shape.servers
    return empty, empty, None, even, up_deg, np.full(members, links, dtype=np.int64)


def resolve(design: Design, plane: Plane | None = None, counts_only: bool = False,
            failures: Sequence[Failure] = ()) -> Topology:
    """Resolve ``plane`` (default: the design's metrics plane) into member-level arrays.

    Elements whose parts are missing from the design's catalog are left out (and listed
    in ``unresolved``); the structural checks report them as problems. With
    ``counts_only`` the links are not listed, only counted per member (closed forms of
    each pattern, in memory proportional to the members, not the links). ``failures``
    (checked by :func:`model.failures.check_failures`) are taken out (see module doc).

    The tiers and the bundles between tiers of the healthy plane are kept in the
    running engine's memory (:class:`TierPart`) and shared with the next topology
    whose records say the same of them (see :func:`tier_inputs`): an edit of a rack
    group's count makes its rack groups and their bundles anew only.
    """
    plane = plane or design.settings.plane
    down = what_is_down(design, failures) if failures else NOTHING_DOWN
    racks, whole, unresolved = _rack_nets(design, down)
    inputs = None if failures else tier_inputs(design)
    store = remembered().tier_parts
    kept = store.get((plane, counts_only)) if inputs is not None else None
    plan = _kept_plan(kept, inputs) if kept is not None and inputs is not None else None
    if kept is not None and inputs is not None and plan is not None:
        if plan is not kept.plan:  # the same but for speeds of bundles between tiers
            kept = TierPart(inputs, kept.tiers, plan, kept.topology)
            store.put((plane, counts_only), kept)
        bundles, _ = _bundle_nets(design, plane, counts_only, down, kept.tiers, racks,
                                  whole, plan)
        topo = Topology(design, plane, racks, dict(kept.tiers), bundles, unresolved,
                        counts_only, down, tuple(failures))
        structure = kept.topology.__dict__.get("switch_structure")
        if structure is not None:  # the same tiers and bundles between them
            topo.__dict__["switch_structure"] = structure
        kept.topology = topo
        return topo
    tiers = _tier_nets(design, plane, down)
    bundles, plan = _bundle_nets(design, plane, counts_only, down, tiers, racks, whole)
    _assign_levels(tiers, bundles)
    topo = Topology(design, plane, racks, tiers, bundles, unresolved, counts_only, down,
                    tuple(failures))
    if inputs is not None:
        store.put((plane, counts_only), TierPart(inputs, tiers, plan, topo))
    return topo


_GROUP_PARTS = attrgetter("id", "rack_type")


def tier_inputs(design: Design) -> tuple[object, ...]:
    """What the tiers and the bundles between tiers of a healthy plane read
    (:class:`TierPart`): the catalog (compared by identity), every tier, bundle and
    island record, and each rack group's id and rack type (whether it resolves, and
    its bundles' place among the plane's bundles and the tiers' levels) — not the
    rack groups' counts."""
    return (design.catalog, tuple(design.tiers.values()), tuple(design.bundles.values()),
            tuple(design.islands.values()),
            tuple(map(_GROUP_PARTS, design.rack_groups.values())))


def _kept_plan(kept: TierPart, inputs: tuple[object, ...]
               ) -> list[BundleNet | bool | None] | None:
    """The plan of ``kept`` for a design whose :func:`tier_inputs` are ``inputs``, or
    None. When bundles differ in their speeds alone (hop counts, wiring and levels
    stay), a new plan takes the kept bundles between tiers with the new speeds."""
    old_bundles, new_bundles = kept.inputs[2], inputs[2]
    assert isinstance(old_bundles, tuple) and isinstance(new_bundles, tuple)
    if (kept.inputs[0] is not inputs[0] or kept.inputs[1] != inputs[1]
            or kept.inputs[3:] != inputs[3:] or len(old_bundles) != len(new_bundles)):
        return None
    if old_bundles == new_bundles:
        return kept.plan
    plan = list(kept.plan)
    for k, (old, new) in enumerate(zip(old_bundles, new_bundles, strict=True)):
        if old is not new and old != new:
            if _but_speed(old) != _but_speed(new):
                return None
            if isinstance(step := plan[k], BundleNet):
                plan[k] = replace(step, speed_gbps=new.speed_gbps)
    return plan


_but_speed = attrgetter(*(name for name in LinkBundle.model_fields if name != "speed_gbps"))
"""A bundle record's every field but its speed."""


@dataclass
class TierPart:
    """The tiers of a healthy plane, with their levels, and what each bundle of the
    design was in it (``plan``: the bundle between tiers, True for a bundle from a rack
    group, None for one left out), kept while :func:`tier_inputs` say the same; and
    the last topology that shared them (its switch structure is theirs)."""

    inputs: tuple[object, ...]
    tiers: dict[str, TierNet]
    plan: list[BundleNet | bool | None]
    topology: Topology


def _rack_nets(design: Design, down: Down
               ) -> tuple[list[RackNet], dict[str, RackNet], list[str]]:
    """The resolved rack groups with what is ``down`` taken out, each whole one by id,
    and the ids of those whose parts are missing."""
    whole: dict[str, RackNet] = {}
    cat = design.catalog
    racks: list[RackNet] = []
    unresolved: list[str] = []
    offset = 0
    rack_types = {p.id: p for p in cat.rack_types}
    servers = {p.id: p for p in cat.servers}
    accelerators = {p.id: p for p in cat.accelerators}
    islands = design.islands
    for group in design.rack_groups.values():
        rack_type = rack_types.get(group.rack_type)
        server = servers.get(rack_type.server) if rack_type else None
        acc = accelerators.get(server.accelerator) if server else None
        if rack_type is None or server is None or acc is None:
            unresolved.append(group.id)
            continue
        if group.id in down.dark:
            continue
        island = islands[group.island]
        net = RackNet(group, rack_type, server, acc, island.id, island.building, len(racks))
        whole[group.id] = net
        failed_racks = down.members.get(group.id)
        if failed_racks is not None:
            from model.metrics.representation.failed_members import surviving_racks

            net = surviving_racks(net, failed_racks)
        net.acc_offset = offset
        offset += net.accelerators
        racks.append(net)
    return racks, whole, unresolved


def _tier_nets(design: Design, plane: Plane, down: Down) -> dict[str, TierNet]:
    """The tiers on ``plane`` but those dark, numbered one after another (levels not
    yet assigned)."""
    tiers: dict[str, TierNet] = {}
    sw_offset = 0
    switches = {m.id: m for m in design.catalog.switches}
    for tier in design.tiers.values():
        if tier.plane != plane or tier.id in down.dark:
            continue
        building = (design.islands[tier.island].building if tier.island is not None
                    else tier.building) or ""
        tiers[tier.id] = TierNet(tier, switches.get(tier.switch), building, tier.island,
                                 sw_offset,
                                 failed_members=down.members.get(tier.id))
        sw_offset += tier.count
    return tiers


def _bundle_nets(design: Design, plane: Plane, counts_only: bool, down: Down,
                 tiers: dict[str, TierNet], racks: list[RackNet], whole: dict[str, RackNet],
                 plan: list[BundleNet | bool | None] | None = None
                 ) -> tuple[list[BundleNet], list[BundleNet | bool | None]]:
    """The bundles on the plane, resolved, and what each bundle of the design was
    (see :class:`TierPart`); with a ``plan`` kept from a run whose tiers and bundles
    are the same, its bundles between tiers are taken as they are."""
    ends: dict[str, RackNet | TierNet] = {**tiers, **{r.id: r for r in racks}}
    bundles: list[BundleNet] = []
    made: list[BundleNet | bool | None] = []
    wirings = remembered().wirings
    any_down = bool(down)
    for k, b in enumerate(design.bundles.values()):
        if plan is not None:
            step = plan[k]
            if step is None:
                continue
            if step is not True:
                assert isinstance(step, BundleNet)
                bundles.append(step)
                continue
        made.append(None)
        upper = tiers.get(b.upper)
        lower = ends.get(b.lower)
        if upper is None or lower is None:
            continue
        if isinstance(lower, RackNet) and lower.nics(plane) == 0:
            continue
        shape = whole.get(lower.id, lower) if any_down else lower
        if counts_only:
            lo, up, nic, even, up_deg, lo_deg = degrees_only(b.pattern, shape, upper.count,
                                                             b.links_per_member, plane)
            count: int | None = int(lo_deg.sum())
        else:
            lo, up, nic, even, up_deg, lo_deg = _wiring(b.pattern, shape, upper.count,
                                                        b.links_per_member, plane, wirings)
            count = None
        net_bundle = BundleNet(b.id, lower, upper, b.links_per_member, b.speed_gbps,
                               b.pattern, lo, up, nic, even, up_deg, lo_deg, count)
        if any_down:
            failed_links = down.members.get(b.id)
            if failed_links is not None or lower.failed != () or upper.failed != ():
                from model.metrics.representation.failed_members import remaining_links

                net_bundle = remaining_links(net_bundle, failed_links)
        bundles.append(net_bundle)
        made[-1] = True if isinstance(lower, RackNet) else net_bundle
    return bundles, made


def _assign_levels(tiers: dict[str, TierNet], bundles: list[BundleNet]) -> None:
    """Level of each tier: 1 + the highest level of what its hierarchical bundles come
    from (rack groups are level 0). Global bundles do not raise levels."""
    below: dict[str, list[RackNet | TierNet]] = {}
    for b in bundles:
        if b.pattern is not Pattern.GLOBAL:
            below.setdefault(b.upper.id, []).append(b.lower)
    memo: dict[str, int] = {}
    path: set[str] = set()  # the tiers above the one walked (a cycle stops there)

    def level(tier_id: str) -> int:
        known = memo.get(tier_id)
        if known is not None:
            return known
        best = 0
        for lower in below.get(tier_id, ()):
            if isinstance(lower, TierNet) and lower.id not in path:
                path.add(tier_id)
                best = max(best, level(lower.id))
                path.discard(tier_id)
        memo[tier_id] = best + 1
        return best + 1

    for tier_id, tier in tiers.items():
        tier.level = level(tier_id)
