"""Invariants of the step model over random small campuses and jobs (bounded)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from model.jobs.job import Job
from model.jobs.placement import JobError
from model.jobs.presets import ModelShape
from model.jobs.step_time import JobFigures, plan_jobs
from model.metrics import compute_all
from tests.model.jobs_fixtures import campus

SHAPE = ModelShape(id="m", name="M", parameters=20e9, active_parameters=20e9, layers=48,
                   hidden=6144, heads=48, kv_heads=8, vocabulary=32_000,
                   sequence_length=4096)


def days(design: object, job: Job) -> JobFigures:
    result = plan_jobs(design, compute_all(design), (job,))[job.id]  # type: ignore[arg-type]
    assert not isinstance(result, JobError), result
    return result


jobs = st.builds(
    lambda tp, pp, dp, batch, seq: Job(
        id="j", name="J", model="custom", custom_model=SHAPE, tokens=1e11,
        global_batch=dp * batch, sequence_length=seq, tp=tp, pp=pp, dp=dp, mfu=0.4),
    tp=st.sampled_from([1, 2, 4, 8]), pp=st.sampled_from([1, 2, 4]),
    dp=st.sampled_from([1, 2, 4, 8]), batch=st.integers(1, 8),
    seq=st.sampled_from([1024, 4096]))


@settings(max_examples=40, deadline=None)
@given(job=jobs, servers=st.integers(4, 8), low=st.integers(1, 4), more=st.integers(1, 8),
       buildings=st.integers(1, 2))
def test_more_core_bandwidth_never_slows_a_job(job: Job, servers: int, low: int, more: int,
                                               buildings: int) -> None:
    if job.accelerators > 2 * servers * 8:
        return
    narrow = campus(islands=2, servers=[servers], uplinks=low, buildings=buildings)
    wide = campus(islands=2, servers=[servers], uplinks=low + more, buildings=buildings)
    job = job.model_copy(update={"hosts": ("i1-g1", "i2-g1")})
    assert days(wide, job).step_s <= days(narrow, job).step_s * (1 + 1e-12)


@settings(max_examples=40, deadline=None)
@given(job=jobs, uplinks=st.integers(1, 4))
def test_moving_a_job_inside_one_island_never_slows_it(job: Job, uplinks: int) -> None:
    """Islands of two equal rack groups: the job on group 2 of island 1 and group 1 of
    island 2 (spanning) against groups 1 and 2 of island 1 (inside): the same ranks on
    the same kind of servers, minus the crossing."""
    size = 4
    if job.accelerators > 2 * size * 8:
        return
    d = campus(islands=2, servers=[size, size], uplinks=uplinks)
    spanning = days(d, job.model_copy(update={"hosts": ("i1-g2", "i2-g1")}))
    inside = days(d, job.model_copy(update={"hosts": ("i1-g1", "i1-g2")}))
    assert inside.step_s <= spanning.step_s * (1 + 1e-12)
    for axis, comm in inside.communication.items():
        assert comm.bandwidth.gbps >= spanning.communication[axis].bandwidth.gbps * (1 - 1e-12)


@settings(max_examples=30, deadline=None)
@given(jobs=st.lists(jobs, min_size=1, max_size=3), hosts=st.lists(
    st.sampled_from(["i1", "i2", "i1-g1", "b1"]), unique=True, max_size=2))
def test_jobs_round_trip_through_the_file(jobs: list[Job], hosts: list[str]) -> None:
    from model.fileformat.reader import design_from_dict, parse_json_bytes
    from model.fileformat.writer import dumps_design

    design = campus()
    placed = tuple(j.model_copy(update={"id": f"j{k}", "hosts": tuple(hosts)})
                   for k, j in enumerate(jobs))
    design.set_jobs(placed)
    again = design_from_dict(parse_json_bytes(dumps_design(design).encode()))
    assert again.jobs == placed
    assert dumps_design(again) == dumps_design(design)


def test_the_step_from_version_1_copies_without_mutating() -> None:
    from model.fileformat.migrations import MIGRATIONS

    old = {"format": "archipelago-design", "schema_version": 1, "name": "x",
           "buildings": [{"id": "b", "name": "B", "capacity_kw": 1}]}
    frozen = repr(old)
    new = MIGRATIONS[1](old)
    assert new == old and new is not old and repr(old) == frozen
