"""The parts Chinese clusters are built with (issue #21 §2): figures against the published
ones typed in by hand, estimates marked, every domestic accelerator with a server and a
rack; and a heterogeneous campus of Ascend, Cambricon and H20 islands whose compute by
vendor and by type is checked against count × TFLOPS worked out by hand."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from model.catalog import load_builtin_catalog
from model.elements import Pattern, Role
from model.fileformat import save_design
from model.metrics import compute_all
from model.parts import Catalog
from model.reports.metrics_json import metrics_to_json
from model.templates.builder import Builder, BuildingPlan, island_size


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_builtin_catalog()


DOMESTIC = ("mlu370-x8", "mlu590", "hygon-k100-ai", "kunlunxin-p800", "mtt-s4000",
            "metax-c500", "iluvatar-bi-v100", "biren-br100")


def test_china_market_nvidia_parts_match_their_datasheets(catalog: Catalog) -> None:
    # (id, TDP W, dense BF16 TFLOPS as the datasheet prints it: half the sparse figure)
    expected = {"a100-sxm": (400, 624 / 2), "a800-sxm": (400, 624 / 2),
                "h800-sxm": (700, 1979 / 2), "h20": (400, 148)}
    for part_id, (watts, tflops) in expected.items():
        part = catalog.accelerator(part_id)
        assert part is not None, part_id
        assert part.vendor == "NVIDIA"
        assert part.tdp_w == watts
        assert part.bf16_dense_tflops == pytest.approx(tflops, abs=0.5)
    h20 = catalog.accelerator("h20")
    assert h20 is not None and h20.estimate  # press figures, no public datasheet
    # NVLink one way in Gb/s = (GB/s both ways ÷ 2) × 8
    nvlink = {"dgx-a100": 600, "inspur-nf5688m6-a800": 400, "inspur-nf5688g7-h800": 400,
              "h3c-r5500g6-h20": 900}
    for part_id, both_ways_gbyte in nvlink.items():
        server = catalog.server(part_id)
        assert server is not None, part_id
        assert server.scale_up_bandwidth_gbps == both_ways_gbyte / 2 * 8
        assert (server.accelerators_per_server, server.scale_up_domain) == (8, 8)
    dgx = catalog.server("dgx-a100")
    assert dgx is not None
    assert (dgx.nic_count, dgx.nic_speed_gbps, dgx.max_power_w) == (8, 200, 6500)


def test_ascend_parts_checked(catalog: Catalog) -> None:
    c910 = catalog.accelerator("ascend-910c")
    assert c910 is not None and c910.estimate
    assert c910.bf16_dense_tflops == 2 * 376  # two dies of about 376 TFLOPS (Zuo et al.)
    atlas = catalog.server("atlas-800t-a2")
    assert atlas is not None and atlas.estimate
    assert (atlas.accelerator, atlas.accelerators_per_server, atlas.scale_up_domain) == (
        "ascend-910b", 8, 8)
    assert (atlas.nic_count, atlas.nic_speed_gbps) == (8, 200)  # one 200GE RoCE per NPU
    cloudmatrix = catalog.server("cloudmatrix-910c")
    assert cloudmatrix is not None
    assert cloudmatrix.scale_up_domain == 48 * 8 == 384
    assert cloudmatrix.scale_up_bandwidth_gbps == 392 * 8


def test_domestic_accelerators_published_figures(catalog: Catalog) -> None:
    published = {  # vendor datasheets or launch specifications: (TDP W, TFLOPS)
        "mlu370-x8": (250, 96), "mtt-s4000": (450, 100), "iluvatar-bi-v100": (250, 147),
        "biren-br100": (550, 1024)}
    for part_id, (watts, tflops) in published.items():
        part = catalog.accelerator(part_id)
        assert part is not None, part_id
        assert (part.tdp_w, part.bf16_dense_tflops) == (watts, tflops)
    for part_id in ("mlu590", "hygon-k100-ai", "kunlunxin-p800", "metax-c500",
                    "ascend-910b"):
        part = catalog.accelerator(part_id)
        assert part is not None and part.estimate, f"{part_id}: no datasheet, mark it"
        assert "stimate" in part.source


def test_every_domestic_accelerator_has_a_server_and_a_rack(catalog: Catalog) -> None:
    vendors = set()
    for part_id in (*DOMESTIC, "ascend-910b", "a800-sxm", "h800-sxm", "h20"):
        acc = catalog.accelerator(part_id)
        assert acc is not None
        vendors.add(acc.vendor)
        servers = [s for s in catalog.servers if s.accelerator == part_id]
        assert servers, f"no server for {part_id}"
        racks = [r for r in catalog.rack_types if r.server in {s.id for s in servers}]
        assert racks, f"no rack type for {part_id}"
        for rack in racks:
            server = catalog.server(rack.server)
            assert server is not None
            # the budget holds the servers' maximum power (a rack that cannot run is wrong)
            assert rack.servers_per_rack * server.max_power_w / 1000 <= rack.power_budget_kw
    assert vendors >= {"Huawei", "Cambricon", "Hygon", "Kunlunxin", "Moore Threads",
                       "MetaX", "Iluvatar CoreX", "Biren", "NVIDIA"}
    makers = {s.vendor for s in catalog.servers}
    assert {"Huawei", "Inspur", "H3C"} <= makers


def test_chinese_switches_at_25_6_and_51_2_tbps(catalog: Catalog) -> None:
    capacity = {}  # vendor → set of (Tb/s, port speed)
    for switch in catalog.switches:
        if switch.vendor in ("Huawei", "H3C", "Ruijie"):
            assert switch.typical_power_w <= switch.max_power_w
            tbps = switch.radix * switch.port_speed_gbps / 1000
            capacity.setdefault(switch.vendor, set()).add((tbps, switch.port_speed_gbps))
    assert (25.6, 400) in capacity["Huawei"] and (51.2, 800) in capacity["Huawei"]
    assert {(25.6, 400), (51.2, 400), (51.2, 800)} <= capacity["H3C"]
    assert {(25.6, 400), (51.2, 400)} <= capacity["Ruijie"]
    s9827 = catalog.switch("h3c-s9827-128dh")
    assert s9827 is not None and (s9827.radix, s9827.port_speed_gbps) == (128, 400)


def _mixed_campus() -> Builder:
    """One hall, three islands: 32 racks of Atlas 800T A2 (1,024 Ascend 910B), 32 racks
    of MLU590 servers (1,024 MLU590), 16 racks of H3C R5500 G6 (512 H20); each island a
    rail leaf tier, the hall a spine tier."""
    b = Builder("Mixed campus", "Ascend, Cambricon and H20 islands")
    islands = (("isl-ascend", "atlas-800t-a2-x4", 32, 200.0),
               ("isl-cambricon", "mlu590-server-x4", 32, 200.0),
               ("isl-h20", "h3c-r5500g6-h20-x4", 16, 400.0))
    for _, rack_type, _, _ in islands:
        b.use_rack_type(rack_type)
    switch = b.use_switch("h3c-s9827-128dh").id
    plan = BuildingPlan(3, *island_size(1), tier_levels=1)
    hall = b.building("hall", "Hall", capacity_kw=5000, plan=plan)
    spine = b.wide_tier("spine", "Spine", hall, plan=plan, switch=switch, count=8,
                        role=Role.SPINE, level=0)
    for n, (name, rack_type, racks, speed) in enumerate(islands):
        island = b.island(name, name, hall, plan.island_xy(n))
        b.set_island_levels(island, 1)
        group = b.rack_group(f"{name}-racks", f"{name} racks", island, rack_type, racks)
        leaf = b.island_tier(f"{name}-leaf", f"{name} leaf", island, switch=switch,
                             count=8, role=Role.LEAF, level=0)
        b.bundle(f"{name}-rails", f"{name} rails", group, leaf, links=8,
                 speed_gbps=speed, pattern=Pattern.RAIL, medium=None)
        b.bundle(f"{name}-up", f"{name} up", leaf, spine, links=16, speed_gbps=400,
                 pattern=Pattern.SPREAD, medium=None)
    return b


def test_heterogeneous_campus_compute_by_vendor_and_type() -> None:
    design = _mixed_campus().design
    metrics = compute_all(design)
    compute = metrics.compute
    # by hand: accelerators × TFLOPS ÷ 1000
    ascend = 32 * 4 * 8 * 320 / 1000  # 327.68
    cambricon = 32 * 4 * 8 * 314 / 1000  # 321.536
    h20 = 16 * 4 * 8 * 148 / 1000  # 75.776
    assert compute.by_vendor == pytest.approx(
        {"Huawei": ascend, "Cambricon": cambricon, "NVIDIA": h20})
    assert compute.by_accelerator_type == pytest.approx(
        {"ascend-910b": ascend, "mlu590": cambricon, "h20": h20})
    assert compute.campus_pflops == pytest.approx(724.992)
    assert compute.by_island == pytest.approx(
        {"isl-ascend": ascend, "isl-cambricon": cambricon, "isl-h20": h20})
    assert metrics.inventory.accelerators == 1024 + 1024 + 512
    report = json.loads(json.dumps(metrics_to_json(design, metrics)))
    assert report["compute"]["by_vendor_pflops"] == pytest.approx(
        {"Huawei": 327.68, "Cambricon": 321.536, "NVIDIA": 75.776})


def test_rack_groups_of_different_accelerators_share_one_island() -> None:
    """Mixing inside an island: an MLU370-X8 rack group beside the Ascend racks, on the
    same leaves; the island's compute is the sum, each vendor keeps its own."""
    b = _mixed_campus()
    b.use_rack_type("mlu370-x8-server-x4")
    extra = b.rack_group("isl-ascend-mlu", "MLU370 racks", "isl-ascend",
                         "mlu370-x8-server-x4", 8, slot=1)
    b.bundle("isl-ascend-mlu-rails", "MLU370 rails", extra, "isl-ascend-leaf", links=4,
             speed_gbps=200, pattern=Pattern.RAIL, medium=None)
    compute = compute_all(b.design).compute
    mlu370 = 8 * 4 * 8 * 96 / 1000  # 8 racks × 4 servers × 8 cards × 96 TFLOPS = 24.576
    assert compute.by_vendor["Cambricon"] == pytest.approx(321.536 + mlu370)
    assert compute.by_vendor["Huawei"] == pytest.approx(327.68)
    assert compute.by_accelerator_type["mlu370-x8"] == pytest.approx(mlu370)
    assert compute.by_island["isl-ascend"] == pytest.approx(327.68 + mlu370)


def test_report_lists_a_mixed_campus_compute_by_vendor(tmp_path: Path) -> None:
    path = tmp_path / "mixed.json"
    save_design(_mixed_campus().design, path)
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, str(root / "main.py"), "report", str(path)],
                         capture_output=True, text=True, check=True, cwd=root).stdout
    lines = out.splitlines()
    at = lines.index("Compute: 725.0 PFLOPS peak dense BF16")  # 724.992 by hand
    assert lines[at + 1: at + 4] == ["  Huawei: 327.7 PFLOPS", "  Cambricon: 321.5 PFLOPS",
                                     "  NVIDIA: 75.8 PFLOPS"]
