"""Sweeps on a local Dask cluster of 2 worker processes: every row equals the figures of
the same design computed directly in this process; a failing point is a row with its
reason; an interrupted sweep resumes without recomputing what it kept; bad input exits 2."""

from __future__ import annotations

import json
import socket
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
import pytest

from main import main
from model.figures import design_figures
from model.sweep_plan import make_spec
from model.sweep_run import run_points
from model.sweep_store import read_table
from model.templates import template

PARAMS = ["islands=2,3", "buildings=1", "gpus_per_island=256,300", "oversubscription=1,4"]
"""8 points; gpus_per_island=300 is not a multiple of 256, so 4 of them fail."""


def direct(row: dict[str, Any]) -> dict[str, Any]:
    """The figures of a row's design, built and computed here without Dask."""
    design = template("islands").build(
        islands=row["param.islands"], buildings=row["param.buildings"],
        gpus_per_island=row["param.gpus_per_island"],
        oversubscription=row["param.oversubscription"])
    return design_figures(design)


def check_rows(rows: list[dict[str, Any]]) -> None:
    assert sorted(r["point"] for r in rows) == list(range(8))
    for row in rows:
        if row["param.gpus_per_island"] == 300:
            assert row["status"] == "failed"
            assert "256" in row["reason"]
            continue
        assert row["status"] == "ok", row["reason"]
        expected = direct(row)
        assert expected["bisection.exact"] is True
        got = {k: row.get(k) for k in expected}
        assert got == expected


def test_rows_equal_direct_computation(dask_client: Any) -> None:
    spec = make_spec(template_name="islands", base=None, base_path=None, params=PARAMS,
                     sets=[], sample=None, seed=0)
    rows: list[dict[str, Any]] = []
    run_points(dask_client, spec, spec.point_indices(), rows.append, seconds=60)
    check_rows(rows)


def test_cli_tables_and_resume(dask_client: Any, tmp_path: Path,
                               capsys: pytest.CaptureFixture[str]) -> None:
    address = dask_client.scheduler.address
    out = tmp_path / "s"
    argv = ["sweep", "--template", "islands", *[f"--param={p}" for p in PARAMS],
            "--out", str(out), "--scheduler", address, "--quiet"]
    assert main(argv) == 0
    columns, rows = read_table(tmp_path / "s.csv")
    check_rows(rows)
    table = pq.read_table(tmp_path / "s.parquet").to_pylist()
    check_rows([{k: v for k, v in r.items() if v is not None or k == "reason"}
                for r in table])
    assert columns[:4] == ["point", "status", "reason", "seconds"]
    # an interruption: only the first three journalled points survive
    journal = (tmp_path / "s.jsonl").read_text().splitlines()
    kept = [json.loads(line) for line in journal[:3]]
    (tmp_path / "s.jsonl").write_text("\n".join(journal[:3]) + "\n" + journal[3][:20])
    (tmp_path / "s.csv").unlink()
    assert main(["sweep", "--resume", "--out", str(out), "--scheduler", address,
                 "--quiet"]) == 0
    columns, rows = read_table(tmp_path / "s.csv")
    check_rows(rows)
    by_point = {r["point"]: r for r in rows}
    for old in kept:  # kept rows are not computed again
        assert by_point[old["point"]]["seconds"] == old["seconds"]
    assert "8 of 8 points, 4 failed" in capsys.readouterr().out


def test_pareto_chart_of_an_existing_sweep(dask_client: Any, tmp_path: Path) -> None:
    out = tmp_path / "p"
    assert main(["sweep", "--template", "islands", "--param", "islands=2",
                 "--param", "buildings=1", "--param", "gpus_per_island=256",
                 "--param", "oversubscription=1,2,4", "--out", str(out), "--quiet",
                 "--scheduler", dask_client.scheduler.address,
                 "--pareto", "power_totals.facility_kw,bisection.per_accelerator_gbps",
                 "--chart", str(tmp_path / "p.svg")]) == 0
    import xml.etree.ElementTree as ET

    root = ET.parse(tmp_path / "p.svg").getroot()
    assert root.tag.endswith("svg")


def test_bad_pareto_column(dask_client: Any, tmp_path: Path,
                           capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "q"
    assert main(["sweep", "--template", "islands", "--param", "islands=2",
                 "--param", "buildings=1", "--param", "gpus_per_island=256",
                 "--out", str(out), "--quiet", "--scheduler",
                 dask_client.scheduler.address]) == 0
    assert main(["sweep", "--out", str(out), "--pareto", "nothing,accelerators"]) == 2
    assert "no figure 'nothing'" in capsys.readouterr().err


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.parametrize(("args", "message"), [
    (["--template", "islands", "--param", "rings=1,2"], "no parameter --rings"),
    (["--template", "islands", "--param", "islands=8..4"], "is empty"),
    (["--base", "BASE", "--set", "tiers[core].colour=1,2"], "no field 'colour'"),
    (["--template", "islands", "--param", "islands=2,4", "--scheduler",
      "tcp://127.0.0.1:PORT", "--connect-timeout", "1"], "cannot reach the Dask scheduler"),
])
def test_bad_input_exit_2(args: list[str], message: str, tmp_path: Path,
                          capsys: pytest.CaptureFixture[str]) -> None:
    from model.fileformat import save_design

    save_design(template("islands").build(islands=2, buildings=1, gpus_per_island=256),
                tmp_path / "base.json")
    args = [a.replace("BASE", str(tmp_path / "base.json"))
            .replace("PORT", str(closed_port())) for a in args]
    assert main(["sweep", *args, "--out", str(tmp_path / "x"), "--quiet"]) == 2
    assert message in capsys.readouterr().err


def test_over_budget_point_is_a_row_with_its_reason(dask_client: Any) -> None:
    spec = make_spec(template_name="islands", base=None, base_path=None,
                     params=["islands=2", "buildings=1", "gpus_per_island=256"], sets=[],
                     sample=None, seed=0)
    rows: list[dict[str, Any]] = []
    run_points(dask_client, spec, [0], rows.append, seconds=1e-9)
    [row] = rows
    assert row["status"] == "over budget"
    assert "budget" in row["reason"] or "not computed" in row["reason"]


def test_watchdog_gives_up_on_points_running_too_long() -> None:
    from model.sweep_run import _overdue

    class Future:
        def __init__(self, key: str) -> None:
            self.key = key

    class Client:
        def processing(self) -> dict[str, list[str]]:
            return {"w1": ["a", "b"], "w2": []}

    a, b, c = Future("a"), Future("b"), Future("c")
    started = {"a": 0.0}  # "a" has been processing since the epoch of the clock
    overdue = _overdue(Client(), {a: 0, b: 0, c: 0}, started, limit=10.0)
    assert overdue == [a]  # "b" only now seen processing, "c" still queued
    assert "b" in started and "c" not in started
