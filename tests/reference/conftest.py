"""Fixtures of the reference suite: the engine (skipped while absent)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.reference.compare import engine


@pytest.fixture(scope="module")
def compute_all() -> Callable[..., Any]:
    """``model.metrics.compute_all``; the test is skipped while it has not landed."""
    return engine()
