"""Make the Chinese text of a PDF copy and search as the characters it shows.

A PDF says which characters its glyphs stand for in each font's ``/ToUnicode`` map.
Qt's PDF writer builds that map by looking the glyph up in the font's character map from
the lowest code point up, so a CJK font that draws 二 (U+4E8C) and the Kangxi radical ⼆
(U+2F06) with one glyph reports the radical: the page shows 二分带宽, but search and
copy see ⼆分带宽, and a search for 二分带宽 finds nothing. :func:`fold_radicals` rewrites
those map entries to the ideograph that shares the radical's glyph in the font (the
caller reads that from the font: :data:`Equivalents`), which is what the report's text
holds: it never writes radicals.
"""

from __future__ import annotations

import io
import os
import re
from collections.abc import Mapping
from pathlib import Path

Equivalents = Mapping[int, int]
"""Radical code point → the ideograph's code point drawn with the same glyph."""

RADICALS = range(0x2E80, 0x2FE0)
"""The CJK Radicals Supplement (U+2E80–2EFF) and the Kangxi radicals (U+2F00–2FDF)."""

_HEX = rb"<[0-9A-Fa-f]{4}>"
_RADICAL = re.compile(rb"<(2[Ee][89A-Fa-f][0-9A-Fa-f]|2[Ff][0-9A-Da-d][0-9A-Fa-f])>")
"""A 4-digit code in the CJK Radicals Supplement (U+2E80–2EFF) or the Kangxi radicals
(U+2F00–2FDF)."""
_ARRAY = re.compile(rb"\[[^\]]*\]")
_SINGLE = re.compile(rb"^((?:" + _HEX + rb"\s+){1,2})(" + _HEX + rb")\s*$", re.MULTILINE)
"""A ``bfchar`` line (source, destination) or a ``bfrange`` line with one destination."""


def fold_cmap(cmap: bytes, equivalents: Equivalents) -> bytes:
    """``cmap`` (a ``/ToUnicode`` CMap program) with every destination that is a radical
    of ``equivalents`` replaced by its ideograph; sources (glyph ids) and the code space
    are left alone."""
    def fold(match: re.Match[bytes]) -> bytes:
        ideograph = equivalents.get(int(match.group(1), 16))
        return match.group(0) if ideograph is None else b"<%04X>" % ideograph

    head, sep, body = cmap.partition(b"endcodespacerange")
    if not sep:
        return cmap
    body = _ARRAY.sub(lambda m: _RADICAL.sub(fold, m.group(0)), body)
    body = _SINGLE.sub(lambda m: m.group(1) + _RADICAL.sub(fold, m.group(2)), body)
    return head + sep + body


def fold_radicals(path: str | os.PathLike[str], equivalents: Equivalents) -> int:
    """Rewrite the PDF at ``path`` in place with its fonts' ``/ToUnicode`` maps folded
    (see :func:`fold_cmap`); returns how many maps changed (the file is untouched when
    none did)."""
    from pypdf import PdfReader, PdfWriter  # only Chinese reports need it

    # read into memory first: the file is written over below
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(Path(path).read_bytes())))
    seen: set[int] = set()
    changed = 0
    for page in writer.pages:
        resources = page.get("/Resources")
        fonts = resources.get_object().get("/Font") if resources is not None else None
        if fonts is None:
            continue
        for reference in fonts.get_object().values():
            font = reference.get_object()
            if "/ToUnicode" not in font:
                continue
            stream = font["/ToUnicode"].get_object()
            if id(stream) in seen:
                continue
            seen.add(id(stream))
            data = stream.get_data()
            folded = fold_cmap(data, equivalents)
            if folded != data:
                stream.set_data(folded)
                changed += 1
    if changed:
        with open(path, "wb") as out:
            writer.write(out)
    return changed
