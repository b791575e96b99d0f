"""How the docks, charts, dialogs and problems panel write numbers: one style everywhere,
commas between thousands ("1,032,192"), no trailing decimals on whole figures ("400G",
not "400.0G"), and a word for the scale of very large counts ("4.8 billion pairs").

Pure functions of numbers (no Qt), so the same text is tested by hand-written
expectations and used wherever a figure reaches a person.
"""

from __future__ import annotations

import math

SCALES: tuple[tuple[float, str], ...] = (
    (1e12, "trillion"), (1e9, "billion"), (1e6, "million"), (1e3, "thousand"))
"""Divisors and words for counts too long to read digit by digit."""


def count_text(n: float) -> str:
    """A whole number with commas between thousands: 1032192 → "1,032,192"."""
    return f"{round(n):,}"


def decimal_text(value: float, digits: int = 1) -> str:
    """A figure with at most ``digits`` decimals and commas between thousands; trailing
    zeros (and a bare point) are dropped: 4915.2 → "4,915.2", 400.0 → "400"."""
    if not math.isfinite(value):
        return "–"
    text = f"{value:,.{digits}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def speed_text(gbps: float) -> str:
    """A link or port speed as people write it: 400 → "400G", 1600 → "1.6T",
    12.5 → "12.5G"."""
    if gbps >= 1000 and gbps % 100 == 0:
        return f"{decimal_text(gbps / 1000, 2)}T"
    return f"{decimal_text(gbps, 2)}G"


def gbps_text(gbps: float) -> str:
    """A speed with its unit spelt out: 800 → "800 Gb/s", 2400.5 → "2,400.5 Gb/s"."""
    return f"{decimal_text(gbps, 2)} Gb/s"


def scale_of(largest: float) -> tuple[float, str]:
    """The divisor and word for an axis whose largest value is ``largest``: billions
    of pairs are counted in billions ("4.8" on an axis of "pairs (billions)"); below ten
    thousand, figures are shown as they are (divisor 1, no word)."""
    for divisor, word in SCALES:
        if largest >= divisor and largest >= 1e4:
            return divisor, word
    return 1.0, ""


def large_count_text(n: float) -> str:
    """A count for a sentence: exact with commas below ten million, else rounded with a
    word ("4.83 billion")."""
    if abs(n) < 1e7:
        return count_text(n)
    for divisor, word in SCALES:
        if abs(n) >= divisor:
            return f"{decimal_text(n / divisor, 2)} {word}"
    return count_text(n)  # pragma: no cover - the loop always returns above 1e7


def pflops_text(pflops: float) -> str:
    """Peak compute in PF to the precision its size needs: whole above 100 ("12,158"),
    one decimal above 1 ("12.3", "1"), two significant digits below ("0.12", "0.0049"),
    so a small island of hosts does not read "0 PF"."""
    if not math.isfinite(pflops):
        return "–"
    if pflops >= 100 or pflops <= 0:
        return count_text(pflops)
    if pflops >= 1:
        return decimal_text(pflops, 1)
    return f"{pflops:.2g}"
