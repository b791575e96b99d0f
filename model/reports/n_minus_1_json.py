"""``report --json`` with its ``n_minus_1`` entry: the metrics of
:mod:`model.reports.metrics_json` and the N−1 table (:func:`model.n_minus_1.report_json`)
within its time budget, or ``{"not_computed": why}`` past it."""

from __future__ import annotations

import json
import time
from typing import Any

from model.design import Design
from model.elements import Plane
from model.metrics.results import DesignMetrics
from model.n_minus_1 import REPORT_BUDGET_S, report_json
from model.reports.metrics_json import metrics_to_json


def with_n_minus_1(design: Design, metrics: DesignMetrics, plane: Plane | None = None,
                   time_budget_s: float = REPORT_BUDGET_S) -> str:
    """The metrics of ``design`` as JSON text with an ``n_minus_1`` key (the table, or
    why it was not computed), newline-ended."""
    data = metrics_to_json(design, metrics)
    data["n_minus_1"] = report_json(design, plane, metrics, time_budget_s)
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def n_minus_1_seconds(args: Any, margin_s: float = 2.0) -> float:
    """Seconds ``report --json`` gives the N−1 table: :data:`REPORT_BUDGET_S`, or less
    when the verb's ``--timeout`` (counted from ``args.started_at``) would pass first,
    keeping ``margin_s`` to write the report."""
    started: float | None = getattr(args, "started_at", None)
    if started is None:
        return REPORT_BUDGET_S
    left = float(args.timeout) - (time.monotonic() - float(started)) - margin_s
    return max(0.0, min(REPORT_BUDGET_S, left))
