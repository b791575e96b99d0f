"""How figures are written in the docks, charts, dialogs and problems panel: commas
between thousands, no trailing decimals, a word for very large counts (expectations
written by hand)."""

from __future__ import annotations

import math

import pytest

from gui.numbers import count_text, decimal_text, gbps_text, large_count_text, scale_of, speed_text


@pytest.mark.parametrize(("value", "text"), [
    (0, "0"), (7, "7"), (1000, "1,000"), (98_304, "98,304"), (1_032_192, "1,032,192"),
    (1_032_191.6, "1,032,192"), (-12_345, "-12,345")])
def test_counts_have_commas(value: float, text: str) -> None:
    assert count_text(value) == text


@pytest.mark.parametrize(("value", "digits", "text"), [
    (400.0, 1, "400"), (4915.2, 1, "4,915.2"), (4915.25, 2, "4,915.25"),
    (12.50, 2, "12.5"), (0.0, 3, "0"), (-0.0001, 2, "0"), (2000.0, 6, "2,000"),
    (1.25, 6, "1.25"), (math.nan, 1, "–")])
def test_decimals_drop_trailing_zeros(value: float, digits: int, text: str) -> None:
    assert decimal_text(value, digits) == text


@pytest.mark.parametrize(("gbps", "short", "long"), [
    (400.0, "400G", "400 Gb/s"), (800, "800G", "800 Gb/s"), (1600.0, "1.6T", "1,600 Gb/s"),
    (12.5, "12.5G", "12.5 Gb/s"), (100.0, "100G", "100 Gb/s"), (1000, "1T", "1,000 Gb/s"),
    (1250, "1,250G", "1,250 Gb/s")])
def test_link_speeds_without_trailing_decimals(gbps: float, short: str, long: str) -> None:
    assert speed_text(gbps) == short
    assert gbps_text(gbps) == long


def test_scales_and_large_counts() -> None:
    assert scale_of(9_999) == (1.0, "")
    assert scale_of(262_144) == (1e3, "thousand")
    assert scale_of(4.8e9) == (1e9, "billion")
    assert scale_of(0) == (1.0, "")
    assert large_count_text(9_999_999) == "9,999,999"
    assert large_count_text(4_831_838_208) == "4.83 billion"
    assert large_count_text(25_000_000) == "25 million"
