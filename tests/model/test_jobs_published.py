"""The step model against published figures: time to train from a paper's throughput,
and bus bandwidth measured on named systems. Each test names its source and its
tolerance.

The communication model's two efficiencies are calibrated on two measurements (H100
NVLink, nccl-tests #212; ConnectX-7 at 400 Gb/s, nccl-tests #267); the checks that count
as independent are the others, on other systems: DGX A100 across servers (NCCL #812),
8 A800 with one HDR NIC (NCCL #412) and DeepSeek's H800 cluster (DeepSeek-V3 report)."""

from __future__ import annotations

import pytest

from model.jobs.collectives import NETWORK_EFFICIENCY, SCALE_UP_EFFICIENCY
from model.jobs.job import Job
from model.jobs.placement import JobError
from model.jobs.presets import PRESETS
from model.jobs.step_time import SECONDS_PER_DAY, compute_seconds, plan_jobs
from model.metrics import compute_all
from tests.model.jobs_fixtures import campus

A100_PEAK_TFLOPS = 312.0
"""NVIDIA A100 datasheet: 312 TFLOPS dense BF16."""


def test_gpt3_175b_on_1024_a100_takes_about_34_days() -> None:
    """Narayanan et al., SC 2021, §5.1: GPT-3 175B on 1,024 A100 at 140 TFLOP/s per GPU
    (counting recomputation, 8·P·T) trains 300B tokens in about 34 days."""
    gpt3 = PRESETS["gpt3-175b"]
    j = Job(id="g", name="GPT-3", model="gpt3-175b", tokens=300e9,
            global_batch=gpt3.global_batch, sequence_length=2048, tp=8, pp=8, dp=16,
            recompute=True, mfu=140 / A100_PEAK_TFLOPS)
    days = j.steps * compute_seconds(j, A100_PEAK_TFLOPS) / SECONDS_PER_DAY
    assert days == pytest.approx(34, abs=0.5)  # the paper rounds to whole days


def test_llama3_405b_flops_and_throughput_match_the_paper() -> None:
    """Meta, "The Llama 3 Herd of Models" (2024): 405B parameters on 15.6T tokens is
    3.8 × 10^25 FLOPs (§1); Table 4: 16,384 H100 at 400 TFLOPs per GPU, 41 % BF16
    MFU (38–43 % over its configurations). The paper states no total duration (its
    54 days are a snapshot of the run's interruptions), so the check is that the
    app's compute part at that throughput is the FLOPs ÷ the cluster's throughput."""
    llama = PRESETS["llama3-405b"]
    flops = 6 * llama.active_parameters * 15.6e12
    assert flops == pytest.approx(3.8e25, rel=0.01)
    h100 = 989.4
    assert 400 / h100 == pytest.approx(0.41, abs=0.01)  # Table 4's two figures agree
    j = Job(id="l", name="Llama", model="llama3-405b", tokens=15.6e12, global_batch=2048,
            sequence_length=8192, tp=8, pp=16, dp=128, mfu=400 / h100)
    days = j.steps * compute_seconds(j, h100) / SECONDS_PER_DAY
    by_hand = 3.8e25 / (16_384 * 400e12) / SECONDS_PER_DAY
    assert days == pytest.approx(by_hand, rel=0.01)
    for mfu in (0.38, 0.43):  # the paper's range of MFU
        j = j.model_copy(update={"mfu": mfu})
        low, high = (3.8e25 / (16_384 * h100 * 1e12 * mfu * SECONDS_PER_DAY) * k
                     for k in (0.99, 1.01))
        assert low <= j.steps * compute_seconds(j, h100) / SECONDS_PER_DAY <= high


def _ring_gbps(nic_gbps: float, nics: int, scale_up_gbps: float, servers: int,
               tp: int) -> float:
    """The bus bandwidth the app gives a TP group of ``tp`` over ``servers`` servers."""
    d = campus(islands=1, servers=[servers], nics=nics, nic_gbps=nic_gbps,
               scale_up_gbps=scale_up_gbps)
    j = Job(id="t", name="T", model="llama3-8b", tokens=1e9,
            global_batch=servers * 8 // tp, sequence_length=1024, tp=tp,
            dp=servers * 8 // tp)
    result = plan_jobs(d, compute_all(d), (j,))["t"]
    assert not isinstance(result, JobError)
    return result.communication["tp"].bandwidth.gbps


def test_dgx_h100_nvlink_ring_bus_bandwidth() -> None:
    """S. Jeaugey (NVIDIA), nccl-tests issue #212 (2024): 8 H100 on NVLink 4 (450 GB/s
    line rate) reach about 370 GB/s ring bus bandwidth. This measurement *calibrates*
    SCALE_UP_EFFICIENCY, so it checks the wiring of the figure, not the model: 2 %."""
    gbytes = _ring_gbps(400, 8, 3600, servers=1, tp=8) / 8
    assert gbytes == pytest.approx(370, rel=0.02)


def test_deepseek_v3_h800_nvlink_measured_bandwidth() -> None:
    """Independent of the H100 calibration. DeepSeek-AI, *DeepSeek-V3 Technical Report*
    (arXiv 2412.19437, 2024), §3.2.2, on their cluster of 2,048 H800: "NVLink offers a
    bandwidth of 160 GB/s, roughly 3.2 times that of IB (50 GB/s)". DeepSeek's reply in
    deepseek-ai/DeepSeek-V3 issue #28 (2024-12-31): 400 GB/s is H800 NVLink's
    bidirectional line rate, 160 GB/s their one-way measurement. The app, for 8 H800
    whose scale-up is 200 GB/s one way: 200 × 370/450 = 164 GB/s. Tolerance 5 %."""
    gbytes = _ring_gbps(400, 8, 1600, servers=1, tp=8) / 8
    assert gbytes == pytest.approx(160, rel=0.05)


def test_dgx_a100_ring_across_servers_on_8x200g() -> None:
    """NVIDIA's NCCL team (AddyLaddy), NCCL issue #812 (2023): "On an NVIDIA DGX-A100
    system we have 8x200Gbit/s IB cards and we measure 192GB/s AllReduce BusBW" (a ring
    across servers). The app: 8 NICs × 200 Gb/s × NETWORK_EFFICIENCY, below NVLink 3's
    300 GB/s × SCALE_UP_EFFICIENCY. Tolerance 5 %."""
    gbytes = _ring_gbps(200, 8, 2400, servers=4, tp=32) / 8
    assert gbytes == pytest.approx(192, rel=0.05)
    assert gbytes == pytest.approx(8 * 200 / 8 * NETWORK_EFFICIENCY)


def test_a800_server_with_one_hdr_nic() -> None:
    """S. Jeaugey (NVIDIA), NCCL issue #412 (2023), 8 A800 on NVLink and one 200 Gb/s
    HDR NIC per server: "you should get ~160GB/s intra-node and 24GB/s inter-node"
    bus bandwidth. A800 NVLink is 400 GB/s both ways, 200 GB/s one way. Tolerance 5 %."""
    intra = _ring_gbps(200, 1, 1600, servers=1, tp=8) / 8
    assert intra == pytest.approx(160, rel=0.05)
    assert intra == pytest.approx(200 * SCALE_UP_EFFICIENCY)
    inter = _ring_gbps(200, 1, 1600, servers=12, tp=96) / 8
    assert inter == pytest.approx(24, rel=0.05)
