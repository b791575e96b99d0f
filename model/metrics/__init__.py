"""The metrics engine: every figure of DESIGN §3 as pure functions of a design.

``compute_all(design)`` is the one entry point the GUI, the command line, the exports and
the tests share: the method of one default :class:`~model.metrics.engine.Engine`, which
remembers results by what each metric depends on (a projection of the network's spec,
:mod:`model.metrics.spec`), so an edit that changes a building's capacity does not
recompute hops or bisection. ``Engine()`` is a fresh engine that remembers nothing yet
(for measuring from scratch, or a test that must not see another's results). The
pipeline and the module map: ``docs/architecture.md``.
"""

from __future__ import annotations

from collections.abc import Sequence

from model.design import Design
from model.elements import Plane
from model.failures import Failure
from model.metrics.budget import Budget
from model.metrics.engine import Engine
from model.metrics.network import NETWORK_STAGES
from model.metrics.results import DesignMetrics
from model.problems import Problem

__all__ = ["NETWORK_STAGES", "Budget", "DesignMetrics", "Engine", "compute_all",
           "default_engine", "structural_problems"]

default_engine = Engine()
"""The engine behind :func:`compute_all` and :func:`structural_problems`."""


def compute_all(design: Design, plane: Plane | None = None,
                budget: Budget | float | None = None,
                failures: Sequence[Failure] = ()) -> DesignMetrics:
    """Every metric of ``design`` by the default engine, on what remains when
    ``failures`` are down (see
    :meth:`Engine.compute_all <model.metrics.engine.Engine.compute_all>`)."""
    return default_engine.compute_all(design, plane, budget, failures)


def structural_problems(design: Design) -> list[Problem]:
    """Problems visible without computing metrics: missing parts, ports over a switch's
    radix, uneven or impossible links, unconnected elements."""
    return default_engine.structural_problems(design)
