"""Saving is atomic: on any failure the old file is byte-identical, no temporary file is
left behind, and the DesignFileError says why in plain words.

Tests may run as root, where permission bits do not stop writes; the failures are then
produced by making os.replace / os.fsync / tempfile.mkstemp / os.access report what a
read-only file or folder, or a full disk, would. The real chmod checks run only where
the permission bits do take effect.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from pathlib import Path

import pytest

from model.design import Design
from model.elements import Building
from model.errors import DesignFileError
from model.fileformat import dumps_design, load_design, save_design
from model.fileformat import writer as writer_module
from tests.model.test_design_ops import base_design

OLD = b'{"old": "content, byte for byte"}\n'


def existing(tmp_path: Path) -> Path:
    path = tmp_path / "campus.json"
    path.write_bytes(OLD)
    return path


def assert_untouched(path: Path) -> None:
    assert path.read_bytes() == OLD
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name], "temp file left"


def permission_bits_bind() -> bool:
    """True when a read-only folder really stops this process (not root)."""
    with tempfile.TemporaryDirectory() as folder:
        os.chmod(folder, 0o500)
        try:
            Path(folder, "probe").write_bytes(b"")
        except PermissionError:
            return True
        finally:
            os.chmod(folder, 0o700)
    return False


def test_save_writes_the_design_text_and_leaves_nothing_else(tmp_path: Path) -> None:
    path = tmp_path / "new.json"
    save_design(base_design(), path)
    assert path.read_text(encoding="utf-8") == dumps_design(base_design())
    assert stat.S_IMODE(path.stat().st_mode) == 0o644
    assert [p.name for p in tmp_path.iterdir()] == ["new.json"]


def test_save_over_an_existing_file_keeps_its_permissions(tmp_path: Path) -> None:
    path = existing(tmp_path)
    os.chmod(path, 0o600)
    save_design(base_design(), path)
    assert load_design(path) == base_design()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_save_through_a_symlink_updates_the_real_file(tmp_path: Path) -> None:
    real = existing(tmp_path)
    link = tmp_path / "link.json"
    link.symlink_to(real)
    save_design(base_design(), link)
    assert link.is_symlink()
    assert load_design(real) == base_design()


def test_rename_refused_by_the_system_leaves_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = existing(tmp_path)

    def denied(src: object, dst: object) -> None:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(os, "replace", denied)
    with pytest.raises(DesignFileError, match=r"permission denied: the folder .* read-only"
                       r".*; the existing file was left as it was"):
        save_design(base_design(), path)
    assert_untouched(path)


def test_full_disk_leaves_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = existing(tmp_path)

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(DesignFileError, match="the disk is full"):
        save_design(base_design(), path)
    assert_untouched(path)


def test_full_disk_while_writing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = existing(tmp_path)
    real_fdopen = os.fdopen

    class FullFile:
        def __init__(self, fd: int, mode: str) -> None:
            self.inner = real_fdopen(fd, mode)

        def __enter__(self) -> FullFile:
            return self

        def __exit__(self, *exc: object) -> None:
            self.inner.close()

        def write(self, data: bytes) -> int:
            self.inner.write(data[: len(data) // 2])  # half of it reached the disk
            raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fdopen", FullFile)
    with pytest.raises(DesignFileError, match="the disk is full"):
        save_design(base_design(), path)
    assert_untouched(path)


def test_read_only_folder_simulated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = existing(tmp_path)

    def denied(**kwargs: object) -> None:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", denied)
    with pytest.raises(DesignFileError, match="cannot save: permission denied"):
        save_design(base_design(), path)
    assert_untouched(path)


def test_read_only_disk_simulated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = existing(tmp_path)

    def read_only(**kwargs: object) -> None:
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(tempfile, "mkstemp", read_only)
    with pytest.raises(DesignFileError, match="the disk is read-only"):
        save_design(base_design(), path)
    assert_untouched(path)


def test_read_only_file_simulated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = existing(tmp_path)
    monkeypatch.setattr(os, "access", lambda p, mode: False)
    with pytest.raises(DesignFileError, match="the file is read-only; the existing file was"):
        save_design(base_design(), path)
    assert_untouched(path)


@pytest.mark.skipif(permission_bits_bind() is False, reason="permission bits do not bind here")
def test_read_only_folder_for_real(tmp_path: Path) -> None:
    folder = tmp_path / "locked"
    folder.mkdir()
    path = existing(folder)
    os.chmod(folder, 0o500)
    try:
        with pytest.raises(DesignFileError, match="permission denied"):
            save_design(base_design(), path)
        assert_untouched(path)
    finally:
        os.chmod(folder, 0o700)


@pytest.mark.skipif(permission_bits_bind() is False, reason="permission bits do not bind here")
def test_read_only_file_for_real(tmp_path: Path) -> None:
    path = existing(tmp_path)
    os.chmod(path, 0o444)
    with pytest.raises(DesignFileError, match="read-only"):
        save_design(base_design(), path)
    assert_untouched(path)


def test_missing_folder(tmp_path: Path) -> None:
    with pytest.raises(DesignFileError, match=r"the folder .*nowhere does not exist"):
        save_design(base_design(), tmp_path / "nowhere" / "d.json")
    assert list(tmp_path.iterdir()) == []


def test_folder_that_is_a_file(tmp_path: Path) -> None:
    blocker = existing(tmp_path)
    with pytest.raises(DesignFileError, match="is not a folder"):
        save_design(base_design(), blocker / "d.json")
    assert_untouched(blocker)


def test_target_that_is_a_folder(tmp_path: Path) -> None:
    (tmp_path / "d.json").mkdir()
    with pytest.raises(DesignFileError, match="this is a folder"):
        save_design(base_design(), tmp_path / "d.json")


def test_an_interrupted_save_removes_its_temp_file_and_reraises(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = existing(tmp_path)

    def interrupted(fd: int) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", interrupted)
    with pytest.raises(KeyboardInterrupt):
        save_design(base_design(), path)
    assert_untouched(path)


@pytest.mark.parametrize(
    ("code", "words"),
    [
        (errno.ENAMETOOLONG, "the file name is too long"),
        (errno.EISDIR, "the target is a folder"),
        (errno.ENOENT, "does not exist"),
        (errno.EIO, "input/output error"),
    ],
)
def test_other_system_errors_in_plain_words(code: int, words: str) -> None:
    assert words in str(writer_module._plain(OSError(code, os.strerror(code)), Path("/x")))


def test_a_second_save_is_byte_identical(tmp_path: Path) -> None:
    d = Design("Twice")
    d.add(Building(id="b", name="Hall", capacity_kw=100))
    path = tmp_path / "d.json"
    save_design(d, path)
    first = path.read_bytes()
    save_design(d, path)
    assert path.read_bytes() == first
