"""CSV text that a spreadsheet opens as data, never as formulas.

A cell beginning with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return is taken
by Excel, LibreOffice and Google Sheets as a formula, so a design element named
``=HYPERLINK("http://…","click")`` would run as one in an exported bill of materials
(CSV injection). Following OWASP's advice for spreadsheet exports, every text cell that
begins with one of those characters — also after leading spaces or line breaks, and in
their full-width forms, which some spreadsheets read alike — is written with a single
quote in front (``'=HYPERLINK(…)``) and kept inside double quotes. Numbers are written
as they are (a negative number is not a formula). Read back with :mod:`csv`, the cell
is the name with one ``'`` in front.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

FORMULA_STARTS = frozenset("=+-@\t\r\uff1d\uff0b\uff0d\uff20")
"""First characters that make a spreadsheet read a cell as a formula (the ASCII ones
OWASP lists, and their full-width forms)."""

_NUMBER = re.compile(r"-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")


def needs_neutralising(cell: str) -> bool:
    """True when a spreadsheet could read ``cell`` as a formula: its first character
    (after spaces and line breaks) starts one, and it is not a plain number."""
    start = cell.lstrip(" \n")
    return bool(start) and start[0] in FORMULA_STARTS and not _NUMBER.fullmatch(cell)


def csv_field(value: object) -> str:
    """One CSV field: a formula-like cell prefixed with ``'`` and quoted; a cell with a
    comma, quote or line break quoted (quotes doubled); anything else as it is."""
    cell = "" if value is None else str(value)
    neutralise = needs_neutralising(cell)
    if neutralise:
        cell = "'" + cell
    if neutralise or any(c in cell for c in ',"\r\n'):
        return '"' + cell.replace('"', '""') + '"'
    return cell


def csv_text(header: Iterable[object], rows: Iterable[Iterable[object]]) -> str:
    """A CSV text (``\\n`` line ends) of a header row and rows, every cell made safe
    with :func:`csv_field`."""
    lines = [",".join(csv_field(cell) for cell in header)]
    lines.extend(",".join(csv_field(cell) for cell in row) for row in rows)
    return "\n".join(lines) + "\n"
