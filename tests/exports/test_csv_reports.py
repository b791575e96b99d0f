"""Metrics CSV and bill-of-materials CSV: columns, rows read back with the csv module,
quantities equal to the hand counts, and atomic writes that never damage a file."""

from __future__ import annotations

import csv
import os
from pathlib import Path

import pytest

from model.reports.atomic import ExportError
from model.reports.bom import BOM_COLUMNS, write_bom_csv
from model.reports.metrics_csv import COLUMNS, write_metrics_csv
from tests.exports.designs import small_design
from tests.exports.hand_metrics import hand_metrics


def read(path: Path) -> list[dict[str, str]]:
    with open(path, encoding="utf-8", newline="") as stream:
        return list(csv.DictReader(stream))


def test_metrics_csv_columns_and_figures(tmp_path: Path) -> None:
    out = tmp_path / "metrics.csv"
    write_metrics_csv(small_design(), hand_metrics(), out)
    rows = read(out)
    assert tuple(rows[0]) == COLUMNS
    table = {(r["section"], r["item"], r["field"]): (r["value"], r["unit"]) for r in rows}
    assert table[("accelerators", "", "accelerators")] == ("64", "")
    assert table[("switches", "Leaf", "count")] == ("8", "switches")
    assert table[("switches", "Spine", "count")] == ("4", "switches")
    assert table[("bisection", "", "gbps")] == ("12800.0", "Gb/s")
    assert table[("bisection", "", "exact")] == ("true", "")
    assert table[("hops", "histogram/3", "pairs")] == ("1568", "pairs")
    assert table[("hops", "by_scope/rack/1", "pairs")] == ("96", "pairs")
    assert table[("hops", "", "max")] == ("3", "hops")
    assert table[("power", "Hall A", "it_kw")] == ("105.536", "kW")
    assert table[("oversubscription", "Spine", "ratio")] == ("", "down:up")
    assert table[("compute", "by_island_pflops/Pod 1", "pflops")] == ("64.0", "PFLOPS")
    assert table[("problems", "1", "code")] == ("test-warning", "")
    assert len(table) == len(rows), "every row names a different figure"


def test_bill_of_materials_counts_switches_transceivers_and_cables(tmp_path: Path) -> None:
    out = tmp_path / "bom.csv"
    write_bom_csv(small_design(), hand_metrics(), out)
    rows = read(out)
    assert tuple(rows[0]) == BOM_COLUMNS
    got = [(r["category"], r["name"], int(r["quantity"])) for r in rows]
    assert got == [
        ("switch", "Switch 64×400G", 12),
        ("transceiver", "Optics 400G", 128),
        ("cable", "NIC to leaf", 64),
        ("cable", "Leaf to spine", 64),
    ]
    cables = {r["name"]: r["description"] for r in rows if r["category"] == "cable"}
    assert cables["NIC to leaf"] == "GPU racks → Leaf, 400G, DAC 400G (dac)"
    assert rows[0]["unit_power_w"] == "2000"
    assert rows[1]["unit_power_w"] == "12"


def test_failed_write_leaves_the_existing_file_byte_identical(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "bom.csv"
    out.write_bytes(b"precious\r\n")

    def refuse(src: str, dst: str) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(ExportError, match="permission denied"):
        write_bom_csv(small_design(), hand_metrics(), out)
    assert out.read_bytes() == b"precious\r\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bom.csv"], "no temp file left"


def test_missing_folder_is_named(tmp_path: Path) -> None:
    with pytest.raises(ExportError, match="does not exist"):
        write_metrics_csv(small_design(), hand_metrics(), tmp_path / "nowhere" / "m.csv")


def test_full_disk_is_reported_and_nothing_is_left(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "m.csv"
    real_fsync = os.fsync

    def full(fd: int) -> None:
        real_fsync(fd)
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(ExportError, match="no space left"):
        write_metrics_csv(small_design(), hand_metrics(), out)
    assert list(tmp_path.iterdir()) == []
