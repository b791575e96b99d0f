"""Where a job's ranks land: accelerators of its hosts, and the groups they form.

The campus's accelerators are numbered in design order (rack group by rack group, rack
by rack, server by server). A job takes the first accelerators of its hosts that no
earlier job of the design took; rank *r* runs on the *r*-th of them, the rank's
coordinates (tp, cp, pp, dp) varying in the job's ``rank_order``, fastest first. A
scale-up domain is ``scale_up_domain`` consecutive accelerators of one rack group.

A *group* of an axis is the set of ranks that differ only along that axis (a TP group
all-reduces activations, a DP group reduces gradients). :class:`Placement` gives, for
every group of every axis, where its members stand, as integer labels per accelerator.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from model.design import Design
from model.elements import Building, Island, RackGroup
from model.errors import DesignError
from model.i18n import message
from model.jobs.job import Job

GroupRows = np.ndarray
"""An (groups × members) array of accelerator numbers, one row per group."""


class JobError(DesignError):
    """A job cannot be placed or planned on this design (the message says why)."""


@dataclass(frozen=True)
class CampusSlots:
    """Every accelerator of the campus, numbered in design order, with where it
    stands: ``island``, ``building`` and ``domain`` (scale-up domain) labels, its rack
    group's index, its injection bandwidth (Gb/s, one direction, on ``plane``), its
    scale-up bandwidth and its peak dense BF16 TFLOPS."""

    rack_groups: list[str]
    island_ids: list[str]
    building_ids: list[str]
    rack_group: np.ndarray
    island: np.ndarray
    building: np.ndarray
    domain: np.ndarray
    domain_size: np.ndarray
    injection_gbps: np.ndarray
    scale_up_gbps: np.ndarray
    peak_tflops: np.ndarray
    scale_up_name: dict[int, str] = field(default_factory=dict)
    """Rack group index → words for its scale-up fabric ("8-GPU NVLink")."""

    @property
    def count(self) -> int:
        """Accelerators on the campus."""
        return int(self.rack_group.size)


def campus_slots(design: Design) -> CampusSlots:
    """The campus's accelerators in design order (see :class:`CampusSlots`)."""
    plane = design.settings.plane
    groups = list(design.rack_groups.values())
    island_ids = list(design.islands)
    building_ids = list(design.buildings)
    sizes, domains, inj, up, peak, island, building = [], [], [], [], [], [], []
    names: dict[int, str] = {}
    for index, group in enumerate(groups):
        rack = design.catalog.rack_type(group.rack_type)
        server = design.catalog.server(rack.server) if rack else None
        acc = design.catalog.accelerator(server.accelerator) if server else None
        if rack is None or server is None or acc is None:
            sizes.append(0)
            domains.append(1)
            inj.append(0.0)
            up.append(0.0)
            peak.append(0.0)
            island.append(0)
            building.append(0)
            continue
        per_server = server.accelerators_per_server
        sizes.append(group.count * rack.servers_per_rack * per_server)
        domains.append(server.scale_up_domain)
        links = sum(b.links_per_member * b.speed_gbps for b in design.bundles.values()
                    if b.lower == group.id and design.tiers[b.upper].plane == plane)
        inj.append(links / per_server)
        up.append(server.scale_up_bandwidth_gbps)
        peak.append(acc.bf16_dense_tflops)
        island.append(island_ids.index(group.island))
        building.append(building_ids.index(design.islands[group.island].building))
        fabric = "NVLink" if server.vendor.upper().startswith("NVIDIA") else "scale-up"
        names[index] = f"{server.scale_up_domain}-accelerator {fabric}"
    counts = np.array(sizes, dtype=np.int64)
    rg = np.repeat(np.arange(len(groups), dtype=np.int64), counts)
    local = np.arange(int(counts.sum()), dtype=np.int64) - np.repeat(
        np.cumsum(counts) - counts, counts)
    dom_size = np.repeat(np.array(domains, dtype=np.int64), counts)
    per_group_domains = -(-counts // np.maximum(np.array(domains, dtype=np.int64), 1))
    first_domain = np.repeat(np.cumsum(per_group_domains) - per_group_domains, counts)
    return CampusSlots(
        rack_groups=[g.id for g in groups], island_ids=island_ids,
        building_ids=building_ids, rack_group=rg,
        island=np.repeat(np.array(island, dtype=np.int64), counts),
        building=np.repeat(np.array(building, dtype=np.int64), counts),
        domain=first_domain + local // dom_size, domain_size=dom_size,
        injection_gbps=np.repeat(np.array(inj, dtype=float), counts),
        scale_up_gbps=np.repeat(np.array(up, dtype=float), counts),
        peak_tflops=np.repeat(np.array(peak, dtype=float), counts),
        scale_up_name=names)


def host_rack_groups(design: Design, job: Job) -> list[str]:
    """Ids of the rack groups hosting ``job`` in design order; refuses a host that is
    not a building, island or rack group of the design."""
    if not job.hosts:
        return list(design.rack_groups)
    chosen: set[str] = set()
    for host in job.hosts:
        element = design.element(host)
        if isinstance(element, RackGroup):
            chosen.add(host)
        elif isinstance(element, Island):
            chosen |= {g.id for g in design.rack_groups.values() if g.island == host}
        elif isinstance(element, Building):
            chosen |= {g.id for g in design.rack_groups.values()
                       if design.islands[g.island].building == host}
        else:
            raise JobError(message("jobs", "job {name!r}: host {host!r} is not a building,"
                                   " island or rack group of this design", name=job.name,
                                   host=host), job.id, "hosts")
    return [g for g in design.rack_groups if g in chosen]


@dataclass(frozen=True)
class Placement:
    """A job's accelerators (campus numbers, rank order) and its group rows."""

    job: Job
    accelerators: np.ndarray
    groups: dict[str, GroupRows]
    """Axis (``tp``, ``cp``, ``pp``, ``dp``, ``ep``) → group rows, for axes of degree > 1."""


def place(design: Design, job: Job, slots: CampusSlots,
          taken: np.ndarray | None = None) -> Placement:
    """Lay ``job``'s ranks on the free accelerators of its hosts (``taken`` marks those
    earlier jobs use); raises :class:`JobError` when the hosts have too few."""
    hosts = set(host_rack_groups(design, job))
    index = {g: i for i, g in enumerate(slots.rack_groups)}
    in_hosts = np.isin(slots.rack_group, [index[g] for g in hosts])
    if taken is not None:
        in_hosts &= ~taken
    free = np.flatnonzero(in_hosts)
    need = job.accelerators
    if free.size < need:
        where = (", ".join(job.hosts) if job.hosts
                 else message("jobs", "the campus"))
        other = (message("jobs", " left free by the jobs before it")
                 if taken is not None and taken.any() else "")
        raise JobError(message(
            "jobs", "job {name!r} needs TP × CP × PP × DP = {tp} × {cp} × {pp} × {dp} ="
            " {need:,} accelerators; {where} has {free:,}{other}", name=job.name, tp=job.tp,
            cp=job.cp, pp=job.pp, dp=job.dp, need=need, where=where, free=free.size,
            other=other), job.id, "dp")
    chosen = free[:need]
    axes = job.rank_order.axes
    shape = tuple(job.degree(a) for a in reversed(axes))  # slowest first
    grid = chosen.reshape(shape)
    position = {a: len(axes) - 1 - i for i, a in enumerate(axes)}
    groups: dict[str, GroupRows] = {}
    for axis in ("tp", "cp", "pp"):
        if job.degree(axis) > 1:
            groups[axis] = np.moveaxis(grid, position[axis], -1).reshape(-1, job.degree(axis))
    # Gradients are reduced over DP × CP ranks (they hold the same weights).
    dp_axes = [position["cp"], position["dp"]]
    data = np.moveaxis(grid, dp_axes, [-2, -1]).reshape(-1, job.cp * job.dp)
    if job.cp * job.dp > 1:
        groups["dp"] = data
    if job.ep > 1:
        groups["ep"] = data.reshape(-1, job.ep)
    return Placement(job, chosen, groups)
