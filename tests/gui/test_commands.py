"""Undo commands: each kind of element added, moved, changed, deleted and duplicated
through commands; undo returns exactly the design before, redo exactly the design after;
a refused command changes nothing and leaves no undo step."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QUndoCommand

from gui.commands import (
    AddElement,
    DesignCommand,
    MacroCommand,
    UpdateElement,
    add_building_command,
    add_island_command,
    add_rack_group_command,
    add_tier_command,
    duplicate_command,
    link_command,
    move_command,
    remove_command,
)
from gui.document import DesignDocument
from model.design import Design
from model.elements import Island, LinkBundle, Pattern, RackGroup, Role, Scope, SwitchTier
from model.errors import DesignError


def run(doc: DesignDocument, command: DesignCommand | None) -> None:
    assert command is not None
    doc.execute(command)


def check_undo_redo(doc: DesignDocument, before: Design) -> None:
    """Undo everything (exactly the start), redo everything (exactly the end), twice."""
    after = doc.design.copy()
    for _ in range(2):
        while doc.undo_stack.canUndo():
            doc.undo_stack.undo()
        assert doc.design == before
        while doc.undo_stack.canRedo():
            doc.undo_stack.redo()
        assert doc.design == after


def test_add_each_kind_then_undo_redo_exactly(qapp, design, catalog) -> None:
    doc = DesignDocument(design)
    before = design.copy()
    run(doc, add_building_command(design, 2000, 0))
    building = list(design.buildings)[-1]
    run(doc, add_island_command(design, building, 30, 80))
    island = list(design.islands)[-1]
    run(doc, add_rack_group_command(design, catalog, "gb200-nvl72", island, x=40, y=200))
    group = list(design.rack_groups)[-1]
    assert design.rack_groups[group].rack_type == "gb200-nvl72"
    assert design.catalog.rack_type("gb200-nvl72") is not None, "parts copied in"
    run(doc, add_tier_command(design, catalog, "q3400", design.islands[island], x=20, y=50,
                              role=Role.LEAF, count=18))
    tier = list(design.tiers)[-1]
    run(doc, link_command(design, group, tier))
    bundle = design.bundles[list(design.bundles)[-1]]
    assert (bundle.lower, bundle.upper) == (group, tier)
    assert doc.undo_stack.count() == 5
    assert [doc.undo_stack.text(i) for i in range(5)] == [
        "Add building 'Building 3'", "Add island 'Island 5'",
        "Add rack group 'GB200 NVL72 rack (18 compute trays)'",
        "Add switch tier 'Island 5 leaf'",
        f"Link {design.rack_groups[group].name!r} to {design.tiers[tier].name!r}"]
    check_undo_redo(doc, before)


def test_link_orders_ends_and_peers_get_global_links(qapp, design) -> None:
    doc = DesignDocument(design)
    # Drawn from the tier down to the rack group: the rack group is still the lower end.
    design.add(SwitchTier(id="extra-leaf", name="Extra leaf", switch="qm9700", count=4,
                          island="hall-a-pod-1"))
    run(doc, link_command(design, "extra-leaf", "hall-a-pod-1-racks"))
    bundle = design.bundles[list(design.bundles)[-1]]
    assert (bundle.lower, bundle.upper) == ("hall-a-pod-1-racks", "extra-leaf")
    assert (bundle.links_per_member, bundle.speed_gbps) == (8, 400.0), "a DGX: 8 × 400G NICs"
    run(doc, link_command(design, "hall-a-core", "hall-b-core"))
    peer = design.bundles[list(design.bundles)[-1]]
    assert peer.pattern is Pattern.GLOBAL
    with pytest.raises(DesignError, match="rack groups cannot be linked"):
        link_command(design, "hall-a-pod-1-racks", "hall-a-pod-2-racks")


def test_move_one_and_many_are_one_step_each(qapp, design) -> None:
    doc = DesignDocument(design)
    before = design.copy()
    run(doc, move_command(design, {"hall-a-pod-1-racks": (60.0, 260.0)}))
    run(doc, move_command(design, {"hall-a": (-50.0, 10.0), "hall-b": (900.0, 40.0),
                                   "campus-core": (30.0, 90.0)}))
    assert doc.undo_stack.count() == 2
    assert doc.undo_stack.text(1) == "Move 3 elements"
    assert (design.buildings["hall-b"].x, design.buildings["hall-b"].y) == (900.0, 40.0)
    assert move_command(design, {"hall-b": (900.0, 40.0)}) is None, "no move, no step"
    check_undo_redo(doc, before)


def test_delete_each_kind_cascades_and_restores_in_place(qapp, design) -> None:
    doc = DesignDocument(design)
    before = design.copy()
    run(doc, remove_command(design, ["hall-a-pod-1-b2"]))  # a bundle
    run(doc, remove_command(design, ["hall-a-pod-2-racks"]))  # rack group and its bundle
    assert "hall-a-pod-2-b1" not in design.bundles
    run(doc, remove_command(design, ["hall-b-pod-1-leaf"]))  # tier and both its bundles
    assert "hall-b-pod-1-b2" not in design.bundles
    run(doc, remove_command(design, ["hall-b-pod-2"]))  # island with contents
    assert not [g for g in design.rack_groups.values() if g.island == "hall-b-pod-2"]
    # A building and, in the same step, things inside it: one step, nothing twice.
    run(doc, remove_command(design, ["hall-a-pod-1-racks", "hall-a", "hall-a-pod-1"]))
    assert "hall-a" not in design.buildings and "campus-core" not in design.tiers
    assert doc.undo_stack.count() == 5
    check_undo_redo(doc, before)


def test_duplicate_island_copies_contents_and_inner_bundles_only(qapp, design) -> None:
    doc = DesignDocument(design)
    before = design.copy()
    run(doc, duplicate_command(design, ["hall-a-pod-1"], (320.0, 0.0)))
    new_islands = [i for i in design.islands.values() if i.id not in before.islands]
    assert len(new_islands) == 1
    copy = new_islands[0]
    assert copy.name == "Hall A · Pod 1 (copy)" and copy.x == before.islands[
        "hall-a-pod-1"].x + 320
    groups = [g for g in design.rack_groups.values() if g.island == copy.id]
    tiers = [t for t in design.tiers.values() if t.island == copy.id]
    assert [(g.rack_type, g.count) for g in groups] == [("dgx-h100-x4", 8)]
    assert sorted(t.role for t in tiers) == sorted([Role.LEAF, Role.SPINE])
    ids = {g.id for g in groups} | {t.id for t in tiers}
    inner = [b for b in design.bundles.values() if b.lower in ids and b.upper in ids]
    # racks → leaf and leaf → spine are copied; spine → hall core leaves the island.
    assert len(inner) == 2
    assert len(design.bundles) == len(before.bundles) + 2
    run(doc, duplicate_command(design, ["hall-b-pod-1-racks"], (0.0, 90.0)))
    assert len(design.rack_groups) == len(before.rack_groups) + 2
    assert duplicate_command(design, ["hall-a"], (10.0, 0.0)) is None, "buildings are not"
    check_undo_redo(doc, before)


def test_refused_edit_changes_nothing_and_leaves_no_step(qapp, design) -> None:
    doc = DesignDocument(design)
    before = design.copy()
    with pytest.raises(DesignError, match="count"):
        doc.execute(UpdateElement(design, "hall-a-pod-1-racks", {"count": 0}))
    bad_island = Island(id="x", name="Nowhere", building="no-such-building")
    with pytest.raises(DesignError, match="does not exist"):
        doc.execute(AddElement(design, bad_island))
    # A macro whose second part is refused undoes its first part.
    good = RackGroup(id="new-racks", name="More", island="hall-a-pod-1",
                     rack_type="dgx-h100-x4", count=2)
    bad = LinkBundle(id="bad", name="Bad", lower="new-racks", upper="hall-a-pod-2-leaf",
                     links_per_member=8, speed_gbps=400)
    with pytest.raises(DesignError, match="does not serve"):
        doc.execute(MacroCommand(design, "Add two", [AddElement(design, good),
                                                      AddElement(design, bad)]))
    assert design == before
    assert doc.undo_stack.count() == 0
    assert not doc.is_modified()


def test_update_is_named_and_exact(qapp, design) -> None:
    doc = DesignDocument(design)
    before = design.copy()
    doc.execute(UpdateElement(design, "hall-a", {"capacity_kw": 5000.0, "pue": 1.4}))
    # The campus core cannot become a building tier: it would stop serving Hall B.
    with pytest.raises(DesignError, match="does not serve 'Hall B core'"):
        doc.execute(UpdateElement(design, "campus-core", {"scope": Scope.BUILDING}))
    doc.execute(UpdateElement(design, "hall-a-pod-1-leaf", {"count": 16}))
    assert doc.undo_stack.text(0) == "Change IT capacity and PUE of Hall A"
    assert doc.undo_stack.text(1) == "Change switch count of Leaf (rails) to 16"
    assert doc.undo_stack.count() == 2
    assert design.buildings["hall-a"].pue == 1.4
    check_undo_redo(doc, before)


def test_document_signals_follow_the_model(qtbot, design) -> None:
    doc = DesignDocument(design)
    seen: list[tuple[str, str]] = []
    doc.element_added.connect(lambda k, i: seen.append(("added", i)))
    doc.element_removed.connect(lambda k, i: seen.append(("removed", i)))
    doc.element_changed.connect(lambda k, i, f: seen.append(("changed", i)))
    doc.elements_moved.connect(lambda moved: seen.append(("moved", moved)))
    run(doc, remove_command(design, ["hall-a-pod-1-racks"]))
    doc.undo_stack.undo()
    run(doc, UpdateElement(design, "hall-b", {"pue": 1.37}))
    run(doc, move_command(design, {"hall-b": (1.0, 2.0), "hall-a-pod-1": (40.0, 50.0)}))
    assert seen == [("removed", "hall-a-pod-1-b1"), ("removed", "hall-a-pod-1-racks"),
                    ("added", "hall-a-pod-1-racks"), ("added", "hall-a-pod-1-b1"),
                    ("changed", "hall-b"),
                    ("moved", (("building", "hall-b"), ("island", "hall-a-pod-1")))]
    with qtbot.waitSignal(doc.modified_changed):
        doc.undo_stack.setClean()
    assert isinstance(doc.undo_stack.command(0), QUndoCommand)
