"""A Chinese PDF report of figures left out by the time budget says so in Chinese, with
the reason (and its figures) translated, never zeros."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

from pypdf import PdfReader

from gui.export.pdf import write_pdf_report
from tests.gui.test_not_computed import skipped_metrics


def test_chinese_pdf_report_says_not_computed_with_the_reason(qtbot, design,  # type: ignore[no-untyped-def]
                                                              tmp_path: Path) -> None:
    out = tmp_path / "report.pdf"
    write_pdf_report(design, skipped_metrics(design), out, lang="zh_CN")
    text = " ".join(p.extract_text() for p in PdfReader(out).pages)
    # NFKC: Qt writes some ideographs' Unicode as Kangxi radicals; spaces are dropped
    # because the text extractor breaks lines inside sentences.
    text = re.sub(r"\s+", "", unicodedata.normalize("NFKC", text))
    assert "跳数(最短路径经过的交换机数)未计算" in text
    assert "加速卡间跳数:未计算:超出0s的计算时间预算" in text
    assert "二分带宽:未计算:超出0s的计算时间预算" in text
    assert "计算岛间容量未计算:超出0s的计算时间预算" in text
    assert "最大0,平均0.00" not in text
    assert "not computed" not in text.lower()
