"""``main.py validate``: one line per problem, a summary, exit 0 / 1 / 2, no display."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import main
from model.design import Design
from model.elements import Building, Island, RackGroup
from model.fileformat import save_design
from model.problems import Problem, Severity
from tests.model.test_design_ops import base_design

REPO = Path(__file__).resolve().parents[2]


def saved(tmp_path: Path, design: Design | None = None) -> Path:
    path = tmp_path / "campus.json"
    save_design(design or base_design(), path)
    return path


def with_problems(monkeypatch: pytest.MonkeyPatch, problems: list[Problem]) -> list[Design]:
    """Make validate's check return ``problems``; returns the designs it was asked about."""
    asked: list[Design] = []

    def fake(design: Design) -> list[Problem]:
        asked.append(design)
        return problems

    import cli.validate

    monkeypatch.setattr(cli.validate, "find_problems", fake)
    return asked


ERROR = Problem(Severity.ERROR, "ports-exceeded", "leaf1", "leaf1 needs 96 ports; it has 64")
WARNING = Problem(Severity.WARNING, "oversubscribed", "x-leaf1-spine1", "3:1 above threshold")
DESIGN_WIDE = Problem(Severity.WARNING, "empty", None, "the campus has no racks")


def test_errors_are_listed_one_per_line_and_exit_1(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = saved(tmp_path)
    asked = with_problems(monkeypatch, [ERROR, WARNING, DESIGN_WIDE])
    assert main.main(["validate", str(path)]) == 1
    assert asked == [base_design()]  # the loaded design is what was checked
    out = capsys.readouterr().out.splitlines()
    assert out == [
        "error    leaf1           leaf1 needs 96 ports; it has 64",
        "warning  x-leaf1-spine1  3:1 above threshold",
        "warning  -               the campus has no racks",
        f"3 problems in {path}: 1 error, 2 warnings",
    ]


def test_warnings_only_exit_0(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = saved(tmp_path)
    with_problems(monkeypatch, [WARNING])
    assert main.main(["validate", str(path)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == (
        f"1 problem in {path}: 0 errors, 1 warning"
    )


def test_no_problems_exit_0(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = saved(tmp_path)
    with_problems(monkeypatch, [])
    assert main.main(["validate", str(path)]) == 0
    assert capsys.readouterr().out == f"no problems in {path}\n"


def test_json_output(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = saved(tmp_path)
    with_problems(monkeypatch, [ERROR, DESIGN_WIDE])
    assert main.main(["validate", str(path), "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report == {
        "file": str(path),
        "problems": [
            {"severity": "error", "code": "ports-exceeded", "element": "leaf1",
             "message": "leaf1 needs 96 ports; it has 64"},
            {"severity": "warning", "code": "empty", "element": None,
             "message": "the campus has no racks"},
        ],
        "errors": 1,
        "warnings": 1,
    }


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "no such file"),
        ("{", "not valid JSON at line 1, column 2"),
        ('{"format": "other"}', "not an Archipelago design file"),
        ('{"format": "archipelago-design", "schema_version": 99, "name": "x"}',
         "newer Archipelago"),
    ],
)
def test_unloadable_file_prints_the_loaders_message_and_exits_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
    content: str | None, message: str,
) -> None:
    asked = with_problems(monkeypatch, [])
    path = tmp_path / "bad.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    assert main.main(["validate", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(f"error: {path}: ")
    assert message in captured.err
    assert asked == []


def test_runs_headless_in_a_fresh_process_without_loading_qt(tmp_path: Path) -> None:
    """The real command in a fresh interpreter with no display: a broken file exits 2
    with the loader's message, and Qt is never imported."""
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "archipelago-design", "schema_version": 1}', encoding="utf-8")
    code = (
        "import sys, main\n"
        f"status = main.main(['validate', {str(bad)!r}])\n"
        "print('QT LOADED' if any(m.startswith('PySide6') for m in sys.modules) else 'no qt')\n"
        "sys.exit(status)\n"
    )
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(REPO)}
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True,
                          text=True, env=env, timeout=120, check=False)
    assert done.returncode == 2
    assert "name: this required field is missing" in done.stderr
    assert done.stdout.strip() == "no qt"
    assert "Traceback" not in done.stderr


def test_with_the_models_own_checks(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A rack group naming a rack type the catalog lacks is an error of the design."""
    d = Design("Missing part")
    d.add(Building(id="b1", name="Hall", capacity_kw=1000))
    d.add(Island(id="i1", name="Pod", building="b1"))
    d.add(RackGroup(id="g1", name="Racks", island="i1", rack_type="no-such-rack", count=2))
    path = saved(tmp_path, d)
    assert main.main(["validate", str(path)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert any(line.startswith("error") and " g1 " in line for line in lines)
    assert lines[-1].startswith(f"{len(lines) - 1} problem")
