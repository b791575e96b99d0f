"""``python main.py new TEMPLATE [--param value ...] [--lang zh_CN] -o DESIGN.json`` and
``new --list``

Builds a design from one of the templates of :mod:`model.templates` and saves it with
the design file writer. The options are the templates' own parameters (the registry is
the single source, so ``--help`` and ``--list`` always match the code); an option a
template does not take is refused with the list of those it does. Exit status 0 on
success, 2 when the template, a parameter or the output is wrong (one-line message).
``--lang zh_CN`` names the design and its elements in Simplified Chinese (``计算岛 1
Leaf``, ``1 号楼``); names are data, stored as given, so the file keeps them in any
language.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from model.errors import DesignError
from model.fileformat import save_design
from model.i18n import normalize_language
from model.templates import TEMPLATES, Param, ParamValue, template

EXIT_OK = 0
EXIT_USAGE = 2


def _all_params() -> dict[str, list[tuple[str, Param]]]:
    """Every parameter name, with the templates taking it (template name, Param)."""
    found: dict[str, list[tuple[str, Param]]] = {}
    for t in TEMPLATES.values():
        for param in t.params:
            found.setdefault(param.name, []).append((t.name, param))
    return found


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the verb's arguments: template, output, --list and every template
    parameter (values are checked by the chosen template, not by argparse)."""
    parser.add_argument(
        "template",
        nargs="?",
        metavar="TEMPLATE",
        help=f"template name: {', '.join(TEMPLATES)}",
    )
    parser.add_argument("-o", "--output", metavar="FILE", help="design file to write (.json)")
    parser.add_argument(
        "--list", action="store_true", help="list the templates, their sources and parameters"
    )
    parser.add_argument(
        "--lang", metavar="LANG", help="language of the names the design and its elements"
        " are given: en (default) or zh_CN (Simplified Chinese)")
    group = parser.add_argument_group(
        "template parameters", "each applies to the templates named in its help"
    )
    for name, users in _all_params().items():
        help_text = "; ".join(f"{t}: {p.describe()}" for t, p in users)
        group.add_argument(
            users[0][1].flag,
            dest=f"param_{name}",
            metavar="VALUE",
            default=None,
            help=help_text.replace("%", "%%"),
        )


def list_templates() -> str:
    """The ``--list`` text: every template with its source and parameters."""
    lines: list[str] = []
    for t in TEMPLATES.values():
        lines.append(f"{t.name}: {t.title}")
        lines.append(f"    {t.description}")
        lines.append(f"    source: {t.source}")
        for param in t.params:
            lines.append(f"    {param.flag:<24} {param.describe()}")
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def given_params(args: argparse.Namespace, template_name: str) -> dict[str, ParamValue]:
    """The parameters given on the command line, parsed by ``template_name``'s own
    :class:`Param` s (DesignError when one is bad or not the template's)."""
    chosen = template(template_name)
    values: dict[str, ParamValue] = {}
    for name in _all_params():
        text = getattr(args, f"param_{name}", None)
        if text is not None:
            values[name] = chosen.param(name).parse(text)
    return values


def run(args: argparse.Namespace) -> int:
    """Build the design and save it; see the module docstring for exit statuses."""
    if args.list:
        sys.stdout.write(list_templates())
        return EXIT_OK
    if not args.template:
        print(
            "error: name a template (one of " + ", ".join(TEMPLATES) + "); see --list",
            file=sys.stderr,
        )
        return EXIT_USAGE
    values = given_params(args, args.template)
    if not args.output:
        print("error: say where to write the design with -o FILE", file=sys.stderr)
        return EXIT_USAGE
    lang = normalize_language(args.lang)  # a language with no catalog fails here
    output = Path(args.output)
    if output.is_dir():
        raise DesignError(f"{output} is a folder: give a file name after -o")
    design = template(args.template).build_in(lang, **values)
    save_design(design, output)
    print(f"wrote {output}: {design.name}")
    return EXIT_OK
