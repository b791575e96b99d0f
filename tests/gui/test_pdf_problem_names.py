"""The PDF report's problems name their element as the problems panel does, by its
name: the Xvfb walk of issue #15 found the table's Element column reading "racks-2"
where the panel read the rack group's name."""

from __future__ import annotations

import re
from pathlib import Path

from pypdf import PdfReader

from gui.export.pdf import write_pdf_report
from model.metrics import compute_all
from model.templates import TEMPLATES


def test_problems_table_names_the_element(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    design = TEMPLATES["superpod"].build(sus=1, system="dgx-h100")
    design.update("su-1-rails", speed_gbps=200.0, name="Rail wiring")
    metrics = compute_all(design.copy(), None)
    assert "su-1-rails" in {p.element_id for p in metrics.problems}
    out = tmp_path / "report.pdf"
    write_pdf_report(design, metrics, out)
    text = " ".join(p.extract_text() for p in PdfReader(out).pages)
    # the table after the summary's "Problems 1": Severity, Element, Problem
    problems = re.sub(r"\s+", " ", text.split("Severity", 1)[1].split("Bill of materials")[0])
    assert "su-1-rails" not in problems
    # once in the Element column, once quoted in the message ("Bundle 'Rail wiring' …")
    assert problems.count("Rail wiring") >= 2, problems
    assert "'Rail wiring'" in problems
