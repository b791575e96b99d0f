"""Bring the GUI's translations up to date: extract every translatable text of gui/ with
``pyside6-lupdate`` into ``i18n/archipelago_<lang>.ts``, fill the entries still
unfinished from ``i18n/zh_CN_gui.py``, and compile the ``.qm`` with
``pyside6-lrelease``.

    .venv/bin/python tools/i18n_update.py            # extract, fill, compile
    .venv/bin/python tools/i18n_update.py --check    # exit 1 when anything is out of date

The model's own texts (problems, template titles and helps, report words) are
translated in ``i18n/model_<lang>.ts`` by :mod:`model.i18n`, which the GUI asks for them
(:func:`gui.i18n.model_text`). A text with no translation is left unfinished and
listed; tests/gui/test_i18n.py then fails until it is translated.
"""

from __future__ import annotations

import argparse
import importlib.util
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
I18N = ROOT / "i18n"
LANGUAGE = "zh_CN"
TS = I18N / f"archipelago_{LANGUAGE}.ts"
QM = I18N / f"archipelago_{LANGUAGE}.qm"


def tool(name: str) -> str:
    """The path of a PySide6 tool (pyside6-lupdate, pyside6-lrelease) beside this Python."""
    here = Path(sys.executable).parent / name
    found = str(here) if here.exists() else shutil.which(name)
    if found is None:
        raise SystemExit(f"{name} not found: install PySide6 into this environment")
    return found


def sources() -> list[str]:
    """The files lupdate reads: every module of gui/ (sorted, so runs agree)."""
    return sorted(str(p.relative_to(ROOT)) for p in (ROOT / "gui").rglob("*.py"))


def lupdate(ts: Path) -> None:
    """Extract the texts into ``ts`` (kept translations stay; texts gone are dropped)."""
    subprocess.run([tool("pyside6-lupdate"), *sources(), "-ts", str(ts), "-no-obsolete",
                    "-locations", "none", "-target-language", LANGUAGE],
                   cwd=ROOT, check=True, capture_output=True)


def lrelease(ts: Path, qm: Path) -> None:
    """Compile ``ts`` into ``qm``."""
    subprocess.run([tool("pyside6-lrelease"), str(ts), "-qm", str(qm)], cwd=ROOT,
                   check=True, capture_output=True)


def tables() -> tuple[dict[str, str], dict[tuple[str, str], str]]:
    """The authored translations: by source text, and by (context, source)."""
    spec = importlib.util.spec_from_file_location("zh_cn_gui", I18N / "zh_CN_gui.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    by_source = dict(module.ZH_CN)
    return by_source, dict(module.BY_CONTEXT)


def fill(ts: Path) -> list[tuple[str, str]]:
    """Give every unfinished entry of ``ts`` its authored translation; returns the
    (context, source) of those that have none."""
    by_source, by_context = tables()
    tree = ET.parse(ts)
    missing: list[tuple[str, str]] = []
    for context in tree.getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            source = message.findtext("source") or ""
            translation = message.find("translation")
            if translation is None:
                translation = ET.SubElement(message, "translation")
            if translation.get("type") != "unfinished" and translation.text:
                continue  # translated already (perhaps by hand): kept
            text = by_context.get((name, source), by_source.get(source))
            if text:
                translation.text = text
                translation.attrib.pop("type", None)
            else:
                missing.append((name, source))
    tree.write(ts, encoding="utf-8", xml_declaration=True)
    return missing


def update(ts: Path, qm: Path) -> list[tuple[str, str]]:
    """Extract, fill, normalise and compile."""
    lupdate(ts)
    missing = fill(ts)
    lupdate(ts)  # back in lupdate's own layout, so the next run changes nothing
    lrelease(ts, qm)
    return missing


def main(argv: list[str]) -> int:
    """Update (or with --check, only compare) the translation files."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="change nothing; exit 1 when the files are out of date")
    args = parser.parse_args(argv)
    if args.check:
        stale: list[str] = []
        with tempfile.TemporaryDirectory() as folder:
            ts, qm = Path(folder) / TS.name, Path(folder) / QM.name
            shutil.copy(TS, ts)
            missing = update(ts, qm)
            stale += [p.name for p, q in ((TS, ts), (QM, qm)) if p.read_bytes() != q.read_bytes()]
        for name in stale:
            print(f"{name} is out of date: run tools/i18n_update.py")
        for context, source in missing:
            print(f"untranslated: [{context}] {source!r}")
        return 1 if stale or missing else 0
    I18N.mkdir(exist_ok=True)
    missing = update(TS, QM)
    for context, source in missing:
        print(f"untranslated: [{context}] {source!r}")
    print(f"{TS.relative_to(ROOT)}: {len(missing)} unfinished; compiled {QM.relative_to(ROOT)}")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
