"""The inspector: typed editors for each kind; good input becomes one named undo step;
bad input is refused at the field with the model's message and changes nothing."""

from __future__ import annotations

from PySide6.QtCore import Qt

from gui.inspector.fields import (
    ChoiceField,
    CountField,
    NumberField,
    OptionalNumberField,
    TextField,
)
from model.elements import Pattern, Scope


def select(window, element_id: str):  # type: ignore[no-untyped-def]
    window.scene.select_ids([element_id])
    return window.inspector


def type_into(qtbot, field, text: str) -> None:  # type: ignore[no-untyped-def]
    editor = field.editor
    editor.setFocus()
    if isinstance(field, CountField):
        editor.lineEdit().selectAll()
        qtbot.keyClicks(editor.lineEdit(), text)
    else:
        editor.selectAll()
        qtbot.keyClick(editor, Qt.Key.Key_Backspace)
        qtbot.keyClicks(editor, text)
    qtbot.keyClick(editor, Qt.Key.Key_Return)


def test_each_kind_gets_typed_editors(window) -> None:
    expected = {
        "hall-a": {"name": TextField, "capacity_kw": NumberField, "pue": NumberField,
                   "electricity_usd_per_kwh": NumberField, "cooling": ChoiceField,
                   "notes": TextField},
        "hall-a-pod-1": {"name": TextField, "building": ChoiceField, "notes": TextField},
        "hall-a-pod-1-racks": {"name": TextField, "count": CountField,
                               "rack_type": ChoiceField, "island": ChoiceField},
        "hall-a-pod-1-leaf": {"name": TextField, "count": CountField, "switch": ChoiceField,
                              "role": ChoiceField, "serves": ChoiceField,
                              "plane": ChoiceField},
        "hall-a-pod-1-b1": {"name": TextField, "links_per_member": CountField,
                            "speed_gbps": NumberField, "pattern": ChoiceField,
                            "medium": ChoiceField, "length_m": OptionalNumberField},
    }
    for element_id, fields in expected.items():
        inspector = select(window, element_id)
        assert {k: type(v) for k, v in inspector.fields.items()} == fields
    racks = select(window, "hall-a-pod-1-racks")
    # Catalog choices offer the shipped rack types, not only those in the design.
    assert "gb200-nvl72" in racks.fields["rack_type"].choices()
    window.scene.clearSelection()
    assert set(window.inspector.fields) == {"name", "description",
                                            "oversubscription_threshold", "allowance_pct",
                                            "plane", "reliability.checkpoint_write_s",
                                            "reliability.restart_s",
                                            "years", "currency",
                                            "usd_exchange_rate", "building_distance_m"}


def test_good_input_is_one_named_step(window, qtbot) -> None:
    design, stack = window.document.design, window.document.undo_stack
    inspector = select(window, "hall-a")
    type_into(qtbot, inspector.fields["capacity_kw"], "2500")
    assert design.buildings["hall-a"].capacity_kw == 2500.0
    type_into(qtbot, inspector.fields["pue"], "1.1")
    assert design.buildings["hall-a"].pue == 1.1
    inspector = select(window, "hall-a-pod-1-racks")
    type_into(qtbot, inspector.fields["count"], "12")
    assert design.rack_groups["hall-a-pod-1-racks"].count == 12
    # A rack type from the shipped catalog is copied into the design in the same step.
    inspector.fields["rack_type"].choose("hgx-h100-x4")
    assert design.rack_groups["hall-a-pod-1-racks"].rack_type == "hgx-h100-x4"
    assert design.catalog.rack_type("hgx-h100-x4") is not None
    inspector = select(window, "hall-a-pod-1-b2")
    inspector.fields["pattern"].choose(Pattern.SPREAD)  # unchanged: no step
    inspector.fields["medium"].choose("optical-400g-osfp")
    assert design.bundles["hall-a-pod-1-b2"].medium == "optical-400g-osfp"
    assert [stack.text(i) for i in range(stack.count())] == [
        "Change IT capacity of Hall A to 2,500 kW", "Change PUE of Hall A to 1.1",
        "Change rack count of DGX H100 to 12", "Change rack type of DGX H100",
        "Change medium of Leaf → spine"]
    stack.undo()
    assert design.catalog.medium("optical-400g-osfp") is None
    assert inspector.fields["medium"].value() is None, "the editor follows the undo"


def test_bad_input_is_refused_at_the_field_and_changes_nothing(window, qtbot) -> None:
    design, stack = window.document.design, window.document.undo_stack
    before = design.copy()
    inspector = select(window, "hall-a")
    cases = [("capacity_kw", "-5", "capacity_kw: Input should be greater than 0"),
             ("capacity_kw", "lots", "'lots' is not a number"),
             ("pue", "0.5", "pue: Input should be greater than or equal to 1")]
    for name, text, message in cases:
        field = inspector.fields[name]
        type_into(qtbot, field, text)
        assert field.has_error() and message in field.error.text()
        assert field.editor.text() == {"capacity_kw": "2,000", "pue": "1.25"}[name], \
            "the editor goes back to the design's value (2,000 kW, PUE 1.25 by hand)"
    inspector = select(window, "hall-a-pod-1-racks")
    type_into(qtbot, inspector.fields["count"], "0")
    assert "count: Input should be greater than or equal to 1" in \
        inspector.fields["count"].error.text()
    type_into(qtbot, inspector.fields["name"], "")
    assert "name" in inspector.fields["name"].error.text()
    inspector = select(window, "hall-a-pod-1-leaf")
    # The leaf tier cannot serve Hall B: its bundles come from Hall A's racks.
    serves = inspector.fields["serves"]
    choice = next(v for v in serves.choices() if v[0] is Scope.ISLAND and v[1] ==
                  "hall-b-pod-1")
    serves.choose(choice)
    assert "does not serve" in serves.error.text()
    inspector = select(window, "hall-a-pod-1-b2")
    inspector.fields["pattern"].choose(Pattern.RAIL)
    assert "lower end must be a rack group" in inspector.fields["pattern"].error.text()
    assert design == before
    assert stack.count() == 0
    # The message goes when a good value is accepted.
    field = inspector.fields["links_per_member"]
    type_into(qtbot, field, "0")
    assert field.has_error()
    type_into(qtbot, field, "4")
    assert not field.has_error() and design.bundles["hall-a-pod-1-b2"].links_per_member == 4


def test_design_settings_are_undoable(window, qtbot) -> None:
    design, stack = window.document.design, window.document.undo_stack
    window.scene.clearSelection()
    fields = window.inspector.fields
    type_into(qtbot, fields["oversubscription_threshold"], "3")
    type_into(qtbot, fields["name"], "My campus")
    type_into(qtbot, fields["allowance_pct"], "250")
    assert "allowance_pct" in fields["allowance_pct"].error.text()
    assert (design.settings.oversubscription_threshold, design.name) == (3.0, "My campus")
    assert [stack.text(i) for i in range(stack.count())] == [
        "Change oversubscription limit to 3 : 1", "Rename design"]
    stack.undo()
    stack.undo()
    assert design.name == "Demo campus" and design.settings.oversubscription_threshold == 8
