"""The sweep pointed at a Dask scheduler and a worker started as separate processes on
this machine (127.0.0.1 only), as a cluster of many machines would run it; both are
always stopped, and every step has a time limit."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

from model.sweep_store import read_table

ROOT = Path(__file__).resolve().parents[2]
DASK = Path(sys.executable).parent / "dask"
LIMIT_S = 60


def _start(args: list[str], log: Path) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "DASK_CONFIG": str(ROOT / "tools/dask")}
    with log.open("wb") as stream:
        return subprocess.Popen([str(DASK), *args], cwd=ROOT, env=env, stdout=stream,
                                stderr=subprocess.STDOUT)


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)


def _address(log: Path, process: subprocess.Popen[bytes]) -> str:
    deadline = time.monotonic() + LIMIT_S
    while time.monotonic() < deadline:
        found = re.search(r"Scheduler at:\s+(tcp://127\.0\.0\.1:\d+)", log.read_text())
        if found:
            return found.group(1)
        assert process.poll() is None, log.read_text()
        time.sleep(0.2)
    raise AssertionError(f"the scheduler did not start: {log.read_text()}")


def test_sweep_on_a_scheduler_and_worker_started_apart(tmp_path: Path) -> None:
    scheduler = _start(["scheduler", "--host", "127.0.0.1", "--port", "0",
                        "--no-dashboard"], tmp_path / "scheduler.log")
    worker = None
    try:
        address = _address(tmp_path / "scheduler.log", scheduler)
        worker = _start(["worker", address, "--host", "127.0.0.1", "--nworkers", "1",
                         "--nthreads", "1", "--no-dashboard"], tmp_path / "worker.log")
        out = tmp_path / "s"
        result = subprocess.run(
            [sys.executable, str(ROOT / "main.py"), "sweep", "--template", "islands",
             "--param", "islands=2", "--param", "buildings=1",
             "--param", "gpus_per_island=256", "--param", "oversubscription=1,2,4",
             "--scheduler", address, "--connect-timeout", "30", "--out", str(out)],
            cwd=tmp_path, capture_output=True, text=True, timeout=LIMIT_S, check=False)
        assert result.returncode == 0, result.stderr
        assert "3 of 3 points" in result.stdout
        assert "3/3 points" in result.stderr  # the progress bar
        _columns, rows = read_table(tmp_path / "s.csv")
        # the cut between the two islands of 256: 256 ÷ o spine uplinks of 400G at o:1
        assert [r["bisection.gbps"] for r in rows] == [256 * 400 / 1, 256 * 400 / 2,
                                                        256 * 400 / 4]
    finally:
        if worker is not None:
            _stop(worker)
        _stop(scheduler)
