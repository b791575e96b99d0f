"""One atomic writer behind every file the app writes (issue #17 §3): a design save, each
pure export of ``model/reports`` and a sweep's spec and tables all go through
:mod:`model.atomic_file`, so each of them writes through a symlink to its file, keeps an
existing file's permission bits, fsyncs the file and then its folder, and, when the
write fails part-way (a real ``write`` refused by a file-size limit, as on a full disk),
leaves the old file byte for byte and no temporary behind.

A guard reads the sources: no module but ``model/atomic_file.py`` renames a file into
place, so a second writer cannot come back unnoticed."""

from __future__ import annotations

import os
import re
import stat
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

from model.design import Design
from model.fileformat import load_design, save_design
from model.metrics import compute_all
from model.metrics.results import DesignMetrics
from model.reports.writers import PURE_FORMATS, write_pure_export
from model.sweep_plan import Axis, SweepSpec
from model.sweep_store import SweepStore
from tests.exports.designs import small_design

ROOT = Path(__file__).resolve().parents[2]

Write = Callable[[Path], None]


def figures() -> tuple[Design, DesignMetrics]:
    design = small_design()
    return design, compute_all(design)


def sweep_spec() -> SweepSpec:
    return SweepSpec((Axis("param", "islands", (2, 4)),), "islands")


def finished_sweep(path: Path) -> SweepStore:
    """A sweep with one point done, whose CSV or Parquet table is ``path``."""
    store = SweepStore(path.with_suffix(""))
    store.start(sweep_spec())
    store.append({"point": 0, "status": "ok", "reason": "", "param.islands": 2, "x": 1.5})
    store.close()
    assert path in (store.csv_path, store.parquet_path)
    return store


def sweep_tables(path: Path) -> None:
    """Write a sweep's tables, one of which is ``path``."""
    finished_sweep(path).write_tables(sweep_spec())


def writers() -> dict[str, tuple[str, Write]]:
    """Every writer: a file name it writes and how to write it there."""
    design, metrics = figures()
    out: dict[str, tuple[str, Write]] = {"design": ("d.json", lambda p: save_design(design, p))}
    for kind in PURE_FORMATS:
        suffix = {"bom": "bom.csv", "cabling": "cab.csv"}.get(kind, kind)
        out[f"export {kind}"] = (
            f"out.{suffix}",
            lambda p, kind=kind: write_pure_export(kind, design, metrics, p))  # type: ignore[misc]
    out["sweep spec"] = ("s.sweep.json", lambda p: SweepStore(p).start(sweep_spec()))
    out["sweep csv"] = ("s.csv", sweep_tables)
    out["sweep parquet"] = ("s.parquet", sweep_tables)
    return out


WRITERS = writers()


@pytest.mark.parametrize("writer", list(WRITERS))
def test_a_write_over_a_symlink_replaces_the_file_it_points_to(tmp_path: Path,
                                                               writer: str) -> None:
    name, write = WRITERS[writer]
    real_folder = tmp_path / "real"
    real_folder.mkdir()
    real = real_folder / name
    real.write_bytes(b"old")
    link = tmp_path / name
    link.symlink_to(real)
    write(link)
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert real.read_bytes() != b"old" and real.stat().st_size > 0
    assert [p.name for p in real_folder.iterdir()] == [name]  # no temporary left behind


@pytest.mark.parametrize("writer", list(WRITERS))
def test_an_existing_files_mode_is_kept(tmp_path: Path, writer: str) -> None:
    name, write = WRITERS[writer]
    target = tmp_path / name
    target.write_bytes(b"old")
    os.chmod(target, 0o604)
    write(target)
    assert target.read_bytes() != b"old"
    assert stat.S_IMODE(target.stat().st_mode) == 0o604


@pytest.mark.parametrize("writer", list(WRITERS))
def test_the_file_then_its_folder_is_fsynced(tmp_path: Path, writer: str,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    name, write = WRITERS[writer]
    target = tmp_path / name
    synced: list[str] = []
    real_fsync = os.fsync

    def record(fd: int) -> None:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            synced.append("folder" if info.st_ino == tmp_path.stat().st_ino else "other")
        else:
            synced.append("file")
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", record)
    write(target)
    assert synced[-2:] == ["file", "folder"]  # the last write: its file, then the folder


FAILING_WRITE = textwrap.dedent("""
    import resource, signal, sys
    from pathlib import Path
    sys.path.insert(0, {root!r})
    from tests.model.test_one_writer import WRITERS, finished_sweep, sweep_spec
    writer, target = sys.argv[1], Path(sys.argv[2])
    if writer.startswith("sweep"):  # the spec and journal are written before the limit
        store = finished_sweep(target)
        write = lambda _path: store.write_tables(sweep_spec())
    else:
        write = WRITERS[writer][1]
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails: EFBIG
    resource.setrlimit(resource.RLIMIT_FSIZE, (40, 40))
    try:
        write(target)
    except Exception as error:
        print(type(error).__name__ + ": " + str(error))
        sys.exit(0)
    print("written")
""")


@pytest.mark.skipif(os.name != "posix", reason="RLIMIT_FSIZE is POSIX")
@pytest.mark.parametrize("writer", ["design", "export csv", "export graphml", "sweep csv"])
def test_a_write_refused_part_way_leaves_the_old_file(tmp_path: Path, writer: str) -> None:
    """The child process may write at most 40 bytes per file: the new content (longer)
    fails part-way with a real EFBIG from ``write``; the old file is unchanged, the
    writer's own error names the file, and no temporary is left."""
    name, _write = WRITERS[writer]
    target = tmp_path / name
    old = b"the old file, 33 bytes long....\n"
    target.write_bytes(old)
    done = subprocess.run(
        [sys.executable, "-c", FAILING_WRITE.format(root=str(ROOT)), writer, str(target)],
        capture_output=True, text=True, timeout=120, cwd=ROOT, check=False)
    assert done.returncode == 0, done.stderr
    said = done.stdout.strip()
    assert said != "written"
    assert re.match(r"(DesignFileError|ExportError|SweepError): ", said), said
    assert name in said
    assert target.read_bytes() == old
    leftovers = sorted(p.name for p in tmp_path.iterdir() if p.name != name)
    if writer == "sweep csv":  # the spec and journal were written before the limit
        leftovers = [n for n in leftovers if n not in ("s.sweep.json", "s.jsonl")]
    assert leftovers == []


def test_a_saved_design_reads_back_after_a_failed_save(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """A save that fails at the rename (the last step) keeps the old design loadable."""
    import errno

    from model.errors import DesignFileError

    design, _ = figures()
    target = tmp_path / "d.json"
    save_design(design, target)
    before = target.read_bytes()
    design.rename("Renamed", design.description)

    def refuse(*_args: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(DesignFileError, match="disk is full"):
        save_design(design, target)
    monkeypatch.undo()
    assert target.read_bytes() == before
    assert load_design(target).name == small_design().name
    assert [p.name for p in tmp_path.iterdir()] == ["d.json"]


def test_no_module_but_the_atomic_writer_renames_files_into_place() -> None:
    offenders = []
    for folder in ("model", "gui", "cli"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if path == ROOT / "model" / "atomic_file.py":
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                code = line.split("#", 1)[0]
                if re.search(r"\bos\.(replace|rename)\(|mkstemp\(|\.with_suffix\([^)]*tmp",
                             code):
                    offenders.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert offenders == []
