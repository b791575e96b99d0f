"""Every template builds a design whose media reach their links: a user who just made a
design from a template must not meet red connectors and reach warnings."""

from __future__ import annotations

import pytest

from model.media_reach import bundle_length, reach_problems
from model.templates import TEMPLATES, template


@pytest.mark.parametrize("name", sorted(TEMPLATES))
def test_every_template_at_its_defaults_has_no_reach_problem(name: str) -> None:
    d = TEMPLATES[name].build()
    assert [p.message for p in reach_problems(d)] == []


@pytest.mark.parametrize(
    ("sus", "system"),
    [(1, "dgx-h100"), (4, "dgx-h100"), (8, "dgx-b200"), (16, "dgx-h100"), (12, "gb200-nvl72")],
)
def test_superpod_sizes_and_systems_have_no_reach_problem(sus: int, system: str) -> None:
    d = template("superpod").build(sus=sus, system=system)
    assert [p.message for p in reach_problems(d)] == []


def test_superpod_hall_links_use_single_mode_optics_that_reach_150_m() -> None:
    # 16 SUs: three tiers; each SU's spine–core bundle runs to the hall's core tier in
    # another part of the building, estimated 150 m. The catalog's 400G parts reaching
    # that far are DR4 (500 m), FR4 (2 km), LR4 (10 km); multimode SR4 reaches 50 m.
    d = template("superpod").build(sus=16, system="dgx-h100")
    bundle = d.bundles["su-1-spine-core"]
    assert bundle_length(d, bundle).length_m == 150.0
    assert bundle.medium == "optical-400g-dr4"
    medium = d.catalog.medium(bundle.medium)
    assert medium is not None and medium.reach_m >= 150.0
    # inside an SU (30 m) the multimode optics stay
    assert d.bundles["su-1-leaf-spine"].medium == "optical-400g-osfp"


@pytest.mark.parametrize(
    ("name", "params"),
    [("fat-tree", {"k": 8, "speed_gbps": 400}), ("fat-tree", {"speed_gbps": 800}),
     ("leaf-spine", {"speed_gbps": 400}), ("ai-zones", {"pods": 4, "buildings": 2}),
     ("islands", {"islands": 4, "buildings": 2}),
     ("dragonfly-plus", {"k": 8, "speed_gbps": 800}), ("alibaba-hpn", {"pods": 1}),
     ("cloudmatrix", {"super_nodes": 4, "super_nodes_per_building": 2}),
     ("megascale", {"pods": 2})],
)
def test_other_templates_at_other_sizes_have_no_reach_problem(
        name: str, params: dict[str, object]) -> None:
    d = template(name).build(**params)
    assert [p.message for p in reach_problems(d)] == []
