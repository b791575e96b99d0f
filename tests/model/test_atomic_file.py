"""The one atomic writer (model/atomic_file.py) behind design saves, recovery files and
exports: symlinks, permissions, the folder's fsync, and the temporaries a killed save
leaves behind (issue #16 §4, §5; the two writers differed, issue #17).

The kill loop SIGKILLs a child process saving the 100K example at random moments and
checks, after every kill, that the file on disk is the complete old or the complete new
design; the next save then removes every temporary the kills left."""

from __future__ import annotations

import os
import random
import signal
import stat
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from model.atomic_file import is_stale_temporary, remove_stale_temporaries
from model.fileformat import dumps_design, load_design, save_design
from model.recovery import RecoveryStore, orphaned_entries
from model.reports.atomic import atomic_text
from tests.model.test_design_ops import base_design

EXAMPLE = Path(__file__).resolve().parents[2] / "resources" / "examples" / "campus-100k.json"
posix_only = pytest.mark.skipif(os.name != "posix", reason="fork and SIGKILL")


def dead_pid() -> int:
    """The id of a process that has ended (and been reaped)."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def temporaries(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if ".saving" in p.name)


def test_an_export_over_a_symlink_writes_the_file_it_points_to(tmp_path: Path) -> None:
    real = tmp_path / "real.csv"
    real.write_text("old\n", encoding="utf-8")
    link = tmp_path / "link.csv"
    link.symlink_to(real)
    with atomic_text(link) as stream:
        stream.write("new\n")
    assert link.is_symlink()
    assert real.read_text(encoding="utf-8") == "new\n"


@pytest.mark.parametrize("write", ["export", "save"])
def test_the_mode_of_an_existing_file_is_kept(tmp_path: Path, write: str) -> None:
    target = tmp_path / "file.json"
    target.write_text("{}", encoding="utf-8")
    os.chmod(target, 0o640)
    if write == "save":
        save_design(base_design(), target)
    else:
        with atomic_text(target) as stream:
            stream.write("{}")
    assert stat.S_IMODE(target.stat().st_mode) == 0o640


@pytest.mark.parametrize("write", ["export", "save"])
def test_the_folder_is_fsynced_after_the_rename(tmp_path: Path, write: str,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    synced: list[bool] = []
    real_fsync = os.fsync

    def record(fd: int) -> None:
        synced.append(stat.S_ISDIR(os.fstat(fd).st_mode))
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", record)
    target = tmp_path / "out.json"
    if write == "save":
        save_design(base_design(), target)
    else:
        with atomic_text(target) as stream:
            stream.write("{}")
    assert synced == [False, True]  # the file, then its folder


def test_only_stale_temporaries_of_ours_are_removed(tmp_path: Path) -> None:
    dead, alive = dead_pid(), os.getppid()
    old = time.time() - 120
    files = {
        f".d.json.{dead}-abcd1234.saving": True,  # its writer is gone
        f".d.json.{alive}-abcd1234.saving": False,  # a concurrent save of a live process
        f".d.json.{os.getpid()}-zz_x9999.saving": True,  # ours, and no write holds it
        f".d.json.{dead}-abcd1234.saving.png": True,  # a picture's temporary
        ".d.json.q1w2e3r4.saving": True,  # an earlier version's, two minutes old
        ".d.json.n3w3r0n3.saving": False,  # an earlier version's, just made
        ".d.json.k9_8j7h6.tmp": True,  # an earlier export's, two minutes old
        f".other.json.{dead}-abcd1234.saving": False,  # another target's
        f"d.json.{dead}-abcd1234.saving": False,  # not hidden: not our pattern
        ".d.json.notes": False,
    }
    for name in files:
        (tmp_path / name).write_text("x", encoding="utf-8")
    os.utime(tmp_path / ".d.json.q1w2e3r4.saving", (old, old))
    os.utime(tmp_path / ".d.json.k9_8j7h6.tmp", (old, old))
    removed = remove_stale_temporaries(tmp_path, "d.json")
    assert sorted(p.name for p in removed) == sorted(n for n, stale in files.items() if stale)
    assert is_stale_temporary(tmp_path / f".other.json.{dead}-abcd1234.saving")


def test_a_save_removes_the_stale_temporaries_beside_its_target(tmp_path: Path) -> None:
    stale = tmp_path / f".d.json.{dead_pid()}-abcd1234.saving"
    stale.write_text("half a design", encoding="utf-8")
    save_design(base_design(), tmp_path / "d.json")
    assert temporaries(tmp_path) == []


def test_listing_the_recovery_folder_at_start_removes_stale_temporaries(
        tmp_path: Path) -> None:
    pid = dead_pid()
    stale = tmp_path / f".autosave-{pid}.archipelago.json.{pid}-abcd1234.saving"
    stale.write_text("half a design", encoding="utf-8")
    assert orphaned_entries(tmp_path) == []
    assert temporaries(tmp_path) == []


def _kill_saves(writing: Callable[[], object], folder: Path, kills: int, seed: int,
                after_kill: Callable[[], object] = lambda: None) -> int:
    """SIGKILL a forked child running ``writing()`` in a loop, ``kills`` times at
    random moments, calling ``after_kill()`` after each; returns how many kills left a
    temporary in ``folder``."""
    rng = random.Random(seed)
    left = 0
    for _ in range(kills):
        pid = os.fork()
        if pid == 0:  # the child: save until killed
            try:
                while True:
                    writing()
            finally:
                os._exit(1)
        time.sleep(rng.uniform(0.002, 0.04))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        after_kill()
        left += 1 if temporaries(folder) else 0
    return left


@posix_only
def test_killed_saves_leave_the_old_or_the_new_design_and_no_temporaries(
        tmp_path: Path) -> None:
    path = tmp_path / "campus.json"
    old = load_design(EXAMPLE)
    new = load_design(EXAMPLE)
    new.rename("Campus, saved again")
    save_design(old, path)
    texts = {dumps_design(old).encode("utf-8"), dumps_design(new).encode("utf-8")}
    checked = []

    def check() -> None:
        assert path.read_bytes() in texts  # complete, old or new
        checked.append(1)

    before = time.perf_counter()
    left = _kill_saves(lambda: save_design(new, path), tmp_path, 30, 16, check)
    assert len(checked) == 30
    assert time.perf_counter() - before < 20
    print(f"{left} of 30 kills left a temporary")
    save_design(new, path)
    assert temporaries(tmp_path) == []
    assert path.read_bytes() == dumps_design(new).encode("utf-8")


@posix_only
def test_killed_autosaves_are_cleaned_when_the_folder_is_listed(tmp_path: Path) -> None:
    design = load_design(EXAMPLE)
    store = RecoveryStore(tmp_path, pid=dead_pid())
    _kill_saves(lambda: store.write(design, None), tmp_path, 10, 17)
    orphaned_entries(tmp_path)
    assert temporaries(tmp_path) == []
