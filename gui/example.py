"""The design the window opens on when no file is given: the built-in example campus,
read from ``resources/examples/campus-100k.json`` or, when that file is absent, built by
:func:`model.templates.build_example` (the one definition of the example; the file is
that build, saved). :func:`demo_campus` is a small two-hall design for tests and demos,
not the example."""

from __future__ import annotations

from pathlib import Path

from model.catalog import load_builtin_catalog
from model.design import Design
from model.elements import (
    Building,
    Island,
    LinkBundle,
    Pattern,
    RackGroup,
    Role,
    Scope,
    SwitchTier,
)

EXAMPLES = Path(__file__).resolve().parent.parent / "resources" / "examples"
EXAMPLE_PATH = EXAMPLES / "campus-100k.json"
"""The built-in example campus."""


def example_design() -> tuple[Design, Path | None]:
    """The example campus and the file it came from (None when built)."""
    if EXAMPLE_PATH.is_file():
        from model.fileformat import load_design

        return load_design(EXAMPLE_PATH), EXAMPLE_PATH
    from model.templates import build_example

    return build_example(), None


def localized_example(design: Design, lang: str | None) -> Design:
    """The example campus (just read or built, in English) named and described in
    ``lang``, as the ``islands`` template builds it in that language: its name and its
    elements' names (:func:`model.names.localize_design`) and its description, when it
    is the one the template gives (the shipped file's is). Unchanged in English."""
    from model.names import localize_design
    from model.templates import EXAMPLE_TEMPLATE, TEMPLATES

    example = TEMPLATES[EXAMPLE_TEMPLATE]
    localize_design(design, lang)
    if design.description == example.description_of("en"):
        described = example.description_of(lang)
        if described is not None and described != design.description:
            design.rename(design.name, described)
    return design


def demo_campus(islands_per_building: int = 2, racks: int = 8) -> Design:
    """Two halls, each with ``islands_per_building`` islands of ``racks`` DGX H100 racks
    under a rail-optimized leaf tier and an island spine, a core tier per hall and a
    campus core joining the halls (QM9700 400G InfiniBand throughout)."""
    catalog = load_builtin_catalog()
    design = Design("Demo campus", "Two halls of DGX H100 islands on 400G InfiniBand")
    design.add_parts(catalog.closure_of_rack_type("dgx-h100-x4"))
    switch = catalog.switch("qm9700")
    assert switch is not None
    from model.parts import Catalog

    design.add_parts(Catalog(switches=(switch,)))
    island_width = 240.0  # 20 + 200 + 20
    building_width = 20 + islands_per_building * (island_width + 28)
    for b, hall in enumerate(("Hall A", "Hall B")):
        bid = f"hall-{'ab'[b]}"
        design.add(Building(id=bid, name=hall, capacity_kw=2_000, pue=1.25,
                            x=b * (building_width + 80), y=0))
        core = f"{bid}-core"
        design.add(SwitchTier(id=core, name=f"{hall} core", switch="qm9700", count=8,
                              role=Role.CORE, scope=Scope.BUILDING, building=bid,
                              x=building_width - 220, y=102))
        for i in range(islands_per_building):
            iid = f"{bid}-pod-{i + 1}"
            design.add(Island(id=iid, name=f"{hall} · Pod {i + 1}", building=bid,
                              x=20 + i * (island_width + 28), y=174))
            design.add(SwitchTier(id=f"{iid}-spine", name="Spine", switch="qm9700", count=8,
                                  role=Role.SPINE, island=iid, x=20, y=30))
            design.add(SwitchTier(id=f"{iid}-leaf", name="Leaf (rails)", switch="qm9700",
                                  count=8, role=Role.LEAF, island=iid, x=20, y=102))
            design.add(RackGroup(id=f"{iid}-racks", name="DGX H100", island=iid,
                                 rack_type="dgx-h100-x4", count=racks, x=20, y=174))
            design.add(LinkBundle(id=f"{iid}-b1", name="Servers → leaf",
                                  lower=f"{iid}-racks", upper=f"{iid}-leaf",
                                  links_per_member=8, speed_gbps=400, pattern=Pattern.RAIL))
            design.add(LinkBundle(id=f"{iid}-b2", name="Leaf → spine", lower=f"{iid}-leaf",
                                  upper=f"{iid}-spine", links_per_member=8, speed_gbps=400))
            design.add(LinkBundle(id=f"{iid}-b3", name="Spine → core", lower=f"{iid}-spine",
                                  upper=core, links_per_member=8, speed_gbps=400))
    design.add(SwitchTier(id="campus-core", name="Campus core", switch="qm9700", count=4,
                          role=Role.SUPER_SPINE, scope=Scope.CAMPUS, building="hall-a",
                          x=20, y=30))
    for bid in ("hall-a", "hall-b"):
        design.add(LinkBundle(id=f"{bid}-up", name="Core → campus core", lower=f"{bid}-core",
                              upper="campus-core", links_per_member=4, speed_gbps=400))
    return design
