"""Checking a job's parallelism against the design, and ranking every valid split of a
model over a number of accelerators by time to train."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from pydantic import ValidationError

from model.design import Design
from model.i18n import message
from model.jobs.job import Job
from model.jobs.memory import HBM_GB, state_gb
from model.jobs.placement import CampusSlots, JobError, campus_slots, host_rack_groups
from model.jobs.step_time import JobFigures, plan_jobs
from model.metrics.results import DesignMetrics
from model.validation_text import problems_text


def make_job(**fields: Any) -> Job:
    """A :class:`Job` from its fields; a refusal becomes a :class:`JobError` that names
    the fields at fault in words."""
    try:
        return Job.model_validate(fields)
    except ValidationError as error:
        raise JobError(message("jobs", "job: {reason}", reason=problems_text(error))) from None


def scale_up_limit(design: Design, job: Job, slots: CampusSlots) -> int:
    """The smallest scale-up domain among the job's hosts."""
    index = {g: i for i, g in enumerate(slots.rack_groups)}
    hosts = [index[g] for g in host_rack_groups(design, job)]
    sizes = slots.domain_size[np.isin(slots.rack_group, hosts)]
    return int(sizes.min()) if sizes.size else 1


def memory_limit_gb(design: Design, job: Job, slots: CampusSlots) -> float | None:
    """The smallest memory of the job's hosts' accelerators, GB, when every one is
    known (:data:`~model.jobs.memory.HBM_GB`), else None."""
    index = {g: i for i, g in enumerate(slots.rack_groups)}
    found: list[float] = []
    for group_id in host_rack_groups(design, job):
        if not (slots.rack_group == index[group_id]).any():
            continue
        rack = design.catalog.rack_type(design.rack_groups[group_id].rack_type)
        server = design.catalog.server(rack.server) if rack else None
        size = HBM_GB.get(server.accelerator) if server else None
        if size is None:
            return None
        found.append(size)
    return min(found) if found else None


def check_fits(design: Design, job: Job, slots: CampusSlots,
               allow_tp_beyond_scale_up: bool = False) -> None:
    """Refuse, with a :class:`JobError` saying why, a job that wants more accelerators
    than its hosts have, (unless allowed) a TP group wider than a scale-up domain, or
    model states larger than its accelerators' memory."""
    index = {g: i for i, g in enumerate(slots.rack_groups)}
    hosts = [index[g] for g in host_rack_groups(design, job)]
    have = int(np.isin(slots.rack_group, hosts).sum())
    if job.accelerators > have:
        where = ", ".join(job.hosts) if job.hosts else message("jobs", "the campus")
        raise JobError(message(
            "jobs", "TP × CP × PP × DP = {tp} × {cp} × {pp} × {dp} = {need:,} accelerators,"
            " but {where} has {have:,}", tp=job.tp, cp=job.cp, pp=job.pp, dp=job.dp,
            need=job.accelerators, where=where, have=have), job.id, "dp")
    domain = scale_up_limit(design, job, slots)
    if job.tp > domain and not allow_tp_beyond_scale_up:
        raise JobError(message(
            "jobs", "TP {tp} is larger than the {domain}-accelerator scale-up domain: its"
            " all-reduces would leave the scale-up fabric (allow it explicitly to plan it"
            " anyway)", tp=job.tp, domain=domain), job.id, "tp")
    memory = memory_limit_gb(design, job, slots)
    states = state_gb(job)
    if memory is not None and states > memory:
        raise JobError(message(
            "jobs", "weights, gradients and optimizer states need {states:,.0f} GB per"
            " accelerator, more than its {memory:,.0f} GB: raise TP × PP (or EP)",
            states=states, memory=memory), job.id, "pp")


@dataclass(frozen=True)
class Candidate:
    """One split of the search and its figures."""

    job: Job
    figures: JobFigures


def _divisors(n: int) -> list[int]:
    small = [d for d in range(1, int(n ** 0.5) + 1) if n % d == 0]
    return sorted(set(small + [n // d for d in small]))


def search(design: Design, metrics: DesignMetrics, template: Job, accelerators: int,
           allow_tp_beyond_scale_up: bool = False) -> tuple[list[Candidate], int]:
    """Every valid (TP, PP, DP) of ``template``'s model over ``accelerators`` (its CP and
    EP kept), ranked by days to train, fastest first; and how many splits were refused
    (a global batch DP does not divide, TP not dividing the heads, a TP wider than a
    scale-up domain, more pipeline stages than layers, model states that overflow
    memory)."""
    slots = campus_slots(design)
    shape = template.shape
    domain = scale_up_limit(design, template, slots)
    if accelerators % template.cp:
        raise JobError(message("jobs", "CP {cp} does not divide {accelerators:,} accelerators",
                               cp=template.cp, accelerators=accelerators))
    ranked: list[Candidate] = []
    refused = 0
    base = template.model_dump()
    for tp in _divisors(accelerators // template.cp):
        if shape.heads % tp or (tp > domain and not allow_tp_beyond_scale_up):
            refused += 1
            continue
        for pp in _divisors(accelerators // (template.cp * tp)):
            dp = accelerators // (template.cp * tp * pp)
            try:
                job = Job.model_validate({**base, "tp": tp, "pp": pp, "dp": dp})
            except ValidationError:
                refused += 1
                continue
            try:
                check_fits(design, job, slots, allow_tp_beyond_scale_up)
            except JobError:
                refused += 1
                continue
            result = plan_jobs(design, metrics, (job,), slots)[job.id]
            if isinstance(result, JobError):
                refused += 1
                continue
            ranked.append(Candidate(job, result))
    ranked.sort(key=lambda c: (c.figures.days, c.job.pp, -c.job.tp))
    return ranked, refused
