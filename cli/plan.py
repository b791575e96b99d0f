"""``python main.py plan DESIGN.json --model llama3-405b --tp 8 --pp 16 --dp 128
--tokens 15.6e12 [--json]``, or ``--search`` to rank every (TP, PP, DP).

Plans a training job on the design: step time, where it goes, tokens per second, days
to train, achieved MFU and the link that limits it (docs/jobs.md). Without ``--model``
it plans the jobs saved in the design. Impossible parallelism (a product that is not the
accelerator count asked for, a TP wider than a scale-up domain unless
``--allow-tp-beyond-scale-up``, more accelerators than the hosts have) is an error with
exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from model.design import Design
from model.jobs.job import Job
from model.jobs.placement import JobError
from model.jobs.presets import PRESETS
from model.jobs.step_time import (
    AXIS_WORDS,
    BOUNDARY_WORDS,
    Communication,
    JobFigures,
    core_words,
    limiting_link_words,
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the verb's arguments."""
    parser.add_argument("design", help="the design file (.json)")
    parser.add_argument("--model", choices=list(PRESETS),
                        help="a published model (default: plan the design's own jobs)")
    for axis, words in (("tp", "tensor"), ("pp", "pipeline"), ("dp", "data"),
                        ("cp", "context"), ("ep", "expert (within DP × CP)")):
        parser.add_argument(f"--{axis}", type=int, default=None if axis in ("pp", "dp")
                            else 1, help=f"{words} parallel degree")
    parser.add_argument("--virtual-stages", type=int, default=1,
                        help="model chunks per pipeline stage (interleaved 1F1B)")
    parser.add_argument("--tokens", type=float, help="tokens to train (default: the"
                        " model's published figure)")
    parser.add_argument("--global-batch", type=int, help="sequences per step (default: the"
                        " model's published batch)")
    parser.add_argument("--seq-len", type=int, help="sequence length (default: the"
                        " model's)")
    parser.add_argument("--micro-batch", type=int, default=1, help="sequences per"
                        " microbatch")
    parser.add_argument("--mfu", type=float, default=0.4,
                        help="model FLOPs utilisation assumed for compute (default 0.4)")
    parser.add_argument("--precision", choices=["bf16", "fp8"], default="bf16")
    parser.add_argument("--recompute", action="store_true",
                        help="full activation recomputation (8·P·T FLOPs)")
    parser.add_argument("--hosts", default="", help="comma-separated islands, buildings"
                        " or rack groups (default: the whole campus)")
    parser.add_argument("--search", action="store_true",
                        help="rank every valid (TP, PP, DP) by days to train")
    parser.add_argument("--accelerators", type=int,
                        help="accelerators the job uses: checked against TP × CP × PP × DP,"
                        " or the count --search splits (default: all of the hosts)")
    parser.add_argument("--top", type=int, default=10, help="rows --search prints")
    parser.add_argument("--allow-tp-beyond-scale-up", action="store_true",
                        help="allow TP groups wider than a scale-up domain")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def _template(args: argparse.Namespace, dp: int, pp: int) -> Job:
    from model.jobs.search import make_job

    shape = PRESETS[args.model]
    hosts = tuple(h.strip() for h in args.hosts.split(",") if h.strip())
    return make_job(
        id="plan", name=shape.name, model=args.model,
        tokens=args.tokens if args.tokens is not None else shape.tokens,
        global_batch=args.global_batch or shape.global_batch,
        sequence_length=args.seq_len or shape.sequence_length,
        micro_batch=args.micro_batch, precision=args.precision, tp=args.tp, cp=args.cp,
        pp=pp, dp=dp, ep=args.ep, virtual_stages=args.virtual_stages, mfu=args.mfu,
        recompute=args.recompute, hosts=hosts)


def figures_dict(job: Job, f: JobFigures) -> dict[str, Any]:
    """A job's figures as plain JSON data (seconds, Gb/s, days)."""
    limiting = f.limiting
    return {
        "job": job.id, "name": job.name, "model": job.model,
        "parallelism": {"tp": job.tp, "cp": job.cp, "pp": job.pp, "dp": job.dp,
                        "ep": job.ep, "virtual_stages": job.virtual_stages},
        "accelerators": f.accelerators, "peak_tflops": f.peak_tflops,
        "mfu_assumed": job.mfu, "microbatches": job.microbatches,
        "step_s": f.step_s, "compute_s": f.compute_s, "bubble_s": f.bubble_s,
        "exposed_communication_s": f.exposed_s, "tokens_per_s": f.tokens_per_s,
        "days": f.days, "achieved_mfu": f.achieved_mfu,
        "communication": {
            axis: {"collective": c.collective, "bytes_per_op": c.bytes_per_op,
                   "ops_per_step": c.ops_per_step, "bus_gbps": c.bandwidth.gbps,
                   "limit": c.bandwidth.limit.value, "where": c.bandwidth.where,
                   "spans": {"domains": c.bandwidth.domains,
                             "islands": c.bandwidth.islands,
                             "buildings": c.bandwidth.buildings},
                   "seconds": c.seconds, "exposed_s": c.exposed_s,
                   "core": _core_dict(c)}
            for axis, c in f.communication.items()},
        "limiting": None if limiting is None else {
            "axis": limiting.axis, "collective": limiting.collective,
            "limit": limiting.bandwidth.limit.value, "where": limiting.bandwidth.where,
            "exposed_s": limiting.exposed_s},
        "warnings": f.warnings,
    }


def _core_dict(c: Communication) -> dict[str, Any] | None:
    """What the axis asks of the island-pair or building-pair capacity it crosses."""
    core = c.bandwidth.core
    if core is None:
        return None
    return {"level": core.level.value, "where": core.where,
            "capacity_gbps": core.capacity_gbps, "oversubscription": core.oversubscription,
            "free_gbps": core.free_gbps, "pair_share_gbps": core.pair_gbps,
            "need": core.need, "capacity_used": core.capacity_used,
            "limits_above_oversubscription": c.core_limits_above,
            "step_moves_above_oversubscription": c.step_moves_above}


def summary_lines(job: Job, f: JobFigures) -> list[str]:
    """The readable plan of one job."""
    parts = ", ".join(f"{k} {v:.2f} s" for k, v in f.breakdown().items() if v > 0)
    lines = [
        f"{job.name}: {f.accelerators:,} accelerators (TP {job.tp} × CP {job.cp} ×"
        f" PP {job.pp} × DP {job.dp}" + (f", EP {job.ep}" if job.ep > 1 else "") + ")",
        f"  step {f.step_s:.2f} s: {parts}",
        f"  {f.tokens_per_s:,.0f} tokens/s; {f.days:,.1f} days to train"
        f" {job.tokens:.3g} tokens; achieved MFU {f.achieved_mfu:.1%}"
        f" (compute assumed at {job.mfu:.0%})",
    ]
    lines.append(f"  limiting link: {limiting_link_words(f)}")
    for axis, c in f.communication.items():
        b = c.bandwidth
        lines.append(f"    {AXIS_WORDS[axis]:<3} {c.collective:<28} {b.gbps:>10,.0f} Gb/s"
                     f"  bounded by {BOUNDARY_WORDS[b.limit]}"
                     + (f" ({b.where})" if b.where else "")
                     + f"  {c.seconds:.3f} s, exposed {c.exposed_s:.3f} s")
    lines += [f"  core: {words}" for c in f.communication.values()
              if (words := core_words(c)) is not None]
    lines += [f"  warning: {w}" for w in f.warnings]
    return lines


def run(args: argparse.Namespace) -> int:
    """Plan and print; exit 2 on an impossible job or an unreadable file."""
    from model.fileformat import load_design
    from model.metrics import compute_all

    design = load_design(args.design)
    metrics = compute_all(design)
    if args.model is None:
        return _design_jobs(design, metrics, args)
    if args.search:
        return _search(design, metrics, args)
    if args.dp is None or args.pp is None:
        raise JobError("give --tp, --pp and --dp (or --search)")
    from model.jobs.placement import campus_slots
    from model.jobs.search import check_fits
    from model.jobs.step_time import plan_jobs

    job = _template(args, args.dp, args.pp)
    if args.accelerators is not None and job.accelerators != args.accelerators:
        raise JobError(f"TP × CP × PP × DP = {job.tp} × {job.cp} × {job.pp} × {job.dp} ="
                       f" {job.accelerators:,}, not the {args.accelerators:,} accelerators"
                       " asked for")
    try:
        check_fits(design, job, campus_slots(design), args.allow_tp_beyond_scale_up)
    except JobError as error:
        if error.field == "tp":
            raise JobError(f"{error} (--allow-tp-beyond-scale-up)") from None
        raise
    result = plan_jobs(design, metrics, (job,))[job.id]
    if isinstance(result, JobError):
        raise result
    if args.json:
        print(json.dumps(figures_dict(job, result), indent=2, ensure_ascii=False))
    else:
        print("\n".join(summary_lines(job, result)))
    return 0


def _design_jobs(design: Design, metrics: Any, args: argparse.Namespace) -> int:
    from model.jobs.step_time import plan_jobs

    if not design.jobs:
        raise JobError("the design has no jobs: give --model and its parallelism")
    results = plan_jobs(design, metrics)
    out: list[dict[str, Any]] = []
    status = 0
    for job in design.jobs:
        result = results[job.id]
        if isinstance(result, JobError):
            status = 2
            out.append({"job": job.id, "error": str(result)})
            if not args.json:
                print(f"{job.name}: error: {result}", file=sys.stderr)
            continue
        out.append(figures_dict(job, result))
        if not args.json:
            print("\n".join(summary_lines(job, result)))
    if args.json:
        print(json.dumps({"jobs": out}, indent=2, ensure_ascii=False))
    return status


def _search(design: Design, metrics: Any, args: argparse.Namespace) -> int:
    from model.jobs.placement import campus_slots, host_rack_groups
    from model.jobs.search import search

    template = _template(args, args.ep, 1)
    slots = campus_slots(design)
    count = args.accelerators
    if count is None:
        index = {g: i for i, g in enumerate(slots.rack_groups)}
        hosts = [index[g] for g in host_rack_groups(design, template)]
        count = int(sum(int((slots.rack_group == h).sum()) for h in hosts))
    if count < 1:
        raise JobError("the hosts have no accelerators")
    ranked, refused = search(design, metrics, template, count, args.allow_tp_beyond_scale_up)
    if not ranked:
        raise JobError(f"no valid (TP, PP, DP) of {template.shape.name} over {count:,}"
                       f" accelerators ({refused} splits refused: global batch"
                       f" {template.global_batch} not divisible by DP, heads by TP, or TP"
                       " wider than a scale-up domain)")
    shown = ranked[:max(args.top, 1)]
    if args.json:
        print(json.dumps({"accelerators": count, "valid": len(ranked), "refused": refused,
                          "ranked": [figures_dict(c.job, c.figures) for c in shown]},
                         indent=2, ensure_ascii=False))
        return 0
    print(f"{template.shape.name} over {count:,} accelerators: {len(ranked)} valid splits"
          f" ({refused} refused), fastest first")
    print(f"  {'TP':>4} {'PP':>4} {'DP':>6} {'days':>9} {'step s':>8} {'MFU':>6}"
          "  limiting link")
    for c in shown:
        f, lim = c.figures, c.figures.limiting
        where = ("—" if lim is None else f"{AXIS_WORDS[lim.axis]} on"
                 f" {BOUNDARY_WORDS[lim.bandwidth.limit]} ({lim.exposed_s:.2f} s)")
        print(f"  {c.job.tp:>4} {c.job.pp:>4} {c.job.dp:>6} {f.days:>9,.1f}"
              f" {f.step_s:>8.2f} {f.achieved_mfu:>6.1%}  {where}")
    return 0
