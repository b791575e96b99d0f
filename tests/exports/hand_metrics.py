"""A :class:`DesignMetrics` for :func:`tests.exports.designs.small_design` written out by
hand from the counts in that module's docstring, so the report writers can be checked
field by field without the metrics engine."""

from __future__ import annotations

from dataclasses import replace

from model.design import Design
from model.metrics.results import (
    Bisection,
    BisectionCut,
    BuildingPower,
    Compute,
    DesignMetrics,
    Hops,
    Inventory,
    PairCapacity,
    PortUse,
    Power,
    RackPower,
    TierOversubscription,
)
from model.problems import Problem, Severity


def hand_metrics() -> DesignMetrics:
    """Hand-counted metrics of the small design (power: 8 servers × 10 kW, 12 switches ×
    2 kW, 128 transceivers × 12 W)."""
    inventory = Inventory(
        buildings=1,
        islands=1,
        racks=2,
        servers=8,
        accelerators=64,
        accelerators_by_type={"gpu": 64},
        switches_by_tier={"leaf": 8, "spine": 4},
        switches_by_model={"sw64": 12},
        links_by_bundle={"nic-leaf": 64, "leaf-spine": 64},
        transceivers_by_medium={"osfp400": 128},
        ports_by_tier={
            "leaf": PortUse(used=128, available=512, worst_switch_used=16, per_switch=64),
            "spine": PortUse(used=64, available=256, worst_switch_used=16, per_switch=64),
        },
    )
    return DesignMetrics(
        plane="backend",
        inventory=inventory,
        injection_gbps_per_accelerator=400.0,
        oversubscription={
            "leaf": TierOversubscription("leaf", 25_600.0, 25_600.0, 1.0, 1.0),
            "spine": TierOversubscription("spine", 25_600.0, 0.0, None, None),
        },
        bisection=Bisection(
            gbps=12_800.0,
            per_accelerator_gbps=400.0,
            fraction_of_full=1.0,
            exact=True,
            cut=BisectionCut(
                side_a={"racks": 4, "leaf": 8, "spine": 4},
                accelerators_a=32,
                crossing_gbps={"nic-leaf": 12_800.0},
            ),
            full_gbps=12_800.0,
        ),
        island_pairs=[],
        building_pairs=[PairCapacity("hall-a", "hall-a", float("inf"))],
        hops=Hops(
            histogram={1: 224, 3: 1568},
            by_scope={"rack": {1: 96, 3: 672}, "island": {1: 128, 3: 896}},
            scale_up_pairs=224,
            scale_up_by_scope={"server": 224},
            unreachable_pairs=0,
            mean=(224 * 1 + 1568 * 3) / 1792,
            max=3,
        ),
        power=Power(
            buildings={
                "hall-a": BuildingPower(
                    building_id="hall-a",
                    servers_kw=80.0,
                    switches_kw=24.0,
                    transceivers_kw=1.536,
                    allowance_kw=0.0,
                    it_kw=105.536,
                    facility_kw=131.92,
                    capacity_kw=5000.0,
                    utilization=105.536 / 5000,
                    headroom_kw=5000 - 105.536,
                )
            },
            racks={"racks": RackPower("racks", 40.0, 50.0, 0.8)},
            it_kw=105.536,
            facility_kw=131.92,
            capacity_kw=5000.0,
        ),
        compute=Compute(
            by_accelerator_type={"gpu": 64.0},
            by_island={"pod-1": 64.0},
            by_building={"hall-a": 64.0},
            campus_pflops=64.0,
        ),
        problems=[
            Problem(Severity.WARNING, "test-warning", "spine", "Spine has no uplinks"),
        ],
    )


def priced_hand_metrics(design: Design) -> DesignMetrics:
    """:func:`hand_metrics` with the engine's cost figures of ``design`` (the bill of
    materials is read from them; the hand metrics have none)."""
    from model.metrics import compute_all

    return replace(hand_metrics(), cost=compute_all(design).cost)
