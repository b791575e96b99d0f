"""The design file's shape, as one pydantic model built from the model's own records.

:class:`DesignFile` is the whole file at the current ``schema_version``: its sections are
tuples of the very classes the model uses (:class:`~model.elements.Building`,
:class:`~model.parts.ServerType`, …), so the file cannot drift from the model and every
range and cross-field rule of a record is checked when a file is read. The JSON Schema
shipped in ``resources/design.schema.json`` is generated from it by :func:`json_schema`;
regenerate it with::

    .venv/bin/python -m model.fileformat            # rewrites the shipped file
    .venv/bin/python -m model.fileformat --check    # exit 1 if it is stale
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

from pydantic import Field

from model.design import DesignSettings
from model.elements import Building, Island, LinkBundle, RackGroup, SwitchTier
from model.failures import Scenario
from model.jobs.job import Job
from model.parts import Catalog, Frozen, Name, Text

FORMAT_NAME = "archipelago-design"
"""Value of the ``format`` field of every design file."""

CURRENT_VERSION = 3
"""The ``schema_version`` this code writes; older files are migrated up to it."""

SECTIONS: tuple[tuple[str, str], ...] = (
    ("buildings", "building"),
    ("islands", "island"),
    ("rack_groups", "rack_group"),
    ("tiers", "tier"),
    ("bundles", "bundle"),
)
"""Element sections of the file, in file order, with the element kind each holds."""

CATALOG_SECTIONS: tuple[str, ...] = (
    "accelerators",
    "servers",
    "rack_types",
    "switches",
    "media",
)
"""Sections of the file's ``catalog``, in file order."""

SCHEMA_PATH = Path(__file__).resolve().parents[2] / "resources" / "design.schema.json"
"""Where the generated JSON Schema is shipped."""


class DesignFile(Frozen):
    """A whole design file at the current schema version.

    Element sections list records in design order; a section may be left out when
    empty. Unknown fields are refused everywhere, so a misspelt field is reported rather
    than silently ignored.
    """

    format: Literal["archipelago-design"] = Field(
        description="Always 'archipelago-design': marks the file as an Archipelago design."
    )
    schema_version: Literal[3] = Field(
        description="Version of this format; older files are migrated when opened."
    )
    name: Name = Field(description="Name of the campus.")
    description: Text = ""
    settings: DesignSettings = DesignSettings()
    catalog: Catalog = Field(
        default=Catalog(),
        description="The parts the design uses, copied in so the file opens anywhere.",
    )
    buildings: tuple[Building, ...] = ()
    islands: tuple[Island, ...] = ()
    rack_groups: tuple[RackGroup, ...] = ()
    tiers: tuple[SwitchTier, ...] = ()
    bundles: tuple[LinkBundle, ...] = ()
    jobs: tuple[Job, ...] = Field(
        default=(), description="Training jobs placed on the campus (docs/jobs.md).")
    scenarios: tuple[Scenario, ...] = Field(
        default=(), description="Named what-ifs: the failures each assumes (docs/whatif.md).")


def json_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the current design file format."""
    schema = DesignFile.model_json_schema()
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "Archipelago design file",
        **{k: v for k, v in schema.items() if k != "title"},
    }


def json_schema_text() -> str:
    """:func:`json_schema` as the exact text shipped in ``resources/``."""
    return json.dumps(json_schema(), indent=2, ensure_ascii=False) + "\n"


def main(argv: list[str]) -> int:
    """Write (or with ``--check``, compare) the shipped schema; returns an exit status."""
    text = json_schema_text()
    if "--check" in argv:
        current = SCHEMA_PATH.read_text(encoding="utf-8") if SCHEMA_PATH.exists() else ""
        if current != text:
            print(f"{SCHEMA_PATH} is stale: run python -m model.fileformat")
            return 1
        print(f"{SCHEMA_PATH} is up to date")
        return 0
    from model.atomic_file import write_bytes

    write_bytes(SCHEMA_PATH, text.encode("utf-8"))
    print(f"wrote {SCHEMA_PATH}")
    return 0
