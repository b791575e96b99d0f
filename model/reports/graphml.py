"""The expanded network of a design as GraphML, for other graph tools (Gephi, yEd,
networkx, igraph).

The graph is :func:`model.metrics.representation.graph.expand_network` — one node per switch and per
accelerator (its NIC endpoint), one edge per connected pair carrying ``links`` and
``capacity_gbps`` — written as it is. Node ids become text (``sw:leaf:3``,
``acc:racks:17``) with a readable ``label`` (``Leaf 3``); attribute values GraphML cannot
hold are converted (enums and other objects to text, ``None`` left out). The graph
carries the design's name and the plane as graph attributes. Characters XML cannot
hold (control characters in a name) are written as U+FFFD
(:mod:`model.reports.xml_text`), so the file is well-formed whatever the names.
"""

from __future__ import annotations

import enum
import os
from collections.abc import Iterable
from typing import Any

import networkx as nx

from model.design import Design
from model.elements import Plane
from model.reports.atomic import ExportError, atomic_text
from model.reports.labels import Labeller
from model.reports.xml_text import xml_attribute, xml_text

_SCALARS = (bool, int, float, str)


def graphml_value(value: Any) -> bool | int | float | str | None:
    """A value GraphML can store, as an exact built-in type: enums by value, numpy
    scalars as Python numbers, sequences as comma-separated text, anything else as
    text; None stays None (the attribute is then left out)."""
    if value is None:
        return None
    if isinstance(value, enum.Enum):
        return graphml_value(value.value)
    item = getattr(value, "item", None)
    if callable(item) and not isinstance(value, _SCALARS):  # a numpy scalar
        value = item()
    if isinstance(value, bool):
        return bool(value)
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        return float(value)
    if isinstance(value, str):
        return str(value)
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


MAX_NODES = 1_500_000
MAX_LINKS = 4_000_000
"""Largest network written as GraphML: one graph object per node and edge is held in
memory while writing (the 1M-accelerator campus has about 1.1 million nodes and 2.6
million links; the 100K campus with a million-switch spine tier, 12 million links,
took more than 30 s and 2.6 GB before it was refused)."""


def _network(design: Design, plane: Plane | str | None) -> tuple[nx.Graph, Plane]:
    from model.metrics.budget import design_links
    from model.metrics.representation.graph import expand_network

    chosen = Plane(plane) if plane is not None else design.settings.plane
    nodes = sum(t.count for t in design.tiers.values() if t.plane == chosen)
    for group in design.rack_groups.values():
        rack_type = design.catalog.rack_type(group.rack_type)
        server = design.catalog.server(rack_type.server) if rack_type else None
        if rack_type is not None and server is not None:
            nodes += group.count * rack_type.servers_per_rack * server.accelerators_per_server
    links = design_links(design, chosen)
    if nodes > MAX_NODES or links > MAX_LINKS:
        raise ExportError(f"the expanded network has {nodes:,} nodes and {links:,} links;"
                          f" GraphML export is limited to {MAX_NODES:,} nodes and"
                          f" {MAX_LINKS:,} links")
    return expand_network(design, chosen), chosen


def _graph_attributes(network: nx.Graph, design: Design, plane: Plane) -> dict[str, Any]:
    attributes = _clean(dict(network.graph))
    attributes["design"] = design.name
    attributes["plane"] = plane.value
    return attributes


_TYPE_RANK = {bool: 0, int: 1, float: 2, str: 3}
_TYPE_NAME = {bool: "boolean", int: "long", float: "double", str: "string"}


def _key_types(rows: Iterable[dict[str, Any]]) -> dict[str, type]:
    """The GraphML type of each attribute: the widest type any row gives it (a
    boolean mixed with numbers, or numbers mixed with text, widen)."""
    found: dict[str, type] = {}
    for row in rows:
        for name, value in row.items():
            kind = type(value)
            old = found.get(name)
            if old is None or _TYPE_RANK[kind] > _TYPE_RANK[old]:
                found[name] = kind
    return found


def _text(value: Any, kind: type) -> str:
    if kind is bool:
        return "true" if value else "false"
    if kind is float:
        return repr(float(value))
    if kind is int:
        return str(int(value))
    return xml_text(str(value))


def _data(keys: dict[str, tuple[str, type]], row: dict[str, Any]) -> str:
    return "".join(
        f'<data key="{keys[name][0]}">{_text(value, keys[name][1])}</data>'
        for name, value in row.items()
    )


def write_graphml(
    design: Design, path: str | os.PathLike[str], plane: Plane | str | None = None
) -> tuple[int, int]:
    """Write the expanded network as GraphML to ``path`` atomically; returns (nodes,
    edges) written. Raises ``ExportError`` when the file cannot be written.

    The file is streamed (one line per node and edge) rather than built as an XML tree:
    a 100,000-accelerator campus is about 100,000 nodes and 200,000 edges."""
    network, chosen = _network(design, plane)
    labels = Labeller(design)
    nodes = [
        (node_id(node), {"label": node_label(node, labels), **_clean(data)})
        for node, data in network.nodes(data=True)
    ]
    ids = {node: text for node, (text, _) in zip(network.nodes, nodes, strict=True)}
    edges = [(ids[u], ids[v], _clean(data)) for u, v, data in network.edges(data=True)]
    graph_row = _graph_attributes(network, design, chosen)
    keys: dict[str, dict[str, tuple[str, type]]] = {}
    declarations: list[str] = []
    for scope, rows in (("graph", [graph_row]), ("node", [row for _, row in nodes]),
                        ("edge", [row for _, _, row in edges])):
        keys[scope] = {}
        for name, kind in _key_types(rows).items():
            key = f"{scope[0]}{len(keys[scope])}"
            keys[scope][name] = (key, kind)
            declarations.append(
                f'  <key id="{key}" for="{scope}" attr.name={xml_attribute(name)}'
                f' attr.type="{_TYPE_NAME[kind]}"/>\n'
            )
    with atomic_text(path) as out:
        out.write('<?xml version="1.0" encoding="utf-8"?>\n')
        out.write('<graphml xmlns="http://graphml.graphdrawing.org/xmlns"'
                  ' xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"'
                  ' xsi:schemaLocation="http://graphml.graphdrawing.org/xmlns'
                  ' http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd">\n')
        out.writelines(declarations)
        out.write('  <graph edgedefault="undirected">\n')
        out.write(f"    {_data(keys['graph'], graph_row)}\n")
        node_keys, edge_keys = keys["node"], keys["edge"]
        out.writelines(
            f"    <node id={xml_attribute(text)}>{_data(node_keys, row)}</node>\n"
            for text, row in nodes
        )
        out.writelines(
            f"    <edge source={xml_attribute(u)} target={xml_attribute(v)}>"
            f"{_data(edge_keys, row)}</edge>\n"
            for u, v, row in edges
        )
        out.write("  </graph>\n</graphml>\n")
    written = len(nodes), len(edges)
    _let_go(nodes, edges, ids, network)
    return written


def _let_go(nodes: list[Any], edges: list[Any], ids: dict[Any, str],
            network: nx.Graph) -> None:
    """Free the expanded network a slice at a time. Freed at once (the function
    returning), the 100K example's 200,000 edges and their attributes go in one call
    that holds Python's interpreter lock throughout (measured: 85 ms, 176 ms on a
    loaded machine); the GUI, which writes this file on a worker thread, waited that
    long. Between slices the lock can change hands."""
    chunk = 2_000
    for items in (nodes, edges):
        while items:
            del items[-chunk:]
    for table in (ids, network._adj, network._node):  # networkx's own tables
        while table:
            table.popitem()
