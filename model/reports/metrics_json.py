"""The metrics of a design as one JSON object with stable keys (DESIGN §7).

``python main.py report --json`` and ``python main.py export --json`` both print
:func:`metrics_to_json`, so the keys are the same everywhere. The stable keys are:

- ``accelerators``, ``servers``, ``racks`` — counts;
- ``switches`` — tier name → switch count;
- ``bisection`` — ``gbps``, ``per_accelerator_gbps``, ``fraction_of_full``, ``exact``,
  ``lower_bound_gbps`` (a proven lower bound on the minimum: ``gbps`` itself when exact,
  ``null`` when the figure is the best cut found and no bound is known) (plus
  ``full_gbps`` and the ``cut``);
- ``hops`` — ``max``, ``mean``, ``histogram`` (hop count → pairs; JSON keys are strings)
  (plus ``by_scope``, ``scale_up_pairs``, ``scale_up_by_scope``, ``unreachable_pairs``);
- ``power`` — building name → ``it_kw``, ``facility_kw``, ``capacity_kw`` (plus the parts
  of IT power, ``utilization`` and ``headroom_kw``);
- ``problems`` — a list of ``{severity, code, element, message}``;
- ``not_computed`` — figure (``hops``, ``bisection``, ``island_pairs``,
  ``building_pairs``) → why the run's time budget left it out (``not computed: too
  large for the 60 s budget …``); empty when every figure was computed. A figure named
  here holds a placeholder: hops ``max`` and ``mean`` are ``null`` and the histogram
  empty, the bisection is its upper bound ``full_gbps`` with ``exact: false``, the
  pairs are an empty list.

Further keys carry every other metric: ``design``, ``plane``, ``buildings``, ``islands``,
``accelerators_by_type``, ``switches_by_model``, ``links``, ``transceivers``, ``ports``,
``injection_gbps_per_accelerator``, ``oversubscription``, ``island_pairs``,
``building_pairs``, ``power_totals``, ``rack_power``, ``compute``, ``reliability``
(:mod:`model.reports.reliability_json`), ``cost`` (US dollars; see
:mod:`model.reports.cost_json`). Bandwidth is Gb/s in
one direction, power kW, compute PFLOPS (peak dense BF16). A figure that is not a finite
number (e.g. the mean hop count of a design with no pairs) is written as ``null``.
Elements are named by their names (``name (id)`` where a name is shared; see
:mod:`model.reports.labels`).
"""

from __future__ import annotations

import json
import math
import os
from typing import Any

from model.design import Design
from model.metrics.results import DesignMetrics, PairCapacity
from model.reports.atomic import atomic_text
from model.reports.cost_json import cost_to_json
from model.reports.labels import Labeller
from model.reports.reliability_json import reliability_to_json

JsonObject = dict[str, Any]


def number(value: float | None) -> float | int | None:
    """A figure as JSON allows it: ints stay ints, non-finite floats become None."""
    if value is None:
        return None
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return value
    return float(value) if math.isfinite(value) else None


def _histogram(histogram: dict[int, int]) -> dict[str, int]:
    return {str(hops): int(pairs) for hops, pairs in sorted(histogram.items())}


def _pairs(pairs: list[PairCapacity], labels: Labeller) -> list[JsonObject]:
    return [
        {"a": labels.element(p.a), "b": labels.element(p.b), "gbps": number(p.gbps)}
        for p in pairs
    ]


def metrics_to_json(design: Design, metrics: DesignMetrics) -> JsonObject:
    """Every metric of ``metrics`` (computed for ``design``) as a JSON-ready dict with
    the stable keys of DESIGN §7 first, in a fixed order."""
    labels = Labeller(design)
    inventory = metrics.inventory
    bisection = metrics.bisection
    hops = metrics.hops
    power = metrics.power
    compute = metrics.compute
    return {
        "design": design.name,
        "plane": str(metrics.plane),
        "accelerators": inventory.accelerators,
        "servers": inventory.servers,
        "racks": inventory.racks,
        "switches": {
            labels.element(tier): count for tier, count in inventory.switches_by_tier.items()
        },
        "bisection": {
            "gbps": number(bisection.gbps),
            "per_accelerator_gbps": number(bisection.per_accelerator_gbps),
            "fraction_of_full": number(bisection.fraction_of_full),
            "exact": bool(bisection.exact),
            "lower_bound_gbps": number(bisection.gbps) if bisection.exact
            else None if bisection.lower_bound_gbps is None
            else number(bisection.lower_bound_gbps),
            "full_gbps": number(bisection.full_gbps),
            "cut": {
                "side_a": {
                    labels.element(group): members
                    for group, members in bisection.cut.side_a.items()
                },
                "accelerators_a": bisection.cut.accelerators_a,
                "crossing_gbps": {
                    labels.element(bundle): number(gbps)
                    for bundle, gbps in bisection.cut.crossing_gbps.items()
                },
            },
        },
        "hops": {
            "max": None if "hops" in metrics.not_computed else hops.max,
            "mean": None if "hops" in metrics.not_computed else number(hops.mean),
            "histogram": _histogram(hops.histogram),
            "by_scope": {scope: _histogram(h) for scope, h in hops.by_scope.items()},
            "scale_up_pairs": hops.scale_up_pairs,
            "scale_up_by_scope": dict(hops.scale_up_by_scope),
            "unreachable_pairs": hops.unreachable_pairs,
        },
        "power": {
            labels.element(b.building_id): {
                "it_kw": number(b.it_kw),
                "facility_kw": number(b.facility_kw),
                "capacity_kw": number(b.capacity_kw),
                "servers_kw": number(b.servers_kw),
                "switches_kw": number(b.switches_kw),
                "transceivers_kw": number(b.transceivers_kw),
                "allowance_kw": number(b.allowance_kw),
                "utilization": number(b.utilization),
                "headroom_kw": number(b.headroom_kw),
            }
            for b in power.buildings.values()
        },
        "problems": [problem.as_dict() for problem in metrics.problems],
        "buildings": inventory.buildings,
        "islands": inventory.islands,
        "accelerators_by_type": {
            labels.part(kind): count for kind, count in inventory.accelerators_by_type.items()
        },
        "switches_by_model": {
            labels.part(model): count for model, count in inventory.switches_by_model.items()
        },
        "links": {
            labels.element(bundle): count for bundle, count in inventory.links_by_bundle.items()
        },
        "transceivers": {
            labels.part(medium): count
            for medium, count in inventory.transceivers_by_medium.items()
        },
        "ports": {
            labels.element(tier): {
                "used": number(use.used),
                "available": use.available,
                "worst_switch_used": number(use.worst_switch_used),
                "per_switch": use.per_switch,
            }
            for tier, use in inventory.ports_by_tier.items()
        },
        "injection_gbps_per_accelerator": number(metrics.injection_gbps_per_accelerator),
        "oversubscription": {
            labels.element(o.tier_id): {
                "down_gbps": number(o.down_gbps),
                "up_gbps": number(o.up_gbps),
                "ratio": number(o.ratio),
                "worst_switch_ratio": number(o.worst_switch_ratio),
            }
            for o in metrics.oversubscription.values()
        },
        "island_pairs": _pairs(metrics.island_pairs, labels),
        "building_pairs": _pairs(metrics.building_pairs, labels),
        "power_totals": {
            "it_kw": number(power.it_kw),
            "facility_kw": number(power.facility_kw),
            "capacity_kw": number(power.capacity_kw),
        },
        "rack_power": {
            labels.element(r.rack_group_id): {
                "per_rack_kw": number(r.per_rack_kw),
                "budget_kw": number(r.budget_kw),
                "utilization": number(r.utilization),
            }
            for r in power.racks.values()
        },
        "compute": {
            "campus_pflops": number(compute.campus_pflops),
            "by_accelerator_type_pflops": {
                labels.part(kind): number(v) for kind, v in compute.by_accelerator_type.items()
            },
            "by_vendor_pflops": {vendor: number(v) for vendor, v in compute.by_vendor.items()},
            "by_island_pflops": {
                labels.element(i): number(v) for i, v in compute.by_island.items()
            },
            "by_building_pflops": {
                labels.element(b): number(v) for b, v in compute.by_building.items()
            },
        },
        "not_computed": dict(metrics.not_computed),
        "reliability": reliability_to_json(metrics.reliability),
        "cost": cost_to_json(design, metrics.cost),
    }


def metrics_json_text(design: Design, metrics: DesignMetrics) -> str:
    """:func:`metrics_to_json` as pretty-printed JSON text (UTF-8 safe, newline-ended)."""
    return json.dumps(metrics_to_json(design, metrics), indent=2, ensure_ascii=False) + "\n"


def write_metrics_json(
    design: Design, metrics: DesignMetrics, path: str | os.PathLike[str]
) -> None:
    """Write :func:`metrics_json_text` to ``path`` atomically (raises ``ExportError``)."""
    text = metrics_json_text(design, metrics)
    with atomic_text(path) as stream:
        stream.write(text)
