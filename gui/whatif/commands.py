"""Saving the what-if as a named scenario of the design: an undoable edit (it changes
the file), unlike failing something, which is only a view."""

from __future__ import annotations

from gui.commands import DesignCommand
from gui.i18n import translate
from model.design import Design
from model.failures import Scenario


class SetScenarios(DesignCommand):
    """Replace the design's scenarios; undo puts the old list back."""

    def __init__(self, design: Design, scenarios: tuple[Scenario, ...], text: str) -> None:
        super().__init__(design, text)
        self.scenarios = scenarios
        self._before: tuple[Scenario, ...] = ()

    def _apply(self) -> None:
        self._before = self.design.set_scenarios(self.scenarios)

    def _revert(self) -> None:
        self.design.set_scenarios(self._before)


def save_scenario(design: Design, scenario: Scenario) -> SetScenarios:
    """The command that saves ``scenario`` (replacing one of the same name)."""
    kept = tuple(s for s in design.scenarios if s.name != scenario.name)
    replacing = len(kept) != len(design.scenarios)
    text = (translate("WhatIf", "Replace scenario {name}") if replacing
            else translate("WhatIf", "Save scenario {name}"))
    return SetScenarios(design, (*kept, scenario), text.format(name=repr(scenario.name)))


def delete_scenario(design: Design, name: str) -> SetScenarios:
    """The command that deletes the scenario called ``name``."""
    kept = tuple(s for s in design.scenarios if s.name != name)
    return SetScenarios(design, kept, translate("WhatIf", "Delete scenario {name}").format(
        name=repr(name)))
