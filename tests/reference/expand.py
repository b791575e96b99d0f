"""Independent, deliberately naive expansion of a design into one graph node per device.

This is the tests' own reading of the wiring semantics in the project brief, written
from the definitions alone (it does not import or mirror ``model.metrics``). It is slow
on purpose: every server, accelerator, NIC and switch becomes a networkx node, so that
the reference metrics in :mod:`tests.reference.slow_metrics` can be plain BFS and a
plain MILP over it.

Nodes (tuples, so they sort and print clearly):

- ``("sw", tier_id, j)``: switch ``j`` of a tier on the chosen plane;
- ``("acc", rack_group_id, s, a)``: accelerator ``a`` of server ``s`` of a rack group;
- ``("nic", rack_group_id, s, i)``: NIC ``i`` of server ``s``, only when that NIC is
  shared by several accelerators (``nics < A``).

Modelling choices (documented because the definitions leave them open):

- A NIC that serves exactly one accelerator (``nics >= A``) *is* that accelerator's
  endpoint: its links attach to the accelerator node directly. An accelerator with
  several NICs thus owns all their links.
- A NIC shared by ``k`` accelerators (``nics < A``) is its own node. For the hop count
  it is the common endpoint of its accelerators (two accelerators on one NIC are
  0 switches apart). For the bisection it is a free node (like a switch) joined to each
  of its accelerators by an edge of capacity (NIC's total link capacity) ÷ k: each
  accelerator injects an equal share of what its NIC carries.
- Paths never transit an accelerator or a NIC: hosts do not forward, so hops are
  counted over switch-only paths between the endpoints.

Edge attribute ``capacity_gbps`` is the total capacity between the two nodes (several
links between the same pair add up). Scale-up (NVLink) links are not part of the
scale-out graph.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

import networkx as nx

from model.design import Design
from model.elements import LinkBundle, Pattern, Plane, RackGroup, SwitchTier
from model.parts import RackType, ServerType

Node = tuple[object, ...]


class ExpansionError(ValueError):
    """The design cannot be wired as drawn (a part is missing, counts don't divide)."""


@dataclass(frozen=True)
class AcceleratorInfo:
    """Where one accelerator stands: its rack group, server, rack, island, building,
    and scale-up domain number (within its rack group)."""

    rack_group: str
    server: int
    index: int
    rack: int
    island: str
    building: str
    domain: int


@dataclass
class Expanded:
    """The expanded graph of one plane and what the reference metrics need to read it."""

    graph: nx.Graph
    accelerators: list[Node] = field(default_factory=list)
    info: dict[Node, AcceleratorInfo] = field(default_factory=dict)
    endpoints: dict[Node, list[Node]] = field(default_factory=dict)
    """Accelerator → the node(s) its scale-out links attach to (itself, or shared NICs)."""
    switches: list[Node] = field(default_factory=list)

    def is_switch(self, node: Node) -> bool:
        """True for a switch node."""
        return node[0] == "sw"


def _rack_parts(design: Design, group: RackGroup) -> tuple[RackType, ServerType]:
    rack = design.catalog.rack_type(group.rack_type)
    if rack is None:
        raise ExpansionError(f"rack group {group.id}: rack type {group.rack_type} missing")
    server = design.catalog.server(rack.server)
    if server is None:
        raise ExpansionError(f"rack type {rack.id}: server {rack.server} missing")
    return rack, server


def nic_count(server: ServerType, plane: Plane) -> int:
    """NICs a server uses on a plane: backend NICs on the backend, frontend otherwise."""
    return server.nic_count if plane is Plane.BACKEND else server.frontend_nic_count


def accelerators_of_nic(nic: int, nics: int, accs: int) -> list[int]:
    """Accelerators served by NIC ``nic`` (brief: a = i·A // nics when nics ≥ A, else the
    a with a·nics // A == i)."""
    if nics >= accs:
        return [nic * accs // nics]
    return [a for a in range(accs) if a * nics // accs == nic]


def _server_link_target(
    bundle: LinkBundle, group: RackGroup, rack: RackType, *, nics: int, n: int, s: int, link: int
) -> int:
    """Upper member reached by link ``link`` of server ``s`` (brief's wiring semantics)."""
    links = bundle.links_per_member
    if bundle.pattern is Pattern.SPREAD:
        return (s * links + link) % n
    if bundle.pattern is Pattern.RAIL:
        i = link % nics
        if n <= nics:
            return i % n
        if n % nics:
            raise ExpansionError(f"bundle {bundle.id}: {n} rail switches, {nics} NICs")
        blocks = n // nics
        servers = group.count * rack.servers_per_rack
        per_block = max(servers // blocks, 1)  # the last block takes what is left
        return min(s // per_block, blocks - 1) * nics + i
    if bundle.pattern is Pattern.RACK:
        if n % group.count:
            raise ExpansionError(f"bundle {bundle.id}: {n} switches, {group.count} racks")
        q = n // group.count
        r, t = divmod(s, rack.servers_per_rack)
        return r * q + ((t * links + link) % q)
    raise ExpansionError(f"bundle {bundle.id}: pattern {bundle.pattern} on servers")


def tier_building(design: Design, tier: SwitchTier) -> str:
    """Building a tier stands in (its island's for island scope)."""
    if tier.island is not None:
        return design.islands[tier.island].building
    assert tier.building is not None
    return tier.building


def expand(design: Design, plane: Plane | str | None = None) -> Expanded:
    """The expanded graph of ``design`` on ``plane`` (default: the design's setting)."""
    plane = Plane(plane) if plane is not None else design.settings.plane
    graph = nx.Graph()
    ex = Expanded(graph=graph)
    tiers = {t.id: t for t in design.tiers.values() if t.plane is plane}
    for tier in tiers.values():
        for j in range(tier.count):
            node: Node = ("sw", tier.id, j)
            graph.add_node(node)
            ex.switches.append(node)

    # Accelerators and their endpoints.
    server_endpoint: dict[tuple[str, int, int], Node] = {}
    shared: dict[Node, list[Node]] = {}
    for group in design.rack_groups.values():
        rack, server = _rack_parts(design, group)
        accs, nics = server.accelerators_per_server, nic_count(server, plane)
        island = design.islands[group.island]
        for s in range(group.count * rack.servers_per_rack):
            for a in range(accs):
                acc: Node = ("acc", group.id, s, a)
                graph.add_node(acc)
                ex.accelerators.append(acc)
                ex.info[acc] = AcceleratorInfo(
                    rack_group=group.id,
                    server=s,
                    index=a,
                    rack=s // rack.servers_per_rack,
                    island=island.id,
                    building=island.building,
                    domain=(s * accs + a) // server.scale_up_domain,
                )
                ex.endpoints[acc] = []
            for i in range(nics):
                served = accelerators_of_nic(i, nics, accs)
                if len(served) == 1:
                    endpoint: Node = ("acc", group.id, s, served[0])
                else:
                    endpoint = ("nic", group.id, s, i)
                    graph.add_node(endpoint)
                    shared[endpoint] = [("acc", group.id, s, a) for a in served]
                server_endpoint[(group.id, s, i)] = endpoint
                for a in served:
                    ends = ex.endpoints[("acc", group.id, s, a)]
                    if endpoint not in ends:
                        ends.append(endpoint)

    # Links.
    capacity: dict[tuple[Node, Node], float] = defaultdict(float)
    for bundle in design.bundles.values():
        upper = tiers.get(bundle.upper)
        if upper is None:
            continue  # another plane (or a missing tier: nothing to wire)
        n, links = upper.count, bundle.links_per_member
        lower = design.element(bundle.lower)
        if isinstance(lower, RackGroup):
            rack, server = _rack_parts(design, lower)
            nics = nic_count(server, plane)
            if nics == 0:
                raise ExpansionError(f"bundle {bundle.id}: servers have no NIC on {plane}")
            for s in range(lower.count * rack.servers_per_rack):
                for link in range(links):
                    end = server_endpoint[(lower.id, s, link % nics)]
                    target = _server_link_target(
                        bundle, lower, rack, nics=nics, n=n, s=s, link=link
                    )
                    key = (end, ("sw", upper.id, target))
                    capacity[key] += bundle.speed_gbps
        elif isinstance(lower, SwitchTier):
            if lower.id not in tiers:
                raise ExpansionError(f"bundle {bundle.id}: lower tier on another plane")
            if bundle.pattern not in (Pattern.SPREAD, Pattern.GLOBAL):
                raise ExpansionError(f"bundle {bundle.id}: {bundle.pattern} between tiers")
            for j in range(lower.count):
                for link in range(links):
                    key = (("sw", lower.id, j), ("sw", upper.id, (j * links + link) % n))
                    capacity[key] += bundle.speed_gbps
        else:
            raise ExpansionError(f"bundle {bundle.id}: unknown lower end {bundle.lower}")
    for (u, v), gbps in capacity.items():
        if u == v:
            raise ExpansionError(f"a link joins {u} to itself")
        if graph.has_edge(u, v):
            graph[u][v]["capacity_gbps"] += gbps
        else:
            graph.add_edge(u, v, capacity_gbps=gbps)

    # Shared NICs: each of its k accelerators gets an equal share of its capacity.
    for nic, served_accs in shared.items():
        total = sum(d["capacity_gbps"] for _, _, d in graph.edges(nic, data=True))
        for acc in served_accs:
            graph.add_edge(acc, nic, capacity_gbps=total / len(served_accs))
    return ex


def injection_gbps(ex: Expanded, acc: Node) -> float:
    """Scale-out capacity leaving one accelerator (its own links, or its NIC share)."""
    return sum(d["capacity_gbps"] for _, _, d in ex.graph.edges(acc, data=True))
