"""The expanded network of a design as GraphML, for other graph tools (Gephi, yEd,
networkx, igraph).

The graph is :func:`model.metrics.graph.expand_network` — one node per switch and per
accelerator (its NIC endpoint), one edge per connected pair carrying ``links`` and
``capacity_gbps`` — written as it is. Node ids become text (``sw:leaf:3``,
``acc:racks:17``) with a readable ``label`` (``Leaf 3``); attribute values GraphML cannot
hold are converted (enums and other objects to text, ``None`` left out). The graph
carries the design's name and the plane as graph attributes.
"""

from __future__ import annotations

import enum
import os
from typing import Any

import networkx as nx

from model.design import Design
from model.elements import Plane
from model.reports.atomic import atomic_path
from model.reports.labels import Labeller

_SCALARS = (bool, int, float, str)


def graphml_value(value: Any) -> bool | int | float | str | None:
    """A value GraphML can store: scalars as they are, enums by value, anything else as
    text; None stays None (the attribute is then left out)."""
    if value is None or isinstance(value, _SCALARS):
        return value
    if isinstance(value, enum.Enum):
        return graphml_value(value.value)
    if isinstance(value, list | tuple | set | frozenset):
        return ",".join(str(graphml_value(v)) for v in value)
    return str(value)


def _clean(attributes: dict[str, Any]) -> dict[str, Any]:
    cleaned = {str(k): graphml_value(v) for k, v in attributes.items()}
    return {k: v for k, v in cleaned.items() if v is not None}


def node_id(node: object) -> str:
    """A node's GraphML id: the parts of a tuple id joined by ``:`` (``sw:leaf:3``)."""
    if isinstance(node, tuple):
        return ":".join(str(part) for part in node)
    return str(node)


def node_label(node: object, labels: Labeller) -> str:
    """A readable label: ``Leaf 3`` for member 3 of the group named Leaf."""
    if isinstance(node, tuple) and len(node) == 3:
        return f"{labels.element(str(node[1]))} {node[2]}"
    return node_id(node)


def network_for_graphml(design: Design, plane: Plane | str | None = None) -> nx.Graph:
    """The expanded network of ``design`` on ``plane`` (default: the design's plane),
    with text node ids, a ``label`` per node, and attributes GraphML can hold."""
    from model.metrics.graph import expand_network

    chosen = Plane(plane) if plane is not None else design.settings.plane
    network = expand_network(design, chosen)
    labels = Labeller(design)
    out: nx.Graph = nx.MultiGraph() if network.is_multigraph() else nx.Graph()
    out.graph.update(_clean(dict(network.graph)))
    out.graph["design"] = design.name
    out.graph["plane"] = chosen.value
    out.add_nodes_from(
        (node_id(node), {"label": node_label(node, labels), **_clean(data)})
        for node, data in network.nodes(data=True)
    )
    out.add_edges_from(
        (node_id(u), node_id(v), _clean(data)) for u, v, data in network.edges(data=True)
    )
    return out


def write_graphml(
    design: Design, path: str | os.PathLike[str], plane: Plane | str | None = None
) -> nx.Graph:
    """Write the expanded network as GraphML to ``path`` atomically; returns the graph
    written (raises ``ExportError`` when the file cannot be written)."""
    graph = network_for_graphml(design, plane)
    with atomic_path(path, suffix=".graphml") as temporary:
        nx.write_graphml(graph, temporary, encoding="utf-8", prettyprint=True)
    return graph
