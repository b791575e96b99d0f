"""The words the printed reports share (cost categories, units, scopes, tier roles, yes
and no), marked for translation in the ``terms`` context.

The data keep their English keys (``"switches"``, ``"spine"``); a report written in
another language shows them with :func:`term`, so scripts reading JSON or CSV never see
a translated key.
"""

from __future__ import annotations

from model.i18n import Translator, mark

TERMS: tuple[str, ...] = (
    # CAPEX categories (model.metrics.cost.CATEGORIES) and bill-of-materials items
    mark("terms", "servers"), mark("terms", "switches"), mark("terms", "optics"),
    mark("terms", "cables"), mark("terms", "racks"),
    mark("terms", "switch"), mark("terms", "transceiver"), mark("terms", "cable"),
    # units of the priced items
    mark("terms", "module"), mark("terms", "server"), mark("terms", "rack"),
    # scopes of a pair of accelerators
    mark("terms", "island"), mark("terms", "building"), mark("terms", "campus"),
    # switch tier roles (model.elements.Role)
    mark("terms", "leaf"), mark("terms", "spine"), mark("terms", "aggregation"),
    mark("terms", "core"), mark("terms", "super-spine"),
    # severities
    mark("terms", "error"), mark("terms", "warning"),
    # medium kinds
    mark("terms", "dac"), mark("terms", "aec"), mark("terms", "aoc"), mark("terms", "optical"),
    mark("terms", "yes"), mark("terms", "no"),
)
"""Every shared word (the catalog holds their translations)."""


def term(t: Translator, word: str) -> str:
    """``word`` in ``t``'s language (unchanged when it is not a shared word)."""
    return t.translate("terms", word)


def yes_no(t: Translator, value: bool) -> str:
    """``yes`` or ``no`` in ``t``'s language."""
    return term(t, "yes" if value else "no")
