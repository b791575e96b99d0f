"""The engine is an object that owns everything it remembers: two engines share
nothing, a fresh one computes from scratch, no module of the engine keeps a store of
its own, and a stage called outside a run keeps nothing. Figures are checked against
the fat-tree closed forms (bisection k³/8 · r, REFERENCE.md R1)."""

from __future__ import annotations

import importlib
import pkgutil
import threading
from typing import Any

import pytest

import model.metrics
import model.metrics.network as network_stage
from model.metrics import Engine, compute_all
from model.metrics.algorithms.remembered import Remembered
from model.metrics.memory import Memory, remembered
from model.templates import TEMPLATES

HELPER_THREAD = {"model.metrics.network._second_thread"}
"""Module-level callables with a functools cache that are allowed: they make a thread,
and keep no figure."""


def engine_modules() -> list[Any]:
    """The engine's package and every module in it."""
    return [model.metrics] + [importlib.import_module(f"model.metrics.{info.name}")
                              for info in pkgutil.iter_modules(model.metrics.__path__)]


def module_stores() -> list[str]:
    """Stores kept at module level in the engine's modules: Remembered stores, dicts
    named as caches, and functions wrapped in a functools cache (other than the helper
    thread's maker)."""
    found = []
    for module in engine_modules():
        for name, value in vars(module).items():
            where = f"{module.__name__}.{name}"
            cached = (callable(value) and hasattr(value, "cache_info")
                      and getattr(value, "__module__", None) == module.__name__
                      and where not in HELPER_THREAD)
            named = isinstance(value, dict) and "cache" in name.lower()
            if isinstance(value, Remembered) or cached or named:
                found.append(where)
    return found


def test_no_module_of_the_engine_keeps_a_store() -> None:
    assert module_stores() == []


def test_memory_holds_every_store_and_clears_them() -> None:
    engine = Engine()
    engine.compute_all(TEMPLATES["fat-tree"].build(k=4, speed_gbps=10))
    stores = engine.memory.stores()
    assert all(isinstance(s, Remembered) for s in stores)
    assert len(engine.memory.figures) == 1 and len(engine.memory.wirings) > 0
    engine.memory.clear()
    assert all(len(s) == 0 and s.bytes == 0 for s in stores)


def test_two_engines_share_nothing() -> None:
    """A figure one engine computed is not served by another: each has its own memory,
    and each gives the closed form."""
    first, second = Engine(), Engine()
    design = TEMPLATES["fat-tree"].build(k=4, speed_gbps=10)
    a = first.compute_all(design)
    assert all(len(store) == 0 for store in second.memory.stores())
    b = second.compute_all(design)
    assert a.bisection.gbps == b.bisection.gbps == 4**3 / 8 * 10
    assert a.bisection is not b.bisection  # computed again, not shared
    assert first.compute_all(design).bisection is a.bisection  # remembered by its own


def test_the_default_engine_is_what_compute_all_runs() -> None:
    design = TEMPLATES["fat-tree"].build(k=4, speed_gbps=30)
    first = compute_all(design)
    assert model.metrics.default_engine.compute_all(design).bisection is first.bisection
    assert first.bisection.gbps == 4**3 / 8 * 30


def test_a_stage_called_outside_a_run_keeps_nothing() -> None:
    assert isinstance(remembered(), Memory)
    assert remembered() is not remembered()


def test_the_helper_thread_works_in_its_engines_memory(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Hops counted on the second thread keep their switch classes in the memory of
    the engine that started the run (the run's context follows the thread)."""
    seen: list[str] = []
    real = network_stage.compute_hops

    def spy(*args: Any, **kwargs: Any) -> Any:
        seen.append(threading.current_thread().name)
        return real(*args, **kwargs)

    monkeypatch.setattr(network_stage, "compute_hops", spy)
    monkeypatch.setattr(network_stage, "_BESIDE_FROM", 10)
    engine = Engine()
    engine.compute_all(TEMPLATES["fat-tree"].build(k=4, speed_gbps=25))
    assert seen and seen[0].startswith("hops")
    assert len(engine.memory.switch_classes) == 1
    assert len(engine.memory.structures) == 1
