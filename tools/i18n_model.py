"""Keep the model's translation catalogs in step with the code.

``python tools/i18n_model.py`` scans the model (and the PDF report's layout, which is
drawn with Qt but written with the model's translator) for the marked texts —
``mark(context, source)``, ``message(context, source, …)`` and
``….phrase(context, source, …)`` — and updates ``i18n/model_<lang>.ts``: new texts are
added as unfinished, texts no longer in the code are marked vanished, translations are
kept. Open the file in Qt Linguist (``pyside6-linguist``) or any editor to translate.
``--check`` changes nothing and exits 1 when the catalog is not complete: a marked text
without a finished translation, a translation that lost a ``{field}``, a stale entry.

Qt's ``QTranslator`` reads the same file once compiled:
``pyside6-lrelease i18n/model_zh_CN.ts -qm model_zh_CN.qm``.
"""

from __future__ import annotations

import argparse
import ast
import sys
from dataclasses import dataclass
from pathlib import Path
from xml.etree import ElementTree

ROOT = Path(__file__).resolve().parent.parent
SCANNED = ("model", "gui/export/pdf.py")
"""Where marked texts are looked for (folders are scanned for ``*.py``)."""

MARKERS = ("mark", "message", "phrase")
"""The names of the marking calls (a function or a method of that name)."""


@dataclass(frozen=True)
class Found:
    """A marked text and where it is written."""

    context: str
    source: str
    path: str
    line: int


def _files(root: Path) -> list[Path]:
    out: list[Path] = []
    for name in SCANNED:
        path = root / name
        out += sorted(path.rglob("*.py")) if path.is_dir() else [path] if path.exists() else []
    return out


def scan(root: Path = ROOT) -> tuple[list[Found], list[str]]:
    """The marked texts under ``root``, and the marking calls whose context or source is
    not a literal string (which no catalog can hold: each is an error, by place)."""
    found: list[Found] = []
    errors: list[str] = []
    for path in _files(root):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        where = path.relative_to(root).as_posix()
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else (
                func.attr if isinstance(func, ast.Attribute) else None)
            if name not in MARKERS:
                continue
            args = node.args[:2]
            if len(args) == 2 and all(isinstance(a, ast.Constant) and isinstance(a.value, str)
                                      for a in args):
                context, source = (a.value for a in args)  # type: ignore[attr-defined]
                found.append(Found(context, source, where, node.lineno))
            else:
                errors.append(f"{where}:{node.lineno}: {name}() needs a literal context"
                              " and source")
    return found, errors


def read_entries(path: Path) -> dict[tuple[str, str], tuple[str, str | None]]:
    """Every entry of a ``.ts`` file: (context, source) → (translation, its type)."""
    out: dict[tuple[str, str], tuple[str, str | None]] = {}
    if not path.exists():
        return out
    root = ElementTree.parse(path).getroot()
    for context in root.iter("context"):
        name = context.findtext("name", "")
        for entry in context.iter("message"):
            translation = entry.find("translation")
            text = "" if translation is None else (translation.text or "")
            kind = None if translation is None else translation.get("type")
            out[(name, entry.findtext("source", ""))] = (text, kind)
    return out


def updated(entries: dict[tuple[str, str], tuple[str, str | None]], found: list[Found]
            ) -> dict[tuple[str, str], tuple[str, str | None]]:
    """The entries after a scan: new texts unfinished, vanished ones marked so."""
    wanted = {(f.context, f.source) for f in found}
    out: dict[tuple[str, str], tuple[str, str | None]] = {}
    for key in wanted:
        text, kind = entries.get(key, ("", "unfinished"))
        out[key] = (text, "unfinished" if kind == "vanished" or not text else kind)
    for key, (text, _) in entries.items():
        if key not in wanted and text:
            out[key] = (text, "vanished")
    return out


def catalog_faults(found: list[Found],
                   entries: dict[tuple[str, str], tuple[str, str | None]]) -> list[str]:
    """What is wrong with a catalog for the marked texts ``found``: a text with no
    entry, an entry unfinished or empty, a translation that lost or added a format field
    (``{count:,}``), an entry no longer in the code. Empty when the catalog is complete."""
    from model.i18n import fields

    faults = []
    for f in found:
        text, kind = entries.get((f.context, f.source), ("", "missing"))
        if kind == "missing":
            faults.append(f"{f.path}:{f.line}: no entry for {f.context}/{f.source!r}")
        elif kind == "unfinished" or not text:
            faults.append(f"{f.path}:{f.line}: unfinished: {f.context}/{f.source!r}")
    wanted = {(f.context, f.source) for f in found}
    for (context, source), (text, kind) in sorted(entries.items()):
        if (context, source) not in wanted or kind in ("vanished", "obsolete"):
            faults.append(f"no longer in the code: {context}/{source!r}")
        elif text:
            try:
                kept = fields(text) == fields(source)
            except ValueError as error:  # an unmatched brace
                faults.append(f"{context}/{source!r}: the translation is not a format"
                              f" string: {error}")
                continue
            if not kept:
                faults.append(f"{context}/{source!r}: the translation has fields"
                              f" {sorted(fields(text))}, the source {sorted(fields(source))}")
    return faults


def write_ts(path: Path, lang: str,
             entries: dict[tuple[str, str], tuple[str, str | None]]) -> None:
    """Write ``entries`` as a Qt Linguist ``.ts`` file, sorted by context and source."""
    ts = ElementTree.Element("TS", version="2.1", language=lang, sourcelanguage="en")
    for context in sorted({c for c, _ in entries}):
        element = ElementTree.SubElement(ts, "context")
        ElementTree.SubElement(element, "name").text = context
        for (c, source), (text, kind) in sorted(entries.items()):
            if c != context:
                continue
            entry = ElementTree.SubElement(element, "message")
            ElementTree.SubElement(entry, "source").text = source
            translation = ElementTree.SubElement(entry, "translation")
            translation.text = text
            if kind:
                translation.set("type", kind)
    ElementTree.indent(ts, space="    ")
    body = ElementTree.tostring(ts, encoding="unicode")
    path.write_text('<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n' + body + "\n",
                    encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    """Update (or ``--check``) the catalogs; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if"
                        " a catalog is not in step with the code")
    parser.add_argument("--lang", default="zh_CN", help="the catalog's language")
    args = parser.parse_args(argv)
    found, errors = scan()
    for error in errors:
        print(f"error: {error}", file=sys.stderr)
    path = ROOT / "i18n" / f"model_{args.lang}.ts"
    entries = read_entries(path)
    new = updated(entries, found)
    if args.check:
        sys.path.insert(0, str(ROOT))
        faults = catalog_faults(found, entries)
        for fault in faults:
            print(f"{path.name}: {fault}", file=sys.stderr)
        return 1 if faults or errors else 0
    path.parent.mkdir(exist_ok=True)
    write_ts(path, args.lang, new)
    unfinished = sum(1 for _, kind in new.values() if kind == "unfinished")
    print(f"wrote {path}: {len(new)} texts, {unfinished} unfinished")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
