"""Parametric design templates, each following a published design.

``TEMPLATES`` maps a template's name to its :class:`~model.templates.base.Template`;
``TEMPLATES[name].build(**params)`` returns a new :class:`~model.design.Design` built
through the design's own operations, with parts copied from the built-in catalog.
Bad parameters raise :class:`~model.errors.DesignError` naming the parameter.
"""

from __future__ import annotations

from model.design import Design
from model.errors import DesignError
from model.i18n import message
from model.templates import (
    ai_zones,
    alibaba_hpn,
    cloudmatrix,
    dragonfly_plus,
    fat_tree,
    islands,
    leaf_spine,
    megascale,
    superpod,
)
from model.templates.base import Param, ParamValue, Template

TEMPLATES: dict[str, Template] = {
    t.name: t
    for t in (
        fat_tree.TEMPLATE,
        leaf_spine.TEMPLATE,
        superpod.TEMPLATE,
        ai_zones.TEMPLATE,
        islands.TEMPLATE,
        dragonfly_plus.TEMPLATE,
        alibaba_hpn.TEMPLATE,
        cloudmatrix.TEMPLATE,
        megascale.TEMPLATE,
    )
}
"""Every template by name."""

EXAMPLE_TEMPLATE = "islands"
"""The template whose defaults are the built-in example campus."""


def template(name: str) -> Template:
    """The template called ``name`` (DesignError listing the known ones if none)."""
    try:
        return TEMPLATES[name]
    except KeyError:
        raise DesignError(message(
            "templates", "there is no template {name!r}; templates are {names}", name=name,
            names=", ".join(TEMPLATES))) from None


def build_example() -> Design:
    """The built-in example campus (the ``islands`` template with its defaults)."""
    return TEMPLATES[EXAMPLE_TEMPLATE].build()


__all__ = [
    "EXAMPLE_TEMPLATE",
    "TEMPLATES",
    "Param",
    "ParamValue",
    "Template",
    "build_example",
    "template",
]
