"""Names in the user's words: a tier dropped from the palette is named by its place and
role, a bundle drawn between two tiers of one island names the island once, and the undo
history says "Change link speed of … to 200G", not "speed gbps"."""

from __future__ import annotations

from PySide6.QtCore import QPointF

from gui.canvas.placement import PaletteEntry
from gui.commands import UpdateElement, bundle_name, link_command
from gui.words import change_text, speed_words
from model.design import Design
from tests.gui.conftest import close_window
from tests.gui.test_inspector import select, type_into


def centre_of(window, element_id: str) -> QPointF:  # type: ignore[no-untyped-def]
    return window.scene.item_for(element_id).scene_rect().center()


def test_palette_tiers_are_named_by_island_and_role_and_edits_in_words(
        qtbot, catalog, settings) -> None:
    from gui.main_window import open_window

    window = open_window(Design(), None, catalog, settings)
    try:
        design, view = window.document.design, window.view
        assert view.place_entry(PaletteEntry("building", "", "Building"), QPointF(0, 0))
        building = next(iter(design.buildings))
        assert view.place_entry(PaletteEntry("island", "", "Computing island"),
                                centre_of(window, building))
        island = next(iter(design.islands))
        assert design.islands[island].name == "Island 1"
        switch = catalog.switches[0]
        for _ in range(2):
            assert view.place_entry(PaletteEntry("tier", switch.id, switch.name),
                                    centre_of(window, island) + QPointF(0, 60))
        names = [t.name for t in design.tiers.values()]
        assert names == ["Island 1 leaf", "Island 1 spine"], names
        assert not any(switch.name in n for n in names), "not the switch's marketing name"
        leaf, spine = list(design.tiers)
        assert view.execute(link_command(design, leaf, spine))
        bundle = next(iter(design.bundles.values()))
        assert bundle.name == "Island 1 leaf → spine"
        stack = window.document.undo_stack
        inspector = select(window, bundle.id)
        type_into(qtbot, inspector.fields["speed_gbps"], "200")
        assert design.bundles[bundle.id].speed_gbps == 200.0
        assert stack.text(stack.count() - 1) == \
            "Change link speed of Island 1 leaf → spine to 200G"
        inspector = select(window, leaf)
        type_into(qtbot, inspector.fields["count"], "16")
        assert stack.text(stack.count() - 1) == "Change switch count of Island 1 leaf to 16"
        assert window.undo_action.text() == "&Undo Change switch count of Island 1 leaf to 16"
    finally:
        window.document.undo_stack.setClean()
        close_window(window)


def test_words_for_fields_and_values(qapp, design) -> None:
    assert [speed_words(g) for g in (400.0, 200, 1600.0, 25.0, 12.5)] == [
        "400G", "200G", "1.6T", "25G", "12.5G"]
    assert change_text("bundle", "B", {"links_per_member": 4}) == \
        "Change links per member of B to 4"
    assert change_text("building", "Hall A", {"capacity_kw": 120000.0}) == \
        "Change IT capacity of Hall A to 120,000 kW"
    assert change_text("island", "Island 1", {"name": "Pod A"}) == "Rename Island 1 to Pod A"
    assert change_text("rack_group", "R", {"x": 1.0, "y": 2.0}) == "Move R"
    command = UpdateElement(design, "hall-a-pod-1-b2", {"speed_gbps": 800.0})
    assert command.text() == "Change link speed of Leaf → spine to 800G"
    assert bundle_name("Island 2 leaf", "Island 2 spine") == "Island 2 leaf → spine"
    assert bundle_name("Hall A core", "Campus core") == "Hall A core → Campus core"
    assert bundle_name("Spine", "Spine 2") == "Spine → Spine 2"
