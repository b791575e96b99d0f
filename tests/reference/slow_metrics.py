"""Slow, obviously-correct reference metrics on the expanded graph of
:mod:`tests.reference.expand`, written from the definitions in DESIGN §3 and the brief.

- :func:`hops`: a switch-only BFS from every accelerator; every unordered pair is looked
  at one by one.
- :func:`bisection_milp`: the exact minimum balanced bisection as a 0/1 program
  (scipy's HiGHS, zero optimality gap); :func:`bisection_enumerate` and
  :func:`bisection_brute_force` are two further independent exact methods for tiny
  graphs, used to check the MILP.
- :func:`power`: power per building summed device by device.

Nothing here imports ``model.metrics``.
"""

from __future__ import annotations

import itertools
from collections import Counter, defaultdict, deque
from dataclasses import dataclass

import networkx as nx
import numpy as np
from scipy.optimize import Bounds, LinearConstraint, milp
from scipy.sparse import lil_matrix

from model.design import Design
from model.elements import RackGroup, SwitchTier
from model.parts import MediumKind
from tests.reference.expand import AcceleratorInfo, Expanded, Node, tier_building

SCOPES = ("server", "rack", "island", "building", "campus")


def pair_scope(a: AcceleratorInfo, b: AcceleratorInfo) -> str:
    """Closest place two accelerators share."""
    if a.rack_group == b.rack_group and a.server == b.server:
        return "server"
    if a.rack_group == b.rack_group and a.rack == b.rack:
        return "rack"
    if a.island == b.island:
        return "island"
    if a.building == b.building:
        return "building"
    return "campus"


@dataclass(frozen=True)
class RefHops:
    """Hop counts over every unordered accelerator pair (see ``model.metrics`` Hops)."""

    histogram: dict[int, int]
    by_scope: dict[str, dict[int, int]]
    scale_up_pairs: int
    scale_up_by_scope: dict[str, int]
    unreachable_pairs: int
    mean: float
    max: int


def _switch_distances(ex: Expanded, sources: set[Node]) -> dict[Node, int]:
    """Switches reachable from ``sources`` (each at 1 switch) over switch-only paths,
    with the number of switches on the shortest path."""
    dist = dict.fromkeys(sources, 1)
    queue = deque(sources)
    while queue:
        node = queue.popleft()
        for nxt in ex.graph[node]:
            if ex.is_switch(nxt) and nxt not in dist:
                dist[nxt] = dist[node] + 1
                queue.append(nxt)
    return dist


def hops(ex: Expanded) -> RefHops:
    """Switches on a shortest path between every pair of accelerators' endpoints."""
    attach: dict[Node, set[Node]] = {}
    for acc in ex.accelerators:
        attach[acc] = {
            n for end in ex.endpoints[acc] for n in ex.graph[end] if ex.is_switch(n)
        }
    histogram: Counter[int] = Counter()
    by_scope: dict[str, Counter[int]] = defaultdict(Counter)
    scale_up: Counter[str] = Counter()
    unreachable = 0
    accs = ex.accelerators
    for k, a in enumerate(accs):
        dist = _switch_distances(ex, attach[a])
        ia, ends_a = ex.info[a], set(ex.endpoints[a])
        for b in accs[k + 1 :]:
            ib = ex.info[b]
            scope = pair_scope(ia, ib)
            if ia.rack_group == ib.rack_group and ia.domain == ib.domain:
                scale_up[scope] += 1
                continue
            if ends_a & set(ex.endpoints[b]):
                h: int | None = 0
            else:
                found = [dist[s] for s in attach[b] if s in dist]
                h = min(found) if found else None
            if h is None:
                unreachable += 1
            else:
                histogram[h] += 1
                by_scope[scope][h] += 1
    pairs = sum(histogram.values())
    return RefHops(
        histogram=dict(sorted(histogram.items())),
        by_scope={s: dict(sorted(c.items())) for s, c in by_scope.items()},
        scale_up_pairs=sum(scale_up.values()),
        scale_up_by_scope=dict(scale_up),
        unreachable_pairs=unreachable,
        mean=sum(h * c for h, c in histogram.items()) / pairs if pairs else 0.0,
        max=max(histogram) if histogram else 0,
    )


# ------------------------------------------------------------------ bisection
@dataclass(frozen=True)
class RefCut:
    """A balanced cut: its crossing capacity (Gb/s) and the nodes on side A."""

    gbps: float
    side_a: frozenset[Node]


def crossing_gbps(ex: Expanded, side_a: set[Node] | frozenset[Node]) -> float:
    """Total capacity of the edges with exactly one end on side A."""
    return sum(
        d["capacity_gbps"]
        for u, v, d in ex.graph.edges(data=True)
        if (u in side_a) != (v in side_a)
    )


def balanced_sizes(n: int) -> tuple[int, int]:
    """Allowed accelerator counts on side A: ⌊n/2⌋ … ⌈n/2⌉."""
    return n // 2, (n + 1) // 2


CountConstraint = tuple[list[Node], int, int]
"""Nodes, and the least and most of them that must stand on side A."""


def bisection_milp(
    ex: Expanded,
    constraints: list[CountConstraint] | None = None,
    time_limit_s: float = 120.0,
) -> RefCut:
    """Exact minimum balanced bisection by a 0/1 program.

    x_v = 1 puts node v on side A; y_e ≥ |x_u − x_v| is linearized by two inequalities
    and, being minimized with a positive cost, equals it at the optimum. The
    accelerators on side A number ⌊N/2⌋ or ⌈N/2⌉; switches (and shared NICs) are
    free. Without extra constraints the first accelerator is fixed on side B (the
    two sides are interchangeable). ``constraints`` restrict how many of given nodes
    stand on side A (used to re-evaluate an engine's cut by group counts).
    """
    nodes = list(ex.graph.nodes)
    index = {v: i for i, v in enumerate(nodes)}
    edges = [(u, v, d["capacity_gbps"]) for u, v, d in ex.graph.edges(data=True)]
    edges = [e for e in edges if e[2] > 0]
    nx_, ne = len(nodes), len(edges)
    cost = np.concatenate([np.zeros(nx_), np.array([c for _, _, c in edges], dtype=float)])
    rows = 2 * ne + 1 + len(constraints or [])
    a = lil_matrix((rows, nx_ + ne))
    lo = np.zeros(rows)
    hi = np.full(rows, np.inf)
    for k, (u, v, _) in enumerate(edges):
        a[2 * k, nx_ + k], a[2 * k, index[u]], a[2 * k, index[v]] = 1, -1, 1
        a[2 * k + 1, nx_ + k], a[2 * k + 1, index[u]], a[2 * k + 1, index[v]] = 1, 1, -1
    row = 2 * ne
    for acc in ex.accelerators:
        a[row, index[acc]] = 1
    lo[row], hi[row] = balanced_sizes(len(ex.accelerators))
    for group_nodes, least, most in constraints or []:
        row += 1
        for v in group_nodes:
            a[row, index[v]] = 1
        lo[row], hi[row] = least, most
    upper = np.ones(nx_ + ne)
    if not constraints and ex.accelerators:
        upper[index[ex.accelerators[0]]] = 0
    integrality = np.concatenate([np.ones(nx_), np.zeros(ne)])
    result = milp(
        cost,
        constraints=LinearConstraint(a.tocsr(), lo, hi),
        integrality=integrality,
        bounds=Bounds(np.zeros(nx_ + ne), upper),
        options={"mip_rel_gap": 0.0, "time_limit": time_limit_s},
    )
    if result.status != 0:
        raise RuntimeError(f"MILP did not prove optimality: {result.message}")
    side_a = frozenset(v for v in nodes if result.x[index[v]] > 0.5)
    return RefCut(crossing_gbps(ex, side_a), side_a)


def _min_switch_placement(ex: Expanded, accs_a: set[Node]) -> float:
    """Least crossing capacity once the accelerators' sides are fixed: an s–t minimum
    cut (side A contracted into the source, side B into the sink)."""
    flow = nx.DiGraph()
    for u, v, d in ex.graph.edges(data=True):
        for x, y in ((u, v), (v, u)):
            if flow.has_edge(x, y):
                flow[x][y]["capacity"] += d["capacity_gbps"]
            else:
                flow.add_edge(x, y, capacity=d["capacity_gbps"])
    for acc in ex.accelerators:
        if acc in accs_a:
            flow.add_edge("SOURCE", acc)  # no capacity attribute: infinite
        else:
            flow.add_edge(acc, "SINK")
    if "SOURCE" not in flow or "SINK" not in flow:
        return 0.0
    return float(nx.minimum_cut_value(flow, "SOURCE", "SINK"))


def bisection_enumerate(ex: Expanded) -> float:
    """Exact minimum balanced bisection by enumerating every balanced split of the
    accelerators (first accelerator on side B) and placing the switches by min cut.
    Exponential: for tiny designs only."""
    accs = ex.accelerators
    best = float("inf")
    for size in sorted(set(balanced_sizes(len(accs)))):
        for chosen in itertools.combinations(accs[1:], size):
            best = min(best, _min_switch_placement(ex, set(chosen)))
    return best


def bisection_brute_force(ex: Expanded) -> float:
    """Exact minimum balanced bisection by trying every side for every node (first
    accelerator on side B). For graphs of at most ~16 nodes."""
    nodes = [v for v in ex.graph.nodes if v != ex.accelerators[0]]
    accs = set(ex.accelerators)
    sizes = set(balanced_sizes(len(accs)))
    best = float("inf")
    for bits in itertools.product((False, True), repeat=len(nodes)):
        side_a = {v for v, on in zip(nodes, bits, strict=True) if on}
        if len(side_a & accs) in sizes:
            best = min(best, crossing_gbps(ex, side_a))
    return best


# ---------------------------------------------------------------------- power
@dataclass(frozen=True)
class RefBuildingPower:
    """One building's power, kW, summed device by device."""

    servers_kw: float
    switches_kw: float
    transceivers_kw: float
    allowance_kw: float
    it_kw: float
    facility_kw: float
    capacity_kw: float


def _medium_draws(kind: MediumKind) -> bool:
    """Media with a powered module at each end: everything but passive copper."""
    return kind is not MediumKind.DAC


def power(design: Design) -> dict[str, RefBuildingPower]:
    """Power per building (all planes; switches and servers at maximum power).

    Servers: max power × servers, plus each rack's overhead. Switches: max power.
    Transceivers: for a medium that draws power, one module at each end of each link,
    each counted in the building of its end's device. Allowance: the design's
    ``allowance_pct`` of that sum. Facility = IT × PUE.
    """
    servers_w: dict[str, float] = defaultdict(float)
    switches_w: dict[str, float] = defaultdict(float)
    optics_w: dict[str, float] = defaultdict(float)
    catalog = design.catalog
    members: dict[str, int] = {}
    where: dict[str, str] = {}
    for group in design.rack_groups.values():
        rack = catalog.rack_type(group.rack_type)
        assert rack is not None
        server = catalog.server(rack.server)
        assert server is not None
        building = design.islands[group.island].building
        for _rack in range(group.count):
            servers_w[building] += rack.overhead_w
            for _slot in range(rack.servers_per_rack):
                servers_w[building] += server.max_power_w
        members[group.id] = group.count * rack.servers_per_rack
        where[group.id] = building
    for tier in design.tiers.values():
        model_ = catalog.switch(tier.switch)
        assert model_ is not None
        building = tier_building(design, tier)
        for _switch in range(tier.count):
            switches_w[building] += model_.max_power_w
        members[tier.id] = tier.count
        where[tier.id] = building
    for bundle in design.bundles.values():
        if bundle.medium is None:
            continue
        medium = catalog.medium(bundle.medium)
        assert medium is not None
        if not _medium_draws(medium.kind):
            continue
        for _link in range(members[bundle.lower] * bundle.links_per_member):
            optics_w[where[bundle.lower]] += medium.power_w_per_end
            optics_w[where[bundle.upper]] += medium.power_w_per_end
    result = {}
    for building in design.buildings.values():
        b = building.id
        base_kw = (servers_w[b] + switches_w[b] + optics_w[b]) / 1000
        allowance_kw = base_kw * design.settings.allowance_pct / 100
        it_kw = base_kw + allowance_kw
        result[b] = RefBuildingPower(
            servers_kw=servers_w[b] / 1000,
            switches_kw=switches_w[b] / 1000,
            transceivers_kw=optics_w[b] / 1000,
            allowance_kw=allowance_kw,
            it_kw=it_kw,
            facility_kw=it_kw * building.pue,
            capacity_kw=building.capacity_kw,
        )
    return result


def rack_power_kw(design: Design, group: RackGroup) -> float:
    """Power of one rack of a rack group at maximum server power, kW."""
    rack = design.catalog.rack_type(group.rack_type)
    assert rack is not None
    server = design.catalog.server(rack.server)
    assert server is not None
    return (rack.servers_per_rack * server.max_power_w + rack.overhead_w) / 1000


def group_members(ex: Expanded, design: Design, group_id: str) -> list[list[Node]]:
    """The nodes of each member of a group, in member order: a server's accelerators
    (and its shared NICs), or one switch."""
    element = design.element(group_id)
    if isinstance(element, SwitchTier):
        return [[("sw", group_id, j)] for j in range(element.count)]
    by_server: dict[int, list[Node]] = defaultdict(list)
    for acc in ex.accelerators:
        if acc[1] == group_id:
            by_server[int(acc[2])].append(acc)  # type: ignore[call-overload]
    for node in ex.graph.nodes:
        if node[0] == "nic" and node[1] == group_id:
            by_server[int(node[2])].append(node)  # type: ignore[call-overload]
    return [by_server[s] for s in sorted(by_server)]


def separation_gbps(ex: Expanded, accs_x: list[Node], accs_y: list[Node]) -> float:
    """Capacity of the minimum cut with ``accs_x`` on one side and ``accs_y`` on the
    other, every other node free (the capacity between two islands or buildings)."""
    flow = nx.DiGraph()
    for u, v, d in ex.graph.edges(data=True):
        flow.add_edge(u, v, capacity=d["capacity_gbps"])
        flow.add_edge(v, u, capacity=d["capacity_gbps"])
    for acc in accs_x:
        flow.add_edge("SOURCE", acc)
    for acc in accs_y:
        flow.add_edge(acc, "SINK")
    if not accs_x or not accs_y:
        return 0.0
    return float(nx.minimum_cut_value(flow, "SOURCE", "SINK"))
