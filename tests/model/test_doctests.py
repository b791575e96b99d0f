"""The examples in the model's docstrings run, as networkx's do: every module of
``model`` is imported and its ``>>>`` examples checked, and the generic algorithms the
metrics stages share (min-plus convolution, array helpers, the bounded store) must
carry examples — they are the first thing a newcomer reads of them."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import model

MODULES = sorted(info.name for info in pkgutil.walk_packages(model.__path__, "model."))

WITH_EXAMPLES = ("arrays", "remembered", "min_plus")
"""Modules (by their last name) whose docstrings must hold examples."""


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed"


@pytest.mark.parametrize("last", WITH_EXAMPLES)
def test_generic_algorithms_have_examples(last: str) -> None:
    (name,) = [m for m in MODULES if m.rsplit(".", 1)[-1] == last]
    finder = doctest.DocTestFinder()
    examples = sum(len(t.examples) for t in finder.find(importlib.import_module(name)))
    assert examples >= 3, f"{name} has {examples} examples"
