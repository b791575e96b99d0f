"""GraphML of the expanded network, read back with networkx and counted by hand."""

from __future__ import annotations

from pathlib import Path

import networkx as nx

from model.reports.graphml import write_graphml
from tests.exports.designs import small_design


def test_graphml_loads_with_the_hand_counted_nodes_and_edges(tmp_path: Path) -> None:
    out = tmp_path / "net.graphml"
    write_graphml(small_design(), out)
    graph = nx.read_graphml(out)
    # 8 servers × 8 accelerators (each behind its own NIC) + 8 leaves + 4 spines
    assert graph.number_of_nodes() == 64 + 12
    # 64 NIC–leaf links; 8 leaves × 4 spines = 32 leaf–spine pairs (2 links each)
    assert graph.number_of_edges() == 64 + 32
    kinds = nx.get_node_attributes(graph, "kind")
    assert sum(1 for k in kinds.values() if k == "switch") == 12
    leaf = "sw:leaf:0"
    assert graph.nodes[leaf]["label"] == "Leaf 0"
    assert graph.degree(leaf) == 8 + 4
    capacity = sum(d["capacity_gbps"] for _u, _v, d in graph.edges(data=True))
    assert capacity == 128 * 400, "every one of the 128 links at 400 Gb/s"
    assert graph.graph["design"] == "Small test cluster"
    assert graph.graph["plane"] == "backend"


def test_another_plane_has_its_own_network(tmp_path: Path) -> None:
    out = tmp_path / "front.graphml"
    write_graphml(small_design(), out, plane="frontend")
    graph = nx.read_graphml(out)
    assert graph.graph["plane"] == "frontend"
    assert sum(1 for _n, k in graph.nodes(data="kind") if k == "switch") == 0


def test_values_become_plain_graphml_types() -> None:
    import numpy as np

    from model.elements import Role
    from model.reports.graphml import graphml_value

    assert graphml_value(Role.SPINE) == "spine" and type(graphml_value(Role.SPINE)) is str
    assert type(graphml_value(np.int64(7))) is int
    assert type(graphml_value(np.float64(2.5))) is float
    assert type(graphml_value(np.bool_(True))) is bool
    assert graphml_value(("sw", "leaf", 3)) == "sw,leaf,3"
    assert graphml_value(None) is None
