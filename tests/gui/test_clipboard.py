"""Cut, Copy and Paste through the real system clipboard: within one design, into a
second window, and refusals of damaged or hostile clipboard content."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMessageBox

from gui.fragment import FRAGMENT_MIME
from model.design import Design
from model.elements import Building
from tests.gui.conftest import close_window

POD = "hall-a-pod-1"

EXPECTED_POD_CONTENTS = {
    # (kind, name, count, part, links, speed, pattern) — the demo pod, listed by hand
    ("rack_group", "DGX H100", 8, "dgx-h100-x4"),
    ("tier", "Spine", 8, "qm9700"),
    ("tier", "Leaf (rails)", 8, "qm9700"),
}
EXPECTED_POD_BUNDLES = {
    ("Servers → leaf", "DGX H100", "Leaf (rails)", 8, 400.0, "rail"),
    ("Leaf → spine", "Leaf (rails)", "Spine", 8, 400.0, "spread"),
}


def contents_of(design: Design, island_id: str) -> tuple[set, set]:  # type: ignore[type-arg]
    """What an island holds, by name and value (ids left out)."""
    groups = {("rack_group", g.name, g.count, g.rack_type)
              for g in design.rack_groups.values() if g.island == island_id}
    tiers = {("tier", t.name, t.count, t.switch)
             for t in design.tiers.values() if t.island == island_id}
    inside = {g.id for g in design.rack_groups.values() if g.island == island_id} | {
        t.id for t in design.tiers.values() if t.island == island_id}
    bundles = {(b.name, design.element(b.lower).name, design.element(b.upper).name,  # type: ignore[union-attr]
                b.links_per_member, b.speed_gbps, b.pattern.value)
               for b in design.bundles.values() if b.lower in inside and b.upper in inside}
    return groups | tiers, bundles


def clipboard_text() -> str:
    return QGuiApplication.clipboard().mimeData().text()


def test_copy_paste_an_island_within_the_design(window) -> None:
    design, stack = window.document.design, window.document.undo_stack
    before = design.copy()
    window.scene.select_ids([POD])
    assert window.clipboard.copy_action.isEnabled()
    window.clipboard.copy_action.trigger()
    mime = QGuiApplication.clipboard().mimeData()
    assert mime.hasFormat(FRAGMENT_MIME) and mime.hasText()
    data = json.loads(clipboard_text())
    assert data["format"] == "archipelago-fragment" and data["copied"] == [POD]
    assert {i["id"] for i in data["design"]["islands"]} == {POD}
    assert stack.count() == 0, "copying is not an edit"

    window.clipboard.paste_action.trigger()
    assert stack.count() == 1, "one undo step per paste"
    new = [i for i in design.islands if i not in before.islands]
    assert len(new) == 1
    island = design.islands[new[0]]
    assert island.id != POD and island.building == "hall-a"
    assert island.name == "Hall A · Pod 3", "the next free number, not a clash"
    assert contents_of(design, island.id) == (EXPECTED_POD_CONTENTS, EXPECTED_POD_BUNDLES)
    assert window.scene.selected_ids() == [island.id], "the pasted island is selected"
    # beside the originals: overlapping none of the building's islands
    pasted = window.scene.item_for(island.id).scene_rect()
    for other in ("hall-a-pod-1", "hall-a-pod-2"):
        assert not pasted.intersects(window.scene.item_for(other).scene_rect()), other
    # every id is fresh
    ids = [e.id for e in design.all_elements()]
    assert len(ids) == len(set(ids))
    stack.undo()
    assert design == before
    stack.redo()
    assert island.id in design.islands


def test_paste_into_a_second_window_through_the_clipboard(window, catalog, settings,
                                                         tmp_path) -> None:
    from gui.main_window import open_window

    window.scene.select_ids([POD])
    assert window.clipboard.copy()
    other_design = Design("Other")
    other_design.add(Building(id="hall-a", name="Annex", capacity_kw=900, x=0, y=0))
    other = open_window(other_design, None, catalog, settings)
    try:
        # 'hall-a' exists here too: the island goes into it with its original id
        assert other.clipboard.paste()
        island = other_design.islands[POD]
        assert island.building == "hall-a"
        assert contents_of(other_design, POD) == (EXPECTED_POD_CONTENTS, EXPECTED_POD_BUNDLES)
        # the parts came along: the rack type, its server and accelerator, the switch
        source = window.document.design.catalog
        assert other_design.catalog.rack_type("dgx-h100-x4") == source.rack_type("dgx-h100-x4")
        assert other_design.catalog.switch("qm9700") == source.switch("qm9700")
        # a second paste into a building chosen by selection: fresh ids and a new name
        other_design.add(Building(id="b2", name="Second", capacity_kw=900, x=900, y=0))
        other.scene.select_ids(["b2"])
        assert other.clipboard.paste()
        second = [i for i in other_design.islands.values() if i.building == "b2"]
        assert len(second) == 1 and second[0].id != POD
        assert contents_of(other_design, second[0].id)[0] == EXPECTED_POD_CONTENTS
        assert other.document.undo_stack.count() == 2
    finally:
        other.document.undo_stack.setClean()
        close_window(other)


def test_a_part_with_the_same_id_but_other_content_is_renamed(window, catalog,
                                                             settings) -> None:
    from gui.main_window import open_window
    from model.parts import Catalog

    window.scene.select_ids([POD])
    assert window.clipboard.copy()
    original = window.document.design.catalog.rack_type("dgx-h100-x4")
    other_design = Design("Other")
    changed = original.model_copy(update={"name": "Someone else's rack"})
    other_design.add_parts(Catalog(rack_types=(changed,)))
    other_design.add(Building(id="hall-a", name="Annex", capacity_kw=900))
    other = open_window(other_design, None, catalog, settings)
    try:
        assert other.clipboard.paste()
        group = next(g for g in other_design.rack_groups.values() if g.island == POD)
        assert group.rack_type != "dgx-h100-x4"
        assert other_design.catalog.rack_type(group.rack_type).model_copy(
            update={"id": "dgx-h100-x4"}) == original
        assert other_design.catalog.rack_type("dgx-h100-x4") == changed, "left alone"
    finally:
        other.document.undo_stack.setClean()
        close_window(other)


def test_cut_is_one_step_and_undo_restores(window) -> None:
    design, stack = window.document.design, window.document.undo_stack
    before = design.copy()
    window.scene.select_ids([POD, "hall-b-pod-1-racks"])
    window.clipboard.cut_action.trigger()
    assert stack.count() == 1 and stack.text(0) == "Cut 2 elements"
    assert POD not in design.islands and "hall-b-pod-1-racks" not in design.rack_groups
    assert json.loads(clipboard_text())["copied"] == [POD, "hall-b-pod-1-racks"]
    stack.undo()
    assert design == before
    stack.redo()
    # pasted back after the cut: the ids are free again, so they are kept
    window.scene.clearSelection()
    assert window.clipboard.paste()
    assert POD in design.islands and "hall-b-pod-1-racks" in design.rack_groups
    assert design.rack_groups["hall-b-pod-1-racks"].island == "hall-b-pod-1"


HOSTILE = {
    "deep nesting": "[" * 5000 + "]" * 5000,
    "duplicate keys": '{"format": "archipelago-fragment", "format": "x"}',
    "wrong version": json.dumps({"format": "archipelago-fragment", "fragment_version": 99,
                                 "copied": [], "design": {}}),
    "copied not a list": json.dumps({"format": "archipelago-fragment",
                                     "fragment_version": 1, "copied": "x", "design": {}}),
    "NaN": '{"format": "archipelago-fragment", "fragment_version": 1, "copied": [],'
           ' "design": {"x": NaN}}',
}


def _fragment_of(window, element_id: str) -> dict:  # type: ignore[no-untyped-def,type-arg]
    window.scene.select_ids([element_id])
    assert window.clipboard.copy()
    return json.loads(clipboard_text())  # type: ignore[no-any-return]


def _hostile_edits(data: dict) -> dict[str, dict]:  # type: ignore[type-arg]
    def edited(change) -> dict:  # type: ignore[no-untyped-def,type-arg]
        copy = json.loads(json.dumps(data))
        change(copy)
        return copy  # type: ignore[no-any-return]
    return {
        "negative count": edited(lambda d: d["design"]["rack_groups"][0].update(count=-3)),
        "name of 10 000 characters": edited(
            lambda d: d["design"]["islands"][0].update(name="x" * 10_000)),
        "dangling bundle end": edited(
            lambda d: d["design"]["bundles"][0].update(upper="nowhere")),
        "copied id not held": edited(lambda d: d.update(copied=["ghost"])),
        "unknown field": edited(lambda d: d["design"]["islands"][0].update(evil=1)),
        "position out of range": edited(
            lambda d: d["design"]["islands"][0].update(x=1e300)),
    }


@pytest.mark.parametrize("name", [*HOSTILE, "negative count", "name of 10 000 characters",
                                  "dangling bundle end", "copied id not held",
                                  "unknown field", "position out of range"])
def test_damaged_or_hostile_clipboard_gives_a_message(window, name: str) -> None:
    design, stack = window.document.design, window.document.undo_stack
    text = HOSTILE.get(name) or json.dumps(_hostile_edits(_fragment_of(window, POD))[name])
    before = design.copy()
    QGuiApplication.clipboard().setText(text)
    assert window.clipboard.paste() is False
    assert design == before and stack.count() == 0
    box = window.clipboard.last_message
    assert isinstance(box, QMessageBox) and box.isVisible()
    assert box.windowTitle() == "Cannot paste" and box.text()
    box.close()


def test_plain_text_is_not_pasted_and_says_so(window) -> None:
    QGuiApplication.clipboard().setText("some words from an e-mail")
    messages: list[str] = []
    window.statusBar().messageChanged.connect(messages.append)
    assert window.clipboard.paste() is False
    assert window.clipboard.last_message is None, "no dialog for ordinary text"
    assert any("text, not copied Archipelago elements" in m for m in messages)


def test_paste_needs_a_place_for_what_it_holds(window, catalog, settings) -> None:
    from gui.main_window import open_window

    window.scene.select_ids(["hall-a-pod-1-racks"])
    assert window.clipboard.copy()
    empty = open_window(Design("Empty"), None, catalog, settings)
    try:
        messages: list[str] = []
        empty.statusBar().messageChanged.connect(messages.append)
        assert empty.clipboard.paste() is False
        assert any("Select an island" in m for m in messages), messages
        assert empty.document.undo_stack.count() == 0
    finally:
        close_window(empty)


def test_paste_here_puts_the_copy_at_the_pointer(window) -> None:
    design = window.document.design
    window.scene.select_ids(["hall-b"])
    assert window.clipboard.copy()
    target = QPointF(3000, 1500)
    assert window.clipboard.paste_at(target)
    new = [b for b in design.buildings.values() if b.id not in ("hall-a", "hall-b")]
    assert len(new) == 1
    assert (new[0].x, new[0].y) == (3000, 1500)
    assert new[0].name == "Hall B (copy)"
    # the whole hall came along: 2 islands, 3 tiers per island set, 7 bundles inside
    inside = [i for i in design.islands.values() if i.building == new[0].id]
    assert len(inside) == 2


def test_names_follow_a_renumbered_island(qapp) -> None:
    """On the shipped example (islands "Island 1".."Island 8", contents named after
    them), a pasted Island 3 becomes Island 9 and its contents "Island 9 …"."""
    from gui.example import EXAMPLE_PATH
    from gui.fragment import fragment_text, paste_command, read_fragment
    from model.fileformat import load_design

    design = load_design(EXAMPLE_PATH)
    names_before = {i.name for i in design.islands.values()}
    assert names_before == {f"Island {n}" for n in range(1, 9)}
    fragment = read_fragment(fragment_text(design, ["island-3"]) or "")
    pasted = paste_command(design, fragment, lambda root, _c: (root.x + 600, root.y))
    pasted.command.apply_first()
    (new,) = pasted.roots
    assert design.islands[new].name == "Island 9"
    inside = sorted(e.name for e in [*design.rack_groups.values(), *design.tiers.values()]
                    if e.island == new)
    originals = sorted(e.name for e in [*design.rack_groups.values(),
                                        *design.tiers.values()] if e.island == "island-3")
    assert inside == [n.replace("Island 3", "Island 9") for n in originals]
    bundles = {b.name for b in design.bundles.values()
               if design.island_of(b.lower) == new}
    assert bundles == {"Island 9 rails", "Island 9 leaf–spine"}, "spine–core stays behind"
    pasted.command.undo()
    assert {i.name for i in design.islands.values()} == names_before


def test_paste_here_on_the_open_campus_keeps_an_island_in_its_building(window) -> None:
    design = window.document.design
    window.scene.select_ids([POD])
    assert window.clipboard.copy()
    far = window.scene.content_rect().bottomRight() + QPointF(5000, 5000)
    width_before = window.scene.item_for("hall-a").scene_rect().width()
    assert window.clipboard.paste_at(far)
    (new,) = [i for i in design.islands.values() if i.id != POD and i.name.endswith("3")]
    assert new.building == "hall-a"
    # beside its siblings, not stretched out to the far-away pointer
    grown = window.scene.item_for("hall-a").scene_rect().width() - width_before
    assert 0 < grown < 2 * window.scene.item_for(POD).scene_rect().width()


def test_cut_copy_paste_are_greyed_when_they_cannot_act(window, catalog, settings) -> None:
    from gui.main_window import open_window

    clip = window.clipboard
    QGuiApplication.clipboard().clear()
    window.scene.clearSelection()
    assert not clip.copy_action.isEnabled() and not clip.cut_action.isEnabled()
    assert not clip.paste_action.isEnabled()
    window.scene.select_ids([POD])
    assert clip.copy_action.isEnabled() and clip.cut_action.isEnabled()
    clip.copy_action.trigger()
    assert clip.paste_action.isEnabled()
    # a second window sees the clipboard change too, and a closed one is not called
    other = open_window(Design("Other"), None, catalog, settings)
    assert other.clipboard.paste_action.isEnabled()
    close_window(other)
    QGuiApplication.clipboard().clear()
    assert not clip.paste_action.isEnabled()
