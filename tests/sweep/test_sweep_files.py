"""Files of a sweep: the Dask settings shipped for hand-started workers are the ones the
sweep gives its own (read back with Dask's own config loader); the CSV table never holds
a spreadsheet formula."""

from __future__ import annotations

from pathlib import Path

import dask.config
import yaml

from model.sweep_run import WORKER_CONFIG

ROOT = Path(__file__).resolve().parents[2]


def test_shipped_worker_config_matches() -> None:
    data = yaml.safe_load((ROOT / "tools/dask/archipelago.yaml").read_text())
    for dotted, value in WORKER_CONFIG.items():
        assert dask.config.get(dotted, config=data) == value
    assert dask.config.get("distributed.nanny.pre-spawn-environ", config=data) == {
        "MALLOC_TRIM_THRESHOLD_": None}


def test_table_cells_are_never_formulas(tmp_path: Path) -> None:
    """A reason or figure name that a spreadsheet would run as a formula is written with
    a ' in front, and read back as it was."""
    import csv

    from model.sweep_plan import Axis, SweepSpec
    from model.sweep_store import SweepStore, read_table

    spec = SweepSpec((Axis("param", "islands", (2,)),), "islands")
    store = SweepStore(tmp_path / "t")
    store.start(spec)
    store.append({"point": 0, "status": "failed", "reason": "=HYPERLINK(1)",
                  "param.islands": 2, "power.=cmd.it_kw": -5.5, "bisection.exact": True})
    store.close()
    store.write_tables(spec)
    with (tmp_path / "t.csv").open(newline="") as stream:
        header, line = list(csv.reader(stream))
    assert "'power.=cmd.it_kw" not in header  # starts with a letter: left alone
    assert line[header.index("reason")] == "'=HYPERLINK(1)"
    assert line[header.index("power.=cmd.it_kw")] == "-5.5"  # a number, not a formula
    _columns, [row] = read_table(tmp_path / "t.csv")
    assert row["reason"] == "=HYPERLINK(1)"
    assert row["power.=cmd.it_kw"] == -5.5
    assert row["bisection.exact"] is True
