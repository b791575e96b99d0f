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


def slow_preview(design: Design, plane: Any) -> DesignMetrics:
    """The real figures after two seconds (whatever the design): a template preview
    that takes long enough to see whether the dialog waits for it."""
    time.sleep(2.0)
    return compute_all(design, plane)


def stalled_preview(design: Design, plane: Any, *budget: float) -> DesignMetrics:
    """The real figures after a minute: a preview still computing when its dialog
    closes (a test sees whether closing stops it or leaves the engine busy)."""
    time.sleep(60.0)
    return compute_all(design, plane)
