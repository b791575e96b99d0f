"""A non-editable install holds the whole application (issue #17 §3): the files
setuptools puts in a wheel, built from ``pyproject.toml`` into a temporary folder, include
every module of ``model``, ``gui`` and ``cli``, ``main.py`` and every data file under
``resources/`` and ``i18n/``; and from that folder alone (not this checkout) every module
imports and the catalog, reliability data, schema, example campus and the model's
Chinese translations load.

The build is setuptools' own ``build_py`` step of a wheel (the pure-Python contents of
the wheel, without zipping it), so the check takes seconds and needs no network."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

BUILD = textwrap.dedent("""
    import sys
    from setuptools.config.pyprojecttoml import apply_configuration
    from setuptools.dist import Distribution

    dist = Distribution({"script_name": "setup.py"})
    apply_configuration(dist, "pyproject.toml")
    dist.include_package_data = False  # only what pyproject.toml names (no egg-info run)
    build = dist.get_command_obj("build_py")
    build.build_lib = sys.argv[1]
    build.compile = False
    dist.run_command("build_py")
""")

CHECK = textwrap.dedent("""
    import importlib, json, pkgutil, sys
    from pathlib import Path

    where = Path(sys.argv[1]).resolve()
    loaded = []
    for name in ("model", "gui", "cli"):
        package = importlib.import_module(name)
        assert Path(package.__file__).resolve().is_relative_to(where), package.__file__
        loaded.append(name)
        for info in pkgutil.walk_packages(package.__path__, name + "."):
            importlib.import_module(info.name)
            loaded.append(info.name)
    import main
    assert Path(main.__file__).resolve().is_relative_to(where)
    from model.catalog import load_builtin_catalog
    from model.fileformat import load_design
    from model.fileformat.schema import SCHEMA_PATH, json_schema_text
    from model.reliability_data import RELIABILITY_PATH
    from gui.example import example_design
    from model.i18n import CATALOGS, Translator

    catalog = load_builtin_catalog()
    design, path = example_design()
    assert path is not None and path.resolve().is_relative_to(where), path
    assert SCHEMA_PATH.read_text(encoding="utf-8") == json_schema_text()
    assert RELIABILITY_PATH.resolve().is_relative_to(where)
    assert CATALOGS.path("zh_CN").resolve().is_relative_to(where)
    translated = len(CATALOGS.of("zh_CN"))
    print(json.dumps({"modules": loaded, "switches": len(catalog.switches),
                      "islands": len(design.islands), "translations": translated,
                      "reliability": json.loads(RELIABILITY_PATH.read_text()) != {}}))
""")


def source_files() -> set[str]:
    """What the wheel must hold, as paths relative to the checkout."""
    wanted = {"main.py"}
    for folder in ("model", "gui", "cli"):
        wanted |= {str(p.relative_to(ROOT)) for p in (ROOT / folder).rglob("*.py")
                   if "__pycache__" not in p.parts}
    for data in ("resources", "i18n"):
        wanted |= {str(p.relative_to(ROOT)) for p in (ROOT / data).rglob("*")
                   if p.is_file() and "__pycache__" not in p.parts}
    return wanted


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel") / "lib"
    done = subprocess.run([sys.executable, "-c", BUILD, str(out)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    return out


def test_the_build_holds_every_module_and_resource(built: Path) -> None:
    held = {str(p.relative_to(built)) for p in built.rglob("*") if p.is_file()}
    missing = sorted(source_files() - held)
    assert missing == []
    assert "resources/examples/campus-100k.json" in held  # the rule above saw resources
    assert "i18n/model_zh_CN.ts" in held


def test_the_built_copy_imports_and_finds_its_data(built: Path, tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(built), "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run([sys.executable, "-c", CHECK, str(built)], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=180, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout.strip().splitlines()[-1])
    modules = {str(p.relative_to(ROOT).with_suffix("")).replace(os.sep, ".")
               for folder in ("model", "gui", "cli") for p in (ROOT / folder).rglob("*.py")
               if "__pycache__" not in p.parts}
    modules = {m.removesuffix(".__init__") for m in modules}
    assert modules == set(report["modules"])
    assert report["switches"] > 0 and report["reliability"]
    assert report["islands"] == 8  # the example campus: 8 islands
    assert report["translations"] > 0


def test_the_command_is_declared() -> None:
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    module, _, function = project["scripts"]["archipelago"].partition(":")
    assert module == "main"
    import main

    assert callable(getattr(main, function))
