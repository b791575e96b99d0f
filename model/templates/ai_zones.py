"""Meta's AI zones: the 24K-GPU RoCE clusters behind Llama 3.

Each pod ("AI zone") is an island of racks of 8-GPU H100 servers (16 GPUs per rack by
default) with one rack switch (RTSW) per rack, wired with the ``rack`` pattern (every
server's 8 NICs to its own rack's switch), and a cluster switch tier (CTSW) joined to the
rack switches by a ``spread`` bundle with one uplink per GPU: full bisection inside the
pod. An aggregation tier (ATSW) for the whole campus joins the pods; each pod's CTSWs
have c·u uplinks chosen so the pod's uplink capacity is its GPU count ÷ the
aggregation oversubscription (1:7 for Meta), within 2 % where the switches allow.

Every count is chosen so each tier is wired evenly, as an architect would draw it, which
is also what makes the bisection exact (:mod:`model.metrics.bisection.pod_dp`). A rack switch's
uplinks reach a run of consecutive CTSWs, so c is either a divisor of a rack's uplinks
(one plane, every RTSW reaching every CTSW alike) or P whole planes of as many CTSWs as a
rack has uplinks (each RTSW reaching one plane; Meta's 48 = 3 planes of 16). Planes
meet only at the ATSWs, whose count is the smallest divisor of a plane's uplinks that
holds every pod's links, so each plane lands evenly on every ATSW; hence P ≤ (ATSW
links) ÷ pods. With a count that only divides the pod's uplinks, planes land unevenly
and the bisection drops below the pods' uplink capacity (662.4 Tb/s instead of 691.2
with Meta's defaults and 27 ATSWs). Counts that wire unevenly inside a pod (a CTSW count
neither dividing nor a multiple of a rack's uplinks, so runs overlap by different
amounts) are never chosen.

Switches are 51.2 Tb/s Tomahawk 5-class boxes (64 × 800G, 128 links of 400G); servers
are DGX H100, standing in for Meta's Grand Teton (same GPUs, NICs and power class).
"""

from __future__ import annotations

import math

from model.catalog import load_builtin_catalog, scaled_rack_type
from model.design import Design
from model.elements import Pattern, Role, Scope
from model.errors import DesignError
from model.i18n import Message, mark, message
from model.parts import Cooling, SwitchModel
from model.templates.base import Param, Template
from model.templates.builder import (
    Builder,
    BuildingPlan,
    island_size,
    size_buildings,
    smallest_divisor_at_least,
)

SWITCH = "th5-51t"
LINK_GBPS = 400.0
TOLERANCE = 0.02
"""Largest accepted relative error of a pod's uplink capacity against the target."""


Candidate = tuple[int, int, int, int]
"""A wiring of a pod's cluster switches: (CTSWs, planes, downlinks per CTSW, uplinks per
CTSW)."""


def _candidates(racks: int, gpus_per_rack: int, pods: int, oversubscription: float,
                links: int) -> list[Candidate]:
    """The even wirings of a pod (see :func:`cluster_switches`), each with the links a
    cluster switch needs down and up (fitting or not)."""
    pod_gpus = racks * gpus_per_rack
    target = pod_gpus / oversubscription
    shapes = [(c, 1, pod_gpus // c) for c in range(1, gpus_per_rack + 1)
              if gpus_per_rack % c == 0]
    shapes += [(p * gpus_per_rack, p, -(-racks // p)) for p in range(2, links // pods + 1)]
    return [(c, planes, down, max(1, round(target / c))) for c, planes, down in shapes]


def most_racks(gpus_per_rack: int, pods: int, oversubscription: float, links: int) -> int:
    """The most racks per pod :func:`cluster_switches` can wire (0 if none). A
    wiring's downlinks and uplinks per cluster switch never fall as racks are added, so
    the pods that fit are exactly those of at most this many racks (found by bisection)."""
    def fits(racks: int) -> bool:
        return any(down + up <= links for _, _, down, up in
                   _candidates(racks, gpus_per_rack, pods, oversubscription, links))

    low, high = 0, max(1, links // pods) * links  # a pod of ``high`` racks never fits
    while high - low > 1:
        middle = (low + high) // 2
        low, high = (middle, high) if fits(middle) else (low, middle)
    return low


def cluster_switches(racks: int, gpus_per_rack: int, pods: int, oversubscription: float,
                     links: int) -> tuple[int, int]:
    """``(c, u)``: CTSW count and uplinks per CTSW for a pod of ``racks`` racks of
    ``gpus_per_rack`` GPUs (one RTSW uplink per GPU) on switches taking ``links`` links,
    aiming at the pod's GPUs ÷ oversubscription uplinks.

    Only counts that wire evenly are candidates, so that every switch of a tier sees the
    same fabric (and the bisection is exact, see :mod:`model.metrics.bisection.pod_dp`):

    - c divides the rack's uplinks: one plane, each RTSW reaching every CTSW equally;
    - c is P planes of ``gpus_per_rack`` CTSWs: each RTSW reaches one whole plane. P is
      at most ``links ÷ pods``, so an ATSW count dividing a plane's uplinks can hold
      every pod's (each plane then lands evenly on every ATSW).

    Preferred, in order: within :data:`TOLERANCE` of the target (else the least error);
    planes that share the racks evenly (P divides the rack count, so every CTSW has as
    many downlinks); the fewest switches. Raises DesignError when no count fits the
    switches' links, saying what the nearest wiring needs and the most racks that fit
    (:func:`most_racks`)."""
    target = racks * gpus_per_rack / oversubscription
    candidates = _candidates(racks, gpus_per_rack, pods, oversubscription, links)
    best: tuple[tuple[bool, float, bool, int], int, int] | None = None
    for c, planes, down, u in candidates:
        if down + u > links:
            continue
        error = abs(c * u - target) / target
        within = error <= TOLERANCE
        key = (not within, 0.0 if within else error, racks % planes != 0, c)
        if best is None or key < best[0]:
            best = (key, c, u)
    if best is None:
        _, planes, down, up = min(candidates, key=lambda k: (k[2] + k[3], -k[1]))
        most_planes = max(1, links // pods)
        values = {"racks": racks, "links": links, "pods": pods, "planes": most_planes,
                  "down": down, "up": up, "needed": down + up,
                  "oversubscription": oversubscription,
                  "most": most_racks(gpus_per_rack, pods, oversubscription, links)}
        raise DesignError(message(
            "templates", "a pod of {racks:,} racks is more than cluster switches of {links}"
            " links can join: with {pods} pods the aggregation tier leaves room for"
            " {planes} planes of cluster switches per pod, and even then a cluster switch"
            " would need {down:,} links down to the rack switches and {up:,} up to the"
            " aggregation tier ({oversubscription:g}:1), {needed:,} in all; at most"
            " {most:,} racks per pod fit; use fewer racks per pod, fewer pods or a higher"
            " --agg-oversubscription", **values) if most_planes > 1 else message(
            "templates", "a pod of {racks:,} racks is more than cluster switches of {links}"
            " links can join: with {pods} pods the aggregation tier leaves room for one"
            " plane of cluster switches per pod, and even then a cluster switch would need"
            " {down:,} links down to the rack switches and {up:,} up to the aggregation"
            " tier ({oversubscription:g}:1), {needed:,} in all; at most {most:,} racks per"
            " pod fit; use fewer racks per pod, fewer pods or a higher"
            " --agg-oversubscription", **values))
    return best[1], best[2]


def links_per_switch(switch: SwitchModel) -> int:
    """The links of :data:`LINK_GBPS` one ``switch`` takes."""
    return int(switch.radix * switch.port_speed_gbps // LINK_GBPS)


def describe_ai_zones(pods: int, racks_per_pod: int, gpus_per_rack: int,
                      agg_oversubscription: float, buildings: int) -> Message:
    """The description of the zones these parameters build, in any language."""
    del buildings  # the zones are described whatever buildings hold them
    switch = load_builtin_catalog().switch(SWITCH)
    assert switch is not None
    c, u = cluster_switches(racks_per_pod, gpus_per_rack, pods, agg_oversubscription,
                            links_per_switch(switch))
    pod_gpus = racks_per_pod * gpus_per_rack
    return message(
        "templates", "Meta-style AI zones (Llama 3 / RoCE at Meta): {pods} pods of {racks}"
        " racks × {gpus_per_rack} H100 = {total:,} GPUs; full bisection in a pod"
        " ({c} cluster switches), aggregation oversubscribed {pod_gpus}:{uplinks}"
        " (≈ {ratio}:1).", pods=pods, racks=racks_per_pod, gpus_per_rack=gpus_per_rack,
        total=pods * pod_gpus, c=c, pod_gpus=pod_gpus, uplinks=c * u,
        ratio=f"{pod_gpus / (c * u):.2f}")


def build_ai_zones(
    pods: int,
    racks_per_pod: int,
    gpus_per_rack: int,
    agg_oversubscription: float,
    buildings: int,
) -> Design:
    """Meta-style AI zones; see the module docstring."""
    if gpus_per_rack % 8:
        raise DesignError(message(
            "templates", "--gpus-per-rack must be a multiple of 8 (8-GPU servers), not"
            " {gpus_per_rack}", gpus_per_rack=gpus_per_rack))
    if buildings > pods:
        raise DesignError(message("templates", "--buildings {buildings} is more than --pods"
                                  " {pods}", buildings=buildings, pods=pods))
    b = Builder(f"AI zones, {pods} pods", "")
    rack_parts = scaled_rack_type("dgx-h100-x2", gpus_per_rack // 8)
    b.use_parts(rack_parts)
    rack_type = rack_parts.rack_types[0].id
    switch = b.use_switch(SWITCH)
    per_switch = links_per_switch(switch)
    local = b.use_medium("optical-400g-osfp").id
    long_reach = b.use_medium("optical-400g-dr4").id
    if 2 * gpus_per_rack > per_switch:
        raise DesignError(message(
            "templates", "a rack switch takes {links} links: --gpus-per-rack {gpus_per_rack}"
            " needs {needed} (one down, one up per GPU)", links=per_switch,
            gpus_per_rack=gpus_per_rack, needed=2 * gpus_per_rack))
    if pods > per_switch:
        raise DesignError(message("templates", "--pods {pods} is more than {links}"
                                  " aggregation links", pods=pods, links=per_switch))
    c, u = cluster_switches(racks_per_pod, gpus_per_rack, pods, agg_oversubscription,
                            per_switch)
    pod_uplinks = c * u
    plane = gpus_per_rack if c % gpus_per_rack == 0 else c  # CTSWs of one plane
    least = math.ceil(pods * pod_uplinks / per_switch)
    agg = smallest_divisor_at_least(plane * u, least)  # ≥ least: see cluster_switches
    b.design.rename(b.design.name, describe_ai_zones(
        pods, racks_per_pod, gpus_per_rack, agg_oversubscription, buildings).render())
    per_building = math.ceil(pods / buildings)
    plan = BuildingPlan(per_building, *island_size(2), tier_levels=1)
    halls = [
        b.building(
            f"building-{n}", f"Building {n}", capacity_kw=1.0, plan=plan, cooling=Cooling.AIR
        )
        for n in range(1, buildings + 1)
    ]
    aggregation = b.wide_tier(
        "aggregation", "Aggregation (ATSW)", halls[0],
        plan=plan, switch=switch.id, count=agg, role=Role.AGGREGATION, level=0,
        scope=Scope.CAMPUS,
    )
    placed = [0] * buildings
    for p in range(1, pods + 1):
        where = (p - 1) * buildings // pods
        pod = b.island(f"pod-{p}", f"AI zone {p}", halls[where], plan.island_xy(placed[where]))
        placed[where] += 1
        b.set_island_levels(pod, 2)
        racks = b.rack_group(f"pod-{p}-racks", f"Zone {p} racks", pod, rack_type, racks_per_pod)
        rtsw = b.island_tier(
            f"pod-{p}-rtsw", f"Zone {p} rack switches", pod,
            switch=switch.id, count=racks_per_pod, role=Role.RACK, level=0,
        )
        ctsw = b.island_tier(
            f"pod-{p}-ctsw", f"Zone {p} cluster switches", pod,
            switch=switch.id, count=c, role=Role.SPINE, level=1,
        )
        b.bundle(
            f"pod-{p}-servers-rtsw", f"Zone {p} servers–RTSW", racks, rtsw,
            links=8, speed_gbps=LINK_GBPS, pattern=Pattern.RACK, medium=local,
        )
        b.bundle(
            f"pod-{p}-rtsw-ctsw", f"Zone {p} RTSW–CTSW", rtsw, ctsw,
            links=gpus_per_rack, speed_gbps=LINK_GBPS, pattern=Pattern.SPREAD, medium=local,
        )
        b.bundle(
            f"pod-{p}-ctsw-atsw", f"Zone {p} CTSW–ATSW", ctsw, aggregation,
            links=u, speed_gbps=LINK_GBPS, pattern=Pattern.SPREAD, medium=long_reach,
        )
    size_buildings(b.design)
    return b.design


TEMPLATE = Template(
    name="ai-zones",
    title=mark("templates", "AI zones (Meta 24K-GPU RoCE cluster)"),
    description=(
        mark(
            "templates",
            "Pods of racks with a switch per rack and full-bisection cluster switches,"
            " joined by an oversubscribed aggregation tier (Meta: 8 pods × 3,072 H100, 1:7).",
        )
    ),
    source=(
        "Llama Team, Meta, 'The Llama 3 Herd of Models' (2024), §3.3.1; A. Gangidi et al.,"
        " 'RDMA over Ethernet for Distributed AI Training at Meta Scale', SIGCOMM 2024."
    ),
    params=(
        Param("pods", int, 8, mark("templates", "AI zones (pods)"), minimum=2, maximum=128),
        Param(
            "racks_per_pod", int, 192, mark("templates", "racks per pod"), minimum=1, maximum=2048
        ),
        Param(
            "gpus_per_rack",
            int,
            16,
            mark("templates", "GPUs per rack, a multiple of 8"),
            minimum=8,
            maximum=64,
        ),
        Param(
            "agg_oversubscription",
            float,
            7.0,
            mark("templates", "pod GPUs ÷ pod uplinks to the aggregation tier"),
            minimum=1,
            maximum=64,
        ),
        Param(
            "buildings",
            int,
            1,
            mark("templates", "buildings the pods are spread over"),
            minimum=1,
            maximum=64,
        ),
    ),
    builder=build_ai_zones,
    describer=describe_ai_zones,
)
