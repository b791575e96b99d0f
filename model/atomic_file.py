"""The one atomic file writer: design saves, recovery files and every export use it.

A file is written to a temporary file beside its target, flushed and fsynced, given the
permissions of the file it replaces, and renamed over the target with
:func:`os.replace`; then the folder is fsynced so the rename itself survives a power
cut. A crash, a kill, a full disk or a refused write therefore leaves either the old
file or the new one under the target's name, never a part of one.

- **Symlinks.** Saving over a symlink writes the file it points to (the link stays a
  link); the temporary file is made beside that real file, so the rename never crosses
  file systems.
- **Permissions.** A file that exists keeps its permission bits; a new one gets
  ``0o666`` less the process's umask, as any program's new file does.
- **Temporaries.** They are named ``.<target name>.<pid>-<8 random>.saving`` (plus the
  target's own suffix where a writer needs it, e.g. ``.saving.png`` so that Qt picks the
  format). A process killed mid-write leaves one behind; :func:`remove_stale_temporaries`
  deletes those of ours whose writer is no longer running, runs after every successful
  write (for that target) and, through the recovery folder's listing, at start. One that
  belongs to a running process (a concurrent save) is left alone. (Process ids are
  those of this machine: on a folder shared with another machine, a save there at the
  same moment may have its temporary removed and then fail, saying so; no file is
  lost.)

Errors are the operating system's :class:`OSError`; each caller words them for its own
users (``DesignFileError`` for a design, ``ExportError`` for an export).
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO

TEMPORARY_MARK = ".saving"
"""What every temporary file's name carries before its optional format suffix."""

STALE_AFTER_S = 3600.0
"""A temporary older than this is stale even when a process with its writer's id is
running (process ids are reused)."""

LEGACY_STALE_AFTER_S = 30.0
"""Temporaries named by earlier versions (no process id) are stale after this long: a
save takes well under a second, so one this old was abandoned."""

_OURS = re.compile(
    r"^\.(?P<target>.+)\.(?P<pid>\d+)-[A-Za-z0-9_]{8}\.saving(?:\.[A-Za-z0-9]{1,8})?$"
)
_LEGACY = re.compile(r"^\.(?P<target>.+)\.[A-Za-z0-9_]{8}\.(?:saving|tmp|png|svg|pdf)$")
"""Temporaries of earlier versions: ``.saving`` from design saves, ``.tmp`` (or the
picture's suffix) from exports and recovery files."""

_writing: set[str] = set()
"""Temporaries this process is writing now (never removed as stale)."""
_writing_lock = threading.Lock()


def real_target(target: str | os.PathLike[str]) -> Path:
    """The file a write to ``target`` lands in: a symlink's destination, resolved."""
    return Path(os.path.realpath(target))


def new_file_mode() -> int:
    """Permission bits of a newly created file: ``0o666`` less the umask."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return 0o666 & ~int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    umask = os.umask(0o022)
    os.umask(umask)
    return 0o666 & ~umask


def _mode_for(target: Path) -> int:
    try:
        return stat.S_IMODE(target.stat().st_mode)
    except FileNotFoundError:
        return new_file_mode()


@contextlib.contextmanager
def replacing(target: str | os.PathLike[str], suffix: str = "") -> Iterator[Path]:
    """Yield a temporary path beside ``target`` (symlinks resolved) for the caller to
    write; when the block ends without error it replaces the target in one rename
    (with the old file's permissions) and the folder is fsynced. On any error the
    temporary is removed, the target is left exactly as it was, and the error is raised
    as it came (an ``OSError`` for the caller to word)."""
    real = real_target(target)
    folder = real.parent
    handle, name = tempfile.mkstemp(
        prefix=f".{real.name}.{os.getpid()}-", suffix=TEMPORARY_MARK + suffix, dir=folder
    )
    os.close(handle)
    with _writing_lock:
        _writing.add(name)
    try:
        yield Path(name)
        _sync_file(name)
        os.chmod(name, _mode_for(real))
        os.replace(name, real)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(name)
        raise
    finally:
        with _writing_lock:
            _writing.discard(name)
    sync_folder(folder)
    remove_stale_temporaries(folder, real.name)


def _sync_file(name: str) -> None:
    """Put the bytes a writer left in ``name`` on the disk (whoever wrote them: our
    stream, openpyxl, Qt or pyarrow) before the rename makes them the target's."""
    fd = os.open(name, os.O_RDWR)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


@contextlib.contextmanager
def replacing_stream(target: str | os.PathLike[str]) -> Iterator[IO[bytes]]:
    """A binary stream whose bytes appear at ``target`` only when the block ends
    without error (see :func:`replacing`, which fsyncs them before the rename)."""
    with replacing(target) as temporary, os.fdopen(
            os.open(temporary, os.O_WRONLY | os.O_TRUNC), "wb") as out:
        yield out
        out.flush()


@contextlib.contextmanager
def replacing_text(target: str | os.PathLike[str],
                   newline: str | None = None) -> Iterator[IO[str]]:
    """A UTF-8 text stream whose characters appear at ``target`` only when the block
    ends without error (see :func:`replacing`)."""
    with replacing(target) as temporary, open(
            temporary, "w", encoding="utf-8", newline=newline) as out:
        yield out


def write_bytes(target: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to ``target`` atomically (see :func:`replacing`)."""
    with replacing_stream(target) as out:
        out.write(data)


def sync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable where the platform allows it (best effort:
    some systems cannot open a folder for fsync)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _writer_alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # exists but not ours to signal, or the platform cannot tell
    return True


def is_stale_temporary(path: Path, now: float | None = None) -> bool:
    """True when ``path`` is a temporary named by this writer (or its earlier versions)
    that nobody is writing any more: its writer's process is gone, or it is ours and no
    write of ours holds it, or it is older than :data:`STALE_AFTER_S`. Anything not named
    by our pattern, or not a regular file, is never stale."""
    name = path.name
    ours = _OURS.match(name)
    legacy = None if ours else _LEGACY.match(name)
    if ours is None and legacy is None:
        return False
    try:
        info = path.lstat()
    except OSError:
        return False
    if not stat.S_ISREG(info.st_mode):
        return False
    age = (time.time() if now is None else now) - info.st_mtime
    if legacy is not None:
        return age > LEGACY_STALE_AFTER_S
    assert ours is not None
    pid = int(ours["pid"])
    if age > STALE_AFTER_S:
        return True
    if pid == os.getpid():
        with _writing_lock:
            return str(path) not in _writing
    return not _writer_alive(pid)


def remove_stale_temporaries(folder: str | os.PathLike[str],
                             target_name: str | None = None) -> list[Path]:
    """Delete the stale temporaries (see :func:`is_stale_temporary`) in ``folder`` —
    only those of ``target_name`` when given — and return them. Never raises: a folder
    that cannot be listed, or a file that cannot be removed, is left as it is."""
    removed: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    now = time.time()
    for entry in entries:
        if not entry.name.startswith("."):
            continue
        if target_name is not None and not entry.name.startswith(f".{target_name}."):
            continue
        path = Path(entry.path)
        found = _OURS.match(entry.name) or _LEGACY.match(entry.name)
        if target_name is not None and (found is None or found["target"] != target_name):
            continue
        if is_stale_temporary(path, now):
            with contextlib.suppress(OSError):
                path.unlink()
                removed.append(path)
    return removed
