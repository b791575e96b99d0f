"""How long a training step takes on the design, where the time goes, and which link
limits it.

Pure functions of the design, its :class:`~model.metrics.results.DesignMetrics` and its
jobs. A step is compute at the assumed MFU, plus the pipeline bubble, plus each axis's
communication left exposed after overlap (docs/jobs.md gives every formula and
assumption, with sources):

- compute: F · P_active · tokens per step ÷ (accelerators × peak × MFU), F = 6, or 8
  with full activation recomputation (Narayanan et al., SC 2021, eq. 4);
- bubble (1F1B): (PP − 1) ÷ microbatches × compute, i.e. (PP − 1) ÷ (m + PP − 1) of the
  pipeline's time, divided by the virtual stages v of an interleaved schedule
  (Narayanan et al., SC 2021, §2.2);
- TP: 4 all-reduces of a microbatch's activations per layer (6 with recomputation),
  exposed;
- CP: per layer, an all-gather of keys and values forward and a reduce-scatter of their
  gradients backward, exposed;
- PP: each of the v·m + PP − 1 slots of the schedule waits for one activation forward
  and one gradient backward, each TP rank sending its 1/TP slice;
- DP: reduce-scatter of the gradients and all-gather of the parameters (distributed
  optimizer, BF16), overlapped with the last microbatch's backward pass and the first
  microbatch's forward pass respectively; what does not fit is exposed;
- EP: 4 all-to-alls of the routed tokens per MoE layer per microbatch, exposed.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from model.design import Design
from model.i18n import Message, Translator, mark, message
from model.jobs.collectives import (
    Boundary,
    GroupBandwidth,
    PairCapacities,
    all_gather_s,
    all_reduce_s,
    all_to_all_s,
    crossing_rows,
    group_bandwidth,
    p2p_s,
)
from model.jobs.job import Job, Precision
from model.jobs.placement import CampusSlots, JobError, Placement, campus_slots, place
from model.metrics.results import DesignMetrics

BYTES = 2
"""Bytes per activation, gradient and parameter communicated (BF16)."""

SECONDS_PER_DAY = 86_400.0

AXIS_WORDS = {"tp": "TP", "cp": "CP", "pp": "PP", "dp": "DP", "ep": "EP"}

BOUNDARY_WORDS = {
    Boundary.SCALE_UP: mark("jobs", "the scale-up fabric"),
    Boundary.INJECTION: mark("jobs", "the accelerators' NICs"),
    Boundary.ISLANDS: mark("jobs", "the links between islands"),
    Boundary.BUILDINGS: mark("jobs", "the campus core between buildings"),
}


@dataclass(frozen=True)
class Communication:
    """One axis's communication in a step: its collective, the bytes one operation
    moves, how many run per step, its group's bus bandwidth and what bounds it, the
    time it takes and the part of it left exposed (seconds)."""

    axis: str
    collective: str
    bytes_per_op: float
    ops_per_step: float
    bandwidth: GroupBandwidth
    seconds: float
    exposed_s: float
    step_bound_gbps: float | None = None
    """The bus bandwidth below which this axis's exposed time grows (Gb/s): its
    full-speed bandwidth (None: the axis is all exposed), or for DP the least that still
    hides it behind compute."""

    @property
    def core_limits_above(self) -> float | None:
        """The oversubscription of the pair it crosses above which the pair limits this
        axis (None when it crosses no pair)."""
        core = self.bandwidth.core
        return None if core is None else core.limits_above()

    @property
    def step_moves_above(self) -> float | None:
        """The oversubscription of the pair it crosses above which this axis adds to the
        step (None when it crosses no pair)."""
        core = self.bandwidth.core
        if core is None:
            return None
        bound = core.free_gbps if self.step_bound_gbps is None else self.step_bound_gbps
        return core.limits_above(min(bound, core.free_gbps))


@dataclass(frozen=True)
class JobFigures:
    """A job's step on the design. Times in seconds; ``peak_tflops`` per accelerator at
    the job's precision."""

    job_id: str
    accelerators: int
    peak_tflops: float
    flops_per_step: float
    compute_s: float
    bubble_s: float
    communication: dict[str, Communication]
    step_s: float
    tokens_per_s: float
    days: float
    achieved_mfu: float
    warnings: list[str] = field(default_factory=list)
    rack_groups: tuple[str, ...] = ()
    """Ids of the rack groups whose accelerators the job runs on, in design order."""
    warning_messages: list[Message] = field(default_factory=list)
    """The warnings with their parameters, to be read in another language
    (``warnings`` holds them in English)."""

    @property
    def exposed_s(self) -> float:
        """Exposed communication per step."""
        return sum(c.exposed_s for c in self.communication.values())

    @property
    def limiting(self) -> Communication | None:
        """The communication with the most exposed time (None when there is none)."""
        busy = [c for c in self.communication.values() if c.exposed_s > 0]
        return max(busy, key=lambda c: c.exposed_s) if busy else None

    def breakdown(self) -> dict[str, float]:
        """Where the step goes: ``compute``, ``bubble`` and each axis's exposed part."""
        parts = {"compute": self.compute_s, "bubble": self.bubble_s}
        parts.update({AXIS_WORDS[a]: c.exposed_s for a, c in self.communication.items()})
        return parts


def limiting_link_words(figures: JobFigures, lang: str | None = None) -> str:
    """The limiting link in words, as the command line and the Jobs dock print it after
    "limiting link: " ("DP reduce-scatter on the links between islands (…), 400 Gb/s,
    0.123 s per step"), or that nothing is exposed; in ``lang`` (English when None)."""
    t = Translator(lang)
    limiting = figures.limiting
    if limiting is None:
        return t.phrase("jobs", "none (no communication exposed)")
    b = limiting.bandwidth
    values = {"axis": AXIS_WORDS[limiting.axis], "collective": limiting.collective,
              "boundary": t.translate("jobs", BOUNDARY_WORDS[b.limit]), "gbps": b.gbps,
              "exposed_s": limiting.exposed_s}
    if b.where:
        return t.phrase("jobs", "{axis} {collective} on {boundary} ({where}), {gbps:,.0f}"
                        " Gb/s, {exposed_s:.3f} s per step", where=b.where, **values)
    return t.phrase("jobs", "{axis} {collective} on {boundary}, {gbps:,.0f} Gb/s,"
                    " {exposed_s:.3f} s per step", **values)


def core_words(comm: Communication, lang: str | None = None) -> str | None:
    """What an axis crossing islands or buildings asks of the capacity between them, in
    words ("DP uses 4.2% of the island-1 ↔ island-2 capacity at its peak (the pair at
    4:1); the core limits it above 96:1 and shows in the step above 410:1"); None when
    it crosses no pair. In ``lang`` (English when None)."""
    core = comm.bandwidth.core
    if core is None:
        return None
    t = Translator(lang)
    axis = AXIS_WORDS[comm.axis]
    if core.capacity_gbps <= 0:
        return t.phrase("jobs", "{axis} is cut off: {where} has no capacity between them",
                        axis=axis, where=core.where)
    if core.need > 1 + 1e-9:
        text = t.phrase("jobs", "{axis} is limited by {where} (the pair at {ratio:.3g}:1): it"
                        " needs {need:.2g}× its share of the capacity; the core stops"
                        " limiting it at {limit:.3g}:1", axis=axis, where=core.where,
                        ratio=core.oversubscription, need=core.need,
                        limit=core.limits_above())
        return text + (t.phrase("jobs", "; {exposed_s:.3f} s of {axis} per step not hidden",
                                exposed_s=comm.exposed_s, axis=axis)
                       if comm.exposed_s > 0 else
                       t.phrase("jobs", "; {axis} still hidden behind compute", axis=axis))
    text = t.phrase("jobs", "{axis} uses {used:.1%} of the {where} capacity at its peak (the"
                    " pair at {ratio:.3g}:1); the core limits it above {limit:.3g}:1",
                    axis=axis, used=core.capacity_used, where=core.where,
                    ratio=core.oversubscription, limit=core.limits_above())
    moves = comm.step_moves_above
    if moves is not None and moves > core.limits_above() * (1 + 1e-9):
        text += t.phrase("jobs", " and shows in the step above {moves:.3g}:1", moves=moves)
    return text


def compute_seconds(job: Job, peak_tflops: float) -> float:
    """Compute time of one step at the job's MFU: F · P_active · tokens ÷
    (accelerators × peak × MFU), F = 8 with recomputation, else 6."""
    factor = 8 if job.recompute else 6
    flops = factor * job.shape.active_parameters * job.tokens_per_step
    return flops / (job.accelerators * peak_tflops * 1e12 * job.mfu)


def pair_table(pairs: list[tuple[str, str, float]], ids: list[str]) -> PairCapacities:
    """The engine's pair capacities keyed by label pairs."""
    index = {x: i for i, x in enumerate(ids)}
    return {frozenset((index[a], index[b])): gbps for a, b, gbps in pairs
            if a in index and b in index}


def _sizes(job: Job) -> dict[str, float]:
    """Bytes moved by one operation of each axis (see the module docstring)."""
    s = job.shape
    tokens = job.micro_batch * job.sequence_length / job.cp
    activation = tokens * s.hidden * BYTES
    dense = s.parameters - s.expert_parameters
    grads = (dense / (job.tp * job.pp) + s.expert_parameters / (job.tp * job.pp * job.ep))
    routed = tokens / job.tp * s.experts_per_token * s.hidden * BYTES
    kv = 2 * tokens * s.hidden * s.kv_heads / s.heads * BYTES * job.cp
    return {"tp": activation, "cp": kv, "pp": activation / job.tp,
            "dp": grads * BYTES, "ep": routed}


def _figures(design: Design, job: Job, placement: Placement, slots: CampusSlots,
             bandwidth: dict[str, GroupBandwidth]) -> JobFigures:
    shape = job.shape
    peak = float(slots.peak_tflops[placement.accelerators].min())
    if job.precision is Precision.FP8:
        peak *= 2
    if peak <= 0:
        raise JobError(message("jobs", "job {name!r}: its accelerators have no peak throughput"
                               " (a part is missing from the catalog)", name=job.name),
                       job.id, "hosts")
    compute = compute_seconds(job, peak)
    m = job.microbatches
    per_microbatch = compute / m
    forward_share = 2 / 8 if job.recompute else 1 / 3
    bubble = (job.pp - 1) * per_microbatch / job.virtual_stages
    sizes = _sizes(job)
    layers = shape.layers / job.pp
    comms: dict[str, Communication] = {}
    for axis, bw in bandwidth.items():
        n = job.cp * job.dp if axis == "dp" else job.degree(axis)
        size = sizes[axis]
        if axis == "tp":
            ops = m * layers * (6 if job.recompute else 4)
            seconds = ops * all_reduce_s(n, size, bw.gbps)
            comms[axis] = Communication(axis, "all-reduce", size, ops, bw, seconds, seconds)
        elif axis == "cp":
            ops = m * layers * 2
            seconds = ops * all_gather_s(n, size, bw.gbps)
            comms[axis] = Communication(axis, "all-gather + reduce-scatter", size, ops, bw,
                                        seconds, seconds)
        elif axis == "pp":
            ops = 2 * (job.virtual_stages * m + job.pp - 1)
            seconds = ops * p2p_s(size, bw.gbps)
            comms[axis] = Communication(axis, "send/receive", size, ops, bw, seconds,
                                        seconds)
        elif axis == "dp":
            one = all_gather_s(n, size, bw.gbps)
            exposed = (max(0.0, one - per_microbatch * (1 - forward_share))
                       + max(0.0, one - per_microbatch * forward_share))
            window = per_microbatch * min(forward_share, 1 - forward_share)
            hides = (all_gather_s(n, size, 1.0) / window if window > 0 else float("inf"))
            comms[axis] = Communication(axis, "reduce-scatter + all-gather", size, 2, bw,
                                        2 * one, exposed, hides)
        elif axis == "ep":
            ops = m * shape.moe_layers / job.pp * 4
            seconds = ops * all_to_all_s(n, size, bw.gbps)
            comms[axis] = Communication(axis, "all-to-all", size, ops, bw, seconds, seconds)
    step = compute + bubble + sum(c.exposed_s for c in comms.values())
    model_flops = 6 * shape.active_parameters * job.tokens_per_step
    figures = JobFigures(
        job_id=job.id, accelerators=job.accelerators, peak_tflops=peak,
        flops_per_step=model_flops, compute_s=compute, bubble_s=bubble,
        communication=comms, step_s=step, tokens_per_s=job.tokens_per_step / step,
        days=job.steps * step / SECONDS_PER_DAY,
        achieved_mfu=model_flops / (step * job.accelerators * peak * 1e12),
        rack_groups=tuple(slots.rack_groups[int(i)] for i in
                          np.unique(slots.rack_group[placement.accelerators])))
    figures.warning_messages.extend(job_warnings(job, figures, slots, placement))
    figures.warnings.extend(w.render() for w in figures.warning_messages)
    return figures


def job_warnings(job: Job, figures: JobFigures, slots: CampusSlots,
                 placement: Placement) -> list[Message]:
    """Warnings in words (messages, rendered in the reader's language): a TP group wider
    than a scale-up domain, a group whose communication waits on the links between
    islands or buildings, a large bubble."""
    out: list[Message] = []
    tp = figures.communication.get("tp")
    if tp is not None and tp.bandwidth.domains > 1:
        first = int(slots.rack_group[placement.accelerators[0]])
        fabric = slots.scale_up_name.get(first, f"{tp.bandwidth.domain_size}-accelerator")
        out.append(message("jobs", "TP {tp} spans {domains} {fabric} domains: its"
                           " all-reduces leave the scale-up fabric for the NICs",
                           tp=job.tp, domains=tp.bandwidth.domains, fabric=fabric))
    for comm in figures.communication.values():
        if comm.bandwidth.limit in (Boundary.ISLANDS, Boundary.BUILDINGS) and comm.exposed_s:
            values = {"axis": AXIS_WORDS[comm.axis],
                      "share": comm.exposed_s / figures.step_s,
                      "boundary": Message("jobs", BOUNDARY_WORDS[comm.bandwidth.limit]),
                      "where": comm.bandwidth.where}
            out.append(message(
                "jobs", "{axis} crosses buildings: {share:.0%} of the step waits on"
                " {boundary} ({where})", **values)
                if comm.bandwidth.limit is Boundary.BUILDINGS else message(
                "jobs", "{axis} crosses islands: {share:.0%} of the step waits on"
                " {boundary} ({where})", **values))
    if figures.bubble_s > 0.2 * figures.step_s:
        out.append(message("jobs", "the pipeline bubble is {share:.0%} of the step: raise"
                           " the global batch or lower PP",
                           share=figures.bubble_s / figures.step_s))
    return out


def _crossing(slots: CampusSlots, labels: np.ndarray, places: int,
              placed: dict[str, Placement]) -> np.ndarray:
    """Per place: its accelerators (of every job) in a group that leaves the place."""
    mask = np.zeros(slots.count, dtype=bool)
    for placement in placed.values():
        for rows in placement.groups.values():
            mask[crossing_rows(rows, labels)] = True
    return np.bincount(labels[mask], minlength=places)


def plan_jobs(design: Design, metrics: DesignMetrics, jobs: tuple[Job, ...] | None = None,
              slots: CampusSlots | None = None) -> dict[str, JobFigures | JobError]:
    """The figures of every job (default: the design's), placed in order, each taking
    accelerators of its hosts that the jobs before it left free; a job that cannot be
    placed maps to its :class:`JobError`. Jobs share the capacity between islands and
    between buildings in proportion to their accelerators whose groups cross them.
    ``slots`` may pass the design's :func:`campus_slots` when planning many times."""
    todo = design.jobs if jobs is None else jobs
    slots = campus_slots(design) if slots is None else slots
    taken = np.zeros(slots.count, dtype=bool)
    placed: dict[str, Placement] = {}
    out: dict[str, JobFigures | JobError] = {}
    for job in todo:
        try:
            placement = place(design, job, slots, taken)
        except JobError as error:
            out[job.id] = error
            continue
        taken[placement.accelerators] = True
        placed[job.id] = placement
    island_crossing = _crossing(slots, slots.island, len(slots.island_ids), placed)
    building_crossing = _crossing(slots, slots.building, len(slots.building_ids), placed)
    islands = (None if "island_pairs" in metrics.not_computed else
               pair_table([(p.a, p.b, p.gbps) for p in metrics.island_pairs],
                          slots.island_ids))
    buildings = (None if "building_pairs" in metrics.not_computed else
                 pair_table([(p.a, p.b, p.gbps) for p in metrics.building_pairs],
                            slots.building_ids))
    for job in todo:
        found = placed.get(job.id)
        if found is None:
            continue
        bandwidth = {axis: group_bandwidth(rows, slots, islands, buildings, island_crossing,
                                           building_crossing,
                                           pool_nics=axis not in ("pp", "ep"),
                                           every_member=axis == "ep")
                     for axis, rows in found.groups.items()}
        try:
            out[job.id] = _figures(design, job, found, slots, bandwidth)
        except JobError as error:
            out[job.id] = error
    return out
