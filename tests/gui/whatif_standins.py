"""A stand-in what-if engine that runs in the engine process (module-level and free of
Qt, so the spawned process imports it by name quickly)."""

from __future__ import annotations

import time
from typing import Any

from model.design import Design
from model.failures import Failure
from model.metrics.results import DesignMetrics
from model.whatif import compute_what_if


def sleepy_what_if(design: Design, plane: Any, budget: Any = None,
                   failures: tuple[Failure, ...] = ()) -> DesignMetrics:
    """The real what-if, after sleeping as many seconds as the design's description
    says (none when it says nothing)."""
    time.sleep(float(design.description or 0))
    return compute_what_if(design, plane, budget, failures)
