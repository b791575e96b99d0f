"""The Pareto front of a sweep over two figures.

A point is on the front when no other point is at least as good in both figures and
better in one. Which way is better is part of the axis: ``max:NAME`` or ``min:NAME``;
without a prefix it is guessed from the figure's name (power, switches, hops, cost,
price, time and days are better smaller; everything else, such as bandwidth and
compute, better larger).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from model.i18n import message
from model.sweep_plan import SweepError

SMALLER_IS_BETTER = ("_kw", "_mw", "_w", "cost", "capex", "opex", "price", "usd", "days",
                     "hours", "seconds", "hops.", "switches", "transceivers", "links",
                     "oversubscription", "utilization")
"""Name fragments of figures that are better smaller."""


@dataclass(frozen=True)
class ParetoAxis:
    """A figure (a column of the sweep table) and whether more of it is better."""

    column: str
    maximize: bool

    @property
    def label(self) -> str:
        """The axis title: the column and the better direction."""
        return f"{self.column} ({'higher' if self.maximize else 'lower'} is better)"


def guess_maximize(column: str) -> bool:
    """Whether a figure is better larger, from its name (see the module docstring)."""
    lowered = column.lower()
    return not any(fragment in lowered for fragment in SMALLER_IS_BETTER)


def parse_axis(text: str) -> ParetoAxis:
    """``[min:|max:]COLUMN`` as an axis."""
    text = text.strip()
    for prefix, maximize in (("max:", True), ("min:", False)):
        if text.startswith(prefix):
            return ParetoAxis(text[len(prefix):].strip(), maximize)
    return ParetoAxis(text, guess_maximize(text))


def parse_axes(text: str) -> tuple[ParetoAxis, ParetoAxis]:
    """``X,Y`` (each ``[min:|max:]COLUMN``) as two axes (SweepError otherwise)."""
    parts = [p for p in text.split(",") if p.strip()]
    if len(parts) != 2:
        raise SweepError(message(
            "sweep", "--pareto {text!r}: name two figures, X,Y (e.g."
            " power_totals.facility_kw,bisection.per_accelerator_gbps)", text=text))
    return parse_axis(parts[0]), parse_axis(parts[1])


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value) if math.isfinite(value) else None


def chart_points(rows: list[dict[str, Any]], x: ParetoAxis, y: ParetoAxis,
                 columns: list[str] | None = None) -> list[tuple[int, float, float]]:
    """``(row index, x, y)`` of every row with both figures (failed points have none);
    SweepError when a column is not in the table."""
    known = columns if columns is not None else sorted({k for r in rows for k in r})
    for axis in (x, y):
        if axis.column not in known:
            near = [c for c in known if axis.column.lower() in c.lower()][:5]
            hint = message("sweep", "; did you mean {near}?", near=", ".join(near)
                           ) if near else ""
            raise SweepError(message("sweep", "the sweep table has no figure {column!r}{hint}",
                                     column=axis.column, hint=hint))
    out = []
    for i, row in enumerate(rows):
        vx, vy = _number(row.get(x.column)), _number(row.get(y.column))
        if vx is not None and vy is not None:
            out.append((i, vx, vy))
    return out


def pareto_front(points: list[tuple[int, float, float]], x: ParetoAxis,
                 y: ParetoAxis) -> list[int]:
    """Row indices of the points on the Pareto front, by x from best to worst."""
    sx = 1.0 if x.maximize else -1.0
    sy = 1.0 if y.maximize else -1.0
    ordered = sorted(points, key=lambda p: (-sx * p[1], -sy * p[2]))
    front: list[int] = []
    best_y = -math.inf
    for index, vx, vy in ordered:
        del vx
        if sy * vy > best_y:
            front.append(index)
            best_y = sy * vy
    return front
