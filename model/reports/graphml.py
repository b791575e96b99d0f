"""The expanded network of a design as GraphML, for other graph tools (Gephi, yEd,
networkx, igraph).

The graph is :func:`model.metrics.graph.expand_network` — one node per switch and per
accelerator NIC, one edge per link (parallel links merged as the metrics engine merges
them) — written as it is; only attribute values GraphML cannot hold are converted
(enums and other objects to text, ``None`` left out). The graph carries the design's
name and the plane as graph attributes.
"""

from __future__ import annotations

import enum
import os
from typing import Any

import networkx as nx

from model.design import Design
from model.elements import Plane
from model.reports.atomic import atomic_path

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


def network_for_graphml(design: Design, plane: Plane | str | None = None) -> nx.Graph:
    """The expanded network of ``design`` on ``plane`` (default: the design's plane),
    with node ids as text and attributes GraphML can hold."""
    from model.metrics.graph import expand_network

    chosen = Plane(plane) if plane is not None else design.settings.plane
    network = expand_network(design, chosen)
    out: nx.Graph = nx.MultiGraph() if network.is_multigraph() else nx.Graph()
    out.graph.update(_clean(dict(network.graph)))
    out.graph["design"] = design.name
    out.graph["plane"] = chosen.value
    out.add_nodes_from((str(node), _clean(data)) for node, data in network.nodes(data=True))
    out.add_edges_from(
        (str(u), str(v), _clean(data)) for u, v, data in network.edges(data=True)
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
