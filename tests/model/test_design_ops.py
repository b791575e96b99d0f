"""Every operation of model/design.py: what it changes, what it refuses (leaving the
design exactly as it was), what it announces, and that undoing through the values it
returns restores the design exactly (random sequences: test_design_ops_random.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from pydantic import ValidationError

from model.design import Design, DesignSettings, Removal
from model.elements import (
    Building,
    Element,
    Island,
    LinkBundle,
    Pattern,
    Plane,
    RackGroup,
    Role,
    Scope,
    SwitchTier,
)
from model.errors import DesignError
from model.events import (
    CatalogChanged,
    DesignEvent,
    DesignReset,
    ElementAdded,
    ElementChanged,
    ElementRemoved,
    SettingsChanged,
)
from model.parts import AcceleratorType, Catalog, Medium, RackType, ServerType, SwitchModel

# ----------------------------------------------------------------------- parts
H100 = AcceleratorType(
    id="h100", name="H100 SXM", vendor="NVIDIA", tdp_w=700, bf16_dense_tflops=989,
    source="NVIDIA H100 datasheet",
)
DGX = ServerType(
    id="dgx-h100", name="DGX H100", vendor="NVIDIA", accelerator="h100",
    accelerators_per_server=8, nic_count=8, nic_speed_gbps=400, scale_up_domain=8,
    scale_up_bandwidth_gbps=3600, max_power_w=10_200, source="NVIDIA DGX H100 user guide",
)
RACK = RackType(
    id="rt-dgx4", name="4 × DGX H100", server="dgx-h100", servers_per_rack=4,
    power_budget_kw=45, source="hand-made for tests",
)
QM9700 = SwitchModel(
    id="qm9700", name="QM9700", vendor="NVIDIA", radix=64, port_speed_gbps=400,
    typical_power_w=747, max_power_w=1720, source="NVIDIA QM9700 manual",
)
OSFP = Medium(
    id="osfp-400", name="400G OSFP", kind="optical", speed_gbps=400, power_w_per_end=9,
    reach_m=100, source="hand-made for tests",
)
PARTS = Catalog(
    accelerators=(H100,), servers=(DGX,), rack_types=(RACK,), switches=(QM9700,), media=(OSFP,)
)


def bundle(bid: str, lower: str, upper: str, pattern: Pattern = Pattern.SPREAD,
           links: int = 1) -> LinkBundle:
    return LinkBundle(id=bid, name=bid, lower=lower, upper=upper, links_per_member=links,
                      speed_gbps=400, pattern=pattern)


def tier(tid: str, *, island: str | None = None, building: str | None = None,
         scope: Scope = Scope.ISLAND, plane: Plane = Plane.BACKEND, count: int = 4,
         role: Role = Role.LEAF) -> SwitchTier:
    return SwitchTier(id=tid, name=tid, switch="qm9700", count=count, role=role, scope=scope,
                      island=island, building=building, plane=plane)


def base_design() -> Design:
    """Two buildings; island i1 (in b1) with rack group g1, a leaf/spine pair, a
    frontend leaf; island i2 (in b2) with g2 and its leaf; a building tier in b1 and a
    campus tier standing in b2. Bundles g1→leaf1 (rail), leaf1→spine1, spine1→bcore1,
    bcore1→campus, g2→leaf2."""
    d = Design("Test campus", "for the operation tests", catalog=PARTS)
    d.add(Building(id="b1", name="Hall 1", capacity_kw=30_000))
    d.add(Building(id="b2", name="Hall 2", capacity_kw=20_000, x=500))
    d.add(Island(id="i1", name="Pod 1", building="b1"))
    d.add(Island(id="i2", name="Pod 2", building="b2"))
    d.add(RackGroup(id="g1", name="DGX racks", island="i1", rack_type="rt-dgx4", count=8))
    d.add(RackGroup(id="g2", name="DGX racks 2", island="i2", rack_type="rt-dgx4", count=8))
    d.add(tier("leaf1", island="i1", count=8))
    d.add(tier("spine1", island="i1", role=Role.SPINE))
    d.add(tier("fe1", island="i1", plane=Plane.FRONTEND))
    d.add(tier("leaf2", island="i2", count=8))
    d.add(tier("bcore1", scope=Scope.BUILDING, building="b1", role=Role.CORE))
    d.add(tier("campus", scope=Scope.CAMPUS, building="b2", role=Role.SUPER_SPINE))
    d.add(bundle("x-g1-leaf1", "g1", "leaf1", Pattern.RAIL, links=8))
    d.add(bundle("x-leaf1-spine1", "leaf1", "spine1", links=4))
    d.add(bundle("x-spine1-bcore1", "spine1", "bcore1"))
    d.add(bundle("x-bcore1-campus", "bcore1", "campus"))
    d.add(bundle("x-g2-leaf2", "g2", "leaf2", Pattern.RAIL, links=8))
    return d


class Recorder:
    """Collects a design's notifications."""

    def __init__(self, design: Design) -> None:
        self.events: list[DesignEvent] = []
        design.subscribe(self.events.append)


def refused(d: Design, operation: Callable[[], object], match: str) -> DesignError:
    """Run ``operation``, expect a DesignError matching ``match``, and check the design
    (content and revision) is unchanged and nothing was announced."""
    before, revision = d.copy(), d.revision
    heard = Recorder(d)
    with pytest.raises(DesignError, match=match) as info:
        operation()
    assert d == before
    assert d.revision == revision
    assert heard.events == []
    return info.value


# --------------------------------------------------------------------------- add
def test_add_appends_in_order_and_announces() -> None:
    d = base_design()
    heard = Recorder(d)
    revision = d.revision
    d.add(Building(id="b3", name="Hall 3", capacity_kw=10_000))
    assert list(d.buildings) == ["b1", "b2", "b3"]
    assert heard.events == [ElementAdded("building", "b3")]
    assert d.revision == revision + 1
    assert d.kind_of("b3") == "building"
    assert d.element("b3") == Building(id="b3", name="Hall 3", capacity_kw=10_000)


def test_add_at_index_inserts_there() -> None:
    d = base_design()
    d.add(Island(id="i0", name="Pod 0", building="b2"), index=0)
    d.add(Island(id="i15", name="Pod 1.5", building="b1"), index=2)
    d.add(Island(id="i9", name="Pod 9", building="b1"), index=99)
    assert list(d.islands) == ["i0", "i1", "i15", "i2", "i9"]


def test_add_refuses_duplicate_ids() -> None:
    d = base_design()
    refused(d, lambda: d.add(Building(id="g1", name="x", capacity_kw=1)), "already in use")
    refused(d, lambda: d.add(Building(id="qm9700", name="x", capacity_kw=1)), "already in use")


def test_add_refuses_what_is_not_an_element() -> None:
    d = base_design()
    refused(d, lambda: d.add(Element(id="e", name="e")), "cannot add")
    refused(d, lambda: d.add(QM9700), "cannot add")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("element", "field"),
    [
        (Island(id="n", name="n", building="nowhere"), "building"),
        (Island(id="n", name="n", building="i1"), "building"),  # an island, not a building
        (RackGroup(id="n", name="n", island="nowhere", rack_type="rt-dgx4", count=1), "island"),
        (RackGroup(id="n", name="n", island="b1", rack_type="rt-dgx4", count=1), "island"),
        (tier("n", island="nowhere"), "island"),
        (tier("n", scope=Scope.BUILDING, building="nowhere"), "building"),
        (tier("n", scope=Scope.CAMPUS, building="i1"), "building"),
        (bundle("n", "nowhere", "leaf1"), "lower"),
        (bundle("n", "b1", "leaf1"), "lower"),
        (bundle("n", "g1", "nowhere"), "upper"),
        (bundle("n", "leaf1", "g2"), "upper"),
    ],
)
def test_add_refuses_unknown_or_wrong_references(element: Element, field: str) -> None:
    d = base_design()
    error = refused(d, lambda: d.add(element), "does not exist|must be an existing")
    assert error.element_id == "n"
    assert error.field == field


@pytest.mark.parametrize(
    ("new", "match", "field"),
    [
        # wrong scope: the leaf of island 1 does not serve island 2's racks
        (bundle("n", "g2", "leaf1"), "does not serve", "upper"),
        # a building tier serves only its own building
        (bundle("n", "g2", "bcore1"), "does not serve", "upper"),
        # a building tier cannot sit above a campus tier
        (bundle("n", "campus", "bcore1"), "does not serve", "upper"),
        # backend and frontend planes never meet
        (bundle("n", "leaf1", "fe1"), "frontend plane", "upper"),
        # rail and rack patterns wire servers: the lower end must be a rack group
        (bundle("n", "leaf1", "bcore1", Pattern.RAIL), "rail pattern wires servers", "pattern"),
        (bundle("n", "spine1", "campus", Pattern.RACK), "rack pattern wires servers", "pattern"),
        # global links join two tiers
        (bundle("n", "g1", "spine1", Pattern.GLOBAL), "global links join", "lower"),
        # the reverse of an existing bundle
        (bundle("n", "spine1", "leaf1"), "already joined", "upper"),
        # a pair already joined, in either direction
        (bundle("n", "g1", "leaf1"), "already joined", "upper"),
        (bundle("n", "leaf1", "spine1", Pattern.GLOBAL), "already joined", "upper"),
    ],
)
def test_add_refuses_bundles_that_cannot_link(new: LinkBundle, match: str, field: str) -> None:
    d = base_design()
    error = refused(d, lambda: d.add(new), match)
    assert error.field == field
    assert error.element_id == "n"


def test_add_refuses_a_loop() -> None:
    d = base_design()
    d.add(tier("agg1", island="i1", role=Role.AGGREGATION))
    d.add(bundle("x-spine1-agg1", "spine1", "agg1"))
    # agg1 sits above spine1 above leaf1: leaf1 cannot also sit above agg1
    error = refused(d, lambda: d.add(bundle("n", "agg1", "leaf1")), "loop")
    assert (error.element_id, error.field) == ("n", "upper")
    # peers joined by global links are not a loop
    d.add(bundle("n", "agg1", "leaf1", Pattern.GLOBAL))


def test_a_skip_level_bundle_is_not_a_loop() -> None:
    d = base_design()
    d.add(bundle("n", "g1", "spine1"))  # racks straight to the spine, beside the leaves
    assert d.bundles["n"].upper == "spine1"


def test_add_accepts_the_bundles_the_rules_allow() -> None:
    d = base_design()
    d.add(tier("leaf1b", island="i1"))
    d.add(bundle("ok-global", "leaf1", "leaf1b", Pattern.GLOBAL))  # peers
    d.add(bundle("ok-campus", "leaf2", "campus"))  # campus serves every building
    d.add(bundle("ok-fe", "g1", "fe1"))  # a rack group may join any plane
    d.add(tier("tor", island="i2", count=8, role=Role.RACK))
    d.add(bundle("ok-rack", "g2", "tor", Pattern.RACK))
    assert len(d.bundles) == 9


def test_records_refuse_negative_counts_and_self_bundles_at_construction() -> None:
    with pytest.raises(ValidationError):
        RackGroup(id="g", name="g", island="i1", rack_type="rt", count=-1)
    with pytest.raises(ValidationError):
        tier("t", island="i1", count=0)
    with pytest.raises(ValidationError):
        bundle("b", "leaf1", "leaf1")
    with pytest.raises(ValidationError):
        LinkBundle(id="b", name="b", lower="g1", upper="leaf1", links_per_member=0,
                   speed_gbps=400)


# ------------------------------------------------------------------------ update
def test_update_changes_only_given_fields_and_returns_the_old_element() -> None:
    d = base_design()
    heard = Recorder(d)
    old = d.update("g1", count=16, name="Bigger")
    assert old == RackGroup(id="g1", name="DGX racks", island="i1", rack_type="rt-dgx4", count=8)
    assert d.rack_groups["g1"].count == 16
    assert d.rack_groups["g1"].name == "Bigger"
    assert heard.events == [ElementChanged("rack_group", "g1", frozenset({"count", "name"}))]
    assert list(d.rack_groups) == ["g1", "g2"]  # the order is kept


def test_update_reports_only_fields_that_really_changed() -> None:
    d = base_design()
    heard = Recorder(d)
    d.update("leaf1", count=8, name="leaf one")
    assert heard.events == [ElementChanged("tier", "leaf1", frozenset({"name"}))]


def test_update_with_no_real_change_announces_nothing() -> None:
    d = base_design()
    heard = Recorder(d)
    revision = d.revision
    assert d.update("g1", count=8) == d.rack_groups["g1"]
    assert heard.events == []
    assert d.revision == revision


@pytest.mark.parametrize(
    ("element_id", "changes", "match", "field"),
    [
        ("g1", {"count": -3}, "count", "count"),
        ("g1", {"count": 0}, "count", "count"),
        ("g1", {"count": "many"}, "count", "count"),
        ("leaf1", {"count": 2.5}, "count", "count"),
        ("b1", {"capacity_kw": -1}, "capacity_kw", "capacity_kw"),
        ("b1", {"pue": 0.5}, "pue", "pue"),
        ("x-g1-leaf1", {"links_per_member": 0}, "links_per_member", "links_per_member"),
        ("x-g1-leaf1", {"speed_gbps": 0}, "speed_gbps", "speed_gbps"),
        ("x-g1-leaf1", {"upper": "g1"}, "two different", None),
        ("g1", {"id": "g9"}, "cannot change", "id"),
        ("g1", {"colour": "red"}, "no field", "colour"),
        ("i1", {"building": "nowhere"}, "does not exist", "building"),
        ("g1", {"island": "nowhere"}, "does not exist", "island"),
        ("leaf1", {"scope": Scope.BUILDING}, "cannot name an island", None),
        ("x-leaf1-spine1", {"upper": "fe1"}, "frontend plane", "upper"),
        ("x-leaf1-spine1", {"pattern": Pattern.RAIL}, "wires servers", "pattern"),
        ("x-spine1-bcore1", {"lower": "leaf2"}, "does not serve", "upper"),
        ("x-bcore1-campus", {"upper": "spine1", "lower": "campus"}, "does not serve", "upper"),
        ("x-g2-leaf2", {"lower": "g1", "upper": "leaf1"}, "already joined", "upper"),
    ],
)
def test_update_refuses_and_leaves_the_design_unchanged(
    element_id: str, changes: dict[str, Any], match: str, field: str | None
) -> None:
    d = base_design()
    error = refused(d, lambda: d.update(element_id, **changes), match)
    assert error.element_id == element_id
    if field is not None:
        assert error.field == field


@pytest.mark.parametrize(
    ("element_id", "changes", "match"),
    [
        # the bundles on a tier must stay valid when the tier changes
        ("leaf1", {"plane": Plane.FRONTEND}, "frontend plane"),
        ("bcore1", {"building": "b2"}, "does not serve"),
        ("leaf1", {"island": "i2"}, "does not serve"),
        # … and when a rack group moves to another island
        ("g1", {"island": "i2"}, "does not serve"),
        # … and when an island moves to another building (its members' bundles)
        ("i1", {"building": "b2"}, "does not serve"),
    ],
)
def test_update_refuses_changes_that_break_bundles(
    element_id: str, changes: dict[str, Any], match: str
) -> None:
    d = base_design()
    error = refused(d, lambda: d.update(element_id, **changes), match)
    assert error.element_id == element_id


def test_moving_an_island_without_building_links_is_allowed() -> None:
    d = base_design()
    d.update("i2", building="b1")
    assert d.building_of("g2") == "b1"
    assert d.building_of("leaf2") == "b1"


def test_update_of_an_unknown_element_is_refused() -> None:
    d = base_design()
    refused(d, lambda: d.update("ghost", name="x"), "no element 'ghost'")


# -------------------------------------------------------------------------- move
def test_move_sets_position_returns_the_old_one_and_announces_x_y() -> None:
    d = base_design()
    heard = Recorder(d)
    assert d.move("b2", 10, -20.5) == (500.0, 0.0)
    assert (d.buildings["b2"].x, d.buildings["b2"].y) == (10.0, -20.5)
    assert heard.events == [ElementChanged("building", "b2", frozenset({"x", "y"}))]
    assert d.move("b2", 500, 0) == (10.0, -20.5)
    assert d == base_design()


def test_move_refuses_bundles_unknown_ids_and_far_positions() -> None:
    d = base_design()
    refused(d, lambda: d.move("x-g1-leaf1", 1, 1), "no position")
    refused(d, lambda: d.move("ghost", 1, 1), "no element")
    refused(d, lambda: d.move("g1", 1e9, 0), "x")


# ------------------------------------------------------------------------ remove
def test_remove_cascades_dependents_first_and_announces_each() -> None:
    d = base_design()
    heard = Recorder(d)
    removal = d.remove("i1")
    removed = set(removal.ids)
    assert removed == {"i1", "g1", "leaf1", "spine1", "fe1", "x-g1-leaf1", "x-leaf1-spine1",
                       "x-spine1-bcore1"}
    ids = removal.ids
    # every element leaves after what depends on it
    assert ids.index("x-g1-leaf1") < ids.index("g1") < ids.index("i1")
    assert ids.index("x-spine1-bcore1") < ids.index("spine1")
    assert ids[-1] == "i1"
    assert heard.events == [ElementRemoved(d_kind, eid) for d_kind, _, e in removal.items
                            for eid in [e.id]]
    assert set(d.islands) == {"i2"}
    assert set(d.bundles) == {"x-bcore1-campus", "x-g2-leaf2"}
    assert all(d.element(eid) is None for eid in removed)


def test_remove_a_building_takes_its_islands_tiers_and_campus_tiers_standing_in_it() -> None:
    d = base_design()
    removal = d.remove("b2")
    assert set(removal.ids) == {"b2", "i2", "g2", "leaf2", "x-g2-leaf2", "campus",
                                "x-bcore1-campus"}


def test_restore_puts_everything_back_at_the_same_positions() -> None:
    d = base_design()
    before = d.copy()
    removal = d.remove("leaf1")  # a middle tier with bundles on both sides
    assert list(d.tiers) == ["spine1", "fe1", "leaf2", "bcore1", "campus"]
    heard = Recorder(d)
    d.restore(removal)
    assert d == before
    assert list(d.tiers) == list(before.tiers)
    assert list(d.bundles) == list(before.bundles)
    assert heard.events == [ElementAdded(k, e.id) for k, _, e in reversed(removal.items)]


def test_remove_then_restore_a_building_is_exact() -> None:
    d = base_design()
    before = d.copy()
    d.restore(d.remove("b1"))
    assert d == before


def test_removal_records_kind_index_and_element() -> None:
    d = base_design()
    removal = d.remove("x-leaf1-spine1")
    assert removal == Removal((("bundle", 1, before_bundle()),))


def before_bundle() -> LinkBundle:
    return bundle("x-leaf1-spine1", "leaf1", "spine1", links=4)


def test_restore_is_refused_when_an_id_was_taken_meanwhile() -> None:
    d = base_design()
    removal = d.remove("g1")
    d.add(RackGroup(id="g1", name="new", island="i1", rack_type="rt-dgx4", count=1))
    refused(d, lambda: d.restore(removal), "in use")


def test_remove_of_an_unknown_element_is_refused() -> None:
    d = base_design()
    refused(d, lambda: d.remove("ghost"), "no element")


# ----------------------------------------------------------------------- catalog
def test_add_parts_adds_only_missing_parts_and_returns_the_old_catalog() -> None:
    d = Design(catalog=Catalog(switches=(QM9700,)))
    heard = Recorder(d)
    other_switch = QM9700.model_copy(update={"name": "renamed"})
    before = d.add_parts(Catalog(switches=(other_switch,), media=(OSFP,)))
    assert before == Catalog(switches=(QM9700,))
    assert d.catalog == Catalog(switches=(QM9700,), media=(OSFP,))  # the design's copy wins
    assert heard.events == [CatalogChanged()]
    d.add_parts(Catalog(media=(OSFP,)))
    assert heard.events == [CatalogChanged()]  # nothing new: no announcement


def test_catalog_operations_refuse_ids_of_elements_and_duplicate_parts() -> None:
    d = base_design()
    clash = QM9700.model_copy(update={"id": "leaf1"})
    refused(d, lambda: d.add_parts(Catalog(switches=(clash,))), "already used by an element")
    refused(d, lambda: d.set_catalog(Catalog(switches=(clash,))), "already used by an element")
    twin = QM9700.model_copy(update={"name": "twin"})
    refused(d, lambda: d.set_catalog(Catalog(switches=(QM9700, twin))), "share the part id")
    fresh = QM9700.model_copy(update={"id": "sn5600"})
    refused(d, lambda: d.add_parts(Catalog(switches=(fresh, fresh))), "share the part id")


def test_set_catalog_replaces_and_returns_the_old_one() -> None:
    d = base_design()
    heard = Recorder(d)
    assert d.set_catalog(Catalog()) == PARTS
    assert d.catalog == Catalog()
    assert heard.events == [CatalogChanged()]
    d.set_catalog(Catalog())
    assert heard.events == [CatalogChanged()]


# ---------------------------------------------------------------------- settings
def test_update_settings_validates_whole_and_returns_the_old() -> None:
    d = base_design()
    heard = Recorder(d)
    old = d.update_settings(allowance_pct=10, plane=Plane.STORAGE)
    assert old == DesignSettings()
    assert d.settings.allowance_pct == 10.0
    assert d.settings.plane is Plane.STORAGE
    assert heard.events == [SettingsChanged(frozenset({"allowance_pct", "plane"}))]
    refused(d, lambda: d.update_settings(oversubscription_threshold=0.5), "settings")
    refused(d, lambda: d.update_settings(allowance_pct=101), "allowance_pct")
    refused(d, lambda: d.update_settings(colour="red"), "colour")


def test_rename_returns_the_old_pair_and_refuses_blank_or_huge_names() -> None:
    d = base_design()
    heard = Recorder(d)
    assert d.rename("New") == ("Test campus", "for the operation tests")
    assert (d.name, d.description) == ("New", "for the operation tests")
    assert d.rename("Newer", "desc") == ("New", "for the operation tests")
    assert d.description == "desc"
    assert heard.events == [SettingsChanged(frozenset({"name", "description"}))] * 2
    refused(d, lambda: d.rename("   "), "needs a name")
    refused(d, lambda: d.rename("x" * 201), "200")
    refused(d, lambda: d.rename("ok", "y" * 2001), "2000")


# ------------------------------------------------------------------ whole design
def test_replace_content_takes_the_other_design_and_announces_a_reset() -> None:
    d = Design("empty")
    heard = Recorder(d)
    other = base_design()
    d.replace_content(other)
    assert d == other
    assert heard.events == [DesignReset()]
    other.remove("b1")  # the two no longer share tables
    assert "b1" in d.buildings
    d.add(Building(id="b9", name="Hall 9", capacity_kw=1))  # subscribers are kept
    assert heard.events[-1] == ElementAdded("building", "b9")


def test_new_id_skips_element_and_part_ids() -> None:
    d = base_design()
    assert d.new_id("pod") == "pod-1"
    d.add(Island(id="pod-1", name="p", building="b1"))
    d.set_catalog(PARTS.merged(Catalog(switches=(QM9700.model_copy(update={"id": "pod-2"}),))))
    assert d.new_id("pod") == "pod-3"


def test_copy_is_equal_independent_and_silent() -> None:
    d = base_design()
    heard = Recorder(d)
    twin = d.copy()
    assert twin == d
    assert twin is not d
    twin.update("g1", count=1)
    twin.remove("b2")
    assert d == base_design()
    assert heard.events == []
    assert twin != d
    assert d != "a design"
    with pytest.raises(TypeError):
        hash(d)


def test_equality_sees_order_name_settings_and_catalog() -> None:
    a, b = base_design(), base_design()
    assert a == b
    b.restore(b.remove("b1"))
    assert a == b
    b.remove("i2")
    b.add(Island(id="i2", name="Pod 2", building="b2"), index=0)
    assert a != b  # same elements, different order
    c = base_design()
    c.update_settings(allowance_pct=1)
    assert a != c
    c = base_design()
    c.set_catalog(Catalog())
    assert a != c


def test_unsubscribe_stops_notifications() -> None:
    d = base_design()
    heard: list[DesignEvent] = []
    d.subscribe(heard.append)
    d.unsubscribe(heard.append)
    d.unsubscribe(heard.append)  # twice is harmless
    d.move("b1", 1, 1)
    assert heard == []


def test_reading_helpers() -> None:
    d = base_design()
    assert d.building_of("g1") == "b1"
    assert d.building_of("campus") == "b2"
    assert d.building_of("leaf2") == "b2"
    assert d.building_of("x-g1-leaf1") is None
    assert d.island_of("g2") == "i2"
    assert d.island_of("bcore1") is None
    assert {e.id for e in d.children("b1")} == {"i1", "bcore1"}
    assert {e.id for e in d.children("leaf1")} == {"x-g1-leaf1", "x-leaf1-spine1"}
    assert [e.id for e in d.all_elements()][:2] == ["b1", "b2"]
