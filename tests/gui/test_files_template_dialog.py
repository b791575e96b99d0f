"""The New from Template dialog: every template listed with its parameters and source,
a preview whose figures match hand counts, refusals shown, Create gives the design."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QDialogButtonBox

from gui.template_dialog import TemplateDialog
from model.metrics import compute_all
from model.templates import TEMPLATES


@pytest.fixture
def dialog(qtbot) -> TemplateDialog:
    shown = TemplateDialog(compute=lambda design: compute_all(design, None))
    qtbot.addWidget(shown)
    return shown


def test_every_template_is_listed_with_parameters_and_source(dialog: TemplateDialog) -> None:
    names = [dialog.list.item(r).text() for r in range(dialog.list.count())]
    assert names == [t.title for t in TEMPLATES.values()]
    for name, template in TEMPLATES.items():
        dialog.select(name)
        assert set(dialog.values()) == {p.name for p in template.params}
        assert template.source in dialog.source.text()


def test_preview_of_a_leaf_spine_matches_a_hand_count(dialog: TemplateDialog, qtbot) -> None:
    dialog.select("leaf-spine")
    for name, value in {"leaves": 4, "down": 8, "up": 4, "spines": 2}.items():
        dialog.set_value(name, value)
    assert dialog.update_preview()
    qtbot.waitUntil(dialog.preview_ready)  # the figures are computed off the GUI thread
    text = dialog.preview.text()
    # 4 leaves × 8 hosts; 4 leaves + 2 spines; 32 hosts × 400 W + 6 switches × 210 W +
    # (32 + 16 links) × 2 ends × 2 W = 14,252 W
    assert "32 accelerators" in text
    assert "6 switches" in text
    assert "IT power 14.3 kW" in text


def test_preview_of_a_fat_tree_matches_its_closed_form(dialog: TemplateDialog, qtbot) -> None:
    dialog.select("fat-tree")
    dialog.set_value("k", 8)
    assert dialog.update_preview()
    qtbot.waitUntil(dialog.preview_ready)
    # k³/4 hosts and 5k²/4 switches
    assert f"{8**3 // 4} accelerators" in dialog.preview.text()
    assert f"{5 * 8 * 8 // 4} switches" in dialog.preview.text()


def test_create_returns_the_previewed_design(dialog: TemplateDialog) -> None:
    dialog.select("fat-tree")
    dialog.set_value("k", 6)
    dialog.accept()
    assert dialog.result() == TemplateDialog.DialogCode.Accepted
    assert dialog.design == TEMPLATES["fat-tree"].build(k=6)


def test_a_refused_parameter_is_shown_and_create_is_disabled(dialog: TemplateDialog) -> None:
    dialog.select("fat-tree")
    dialog.set_value("k", 5)  # the fat-tree needs an even radix
    assert dialog.update_preview() is False
    assert "Cannot build" in dialog.preview.text()
    assert "--k" in dialog.preview.text()
    assert not dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()
    assert dialog.design is None
    dialog.accept()
    assert dialog.result() != TemplateDialog.DialogCode.Accepted
