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


def test_chinese_bill_of_materials_names_switches_and_media_in_chinese(  # type: ignore[no-untyped-def]
        qtbot, tmp_path: Path) -> None:
    """The Chinese example campus's bill (walk of issue #15): its Huawei switches and
    its optics were written as the catalog's English ("Huawei CloudEngine XH-series
    box, … (25.6 Tb/s class)", "400G OSFP multimode optics (SR4), per link end"), in
    the table and inside every cable's description. Model numbers stay as written."""
    from model.fileformat.reader import load_design
    from model.metrics import compute_all

    root = Path(__file__).resolve().parents[2]
    design = load_design(root / "docs/zh/examples/异构园区.json")
    out = tmp_path / "report.pdf"
    write_pdf_report(design, compute_all(design.copy(), None), out, lang="zh_CN")
    pages = [p.extract_text() for p in PdfReader(out).pages]
    bill = re.sub(r"\s+", "", " ".join(pages).split("物料清单", 1)[1])
    for english in ("optics", "perlinkend", "series", "class", "multimode", "single-mode"):
        assert english not in bill, english
    assert "华为CloudEngineXH系列盒式交换机，64×400GE（25.6Tb/s级）" in bill
    assert "400GOSFP多模光模块（SR4），链路每端一个" in bill
    assert "400GOSFP单模光模块（DR4），链路每端一个" in bill
    assert "华为，64×400G端口" in bill and "Huawei" not in bill
