"""Model shapes a training job can run: published presets and custom shapes.

A :class:`ModelShape` holds what the step-time model needs of a transformer: its
parameters (all, and those active for one token), layers, hidden size, attention heads,
and for a mixture of experts the experts, how many each token uses and the parameters
the routed experts hold. Each preset cites the paper its figures come from; figures a
paper does not give (a default global batch, say) are named as defaults in
docs/jobs.md.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, model_validator

from model.i18n import TextValueError, message
from model.parts import Frozen, Name, PartId, Text
from model.strict import Number, WholeNumber

Count = Annotated[WholeNumber, Field(ge=1, le=10_000_000)]
Parameters = Annotated[Number, Field(gt=0, le=1e15)]


class ModelShape(Frozen):
    """A transformer's shape. ``parameters`` counts every weight; ``active_parameters``
    those one token passes through (equal for a dense model). For a mixture of experts,
    ``experts`` routed experts of which ``experts_per_token`` serve each token in each
    of ``moe_layers`` layers, holding ``expert_parameters`` weights between them."""

    id: PartId
    name: Name
    parameters: Parameters
    active_parameters: Parameters
    layers: Count
    hidden: Count
    heads: Count
    kv_heads: Count
    vocabulary: Count
    sequence_length: Count = Field(description="The length the model was trained at.")
    experts: WholeNumber = Field(default=0, ge=0, le=1_000_000)
    experts_per_token: WholeNumber = Field(default=0, ge=0, le=1_000_000)
    shared_experts: WholeNumber = Field(default=0, ge=0, le=1_000)
    moe_layers: WholeNumber = Field(default=0, ge=0, le=10_000_000)
    expert_parameters: Number = Field(default=0.0, ge=0, le=1e15)
    tokens: Number = Field(default=1e12, gt=0, le=1e17,
                          description="Tokens the published model was trained on.")
    global_batch: Count = Field(default=1024, description="Sequences per step.")
    source: Text = ""

    @model_validator(mode="after")
    def _consistent(self) -> ModelShape:
        if self.active_parameters > self.parameters:
            raise TextValueError(message("jobs", "active parameters exceed the model's parameters"))
        if self.kv_heads > self.heads or self.heads % self.kv_heads:
            raise TextValueError(message("jobs", "kv_heads must divide heads"))
        if self.experts:
            if not 1 <= self.experts_per_token <= self.experts:
                raise TextValueError(message(
                    "jobs", "a mixture of experts needs 1 ≤ experts_per_token ≤ experts"))
            if not 1 <= self.moe_layers <= self.layers:
                raise TextValueError(message(
                    "jobs", "a mixture of experts needs 1 ≤ moe_layers ≤ layers"))
            if not 0 < self.expert_parameters < self.parameters:
                raise TextValueError(message(
                    "jobs", "expert_parameters must be part of the parameters"))
        elif self.experts_per_token or self.moe_layers or self.expert_parameters:
            raise TextValueError(message("jobs", "experts_per_token, moe_layers and"
                                         " expert_parameters need experts"))
        return self

    @property
    def is_moe(self) -> bool:
        """True for a mixture of experts."""
        return self.experts > 0


_LLAMA3 = ('Meta, "The Llama 3 Herd of Models" (2024), Table 3 (layers, model dimension,'
           ' attention and key/value heads, vocabulary 128,000)')

PRESETS: dict[str, ModelShape] = {
    shape.id: shape
    for shape in (
        ModelShape(id="llama3-8b", name="Llama 3 8B", parameters=8e9,
                   active_parameters=8e9, layers=32, hidden=4096, heads=32, kv_heads=8,
                   vocabulary=128_000, sequence_length=8192, tokens=15e12,
                   source=_LLAMA3 + "; trained on about 15T tokens (§3.1)."),
        ModelShape(id="llama3-70b", name="Llama 3 70B", parameters=70e9,
                   active_parameters=70e9, layers=80, hidden=8192, heads=64, kv_heads=8,
                   vocabulary=128_000, sequence_length=8192, tokens=15e12,
                   source=_LLAMA3 + "; trained on about 15T tokens (§3.1)."),
        ModelShape(id="llama3-405b", name="Llama 3 405B", parameters=405e9,
                   active_parameters=405e9, layers=126, hidden=16384, heads=128,
                   kv_heads=8, vocabulary=128_000, sequence_length=8192, tokens=15.6e12,
                   global_batch=2048,
                   source=_LLAMA3 + "; 15.6T tokens, 3.8e25 FLOPs, final batch 16M tokens"
                   " of 8,192 (§3.4.1)."),
        ModelShape(id="gpt3-175b", name="GPT-3 175B", parameters=175e9,
                   active_parameters=175e9, layers=96, hidden=12288, heads=96, kv_heads=96,
                   vocabulary=50_257, sequence_length=2048, tokens=300e9, global_batch=1536,
                   source='Brown et al., "Language Models are Few-Shot Learners" (2020),'
                   " Table 2.1 (96 layers, d_model 12,288, 96 heads, batch 3.2M tokens of"
                   " 2,048) and §2.2 (300B tokens); GPT-2 vocabulary of 50,257."),
        ModelShape(id="deepseek-v3", name="DeepSeek-V3 671B (MoE)", parameters=671e9,
                   active_parameters=37e9, layers=61, hidden=7168, heads=128, kv_heads=128,
                   vocabulary=128_000, sequence_length=4096, experts=256,
                   experts_per_token=8, shared_experts=1, moe_layers=58,
                   expert_parameters=58 * 256 * 3 * 7168 * 2048, tokens=14.8e12,
                   global_batch=15360,
                   source='DeepSeek-AI, "DeepSeek-V3 Technical Report" (2024), §4.2: 61'
                   " layers, hidden 7,168, 128 heads, every layer but the first three"
                   " a MoE of 1 shared + 256 routed experts of hidden 2,048, 8 routed"
                   " per token; 671B parameters, 37B active; 14.8T tokens, batch up to"
                   " 15,360 sequences of 4,096."),
    )
}
"""Published model shapes by id."""


def preset(model_id: str) -> ModelShape | None:
    """The preset with this id, or None."""
    return PRESETS.get(model_id)
