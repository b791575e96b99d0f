"""The network as networkx graphs: the compact graph of groups, and the expanded graph.

- :func:`group_graph` — one node per rack group and per tier (with its count), one edge
  per bundle with its links and capacity: the small graph a 100K-accelerator campus
  really is (a few hundred nodes).
- :func:`expand_network` — one node per switch and one per accelerator (its NIC
  endpoint), one edge per connected pair with the capacity of the links between them.
  Built from the same wiring arrays the metrics use; meant for GraphML export and for
  checks on small designs (it has a node per GPU, so it is large at campus scale).

Node ids: ``("sw", tier_id, j)`` for switch *j* of a tier, ``("acc", group_id, i)`` for
accelerator *i* of a rack group.
"""

from __future__ import annotations

import networkx as nx
import numpy as np

from model.design import Design
from model.elements import Plane
from model.metrics.representation.endpoints import build_endpoints
from model.metrics.representation.topology import TierNet, resolve


def group_graph(design: Design, plane: Plane | None = None) -> nx.Graph:
    """Rack groups and tiers as nodes (with ``count``), bundles as edges (with ``links``,
    ``speed_gbps``, ``capacity_gbps``, ``pattern``)."""
    topo = resolve(design, plane)
    graph = nx.Graph(plane=topo.plane.value)
    for rack in topo.racks:
        graph.add_node(rack.id, kind="rack_group", count=rack.racks, servers=rack.servers,
                       accelerators=rack.accelerators, island=rack.island,
                       building=rack.building)
    for tier in topo.tiers.values():
        graph.add_node(tier.id, kind="tier", count=tier.count, level=tier.level,
                       role=tier.tier.role.value, building=tier.building)
    for b in topo.bundles:
        graph.add_edge(b.lower.id, b.upper.id, bundle=b.bundle_id, links=b.links,
                       speed_gbps=b.speed_gbps, capacity_gbps=b.capacity_gbps,
                       pattern=b.pattern.value)
    return graph


def expand_network(design: Design, plane: Plane | None = None) -> nx.Graph:
    """One node per switch and per accelerator; edges carry ``capacity_gbps`` (all links
    between the two ends) and ``links``."""
    topo = resolve(design, plane)
    ep = build_endpoints(topo)
    graph = nx.Graph(plane=topo.plane.value)
    switch_ids: list[tuple[str, str, int]] = []
    for tier in topo.tiers.values():
        for j in range(tier.count):
            node = ("sw", tier.id, j)
            switch_ids.append(node)
            graph.add_node(node, kind="switch", tier=tier.id, index=j,
                           role=tier.tier.role.value, building=tier.building)
    acc_ids: list[tuple[str, str, int]] = []
    for rack in topo.racks:
        for i in range(rack.accelerators):
            node = ("acc", rack.id, i)
            acc_ids.append(node)
            graph.add_node(node, kind="accelerator", rack_group=rack.id, index=i,
                           server=i // rack.per_server, island=rack.island,
                           building=rack.building)
    if ep.inc_acc.size:
        width = max(topo.switches, 1)
        key = ep.inc_acc * width + ep.inc_member
        uniq, inv, counts = np.unique(key, return_inverse=True, return_counts=True)
        cap = np.bincount(inv.reshape(-1), weights=ep.inc_gbps)
        for k, c, n in zip(uniq.tolist(), cap.tolist(), counts.tolist(), strict=True):
            graph.add_edge(acc_ids[k // width], switch_ids[k % width], capacity_gbps=c,
                           links=n)
    for b in topo.bundles:
        if isinstance(b.lower, TierNet):
            width = max(topo.switches, 1)
            key = (b.lower_member + b.lower.offset) * width + b.upper_member + b.upper.offset
            uniq, counts = np.unique(key, return_counts=True)
            for k, n in zip(uniq.tolist(), counts.tolist(), strict=True):
                u, v = switch_ids[k // width], switch_ids[k % width]
                if graph.has_edge(u, v):
                    graph[u][v]["capacity_gbps"] += n * b.speed_gbps
                    graph[u][v]["links"] += n
                else:
                    graph.add_edge(u, v, capacity_gbps=n * b.speed_gbps, links=n)
    return graph
