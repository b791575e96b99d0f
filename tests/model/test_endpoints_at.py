"""``Endpoints.at`` (incidences read from the blocks, blocks of one shape read
together) equals the whole arrays made block by block (``inc_acc``, ``inc_member``,
``inc_gbps``), on designs whose rack groups share parts (SuperPOD SUs, Dragonfly+
groups) and on a campus of islands that differ."""

from __future__ import annotations

import numpy as np
import pytest

from model.design import Design
from model.metrics.memory import Memory, remembering
from model.metrics.representation.endpoints import build_endpoints
from model.metrics.representation.topology import resolve
from model.templates import TEMPLATES
from tests.reference.campuses import heterogeneous_campus

DESIGNS = {
    "superpod": lambda: TEMPLATES["superpod"].build(sus=4),
    "superpod-gb200": lambda: TEMPLATES["superpod"].build(sus=3, system="gb200-nvl72"),
    "dragonfly-plus": lambda: TEMPLATES["dragonfly-plus"].build(k=8),
    "fat-tree": lambda: TEMPLATES["fat-tree"].build(k=8),
    "heterogeneous": heterogeneous_campus,
}


@pytest.mark.parametrize("name", DESIGNS)
def test_at_equals_the_whole_arrays(name: str) -> None:
    design: Design = DESIGNS[name]()
    if name == "superpod":  # one SU a rack smaller: its part differs from the others'
        group = next(iter(design.rack_groups.values()))
        design.update(group.id, count=group.count - 1)
    rng = np.random.default_rng(7)
    with remembering(Memory()):  # rack groups of one shape share their parts
        topo = resolve(design)
        whole = build_endpoints(topo)
    n = whole.incidences
    assert len({id(b.member) for b in whole.inc_blocks}) < len(whole.inc_blocks) or \
        name in ("fat-tree", "heterogeneous")
    for field in ("inc_acc", "inc_member", "inc_gbps"):
        listed = getattr(whole, field)
        for index in (rng.integers(0, n, 200), np.arange(n)[::-1].copy(),
                      np.array([n - 1, 0, n - 1]), np.zeros(0, dtype=np.int64)):
            with remembering(Memory()):
                read = build_endpoints(topo).at(field, index)  # whole arrays not made
            assert read.dtype == listed.dtype
            assert np.array_equal(read, listed[index]), field
