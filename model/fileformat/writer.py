"""Writing a design file: a stable, diff-friendly JSON text, saved atomically.

The text is pretty-printed (indent 2) with a fixed key order — ``format``,
``schema_version``, ``name``, ``description``, ``settings``, ``catalog``, then the
element sections — and every record's fields in their declaration order, ending with a
newline. The same design always gives the same bytes, so a design under version control
diffs cleanly.

Saving writes a temporary file beside the target, flushes and fsyncs it, then renames
it over the target with :func:`os.replace` (:mod:`model.atomic_file`, the writer every
file of the app goes through): a crash or a full disk leaves either the old file or the
new one, never a half-written design.
"""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path
from typing import Any

from model.atomic_file import real_target, write_bytes
from model.design import Design
from model.errors import DesignFileError
from model.fileformat.schema import CURRENT_VERSION, FORMAT_NAME, SECTIONS
from model.i18n import Message, message


def design_to_dict(design: Design) -> dict[str, Any]:
    """The design as plain JSON data in file order (the current schema version)."""
    data: dict[str, Any] = {
        "format": FORMAT_NAME,
        "schema_version": CURRENT_VERSION,
        "name": design.name,
        "description": design.description,
        "settings": design.settings.model_dump(mode="json"),
        "catalog": design.catalog.model_dump(mode="json"),
    }
    for section, kind in SECTIONS:
        data[section] = [e.model_dump(mode="json") for e in design.elements(kind).values()]
    if design.jobs:
        data["jobs"] = [job.model_dump(mode="json") for job in design.jobs]
    if design.scenarios:
        data["scenarios"] = [s.model_dump(mode="json", exclude_none=True)
                             for s in design.scenarios]
    return data


def dumps_design(design: Design) -> str:
    """The design as the exact text of its file (UTF-8 characters kept readable)."""
    data = design_to_dict(design)
    text = json.dumps(data, indent=2, ensure_ascii=False, allow_nan=False) + "\n"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        # A lone surrogate cannot be written as UTF-8; \u escapes keep it exactly.
        text = json.dumps(data, indent=2, ensure_ascii=True, allow_nan=False) + "\n"
    return text


def save_design(design: Design, path: str | os.PathLike[str]) -> None:
    """Write ``design`` to ``path`` atomically (:mod:`model.atomic_file`: through a
    symlink to its file, keeping an existing file's permissions, the folder fsynced,
    stale temporaries of killed saves removed); raises :class:`DesignFileError` saying
    why in plain words when it cannot, leaving any existing file untouched."""
    source = str(path)
    payload = dumps_design(design).encode("utf-8")
    target = real_target(path)
    folder = target.parent
    existed = target.exists()
    kept: Message | str = message("files", "; the existing file was left as it was") \
        if existed else ""
    if target.is_dir():
        raise DesignFileError(message("files", "cannot save: this is a folder"), source)
    if not folder.is_dir():
        raise DesignFileError(message(
            "files", "cannot save: the folder {folder} is not a folder", folder=str(folder))
            if folder.exists() else message(
            "files", "cannot save: the folder {folder} does not exist", folder=str(folder)),
            source)
    if existed and not os.access(target, os.W_OK):
        raise DesignFileError(message("files", "cannot save: the file is read-only{kept}",
                                      kept=kept), source)
    try:
        write_bytes(target, payload)
    except OSError as error:
        raise DesignFileError(message("files", "cannot save: {why}{kept}",
                                      why=_plain(error, folder), kept=kept), source) from None


def _plain(error: OSError, folder: Path) -> Message | str:
    """An OS error in words an architect can act on."""
    code = error.errno
    if code in (errno.EACCES, errno.EPERM):
        return message("files", "permission denied: the folder {folder} or the file is"
                       " read-only", folder=str(folder))
    if code in (errno.ENOSPC, errno.EDQUOT):
        return message("files", "the disk is full (or your disk quota is used up)")
    if code == errno.EROFS:
        return message("files", "the disk is read-only")
    if code == errno.ENOENT:
        return message("files", "the folder {folder} does not exist", folder=str(folder))
    if code == errno.ENAMETOOLONG:
        return message("files", "the file name is too long")
    if code == errno.EISDIR:
        return message("files", "the target is a folder")
    return (error.strerror or str(error)).lower()
