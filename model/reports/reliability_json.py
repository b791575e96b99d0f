"""The ``reliability`` key of ``report --json``: expected interruptions, MTBI and goodput
(see :mod:`model.metrics.reliability` and docs/metrics.md, "Reliability").

Shape::

    {"campus": EXPOSURE, "job": EXPOSURE, "goodput": {...}, "sources": [...]}

    EXPOSURE = {"accelerators", "interruptions_per_day", "mtbi_hours",
                "by_class": {class: {"unit", "units", "afr_per_year",
                                     "interruptions_per_day", "source", "estimate"}}}

Times are hours (``mtbi_hours``) or seconds (``*_s``); fractions are 0–1. A figure that
is not finite (the MTBI of a design where nothing can fail) is ``null``.
"""

from __future__ import annotations

import math
from typing import Any

from model.metrics.reliability import Exposure, Reliability


def number(value: float) -> float | None:
    """A figure as JSON allows it: non-finite becomes None."""
    return float(value) if math.isfinite(value) else None


def _exposure(exposure: Exposure) -> dict[str, Any]:
    return {
        "accelerators": exposure.accelerators,
        "interruptions_per_day": number(exposure.per_day),
        "mtbi_hours": number(exposure.mtbi_hours),
        "by_class": {
            name: {
                "unit": c.unit,
                "units": number(c.units),
                "afr_per_year": number(c.afr_per_year),
                "interruptions_per_day": number(c.per_day),
                "source": c.source,
                "estimate": c.estimate,
            }
            for name, c in exposure.by_class.items()
        },
    }


def reliability_to_json(reliability: Reliability | None) -> dict[str, Any] | None:
    """The ``reliability`` object of the metrics JSON (None when not computed)."""
    if reliability is None:
        return None
    g = reliability.goodput
    return {
        "campus": _exposure(reliability.campus),
        "job": _exposure(reliability.job),
        "goodput": {
            "checkpoint_write_s": number(g.checkpoint_write_s),
            "restart_s": number(g.restart_s),
            "mtbi_s": number(g.mtbi_s),
            "young_interval_s": number(g.young_interval_s),
            "daly_interval_s": number(g.daly_interval_s),
            "lost_fraction": number(g.lost_fraction),
            "goodput": number(g.goodput),
            "daly_goodput": number(g.daly_goodput),
        },
        "sources": list(reliability.sources),
    }
