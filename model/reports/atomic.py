"""Atomic file writing for reports: write beside the target, then rename over it
(through :mod:`model.atomic_file`, the writer design saves use too).

A crash, a full disk or a refused write never leaves a half-written file under the
target's name, and never touches an existing file at that name unless the new content
is complete.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from model.atomic_file import real_target, replacing
from model.errors import ArchipelagoError


class ExportError(ArchipelagoError):
    """An export could not be written; the message names the file and the reason."""

    def __init__(self, message: str, path: str | os.PathLike[str] | None = None) -> None:
        super().__init__(f"{os.fspath(path)}: {message}" if path is not None else message)
        self.path = None if path is None else os.fspath(path)
        self.detail = message


def describe_os_error(error: OSError) -> str:
    """A short reason for a failed write, for people (``permission denied``, …)."""
    reason = error.strerror or str(error)
    return reason[:1].lower() + reason[1:] if reason else "the file could not be written"


@contextlib.contextmanager
def atomic_path(target: str | os.PathLike[str], suffix: str = "") -> Iterator[Path]:
    """Yield a temporary path beside ``target``; when the block ends without error, the
    temporary file replaces ``target`` in one rename (see :mod:`model.atomic_file`, the
    one writer every file of the app goes through). On any error the temporary file is
    removed, ``target`` is left exactly as it was, and :class:`ExportError` is raised for
    operating-system failures (missing folder, permission, full disk)."""
    target = Path(target)
    folder = real_target(target).parent
    if not folder.is_dir():
        raise ExportError(f"the folder {str(target.parent)!r} does not exist", target)
    try:
        with replacing(target, suffix) as temporary:
            yield temporary
    except OSError as error:
        raise ExportError(describe_os_error(error), target) from None


@contextlib.contextmanager
def atomic_text(target: str | os.PathLike[str], newline: str | None = None) -> Iterator[IO[str]]:
    """Open a UTF-8 text file that appears at ``target`` only when fully written (see
    :func:`atomic_path`)."""
    with atomic_path(target) as temporary:
        try:
            with open(temporary, "w", encoding="utf-8", newline=newline) as stream:
                yield stream
        except OSError as error:
            raise ExportError(describe_os_error(error), target) from None
