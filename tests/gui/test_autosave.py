"""Autosave and crash recovery: unsaved changes reach the recovery file, a real killed
process leaves a file the next start restores, saves and clean exits remove it, and a
damaged recovery file never touches the open design."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from gui.autosave import Autosaver, default_recovery_folder, offer_recovery
from gui.commands import UpdateElement
from gui.document import DesignDocument
from model.fileformat import load_design, save_design
from model.recovery import ENV_VAR, RecoveryStore, orphaned_entries
from tests.exports.designs import small_design

REPO = Path(__file__).resolve().parents[2]


def crashed_session(folder: Path, design_file: Path, count: int) -> None:
    """Run another Python process that edits ``design_file``'s design (rack count →
    ``count``), writes its recovery file, and is then killed with SIGKILL."""
    script = textwrap.dedent(f"""
        import os, signal
        from model.fileformat import load_design
        from model.recovery import RecoveryStore
        design = load_design({str(design_file)!r})
        design.update("racks", count={count})
        RecoveryStore({str(folder)!r}).write(design, {str(design_file)!r})
        os.kill(os.getpid(), signal.SIGKILL)
    """)
    result = subprocess.run([sys.executable, "-c", script], cwd=REPO, check=False)
    assert result.returncode == -9


def test_unsaved_changes_are_autosaved_then_removed_by_a_save(qtbot, tmp_path: Path) -> None:
    document = DesignDocument(small_design(), tmp_path / "campus.json")
    saver = Autosaver(document, tmp_path / "recovery", interval_ms=50)
    assert saver.autosave_now() is False, "nothing to keep while the design is saved"
    assert not saver.store.exists()

    document.execute(UpdateElement(document.design, "racks", {"count": 3}))
    qtbot.waitUntil(saver.store.exists, timeout=3000)
    kept = load_design(saver.store.design_path)
    assert kept.rack_groups["racks"].count == 3
    assert kept == document.design

    save_design(document.design, tmp_path / "campus.json")
    document.mark_saved(tmp_path / "campus.json")
    assert not saver.store.exists()
    assert not saver.store.meta_path.exists()


def test_clean_exit_removes_the_recovery_file(qtbot, tmp_path: Path) -> None:
    document = DesignDocument(small_design())
    saver = Autosaver(document, tmp_path, interval_ms=60_000)
    document.execute(UpdateElement(document.design, "racks", {"count": 5}))
    assert saver.autosave_now() is True
    assert saver.autosave_now() is False, "unchanged since the last write"
    assert orphaned_entries(tmp_path) == [], "a running session's file is not an orphan"
    saver.shutdown()
    assert list(tmp_path.iterdir()) == []


def test_after_a_crash_the_next_start_restores_the_unsaved_design(
    qtbot, tmp_path: Path
) -> None:
    design_file = tmp_path / "campus.json"
    save_design(small_design(), design_file)
    folder = tmp_path / "recovery"
    crashed_session(folder, design_file, count=7)

    entries = orphaned_entries(folder)
    assert len(entries) == 1
    assert entries[0].source_path == str(design_file)

    document = DesignDocument(small_design())
    saver = Autosaver(document, folder, interval_ms=60_000)
    restored = offer_recovery(None, document, saver, ask=False)
    assert restored is not None
    assert document.design.rack_groups["racks"].count == 7
    assert document.path == design_file
    assert document.is_modified(), "restored work is unsaved until the user saves"
    assert load_design(design_file).rack_groups["racks"].count == 2, "file untouched"
    assert orphaned_entries(folder) == []
    assert saver.store.exists(), "the restored work is kept by this session right away"


def test_a_damaged_recovery_file_leaves_the_design_alone(qtbot, tmp_path: Path) -> None:
    dead = RecoveryStore(tmp_path, pid=dead_pid())
    dead.design_path.write_text("{ not json", encoding="utf-8")
    document = DesignDocument(small_design())
    before = document.design.copy()
    assert offer_recovery(None, document, Autosaver(document, tmp_path), ask=False) is None
    assert document.design == before
    assert not document.is_modified()
    assert orphaned_entries(tmp_path) == [], "set aside, not offered again"
    assert (tmp_path / (dead.design_path.name + ".damaged")).exists()


def test_a_failed_autosave_is_announced_not_raised(
    qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    document = DesignDocument(small_design())
    saver = Autosaver(document, tmp_path, interval_ms=60_000)
    document.execute(UpdateElement(document.design, "racks", {"count": 4}))

    def refuse(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    with qtbot.waitSignal(saver.failed) as blocker:
        assert saver.autosave_now() is False
    assert "no space left" in blocker.args[0].lower()
    assert list(tmp_path.iterdir()) == []


def test_the_recovery_folder_follows_the_environment(
    qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "here"))
    assert default_recovery_folder() == tmp_path / "here"
    monkeypatch.delenv(ENV_VAR)
    assert default_recovery_folder().name == "recovery"


def dead_pid() -> int:
    """The id of a process that has exited."""
    process = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                             capture_output=True, text=True, check=True)
    return int(process.stdout)


def test_the_timer_writes_in_a_thread_of_its_own(qtbot, tmp_path: Path, monkeypatch) -> None:
    """The editor only copies the design; the JSON of a large design (40 ms for a
    Dragonfly+ k = 128) is written off the GUI thread, and a save waits for it so the
    file cannot come back after the save removed it."""
    import threading

    from model.recovery import RecoveryStore

    threads: list[str] = []
    real = RecoveryStore.write

    def recording(store, design, source):  # type: ignore[no-untyped-def]
        threads.append(threading.current_thread().name)
        real(store, design, source)

    monkeypatch.setattr(RecoveryStore, "write", recording)
    document = DesignDocument(small_design(), tmp_path / "campus.json")
    saver = Autosaver(document, tmp_path / "recovery", interval_ms=60_000)
    document.execute(UpdateElement(document.design, "racks", {"count": 4}))
    with qtbot.waitSignal(saver.written, timeout=15_000):
        assert saver.autosave_soon() is True
    assert threads == ["autosave"], "written by the autosave thread, not the GUI thread"
    assert load_design(saver.store.design_path).rack_groups["racks"].count == 4
    assert saver.autosave_soon() is False, "unchanged since the last write"
    document.execute(UpdateElement(document.design, "racks", {"count": 6}))
    assert saver.autosave_soon() is True
    save_design(document.design, tmp_path / "campus.json")
    document.mark_saved(tmp_path / "campus.json")  # waits for the write, then removes
    assert not saver.writing()
    assert not saver.store.exists() and not saver.store.meta_path.exists()
