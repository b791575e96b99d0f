"""The part of the Jobs dock that edits a custom model's shape: parameters, active
parameters, layers, hidden size, heads and key/value heads, vocabulary, and for a mixture
of experts the routed experts, experts per token (top-k), MoE layers and the parameters
the routed experts hold.

The form holds values only; the dock turns them into the job's ``custom_model`` and the
model's own validation (:class:`~model.jobs.presets.ModelShape`) decides, so a refused
shape is explained in the model's words and changes nothing.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QValidator
from PySide6.QtWidgets import (
    QFormLayout,
    QSizePolicy,
    QSpinBox,
    QWidget,
)

from gui.i18n import QT_TRANSLATE_NOOP, translate
from gui.numbers import count_text
from gui.template_dialog import FigureSpinBox
from model.jobs.presets import ModelShape

FIELD_WORDS = {"kv_heads": "KV heads", "experts_per_token": "top-k",
               "moe_layers": "MoE layers", "expert_parameters": "expert params",
               "active parameters": "active params", "custom_model: ": "custom model: "}
"""The shape's field names as the form labels them, for the model's refusals."""

CUSTOM_SHAPE_ID = "custom"
"""Id of the shape a custom job carries."""

BILLION = 1e9


class CountBox(QSpinBox):
    """A whole-number editor that writes its count as the docks do ("8,192", "128,256"
    in every locale); what is typed is read without its commas."""

    def textFromValue(self, value: int) -> str:
        return count_text(value)

    def valueFromText(self, text: str) -> int:
        try:
            return int(text.replace(",", "").strip())
        except ValueError:
            return self.value()

    def validate(self, text: str, pos: int) -> tuple[QValidator.State, str, int]:
        plain = text.replace(",", "").strip()
        if plain in ("", "-"):
            return (QValidator.State.Intermediate, text, pos)
        if not plain.lstrip("-").isdigit():
            return (QValidator.State.Invalid, text, pos)
        state = (QValidator.State.Acceptable if self.minimum() <= int(plain) <= self.maximum()
                 else QValidator.State.Intermediate)
        return (state, text, pos)


def _count(low: int, high: int) -> QSpinBox:
    box = CountBox()
    box.setRange(low, high)
    box.setMinimumWidth(60)
    box.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
    return box


class FigureBox(FigureSpinBox):
    """A figure editor with a unit after the figure ("15,000 B tokens", "405 B"):
    commas between thousands and no trailing zeros, as the docks write figures; what is
    typed is read without its unit and commas."""

    def _bare(self, text: str) -> str:
        """``text`` without the box's prefix and suffix (the figure as typed)."""
        text = text.strip()
        prefix, suffix = self.prefix().strip(), self.suffix().strip()
        if prefix and text.startswith(prefix):
            text = text[len(prefix):]
        if suffix and text.endswith(suffix):
            text = text[:-len(suffix)]
        return text.strip()

    def valueFromText(self, text: str) -> float:
        return super().valueFromText(self._bare(text))

    def validate(self, text: str, pos: int) -> tuple[QValidator.State, str, int]:
        state, _bare, _pos = super().validate(self._bare(text), pos)
        return (state, text, pos)


def _billions() -> FigureBox:
    box = FigureBox()
    box.setRange(0.0, 1_000_000.0)
    box.setDecimals(3)
    box.setSuffix(" B")
    box.setMinimumWidth(60)
    box.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
    return box


def in_form_words(message: str) -> str:
    """A refusal of the model, with the shape's field names as the form labels them."""
    for name, words in FIELD_WORDS.items():
        message = message.replace(name, words)
    return message


class ModelShapeForm(QWidget):
    """Editors of a custom model's shape, laid out as form rows."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.parameters = _billions()
        self.active_parameters = _billions()
        self.active_parameters.setToolTip(self.tr(
            "Parameters one token passes through (equal to the parameters for a dense model)"))
        self.layers = _count(1, 10_000_000)
        self.hidden = _count(1, 10_000_000)
        self.heads = _count(1, 10_000_000)
        self.kv_heads = _count(1, 10_000_000)
        self.kv_heads.setToolTip(self.tr(
            "Key/value heads (grouped-query attention); they divide the heads"))
        self.vocabulary = _count(1, 10_000_000)
        self.experts = _count(0, 1_000_000)
        self.experts.setToolTip(self.tr("Routed experts (0: a dense model)"))
        self.top_k = _count(0, 1_000_000)
        self.top_k.setToolTip(self.tr("Routed experts each token uses"))
        self.moe_layers = _count(0, 10_000_000)
        self.expert_parameters = _billions()
        self.expert_parameters.setToolTip(
            self.tr("Parameters the routed experts hold between them"))
        self._original: ModelShape | None = None
        self._shown: dict[str, float] = {}
        form = QFormLayout(self)
        form.setContentsMargins(0, 0, 0, 0)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        for label, widget in self.rows().items():
            form.addRow(translate("ModelShapeForm", label), widget)

    def rows(self) -> dict[str, QWidget]:
        """The editors by their label, in the order shown."""
        return {QT_TRANSLATE_NOOP("ModelShapeForm", "Parameters"): self.parameters,
                QT_TRANSLATE_NOOP("ModelShapeForm", "Active params"): self.active_parameters,
                QT_TRANSLATE_NOOP("ModelShapeForm", "Layers"): self.layers,
                QT_TRANSLATE_NOOP("ModelShapeForm", "Hidden"): self.hidden,
                QT_TRANSLATE_NOOP("ModelShapeForm", "Heads"): self.heads,
                QT_TRANSLATE_NOOP("ModelShapeForm", "KV heads"): self.kv_heads,
                QT_TRANSLATE_NOOP("ModelShapeForm", "Vocabulary"): self.vocabulary,
                QT_TRANSLATE_NOOP("ModelShapeForm", "Experts"): self.experts,
                QT_TRANSLATE_NOOP("ModelShapeForm", "Top-k"): self.top_k,
                QT_TRANSLATE_NOOP("ModelShapeForm", "MoE layers"): self.moe_layers,
                QT_TRANSLATE_NOOP("ModelShapeForm", "Expert params"): self.expert_parameters}

    def _values(self) -> dict[str, float]:
        """The editors' values by the shape field they edit (billions for parameters)."""
        return {"parameters": self.parameters.value(),
                "active_parameters": self.active_parameters.value(),
                "layers": self.layers.value(), "hidden": self.hidden.value(),
                "heads": self.heads.value(), "kv_heads": self.kv_heads.value(),
                "vocabulary": self.vocabulary.value(), "experts": self.experts.value(),
                "experts_per_token": self.top_k.value(),
                "moe_layers": self.moe_layers.value(),
                "expert_parameters": self.expert_parameters.value()}

    def set_shape(self, shape: ModelShape) -> None:
        """Show ``shape``'s figures; fields left as shown keep ``shape``'s exact values
        (the editors round parameters to a million)."""
        self._original = shape
        self.parameters.setValue(shape.parameters / BILLION)
        self.active_parameters.setValue(shape.active_parameters / BILLION)
        self.layers.setValue(shape.layers)
        self.hidden.setValue(shape.hidden)
        self.heads.setValue(shape.heads)
        self.kv_heads.setValue(shape.kv_heads)
        self.vocabulary.setValue(shape.vocabulary)
        self.experts.setValue(shape.experts)
        self.top_k.setValue(shape.experts_per_token)
        self.moe_layers.setValue(shape.moe_layers)
        self.expert_parameters.setValue(shape.expert_parameters / BILLION)
        self._shown = self._values()

    def shape_fields(self, sequence_length: int) -> dict[str, Any]:
        """The shape as the form shows it, as fields of a :class:`ModelShape` (not yet
        validated), trained at ``sequence_length``: the shown shape's other fields (its
        name, source, published tokens and batch) are kept, a preset's under a custom
        id."""
        base = self._original
        fields: dict[str, Any] = base.model_dump() if base is not None else {
            "name": "Custom model"}
        if base is not None and base.id != CUSTOM_SHAPE_ID:
            fields["name"] = f"{base.name} (custom)"
            fields["source"] = f"edited from the {base.name} preset"
        fields.update(id=CUSTOM_SHAPE_ID, sequence_length=sequence_length)
        for key, value in self._values().items():
            if base is not None and value == self._shown.get(key):
                continue  # unchanged: keep the exact figure
            fields[key] = value * BILLION if key.endswith("parameters") else value
        return fields
