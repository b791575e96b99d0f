"""The count-free part of the layout's equipment (model/metrics/equipment_parts.py) and
the per-tier sums of ports and oversubscription (model/metrics/inventory.py), kept by
the engine from one edit to the next.

The guard: every field of an island, rack group, tier and bundle is either read into
:func:`~model.metrics.equipment_parts.design_key` or listed in ``NOT_PARTS``, and
changing it moves the key exactly when it is read. The rows summed by ``bincount``
give the ledger's bill (:func:`model.metrics.cost.bill`) and the power drawn
(:func:`model.metrics.power.power_draw`) bit for bit, on a design with awkward
numbers; ports and oversubscription equal a link-by-link count. After random
sequences of edits, a warm engine gives exactly what a fresh ``Engine()`` gives.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import asdict

import numpy as np
import pytest

from model.design import Design
from model.elements import Island, LinkBundle, Pattern, RackGroup, SwitchTier
from model.errors import DesignError
from model.media_reach import bundle_lengths
from model.metrics import Engine
from model.metrics.bisection.solvers import (
    dragonfly_plus,
    heuristic,
    pod_tree_dp,
    switch_sides_dp,
)
from model.metrics.cost import bill
from model.metrics.engine import resolve_plane
from model.metrics.equipment_parts import (
    NOT_PARTS,
    PARTS_FIELDS,
    counts,
    design_key,
    design_parts,
    drawn,
    priced_bill,
    template,
)
from model.metrics.inventory import oversubscription, plane_topologies, port_use
from model.metrics.memory import Memory, remembering
from model.metrics.power import power_draw
from model.metrics.representation.topology import TierNet, Topology
from model.templates import TEMPLATES
from tests.model.test_engine_layout import _new_value, figures


def test_every_field_is_read_or_listed() -> None:
    for kind in (Island, RackGroup, SwitchTier, LinkBundle):
        read, left = set(PARTS_FIELDS[kind]), NOT_PARTS[kind]
        assert read | left == set(kind.model_fields), kind.__name__
        assert not read & left, kind.__name__


def test_a_field_moves_the_key_exactly_when_it_is_read() -> None:
    design = TEMPLATES["islands"].build(islands=2, gpus_per_island=512, buildings=2)
    changed = []
    for kind in ("island", "rack_group", "tier", "bundle"):
        record = next(iter(design.elements(kind).values()))
        for field in sorted(type(record).model_fields):
            if field == "id":
                continue
            value, found = _new_value(design, record, field)
            if not found:
                continue
            before = design_key(design)
            try:
                design.update(record.id, **{field: value})
            except DesignError:
                continue
            moved = design_key(design) != before
            assert moved == (field in PARTS_FIELDS[type(record)]), f"{kind}.{field}"
            changed.append(f"{kind}.{field}")
            design.update(record.id, **{field: getattr(record, field)})
    assert {"rack_group.count", "tier.count", "bundle.speed_gbps", "bundle.medium",
            "bundle.length_m", "rack_group.name", "island.name"} <= set(changed)


def awkward() -> Design:
    """Two buildings, parts priced at odd figures, links of odd lengths, a medium
    priced nowhere and a bundle between buildings: sums whose order shows."""
    design = TEMPLATES["islands"].build(islands=3, gpus_per_island=512, buildings=2)
    catalog = design.catalog
    media = []
    for i, medium in enumerate(catalog.media):
        price = medium.price
        if price is None:
            media.append(medium)
            continue
        media.append(medium.model_copy(update={"price": price.model_copy(update={
            "usd": price.usd * 1.0137 + 0.1, "usd_per_m": 0.37 + 0.011 * i})}))
    media.append(media[0].model_copy(update={"id": "unpriced-optic", "price": None}))
    switches = [s.model_copy(update={"max_power_w": s.max_power_w * 1.0071 + 0.3})
                for s in catalog.switches]
    design.set_catalog(catalog.model_copy(update={"media": tuple(media),
                                                  "switches": tuple(switches)}))
    for i, bundle in enumerate(design.bundles.values()):
        design.update(bundle.id, length_m=(None if i % 3 == 0 else 3.3 + 7.77 * i))
        if i == 1:
            design.update(bundle.id, medium="unpriced-optic")
    return design


def _planes(design: Design) -> tuple[Topology, list[Topology]]:
    topo = resolve_plane(design, None).topo
    return topo, plane_topologies(topo)


def test_the_rows_sum_as_the_ledger_bit_for_bit() -> None:
    design = awkward()
    for _ in range(3):
        with remembering(Memory()):
            topo, topologies = _planes(design)
            key = design_key(design)
            lengths = design_parts(design, key).lengths
            made = template(topo, topologies, lengths, key)
            counted = counts(topo, topologies)
            got = priced_bill(made, counted)
            n_racks = len(topo.racks)
            servers, switches, optics = drawn(made, counted, n_racks,
                                              2 * n_racks + len(design.tiers))
        want = bill(topo, topologies, bundle_lengths(design))
        assert asdict(got) == asdict(want)
        assert [i.part_id for i in got.items] == [i.part_id for i in want.items]
        assert list(got.by_building) == list(want.by_building)
        assert got.unpriced == want.unpriced and got.unpriced
        draw = power_draw(topo, topologies)
        assert (servers, switches, optics) == (draw.servers_kw, draw.switches_kw,
                                               draw.optics_kw)
        assert list(optics) == list(draw.optics_kw)
        assert made.racks == draw.racks
        group = next(iter(design.rack_groups.values()))
        design.update(group.id, count=group.count - 1)  # a count edit, then again


def _link_by_link(topo: Topology) -> tuple[dict[str, float], dict[str, float],
                                           dict[str, float]]:
    """Per tier: ports used, capacity from below and upward, counted link by link."""
    used = np.zeros(topo.switches)
    down = np.zeros(topo.switches)
    up = np.zeros(topo.switches)
    for b in topo.bundles:
        for end, members, is_upper in ((b.upper, b.upper_member, True),
                                       (b.lower, b.lower_member, False)):
            if not isinstance(end, TierNet):
                continue
            switch = end.offset + members
            if end.model is not None:
                np.add.at(used, switch, b.speed_gbps / end.model.port_speed_gbps)
            below = is_upper and b.pattern is not Pattern.GLOBAL
            np.add.at(down if below else up, switch, b.speed_gbps)
    tiers = topo.tiers.values()
    return ({t.id: float(used[t.offset:t.offset + t.count].sum()) for t in tiers},
            {t.id: float(down[t.offset:t.offset + t.count].sum()) for t in tiers},
            {t.id: float(up[t.offset:t.offset + t.count].sum()) for t in tiers})


@pytest.mark.parametrize("name, parameters", [
    ("dragonfly-plus", {"k": 8}), ("superpod", {"sus": 3, "system": "gb200-nvl72"}),
    ("islands", {"islands": 2, "gpus_per_island": 512, "buildings": 2})])
def test_ports_and_oversubscription_equal_a_link_by_link_count(
        name: str, parameters: dict[str, object]) -> None:
    design = TEMPLATES[name].build(**parameters)
    with remembering(Memory()):
        for _ in range(2):
            topo, topologies = _planes(design)
            used, down, up = _link_by_link(topo)
            ports = port_use(topologies)
            over = oversubscription(topo)
            for tier_id in topo.tiers:
                assert ports[tier_id].used == pytest.approx(used[tier_id])
                assert over[tier_id].down_gbps == pytest.approx(down[tier_id])
                assert over[tier_id].up_gbps == pytest.approx(up[tier_id])
            group = next(iter(design.rack_groups.values()))
            design.update(group.id, count=group.count - 1)


Edit = Callable[[Design, random.Random], None]


def _rack_count(design: Design, rng: random.Random) -> None:
    group = rng.choice(list(design.rack_groups.values()))
    design.update(group.id, count=max(1, group.count + rng.choice((-2, -1, 1))))


def _tier_count(design: Design, rng: random.Random) -> None:
    tier = rng.choice(list(design.tiers.values()))
    design.update(tier.id, count=max(1, tier.count + rng.choice((-1, 1, 2))))


def _speed(design: Design, rng: random.Random) -> None:
    bundle = rng.choice(list(design.bundles.values()))
    design.update(bundle.id, speed_gbps=bundle.speed_gbps * rng.choice((0.5, 0.37, 2.0)))


def _length(design: Design, rng: random.Random) -> None:
    bundle = rng.choice(list(design.bundles.values()))
    design.update(bundle.id, length_m=rng.choice((None, 3.7, 41.3, 1234.5)))


def _medium(design: Design, rng: random.Random) -> None:
    bundle = rng.choice(list(design.bundles.values()))
    design.update(bundle.id, medium=rng.choice([None, *(m.id for m in design.catalog.media)]))


def _links(design: Design, rng: random.Random) -> None:
    bundle = rng.choice(list(design.bundles.values()))
    design.update(bundle.id, links_per_member=max(1, bundle.links_per_member
                                                  + rng.choice((-1, 1))))


def _price(design: Design, rng: random.Random) -> None:
    catalog = design.catalog
    switches = list(catalog.switches)
    i = rng.randrange(len(switches))
    switches[i] = switches[i].model_copy(update={"max_power_w": switches[i].max_power_w
                                                 * rng.choice((0.93, 1.07))})
    design.set_catalog(catalog.model_copy(update={"switches": tuple(switches)}))


EDITS: tuple[Edit, ...] = (_rack_count, _rack_count, _rack_count, _tier_count, _speed,
                           _length, _medium, _links, _price)


SOLVERS = (switch_sides_dp, pod_tree_dp, dragonfly_plus, heuristic)
"""The default solvers but the integer program: a Dragonfly+ a rack-count edit leaves
uneven would take seconds per run on it (the bisection is not under test here; both
engines use the same solvers)."""


@pytest.mark.parametrize("name, parameters", [
    ("superpod", {"sus": 3, "system": "gb200-nvl72"}), ("dragonfly-plus", {"k": 8}),
    ("fat-tree", {"k": 8})])
def test_random_edits_on_a_warm_engine_give_what_a_fresh_one_gives(
        name: str, parameters: dict[str, object]) -> None:
    design = TEMPLATES[name].build(**parameters)
    rng = random.Random(f"{name}-17")
    edits = EDITS
    engine = Engine(SOLVERS)
    engine.compute_all(design)
    done = 0
    while done < 14:
        edit = rng.choice(edits)
        try:
            edit(design, rng)
        except DesignError:
            continue
        done += 1
        warm, fresh = engine.compute_all(design), Engine(SOLVERS).compute_all(design)
        assert figures(warm) == figures(fresh), (done, edit.__name__)
        assert warm.cost == fresh.cost and warm.power == fresh.power
