"""Whether a job's model states fit in its accelerators' memory.

The check counts what is certain and sizeable: each accelerator holds 1/(TP·PP) of the
weights (1/(TP·PP·EP) of the routed experts') with Megatron's distributed optimizer,
i.e. BF16 weights (2 bytes), FP32 gradients (4) and FP32 master weights with Adam's two
moments (12) sharded over the DP × CP ranks: 6 + 12/(DP·CP) bytes per parameter
(Megatron-LM, distributed optimizer documentation). Activations depend on recomputation,
kernels and the schedule; they are estimated (Korthikanti et al., "Reducing Activation
Recomputation in Large Transformer Models", 2022: 34·s·b·h bytes per layer with sequence
parallelism and selective recomputation, divided by TP, held for every layer on the
first pipeline stage; 2·s·b·h with full recomputation) and shown, not refused.
"""

from __future__ import annotations

from model.jobs.job import Job

HBM_GB: dict[str, float] = {
    "h100-sxm": 80.0,
    "h200-sxm": 141.0,
    "b200-hgx": 180.0,
    "b200-gb200": 186.0,
    "mi300x": 192.0,
    "ascend-910b": 64.0,
    "ascend-910c": 128.0,
}
"""Memory per accelerator, GB, by catalog id: NVIDIA H100 SXM, H200 and DGX B200
(1,440 GB for 8 GPUs) datasheets, GB200 NVL72 (13.4 TB for 72 GPUs), AMD MI300X
datasheet; Ascend figures from public reports (estimates)."""


def state_gb(job: Job) -> float:
    """Weights, gradients and optimizer states per accelerator, GB (decimal)."""
    s = job.shape
    dense = s.parameters - s.expert_parameters
    per_acc = dense / (job.tp * job.pp) + s.expert_parameters / (job.tp * job.pp * job.ep)
    return per_acc * (6 + 12 / (job.dp * job.cp)) / 1e9


def activation_gb(job: Job) -> float:
    """Estimated activations on the first pipeline stage, GB (decimal)."""
    s = job.shape
    per_layer = (2 if job.recompute else 34) * job.sequence_length / job.cp \
        * job.micro_batch * s.hidden / job.tp
    return per_layer * s.layers / 1e9
