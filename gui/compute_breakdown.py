"""What the dock's peak-compute figure is made of: PFLOPS by accelerator vendor and by
accelerator type, as a tooltip. A campus may mix Ascend, Cambricon, H20 … islands; the
headline is their sum, and this says what each brings. Computes nothing: it writes the
engine's :class:`~model.metrics.results.Compute` figures."""

from __future__ import annotations

from gui.i18n import QT_TRANSLATE_NOOP, current_language, translate
from gui.numbers import decimal_text
from model.metrics.results import Compute
from model.part_names import accelerator_name
from model.parts import Catalog

VENDORS = (
    QT_TRANSLATE_NOOP("Vendor", "Huawei"), QT_TRANSLATE_NOOP("Vendor", "Cambricon"),
    QT_TRANSLATE_NOOP("Vendor", "Hygon"), QT_TRANSLATE_NOOP("Vendor", "Kunlunxin"),
    QT_TRANSLATE_NOOP("Vendor", "Moore Threads"), QT_TRANSLATE_NOOP("Vendor", "MetaX"),
    QT_TRANSLATE_NOOP("Vendor", "Iluvatar CoreX"), QT_TRANSLATE_NOOP("Vendor", "Biren"),
    QT_TRANSLATE_NOOP("Vendor", "generic"),
)
"""The catalog's accelerator vendors whose name reads differently in another language
(华为, 寒武纪 …); NVIDIA and AMD are written as they are everywhere."""


def vendor_name(vendor: str) -> str:
    """A catalog vendor as the interface language writes it."""
    return translate("Vendor", vendor) if vendor in VENDORS else vendor


def compute_tooltip(compute: Compute, catalog: Catalog) -> str:
    """Tooltip text: the headline's meaning, then PFLOPS by vendor and by accelerator
    type (largest first, each with its share of the campus)."""
    total = compute.campus_pflops

    def line(label: str, pflops: float) -> str:
        share = f" ({pflops / total:.0%})" if total > 0 else ""
        return f"  {label}: {decimal_text(pflops)} PF{share}"

    lines = [translate("MetricsDock", "Peak dense BF16, PFLOPS")]
    if compute.by_vendor:
        lines.append(translate("MetricsDock", "By vendor:"))
        lines += [line(vendor_name(v), p) for v, p in sorted(compute.by_vendor.items(),
                                                 key=lambda item: -item[1])]
    if compute.by_accelerator_type:
        lines.append(translate("MetricsDock", "By accelerator:"))
        for part_id, pflops in sorted(compute.by_accelerator_type.items(),
                                      key=lambda item: -item[1]):
            part = catalog.accelerator(part_id)
            name = accelerator_name(part.name, current_language()) if part else part_id
            lines.append(line(name, pflops))
    return "\n".join(lines)
