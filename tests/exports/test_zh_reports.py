"""The PDF report and the workbook in Simplified Chinese (``export --lang zh_CN``): read
back with pdftotext, pdffonts and openpyxl; the headings are the catalog's Chinese, the
CJK font is embedded, the figures are the English report's."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from openpyxl import load_workbook

from model.fileformat import design_from_dict
from model.metrics import compute_all
from model.reports.xlsx import build_workbook
from tests.exports.test_cli_export import run_export
from tests.model.test_cost import priced_file

POPPLER = shutil.which("pdftotext") and shutil.which("pdffonts")

SHEETS_ZH = ["概要", "各建筑功耗", "物料清单", "成本明细", "布线方案", "问题"]
"""The sheet names, as the catalog translates them."""


def _priced_design_file(tmp_path: Path) -> Path:
    path = tmp_path / "priced.json"
    path.write_text(json.dumps(priced_file()), encoding="utf-8")
    return path


def _header(sheet: object) -> list[object]:
    return [cell.value for cell in next(sheet.iter_rows(max_row=1))]  # type: ignore[attr-defined]


def test_workbook_in_chinese_has_chinese_sheets_and_headers_and_the_same_figures(
        tmp_path: Path) -> None:
    design = design_from_dict(priced_file())
    metrics = compute_all(design)
    build_workbook(design, metrics).save(tmp_path / "en.xlsx")
    build_workbook(design, metrics, "zh_CN").save(tmp_path / "zh.xlsx")
    english = load_workbook(tmp_path / "en.xlsx")
    book = load_workbook(tmp_path / "zh.xlsx")
    assert book.sheetnames == SHEETS_ZH
    assert _header(book["概要"]) == ["指标", "数值", "单位"]
    assert _header(book["各建筑功耗"])[:3] == ["建筑", "供电容量 (kW)", "服务器 (kW)"]
    assert "资本支出 (EUR)" in _header(book["成本明细"])
    assert _header(book["问题"]) == ["严重程度", "代码", "元素", "说明"]
    summary = [row[0] for row in book["概要"].iter_rows(min_row=2, values_only=True)]
    assert summary[:3] == ["设计", "加速卡", "服务器"]
    assert "3 年总拥有成本（TCO）" in summary  # the design's 3 years, in Chinese words
    # the figures are those of the English workbook, cell for cell
    for name_en, name_zh in zip(english.sheetnames, SHEETS_ZH, strict=True):
        numbers_en = [c.value for row in english[name_en].iter_rows(min_row=2) for c in row
                      if isinstance(c.value, int | float)]
        numbers_zh = [c.value for row in book[name_zh].iter_rows(min_row=2) for c in row
                      if isinstance(c.value, int | float)]
        assert numbers_zh == numbers_en, name_zh


def test_workbook_problems_are_written_in_chinese(tmp_path: Path) -> None:
    data = priced_file()
    data["buildings"][0]["capacity_kw"] = 0.5  # Hall A: IT load over its capacity
    design = design_from_dict(data)
    book = build_workbook(design, compute_all(design), "zh_CN")
    rows = list(book["问题"].iter_rows(min_row=2, values_only=True))
    over = [r for r in rows if r[1] == "building-over-capacity"]
    assert len(over) == 1
    assert over[0][0] == "错误"
    assert "超过其供电容量 0.00 MW" in over[0][3]


def _pdf_text(path: Path) -> str:
    """The PDF's text as pdftotext reads it: what a reader's search and copy see."""
    return subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True,
                          check=True).stdout


def _embedded_fonts(path: Path) -> dict[str, str]:
    """Font name (subset prefix removed) → "yes"/"no" embedded, from pdffonts."""
    lines = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True,
                           check=True).stdout.splitlines()[2:]
    fonts = {}
    for line in lines:
        words = line.split()
        name = words[0].split("+")[-1]
        fonts[name] = words[-5]  # columns: … emb sub uni object ID
    return fonts


@pytest.mark.skipif(not POPPLER, reason="needs poppler's pdftotext and pdffonts")
def test_export_lang_zh_cn_writes_a_chinese_pdf_with_an_embedded_cjk_font(
        tmp_path: Path) -> None:
    design = _priced_design_file(tmp_path)
    pdf, xlsx = tmp_path / "zh.pdf", tmp_path / "zh.xlsx"
    result = run_export(str(design), "--pdf", str(pdf), "--xlsx", str(xlsx),
                        "--lang", "zh_CN")
    assert result.returncode == 0, result.stderr
    text = _pdf_text(pdf)
    for heading in ("关键指标", "交换机层", "各建筑功耗", "成本（EUR）", "二分带宽与跳数",
                    "问题", "物料清单", "后端平面", "每加速卡注入带宽"):
        assert heading in text, heading
    # Qt alone maps 二, 入, 大… to their look-alike Kangxi radicals (⼆, ⼊, ⼤)
    assert not any(0x2E80 <= ord(c) <= 0x2FDF for c in text)
    assert "Headline figures" not in text
    assert "Priced" in text  # the design's own name is kept
    fonts = _embedded_fonts(pdf)
    assert fonts.get("NotoSansCJKsc-Regular") == "yes", fonts
    assert load_workbook(xlsx).sheetnames == SHEETS_ZH


@pytest.mark.skipif(not POPPLER, reason="needs poppler's pdftotext and pdffonts")
def test_export_without_lang_is_english_without_a_cjk_font(tmp_path: Path) -> None:
    design = _priced_design_file(tmp_path)
    pdf = tmp_path / "en.pdf"
    assert run_export(str(design), "--pdf", str(pdf)).returncode == 0
    text = _pdf_text(pdf)
    assert "Headline figures" in text and "Bill of materials" in text
    assert not any("CJK" in name for name in _embedded_fonts(pdf))


def test_export_refuses_a_language_it_has_no_catalog_for(tmp_path: Path) -> None:
    design = _priced_design_file(tmp_path)
    result = run_export(str(design), "--xlsx", str(tmp_path / "x.xlsx"), "--lang", "fr")
    assert result.returncode == 2
    assert result.stderr.strip() == (
        "error: no translation for language 'fr'; languages are en, zh_CN")
    assert not (tmp_path / "x.xlsx").exists()


def test_the_setup_installs_the_font_the_chinese_report_is_drawn_with() -> None:
    """tools/bootstrap.sh installs fonts-noto-cjk with Qt's libraries; where it is
    installed, fontconfig knows the family the PDF asks for."""
    script = (Path(__file__).resolve().parents[2] / "tools" / "bootstrap.sh").read_text()
    packages = script.split("qt_debs=(", 1)[1].split(")", 1)[0].split()
    assert "fonts-noto-cjk" in packages
    if shutil.which("fc-list") and shutil.which("dpkg-query"):
        status = subprocess.run(["dpkg-query", "-W", "-f=${Status}", "fonts-noto-cjk"],
                                capture_output=True, text=True, check=False).stdout
        if "install ok installed" in status:
            families = subprocess.run(["fc-list", ":lang=zh-cn", "family"],
                                      capture_output=True, text=True, check=True).stdout
            assert "Noto Sans CJK SC" in families


def test_workbook_in_chinese_names_the_built_in_parts_as_the_pdf_does(tmp_path: Path) -> None:
    """The Chinese workbook kept the catalog's English part names while the Chinese PDF
    translated them; now its bill of materials and cabling plan read as the PDF's (the
    Chinese below written by hand, from i18n/model_zh_CN.ts's wording)."""
    from model.templates.superpod import build_superpod

    design = build_superpod(1, "dgx-h100")
    metrics = compute_all(design)
    chinese = build_workbook(design, metrics, "zh_CN")
    names = {row[1]: row[2] for row in chinese["物料清单"].iter_rows(min_row=2, values_only=True)}
    multimode = "400G OSFP 多模光模块（SR4），链路每端一个"
    single_mode = "400G OSFP 单模光模块（DR4），链路每端一个"
    assert names == {
        "dgx-h100": "NVIDIA DGX H100",
        "qm9700": "NVIDIA Quantum-2 QM9700（NDR InfiniBand）",
        "optical-400g-osfp": multimode,
        "optical-400g-dr4": single_mode,
        "optical-400g-osfp-fibre": f"光纤，用于 {multimode}",
        "optical-400g-dr4-fibre": f"光纤，用于 {single_mode}",
        "dgx-h100-x4": "4× DGX H100，风冷",
    }
    media = {row[7] for row in chinese["布线方案"].iter_rows(min_row=2, values_only=True)}
    assert media == {multimode, single_mode}
    # English keeps the catalog's names
    english = build_workbook(design, metrics)
    names_en = {row[1]: row[2] for row in
                english["Bill of materials"].iter_rows(min_row=2, values_only=True)}
    assert names_en["dgx-h100-x4"] == "4× DGX H100, air-cooled"
    assert names_en["optical-400g-osfp-fibre"] == \
        "Fibre for 400G OSFP multimode optics (SR4), per link end"
    # a part of the user's own catalog keeps its name in Chinese too
    own = design_from_dict(priced_file())
    own_names = {row[2] for row in build_workbook(own, compute_all(own), "zh_CN")[
        "物料清单"].iter_rows(min_row=2, values_only=True)}
    assert "S" in own_names
