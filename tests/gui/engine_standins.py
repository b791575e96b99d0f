"""Stand-in engines that run in the engine process (module-level, and free of Qt, so
the spawned process imports them by name quickly)."""

from __future__ import annotations

import time
from typing import Any

from model.design import Design
from model.metrics import compute_all
from model.metrics.results import DesignMetrics


def sleepy(design: Design, plane: Any) -> DesignMetrics:
    """The real figures, after sleeping as many seconds as the design's description
    says (none when it says nothing): a design that takes as long as a test wants."""
    time.sleep(float(design.description or 0))
    return compute_all(design, plane)
