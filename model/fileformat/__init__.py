"""The design file format: JSON, versioned, migrated step by step, saved atomically.

Public API::

    load_design(path) -> Design               # parse → migrate → validate → build
    save_design(design, path) -> None         # atomic: temp file + os.replace
    design_to_dict(design) -> dict            # plain JSON data, file order
    design_from_dict(data, source=...) -> Design
    dumps_design(design) -> str               # the exact file text
    json_schema() -> dict                     # JSON Schema of the current version

Every failure is a :class:`~model.errors.DesignFileError` (``UnsupportedVersionError``
for a file from a newer Archipelago) naming the file, the field path and the problem.
The format is described for people in ``docs/file-format.md``.
"""

from __future__ import annotations

from model.fileformat.migrations import MIGRATIONS, migrate, register_migration
from model.fileformat.reader import design_from_dict, load_design
from model.fileformat.schema import CURRENT_VERSION, FORMAT_NAME, DesignFile, json_schema
from model.fileformat.writer import design_to_dict, dumps_design, save_design

__all__ = [
    "CURRENT_VERSION",
    "FORMAT_NAME",
    "MIGRATIONS",
    "DesignFile",
    "design_from_dict",
    "design_to_dict",
    "dumps_design",
    "json_schema",
    "load_design",
    "migrate",
    "register_migration",
    "save_design",
]
