"""The Chinese PDF report drawn by Qt: figures left out by the time budget are said so
in Chinese, with the reason (and its figures) translated, never zeros; the Unicode map
names the ideographs drawn, not their look-alike radicals."""

from __future__ import annotations

import re
from pathlib import Path

from pypdf import PdfReader

from gui.export.pdf import CJK_FAMILY, radical_equivalents, write_pdf_report
from tests.gui.test_not_computed import skipped_metrics


def test_chinese_pdf_report_says_not_computed_with_the_reason(qtbot, design,  # type: ignore[no-untyped-def]
                                                              tmp_path: Path) -> None:
    out = tmp_path / "report.pdf"
    write_pdf_report(design, skipped_metrics(design), out, lang="zh_CN")
    text = " ".join(p.extract_text() for p in PdfReader(out).pages)
    # spaces are dropped: the text extractor breaks lines inside sentences
    text = re.sub(r"\s+", "", text)
    assert "跳数（最短路径经过的交换机数）未计算" in text
    assert "加速卡间跳数：未计算：超出0s的计算时间预算" in text
    assert "二分带宽：未计算：超出0s的计算时间预算" in text
    assert "计算岛间容量未计算：超出0s的计算时间预算" in text
    assert "最大0，平均0.00" not in text
    assert "not computed" not in text.lower()


def test_radicals_are_read_from_the_font_as_unicode_relates_them(qtbot) -> None:  # type: ignore[no-untyped-def]
    table = radical_equivalents(CJK_FAMILY)
    # EquivalentUnifiedIdeograph.txt: ⼆ U+2F06 → 二 U+4E8C, ⼊ U+2F0A → 入 U+5165,
    # ⻆ U+2EC6 (simplified horn) → 角 U+89D2, ⻓ U+2ED3 (simplified long) → 长 U+957F
    assert {r: table.get(r) for r in (0x2F06, 0x2F0A, 0x2EC6, 0x2ED3)} == {
        0x2F06: 0x4E8C, 0x2F0A: 0x5165, 0x2EC6: 0x89D2, 0x2ED3: 0x957F}
    assert all(0x4E00 <= i <= 0x9FFF for i in table.values())
