"""The cabling plan (per bundle and per link) and the purchasing workbook, read back and
checked against hand counts and hand sums."""

from __future__ import annotations

import csv
import io
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from openpyxl import load_workbook

from model.errors import ArchipelagoError
from model.fileformat import design_from_dict, save_design
from model.metrics import compute_all
from model.reports.cabling import cabling_csv_text, link_table
from model.reports.xlsx import SHEETS, write_xlsx
from tests.exports.designs import small_design
from tests.model.test_cost import priced_file

REPO = Path(__file__).resolve().parents[2]


def rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def test_bundle_plan_of_the_small_design() -> None:
    plan = {r["bundle"]: r for r in rows(cabling_csv_text(small_design()))}
    nic, up = plan["NIC to leaf"], plan["Leaf to spine"]
    # 2 racks × 4 servers × 8 NICs = 64 links of DAC, no transceivers, in one island
    assert (nic["from"], nic["to"], nic["links"], nic["medium"], nic["transceivers"]) == (
        "GPU racks", "Leaf", "64", "dac400", "0")
    assert (nic["length_class"], nic["length_m"], nic["reach_m"], nic["reaches"]) == (
        "same island", "30", "3", "no")
    # 8 leaves × 8 uplinks = 64 optical links, 128 transceivers
    assert (up["links"], up["transceivers"], up["reaches"]) == ("64", "128", "yes")


def test_per_link_table_follows_the_wiring() -> None:
    table = rows(cabling_csv_text(small_design(), per_link=True))
    assert len(table) == 64 + 64
    nic = [r for r in table if r["bundle"] == "NIC to leaf"]
    # rail wiring: NIC i of every server goes to leaf i; the k-th server takes port k
    first = nic[0]
    assert (first["from_member"], first["from_port"], first["to_member"], first["to_port"]) \
        == ("GPU racks rack 1 server 1", "NIC 1", "Leaf #1", "1")
    server_6_nic_3 = next(r for r in nic if r["from_member"] == "GPU racks rack 2 server 2"
                          and r["from_port"] == "NIC 3")
    assert (server_6_nic_3["to_member"], server_6_nic_3["to_port"]) == ("Leaf #3", "6")
    # leaf uplinks take ports 9–16, after the 8 server links; spread over 4 spines,
    # 2 links from each leaf to each spine, spine ports 1–16
    up = [r for r in table if r["bundle"] == "Leaf to spine"]
    leaf1 = [r for r in up if r["from_member"] == "Leaf #1"]
    assert [r["from_port"] for r in leaf1] == [str(p) for p in range(9, 17)]
    assert sorted(r["to_member"] for r in leaf1) == sorted(
        [f"Spine #{s}" for s in range(1, 5)] * 2)
    spine1 = sorted(int(r["to_port"]) for r in up if r["to_member"] == "Spine #1")
    assert spine1 == list(range(1, 17))


def test_per_link_table_refuses_big_designs_with_a_message() -> None:
    with pytest.raises(ArchipelagoError, match=r"128 links; the per-link table is for"
                                               r" designs of up to 100 links"):
        link_table(small_design(), limit=100)


def test_names_that_look_like_formulas_are_neutralised() -> None:
    d = small_design()
    d.update("leaf", name="=HYPERLINK(1)")
    plan = rows(cabling_csv_text(d))
    assert plan[0]["to"] == "'=HYPERLINK(1)"


def _workbook(tmp_path: Path, data: dict[str, object] | None = None) -> Path:
    design = design_from_dict(data or priced_file())
    path = tmp_path / "book.xlsx"
    write_xlsx(design, compute_all(design), path)
    return path


def test_workbook_reads_back(tmp_path: Path) -> None:
    data = priced_file()
    data["rack_groups"][0]["name"] = "=SUM(A1:A9)"  # type: ignore[index]
    book = load_workbook(_workbook(tmp_path, data))
    assert book.sheetnames == list(SHEETS) == [
        "Summary", "Power per building", "Bill of materials", "Cost breakdown",
        "Cabling plan", "Problems"]
    for sheet in book.worksheets:
        assert sheet.freeze_panes == "A2"
    summary = {r[0]: (r[1], r[2]) for r in book["Summary"].iter_rows(min_row=2,
                                                                     values_only=True)}
    # hand sums of test_cost, shown in EUR at 0.9 per USD
    assert summary["CAPEX"] == (pytest.approx(3614 * 0.9), "EUR")
    assert summary["Network share of CAPEX"][0] == pytest.approx(3194 / 3614)
    assert summary["Accelerators"] == (8, "count")
    breakdown = book["Cost breakdown"]
    headers = [c.value for c in breakdown[1]]
    assert headers == ["Building", "Servers (EUR)", "Switches (EUR)", "Optics (EUR)",
                       "Cables (EUR)", "Racks (EUR)", "CAPEX (EUR)", "Energy (EUR/year)"]
    by_building = {r[0]: r for r in breakdown.iter_rows(min_row=2, values_only=True)}
    assert by_building["Hall B"][2] == pytest.approx(1000 * 0.9)  # the core switch
    assert by_building["Campus"][6] == pytest.approx(3614 * 0.9)
    assert breakdown["G2"].number_format == "#,##0"
    power = book["Power per building"]
    assert [c.value for c in power[1]][:3] == ["Building", "Capacity (kW)", "Servers (kW)"]
    assert power["C2"].value == pytest.approx(4.0)  # Hall A: 4 servers × 1 kW
    bom = {(r[0], r[1]): r for r in book["Bill of materials"].iter_rows(min_row=2,
                                                                        values_only=True)}
    assert bom[("optics", "o")][3] == 8 and bom[("optics", "o")][6] == pytest.approx(40 * 0.9)
    assert bom[("switches", "w")][8] == "yes"  # marked an estimate
    # a name that looks like a formula is kept as text, never evaluated
    cabling = book["Cabling plan"]
    assert [c.value for c in cabling[1]][:5] == ["Bundle", "Plane", "From", "To", "Links"]
    problems = book["Problems"]
    assert [c.value for c in problems[1]] == ["Severity", "Code", "Element", "Message"]
    assert cabling["C2"].value == "=SUM(A1:A9)" and cabling["C2"].data_type == "s"
    cells = [c for s in book.worksheets for row in s.iter_rows() for c in row]
    assert all(c.data_type != "f" for c in cells)


def test_export_verb_writes_the_workbook_and_the_cabling(tmp_path: Path) -> None:
    source = tmp_path / "small.json"
    save_design(small_design(), source)
    book, cab = tmp_path / "out.xlsx", tmp_path / "links.csv"
    result = subprocess.run(
        [sys.executable, str(REPO / "main.py"), "export", str(source), "--xlsx", str(book),
         "--cabling", str(cab), "--per-link"],
        cwd=REPO, capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 0, result.stderr
    assert load_workbook(book).sheetnames == list(SHEETS)
    assert len(rows(cab.read_text(encoding="utf-8"))) == 128


@pytest.mark.skipif(shutil.which("soffice") is None, reason="LibreOffice is not installed")
def test_libreoffice_opens_the_workbook(tmp_path: Path) -> None:
    from pypdf import PdfReader

    path = _workbook(tmp_path)
    result = subprocess.run(
        ["soffice", "--headless", f"-env:UserInstallation=file://{tmp_path}/lo",
         "--convert-to", "pdf", "--outdir", str(tmp_path), str(path)],
        capture_output=True, text=True, timeout=240, check=False)
    assert result.returncode == 0, result.stderr
    text = "\n".join(p.extract_text() for p in PdfReader(tmp_path / "book.pdf").pages)
    assert "CAPEX" in text and "3,253" in text  # 3,614 USD × 0.9 = 3,252.6 EUR
    assert "Hall B" in text and "Core links" in text


@pytest.mark.parametrize(("lang", "none_said"), [(None, "No problems."), ("zh_CN", "没有问题。")])
def test_problems_sheet_says_there_are_none(tmp_path: Path, lang: str | None,
                                            none_said: str) -> None:
    """A design with no problems had a Problems sheet of headers only (walk of issue
    #15), which reads as an export that failed: one row says there are none, in the
    Message column, under the same headers."""
    design = design_from_dict(priced_file())
    metrics = compute_all(design)
    assert metrics.problems == []
    path = tmp_path / "book.xlsx"
    write_xlsx(design, metrics, path, lang)
    sheet = load_workbook(path).worksheets[SHEETS.index("Problems")]
    table = list(sheet.iter_rows(values_only=True))
    assert len(table) == 2 and len(table[0]) == 4 and all(table[0])
    assert table[1] == (None, None, None, none_said)
    assert sheet.freeze_panes == "A2"


def test_problems_sheet_lists_problems_without_the_none_row(tmp_path: Path) -> None:
    design = small_design()
    metrics = compute_all(design)
    path = tmp_path / "book.xlsx"
    write_xlsx(design, metrics, path)
    table = list(load_workbook(path)["Problems"].iter_rows(min_row=2, values_only=True))
    assert len(table) == len(metrics.problems) == 1
    assert table[0][1] == metrics.problems[0].code and "No problems." not in table[0]
