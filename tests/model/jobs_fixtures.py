"""Small hand-built campuses for the job tests: islands of servers on one leaf each,
joined by one campus core, every figure of which a test can count by hand."""

from __future__ import annotations

from model.design import Design
from model.elements import Building, Island, LinkBundle, RackGroup, Scope, SwitchTier
from model.parts import AcceleratorType, Catalog, RackType, ServerType, SwitchModel


def catalog(peak_tflops: float = 989.4, scale_up_gbps: float = 3600.0, nics: int = 8,
            nic_gbps: float = 400.0) -> Catalog:
    """One 8-accelerator server type (its own rack), one big switch."""
    return Catalog(
        accelerators=(AcceleratorType(id="acc", name="Acc", vendor="NVIDIA", tdp_w=700,
                                      bf16_dense_tflops=peak_tflops, source="test"),),
        servers=(ServerType(id="srv", name="Server", vendor="NVIDIA", accelerator="acc",
                            accelerators_per_server=8, nic_count=nics,
                            nic_speed_gbps=nic_gbps, scale_up_domain=8,
                            scale_up_bandwidth_gbps=scale_up_gbps, max_power_w=10_000,
                            source="test"),),
        rack_types=(RackType(id="rack", name="Rack", server="srv", servers_per_rack=1,
                             power_budget_kw=50, source="test"),),
        switches=(SwitchModel(id="sw", name="Switch", vendor="x", radix=4096,
                              port_speed_gbps=400, typical_power_w=1000, max_power_w=1500,
                              source="test"),),
    )


def campus(islands: int = 2, servers: list[int] | None = None, uplinks: int = 1,
           buildings: int = 1, nics: int = 8, nic_gbps: float = 400.0,
           scale_up_gbps: float = 3600.0, peak_tflops: float = 989.4) -> Design:
    """``islands`` islands (round-robin over ``buildings``), island *k* holding rack
    groups of ``servers`` servers each, every server wired with ``nics`` links of
    ``nic_gbps`` to its island's leaf, each leaf with ``uplinks`` 400G links to the
    campus core: the capacity between two islands is ``uplinks`` × 400 Gb/s."""
    servers = servers or [2]
    d = Design("jobs test", catalog=catalog(peak_tflops, scale_up_gbps, nics, nic_gbps))
    for b in range(buildings):
        d.add(Building(id=f"b{b + 1}", name=f"Hall {b + 1}", capacity_kw=100_000))
    d.add(SwitchTier(id="core", name="Core", switch="sw", count=1, role="core",
                     scope=Scope.CAMPUS, building="b1"))
    for i in range(islands):
        iid = f"i{i + 1}"
        d.add(Island(id=iid, name=f"Island {i + 1}", building=f"b{i % buildings + 1}"))
        d.add(SwitchTier(id=f"{iid}-leaf", name=f"Leaf {i + 1}", switch="sw", count=1,
                         island=iid))
        for g, count in enumerate(servers):
            gid = f"{iid}-g{g + 1}"
            d.add(RackGroup(id=gid, name=f"Group {gid}", island=iid, rack_type="rack",
                            count=count))
            d.add(LinkBundle(id=f"{gid}-up", name=f"{gid} up", lower=gid,
                             upper=f"{iid}-leaf", links_per_member=nics,
                             speed_gbps=nic_gbps))
        d.add(LinkBundle(id=f"{iid}-core", name=f"{iid} core", lower=f"{iid}-leaf",
                         upper="core", links_per_member=uplinks, speed_gbps=400))
    return d
