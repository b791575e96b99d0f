"""What a sweep sends through Dask, and points sent several to a task (issue #22 §2,
speed): a task's rows cross the network as one frame of text (Dask serializes a dict
value by value: one frame per figure); the sweep's description travels as its JSON alone
and a base design is read once a task; batched and given-up tasks still give every
point exactly one row, equal to the figures of its design computed directly."""

from __future__ import annotations

import json
import pickle
from typing import Any

import pytest
from distributed.protocol import dumps
from distributed.protocol.serialize import Serialize

from model import sweep_run
from model.figures import design_figures
from model.fileformat import dumps_design
from model.fileformat.reader import design_from_dict
from model.sweep_plan import apply_set, make_spec
from model.sweep_run import PointMaker, _compute, batch_size, evaluate_point, run_points
from model.templates import template

PARAMS = ["islands=2,3", "buildings=1", "gpus_per_island=256,512", "oversubscription=1,4"]
"""8 points, all of which build."""


def spec_of(params: list[str] = PARAMS) -> Any:
    return make_spec(template_name="islands", base=None, base_path=None, params=params,
                     sets=[], sample=None, seed=0)


def direct(row: dict[str, Any]) -> dict[str, Any]:
    design = template("islands").build(
        islands=row["param.islands"], buildings=row["param.buildings"],
        gpus_per_island=row["param.gpus_per_island"],
        oversubscription=row["param.oversubscription"])
    return design_figures(design)


def check(rows: list[dict[str, Any]], points: int = 8) -> None:
    assert sorted(r["point"] for r in rows) == list(range(points))  # each exactly once
    for row in rows:
        assert row["status"] == "ok", row["reason"]
        expected = direct(row)
        assert {k: row.get(k) for k in expected} == expected


def test_a_tasks_rows_cross_the_network_as_one_frame() -> None:
    spec = spec_of()
    items = [(k, spec.values_of(k)) for k in (0, 1)]
    result = _compute(PointMaker(spec.to_json()), items, 60.0)
    # what a worker sends the client for one finished task (Worker.get_data)
    frames = dumps({"status": "OK", "data": {"key": Serialize(result)}})
    assert len(frames) <= 4
    # a row as a dict, as tasks returned before: a frame per figure
    row = evaluate_point(spec.to_json(), 0, spec.values_of(0), 60.0)
    assert len(dumps({"status": "OK", "data": {"key": Serialize(row)}})) > len(row)


def test_the_point_maker_travels_as_its_description_alone() -> None:
    spec = spec_of()
    maker = PointMaker(spec.to_json())
    maker.row(0, spec.values_of(0))  # parses the description on first use
    again = pickle.loads(pickle.dumps(maker))
    assert again.spec_json == spec.to_json() and again._spec is None
    assert len(pickle.dumps(maker)) < 1_000


def test_a_base_design_is_read_once_and_each_point_starts_from_a_copy(
        monkeypatch: pytest.MonkeyPatch) -> None:
    base = template("islands").build(islands=2, buildings=1, gpus_per_island=256)
    data = json.loads(dumps_design(base))
    spec = make_spec(template_name=None, base=data, base_path="base.json", params=[],
                     sets=["tiers[core].count=8,16", "settings.allowance_pct=5,10"],
                     sample=None, seed=0)
    read: list[int] = []
    real = sweep_run.base_design
    monkeypatch.setattr(sweep_run, "base_design", lambda s: read.append(1) or real(s))
    maker = PointMaker(spec.to_json())
    rows = [maker.row(k, spec.values_of(k)) for k in spec.point_indices()]
    assert len(read) == 1
    for row, k in zip(rows, spec.point_indices(), strict=True):
        expected = design_from_dict(data, "base.json")  # an independent reading
        for axis, value in spec.values_of(k).items():
            apply_set(expected, axis, value)
        assert row["status"] == "ok"
        figures = design_figures(expected)
        assert {key: row.get(key) for key in figures} == figures


@pytest.mark.parametrize(("point_s", "left", "threads", "size"), [
    (None, 100, 2, 1),  # no time known yet: one point
    (0.05, 1000, 2, 16),  # 1 s of work would be 20 points: at most 16
    (0.25, 1000, 2, 4),  # 1 s ÷ 0.25 s
    (3.0, 1000, 2, 1),  # slow points go one a task
    (0.05, 10, 2, 3),  # 10 left over 4 tasks in flight: ⌈10 / 4⌉
    (0.0, 1, 1, 1),
])
def test_batch_size_by_hand(point_s: float | None, left: int, threads: int,
                            size: int) -> None:
    assert batch_size(point_s, left, threads) == size


def test_rows_of_batched_tasks_equal_direct_computation(dask_client: Any) -> None:
    spec = spec_of()
    rows: list[dict[str, Any]] = []
    run_points(dask_client, spec, spec.point_indices(), rows.append, seconds=60, batch=3)
    check(rows)


def test_a_given_up_batch_is_sent_again_one_point_a_task(
        dask_client: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The watchdog gives up on every task running at its first look (as if each had
    run past its limit): the points of a batch are computed again one a task, so each
    still has its one row; a given-up single point is an 'over budget' row."""
    given_up: list[int] = []

    def overdue_once(client: Any, running: Any, started: Any, limit: Any) -> list[Any]:
        if given_up:
            return []
        futures = list(running)
        given_up.extend(len(running[f]) for f in futures)
        return futures

    monkeypatch.setattr(sweep_run, "_overdue", overdue_once)
    spec = spec_of()
    rows: list[dict[str, Any]] = []
    run_points(dask_client, spec, spec.point_indices(), rows.append, seconds=60,
               batch=3, poll_s=0.001)  # the watchdog looks before any task is done
    assert given_up and max(given_up) == 3
    check(rows)
    given_up.clear()
    rows = []
    large = spec_of(["islands=16", "buildings=2", "gpus_per_island=8192",
                     "oversubscription=1,2"])  # points of 131K GPUs: not done in 1 ms
    run_points(dask_client, large, [0, 1], rows.append, seconds=60, batch=1, poll_s=0.001)
    assert sorted(r["point"] for r in rows) == [0, 1]
    assert {r["status"] for r in rows} == {"over budget"}
    assert all("given up" in r["reason"] for r in rows)
