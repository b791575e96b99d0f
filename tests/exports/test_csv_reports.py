"""Metrics CSV and bill-of-materials CSV: columns, rows read back with the csv module,
quantities equal to the hand counts, and atomic writes that never damage a file."""

from __future__ import annotations

import csv
import os
from pathlib import Path

import pytest

from model.metrics import compute_all
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


def test_bill_of_materials_counts_every_part(tmp_path: Path) -> None:
    out = tmp_path / "bom.csv"
    write_bom_csv(small_design(), compute_all(small_design()), out)
    rows = read(out)
    assert tuple(rows[0]) == BOM_COLUMNS
    got = [(r["category"], r["part_id"], r["name"], int(r["quantity"]), r["unit"],
            r["unit_power_w"]) for r in rows]
    # by hand (tests/exports/designs.py): 2 racks × 4 servers of 10 kW; 8 leaves + 4
    # spines of 2 kW; 64 leaf–spine optical links, a 12 W module at each end; 64 DAC
    # cables (0 W); no prices in this catalog, so no fibre is bought by the metre
    assert got == [
        ("servers", "srv", "Test server", 8, "server", "10000"),
        ("switches", "sw64", "Switch 64×400G", 12, "switch", "2000"),
        ("optics", "osfp400", "Optics 400G", 128, "module", "12"),
        ("cables", "dac400", "DAC 400G", 64, "cable", "0"),
        ("racks", "rack", "Test rack", 2, "rack", "0"),
    ]
    described = {r["part_id"]: r["description"] for r in rows}
    assert described["dac400"] == "dac 400G, reach 3 m"
    assert described["srv"] == "Acme, 8 × Test GPU"
    assert described["rack"] == "4 × Test server per rack, 50 kW budget"


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
