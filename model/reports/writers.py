"""One entry point for the pure-Python exports, shared by the GUI's export menu and
``python main.py export``: metrics JSON, metrics CSV, bill of materials CSV, GraphML."""

from __future__ import annotations

import os

from model.design import Design
from model.metrics.results import DesignMetrics
from model.reports.bom import write_bom_csv
from model.reports.cabling import write_cabling_csv
from model.reports.graphml import write_graphml
from model.reports.metrics_csv import write_metrics_csv
from model.reports.metrics_json import write_metrics_json

PURE_FORMATS: dict[str, str] = {
    "json": "Metrics as JSON",
    "csv": "Metrics as CSV",
    "bom": "Bill of materials (CSV)",
    "graphml": "Expanded network (GraphML)",
    "cabling": "Cabling plan per bundle (CSV)",
    "xlsx": "Workbook for purchasing (Excel)",
}
"""Format key → what the file holds (menu text)."""


def write_pure_export(
    kind: str,
    design: Design,
    metrics: DesignMetrics,
    path: str | os.PathLike[str],
    lang: str | None = None,
) -> None:
    """Write one export of ``kind`` (a key of :data:`PURE_FORMATS`) to ``path``
    atomically. The GraphML is of the plane the metrics describe. The workbook is
    written in ``lang`` (English when None); the CSV, JSON and GraphML files are data
    for scripts and keep their English keys and headers."""
    if kind == "json":
        write_metrics_json(design, metrics, path)
    elif kind == "csv":
        write_metrics_csv(design, metrics, path)
    elif kind == "bom":
        write_bom_csv(design, metrics, path)
    elif kind == "graphml":
        write_graphml(design, path, metrics.plane)
    elif kind == "cabling":
        write_cabling_csv(design, path)
    elif kind == "xlsx":
        from model.reports.xlsx import write_xlsx  # openpyxl loads only when asked for

        write_xlsx(design, metrics, path, lang)
    else:
        raise ValueError(f"unknown export format {kind!r}")
