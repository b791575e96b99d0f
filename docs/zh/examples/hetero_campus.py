"""Write ``异构园区.json``: a small heterogeneous campus of Chinese and export-grade
accelerators, the picture of docs/zh/README.md (``window-zh-*.png``).

    PYTHONPATH=. .venv/bin/python docs/zh/examples/hetero_campus.py

Four islands in two buildings under one campus core of 64 Huawei CloudEngine XH
64 × 400GE boxes, every island drawn like an island of the ``islands`` template: racks of
4 servers of 8 accelerators ``rail``-wired to G/32 leaves (8 links per server at the
server's NIC speed), 32 links from each leaf ``spread`` over S spines (S = G/32 rounded up
to a multiple of 32, so the links deal evenly), 8 uplinks from each spine ``spread`` over
the core. Accelerators (G): Ascend 910B 4,096 (Atlas 800T A2, 200GE NICs), Ascend 910C
3,840 (ten CloudMatrix384 supernodes of compute racks, 400GE), Cambricon MLU590 2,048
(200GE), NVIDIA H20 2,048 (400GE): 12,032 in all; 3,072 uplinks (S × 8 per island: 1,024,
1,024, 512, 512), 48 per core switch. The NIC speeds are the catalog's
(resources/catalog/servers.json).
"""

from __future__ import annotations

from pathlib import Path

from model.elements import Pattern, Role, Scope
from model.fileformat.writer import save_design
from model.parts import Cooling
from model.templates.builder import Builder, BuildingPlan, island_size

SWITCH = "huawei-ce-xh-64x400g"
CORES = 64
ISLANDS = (  # name, rack type, accelerators, NIC speed (Gb/s), building (from 0)
    ("昇腾 910B", "atlas-800t-a2-x4", 4_096, 200.0, 0),
    ("昇腾 910C", "cloudmatrix-910c-x4", 3_840, 400.0, 0),
    ("寒武纪 MLU590", "mlu590-server-x4", 2_048, 200.0, 1),
    ("英伟达 H20", "h3c-r5500g6-h20-x4", 2_048, 400.0, 1),
)


def build() -> Builder:
    """The campus (see the module docstring)."""
    total = sum(gpus for _n, _r, gpus, _s, _b in ISLANDS)
    b = Builder(f"异构园区：{total:,} 张加速卡",
                "昇腾 910B、昇腾 910C、寒武纪 MLU590 与 H20 四个计算岛，两栋楼，"
                f"园区核心 {CORES} 台华为 CloudEngine XH（64 × 400GE），"
                "每个脊交换机 8 条上行链路。")
    for _n, rack_type, _g, _s, _b in ISLANDS:
        b.use_rack_type(rack_type)
    b.use_switch(SWITCH)
    local = b.use_medium("optical-400g-osfp").id
    long_reach = b.use_medium("optical-400g-dr4").id
    plan = BuildingPlan(2, *island_size(2), tier_levels=1)
    halls = [b.building(f"building-{n}", f"{n} 号楼", capacity_kw=20_000, plan=plan,
                        cooling=Cooling.LIQUID) for n in (1, 2)]
    core = b.wide_tier("core", "园区核心", halls[0], plan=plan, switch=SWITCH, count=CORES,
                       role=Role.CORE, level=0, scope=Scope.CAMPUS)
    placed = [0, 0]
    for i, (name, rack_type, gpus, speed, hall) in enumerate(ISLANDS, start=1):
        island = b.island(f"island-{i}", name, halls[hall], plan.island_xy(placed[hall]))
        placed[hall] += 1
        b.set_island_levels(island, 2)
        racks = b.rack_group(f"island-{i}-racks", f"计算岛 {i} 机柜", island, rack_type,
                             gpus // 32)
        leaf = b.island_tier(f"island-{i}-leaf", f"计算岛 {i} Leaf", island, switch=SWITCH,
                             count=gpus // 32, role=Role.LEAF, level=0)
        spines = -(-gpus // 32 // 32) * 32
        spine = b.island_tier(f"island-{i}-spine", f"计算岛 {i} Spine", island, switch=SWITCH,
                              count=spines, role=Role.SPINE, level=1)
        b.bundle(f"island-{i}-rails", f"计算岛 {i} 机柜 → Leaf", racks, leaf, links=8,
                 speed_gbps=speed, pattern=Pattern.RAIL, medium=local if speed == 400 else None)
        b.bundle(f"island-{i}-leaf-spine", f"计算岛 {i} Leaf → Spine", leaf, spine, links=32,
                 speed_gbps=400.0, pattern=Pattern.SPREAD, medium=local)
        b.bundle(f"island-{i}-spine-core", f"计算岛 {i} Spine → 核心", spine, core, links=8,
                 speed_gbps=400.0, pattern=Pattern.SPREAD, medium=long_reach)
    return b


if __name__ == "__main__":
    save_design(build().design, Path(__file__).with_name("异构园区.json"))
