"""What the published rail-optimized Clos templates (Alibaba HPN, CloudMatrix384,
ByteDance MegaScale) build alike: an island of hosts whose NIC *i* goes to leaf *i*
(the ``rail`` pattern), and a core tier sized as the smallest count that takes every
island's uplinks evenly.

Each template keeps its own ids and names (they are in saved designs and sweep
results): an island ``ID`` holds ``ID-<hosts>``, ``ID-<leaf>`` and the bundle
``ID-<rails>``, named ``<short> <word>``, e.g. ``P1 S2 ToR``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from model.elements import Pattern, Role
from model.templates.builder import Builder


@dataclass(frozen=True)
class RailIsland:
    """The ids of one rail island's island, rack group and leaf tier."""

    island: str
    hosts: str
    leaf: str


def plural(count: int, word: str) -> str:
    """``1 pod``, ``2 pods``."""
    return f"{count} {word}{'s' if count != 1 else ''}"


def core_count(group_uplinks: int, step: int, links: int, per_switch: int) -> int | None:
    """C: the smallest multiple of ``step`` that divides ``group_uplinks`` (so every
    group of that many uplinks spreads evenly over the core) and holds ``links`` links
    at ``per_switch`` per switch; None when no such count exists."""
    least = math.ceil(links / per_switch)
    for count in range(step, group_uplinks + 1, step):
        if group_uplinks % count == 0 and count >= least:
            return count
    return None


def rail_island(
    b: Builder,
    hall: str,
    xy: tuple[float, float],
    *,
    island: str,
    title: str,
    short: str,
    rack_type: str,
    racks: int,
    switch: str,
    leaves: int,
    links: int,
    speed_gbps: float,
    medium: str | None,
    levels: int = 1,
    hosts: tuple[str, str] = ("racks", "racks"),
    leaf: tuple[str, str] = ("leaf", "leaf"),
    rails: tuple[str, str] = ("rails", "rails"),
) -> RailIsland:
    """Add island ``island`` (named ``title``) at ``xy`` in ``hall`` with ``levels``
    tiers stacked: ``racks`` racks of ``rack_type`` and a leaf tier of ``leaves``
    switches at level 0, each host's ``links`` ports wired ``rail`` to it at
    ``speed_gbps``. ``hosts``, ``leaf`` and ``rails`` are each element's id suffix and
    name word (see the module docstring)."""
    b.island(island, title, hall, xy)
    b.set_island_levels(island, levels)
    group = b.rack_group(f"{island}-{hosts[0]}", f"{short} {hosts[1]}", island, rack_type,
                         racks)
    tier = b.island_tier(f"{island}-{leaf[0]}", f"{short} {leaf[1]}", island, switch=switch,
                         count=leaves, role=Role.LEAF, level=0)
    b.bundle(f"{island}-{rails[0]}", f"{short} {rails[1]}", group, tier, links=links,
             speed_gbps=speed_gbps, pattern=Pattern.RAIL, medium=medium)
    return RailIsland(island, group, tier)
