"""The architecture's hard rule: nothing under model/ imports Qt (or pyqtgraph)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

MODEL = Path(__file__).resolve().parents[2] / "model"
FORBIDDEN = ("PySide6", "PyQt5", "PyQt6", "shiboken6", "pyqtgraph", "gui")


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_model_sources_never_import_qt() -> None:
    files = sorted(MODEL.rglob("*.py"))
    assert files, "model/ has no Python files"
    offenders = {
        str(f.relative_to(MODEL.parent)): sorted(imported_modules(f) & set(FORBIDDEN))
        for f in files
    }
    assert {f: m for f, m in offenders.items() if m} == {}


def test_importing_every_model_module_loads_no_qt() -> None:
    """Transitive check: import all of model/ in a fresh interpreter; no Qt module loads."""
    modules = [
        ".".join(f.relative_to(MODEL.parent).with_suffix("").parts).removesuffix(".__init__")
        for f in sorted(MODEL.rglob("*.py"))
    ]
    code = (
        "import importlib, sys\n"
        f"for m in {modules!r}: importlib.import_module(m)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
        f"{FORBIDDEN!r})\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=MODEL.parent,
        capture_output=True,
        text=True,
        check=True,
    )
    assert out.stdout.strip() == ""
