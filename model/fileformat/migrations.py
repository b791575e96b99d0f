"""Step-by-step migration of older design files to the current schema version.

A migration is a function from the file's data at version *N* to the same data at
version *N + 1*; :data:`MIGRATIONS` maps *N* to it. A file at version *k* is brought to
:data:`~model.fileformat.schema.CURRENT_VERSION` by running the steps *k*, *k + 1*, …
in turn, so each step only ever knows two neighbouring versions. Migrations work on
plain JSON data (dicts and lists), before validation, and must not mutate their input.

Version 1 is the first published format; version 2 added the optional ``jobs`` section
(training jobs, :mod:`model.jobs`); version 3 added the optional ``scenarios`` section
(named what-ifs, :mod:`model.failures`). The mechanism is also exercised by the tests with a
synthetic version 0. To change the format: bump
``CURRENT_VERSION`` and ``DesignFile.schema_version``, register the step from the old
version here, and regenerate the JSON Schema.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from model.errors import DesignFileError, UnsupportedVersionError
from model.fileformat.schema import CURRENT_VERSION
from model.i18n import message

Migration = Callable[[dict[str, Any]], dict[str, Any]]

MIGRATIONS: dict[int, Migration] = {}
"""``from_version -> step`` producing the data at ``from_version + 1``."""


def register_migration(from_version: int) -> Callable[[Migration], Migration]:
    """Decorator: register ``step`` as the migration from ``from_version``."""

    def register(step: Migration) -> Migration:
        if from_version in MIGRATIONS:
            raise ValueError(f"a migration from version {from_version} is already registered")
        MIGRATIONS[from_version] = step
        return step

    return register


def migrate(
    data: dict[str, Any],
    version: int,
    path: str | None = None,
    migrations: dict[int, Migration] | None = None,
) -> dict[str, Any]:
    """Bring ``data`` (at ``version``) to the current version; returns the new data.

    Raises :class:`UnsupportedVersionError` for a version newer than this code, or one
    older than the oldest migration, and :class:`DesignFileError` when a step fails on
    malformed old data.
    """
    steps = MIGRATIONS if migrations is None else migrations
    if version > CURRENT_VERSION:
        raise UnsupportedVersionError(
            message("files", "schema_version {version} was written by a newer Archipelago;"
                    " this one reads versions up to {current}. Update Archipelago to open it.",
                    version=version, current=CURRENT_VERSION),
            path,
            "schema_version",
        )
    current = version
    while current < CURRENT_VERSION:
        step = steps.get(current)
        if step is None:
            raise UnsupportedVersionError(
                message("files", "schema_version {version} is not a version this Archipelago"
                        " can read (no migration from version {current} to {next})",
                        version=version, current=current, next=current + 1),
                path,
                "schema_version",
            )
        try:
            data = step(data)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as error:
            raise DesignFileError(message(
                "files", "could not upgrade the file from schema_version {current} to"
                " {next}: {why}", current=current, next=current + 1,
                why=f"{type(error).__name__}: {error}"), path) from None
        if not isinstance(data, dict):
            raise DesignFileError(message(
                "files", "the upgrade from schema_version {current} did not produce a"
                " design", current=current), path)
        current += 1
        data = {**data, "schema_version": current}
    return data


@register_migration(1)
def _jobs_section(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 → 2: version 2 added the optional ``jobs`` section; a version 1 file
    has no jobs, so its data is unchanged (copied, never mutated)."""
    return dict(data)


@register_migration(2)
def _scenarios_section(data: dict[str, Any]) -> dict[str, Any]:
    """Version 2 → 3: version 3 added the optional ``scenarios`` section; a version 2
    file has no scenarios, so its data is unchanged (copied, never mutated)."""
    return dict(data)
