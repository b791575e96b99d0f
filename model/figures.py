"""A design's figures as one flat table: every number of ``report --json`` under a path.

Comparing two designs and sweeping many both need the figures as ``name → value``
pairs, not as the nested report. :func:`flatten_report` walks the object that
:func:`model.reports.metrics_json.metrics_to_json` returns — so any figure added to that
export (cost, reliability, …) appears here without a change — and names each number by
its path of keys joined with dots:

- ``accelerators``, ``bisection.gbps``, ``bisection.exact``, ``hops.mean``,
  ``power.Building 1.it_kw``, ``switches.Campus core``, ``compute.campus_pflops`` …
- a list becomes ``KEY.count``; a list of objects also gives, for each numeric field,
  ``KEY.FIELD.min`` and ``KEY.FIELD.max`` (``island_pairs.gbps.min`` is the weakest
  pair of islands); problems are also counted by severity (``problems.error``,
  ``problems.warning``), always present so a design with none reads 0.

Text (the design's name, the plane) is not a figure and is left out, and so is the
membership of the bisection's two sides (which groups, not how much). Values are ints,
floats, bools (exactness flags) or None (a figure that is not a finite number, or that
the engine did not compute).
"""

from __future__ import annotations

import inspect
from typing import Any

from model.design import Design
from model.metrics.results import DesignMetrics
from model.problems import Severity

Figure = int | float | bool | None
"""One figure's value."""

LEFT_OUT: tuple[str, ...] = ("bisection.cut.side_a",)
"""Paths that are details of a figure rather than figures."""


def _add(out: dict[str, Figure], path: str, value: Any) -> None:
    if path in LEFT_OUT:
        return
    if value is None or isinstance(value, bool | int | float):
        out[path] = value
    elif isinstance(value, dict):
        for key, item in value.items():
            _add(out, f"{path}.{key}" if path else str(key), item)
    elif isinstance(value, list):
        _add_list(out, path, value)


def _add_list(out: dict[str, Figure], path: str, items: list[Any]) -> None:
    out[f"{path}.count"] = len(items)
    objects = [item for item in items if isinstance(item, dict)]
    if not objects:
        return
    if all("severity" in item for item in objects):
        for severity in Severity:
            out[f"{path}.{severity.value}"] = sum(
                1 for item in objects if item.get("severity") == severity.value)
    fields: list[str] = []
    for item in objects:
        fields += [k for k, v in item.items() if k not in fields
                   and isinstance(v, int | float) and not isinstance(v, bool)]
    for name in fields:
        values = [item[name] for item in objects
                  if isinstance(item.get(name), int | float)
                  and not isinstance(item.get(name), bool)]
        out[f"{path}.{name}.min"] = min(values) if values else None
        out[f"{path}.{name}.max"] = max(values) if values else None


def flatten_report(report: dict[str, Any]) -> dict[str, Figure]:
    """Every figure of a ``report --json`` object by its dotted path, in the report's
    order (see the module docstring for the naming rules)."""
    out: dict[str, Figure] = {}
    _add(out, "", report)
    return out


def compute_metrics(design: Design, seconds: float | None = None) -> DesignMetrics:
    """Every metric of ``design`` (its own plane), within ``seconds`` when the engine
    takes a time budget (older engines have none and ignore it)."""
    from model.metrics import compute_all

    if seconds is not None and "budget" in inspect.signature(compute_all).parameters:
        return compute_all(design, None, budget=seconds)  # type: ignore[call-arg,unused-ignore]
    return compute_all(design, None)


def design_report(design: Design, seconds: float | None = None) -> dict[str, Any]:
    """The ``report --json`` object of ``design`` (computed now)."""
    from model.reports.metrics_json import metrics_to_json

    return metrics_to_json(design, compute_metrics(design, seconds))


def design_figures(design: Design, seconds: float | None = None) -> dict[str, Figure]:
    """:func:`flatten_report` of the design's ``report --json`` (computed now)."""
    return flatten_report(design_report(design, seconds))


def not_computed(report: dict[str, Any]) -> str:
    """Why figures are missing from a report (the engine's ``not_computed`` entries
    joined, "" when every figure was computed)."""
    missing = report.get("not_computed") or {}
    if not isinstance(missing, dict):
        return str(missing)
    return "; ".join(f"{name}: {why}" for name, why in missing.items())
