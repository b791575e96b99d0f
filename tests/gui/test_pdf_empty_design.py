"""The PDF report of a design with no accelerators: the ratios per accelerator and the
hop counts read "–" (there is nothing to take them over), as in the metrics dock, while
totals that really are zero read 0."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader

from gui.export.pdf import write_pdf_report
from model.design import Design
from model.metrics import Engine


def test_empty_design_report_has_no_made_up_ratios(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    design = Design()
    out = tmp_path / "empty.pdf"
    write_pdf_report(design, Engine().compute_all(design), out)
    # the text comes out a cell a line, words apart by tabs
    lines = [x.replace("\t", " ").strip()
             for x in PdfReader(out).pages[0].extract_text().splitlines()]

    def value(label: str) -> str:
        return lines[lines.index(label) + 1]

    assert value("Accelerators") == "0"
    assert value("Bisection bandwidth") == "0 Tb/s"
    for label in ("Injection bandwidth per accelerator", "Bisection per accelerator",
                  "Fraction of full bisection", "Hops (switches on a shortest path)"):
        assert value(label) == "–", label
