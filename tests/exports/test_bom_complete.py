"""The bill of materials is one list in every export: the CSV, the workbook's sheet and
the PDF report's table read the same lines (model.reports.bom.bom_lines). Checked on
the shipped 100K example against counts made by hand from its elements: servers =
racks × servers per rack, racks = the rack groups' counts summed, switches = the
tiers' counts, optical modules = two per link, links = links per member × the lower
end's members. Cable lines never carry a transceiver's part id."""

from __future__ import annotations

import csv
from collections import Counter
from pathlib import Path

import pytest
from openpyxl import load_workbook

from model.design import Design
from model.fileformat import load_design
from model.metrics import compute_all
from model.metrics.results import DesignMetrics
from model.parts import MediumKind
from model.reports.bom import write_bom_csv
from model.reports.xlsx import write_xlsx

EXAMPLE = Path(__file__).resolve().parents[2] / "resources" / "examples" / "campus-100k.json"


@pytest.fixture(scope="module")
def example() -> tuple[Design, DesignMetrics]:
    design = load_design(EXAMPLE)
    return design, compute_all(design)


def read_csv(path: Path) -> list[dict[str, str]]:
    with open(path, encoding="utf-8", newline="") as stream:
        return list(csv.DictReader(stream))


def hand_counts(design: Design) -> Counter[tuple[str, str]]:
    """(category, part id) → quantity, counted from the design's elements."""
    cat = design.catalog
    counts: Counter[tuple[str, str]] = Counter()
    for group in design.rack_groups.values():
        rack = cat.rack_type(group.rack_type)
        assert rack is not None
        counts[("racks", rack.id)] += group.count
        counts[("servers", rack.server)] += group.count * rack.servers_per_rack
    for tier in design.tiers.values():
        counts[("switches", tier.switch)] += tier.count
    for bundle in design.bundles.values():
        if bundle.lower in design.rack_groups:
            rack = cat.rack_type(design.rack_groups[bundle.lower].rack_type)
            assert rack is not None
            members = design.rack_groups[bundle.lower].count * rack.servers_per_rack
        else:
            members = design.tiers[bundle.lower].count
        links = bundle.links_per_member * members
        medium = cat.medium(bundle.medium or "")
        assert medium is not None, "every bundle of the example has a medium"
        if medium.kind is MediumKind.OPTICAL:
            counts[("optics", medium.id)] += 2 * links
        elif medium.kind is MediumKind.AOC:
            counts[("optics", medium.id)] += links
        else:
            counts[("cables", medium.id)] += links
    return counts


def test_the_csv_bill_counts_servers_racks_switches_and_optics_by_hand(
        tmp_path: Path, example: tuple[Design, DesignMetrics]) -> None:
    design, metrics = example
    write_bom_csv(design, metrics, tmp_path / "bom.csv")
    rows = read_csv(tmp_path / "bom.csv")
    counted = {(r["category"], r["part_id"]): float(r["quantity"]) for r in rows
               if r["unit"] != "m"}
    assert counted == dict(hand_counts(design))
    servers = {r["part_id"]: int(r["quantity"]) for r in rows if r["category"] == "servers"}
    racks = {r["part_id"]: int(r["quantity"]) for r in rows if r["category"] == "racks"}
    # the figures: 32 islands of 96 racks of 4 DGX H100 (hand: 3,072 × 4)
    assert servers == {"dgx-h100": 12_288} and racks == {"dgx-h100-x4": 3_072}
    assert racks["dgx-h100-x4"] == sum(g.count for g in design.rack_groups.values())


def test_cable_lines_never_carry_a_transceiver_part_id(
        tmp_path: Path, example: tuple[Design, DesignMetrics]) -> None:
    design, metrics = example
    write_bom_csv(design, metrics, tmp_path / "bom.csv")
    optical = {m.id for m in design.catalog.media if m.kind is MediumKind.OPTICAL}
    cables = [r for r in read_csv(tmp_path / "bom.csv") if r["category"] == "cables"]
    assert cables, "the example's optical links buy fibre"
    for row in cables:
        assert row["part_id"] not in optical, row
        if row["unit"] == "m":  # the fibre of an optical medium's links
            assert row["part_id"].removesuffix("-fibre") in optical
            assert row["name"].startswith("Fibre for ")


def test_the_csv_and_the_workbook_list_the_same_lines(
        tmp_path: Path, example: tuple[Design, DesignMetrics]) -> None:
    design, metrics = example
    write_bom_csv(design, metrics, tmp_path / "bom.csv")
    write_xlsx(design, metrics, tmp_path / "book.xlsx")
    book = load_workbook(tmp_path / "book.xlsx", read_only=True)
    sheet = list(book["Bill of materials"].iter_rows(min_row=2, values_only=True))
    from_book = [(r[0], r[1], r[2], round(float(r[3]), 2), r[4]) for r in sheet]
    from_csv = [(r["category"], r["part_id"], r["name"], round(float(r["quantity"]), 2),
                 r["unit"]) for r in read_csv(tmp_path / "bom.csv")]
    assert from_csv == from_book
    assert {r[0] for r in from_csv} == {"servers", "switches", "optics", "cables", "racks"}
