"""A design that saves must open, through the editor's own commands: duplicating a
200-character-named island at x = 1e7, linking two long-named elements, and the
builders' refusals (a count of 0, no island, a link to itself) are the model's
DesignError, never pydantic's. A random sequence of edits, undos and redos through the
undo stack is saved and re-opened after every step."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from gui.commands import (
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
from model.elements import Role
from model.errors import DesignError
from model.fileformat import load_design, save_design

LONGEST = "N" * 200


def reopened(d: Design, folder: Path) -> Design:
    path = folder / "design.json"
    save_design(d, path)
    return load_design(path)


def test_duplicating_a_longest_named_island_at_the_edge_saves_and_opens(
        qapp, design, tmp_path: Path) -> None:
    doc = DesignDocument(design)
    island = next(iter(design.islands))
    doc.execute(UpdateElement(design, island, {"name": LONGEST, "x": 1e7}))
    group = next(g for g in design.rack_groups.values() if g.island != island)
    doc.execute(UpdateElement(design, group.id, {"name": LONGEST, "x": -1e7}))
    command = duplicate_command(design, [island, group.id], (10.0, 10.0))
    assert command is not None
    doc.execute(command)
    copies = [e for e in design.all_elements() if e.name.endswith(" (copy)")]
    assert len(copies) == 2
    assert all(len(c.name) == 200 for c in copies)
    assert [getattr(c, "x") for c in copies] == [1e7, -1e7 + 10]  # noqa: B009
    assert reopened(design, tmp_path) == design


def test_a_link_between_long_names_gets_a_name_that_fits(qapp, design, tmp_path: Path) -> None:
    doc = DesignDocument(design)
    group = next(iter(design.rack_groups.values()))
    spare = add_tier_command(design, design.catalog, "qm9700", design.islands[group.island],
                             x=0, y=0, role=Role.SPINE)
    doc.execute(spare)
    tier = list(design.tiers)[-1]
    doc.execute(UpdateElement(design, group.id, {"name": "G" * 200}))
    doc.execute(UpdateElement(design, tier, {"name": "T" * 200}))
    doc.execute(link_command(design, group.id, tier))
    bundle = list(design.bundles.values())[-1]
    assert len(bundle.name) <= 200
    assert bundle.name.startswith("G") and " → T" in bundle.name
    assert reopened(design, tmp_path) == design


def test_builders_refuse_with_the_models_own_error(qapp, design, catalog) -> None:
    island = next(iter(design.islands))
    tier = next(iter(design.tiers))
    with pytest.raises(DesignError, match="count"):
        add_rack_group_command(design, catalog, "gb200-nvl72", island, x=0, y=0, count=0)
    with pytest.raises(DesignError, match="island"):
        add_rack_group_command(design, catalog, "gb200-nvl72", "", x=0, y=0)
    with pytest.raises(DesignError, match="two different elements"):
        link_command(design, tier, tier)
    with pytest.raises(DesignError, match="x"):
        add_building_command(design, 2e7, 0)


def test_a_tier_in_a_longest_named_island_gets_a_name_that_fits(
        qapp, design, catalog, tmp_path: Path) -> None:
    doc = DesignDocument(design)
    island = next(iter(design.islands))
    doc.execute(UpdateElement(design, island, {"name": LONGEST}))
    for _ in range(2):  # the second is numbered: "… super-spine 2"
        doc.execute(add_tier_command(design, catalog, "qm9700", design.islands[island],
                                     x=0, y=0, role=Role.SUPER_SPINE))
        tier = list(design.tiers.values())[-1]
        assert len(tier.name) == 200 and tier.name.startswith("NNN")
    assert reopened(design, tmp_path) == design


def random_step(doc: DesignDocument, catalog, rng: random.Random) -> str:  # type: ignore[no-untyped-def]
    """One user gesture with extreme but allowed values, or an undo or a redo."""
    d = doc.design
    islands, groups = list(d.islands), list(d.rack_groups)
    tiers, buildings = list(d.tiers), list(d.buildings)
    edge = rng.choice([1e7, -1e7, 9_999_990.0, 0.0])
    name = rng.choice([LONGEST, "x", "Ü" * 199])
    step = rng.choice(["undo", "redo", "building", "island", "racks", "tier", "link",
                       "duplicate", "duplicate", "rename", "move", "remove"])
    if step == "undo":
        doc.undo_stack.undo()
        return step
    if step == "redo":
        doc.undo_stack.redo()
        return step
    everything = islands + groups + tiers
    command = None
    if step == "building":
        command = add_building_command(d, edge, -edge)
    elif step == "island" and buildings:
        command = add_island_command(d, rng.choice(buildings), edge, 0)
    elif step == "racks" and islands:
        command = add_rack_group_command(d, catalog, "gb200-nvl72", rng.choice(islands),
                                         x=edge, y=0, count=rng.choice([1, 1_000_000]))
    elif step == "tier" and islands:
        command = add_tier_command(d, catalog, "qm9700", d.islands[rng.choice(islands)],
                                   x=edge, y=edge, role=rng.choice(list(Role)))
    elif step == "link" and len(groups + tiers) > 1:
        command = link_command(d, rng.choice(groups + tiers), rng.choice(tiers))
    elif step == "duplicate" and everything:
        command = duplicate_command(d, rng.sample(everything, min(2, len(everything))),
                                    (rng.choice([10.0, -10.0]), 10.0))
    elif step == "rename" and everything:
        command = UpdateElement(d, rng.choice(everything), {"name": name})
    elif step == "move" and everything:
        command = move_command(d, {rng.choice(everything): (edge, edge)})
    elif step == "remove" and everything:
        command = remove_command(d, [rng.choice(everything)])
    if command is not None:
        doc.execute(command)
    return step


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_edits_undos_and_redos_save_and_reopen_after_every_step(
        qapp, design, catalog, tmp_path: Path, seed: int) -> None:
    doc = DesignDocument(design)
    rng = random.Random(seed)
    # elements at the limits from the start, as the issue found them
    doc.execute(UpdateElement(design, next(iter(design.islands)), {"name": LONGEST,
                                                                  "x": 1e7}))
    doc.execute(UpdateElement(design, list(design.rack_groups)[-1], {"name": LONGEST}))
    doc.execute(UpdateElement(design, list(design.tiers)[-1], {"name": LONGEST}))
    for _ in range(20):
        before = design.copy()
        try:
            random_step(doc, catalog, rng)
        except DesignError:
            assert design == before, "a refused gesture changed the design"
        assert reopened(design, tmp_path) == design
