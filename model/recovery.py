"""Recovery files: the pure part of autosave (no Qt).

While a design has unsaved changes the GUI writes it, every 30 s, to a recovery file in
a recovery folder (the GUI picks the platform's application-data folder; the
``ARCHIPELAGO_RECOVERY_DIR`` environment variable overrides it, for tests). Each running
app owns one recovery file named after its process id, written atomically, beside a small
metadata file saying which design file it belongs to and when it was written. A clean
exit or a save removes both. At start-up, recovery files whose process is no longer
running are the work of a crashed session, and the app offers to restore them.

The recovery file is an ordinary design file (:func:`model.fileformat.dumps_design`), so
restoring it is loading it.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from dataclasses import dataclass
from pathlib import Path

from model.atomic_file import remove_stale_temporaries
from model.design import Design
from model.errors import DesignFileError
from model.i18n import Translator
from model.reports.atomic import ExportError, atomic_text

ENV_VAR = "ARCHIPELAGO_RECOVERY_DIR"
"""Environment variable naming the recovery folder (overrides the platform default)."""

_PREFIX = "autosave-"
_DESIGN_SUFFIX = ".archipelago.json"
_META_SUFFIX = ".meta.json"


def recovery_dir(default: str | os.PathLike[str]) -> Path:
    """The recovery folder: ``$ARCHIPELAGO_RECOVERY_DIR`` when set, else ``default``."""
    override = os.environ.get(ENV_VAR, "").strip()
    return Path(override) if override else Path(default)


def process_alive(pid: int) -> bool:
    """True when a process with this id is running (on this machine)."""
    if pid <= 0:
        return False
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except OSError:
        return False
    return True


@dataclass(frozen=True)
class RecoveryEntry:
    """One recovery file found in the folder.

    ``source_path`` is the design file it belongs to (None for a design never saved),
    ``saved_at`` the time it was written (seconds since the epoch), ``pid`` the process
    that wrote it.
    """

    design_path: Path
    meta_path: Path
    pid: int
    source_path: str | None
    design_name: str
    saved_at: float

    def describe(self, lang: str | None = None) -> str:
        """One line for the restore dialog, in ``lang`` (English when None): the design,
        its file, and when."""
        when = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(self.saved_at))
        words = Translator(lang)
        if self.source_path is None:
            return words.phrase("recovery", "{name} — never saved — autosaved {when}",
                                name=self.design_name, when=when)
        return words.phrase("recovery", "{name} — {path} — autosaved {when}",
                            name=self.design_name, path=self.source_path, when=when)


class RecoveryStore:
    """The recovery file of this process in ``folder`` (created when first written)."""

    def __init__(self, folder: str | os.PathLike[str], pid: int | None = None) -> None:
        self.folder = Path(folder)
        self.pid = os.getpid() if pid is None else pid
        self.design_path = self.folder / f"{_PREFIX}{self.pid}{_DESIGN_SUFFIX}"
        self.meta_path = self.folder / f"{_PREFIX}{self.pid}{_META_SUFFIX}"

    def write(self, design: Design, source_path: str | os.PathLike[str] | None) -> None:
        """Write ``design`` as this process's recovery file, atomically, with its
        metadata. Raises :class:`~model.reports.atomic.ExportError` when it cannot."""
        from model.fileformat import dumps_design

        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise ExportError(f"cannot create the recovery folder: {error}", self.folder) from None
        text = dumps_design(design)
        with atomic_text(self.design_path) as stream:
            stream.write(text)
        meta = {
            "pid": self.pid,
            "source_path": None if source_path is None else os.fspath(source_path),
            "design_name": design.name,
            "saved_at": time.time(),
        }
        with atomic_text(self.meta_path) as stream:
            stream.write(json.dumps(meta, indent=2, ensure_ascii=False) + "\n")

    def exists(self) -> bool:
        """True when this process has a recovery file on disk."""
        return self.design_path.exists()

    def remove(self) -> None:
        """Remove this process's recovery file (after a save or a clean exit)."""
        remove_entry_files(self.design_path, self.meta_path)


def remove_entry_files(*paths: Path) -> None:
    """Delete files, ignoring ones already gone."""
    for path in paths:
        with contextlib.suppress(FileNotFoundError):
            path.unlink()


def _read_meta(meta_path: Path, design_path: Path, pid: int) -> RecoveryEntry:
    """The entry for a recovery file; a missing or unreadable metadata file still yields
    an entry (the design file is what matters)."""
    source: str | None = None
    name = design_path.name
    saved_at = design_path.stat().st_mtime
    try:
        meta = json.loads(meta_path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        meta = {}
    if isinstance(meta, dict):
        if isinstance(meta.get("source_path"), str):
            source = meta["source_path"]
        if isinstance(meta.get("design_name"), str):
            name = meta["design_name"]
        if isinstance(meta.get("saved_at"), int | float):
            saved_at = float(meta["saved_at"])
    return RecoveryEntry(design_path, meta_path, pid, source, name, saved_at)


def orphaned_entries(folder: str | os.PathLike[str]) -> list[RecoveryEntry]:
    """Recovery files in ``folder`` left by processes that are no longer running (a
    crash), newest first. A missing folder has none. Called at start: it also removes
    the temporaries of recovery files whose writer was killed mid-write."""
    folder = Path(folder)
    if not folder.is_dir():
        return []
    remove_stale_temporaries(folder)  # of autosaves killed mid-write
    entries: list[RecoveryEntry] = []
    for design_path in folder.glob(f"{_PREFIX}*{_DESIGN_SUFFIX}"):
        pid_text = design_path.name[len(_PREFIX) : -len(_DESIGN_SUFFIX)]
        if not pid_text.isdigit():
            continue
        pid = int(pid_text)
        if process_alive(pid):
            continue
        meta_path = folder / f"{_PREFIX}{pid}{_META_SUFFIX}"
        with contextlib.suppress(OSError):
            entries.append(_read_meta(meta_path, design_path, pid))
    return sorted(entries, key=lambda e: e.saved_at, reverse=True)


def load_entry(entry: RecoveryEntry) -> Design:
    """The design kept in a recovery file (raises ``DesignFileError`` naming the
    problem when the file is damaged)."""
    from model.fileformat import load_design

    try:
        design: Design = load_design(entry.design_path)
    except OSError as error:
        raise DesignFileError(str(error), str(entry.design_path)) from None
    return design


def discard_entry(entry: RecoveryEntry) -> None:
    """Delete a recovery file the user chose not to restore (or has restored)."""
    remove_entry_files(entry.design_path, entry.meta_path)
