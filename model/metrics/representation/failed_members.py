"""A rack group's or a bundle's network without the members that are down.

A run given failures (:mod:`model.failures`) resolves each rack group and bundle whole,
then takes out what is down: the racks of a rack group, and of a bundle its own links,
the links of failed switches at either end and the links of servers in racks that are
down. Every metric is then computed on what remains. Called by
:func:`model.metrics.representation.topology.resolve` (imported there when a run has
failures, as this module needs the network classes defined there).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import replace

import numpy as np

from model.metrics.representation.topology import BundleNet, IntArray, RackNet, TierNet


def surviving_racks(whole: RackNet, failed_racks: IntArray) -> RackNet:
    """``whole`` without its ``failed_racks``: the surviving racks, numbered from 0 in
    their order, and which servers of the whole group they are."""
    spr = whole.rack_type.servers_per_rack
    kept = np.setdiff1d(np.arange(whole.racks, dtype=np.int64), failed_racks)
    servers = (kept[:, None] * spr + np.arange(spr, dtype=np.int64)[None, :]).reshape(-1)
    return replace(whole, group=whole.group.model_copy(update={"count": int(kept.size)}),
                   failed=failed_racks.tobytes(), kept_servers=servers,
                   whole_domain=whole.domain)


def remaining_links(bundle: BundleNet, failed_links: IntArray | None) -> BundleNet:
    """``bundle`` without its links that are down: its own ``failed_links`` (numbered
    as listed: lower member by lower member), links of failed switches at either end,
    and links of servers in racks that are down (the surviving servers renumbered)."""
    lower, upper = bundle.lower, bundle.upper
    lower_n = lower.count if isinstance(lower, TierNet) else lower.servers
    failed = ((() if failed_links is None else failed_links.tobytes()),
              lower.failed, upper.failed)
    if bundle.link_count is not None:  # counted only: take out the degrees at failed ends
        return _remaining_counts(bundle, failed_links, failed)
    keep = np.ones(bundle.lower_member.size, dtype=bool)
    if failed_links is not None:
        keep[failed_links] = False
    if upper.failed_members is not None:
        keep &= ~np.isin(bundle.upper_member, upper.failed_members)
    lo = bundle.lower_member
    if isinstance(lower, TierNet):
        if lower.failed_members is not None:
            keep &= ~np.isin(lo, lower.failed_members)
        lo = lo[keep]
    elif lower.kept_servers is not None:
        # the healthy degrees count every server of the whole group
        number = np.full(bundle.lower_degree.size, -1, dtype=np.int64)
        number[lower.kept_servers] = np.arange(lower.kept_servers.size, dtype=np.int64)
        renumbered = number[lo]
        keep &= renumbered >= 0
        lo = renumbered[keep]
    else:
        lo = lo[keep]
    cut_ends = None
    if failed_links is not None and isinstance(lower, TierNet):
        cut_ends = (bundle.lower_member[failed_links], bundle.upper_member[failed_links])
    up = bundle.upper_member[keep]
    nic = bundle.nic[keep] if bundle.nic is not None else None
    return replace(bundle, lower_member=lo, upper_member=up, nic=nic, cut_ends=cut_ends,
                   upper_degree=np.bincount(up, minlength=upper.count),
                   lower_degree=np.bincount(lo, minlength=lower_n), masked=True,
                   failed=failed)


def _remaining_counts(bundle: BundleNet, failed_links: IntArray | None,
                      failed: Hashable) -> BundleNet:
    """:func:`remaining_links` for a bundle counted, not listed: the failed ends' degrees
    set to 0 and the links counted from the lower ends, less the bundle's own failed
    links (a design this large is counted for inventory and power only; links into a
    failed upper switch are taken from the lower ends in proportion)."""
    lower, upper = bundle.lower, bundle.upper
    up_deg = bundle.upper_degree.copy()
    if isinstance(lower, TierNet):
        lo_deg = bundle.lower_degree.copy()
        if lower.failed_members is not None:
            lo_deg[lower.failed_members] = 0
    else:
        lo_deg = np.full(lower.servers, bundle.links_per_member, dtype=np.int64)
    total = max(int(bundle.upper_degree.sum()), 1)
    alive = int(lo_deg.sum())
    if upper.failed_members is not None:
        lost = int(up_deg[upper.failed_members].sum())
        up_deg[upper.failed_members] = 0
        alive -= alive * lost // total
    alive -= 0 if failed_links is None else failed_links.size
    return replace(bundle, upper_degree=up_deg, lower_degree=lo_deg,
                   link_count=max(alive, 0), masked=True, failed=failed)
