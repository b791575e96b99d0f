"""Reliability figures as readable text: lines for ``report`` and rows for the PDF
report's table (see :mod:`model.metrics.reliability`)."""

from __future__ import annotations

import math

from model.i18n import Translator
from model.metrics.reliability import Exposure, Reliability

CLASS_NAMES: dict[str, str] = {
    "gpu": "GPU (faulty GPU, SRAM, GSP, SDC, thermal)",
    "hbm": "GPU HBM memory",
    "software": "software, dependency, NCCL timeouts",
    "host_maintenance": "host maintenance (unplanned)",
    "host": "host (CPU, memory, SSD, chassis, IO board)",
    "power_supply": "power supply",
    "nic": "NIC",
    "switch": "network switch",
    "link": "network link (cable, optics)",
}
"""Readable names of the component classes."""


def hours(value: float) -> str:
    """``3.09 h``, ``2.1 d`` past 48 hours, ``never`` when infinite."""
    if not math.isfinite(value):
        return "never"
    return f"{value / 24:,.1f} d" if value > 48 else f"{value:,.2f} h"


def interval(seconds: float) -> str:
    """``13.6 min`` (or hours past two hours; ``–`` when infinite)."""
    if not math.isfinite(seconds):
        return "–"
    return f"{seconds / 3600:,.2f} h" if seconds > 7200 else f"{seconds / 60:,.1f} min"


def exposure_line(name: str, e: Exposure) -> str:
    """One scope: interruptions per day and MTBI."""
    return (f"{name} ({e.accelerators:,} accelerators): {e.per_day:,.2f} interruptions/day,"
            f" one every {hours(e.mtbi_hours)}")


def reliability_lines(r: Reliability) -> list[str]:
    """The ``report`` section, line by line (indented by two)."""
    g = r.goodput
    lines = ["  " + exposure_line("campus", r.campus)]
    if r.job is not r.campus:
        lines.append("  " + exposure_line("job", r.job))
    lines.append(f"  goodput {g.goodput:.1%} (Young: checkpoint every"
                 f" {interval(g.young_interval_s)}, Daly {interval(g.daly_interval_s)};"
                 f" write {g.checkpoint_write_s:g} s, restart {g.restart_s:g} s)")
    lines.append("  job interruptions by class (per day):")
    for name, c in r.job.by_class.items():
        lines.append(f"    {CLASS_NAMES.get(name, name)}: {c.per_day:,.3f}"
                     f" ({c.units:,.0f} × {c.afr_per_year:.4f}/yr)")
    return lines


def reliability_rows(r: Reliability, lang: str | None = None) -> list[tuple[str, str]]:
    """(figure, value) rows of the PDF report's table, the figures named in ``lang``
    (English when None)."""
    t = Translator(lang)
    g = r.goodput
    return [
        (t.phrase("reliability", "Campus interruptions per day"), f"{r.campus.per_day:,.2f}"),
        (t.phrase("reliability", "Campus mean time between interruptions"),
         hours(r.campus.mtbi_hours)),
        (t.phrase("reliability", "Job ({accelerators:,} accelerators) interruptions per day",
                  accelerators=r.job.accelerators), f"{r.job.per_day:,.2f}"),
        (t.phrase("reliability", "Job mean time between interruptions"),
         hours(r.job.mtbi_hours)),
        (t.phrase("reliability", "Checkpoint interval (Young / Daly)"),
         f"{interval(g.young_interval_s)} / {interval(g.daly_interval_s)}"),
        (t.phrase("reliability", "Goodput (first order / Daly's model)"),
         f"{g.goodput:.1%} / {g.daly_goodput:.1%}"),
    ]
