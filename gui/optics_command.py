"""Tools › Choose Optics by Reach: give every bundle (or the selected ones) the cheapest
medium that reaches its length at its speed, as one undo step.

The choice is :func:`model.media_reach.choose_media`'s; the edit is a :class:`MacroCommand` of
the model's own operations: copy the chosen parts into the design's catalog
(:class:`AddParts`), then set each changed bundle's medium (:class:`UpdateElement`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAction

from gui.commands import AddParts, DesignCommand, MacroCommand, UpdateElement
from gui.i18n import translate
from gui.words import count_of_kind
from model.design import Design
from model.media_reach import MediumChoice, choose_media, parts_to_add

if TYPE_CHECKING:
    from gui.main_window import MainWindow


def optics_command(design: Design, bundle_ids: list[str] | None = None
                   ) -> tuple[MacroCommand | None, list[MediumChoice]]:
    """The undoable edit that applies the chooser to ``bundle_ids`` (all bundles when
    None or empty), and the choices; the command is None when nothing would change."""
    ids = [b for b in bundle_ids or [] if b in design.bundles] or None
    choices = choose_media(design, ids)
    changed = [c for c in choices if c.changes and c.medium is not None]
    if not changed:
        return None, choices
    steps: list[DesignCommand] = []
    parts = parts_to_add(design, changed)
    if parts.media:
        steps.append(AddParts(design, parts, translate("Optics", "Add media")))
    for c in changed:
        assert c.medium is not None
        steps.append(UpdateElement(design, c.bundle_id, {"medium": c.medium.id}))
    count = len(changed)
    text = translate("Optics", "Choose optics by reach ({bundles})").format(
        bundles=count_of_kind("bundle", count))
    return MacroCommand(design, text, steps), choices


def summary(choices: list[MediumChoice], applied: bool) -> str:
    """One status-bar line: how many bundles changed and how many nothing reaches."""
    changed = sum(c.changes for c in choices) if applied else 0
    stuck = [c for c in choices if c.medium is None]
    text = (translate("Optics", "Optics by reach: {bundles} changed").format(
        bundles=count_of_kind("bundle", changed)) if changed else translate(
        "Optics", "Optics by reach: every bundle already has the cheapest medium that reaches"))
    if stuck:
        text += translate("Optics", "; {count} with no medium that reaches ({reason})").format(
            count=len(stuck), reason=stuck[0].reason)
    return text


class OpticsAction:
    """The Tools menu entry of one window."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self.action = QAction(translate("Optics", "Choose &Optics by Reach"), window)
        self.action.setObjectName("action-choose-optics")
        self.action.setStatusTip(translate("Optics", "Give the selected bundles (or all) the "
                                           "cheapest medium that reaches their length at "
                                           "their speed"))
        self.action.triggered.connect(self.run)
        menu = window.menu("Tools")
        menu.addSeparator()
        menu.addAction(self.action)

    def run(self) -> bool:
        """Choose and apply; True when the design changed."""
        window = self.window
        design = window.document.design
        selected = [i for i in window.scene.selected_ids() if i in design.bundles]
        command, choices = optics_command(design, selected)
        applied = command is not None and window.view.execute(command)
        window.show_status(summary(choices, applied))
        return applied
