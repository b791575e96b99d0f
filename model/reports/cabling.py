"""The cabling plan: what to pull between which ends, per bundle and, for designs of
up to :data:`PER_LINK_LIMIT` links, per link.

The per-bundle plan lists each bundle of every plane: from → to, links, speed, medium
and part, the length class and metres (see :mod:`model.media_reach`), whether the medium
reaches, and the transceivers it needs. The per-link table follows the engine's own
wiring (:func:`model.metrics.representation.topology.resolve`): the member each link leaves and
reaches, named ``<rack group> rack R server S NIC N`` or ``<tier> #K``, and the port on
each switch, numbered in the order the design's bundles use the switch's ports (a port
faster than the link carries several links: an 800G port is ports ``P/1`` and ``P/2``
for 400G links).

Text cells that a spreadsheet would read as a formula are neutralised as in every CSV
export (:mod:`model.reports.csv_safe`).
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass
from typing import Any

from model.design import Design
from model.errors import ArchipelagoError
from model.media_reach import LENGTH_CLASS_WORDS, bundle_length, transceivers_per_link
from model.metrics.budget import design_links, too_many_links
from model.metrics.inventory import plane_topologies
from model.metrics.representation.topology import RackNet, TierNet, Topology, resolve
from model.reports.atomic import atomic_text
from model.reports.csv_safe import csv_text
from model.reports.labels import Labeller

PER_LINK_LIMIT = 50_000
"""Most links the per-link table lists; larger designs get the per-bundle plan only."""

BUNDLE_COLUMNS = (
    "bundle", "plane", "from", "to", "links", "speed_gbps", "medium", "medium_name",
    "kind", "length_class", "length_m", "reach_m", "reaches", "transceivers",
)
LINK_COLUMNS = (
    "bundle", "link", "from_element", "from_member", "from_port", "to_element",
    "to_member", "to_port", "speed_gbps", "medium", "length_m",
)

@dataclass
class BundlePlan:
    """One row of the per-bundle cabling plan."""

    bundle_id: str
    plane: str
    lower: str
    upper: str
    links: int
    speed_gbps: float
    medium_id: str
    medium_name: str
    kind: str
    length_class: str
    length_m: float
    reach_m: float | None
    reaches: bool | None
    transceivers: int

    def row(self) -> tuple[Any, ...]:
        """The values in the order of :data:`BUNDLE_COLUMNS`."""
        reaches = "" if self.reaches is None else ("yes" if self.reaches else "no")
        return (self.bundle_id, self.plane, self.lower, self.upper, self.links,
                self.speed_gbps, self.medium_id, self.medium_name, self.kind,
                self.length_class, self.length_m, "" if self.reach_m is None else self.reach_m,
                reaches, self.transceivers)


def _topologies(design: Design) -> list[Topology]:
    """Every plane's topology; a plane too large to list is resolved for counts only
    (the per-bundle plan needs counts; the per-link table refuses such designs)."""
    plane = design.settings.plane
    return plane_topologies(resolve(design, plane, too_many_links(design, plane)))


def bundle_plan(design: Design) -> list[BundlePlan]:
    """The per-bundle cabling plan, every plane, bundles in design order."""
    labels = Labeller(design)
    by_id = {b.bundle_id: (t.plane.value, b) for t in _topologies(design) for b in t.bundles}
    out: list[BundlePlan] = []
    for bundle in design.bundles.values():
        if bundle.id not in by_id:
            continue
        plane, net = by_id[bundle.id]
        medium = design.catalog.medium(bundle.medium) if bundle.medium else None
        length = bundle_length(design, bundle)
        out.append(BundlePlan(
            labels.element(bundle.id), plane, labels.element(bundle.lower),
            labels.element(bundle.upper), net.links, bundle.speed_gbps,
            medium.id if medium else "", medium.name if medium else "",
            medium.kind.value if medium else "",
            LENGTH_CLASS_WORDS[length.length_class], length.length_m,
            medium.reach_m if medium else None,
            medium.reach_m >= length.length_m if medium else None,
            net.links * transceivers_per_link(medium) if medium else 0,
        ))
    return out


def _port_label(used_gbps: float, speed: float, port_gbps: float) -> str:
    """The port a link takes when ``used_gbps`` of the switch is already in use."""
    if speed >= port_gbps:
        return str(int(used_gbps // port_gbps) + 1)
    lanes = max(round(port_gbps / speed), 1)
    slot = round(used_gbps / speed)
    return f"{slot // lanes + 1}/{slot % lanes + 1}"


def total_links(design: Design) -> int:
    """Links of every bundle of every plane, counted without listing them."""
    return design_links(design)


def link_table(design: Design, limit: int = PER_LINK_LIMIT) -> list[tuple[Any, ...]]:
    """One row per link (columns :data:`LINK_COLUMNS`), following the engine's wiring.

    Raises :class:`ArchipelagoError` when the design has more than ``limit`` links."""
    count = total_links(design)
    if count > limit:
        raise ArchipelagoError(
            f"the design has {count:,} links; the per-link table is for designs of up to"
            f" {limit:,} links (the per-bundle plan covers any size)")
    topologies = _topologies(design)
    labels = Labeller(design)
    used: dict[tuple[str, int], float] = {}
    rows: list[tuple[Any, ...]] = []

    def switch_end(tier: TierNet, member: int, speed: float) -> tuple[str, str]:
        port_gbps = tier.model.port_speed_gbps if tier.model else speed
        key = (tier.id, member)
        before = used.get(key, 0.0)
        used[key] = before + speed
        return f"{labels.element(tier.id)} #{member + 1}", _port_label(before, speed, port_gbps)

    for topo in topologies:
        for b in topo.bundles:
            bundle = design.bundles[b.bundle_id]
            metres = bundle_length(design, bundle).length_m
            lower_members = b.lower_member.tolist()
            upper_members = b.upper_member.tolist()
            nics = b.nic.tolist() if b.nic is not None else None
            for e in range(b.links):
                low = lower_members[e]
                if isinstance(b.lower, RackNet):
                    spr = b.lower.rack_type.servers_per_rack
                    nic = nics[e] if nics is not None else 0
                    from_member = (f"{labels.element(b.lower.id)} rack {low // spr + 1}"
                                   f" server {low % spr + 1}")
                    from_port = f"NIC {nic + 1}"
                else:
                    from_member, from_port = switch_end(b.lower, low, b.speed_gbps)
                to_member, to_port = switch_end(b.upper, upper_members[e], b.speed_gbps)
                rows.append((labels.element(bundle.id), e + 1, labels.element(b.lower.id),
                             from_member, from_port, labels.element(b.upper.id), to_member,
                             to_port, b.speed_gbps, bundle.medium or "", metres))
    return rows


def _number(value: Any) -> Any:
    if isinstance(value, float) and math.isfinite(value) and value == int(value):
        return int(value)
    return value


def cabling_csv_text(design: Design, per_link: bool = False) -> str:
    """The cabling plan as CSV text: per bundle, or with ``per_link`` one row per link."""
    if per_link:
        return csv_text(LINK_COLUMNS, ([_number(v) for v in row] for row in link_table(design)))
    return csv_text(BUNDLE_COLUMNS,
                    ([_number(v) for v in plan.row()] for plan in bundle_plan(design)))


def write_cabling_csv(design: Design, path: str | os.PathLike[str],
                      per_link: bool = False) -> None:
    """Write :func:`cabling_csv_text` to ``path`` atomically (raises ``ExportError``)."""
    text = cabling_csv_text(design, per_link)
    with atomic_text(path, newline="") as stream:
        stream.write(text)
