"""The PDF report carries the reliability table: read back with pypdf, it holds the
hand-counted figures of a small design with chosen rates."""

from __future__ import annotations

import re
from pathlib import Path

from pypdf import PdfReader

from gui.export import export_pdf
from model.metrics import compute_all
from model.reliability_data import ReliabilitySettings
from tests.model.test_reliability import _only, _small_design


def test_pdf_has_the_reliability_table(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    design = _small_design()
    # 32 GPUs at 1/yr, 4 hosts at 2/yr, 2 switches at 1/yr, 32 links at 0.5/yr: 58 a year
    # = 0.16 a day, one every 151.03 h = 6.3 days; job of 16: 29 a year = 0.08 a day
    design.update_settings(reliability=ReliabilitySettings(
        job_accelerators=16, failure_rates=tuple(_only(gpu=1.0, host=2.0, switch=1.0,
                                                       link=0.5))))
    out = tmp_path / "report.pdf"
    export_pdf(design, compute_all(design), out)
    text = re.sub(r"\s+", " ", " ".join(p.extract_text() for p in PdfReader(out).pages))
    for expected in ("Reliability", "Campus interruptions per day 0.16",
                     "Campus mean time between interruptions 6.3 d",
                     "Job (16 accelerators) interruptions per day 0.08",
                     "Goodput (first order / Daly's model)"):
        assert expected in text, expected
