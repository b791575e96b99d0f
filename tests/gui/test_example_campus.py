"""One example campus (issue #17 §3): the window's example is the shipped file, and
without the file it is built by the same definition (the ``islands`` template at its
defaults), not a different demo."""

from __future__ import annotations

from pathlib import Path

import pytest

from gui import example
from model.fileformat import load_design

SHIPPED = Path(__file__).resolve().parents[2] / "resources" / "examples" / "campus-100k.json"


def test_the_example_is_the_shipped_file() -> None:
    design, path = example.example_design()
    assert path == SHIPPED
    assert design == load_design(SHIPPED)


def test_without_the_file_the_same_campus_is_built(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(example, "EXAMPLE_PATH", tmp_path / "absent.json")
    design, path = example.example_design()
    assert path is None
    assert design == load_design(SHIPPED)
