"""Jobs: records, placement, closed forms of the step model on hand-built campuses, and
the design file's jobs section."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from model.design import Design
from model.errors import DesignError
from model.fileformat import CURRENT_VERSION, load_design, save_design
from model.fileformat.reader import design_from_dict
from model.jobs.collectives import Boundary
from model.jobs.job import Job
from model.jobs.placement import JobError, campus_slots, place
from model.jobs.presets import PRESETS, ModelShape
from model.jobs.search import check_fits, make_job
from model.jobs.step_time import JobFigures, plan_jobs
from model.metrics import compute_all
from tests.model.jobs_fixtures import campus

EXAMPLE = Path(__file__).resolve().parents[2] / "resources" / "examples" / "campus-100k.json"


def dense(params: float = 8e9, layers: int = 32, hidden: int = 4096) -> ModelShape:
    return ModelShape(id="m", name="Model", parameters=params, active_parameters=params,
                      layers=layers, hidden=hidden, heads=32, kv_heads=8,
                      vocabulary=32_000, sequence_length=4096)


def job(**changes: object) -> Job:
    fields: dict[str, object] = {"id": "j", "name": "Job", "model": "custom",
                                     "custom_model": dense(), "tokens": 1e12, "global_batch": 64,
                                     "sequence_length": 4096, "tp": 8, "dp": 4, "mfu": 0.5}
    fields.update(changes)
    return Job.model_validate(fields)


def figures(design: Design, *jobs: Job) -> dict[str, JobFigures]:
    results = plan_jobs(design, compute_all(design), jobs)
    for value in results.values():
        assert not isinstance(value, JobError), value
    return results  # type: ignore[return-value]


# ----------------------------------------------------------------- records
def test_presets_hold_their_published_shapes() -> None:
    l405 = PRESETS["llama3-405b"]
    assert (l405.layers, l405.hidden, l405.heads, l405.kv_heads) == (126, 16384, 128, 8)
    gpt3 = PRESETS["gpt3-175b"]
    assert (gpt3.layers, gpt3.hidden, gpt3.heads) == (96, 12288, 96)
    ds = PRESETS["deepseek-v3"]
    assert (ds.layers, ds.hidden, ds.experts, ds.experts_per_token) == (61, 7168, 256, 8)
    assert ds.active_parameters == 37e9
    # 58 MoE layers × 256 experts × 3 matrices of 7168 × 2048: most of the 671B.
    assert ds.expert_parameters == pytest.approx(653.9e9, rel=1e-3)
    assert all(p.source for p in PRESETS.values())


@pytest.mark.parametrize("changes, words", [
    ({"ep": 2}, "needs a mixture of experts"),
    ({"global_batch": 63}, "must be a multiple of DP × micro batch"),
    ({"model": "nope", "custom_model": None}, "unknown model 'nope'"),
    ({"model": "custom", "custom_model": None}, "needs its shape"),
    ({"hosts": ("i1", "i1")}, "listed twice"),
    ({"cp": 3}, "must divide the sequence length"),
    ({"tp": 0}, "greater than or equal to 1"),
])
def test_a_job_refuses_what_cannot_run(changes: dict[str, object], words: str) -> None:
    with pytest.raises(JobError, match=words):
        make_job(**{**job().model_dump(), **changes})


def test_ep_is_carved_out_of_dp() -> None:
    j = Job(id="ds", name="DeepSeek", model="deepseek-v3", tokens=1e12, global_batch=15360,
            sequence_length=4096, pp=16, dp=128, ep=64)
    assert j.accelerators == 2048  # PP 16 × DP 128; EP does not multiply
    with pytest.raises(ValueError, match="EP 64 must divide DP × CP = 32"):
        Job(id="ds", name="DeepSeek", model="deepseek-v3", tokens=1e12, global_batch=15360,
            sequence_length=4096, pp=64, dp=32, ep=64)


# --------------------------------------------------------------- placement
def test_ranks_fill_tp_inside_a_server_then_pp_then_dp() -> None:
    d = campus(islands=2, servers=[4])
    p = place(d, job(tp=8, pp=2, dp=2, global_batch=8), campus_slots(d))
    slots = campus_slots(d)
    tp_rows, pp_rows, dp_rows = p.groups["tp"], p.groups["pp"], p.groups["dp"]
    assert tp_rows[0].tolist() == list(range(8))  # one server
    assert pp_rows[0].tolist() == [0, 8]  # next server
    assert dp_rows[0].tolist() == [0, 16]  # next replica
    assert (slots.domain[tp_rows] == slots.domain[tp_rows][:, :1]).all()


def test_too_few_accelerators_is_refused_in_words() -> None:
    d = campus(islands=1, servers=[2])
    with pytest.raises(JobError, match=r"needs TP × CP × PP × DP = 8 × 1 × 1 × 4 = 32"
                       r" accelerators; the campus has 16"):
        place(d, job(), campus_slots(d))
    with pytest.raises(JobError, match="TP 16 is larger than the 8-accelerator scale-up"):
        check_fits(d, job(tp=16, dp=1), campus_slots(d))


def test_a_second_job_takes_what_the_first_left() -> None:
    d = campus(islands=2, servers=[2])
    first, second = job(id="a", dp=2), job(id="b", dp=2)
    slots = campus_slots(d)
    taken = np.zeros(slots.count, dtype=bool)
    a = place(d, first, slots, taken)
    taken[a.accelerators] = True
    b = place(d, second, slots, taken)
    assert a.accelerators.tolist() == list(range(16))
    assert b.accelerators.tolist() == list(range(16, 32))
    with pytest.raises(JobError, match="left free by the jobs before it"):
        taken[b.accelerators] = True
        place(d, job(id="c", dp=1), slots, taken)


# ------------------------------------------------------------- closed forms
def test_tp_inside_a_server_gets_the_scale_up_bandwidth() -> None:
    d = campus(islands=1, servers=[1])
    f = figures(d, job(tp=8, dp=1, global_batch=2))["j"]
    tp = f.communication["tp"]
    # 3,600 Gb/s NVLink × 370/450 NCCL efficiency.
    assert tp.bandwidth.gbps == pytest.approx(3600 * 370 / 450)
    assert tp.bandwidth.limit is Boundary.SCALE_UP
    # 2 microbatches × 32 layers × 4 all-reduces of 4096 tokens × 4096 × 2 bytes.
    size = 4096 * 4096 * 2
    by_hand = 2 * 32 * 4 * (2 * 7 / 8 * size * 8 / (3600 * 370 / 450 * 1e9))
    assert tp.seconds == pytest.approx(by_hand)
    # Compute: 6 × 8e9 × 2 × 4096 tokens ÷ (8 × 989.4 TFLOPS × 0.5).
    assert f.compute_s == pytest.approx(6 * 8e9 * 2 * 4096 / (8 * 989.4e12 * 0.5))
    assert f.bubble_s == 0
    assert f.step_s == pytest.approx(f.compute_s + tp.exposed_s)


def test_ring_all_reduce_across_two_islands_by_hand() -> None:
    """Two islands of 2 servers, joined by one 400G uplink each: DP 4 groups have 2
    members per island, 8 such groups share the 400 Gb/s between the islands."""
    d = campus(islands=2, servers=[2], uplinks=1)
    m = compute_all(d)
    assert [p.gbps for p in m.island_pairs] == [400.0]
    j = job(tp=8, dp=4, global_batch=64, mfu=0.5)
    f = figures(d, j)["j"]
    dp = f.communication["dp"]
    assert dp.bandwidth.limit is Boundary.ISLANDS
    assert dp.bandwidth.where == "i1 ↔ i2"
    share = 400 * 2 / 16 * 0.97  # the group's 2 of the 16 crossing accelerators
    assert dp.bandwidth.gbps == pytest.approx(share)
    grads = 8e9 / 8 * 2  # bytes per accelerator: 1/TP of the weights in BF16
    reduce_scatter = 3 / 4 * grads * 8 / (share * 1e9)
    assert dp.seconds == pytest.approx(2 * reduce_scatter)
    per_microbatch = f.compute_s / 16
    exposed = (reduce_scatter - per_microbatch * 2 / 3) + (reduce_scatter - per_microbatch / 3)
    assert dp.exposed_s == pytest.approx(exposed)
    assert any("DP crosses islands" in w and "waits on the links between islands" in w
               for w in f.warnings)


def test_pipeline_bubble_is_pp_minus_one_over_microbatches() -> None:
    d = campus(islands=1, servers=[4])
    f = figures(d, job(tp=8, pp=4, dp=1, global_batch=12))["j"]
    assert f.bubble_s == pytest.approx(3 / 12 * f.compute_s)
    # (PP − 1) ÷ (m + PP − 1) of the pipeline's time.
    assert f.bubble_s / (f.compute_s + f.bubble_s) == pytest.approx(3 / 15)
    v = figures(d, job(tp=8, pp=4, dp=1, global_batch=12, virtual_stages=2))["j"]
    assert v.bubble_s == pytest.approx(f.bubble_s / 2)


def test_tp_across_servers_warns_in_words_and_uses_the_nics() -> None:
    d = campus(islands=1, servers=[2], nic_gbps=200)
    f = figures(d, job(tp=16, dp=1, global_batch=2))["j"]
    tp = f.communication["tp"]
    assert tp.bandwidth.limit is Boundary.INJECTION
    assert tp.bandwidth.gbps == pytest.approx(8 * 200 * 0.97)  # 8 members' NICs pooled
    # With 8 × 400G the NICs (3,104 Gb/s) outrun NVLink at NCCL's efficiency (2,960).
    fast = figures(campus(islands=1, servers=[2]), job(tp=16, dp=1, global_batch=2))["j"]
    assert fast.communication["tp"].bandwidth.limit is Boundary.SCALE_UP
    assert f.warnings[0].startswith("TP 16 spans 2 8-accelerator NVLink domains")


def test_a_job_across_buildings_names_the_campus_core() -> None:
    d = campus(islands=2, servers=[2], uplinks=1, buildings=2)
    f = figures(d, job(tp=8, dp=4))["j"]
    dp = f.communication["dp"]
    assert dp.bandwidth.buildings == 2
    assert dp.bandwidth.limit in (Boundary.ISLANDS, Boundary.BUILDINGS)


def test_two_jobs_share_the_core() -> None:
    d = campus(islands=2, servers=[2, 2], uplinks=1)
    a = job(id="a", dp=4, hosts=("i1-g1", "i2-g1"))
    b = job(id="b", dp=4, hosts=("i1-g2", "i2-g2"))
    alone = figures(d, a)["a"].communication["dp"].bandwidth
    both = figures(d, a, b)["a"].communication["dp"].bandwidth
    assert alone.gbps == pytest.approx(400 * 2 / 16 * 0.97)
    assert both.gbps == pytest.approx(400 * 2 / 32 * 0.97)  # twice the crossing members


# ------------------------------------------------------------ design file
def test_jobs_are_saved_and_read_back(tmp_path: Path) -> None:
    d = campus()
    jobs = (job(id="a", hosts=("i1", "i2")),
            Job(id="l", name="Llama", model="llama3-8b", tokens=15e12, global_batch=1024,
                sequence_length=8192, tp=8, dp=2, hosts=("i1",)))
    before = d.set_jobs(jobs)
    assert before == ()
    path = tmp_path / "d.json"
    save_design(d, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["schema_version"] == CURRENT_VERSION
    assert [j["id"] for j in data["jobs"]] == ["a", "l"]
    assert data["jobs"][1]["hosts"] == ["i1"]
    again = load_design(path)
    assert again.jobs == jobs
    assert again == d


def test_a_version_1_file_loads_unchanged_with_no_jobs() -> None:
    raw = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    assert raw["schema_version"] == 1
    d = design_from_dict(raw, "campus-100k.json")
    assert d.jobs == ()
    assert len(d.rack_groups) == len(raw["rack_groups"])


def test_a_bad_job_in_a_file_names_its_place() -> None:
    raw = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    raw["schema_version"] = 2
    raw["jobs"] = [{"id": "x", "name": "X", "model": "llama3-405b", "tokens": 1e12,
                    "global_batch": 100, "sequence_length": 8192, "tp": 8, "dp": 3}]
    with pytest.raises(Exception, match=r"jobs\[0\].*multiple of DP"):
        design_from_dict(raw, "f.json")
    raw["jobs"] = [raw["jobs"][0] | {"global_batch": 99}, raw["jobs"][0] | {"global_batch": 99}]
    with pytest.raises(Exception, match="two jobs share the id 'x'"):
        design_from_dict(raw, "f.json")


def test_set_jobs_is_undoable_and_announced() -> None:
    d = campus()
    seen: list[object] = []
    d.subscribe(seen.append)
    old = d.set_jobs((job(),))
    assert len(seen) == 1
    d.set_jobs(old)
    assert d.jobs == ()
    with pytest.raises(DesignError, match="two jobs share the id"):
        d.set_jobs((job(), job()))
    copy = d.copy()
    d.set_jobs((job(),))
    assert copy != d and copy.jobs == ()


def test_every_job_field_is_documented() -> None:
    text = (Path(__file__).resolve().parents[2] / "docs" / "file-format.md").read_text(
        encoding="utf-8")
    missing = [f for shape in (Job, ModelShape) for f in shape.model_fields
               if f"`{f}`" not in text]
    assert missing == []


def test_job_fields_take_only_json_numbers_and_flags() -> None:
    raw = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    raw["schema_version"] = 2
    good = {"id": "x", "name": "X", "model": "llama3-8b", "tokens": 1e12,
            "global_batch": 8, "sequence_length": 8192, "tp": 8.0}
    raw["jobs"] = [good]
    assert design_from_dict(raw, "f.json").jobs[0].tp == 8  # 8.0 is the integer 8
    for field, value, words in (("tp", "8", "expected a whole number"),
                                ("tokens", "1e12", "expected a number"),
                                ("recompute", "yes", "expected true or false")):
        raw["jobs"] = [good | {field: value}]
        with pytest.raises(Exception, match=rf"jobs\[0\]\.{field}.*{words}"):
            design_from_dict(raw, "f.json")
