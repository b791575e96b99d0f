"""The Unicode map of a PDF font: radicals that stand for ideographs are folded back to
the ideographs, glyph ids and other characters untouched (a CMap written by hand in
the form Qt writes)."""

from __future__ import annotations

from model.reports.pdf_unicode import fold_cmap

CMAP = b"""/CIDInit /ProcSet findresource begin
begincmap
1 begincodespacerange
<0000> <FFFF>
endcodespacerange
1 beginbfchar
<2F06> <2F06>
endbfchar
2 beginbfrange
<0000> <0000> <0000>
<0001> <0004> [<2F06> <5206> <2F0A> <0041> ]
<2F00> <2F00> <2E8C>
endbfrange
endcmap
"""


EQUIVALENTS = {0x2F06: 0x4E8C, 0x2F0A: 0x5165}
"""⼆ → 二 and ⼊ → 入, as in Unicode's EquivalentUnifiedIdeograph.txt."""


def test_radicals_become_the_ideographs_they_stand_for() -> None:
    folded = fold_cmap(CMAP, EQUIVALENTS)
    # ⼆ U+2F06 → 二 U+4E8C, ⼊ U+2F0A → 入 U+5165 in an array; 分 U+5206 and A kept
    assert b"<0001> <0004> [<4E8C> <5206> <5165> <0041> ]" in folded
    # a single destination is folded, its source (a glyph id) is not
    assert b"<2F06> <4E8C>\n" in folded
    # ⺌ U+2E8C is not among the equivalents: kept
    assert b"<2F00> <2F00> <2E8C>\n" in folded
    # the code space is left alone
    assert folded.startswith(CMAP.split(b"endcodespacerange")[0])


def test_a_map_without_radicals_is_unchanged() -> None:
    plain = CMAP.replace(b"<2F06> <5206> <2F0A>", b"<4E8C> <5206> <5165>")
    plain = plain.replace(b"<2F06> <2F06>", b"<2F06> <4E8C>")
    assert fold_cmap(plain, EQUIVALENTS) == plain
