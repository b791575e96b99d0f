"""The compact graph of groups and the expanded network, counted by hand on a fat-tree
(REFERENCE.md R1: k = 4 has 16 hosts, 8 edge, 8 aggregation and 4 core switches and 48
links: 16 host–edge, 16 edge–aggregation, 16 aggregation–core)."""

from __future__ import annotations

from model.metrics.representation.graph import expand_network, group_graph
from model.templates import TEMPLATES


def test_group_graph_has_one_node_per_group_and_one_edge_per_bundle() -> None:
    design = TEMPLATES["fat-tree"].build(k=4, speed_gbps=10)
    graph = group_graph(design)
    assert graph.number_of_nodes() == len(design.rack_groups) + len(design.tiers)
    assert graph.number_of_edges() == len(design.bundles)
    switches = sum(d["count"] for _, d in graph.nodes(data=True) if d["kind"] == "tier")
    assert switches == 8 + 8 + 4
    assert sum(d["links"] for _, _, d in graph.edges(data=True)) == 48
    assert sum(d["capacity_gbps"] for _, _, d in graph.edges(data=True)) == 48 * 10


def test_expanded_network_has_a_node_per_switch_and_accelerator() -> None:
    design = TEMPLATES["fat-tree"].build(k=4, speed_gbps=10)
    graph = expand_network(design)
    kinds = [d["kind"] for _, d in graph.nodes(data=True)]
    assert kinds.count("accelerator") == 16
    assert kinds.count("switch") == 20
    assert graph.number_of_edges() == 48  # every link joins a distinct pair at k = 4
