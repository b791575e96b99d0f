"""A training job placed on the campus: what it trains, how it is split, where it runs.

A :class:`Job` names a model (a preset id, or ``custom`` with its own
:class:`~model.jobs.presets.ModelShape`), the tokens to train, the global batch, and its
parallelism: tensor (TP) × context (CP) × pipeline (PP) × data (DP) ranks, whose product
is the number of accelerators it uses. Expert parallelism (EP) of a mixture of experts
is carved out of the DP × CP ranks, as Megatron-Core and DeepSeek-V3 do (DeepSeek-V3
ran PP 16 × EP 64 on 2,048 GPUs, i.e. DP 128 with groups of 64 of them sharing experts),
so it does not multiply the count.

Its placement: ``hosts`` lists the islands, buildings or rack groups it runs on (empty:
the whole campus), filled in design order; ranks are laid on their accelerators in
``rank_order``, fastest-varying first (the usual ``tp-cp-pp-dp`` keeps TP inside a
scale-up domain, PP across servers and DP across what is left).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

from pydantic import Field, model_validator

from model.i18n import TextValueError, message
from model.jobs.presets import PRESETS, ModelShape
from model.parts import Frozen, Name, PartId
from model.strict import Flag, Number, WholeNumber

Degree = Annotated[WholeNumber, Field(ge=1, le=1_000_000)]
"""A parallelism degree."""

CUSTOM = "custom"
"""``Job.model`` of a job that brings its own model shape."""

AXES: tuple[str, ...] = ("tp", "cp", "pp", "dp")
"""The parallelism axes that multiply to the accelerator count."""


class Precision(StrEnum):
    """Arithmetic the compute runs at: BF16 at the accelerator's peak dense BF16, or
    FP8 at twice it (H100, H200 and B200 run dense FP8 at twice dense BF16)."""

    BF16 = "bf16"
    FP8 = "fp8"


class RankOrder(StrEnum):
    """Order ranks are laid on consecutive accelerators, fastest-varying first."""

    TP_CP_PP_DP = "tp-cp-pp-dp"
    TP_CP_DP_PP = "tp-cp-dp-pp"
    TP_PP_CP_DP = "tp-pp-cp-dp"
    TP_DP_CP_PP = "tp-dp-cp-pp"

    @property
    def axes(self) -> tuple[str, ...]:
        """The axes, fastest-varying first."""
        return tuple(self.value.split("-"))


class Job(Frozen):
    """One training job: model, data, parallelism and placement."""

    id: PartId
    name: Name
    model: PartId = Field(description="A preset id (llama3-405b, …) or 'custom'.")
    custom_model: ModelShape | None = Field(
        default=None, description="The shape of a 'custom' model.")
    tokens: Number = Field(gt=0, le=1e17, description="Tokens to train on.")
    global_batch: Degree = Field(description="Sequences per optimizer step.")
    sequence_length: Degree
    micro_batch: Degree = Field(default=1, description="Sequences per microbatch.")
    precision: Precision = Precision.BF16
    tp: Degree = 1
    cp: Degree = 1
    pp: Degree = 1
    dp: Degree = 1
    ep: Degree = Field(default=1, description="Expert parallelism, carved out of DP × CP.")
    virtual_stages: Degree = Field(
        default=1, description="Model chunks per pipeline stage (interleaved 1F1B).")
    mfu: Number = Field(default=0.4, gt=0, le=1,
                       description="Model FLOPs utilisation assumed for the compute part.")
    recompute: Flag = Field(default=False,
                            description="Full activation recomputation (8·P·T FLOPs).")
    hosts: tuple[PartId, ...] = Field(
        default=(), max_length=10_000,
        description="Islands, buildings or rack groups it runs on; empty: the campus.")
    rank_order: RankOrder = RankOrder.TP_CP_PP_DP

    @model_validator(mode="after")
    def _consistent(self) -> Job:
        if self.model == CUSTOM:
            if self.custom_model is None:
                raise TextValueError(message(
                    "jobs", "a custom model needs its shape (custom_model)"))
        elif self.model not in PRESETS:
            known = ", ".join(PRESETS)
            raise TextValueError(message(
                "jobs", "unknown model {model!r}: choose one of {known} or 'custom'",
                model=self.model, known=known))
        elif self.custom_model is not None:
            raise TextValueError(message("jobs", "custom_model is only for model 'custom'"))
        shape = self.shape
        if (self.dp * self.cp) % self.ep:
            raise TextValueError(message("jobs", "EP {ep} must divide DP × CP = {dpcp}",
                                         ep=self.ep, dpcp=self.dp * self.cp))
        if self.ep > 1 and not shape.is_moe:
            raise TextValueError(message("jobs", "EP {ep} needs a mixture of experts; {model}"
                                         " is dense", ep=self.ep, model=shape.name))
        if shape.is_moe and shape.experts % self.ep:
            raise TextValueError(message("jobs", "EP {ep} must divide the {experts} experts",
                                         ep=self.ep, experts=shape.experts))
        if self.global_batch % (self.dp * self.micro_batch):
            raise TextValueError(message(
                "jobs", "the global batch ({batch} sequences) must be a multiple of"
                " DP × micro batch = {dp} × {micro}", batch=self.global_batch, dp=self.dp,
                micro=self.micro_batch))
        if self.sequence_length % self.cp:
            raise TextValueError(message("jobs", "CP {cp} must divide the sequence length"
                                         " {length}", cp=self.cp, length=self.sequence_length))
        if self.pp * self.virtual_stages > shape.layers:
            raise TextValueError(message(
                "jobs", "PP × virtual stages = {stages} exceeds the {layers} layers of {model}",
                stages=self.pp * self.virtual_stages, layers=shape.layers, model=shape.name))
        if len(set(self.hosts)) != len(self.hosts):
            raise TextValueError(message("jobs", "a host is listed twice"))
        return self

    @property
    def shape(self) -> ModelShape:
        """The model's shape (the preset's, or the custom one)."""
        if self.custom_model is not None:
            return self.custom_model
        return PRESETS[self.model]

    @property
    def accelerators(self) -> int:
        """TP × CP × PP × DP: the accelerators the job uses."""
        return self.tp * self.cp * self.pp * self.dp

    @property
    def microbatches(self) -> int:
        """Microbatches each pipeline runs per step: global batch ÷ (DP × micro batch)."""
        return self.global_batch // (self.dp * self.micro_batch)

    @property
    def tokens_per_step(self) -> int:
        """Global batch × sequence length."""
        return self.global_batch * self.sequence_length

    @property
    def steps(self) -> float:
        """Optimizer steps to train on ``tokens``."""
        return self.tokens / self.tokens_per_step

    def degree(self, axis: str) -> int:
        """The degree of ``tp``, ``cp``, ``pp``, ``dp`` or ``ep``."""
        value: int = getattr(self, axis)
        return value
