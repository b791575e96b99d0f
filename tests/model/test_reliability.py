"""Reliability figures (model/metrics/reliability.py) against hand counts: the Llama 3
cluster against Meta's reported interruptions (Table 5 typed in here, not read from the
rates file), a small hand-built design with chosen rates, a job's share, and the
precedence of rate overrides."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from model.design import Design
from model.elements import Building, Island, LinkBundle, Pattern, RackGroup, Role, SwitchTier
from model.metrics import compute_all
from model.metrics.reliability import Population, exposure, rate_of
from model.reliability_data import (
    Component,
    RateOverride,
    ReliabilityData,
    ReliabilitySettings,
    Unit,
    shipped_rates,
)
from model.templates import template
from tests.reference.builders import dgx_catalog

LLAMA_DAYS = 54
LLAMA_TABLE_5 = {
    # component row: (interruptions, our class)
    "Faulty GPU": (148, "gpu"),
    "GPU HBM3 memory": (72, "hbm"),
    "Software bug": (54, "software"),
    "Network switch/cable": (35, "network"),
    "Host maintenance": (32, "host_maintenance"),
    "GPU SRAM memory": (19, "gpu"),
    "GPU system processor": (17, "gpu"),
    "NIC": (7, "nic"),
    "NCCL watchdog timeouts": (7, "software"),
    "Silent data corruption": (6, "gpu"),
    "GPU thermal interface + sensor": (6, "gpu"),
    "SSD": (3, "host"),
    "Power supply": (3, "power_supply"),
    "Server chassis": (2, "host"),
    "IO expansion board": (2, "host"),
    "Dependency": (2, "software"),
    "CPU": (2, "host"),
    "System memory": (2, "host"),
}
"""Table 5 of 'The Llama 3 Herd of Models' (2024), typed in by hand."""


@pytest.fixture(scope="module")
def llama_job():  # type: ignore[no-untyped-def]
    """Meta's 24K cluster (ai-zones at its defaults: 8 pods × 192 racks × 16 H100, 1:7)
    with a job of 16,384 GPUs, as Llama 3 405B pre-training ran."""
    design = template("ai-zones").build()
    design.update_settings(reliability=ReliabilitySettings(job_accelerators=16_384))
    metrics = compute_all(design)
    assert metrics.reliability is not None
    return metrics.reliability


def test_table_5_counts_sum_to_the_reported_419() -> None:
    assert sum(n for n, _ in LLAMA_TABLE_5.values()) == 419
    data = shipped_rates()
    assert data.observation["unexpected_interruptions"] == 419
    assert data.observation["days"] == LLAMA_DAYS
    # every class of the file takes its events from the table's rows (switch and link
    # share the one network row)
    for component in Component:
        rate = data.class_rate(component)
        for row, count in rate.rows.items():
            assert LLAMA_TABLE_5[row][0] == count, row


def test_llama3_job_lands_on_metas_interval(llama_job) -> None:  # type: ignore[no-untyped-def]
    """Meta: 419 unexpected interruptions in 54 days, one every 54 × 24 ÷ 419 = 3.093 h.
    The rates are derived from that table over the job's own parts, so the figure must
    come back within 1 % (rounding only)."""
    assert llama_job.job.accelerators == 16_384
    assert llama_job.job.mtbi_hours == pytest.approx(54 * 24 / 419, rel=0.01)
    assert llama_job.job.per_day == pytest.approx(419 / 54, rel=0.01)


def test_llama3_job_by_class_is_the_hand_sum_of_table_5(llama_job) -> None:  # type: ignore[no-untyped-def]
    """Each class of the job: its Table 5 rows ÷ 54 days (the job's GPUs, hosts, NICs
    and network share are the populations the rates were spread over)."""
    by_class: dict[str, float] = {}
    for count, name in LLAMA_TABLE_5.values():
        by_class[name] = by_class.get(name, 0) + count / LLAMA_DAYS
    got = dict(llama_job.job.by_class)
    network = got.pop("switch").per_day + got.pop("link").per_day
    assert network == pytest.approx(by_class.pop("network"), rel=1e-9)
    assert {k: c.per_day for k, c in got.items()} == pytest.approx(by_class, rel=1e-9)
    # units of the job: 16,384 GPUs and NICs, 2,048 hosts, 2/3 of 1,956 switches
    assert llama_job.job.by_class["host"].units == pytest.approx(2_048)
    assert llama_job.job.by_class["nic"].units == pytest.approx(16_384)
    assert llama_job.job.by_class["switch"].units == pytest.approx(1_304)
    assert llama_job.job.by_class["link"].units == pytest.approx(35_072)


def test_llama3_campus_is_one_and_a_half_jobs(llama_job) -> None:  # type: ignore[no-untyped-def]
    """The 24,576-GPU campus has 1.5 × the job's parts of every kind: 1.5 × 419 ÷ 54."""
    assert llama_job.campus.accelerators == 24_576
    assert llama_job.campus.per_day == pytest.approx(1.5 * 419 / 54, rel=1e-9)


def test_llama3_goodput_matches_metas_effective_training_time(llama_job) -> None:  # type: ignore[no-untyped-def]
    """With the default 30 s checkpoint and 300 s restart (assumptions), the job's
    goodput is about 90 %: Meta reports 'higher than 90 % effective training time'.
    Hand computation: M = 11,135 s, τ = √(2·30·M) = 817 s, lost = 30/817 +
    (408.7 + 300)/11,135 = 0.1003."""
    g = llama_job.goodput
    m = 54 * 24 * 3600 / 419
    assert g.mtbi_s == pytest.approx(m, rel=1e-6)
    assert g.young_interval_s == pytest.approx(817.38, abs=0.05)
    assert g.lost_fraction == pytest.approx(0.1003, abs=5e-4)
    assert 0.88 < g.goodput < 0.92


def _small_design(**reliability: object) -> Design:
    """2 racks × 2 DGX H100 (32 GPUs, 4 servers, 32 NICs) → 2 QM9700 by 32 optical
    links (8 per server)."""
    d = Design(name="small")
    d.add_parts(dgx_catalog())
    d.add(Building(id="b", name="B", capacity_kw=1000))
    d.add(Island(id="i", name="I", building="b"))
    d.add(RackGroup(id="r", name="racks", island="i", rack_type="meta-rack", count=2))
    d.add(SwitchTier(id="t", name="leaf", switch="qm9700", count=2, role=Role.LEAF,
                     island="i"))
    d.add(LinkBundle(id="l", name="links", lower="r", upper="t", links_per_member=8,
                     speed_gbps=400, pattern=Pattern.SPREAD, medium="osfp400"))
    d.update_settings(reliability=ReliabilitySettings.model_validate(reliability))
    return d


def _only(**rates: float) -> list[RateOverride]:
    """Overrides setting every class to 0 except those given (per year)."""
    return [RateOverride(component=c, afr_per_year=rates.get(c.value, 0.0))
            for c in Component]


def test_small_design_by_hand() -> None:
    """GPU 1/yr × 32 + switch MTBF 8,760 h (1/yr) × 2 + optics 0.5/yr × 32 links +
    NIC 0.25/yr × 32 = 58 per year."""
    overrides = [*_only(gpu=1.0, nic=0.25),
                 RateOverride(component=Component.SWITCH, mtbf_hours=8760.0),
                 RateOverride(component=Component.LINK, part="osfp400", afr_per_year=0.5)]
    d = _small_design(failure_rates=overrides)
    r = compute_all(d).reliability
    assert r is not None
    assert r.campus.per_day == pytest.approx(58 / 365, rel=1e-12)
    assert r.campus.mtbi_hours == pytest.approx(24 * 365 / 58, rel=1e-12)
    assert r.campus.by_class["link"].units == 32
    assert r.campus.by_class["switch"].units == 2
    assert r.campus.by_class["nic"].units == 32
    assert r.campus.by_class["host"].units == 4
    assert r.job is r.campus


def test_job_takes_its_share_of_every_part() -> None:
    """16 of 32 GPUs: half of each count, so half the interruptions."""
    overrides = _only(gpu=1.0, host=2.0, link=0.5, switch=1.0)
    d = _small_design(failure_rates=overrides, job_accelerators=16)
    r = compute_all(d).reliability
    assert r is not None
    assert r.job.accelerators == 16
    assert r.job.per_day == pytest.approx((16 * 1 + 2 * 2 + 16 * 0.5 + 1 * 1) / 365)
    assert r.campus.per_day == pytest.approx(2 * r.job.per_day)
    bigger = compute_all(_small_design(failure_rates=overrides,
                                       job_accelerators=1000)).reliability
    assert bigger is not None and bigger.job.accelerators == 32


def test_nothing_fails_gives_infinite_mtbi_and_full_goodput() -> None:
    r = compute_all(_small_design(failure_rates=_only())).reliability
    assert r is not None
    assert r.campus.per_day == 0
    assert r.campus.mtbi_hours == float("inf")
    assert r.goodput.goodput == 1.0


def test_override_precedence() -> None:
    """Design part > design class > shipped part > shipped class."""
    base = shipped_rates()
    data = base.model_copy(update={"parts": (
        RateOverride(component=Component.SWITCH, part="sw", afr_per_year=3.0,
                     source="vendor"),)})
    shipped_class = base.per_year(Component.SWITCH)
    assert rate_of(Component.SWITCH, "other", data, ())[0] == shipped_class
    assert rate_of(Component.SWITCH, "sw", data, ())[:2] == (3.0, "vendor")
    design_class = (RateOverride(component=Component.SWITCH, afr_per_year=2.0),)
    assert rate_of(Component.SWITCH, "sw", data, design_class)[0] == 2.0
    design_part = (*design_class,
                   RateOverride(component=Component.SWITCH, part="sw", afr_per_year=1.0))
    assert rate_of(Component.SWITCH, "sw", data, design_part)[0] == 1.0
    assert rate_of(Component.SWITCH, "x", data, design_part)[0] == 2.0


def test_shipped_rate_derivation_is_explicit() -> None:
    """rate = events ÷ (units × 54 days) × 365: GPU 196 ÷ (16,384 × 54) × 365."""
    data = shipped_rates()
    assert data.per_year(Component.GPU) == pytest.approx(196 / (16_384 * 54) * 365)
    assert data.per_year(Component.HOST_MAINTENANCE) == pytest.approx(32 / (2_048 * 54) * 365)
    assert data.per_year(Component.LINK) == pytest.approx(35 / ((1_304 + 35_072) * 54) * 365)
    parts = Population({Unit.ACCELERATOR: {"h100": 16_384.0}}, 16_384)
    gpu = exposure(parts, data).by_class["gpu"]
    assert gpu.per_day == pytest.approx(196 / 54)
    assert gpu.estimate


def test_reliability_data_is_immutable_record() -> None:
    assert isinstance(shipped_rates(), ReliabilityData)
    with pytest.raises(ValueError):
        shipped_rates().format = "x"  # type: ignore[misc]


@settings(max_examples=15, deadline=None)
@given(pods=st.integers(2, 6), racks=st.integers(1, 12), gpus=st.sampled_from([8, 16, 32]),
       job=st.floats(0.05, 1.5))
def test_interruptions_are_the_inventory_times_the_rates(pods: int, racks: int, gpus: int,
                                                         job: float) -> None:
    """Any ai-zones campus: interruptions a day = (accelerators × the per-accelerator
    classes + servers × the per-server classes + 8 NICs a server × NIC + (switches +
    links) × network) ÷ 365, from the report's own counts; a job of N takes N ÷ A."""
    design = template("ai-zones").build(pods=pods, racks_per_pod=racks, gpus_per_rack=gpus)
    total = pods * racks * gpus
    n = max(1, round(job * total))
    design.update_settings(reliability=ReliabilitySettings(job_accelerators=n))
    metrics = compute_all(design)
    r, inv = metrics.reliability, metrics.inventory
    assert r is not None and inv.accelerators == total
    rate = shipped_rates().per_year
    per_year = (
        inv.accelerators * sum(rate(c) for c in (Component.GPU, Component.HBM,
                                                 Component.SOFTWARE))
        + inv.servers * sum(rate(c) for c in (Component.HOST_MAINTENANCE, Component.HOST,
                                              Component.POWER_SUPPLY))
        + inv.servers * 8 * rate(Component.NIC)
        + sum(inv.switches_by_tier.values()) * rate(Component.SWITCH)
        + sum(inv.links_by_bundle.values()) * rate(Component.LINK))
    assert r.campus.per_day == pytest.approx(per_year / 365, rel=1e-9)
    share = min(n, total) / total
    assert r.job.per_day == pytest.approx(share * per_year / 365, rel=1e-9)
    assert r.job.mtbi_hours == pytest.approx(24 / (share * per_year / 365), rel=1e-9)


def test_a_rate_for_a_part_the_design_lacks_is_a_warning() -> None:
    """'osfp400' is a medium of the design; 'qm9700' is a switch, not a medium; 'nope'
    is nothing: two warnings, and the used rate is the one for the real medium."""
    overrides = [RateOverride(component=Component.LINK, part="osfp400", afr_per_year=1.0),
                 RateOverride(component=Component.LINK, part="qm9700", afr_per_year=1.0),
                 RateOverride(component=Component.GPU, part="nope", afr_per_year=1.0)]
    metrics = compute_all(_small_design(failure_rates=overrides))
    unused = [p for p in metrics.problems if p.code == "unused-failure-rate"]
    assert [("'qm9700'" in p.message, "'nope'" in p.message) for p in unused] == [
        (True, False), (False, True)]
    assert "not a medium of the design" in unused[0].message
    assert all(p.severity.value == "warning" for p in unused)
