"""The Dask settings shipped for hand-started workers are the ones the sweep gives its
own (read back with Dask's own config loader)."""

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
