"""The core's part in a job's step: what a DP ring across two islands asks of the
capacity between them, by closed forms on hand-built campuses and on the islands template,
and that oversubscribing the core moves the figures (never the wrong way)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import main
from model.design import Design
from model.fileformat import save_design
from model.jobs.collectives import Boundary
from model.jobs.job import Job
from model.jobs.placement import JobError
from model.jobs.presets import ModelShape
from model.jobs.step_time import JobFigures, core_words, plan_jobs
from model.metrics import compute_all
from model.templates import TEMPLATES
from tests.model.jobs_fixtures import campus

NIC = 400.0
EFFICIENCY = 0.97  # NCCL's share of a 400G NIC's line rate (docs/jobs.md)
PARAMS = 8e9
SHAPE = ModelShape(id="m", name="Model", parameters=PARAMS, active_parameters=PARAMS,
                   layers=32, hidden=4096, heads=32, kv_heads=8, vocabulary=32_000,
                   sequence_length=4096)


def plan(design: Design, *jobs: Job) -> dict[str, JobFigures]:
    results = plan_jobs(design, compute_all(design), jobs)
    for value in results.values():
        assert not isinstance(value, JobError), value
    return results  # type: ignore[return-value]


def dp_job(**changes: object) -> Job:
    fields: dict[str, object] = {"id": "j", "name": "Job", "model": "custom",
                                 "custom_model": SHAPE, "tokens": 1e12, "global_batch": 64,
                                 "sequence_length": 4096, "tp": 8, "dp": 4, "mfu": 0.5}
    fields.update(changes)
    return Job.model_validate(fields)


# ------------------------------------------------- two islands, by hand
@settings(max_examples=40, deadline=None)
@given(uplinks=st.integers(1, 32), micro_batch=st.sampled_from([1, 2, 4]))
def test_ring_across_two_islands_closed_form(uplinks: int, micro_batch: int) -> None:
    """Two islands of 2 servers (8 × 400G each), ``uplinks`` × 400G from each island to
    the core. TP 8 × DP 4: 8 DP rings, each with one member per server, 2 per island,
    cross the pair once each way; they share its capacity C = uplinks × 400 (at most
    the island's 16 NICs: the minimum cut is then the servers' links). A ring's
    all-reduce (reduce-scatter + all-gather) takes 2(n−1)/n · S ÷ min(per-rank NIC,
    C ÷ 8 groups), both at NCCL's 0.97."""
    d = campus(islands=2, servers=[2], uplinks=uplinks)
    f = plan(d, dp_job(micro_batch=micro_batch))["j"]
    dp = f.communication["dp"]
    capacity = min(uplinks, 16) * 400.0
    per_rank = NIC * EFFICIENCY
    shared = capacity / 8 * EFFICIENCY
    bus = min(per_rank, shared)
    size = PARAMS / 8 * 2  # 1/TP of the weights' gradients in BF16
    assert dp.seconds == pytest.approx(2 * 3 / 4 * size * 8 / (bus * 1e9))
    assert dp.bandwidth.gbps == pytest.approx(bus)
    assert dp.bandwidth.limit is (Boundary.ISLANDS if shared < per_rank
                                  else Boundary.INJECTION)

    core = dp.bandwidth.core
    assert core is not None and core.where == "i1 ↔ i2"
    injection = 16 * NIC  # an island's accelerators' NICs
    assert core.oversubscription == pytest.approx(injection / capacity)
    # 8 groups each need one NIC's worth each way: 8 × 400 of C.
    assert core.capacity_used == pytest.approx(min(1.0, 8 * NIC / capacity))
    # The core limits when C ÷ 8 < 400 Gb/s, i.e. above 6,400 ÷ 3,200 = 2:1.
    assert dp.core_limits_above == pytest.approx(2.0)

    # The time not hidden: reduce-scatter behind ⅔ of the last microbatch's compute,
    # all-gather behind ⅓ of the first's.
    compute = 6 * PARAMS * 64 * 4096 / (32 * 989.4e12 * 0.5)
    per_microbatch = compute / (64 / (4 * micro_batch))
    one = 3 / 4 * size * 8 / (bus * 1e9)
    exposed = max(0.0, one - per_microbatch * 2 / 3) + max(0.0, one - per_microbatch / 3)
    assert dp.exposed_s == pytest.approx(exposed, abs=1e-12)
    # The step moves once the share falls below what hides the all-gather in ⅓ of a
    # microbatch (or below a NIC, if that is less): C* = 8 × that ÷ 0.97.
    hides = 3 / 4 * size * 8 / (per_microbatch / 3) / 1e9
    assert dp.step_moves_above == pytest.approx(
        injection / (8 * min(per_rank, hides) / EFFICIENCY))

    words = core_words(dp)
    assert words is not None and "i1 ↔ i2" in words
    if shared < per_rank:
        assert words.startswith("DP is limited by i1 ↔ i2")
    else:
        assert words.startswith(f"DP uses {min(1.0, 8 * NIC / capacity):.1%} of the i1 ↔ i2")


def test_a_second_job_crossing_halves_the_share_and_doubles_the_use() -> None:
    d = campus(islands=2, servers=[2, 2], uplinks=16)
    a = dp_job(id="a", hosts=("i1-g1", "i2-g1"))
    b = dp_job(id="b", hosts=("i1-g2", "i2-g2"))
    alone = plan(d, a)["a"].communication["dp"].bandwidth.core
    both = plan(d, a, b)["a"].communication["dp"].bandwidth.core
    assert alone is not None and both is not None
    assert alone.share == pytest.approx(1.0)
    assert both.share == pytest.approx(0.5)  # 16 of the island's 32 crossing accelerators
    # Each job's 8 rings need 8 × 400 of the 6,400 Gb/s pair: an eighth, either way.
    assert alone.capacity_used == pytest.approx(8 * NIC / 6400)
    assert both.capacity_used == pytest.approx(8 * NIC / 6400)
    assert both.need == pytest.approx(2 * alone.need)


def test_a_job_inside_one_island_asks_nothing_of_the_core() -> None:
    d = campus(islands=2, servers=[4], uplinks=1)
    f = plan(d, dp_job(hosts=("i1",)))["j"]
    assert f.communication["dp"].bandwidth.core is None
    assert core_words(f.communication["dp"]) is None


# ------------------------------------------- the islands template, by hand
def islands(oversubscription: float) -> Design:
    return TEMPLATES["islands"].build(gpus_per_island=1024, islands=2, buildings=1,
                                      oversubscription=oversubscription)


def template_job(**changes: object) -> Job:
    """TP 8 × PP 2 × DP 128 = 2,048 H100 over both islands: 16 DP rings of 64 members
    in each island (one per server) cross the island pair."""
    fields: dict[str, object] = {"id": "j", "name": "Job", "model": "custom",
                                 "custom_model": SHAPE, "tokens": 1e12, "global_batch": 512,
                                 "sequence_length": 4096, "tp": 8, "pp": 2, "dp": 128,
                                 "mfu": 0.4}
    fields.update(changes)
    return Job.model_validate(fields)


def test_oversubscribing_the_template_core_moves_the_figures(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """1,024 H100 × 400G per island: at o:1 the pair holds 409,600 ÷ o Gb/s; 16 rings
    need 16 × 400 of it, so they use 6,400 · o ÷ 409,600 of it, and the core limits them
    above 409,600 ÷ 6,400 = 64:1, whatever o is now."""
    seen = {}
    for o in (4.0, 16.0):
        path = tmp_path / f"o{o:g}.json"
        save_design(islands(o), path)
        status = main.main(["plan", str(path), "--model", "llama3-8b", "--tp", "8", "--pp",
                            "2", "--dp", "128", "--global-batch", "512", "--json"])
        out, _ = capsys.readouterr()
        assert status == 0
        core = json.loads(out)["communication"]["dp"]["core"]
        assert core["where"] == "island-1 ↔ island-2"
        assert core["capacity_gbps"] == pytest.approx(409_600 / o)
        assert core["oversubscription"] == pytest.approx(o)
        assert core["capacity_used"] == pytest.approx(6_400 * o / 409_600)
        assert core["limits_above_oversubscription"] == pytest.approx(64.0)
        seen[o] = core["capacity_used"]
        status = main.main(["plan", str(path), "--model", "llama3-8b", "--tp", "8", "--pp",
                            "2", "--dp", "128", "--global-batch", "512"])
        text, _ = capsys.readouterr()
        assert f"core: DP uses {6_400 * o / 409_600:.1%} of the island-1 ↔ island-2" in text
        assert "the core limits it above 64:1" in text
    assert seen[16.0] == pytest.approx(4 * seen[4.0])


@settings(max_examples=12, deadline=None)
@given(low=st.sampled_from([1.0, 2.0, 4.0, 8.0, 16.0, 32.0]),
       factor=st.sampled_from([2.0, 4.0, 8.0]), micro_batch=st.sampled_from([1, 2]))
def test_more_oversubscription_never_speeds_a_job(low: float, factor: float,
                                                  micro_batch: int) -> None:
    """The same job on the template at o:1 and at a higher oversubscription (less core
    bandwidth): never faster, and never a smaller share of the core used."""
    high = min(64.0, low * factor)
    job = template_job(micro_batch=micro_batch)
    wide = plan(islands(low), job)["j"]
    narrow = plan(islands(high), job)["j"]
    assert wide.step_s <= narrow.step_s * (1 + 1e-12)
    assert wide.communication["dp"].exposed_s <= narrow.communication["dp"].exposed_s + 1e-12
    used_wide = wide.communication["dp"].bandwidth.core
    used_narrow = narrow.communication["dp"].bandwidth.core
    assert used_wide is not None and used_narrow is not None
    assert used_wide.capacity_used <= used_narrow.capacity_used + 1e-12


@settings(max_examples=12, deadline=None)
@given(o=st.sampled_from([1.0, 4.0, 16.0, 64.0]), pp=st.sampled_from([1, 2, 4]))
def test_dp_inside_one_island_never_slower_than_across(o: float, pp: int) -> None:
    """A job of 1,024 H100 on island 2 alone against the same job on the second half of
    island 1 and the first half of island 2 (a 512-accelerator job holds the first half
    of island 1 in both)."""
    d = islands(o)
    first = template_job(id="first", tp=8, pp=1, dp=64, global_batch=64,
                         hosts=("island-1",))
    dp = 1024 // (8 * pp)
    spanning = template_job(dp=dp, pp=pp, global_batch=dp * 2)
    inside = spanning.model_copy(update={"hosts": ("island-2",)})
    across = plan(d, first, spanning)["j"]
    within = plan(d, first, inside)["j"]
    assert across.communication["dp"].bandwidth.islands == 2
    assert within.communication["dp"].bandwidth.islands == 1
    assert within.step_s <= across.step_s * (1 + 1e-12)


def test_a_pair_with_no_capacity_is_said_in_words() -> None:
    """Two places with nothing between them: the need is unbounded, the core limits at
    any oversubscription, and the words say so rather than divide by zero."""
    from model.jobs.collectives import CoreUse
    from model.jobs.step_time import Communication

    core = CoreUse(level=Boundary.ISLANDS, where="i1 ↔ i2", free_gbps=388.0, pair_gbps=0.0,
                   capacity_gbps=0.0, share=1.0, oversubscription=float("inf"))
    assert core.need == float("inf") and core.capacity_used == 1.0
    assert core.limits_above() == 0.0
    bandwidth = plan(campus(islands=2, servers=[2], uplinks=1),
                     dp_job())["j"].communication["dp"].bandwidth
    comm = Communication("dp", "reduce-scatter + all-gather", 1.0, 2, bandwidth.__class__(
        **{**bandwidth.__dict__, "core": core}), 1.0, 1.0)
    assert core_words(comm) == "DP is cut off: i1 ↔ i2 has no capacity between them"
