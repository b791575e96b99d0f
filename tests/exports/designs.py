"""A small design whose figures are counted by hand, shared by the export tests.

One building "Hall A" (5,000 kW, PUE 1.25) holds one island "Pod 1": 2 racks × 4
servers × 8 accelerators = 64 accelerators, 8 × 400G NICs per server. A rail-wired
"Leaf" tier of 8 switches (64 × 400G) takes NIC *i* of every server on leaf *i*
(64 DAC links); a "Spine" tier of 4 switches takes 8 spread uplinks from every leaf
(64 optical links, 2 per leaf–spine pair, 128 transceivers).

Hand counts used by the tests:
- expanded network: 64 NIC nodes + 12 switch nodes = 76 nodes; 64 NIC–leaf links and
  32 distinct leaf–spine pairs (64 links);
- every leaf has 8 links down and 8 up: non-blocking, so the bisection is the full
  N/2 × 400 = 32 × 400 = 12,800 Gb/s;
- pairs: 64·63/2 = 2,016; inside one server (scale-up domain 8): 8 × 28 = 224; same
  rail, different server: 8 rails × C(8,2) = 224 pairs at 1 hop (one leaf); the other
  2,016 − 224 − 224 = 1,568 at 3 hops (leaf, spine, leaf).
"""

from __future__ import annotations

from model.design import Design
from model.elements import Building, Island, LinkBundle, Pattern, RackGroup, Role, SwitchTier
from model.parts import (
    AcceleratorType,
    Catalog,
    Medium,
    MediumKind,
    RackType,
    ServerType,
    SwitchModel,
)

SOURCE = "test figure"


def small_catalog() -> Catalog:
    """The parts of :func:`small_design`."""
    return Catalog(
        accelerators=(
            AcceleratorType(id="gpu", name="Test GPU", vendor="Acme", tdp_w=700,
                            bf16_dense_tflops=1000, source=SOURCE),
        ),
        servers=(
            ServerType(id="srv", name="Test server", vendor="Acme", accelerator="gpu",
                       accelerators_per_server=8, nic_count=8, nic_speed_gbps=400,
                       scale_up_domain=8, scale_up_bandwidth_gbps=3600,
                       max_power_w=10_000, source=SOURCE),
        ),
        rack_types=(
            RackType(id="rack", name="Test rack", server="srv", servers_per_rack=4,
                     power_budget_kw=50, source=SOURCE),
        ),
        switches=(
            SwitchModel(id="sw64", name="Switch 64×400G", vendor="Acme", radix=64,
                        port_speed_gbps=400, typical_power_w=1500, max_power_w=2000,
                        source=SOURCE),
        ),
        media=(
            Medium(id="dac400", name="DAC 400G", kind=MediumKind.DAC, speed_gbps=400,
                   power_w_per_end=0, reach_m=3, source=SOURCE),
            Medium(id="osfp400", name="Optics 400G", kind=MediumKind.OPTICAL,
                   speed_gbps=400, power_w_per_end=12, reach_m=500, source=SOURCE),
        ),
    )


def small_design() -> Design:
    """The 64-accelerator design described in this module's docstring."""
    d = Design("Small test cluster", catalog=small_catalog())
    d.add(Building(id="hall-a", name="Hall A", capacity_kw=5000, pue=1.25,
                    x=0, y=0))
    d.add(Island(id="pod-1", name="Pod 1", building="hall-a", x=30, y=70))
    d.add(RackGroup(id="racks", name="GPU racks", island="pod-1", rack_type="rack", count=2,
                      x=40, y=230))
    d.add(SwitchTier(id="leaf", name="Leaf", switch="sw64", count=8, role=Role.LEAF,
                     island="pod-1", x=20, y=140))
    d.add(SwitchTier(id="spine", name="Spine", switch="sw64", count=4, role=Role.SPINE,
                     island="pod-1", x=20, y=50))
    d.add(LinkBundle(id="nic-leaf", name="NIC to leaf", lower="racks", upper="leaf",
                     links_per_member=8, speed_gbps=400, pattern=Pattern.RAIL,
                     medium="dac400"))
    d.add(LinkBundle(id="leaf-spine", name="Leaf to spine", lower="leaf", upper="spine",
                     links_per_member=8, speed_gbps=400, pattern=Pattern.SPREAD,
                     medium="osfp400"))
    return d
