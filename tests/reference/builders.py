"""Hand-built reference designs, through the model's own operations, with parts defined
here (figures from REFERENCE.md) so the tests do not depend on the shipped catalog.

- :func:`fat_tree`: the k-ary fat-tree of Al-Fares et al. (R1, R2, general k);
- :func:`superpod`: DGX H100 SuperPOD with ``sus`` scalable units (R3);
- :func:`meta_24k`: Meta's 24K-GPU RoCE cluster (R4);
- :func:`small_leaf_spine`: a few single-GPU racks under leaves and spines, for hand
  counts of failures.
"""

from __future__ import annotations

from math import comb

from model.design import Design
from model.elements import (
    Building,
    Island,
    LinkBundle,
    Pattern,
    RackGroup,
    Role,
    Scope,
    SwitchTier,
)
from model.parts import (
    AcceleratorType,
    Catalog,
    Cooling,
    Medium,
    MediumKind,
    RackType,
    ServerType,
    SwitchModel,
)

SRC = "tests/reference (REFERENCE.md)"


def accelerator(part_id: str = "acc", tdp_w: float = 700.0) -> AcceleratorType:
    """A generic accelerator part."""
    return AcceleratorType(
        id=part_id, name=part_id, vendor="test", tdp_w=tdp_w, bf16_dense_tflops=989.0, source=SRC
    )


def switch_model(
    part_id: str, radix: int, port_gbps: float, max_w: float, typical_w: float | None = None
) -> SwitchModel:
    """A switch part."""
    return SwitchModel(
        id=part_id,
        name=part_id,
        vendor="test",
        radix=radix,
        port_speed_gbps=port_gbps,
        typical_power_w=typical_w if typical_w is not None else max_w,
        max_power_w=max_w,
        source=SRC,
    )


def plain_catalog(servers_per_rack: int, accelerators_per_server: int = 1,
                  nics: int = 1) -> Catalog:
    """Parts for hand-built cases: servers ``s`` of generic accelerators with 400G NICs
    and no scale-up, racks ``r`` of ``servers_per_rack`` of them, and a 64-port switch
    ``sw``."""
    return Catalog(
        accelerators=(accelerator(),),
        servers=(ServerType(id="s", name="s", vendor="t", accelerator="acc",
                            accelerators_per_server=accelerators_per_server,
                            nic_count=nics, nic_speed_gbps=400, scale_up_domain=1,
                            scale_up_bandwidth_gbps=0, max_power_w=1000, source="t"),),
        rack_types=(RackType(id="r", name="r", server="s",
                             servers_per_rack=servers_per_rack, power_budget_kw=9,
                             source="t"),),
        switches=(switch_model("sw", 64, 400, 100),),
    )


def small_leaf_spine(racks: int = 4, leaves: int | None = None, spines: int = 4,
                     uplinks: int = 4, links_per_server: int = 1,
                     name: str = "leaf-spine") -> Design:
    """``racks`` racks of 4 single-GPU servers (one 400G NIC each, :func:`plain_catalog`)
    in one island, ``rack`` wiring to ``leaves`` leaves (default one per rack,
    ``links_per_server`` 400G links each), and ``uplinks`` 100G uplinks per leaf dealt
    over ``spines`` spines (spread)."""
    d = Design(name=name)
    d.add_parts(plain_catalog(servers_per_rack=4))
    d.add(Building(id="b", name="B", capacity_kw=1e4))
    d.add(Island(id="i", name="I", building="b"))
    d.add(RackGroup(id="g", name="racks", island="i", rack_type="r", count=racks))
    d.add(SwitchTier(id="leaf", name="leaf", switch="sw",
                     count=racks if leaves is None else leaves, island="i"))
    d.add(SwitchTier(id="spine", name="spine", switch="sw", count=spines, island="i"))
    d.add(LinkBundle(id="down", name="down", lower="g", upper="leaf",
                     links_per_member=links_per_server, speed_gbps=400,
                     pattern=Pattern.RACK))
    d.add(LinkBundle(id="up", name="up", lower="leaf", upper="spine",
                     links_per_member=uplinks, speed_gbps=100))
    return d


def medium(part_id: str, kind: MediumKind, gbps: float, w_per_end: float) -> Medium:
    """A link medium part."""
    return Medium(
        id=part_id,
        name=part_id,
        kind=kind,
        speed_gbps=gbps,
        power_w_per_end=w_per_end,
        reach_m=100.0,
        source=SRC,
    )


def fat_tree_histogram(k: int) -> dict[int, int]:
    """REFERENCE.md 'General k': per host k/2−1, (k/2−1)(k/2), (k−1)k²/4 others at
    1, 3, 5 hops; over unordered pairs, hosts × that ÷ 2."""
    hosts = k**3 // 4
    per_host = {1: k // 2 - 1, 3: (k // 2 - 1) * (k // 2), 5: (k - 1) * k * k // 4}
    return {h: hosts * n // 2 for h, n in per_host.items() if n}


def meta_histogram(pods: int, racks_per_pod: int) -> tuple[int, dict[int, int]]:
    """Hand count for :func:`meta_24k`: scale-up pairs (8 GPUs of a server) and the
    histogram: same rack, other server 1 hop; same pod 3; other pod 5."""
    pod_gpus = racks_per_pod * 16
    scale_up = pods * racks_per_pod * 2 * comb(8, 2)
    same_rack = pods * racks_per_pod * 8 * 8
    same_pod = pods * comb(pod_gpus, 2) - scale_up - same_rack
    return scale_up, {1: same_rack, 3: same_pod, 5: comb(pods, 2) * pod_gpus**2}


def fat_tree(k: int, speed_gbps: float = 10.0, host_w: float = 500.0) -> Design:
    """The k-ary fat-tree: k pods (islands) of k/2 edge + k/2 aggregation switches,
    (k/2)² core switches, one single-accelerator host per edge down-port.

    Each pod is one rack group of k/2 racks × k/2 hosts; the edge tier is wired
    ``rack`` (one edge switch per rack), edge→aggregation ``spread`` with k/2 links
    (one to each aggregation switch), aggregation→core ``spread`` with k/2 links, so
    aggregation switch j of every pod reaches core switches j·k/2 … j·k/2 + k/2 − 1,
    exactly the paper's wiring.
    """
    half = k // 2
    d = Design(name=f"fat-tree k={k}")
    d.add_parts(
        Catalog(
            accelerators=(accelerator(),),
            servers=(
                ServerType(
                    id="host",
                    name="host",
                    vendor="test",
                    accelerator="acc",
                    accelerators_per_server=1,
                    nic_count=1,
                    nic_speed_gbps=speed_gbps,
                    scale_up_domain=1,
                    scale_up_bandwidth_gbps=0,
                    max_power_w=host_w,
                    source=SRC,
                ),
            ),
            rack_types=(
                RackType(
                    id="edge-rack", name="rack", server="host", servers_per_rack=half,
                    power_budget_kw=100, source=SRC,
                ),
            ),
            switches=(switch_model("kport", k, speed_gbps, 300.0),),
        )
    )
    d.add(Building(id="b1", name="Hall", capacity_kw=1e6))
    d.add(SwitchTier(
        id="core", name="core", switch="kport", count=half * half, role=Role.CORE,
        scope=Scope.CAMPUS, building="b1",
    ))
    for p in range(k):
        d.add(Island(id=f"pod{p}", name=f"pod {p}", building="b1"))
        d.add(RackGroup(id=f"hosts{p}", name="hosts", island=f"pod{p}",
                        rack_type="edge-rack", count=half))
        d.add(SwitchTier(id=f"edge{p}", name="edge", switch="kport", count=half,
                         role=Role.LEAF, island=f"pod{p}"))
        d.add(SwitchTier(id=f"agg{p}", name="agg", switch="kport", count=half,
                         role=Role.AGGREGATION, island=f"pod{p}"))
        d.add(LinkBundle(id=f"h-e{p}", name="host-edge", lower=f"hosts{p}", upper=f"edge{p}",
                         links_per_member=1, speed_gbps=speed_gbps, pattern=Pattern.RACK))
        d.add(LinkBundle(id=f"e-a{p}", name="edge-agg", lower=f"edge{p}", upper=f"agg{p}",
                         links_per_member=half, speed_gbps=speed_gbps))
        d.add(LinkBundle(id=f"a-c{p}", name="agg-core", lower=f"agg{p}", upper="core",
                         links_per_member=half, speed_gbps=speed_gbps))
    return d


def dgx_catalog() -> Catalog:
    """H100, DGX H100 (8 GPUs, 8 × 400G NDR, 10.2 kW max), QM9700 (64 × 400G, 1.72 kW
    max, 0.747 kW typical), a passive DAC and a 400G optical module (10 W per end)."""
    return Catalog(
        accelerators=(accelerator("h100", 700.0),),
        servers=(
            ServerType(
                id="dgx-h100", name="DGX H100", vendor="NVIDIA", accelerator="h100",
                accelerators_per_server=8, nic_count=8, nic_speed_gbps=400,
                scale_up_domain=8, scale_up_bandwidth_gbps=3600, max_power_w=10_200,
                source=SRC,
            ),
        ),
        rack_types=(
            RackType(id="dgx-rack4", name="4 DGX", server="dgx-h100", servers_per_rack=4,
                     power_budget_kw=44, cooling=Cooling.AIR, source=SRC),
            RackType(id="meta-rack", name="2 servers", server="dgx-h100",
                     servers_per_rack=2, power_budget_kw=25, source=SRC),
        ),
        switches=(switch_model("qm9700", 64, 400, 1720, 747),),
        media=(
            medium("dac400", MediumKind.DAC, 400, 0.0),
            medium("osfp400", MediumKind.OPTICAL, 400, 10.0),
        ),
    )


def superpod(sus: int = 4, optics: bool = False) -> Design:
    """DGX H100 SuperPOD: ``sus`` scalable units (islands) of 32 DGX (8 racks of 4),
    8 rail leaves per SU (NIC i → leaf i), and 8·sus/2 spines (building scope) with
    every leaf spreading 32 uplinks over them; non-blocking."""
    d = Design(name=f"SuperPOD {sus} SU")
    d.add_parts(dgx_catalog())
    medium_id = "osfp400" if optics else None
    spines = 4 * sus
    d.add(Building(id="dc", name="DC", capacity_kw=5_000, pue=1.25))
    d.add(SwitchTier(id="spine", name="spine", switch="qm9700", count=spines,
                     role=Role.SPINE, scope=Scope.BUILDING, building="dc"))
    for u in range(sus):
        d.add(Island(id=f"su{u}", name=f"SU {u + 1}", building="dc"))
        d.add(RackGroup(id=f"dgx{u}", name="DGX", island=f"su{u}", rack_type="dgx-rack4",
                        count=8))
        d.add(SwitchTier(id=f"leaf{u}", name="leaf", switch="qm9700", count=8,
                         island=f"su{u}"))
        d.add(LinkBundle(id=f"g-l{u}", name="gpu-leaf", lower=f"dgx{u}", upper=f"leaf{u}",
                         links_per_member=8, speed_gbps=400, pattern=Pattern.RAIL,
                         medium=medium_id))
        d.add(LinkBundle(id=f"l-s{u}", name="leaf-spine", lower=f"leaf{u}", upper="spine",
                         links_per_member=32, speed_gbps=400, medium=medium_id))
    return d


META_UPLINKS_PER_CTSW = 27
"""1:7 cannot be met exactly with 400G links (3,072 is not a multiple of 7): 27 × 400G
uplinks per cluster switch against 192 × 400G down is 1 : 7.11."""


def meta_24k(pods: int = 8, racks_per_pod: int = 192) -> Design:
    """Meta's 24K cluster: pods (AI zones) of 192 racks × 2 servers × 8 H100 at 400G;
    a rack switch per rack (16 down, 16 up), 16 cluster switches per pod (one link from
    every rack switch), 27 × 400G uplinks per cluster switch to a 54-switch aggregation
    tier shared by the building (oversubscribed ≈ 1:7 at 192 racks per pod)."""
    d = Design(name="Meta 24K")
    d.add_parts(dgx_catalog())
    d.add(Building(id="dc", name="DC", capacity_kw=60_000))
    d.add(SwitchTier(id="atsw", name="ATSW", switch="qm9700", count=54,
                     role=Role.AGGREGATION, scope=Scope.BUILDING, building="dc"))
    for p in range(pods):
        d.add(Island(id=f"z{p}", name=f"zone {p}", building="dc"))
        d.add(RackGroup(id=f"r{p}", name="racks", island=f"z{p}", rack_type="meta-rack",
                        count=racks_per_pod))
        d.add(SwitchTier(id=f"rtsw{p}", name="RTSW", switch="qm9700", count=racks_per_pod,
                         role=Role.RACK, island=f"z{p}"))
        d.add(SwitchTier(id=f"ctsw{p}", name="CTSW", switch="qm9700", count=16,
                         role=Role.SPINE, island=f"z{p}"))
        d.add(LinkBundle(id=f"s-r{p}", name="srv-rtsw", lower=f"r{p}", upper=f"rtsw{p}",
                         links_per_member=8, speed_gbps=400, pattern=Pattern.RACK))
        d.add(LinkBundle(id=f"r-c{p}", name="rtsw-ctsw", lower=f"rtsw{p}",
                         upper=f"ctsw{p}", links_per_member=16, speed_gbps=400))
        d.add(LinkBundle(id=f"c-a{p}", name="ctsw-atsw", lower=f"ctsw{p}", upper="atsw",
                         links_per_member=META_UPLINKS_PER_CTSW, speed_gbps=400))
    return d
